//! Which executor runs `generate`'s sweep: this process's threads, the
//! ranks of an MPI job (feature `mpi`, when `mpirun` or `srun` started the
//! process), or one process with checkpoints.

use crate::distributed::{Checkpoints, Comm, Executor, Ranks, Solo};

use super::args::SweepArgs;

/// Calls `run` with the executor `args` ask for; `distances`: whether the
/// sweep must keep a distance per state; `quiet`: no per-level lines.
///
/// # Errors
/// A launch that cannot work (several processes without MPI), or `run`'s.
pub fn with_executor<T>(
    args: &SweepArgs,
    distances: bool,
    quiet: bool,
    run: impl FnOnce(&Executor<'_>) -> super::Result<T>,
) -> super::Result<T> {
    #[cfg(feature = "mpi")]
    let mpi = crate::distributed::mpi::MpiComm::from_launcher()?;
    #[cfg(feature = "mpi")]
    let comm: Option<&dyn Comm> = mpi.as_ref().map(|m| m as &dyn Comm);
    #[cfg(feature = "mpi")]
    if let Some(comm) = comm {
        same_arguments(comm)?;
    }
    #[cfg(not(feature = "mpi"))]
    let comm: Option<&dyn Comm> = {
        if let Some(size) = crate::distributed::launched_size().filter(|&size| size > 1) {
            return Err(format!(
                "started as one of {size} MPI processes, but this gametable was built without MPI: build it with `cargo build --release -p gametable-gen --features mpi`"
            )
            .into());
        }
        None
    };
    let checkpoints = args.checkpoint.as_ref().map(|dir| Checkpoints {
        dir: dir.clone(),
        every: args.checkpoint_every,
        resume: args.resume,
    });
    let executor = match (comm, checkpoints) {
        (None, None) => Executor::Threads,
        (comm, checkpoints) => Executor::Ranks(Ranks::new(
            comm.unwrap_or(&Solo),
            checkpoints,
            distances,
            !quiet,
        )),
    };
    let mut result = run(&executor);
    if let Executor::Ranks(ranks) = &executor {
        // Every rank waits for rank 0's writing; the checkpoints go then.
        let own = result.as_ref().err().map(ToString::to_string);
        let for_good = result
            .as_ref()
            .err()
            .and_then(|e| e.downcast_ref::<crate::engine::SolveError>())
            .is_some_and(|e| !e.may_pass_again());
        let finished = ranks.finish(own.clone(), for_good);
        match (&result, finished) {
            (Ok(_), Err(e)) => result = Err(e.into()),
            // This rank's own error, now with how to resume (the
            // checkpoints kept) or with the other ranks' errors.
            (Err(_), Err(e)) if Some(&e) != own.as_ref() => result = Err(e.into()),
            _ => {}
        }
        // The sweep's report gives each rank's peak at the end of the
        // sweep; rank 0 then writes the files, which may take it higher
        // (taken when they are written, before any census).
        if let (true, true, Ok(_), Some(peak)) = (
            ranks.report,
            executor.writes(),
            &result,
            ranks.written_peak(),
        ) {
            crate::stderr::line(format_args!(
                "rank 0: peak memory (VmHWM) with the writing: {:.1} MiB",
                peak as f64 / 1024.0
            ));
        }
    }
    result
}

/// Refuses, on every rank and before any other step, ranks started with
/// different arguments (an MPMD launch, a script that differs by rank):
/// an error one rank meets on its own before the ranks first talk would
/// leave the others waiting for it for ever. The program's own path may
/// differ.
#[cfg(feature = "mpi")]
fn same_arguments(comm: &dyn Comm) -> super::Result<()> {
    let arguments: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if comm.same_text(&arguments.join("\0")) {
        return Ok(());
    }
    Err(format!(
        "rank {}: the ranks were started with different arguments (this rank's: {}); start every rank with the same command",
        comm.rank(),
        arguments.join(" ")
    )
    .into())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::engine::solve::tests::Wild;
    use crate::engine::SolveOptions;

    /// A solve that fails for good (a game breaking its contract after a
    /// checkpoint) reaches `Ranks::finish` as such through the command's
    /// error: its checkpoints are removed, not offered for a resume.
    #[test]
    fn a_solve_failing_for_good_leaves_no_checkpoint() {
        let dir = std::env::temp_dir().join(format!("gametable-executor-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let args = SweepArgs {
            checkpoint: Some(dir.clone()),
            checkpoint_every: 1,
            resume: false,
        };
        let game = Wild::LATE;
        let result = with_executor(&args, true, true, |executor| {
            crate::engine::solve_on(&game, &SolveOptions::default(), executor, |_, _, _| {})?;
            Ok(())
        });
        let error = result.err().unwrap().to_string();
        assert!(
            error.contains("names state 3003 among its moves or un-moves")
                && error.contains("were removed: resumed, the sweep would fail the same way"),
            "{error}"
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
