//! The distributed sweep on threads standing in for ranks, so that the
//! default build checks it against the one-process sweep: every outcome and
//! distance, for P = 1 to 4, on one-byte and two-byte cells, with levels
//! that hold wins and losses, and through checkpoints and a resume.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Barrier, Mutex};

use super::{Checkpoints, Comm, Ranks};
use crate::engine::{solve, solve_on, Game, SolveOptions, Solved};

/// What the threads of one job share.
struct Job {
    size: usize,
    barrier: Barrier,
    /// By sender, by receiver: one round's values.
    mail: Mutex<Vec<Vec<Vec<u64>>>>,
    values: Mutex<Vec<u64>>,
    senders: Vec<Vec<Mutex<Sender<Vec<u8>>>>>,
    receivers: Vec<Vec<Mutex<Receiver<Vec<u8>>>>>,
}

impl Job {
    fn new(size: usize) -> Job {
        let mut senders: Vec<Vec<Mutex<Sender<Vec<u8>>>>> = (0..size).map(|_| Vec::new()).collect();
        let mut receivers: Vec<Vec<Mutex<Receiver<Vec<u8>>>>> =
            (0..size).map(|_| Vec::new()).collect();
        // The channel from rank `from` to rank `to`: senders[from][to],
        // receivers[from][to].
        for (from_senders, from_receivers) in senders.iter_mut().zip(&mut receivers) {
            for _to in 0..size {
                let (tx, rx) = channel();
                from_senders.push(Mutex::new(tx));
                from_receivers.push(Mutex::new(rx));
            }
        }
        Job {
            size,
            barrier: Barrier::new(size),
            mail: Mutex::new(vec![vec![Vec::new(); size]; size]),
            values: Mutex::new(vec![0; size]),
            senders,
            receivers,
        }
    }
}

/// One thread's view of a [`Job`].
struct ThreadComm<'a> {
    job: &'a Job,
    rank: usize,
}

impl ThreadComm<'_> {
    fn reduce(&self, value: u64, f: fn(u64, u64) -> u64) -> u64 {
        self.job.values.lock().unwrap()[self.rank] = value;
        self.job.barrier.wait();
        let result = self.job.values.lock().unwrap().iter().copied().reduce(f);
        self.job.barrier.wait();
        result.unwrap()
    }
}

impl Comm for ThreadComm<'_> {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.job.size
    }
    fn exchange(&self, send: &[u64], counts: &[usize], recv: &mut Vec<u64>) {
        {
            let mut mail = self.job.mail.lock().unwrap();
            let mut at = 0;
            for (to, &count) in counts.iter().enumerate() {
                mail[self.rank][to] = send[at..at + count].to_vec();
                at += count;
            }
        }
        self.job.barrier.wait();
        recv.clear();
        {
            let mail = self.job.mail.lock().unwrap();
            for from in 0..self.job.size {
                recv.extend_from_slice(&mail[from][self.rank]);
            }
        }
        self.job.barrier.wait();
    }
    fn exchange32(&self, send: &[u32], counts: &[usize], recv: &mut Vec<u32>) {
        let wide: Vec<u64> = send.iter().map(|&v| u64::from(v)).collect();
        let mut got = Vec::new();
        self.exchange(&wide, counts, &mut got);
        recv.clear();
        recv.extend(got.into_iter().map(|v| v as u32));
    }
    fn sum(&self, value: u64) -> u64 {
        self.reduce(value, |a, b| a + b)
    }
    fn max(&self, value: u64) -> u64 {
        self.reduce(value, u64::max)
    }
    fn barrier(&self) {
        self.job.barrier.wait();
    }
    fn send(&self, to: usize, bytes: &[u8]) {
        self.job.senders[self.rank][to]
            .lock()
            .unwrap()
            .send(bytes.to_vec())
            .unwrap();
    }
    fn receive(&self, from: usize) -> Vec<u8> {
        self.job.receivers[from][self.rank]
            .lock()
            .unwrap()
            .recv()
            .unwrap()
    }
}

/// Solves `game` on `size` threads standing in for ranks; rank 0's result.
fn on_ranks<G: Game>(
    game: &G,
    options: &SolveOptions,
    size: usize,
    checkpoints: Option<Checkpoints>,
) -> Result<Solved, String> {
    let results = each_rank(
        game,
        options,
        size,
        |_| (checkpoints.clone(), true),
        |_, r| r,
    );
    let (mut root, mut errors) = (None, Vec::new());
    for (rank, result) in results.into_iter().enumerate() {
        match (rank, result) {
            (0, Ok(solved)) => root = solved,
            (_, Ok(None)) => {}
            (_, Ok(Some(_))) => panic!("rank {rank} returned a result"),
            (_, Err(e)) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    root.ok_or_else(|| "rank 0 returned no result".to_string())
}

/// Every rank's result of `game` on `size` threads, rank `r` with the
/// checkpoints and distances `setup(r)`, its solve's result passed through
/// `then(r, result)` (standing in for the command's writing) before
/// [`Ranks::finish`].
fn each_rank<G: Game>(
    game: &G,
    options: &SolveOptions,
    size: usize,
    setup: impl Fn(usize) -> (Option<Checkpoints>, bool) + Sync,
    then: impl Fn(usize, Result<Option<Solved>, String>) -> Result<Option<Solved>, String> + Sync,
) -> Vec<Result<Option<Solved>, String>> {
    let job = Job::new(size);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..size)
            .map(|rank| {
                let (job, setup, then) = (&job, &setup, &then);
                scope.spawn(move || {
                    let comm = ThreadComm { job, rank };
                    let (checkpoints, distances) = setup(rank);
                    let ranks = Ranks::new(&comm, checkpoints, distances, false);
                    let solved = solve_on(game, options, &ranks, |_, _, _| {});
                    let for_good = solved.as_ref().is_err_and(|e| !e.may_pass_again());
                    let solved = then(rank, solved.map_err(|e| e.to_string()));
                    ranks.finish(solved.as_ref().err().cloned(), for_good)?;
                    solved
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

use crate::engine::solve::tests::{Pile, WideNim};
use crate::engine::solve::NO_DISTANCE;

/// A game without un-moves given some by searching every state's moves
/// (slow, for small games): several ranks refuse a reverse graph.
struct Unmoved<G>(G);

impl<G: Game> Game for Unmoved<G> {
    type Position = G::Position;
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn parameters(&self) -> Vec<crate::engine::Parameter> {
        self.0.parameters()
    }
    fn states(&self) -> u64 {
        self.0.states()
    }
    fn position(&self, index: u64) -> Option<G::Position> {
        self.0.position(index)
    }
    fn index(&self, position: &G::Position) -> u64 {
        self.0.index(position)
    }
    fn to_move(&self, index: u64) -> crate::engine::Side {
        self.0.to_move(index)
    }
    fn ending(&self, index: u64) -> Option<gametable::Outcome> {
        self.0.ending(index)
    }
    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        self.0.successors(index, out);
    }
    fn max_moves(&self) -> usize {
        self.0.max_moves()
    }
    fn has_unmoves(&self) -> bool {
        true
    }
    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let mut moves = Vec::new();
        for p in 0..self.states() {
            moves.clear();
            if self.0.ending(p).is_none() {
                self.0.successors(p, &mut moves);
            }
            if moves.contains(&index) {
                out.push(p);
            }
        }
    }
}

fn assert_same(want: &Solved, got: &Solved, what: &str) {
    assert_eq!(want.codes, got.codes, "{what}: codes");
    assert_eq!(want.distances, got.distances, "{what}: distances");
    assert_eq!(want.levels, got.levels, "{what}: levels");
    assert_eq!(want.visits, got.visits, "{what}: visits");
}

#[test]
fn ranks_on_threads_solve_as_one_process() {
    let tictactoe = crate::games::tictactoe::TicTacToe;
    for symmetry in [false, true] {
        let options = SolveOptions {
            symmetry,
            reverse_graph: false,
        };
        let want = solve(&tictactoe, &options).unwrap();
        for size in 1..=4 {
            let got = on_ranks(&tictactoe, &options, size, None).unwrap();
            assert_same(&want, &got, &format!("tictactoe {symmetry} on {size}"));
        }
    }
    // Levels of wins and losses together, and draws.
    // Un-moves by search are slow in a debug build: a smaller game there.
    let cap = if cfg!(debug_assertions) { 600 } else { 3000 };
    let misere = Unmoved(Pile::misere(cap, true));
    let want = solve(&misere, &SolveOptions::default()).unwrap();
    assert!(want.counts[usize::from(gametable::code::DRAW)] > 0);
    for size in [2, 3] {
        let got = on_ranks(&misere, &SolveOptions::default(), size, None).unwrap();
        assert_same(&want, &got, &format!("misere on {size}"));
    }
    // Two-byte cells, over orbits and every state.
    for symmetry in [false, true] {
        let options = SolveOptions {
            symmetry,
            reverse_graph: false,
        };
        let nim = WideNim { cap: 150 };
        let want = solve(&nim, &options).unwrap();
        for size in [1, 2, 3] {
            let got = on_ranks(&nim, &options, size, None).unwrap();
            assert_same(&want, &got, &format!("wide nim {symmetry} on {size}"));
        }
    }
}

/// Across ranks without distances, the solve's codes are the one
/// process's and it says it kept no distances: its answers give none, and
/// writing a distance table from it is refused, not written as "no
/// distance" for every win and loss (which every reader refuses).
#[test]
fn ranks_without_distances_keep_none_and_say_so() {
    let tictactoe = crate::games::tictactoe::TicTacToe;
    let options = SolveOptions {
        symmetry: true,
        reverse_graph: false,
    };
    let want = solve(&tictactoe, &options).unwrap();
    assert!(want.has_distances());
    for size in [1, 2, 3] {
        let results = each_rank(&tictactoe, &options, size, |_| (None, false), |_, r| r);
        let mut results = results.into_iter();
        let got = results.next().unwrap().unwrap().unwrap();
        assert!(results.all(|r| matches!(r, Ok(None))), "on {size}");
        assert_eq!(want.codes, got.codes, "on {size}");
        assert!(!got.has_distances(), "on {size}");
        assert!(got.distances.is_empty(), "on {size}");
        // A position won or lost has a distance in one and none here.
        let decided = (0..tictactoe.states())
            .find(|&i| want.distance(&tictactoe, i).is_some())
            .unwrap();
        assert_eq!(got.distance(&tictactoe, decided), None);
        let dir = std::env::temp_dir().join(format!(
            "gametable-ranks-no-distances-{}-{size}",
            std::process::id()
        ));
        let path = dir.join("t.gtbl");
        let mut got = got;
        let refused = crate::store::write_tables(
            &tictactoe,
            &mut got,
            &path,
            &crate::store::WriteOptions {
                compression: crate::store::Compression::None,
                distances: true,
                regenerate: "a test".into(),
            },
        )
        .unwrap_err()
        .to_string();
        assert!(refused.contains("the sweep kept none"), "{refused}");
        assert!(!path.exists() && !crate::store::distance_path(&path).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Solves `game` on 2 ranks with a checkpoint every level, rank `rank`
/// unable to write its checkpoint of `level` (a directory stands at its
/// name): the job stops with the commit of `level - 1` in place. Resumed,
/// it gives `want` and leaves no checkpoint. Returns the directory.
fn stopped_and_resumed<G: Game>(
    game: &G,
    options: &SolveOptions,
    want: &Solved,
    (rank, level): (usize, u32),
    name: &str,
) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let plan = |resume| Checkpoints {
        dir: dir.clone(),
        every: 1,
        resume,
    };
    let blocker = super::checkpoint::rank_path(&dir, rank, 2, level);
    std::fs::create_dir_all(blocker.join("x")).unwrap();
    let error = on_ranks(game, options, 2, Some(plan(false))).err().unwrap();
    assert!(error.contains("cannot write the checkpoint"), "{error}");
    // Which level a resume would go on from, in the error itself.
    assert!(
        error.contains(&format!(
            "the checkpoint of level {} in {} is kept: the same command with --resume continues from it",
            level - 1,
            dir.display()
        )),
        "{error}"
    );
    assert_eq!(
        super::checkpoint::committed(&dir)
            .unwrap()
            .map(|c| (c.ranks, c.level)),
        Some((2, level - 1))
    );
    std::fs::remove_dir_all(&blocker).unwrap();
    let got = on_ranks(game, options, 2, Some(plan(true))).unwrap();
    assert_same(
        want,
        &got,
        &format!("{name}: resumed at level {}", level - 1),
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    dir
}

#[test]
fn distances_past_a_byte_widen_on_every_rank_and_resume_in_either_form() {
    // Misère, taking 1 or 2, no way back: a pile of n is decided at level
    // about 2n / 3, so distances pass 254 from level 255 on.
    let pile = Unmoved(Pile::misere(900, false));
    let options = SolveOptions::default();
    let want = solve(&pile, &options).unwrap();
    assert!(want.levels > 500, "{} levels", want.levels);
    assert!(want.distances.iter().any(|d| d > 400 && d != NO_DISTANCE));
    for size in [1, 2, 3] {
        let got = on_ranks(&pile, &options, size, None).unwrap();
        assert_same(&want, &got, &format!("pile on {size}"));
    }
    // Stopped where the checkpoint to resume holds one-byte distances
    // (level 255, before any widening) and where it holds two-byte ones.
    for level in [256, 257, 400] {
        let dir = stopped_and_resumed(&pile, &options, &want, (0, level), "ranks-wide");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn checkpoints_of_two_byte_cells_resume_to_the_same_result() {
    let nim = WideNim { cap: 150 };
    let options = SolveOptions::default();
    let want = solve(&nim, &options).unwrap();
    assert!(want.levels > 4);
    let dir = stopped_and_resumed(&nim, &options, &want, (1, 3), "ranks-ck");
    // Without checkpoints to resume, resuming is refused.
    let plan = Checkpoints {
        dir: dir.clone(),
        every: 1,
        resume: true,
    };
    let error = on_ranks(&nim, &options, 2, Some(plan)).err().unwrap();
    assert!(error.contains("no committed checkpoint"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game that breaks a contract fails on every number of ranks, each
/// rank stopping with the others (none waits for a level the rest never
/// sweep), the rank that found the fault naming it.
#[test]
fn a_broken_game_fails_on_every_rank() {
    use crate::engine::solve::tests::Wild;
    let (index, found) = Wild::CHAIN.wild();
    for size in 1..=3 {
        let error = on_ranks(&Wild::CHAIN, &SolveOptions::default(), size, None)
            .err()
            .unwrap();
        assert!(
            error.contains(&format!(
                "state {index} names state {found} among its moves or un-moves"
            )),
            "{size} ranks: {error}"
        );
    }
}

#[test]
fn games_without_unmoves_are_refused_on_several_ranks() {
    let tictactoe = crate::games::tictactoe::TicTacToe;
    let options = SolveOptions {
        symmetry: true,
        reverse_graph: true,
    };
    let error = on_ranks(&tictactoe, &options, 2, None).err().unwrap();
    assert!(
        error.contains("reverse graph would be built whole"),
        "{error}"
    );
    let want = solve(&tictactoe, &options).unwrap();
    assert_same(
        &want,
        &on_ranks(&tictactoe, &options, 1, None).unwrap(),
        "one rank",
    );
}

/// A game whose wins in one start at level 1 (Dobutsu shogi's lions and
/// chicks, over orbits): the same on 2 and 3 ranks, and resumed from a
/// checkpoint at level 1, where those wins are the frontier.
#[test]
fn wins_at_once_start_level_one_on_ranks() {
    let game = crate::games::dobutsu::Dobutsu::new(0, 0, 2).unwrap();
    let options = SolveOptions {
        symmetry: true,
        reverse_graph: false,
    };
    let want = solve(&game, &options).unwrap();
    for size in [2, 3] {
        let got = on_ranks(&game, &options, size, None).unwrap();
        assert_same(&want, &got, &format!("lions and chicks on {size}"));
    }
    // Rank 0 cannot write level 2's checkpoint: resumed from level 1.
    let dir = stopped_and_resumed(&game, &options, &want, (0, 2), "ranks-at-once");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ranks started for different runs (here one keeps distances, one does
/// not; there, other checkpoint flags) are refused on every rank before
/// any level, instead of hanging in unmatched steps.
#[test]
fn ranks_started_for_different_runs_are_refused() {
    let tictactoe = crate::games::tictactoe::TicTacToe;
    let options = SolveOptions::default();
    let results = each_rank(&tictactoe, &options, 2, |rank| (None, rank == 0), |_, r| r);
    for (rank, result) in results.into_iter().enumerate() {
        let error = result.err().unwrap();
        assert!(
            error.contains(&format!(
                "rank {rank}: the ranks were started for different runs"
            )),
            "{error}"
        );
    }
    let dir = std::env::temp_dir().join(format!("gametable-ranks-differ-{}", std::process::id()));
    let results = each_rank(
        &tictactoe,
        &options,
        3,
        |rank| {
            let plan = Checkpoints {
                dir: dir.clone(),
                every: if rank == 2 { 2 } else { 1 },
                resume: false,
            };
            (Some(plan), true)
        },
        |_, r| r,
    );
    assert!(results.iter().all(|r| r
        .as_ref()
        .is_err_and(|e| e.contains("every 2 levels") || e.contains("every 1 levels"))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rank 0 failing after the sweep (its tables not written): every rank
/// reports rank 0's message, the last commit stays, and the job resumes
/// from it to the same result, removing the checkpoints only then.
#[test]
fn checkpoints_stay_until_the_tables_are_written() {
    let nim = WideNim { cap: 150 };
    let options = SolveOptions::default();
    let want = solve(&nim, &options).unwrap();
    let dir = std::env::temp_dir().join(format!("gametable-ranks-write-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let plan = |resume| Checkpoints {
        dir: dir.clone(),
        every: 2,
        resume,
    };
    let results = each_rank(
        &nim,
        &options,
        2,
        |_| (Some(plan(false)), true),
        |rank, result| match (rank, result) {
            (0, Ok(Some(_))) => Err("t.gtbl: Read-only file system".to_owned()),
            (_, result) => result,
        },
    );
    for result in &results {
        let error = result.as_ref().err().unwrap();
        assert!(
            error.contains("rank 0: t.gtbl: Read-only file system"),
            "{error}"
        );
    }
    let super::checkpoint::Commit { ranks, level, .. } =
        super::checkpoint::committed(&dir).unwrap().unwrap();
    assert_eq!(ranks, 2);
    assert!(level >= 2 && level <= want.levels, "level {level}");
    let got = on_ranks(&nim, &options, 2, Some(plan(true))).unwrap();
    assert_same(&want, &got, "resumed after a failed write");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game that breaks its contract after a checkpoint was committed fails
/// for good: a resume would fail the same way (and a game mended since
/// would resume from cells its broken self made), so every rank removes
/// the checkpoints and says so, naming its rank once.
#[test]
fn a_broken_game_leaves_no_checkpoint_to_resume() {
    use crate::engine::solve::tests::Wild;
    let game = Wild::LATE;
    let dir = std::env::temp_dir().join(format!("gametable-ranks-broken-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let plan = Checkpoints {
        dir: dir.clone(),
        every: 1,
        resume: false,
    };
    let results = each_rank(
        &game,
        &SolveOptions::default(),
        2,
        |_| (Some(plan.clone()), true),
        |_, result| result,
    );
    for (rank, result) in results.iter().enumerate() {
        let error = result.as_ref().err().unwrap();
        assert!(
            error.contains("names state 3003 among its moves or un-moves")
                && error.contains(&format!(
                    "the checkpoints in {} were removed: resumed, the sweep would fail the same way",
                    dir.display()
                ))
                && !error.contains("--resume")
                && error.matches(&format!("rank {rank}: ")).count() == 1,
            "rank {rank}: {error}"
        );
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failure on some ranks reaches every rank: rank 0 lists every failing
/// rank's message, the others repeat the first and count the rest.
#[test]
fn failures_reach_every_rank() {
    use crate::engine::sweep::Sweeper as _;
    let job = Job::new(4);
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|rank| {
                let job = &job;
                scope.spawn(move || {
                    let comm = ThreadComm { job, rank };
                    let ranks = Ranks::new(&comm, None, true, false);
                    ranks.agree((rank >= 2).then(|| format!("cannot write {rank}")))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let errors: Vec<String> = results.into_iter().map(|r| r.unwrap_err()).collect();
    assert_eq!(
        errors,
        [
            "rank 0: stopped: another rank failed: rank 2: cannot write 2; rank 3: cannot write 3",
            "rank 1: stopped: another rank failed: rank 2: cannot write 2; and 1 more rank failed (listed on rank 0)",
            "rank 2: cannot write 2",
            "rank 3: cannot write 3",
        ]
    );
}
