//! `mpirun -n P gametable generate ...` (feature `mpi`): P = 1, 2 and 3
//! write byte for byte the single-process tables of every game on the
//! engine; a rank killed (SIGKILL)
//! at a random level is resumed with `--resume` to the same tables; bad
//! launches get clear errors. Skipped, with the reason printed, where
//! `mpirun` is missing.
#![cfg(feature = "mpi")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

#[path = "support/runs.rs"]
mod runs;

use runs::{
    assert_same_files, children, command, generate_args, kill_at_level, mpirun, random_level,
    reference, run, scratch, succeed, text, CARDS_10, CARDS_10_ORBITS, CARDS_10_UNCOMPRESSED,
    CARDS_12, CARDS_12_ORBITS,
};

#[test]
fn every_rank_count_writes_the_single_process_tables() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("mpi-tables");
    for game in [
        &CARDS_10[..],
        &CARDS_10_ORBITS[..],
        &CARDS_12[..],
        &CARDS_12_ORBITS[..],
        &["connect4", "--width", "5", "--height", "4"][..],
        &CARDS_10_UNCOMPRESSED[..],
        // The engine's other games: Dobutsu shogi without giraffes
        // (2,363,637 positions up to symmetry: drops, promotions and
        // captured lions over ranks) and tic-tac-toe.
        &["dobutsu", "--giraffes", "0", "--no-census"][..],
        &["tictactoe"][..],
    ] {
        let _ = std::fs::remove_dir_all(&dir);
        let want = reference(game, &dir);
        for ranks in 1..=3 {
            let out = dir.join(format!("ranks-{ranks}"));
            std::fs::create_dir_all(&out).unwrap();
            let output = succeed(command(Some(ranks), &generate_args(game, &out, &[])));
            let stderr = text(&output.stderr);
            let noun = if ranks == 1 { "rank" } else { "ranks" };
            assert!(
                stderr.contains(&format!("sweep on {ranks} {noun}:")),
                "{stderr}"
            );
            assert_same_files(&want, &out, &format!("{} on {ranks} ranks", game.join(" ")));
        }
        // And the tables verify.
        let table = dir.join("ranks-3").join("t.gtbl").display().to_string();
        succeed(command(None, &["verify".to_string(), table]));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_rank_resumes_to_the_same_tables() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("mpi-resumed");
    let want = reference(&CARDS_12, &dir);
    let checkpoints = dir.join("checkpoints");
    let ck = checkpoints.display().to_string();
    let out = dir.join("resumed");
    std::fs::create_dir_all(&out).unwrap();
    let args = generate_args(
        &CARDS_12,
        &out,
        &["--checkpoint", &ck, "--checkpoint-every", "1"],
    );
    let mut killed = false;
    for attempt in 0..4 {
        let level = random_level(40 >> attempt);
        // The last rank: mpirun's child with the highest pid is started last.
        println!("killing a rank at level {level}");
        if kill_at_level(command(Some(2), &args), &checkpoints, level, |child| {
            children(child.id()).into_iter().max()
        }) {
            killed = true;
            break;
        }
        let _ = std::fs::remove_dir_all(&checkpoints);
    }
    assert!(killed, "the job always finished before the kill");
    assert!(!out.join("t.gtbl").exists());
    let mut resumed = args.clone();
    resumed.push("--resume".into());
    // Another number of ranks is refused, naming the commit marker.
    let output = run(command(Some(3), &resumed));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("COMMIT") && stderr.contains("written by 2 ranks"),
        "{stderr}"
    );
    let output = succeed(command(Some(2), &resumed));
    assert!(text(&output.stderr).contains("resumed from"));
    assert_same_files(&want, &out, "resumed on 2 ranks");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_launches_get_clear_errors() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("mpi-bad");
    // More ranks than blocks of work: Cards (1, 2) stores a handful of states.
    let output = run(command(
        Some(2),
        &generate_args(&["cards", "--cards", "1", "--modulus", "2"], &dir, &[]),
    ));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("2 ranks for") && stderr.contains("start at most 1 rank"),
        "{stderr}"
    );
    assert!(!dir.join("t.gtbl").exists());

    // One rank cannot write its checkpoints (a directory stands where its
    // probe file goes); the other stops too. `mpirun` ends the job when the
    // first rank exits, so only that rank's output is sure to be shown:
    // rank 1's own message, or rank 0's, which repeats it.
    let checkpoints = dir.join("checkpoints");
    std::fs::create_dir_all(checkpoints.join(".probe-rank-1")).unwrap();
    std::fs::write(checkpoints.join(".probe-rank-1").join("x"), b"x").unwrap();
    let ck = checkpoints.display().to_string();
    let output = run(command(
        Some(2),
        &generate_args(&CARDS_12, &dir, &["--checkpoint", &ck]),
    ));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("rank 1: ") && stderr.contains("rank 1 cannot write its checkpoints"),
        "{stderr}"
    );
    assert!(!dir.join("t.gtbl").exists());

    // Ranks started with different arguments (an MPMD launch): other
    // flags, or an output one rank could not check alone (it would have
    // failed before the ranks first talk, the others waiting for ever).
    // Refused on every rank before any other step, not a hang.
    let binary = env!("CARGO_BIN_EXE_gametable");
    let args = generate_args(&CARDS_10_ORBITS, &dir, &[]);
    let missing = dir.join("missing").join("t.gtbl").display().to_string();
    let elsewhere = generate_args(&CARDS_10_ORBITS, &dir, &[])
        .into_iter()
        .map(|a| {
            if a.ends_with("t.gtbl") {
                missing.clone()
            } else {
                a
            }
        })
        .collect::<Vec<_>>();
    for other in [
        [&args[..], &["--no-distances".to_string()]].concat(),
        elsewhere,
    ] {
        let mut mpmd = command(Some(1), &args);
        mpmd.args([":", "-n", "1", binary]).args(&other);
        let output = run(mpmd);
        assert!(!output.status.success());
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("the ranks were started with different arguments")
                && stderr.contains("start every rank with the same command"),
            "{stderr}"
        );
        assert!(!dir.join("t.gtbl").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
