//! `generate --checkpoint DIR` on one process: the same tables as without
//! it, a run killed (SIGKILL) at a random level resumes with `--resume` to
//! the same tables, and checkpoints that do not fit are refused by name.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

#[path = "support/runs.rs"]
mod runs;

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use runs::{
    assert_same_files, command, committed_level, generate_args, kill_at_level, random_level,
    reference, run, scratch, succeed, text, CARDS_10, CARDS_10_ORBITS, CARDS_10_UNCOMPRESSED,
    CARDS_12,
};

#[test]
fn checkpointed_sweeps_write_the_same_tables() {
    let dir = scratch("checkpointed");
    for game in [
        &["tictactoe"][..],
        &["tictactoe", "--symmetry", "none"][..],
        &CARDS_10[..],
        &CARDS_10_ORBITS[..],
        &CARDS_10_UNCOMPRESSED[..],
    ] {
        let _ = std::fs::remove_dir_all(&dir);
        let want = reference(game, &dir);
        let out = dir.join("checkpointed");
        std::fs::create_dir_all(&out).unwrap();
        let checkpoints = dir.join("checkpoints").display().to_string();
        succeed(command(
            None,
            &generate_args(
                game,
                &out,
                &["--checkpoint", &checkpoints, "--checkpoint-every", "2"],
            ),
        ));
        assert_same_files(&want, &out, &game.join(" "));
        // A finished sweep leaves no checkpoint behind.
        assert_eq!(
            std::fs::read_dir(&checkpoints).unwrap().count(),
            0,
            "{game:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files another number of ranks left in the folder without a commit (a
/// run killed before its first one) are removed by a run that starts
/// afresh there; a file that is no checkpoint is left alone.
#[test]
fn stray_checkpoints_of_other_ranks_are_removed() {
    let dir = scratch("strays");
    let out = dir.join("out");
    let checkpoints = dir.join("checkpoints");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::create_dir_all(&checkpoints).unwrap();
    let strays = [
        "rank-0-of-2.level-8.ckpt",
        "rank-1-of-2.level-12.ckpt",
        ".rank-1-of-2.level-12.ckpt.27297.tmp",
        "rank-3-of-4.level-0.ckpt",
    ];
    let kept = ["notes.txt", "rank-x-of-2.level-8.ckpt"];
    for name in strays.iter().chain(&kept) {
        std::fs::write(checkpoints.join(name), b"left").unwrap();
    }
    let ck = checkpoints.display().to_string();
    succeed(command(
        None,
        &generate_args(&["tictactoe"], &out, &["--checkpoint", &ck]),
    ));
    let mut left: Vec<String> = std::fs::read_dir(&checkpoints)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["notes.txt", "rank-x-of-2.level-8.ckpt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_sweep_resumes_to_the_same_tables() {
    let dir = scratch("resumed");
    let want = reference(&CARDS_12, &dir);
    let checkpoints = dir.join("checkpoints");
    let out = dir.join("resumed");
    std::fs::create_dir_all(&out).unwrap();
    let ck = checkpoints.display().to_string();
    let args = generate_args(
        &CARDS_12,
        &out,
        &["--checkpoint", &ck, "--checkpoint-every", "1"],
    );
    let mut killed = false;
    for attempt in 0..4 {
        let level = random_level(40 >> attempt);
        println!("killing at level {level}");
        if kill_at_level(command(None, &args), &checkpoints, level, |child| {
            Some(child.id())
        }) {
            killed = true;
            break;
        }
        // It finished first: start again from nothing.
        let _ = std::fs::remove_dir_all(&checkpoints);
    }
    assert!(killed, "the run always finished before the kill");
    assert!(std::fs::read_dir(&out).unwrap().next().is_none() || !out.join("t.gtbl").exists());
    let mut resumed = args.clone();
    resumed.push("--resume".into());
    let output = succeed(command(None, &resumed));
    assert!(
        text(&output.stderr).contains("resumed from"),
        "{}",
        text(&output.stderr)
    );
    assert_same_files(&want, &out, "resumed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run killed while it probed the checkpoint folder leaves the probe's
/// temporary (`.<name>.<pid>.tmp`), and may still be exiting when the next
/// run probes; that run removes it all the same.
#[test]
fn a_killed_probe_leaves_nothing_behind() {
    let dir = scratch("probe");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("out");
    let checkpoints = dir.join("checkpoints");
    std::fs::create_dir_all(&checkpoints).unwrap();
    // Named after a process still running (this test) as the killed one
    // still exiting would be.
    let stray = checkpoints.join(format!("..probe-rank-0.{}.tmp", std::process::id()));
    std::fs::write(&stray, b"probe").unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let ck = checkpoints.display().to_string();
    succeed(command(
        None,
        &generate_args(&["tictactoe"], &out, &["--checkpoint", &ck]),
    ));
    assert_eq!(
        std::fs::read_dir(&checkpoints).unwrap().count(),
        0,
        "{} is left",
        stray.display()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch folder `name` (made afresh) holding `checkpoints` and the
/// output folder `out`, and the command line of Cards (12, 5) checkpointed
/// every `every` levels there: (scratch, checkpoints, args).
fn checkpointed_cards_12(name: &str, every: &str) -> (PathBuf, PathBuf, Vec<String>) {
    let dir = scratch(name);
    let _ = std::fs::remove_dir_all(&dir);
    let checkpoints = dir.join("checkpoints");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let ck = checkpoints.display().to_string();
    let args = generate_args(
        &CARDS_12,
        &out,
        &["--checkpoint", &ck, "--checkpoint-every", every],
    );
    (dir, checkpoints, args)
}

/// Starts `args` (stderr piped) and waits until `ready`: `None` if the run
/// ended first.
fn start_until(args: &[String], ready: impl Fn() -> bool) -> Option<Child> {
    let mut child = command(None, args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ready() {
        if child.try_wait().unwrap().is_some() {
            return None;
        }
        assert!(started.elapsed().as_secs() < 300, "never ready");
        std::thread::sleep(Duration::from_millis(1));
    }
    Some(child)
}

/// Removes `dir` as `rm -rf` does under a job that may write a file into
/// it meanwhile: again until it is gone.
fn remove_under_a_job(dir: &Path) {
    while dir.exists() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A checkpoint directory removed under a running job (its lock file with
/// it) is not made again: the job stops rather than write where another
/// job, let in by the missing lock, may be writing.
#[test]
fn a_checkpoint_directory_removed_under_the_job_stops_it() {
    let (dir, checkpoints, args) = checkpointed_cards_12("removed", "1");
    // Level 2 of about 40, each one checkpointed: the directory goes long
    // before the end, but for a test thread held up past the whole run
    // (then again).
    let mut output = None;
    for _ in 0..4 {
        let _ = std::fs::remove_dir_all(&checkpoints);
        let ready = || committed_level(&checkpoints).is_some_and(|l| l >= 2);
        let Some(child) = start_until(&args, ready) else {
            continue;
        };
        remove_under_a_job(&checkpoints);
        let done = child.wait_with_output().unwrap();
        if !done.status.success() {
            output = Some(done);
            break;
        }
    }
    let output = output.expect("every run ended before its directory was removed");
    let stderr = text(&output.stderr);
    // Found before a level's files, as they are written, or as the commit
    // is: the job stops.
    assert!(
        stderr.contains("the checkpoint directory was removed or replaced while this job ran")
            || stderr.contains("cannot write the checkpoint: No such file or directory")
            || stderr.contains("cannot write the commit marker: No such file or directory"),
        "{stderr}"
    );
    assert!(!checkpoints.exists(), "the directory was made again");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A job whose checkpoint directory was removed, then made again by
/// another job, leaves that job's files alone as it ends: it removes only
/// what is its own.
#[test]
fn a_job_leaves_a_directory_no_longer_its_own_alone() {
    // No checkpoint falls due before the end.
    let (dir, checkpoints, args) = checkpointed_cards_12("taken", "1000");
    let others = ["COMMIT", "rank-0-of-1.level-3.ckpt"];
    for _ in 0..4 {
        let _ = std::fs::remove_dir_all(&checkpoints);
        let Some(mut child) = start_until(&args, || checkpoints.join(".lock").exists()) else {
            continue;
        };
        // Into the sweep (about half a second), past the commit's reading.
        std::thread::sleep(Duration::from_millis(100));
        remove_under_a_job(&checkpoints);
        // The other job's files.
        std::fs::create_dir_all(&checkpoints).unwrap();
        for name in others {
            std::fs::write(checkpoints.join(name), b"another job's").unwrap();
        }
        let ran_on = child.try_wait().unwrap().is_none();
        // (Taken before it read the commit, the run refuses the other
        // job's: either way it removes none of its files.)
        child.wait().unwrap();
        if ran_on {
            for name in others {
                assert!(checkpoints.join(name).exists(), "{name} was removed");
            }
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
    }
    panic!("the run always ended before its directory was taken");
}

/// A job that fails once its sweep is done (its output folder replaced by
/// a file) keeps its checkpoint, says how to resume, and leaves no lock
/// file; resumed, it writes the uninterrupted run's table.
#[test]
fn a_job_failing_after_its_sweep_keeps_its_checkpoint_and_no_lock() {
    let (dir, checkpoints, args) = checkpointed_cards_12("failing", "1");
    let out = dir.join("out");
    for _ in 0..4 {
        let _ = std::fs::remove_dir_all(&checkpoints);
        let _ = std::fs::remove_file(&out);
        std::fs::create_dir_all(&out).unwrap();
        let ready = || committed_level(&checkpoints).is_some_and(|l| l >= 2);
        let Some(child) = start_until(&args, ready) else {
            continue;
        };
        std::fs::remove_dir_all(&out).unwrap();
        std::fs::write(&out, b"not a folder").unwrap();
        let done = child.wait_with_output().unwrap();
        if done.status.success() {
            continue;
        }
        let stderr = text(&done.stderr);
        assert!(
            stderr.contains("is kept: the same command with --resume continues from it"),
            "{stderr}"
        );
        assert!(checkpoints.join("COMMIT").exists(), "{stderr}");
        assert!(!checkpoints.join(".lock").exists(), "the lock file is left");
        std::fs::remove_file(&out).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        let resumed = [&args[..], &["--resume".to_string()]].concat();
        let output = run(command(None, &resumed));
        assert!(output.status.success(), "{}", text(&output.stderr));
        let plain = dir.join("plain");
        std::fs::create_dir_all(&plain).unwrap();
        let output = run(command(None, &generate_args(&CARDS_12, &plain, &[])));
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(
            std::fs::read(out.join("t.gtbl")).unwrap(),
            std::fs::read(plain.join("t.gtbl")).unwrap()
        );
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    panic!("the run always ended before its output folder was replaced");
}

/// An output closed before the summary (`| head -1`) ends the run
/// quietly, as without checkpoints, and after the tables: the
/// checkpoints are gone with them, and the same command runs again.
#[test]
fn an_output_closed_early_leaves_no_checkpoint() {
    let dir = scratch("closed");
    for game in [&CARDS_10[..], &CARDS_10_ORBITS[..], &["tictactoe"][..]] {
        let _ = std::fs::remove_dir_all(&dir);
        let out = dir.join("out");
        std::fs::create_dir_all(&out).unwrap();
        let checkpoints = dir.join("checkpoints").display().to_string();
        let args = generate_args(game, &out, &["--checkpoint", &checkpoints]);
        for _ in 0..2 {
            let mut child = command(None, &args)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            drop(child.stdout.take());
            let output = child.wait_with_output().unwrap();
            let stderr = text(&output.stderr);
            assert!(output.status.success(), "{game:?}: {stderr}");
            assert!(!stderr.contains("error"), "{game:?}: {stderr}");
            assert_eq!(
                std::fs::read_dir(&checkpoints).unwrap().count(),
                0,
                "{game:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn checkpoints_that_do_not_fit_are_refused_by_name() {
    let dir = scratch("refused");
    let checkpoints = dir.join("checkpoints");
    let ck = checkpoints.display().to_string();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let args = |game: &[&str], extra: &[&str]| {
        let mut all = vec!["--checkpoint", ck.as_str(), "--checkpoint-every", "1"];
        all.extend_from_slice(extra);
        generate_args(game, &out, &all)
    };
    // Nothing to resume.
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains(
            "no committed checkpoint here to resume from (a run removes its checkpoints once its tables are written"
        ),
        "{}",
        text(&output.stderr)
    );
    assert!(!checkpoints.exists(), "a refused resume made the folder");
    // A checkpoint folder that is a link to nothing (moved, unmounted) is
    // named as such, resumed from or started in.
    #[cfg(unix)]
    {
        let nowhere = dir.join("nowhere");
        let link = dir.join("linked");
        std::os::unix::fs::symlink(&nowhere, &link).unwrap();
        let linked = link.display().to_string();
        let with_link = |extra: &[&str]| {
            let mut all = vec!["--checkpoint", linked.as_str()];
            all.extend_from_slice(extra);
            generate_args(&CARDS_12, &out, &all)
        };
        let said = format!("a link to {}, which is not there", nowhere.display());
        for (extra, then) in [
            (&["--resume"][..], ": no checkpoint to resume from"),
            (&[][..], ""),
        ] {
            let output = run(command(None, &with_link(extra)));
            assert!(!output.status.success());
            let stderr = text(&output.stderr);
            assert!(stderr.contains(&format!("{said}{then}")), "{stderr}");
            assert!(!nowhere.exists(), "{extra:?}: made the link's target");
        }
    }
    // A directory another job holds (its lock taken here) is refused at
    // once, and left as it was.
    {
        std::fs::create_dir_all(&checkpoints).unwrap();
        let held = std::fs::File::create(checkpoints.join(".lock")).unwrap();
        held.lock().unwrap();
        let output = run(command(None, &args(&CARDS_12, &[])));
        assert!(!output.status.success());
        assert!(
            text(&output.stderr).contains(&format!(
                "{ck}: another job is using this checkpoint directory (it holds .lock locked); wait for it, or give this run another --checkpoint"
            )),
            "{}",
            text(&output.stderr)
        );
        let left: Vec<_> = std::fs::read_dir(&checkpoints).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
        drop(held);
        std::fs::remove_dir_all(&checkpoints).unwrap();
    }
    // Nor is --checkpoint-every taken without a folder to write to.
    let output = run(command(
        None,
        &generate_args(&CARDS_12, &out, &["--checkpoint-every", "3"]),
    ));
    assert!(!output.status.success());
    assert!(
        text(&output.stderr)
            .contains("required arguments were not provided:\n  --checkpoint <CHECKPOINT>"),
        "{}",
        text(&output.stderr)
    );

    // A checkpoint of (12, 5), left by a killed run.
    let killed = kill_at_level(
        command(None, &args(&CARDS_12, &[])),
        &checkpoints,
        3,
        |child| Some(child.id()),
    );
    assert!(killed);

    // Without --resume the directory is not overwritten.
    let output = run(command(None, &args(&CARDS_12, &[])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("COMMIT") && stderr.contains("--resume"),
        "{stderr}"
    );

    // A commit marker that is a link to nothing is a commit lost, said
    // so with or without --resume: not "no commit", nor run over afresh.
    {
        let commit = checkpoints.join("COMMIT");
        let kept = checkpoints.join("COMMIT.kept");
        std::fs::rename(&commit, &kept).unwrap();
        std::os::unix::fs::symlink("/nonexistent", &commit).unwrap();
        for extra in [&["--resume"][..], &[][..]] {
            let output = run(command(None, &args(&CARDS_12, extra)));
            assert!(!output.status.success(), "{extra:?}");
            let stderr = text(&output.stderr);
            assert!(
                stderr.contains("COMMIT: cannot read: a link to /nonexistent, which is not there"),
                "{extra:?}: {stderr}"
            );
        }
        assert!(
            std::fs::read_dir(&checkpoints).unwrap().any(|e| e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".ckpt")),
            "the checkpoint's files were removed"
        );
        std::fs::remove_file(&commit).unwrap();
        std::fs::rename(&kept, &commit).unwrap();
    }

    // A checkpoint folder where the run writes a table is refused before
    // the sweep (found after it, the write would fail, and the resume).
    for (i, name) in ["t.gtbl", "t-distance.gtbl", "t.fingerprint"]
        .iter()
        .enumerate()
    {
        let at = out.join(name);
        let mut all = vec!["--checkpoint", at.to_str().unwrap()];
        all.extend_from_slice(&["--checkpoint-every", "1"]);
        let output = run(command(None, &generate_args(&CARDS_12, &out, &all)));
        assert!(!output.status.success(), "{name}");
        assert!(
            text(&output.stderr).contains(&format!(
                "the checkpoint folder would stand where the run writes {}",
                at.display()
            )),
            "{i}: {}",
            text(&output.stderr)
        );
        assert!(!at.exists(), "{name}: made");
    }
    // So is one named another way: through a link to the output's folder,
    // or with `..` (before, the sweep ran and the write failed after it).
    let link = out.with_file_name("out-link");
    let _ = std::fs::remove_file(&link);
    #[cfg(unix)]
    std::os::unix::fs::symlink(&out, &link).unwrap();
    let sub = out.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let mut other_names = vec![(sub.join("../t.gtbl"), out.join("t.gtbl"))];
    if cfg!(unix) {
        other_names.push((link.join("t-distance.gtbl"), out.join("t-distance.gtbl")));
    }
    for (named, written) in other_names {
        let mut all = vec!["--checkpoint", named.to_str().unwrap()];
        all.extend_from_slice(&["--checkpoint-every", "1"]);
        let output = run(command(None, &generate_args(&CARDS_12, &out, &all)));
        assert!(!output.status.success(), "{}", named.display());
        assert!(
            text(&output.stderr).contains(&format!(
                "--checkpoint {}: the checkpoint folder would stand where the run writes {}",
                named.display(),
                written.display()
            )),
            "{}",
            text(&output.stderr)
        );
        assert!(!written.exists(), "{}: made", named.display());
    }
    let _ = std::fs::remove_file(&link);
    std::fs::remove_dir_all(&sub).unwrap();

    // Another variant's run refuses it, naming the commit marker.
    let other = ["cards", "--cards", "11", "--modulus", "5"];
    let output = run(command(None, &args(&other, &["--resume"])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("COMMIT")
            && stderr.contains("cards (12, 5)")
            && stderr.contains("not resumed"),
        "{stderr}"
    );

    // A resume that drops the distances the checkpoint keeps names the
    // flag, not "another sweep".
    let output = run(command(
        None,
        &args(&CARDS_12, &["--resume", "--no-distances"]),
    ));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "where this run expects \"distances: none\" (written by a run that kept distances: resume without --no-distances); not resumed"
        ),
        "{stderr}"
    );

    // A damaged body is refused, naming the file.
    // The committed level's file (the killed run may have written the
    // next level's too, which no commit names).
    let level = committed_level(&checkpoints).unwrap();
    let rank_file = checkpoints.join(format!("rank-0-of-1.level-{level}.ckpt"));
    let mut bytes = std::fs::read(&rank_file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&rank_file, &bytes).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    let name = rank_file
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        stderr.contains(&name) && stderr.contains("checksum"),
        "{stderr}"
    );
    // Refused: the directory is left as it was found, without the lock.
    assert!(!checkpoints.join(".lock").exists(), "the lock is left");
    // A counter altered in the header is refused too: the header's last
    // line is the checksum of the lines before it.
    bytes[last] ^= 1;
    let header_end = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
    let header = String::from_utf8(bytes[..header_end].to_vec()).unwrap();
    let visits = header
        .lines()
        .find_map(|l| l.strip_prefix("visits: "))
        .unwrap();
    let altered = header.replacen(
        &format!("visits: {visits}"),
        &format!("visits: {}", visits.parse::<u64>().unwrap() + 1),
        1,
    );
    assert_ne!(altered, header);
    let mut tampered = altered.into_bytes();
    tampered.extend_from_slice(&bytes[header_end..]);
    std::fs::write(&rank_file, &tampered).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&name) && stderr.contains("its header does not match its checksum"),
        "{stderr}"
    );
    // A share of the states other than this build's (the header's
    // checksum made good) is named as another build's split.
    let states = header
        .lines()
        .find(|l| l.starts_with("states: "))
        .unwrap()
        .to_string();
    let (_, total) = states.split_once(" of ").unwrap();
    let lines: Vec<&str> = header.lines().collect();
    let (_, checked) = lines.split_last().unwrap();
    let mut resplit: String = checked
        .iter()
        .map(|l| {
            if l.starts_with("states: ") {
                format!("states: 0..64 of {total}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let sha = gametable_format::hex(&gametable_format::sha256(resplit.as_bytes()));
    resplit.push_str(&format!("header-sha256: {sha}"));
    let mut resplit = resplit.into_bytes();
    resplit.extend_from_slice(&bytes[header_end..]);
    std::fs::write(&rank_file, &resplit).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&name)
            && stderr.contains(&format!("where this run expects \"{states}\""))
            && stderr.contains("written by a build that shares them out otherwise"),
        "{stderr}"
    );
    // A rank's file of an older layout is named as such.
    let mut older = bytes.clone();
    assert!(older.starts_with(b"gametable-checkpoint 4\n"));
    older[b"gametable-checkpoint ".len()] = b'3';
    std::fs::write(&rank_file, &older).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&name)
            && stderr.contains("a checkpoint of layout \"gametable-checkpoint 3\""),
        "{stderr}"
    );
    // A truncated one too.
    std::fs::write(&rank_file, &bytes[..bytes.len() / 2]).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&name) && stderr.contains("damaged"),
        "{stderr}"
    );
    // An endless one (a link to /dev/zero) is refused within its first
    // header line, never read whole.
    #[cfg(unix)]
    if std::path::Path::new("/dev/zero").exists() {
        std::fs::remove_file(&rank_file).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &rank_file).unwrap();
        let output = run(command(None, &args(&CARDS_12, &["--resume"])));
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains(&name)
                && stderr.contains("a header line longer than 4096 bytes (not a checkpoint)"),
            "{stderr}"
        );
        std::fs::remove_file(&rank_file).unwrap();
    }
    assert!(!out.join("t.gtbl").exists());

    // A commit marker of an older layout is named as such.
    let commit = checkpoints.join("COMMIT");
    let marker = std::fs::read_to_string(&commit).unwrap();
    let older = marker.replacen("gametable-checkpoint 4", "gametable-checkpoint 3", 1);
    assert_ne!(older, marker);
    std::fs::write(&commit, older).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "a checkpoint of layout \"gametable-checkpoint 3\", which this build does not read"
        ),
        "{stderr}"
    );
    // A marker that is not what a run writes, byte for byte, is damaged:
    // no count of 0 ranks (to resume with), nothing after it, no line end
    // lost.
    for damaged in [
        marker.replacen("ranks: 1\n", "ranks: 0\n", 1),
        format!("{marker}x\n"),
        marker.trim_end().to_string(),
    ] {
        assert_ne!(damaged, marker);
        std::fs::write(&commit, &damaged).unwrap();
        let output = run(command(None, &args(&CARDS_12, &["--resume"])));
        assert!(!output.status.success());
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("COMMIT: not a commit marker (a damaged file)"),
            "{damaged:?}: {stderr}"
        );
    }
    // A commit of another build (another program: its cells may mean
    // something else) is refused, naming both; the program that wrote it
    // (this one) resumes it.
    let (start, rest) = marker.split_once("\nbuild: ").unwrap();
    assert_eq!(rest.len(), 64 + 1, "{marker}");
    let other = format!("{start}\nbuild: {}\n", "0123456789abcdef".repeat(4));
    std::fs::write(&commit, &other).unwrap();
    let output = run(command(None, &args(&CARDS_12, &["--resume"])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "COMMIT: written by another build of gametable (SHA-256 of its program 0123456789abcdef..., of this one {}...)",
            &rest[..16]
        )),
        "{stderr}"
    );
    // Without --resume it is named so too, not offered for a resume.
    let output = run(command(None, &args(&CARDS_12, &[])));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "of another build of gametable, which this one does not resume; remove the directory"
        ),
        "{stderr}"
    );
    std::fs::write(&commit, &marker).unwrap();

    // A directory that cannot be written (a file stands in its way).
    let blocked = dir.join("file");
    std::fs::write(&blocked, b"not a directory").unwrap();
    let inside = blocked.join("checkpoints").display().to_string();
    let output = run(command(
        None,
        &generate_args(&CARDS_12, &out, &["--checkpoint", &inside]),
    ));
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(stderr.contains("cannot write its checkpoints"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A binary built without MPI, started as one of several MPI processes,
/// refuses instead of having every process write the same files.
#[cfg(not(feature = "mpi"))]
#[test]
fn several_processes_without_mpi_are_refused() {
    let dir = scratch("no-mpi");
    let mut launched = command(None, &generate_args(&["tictactoe"], &dir, &[]));
    launched.env("OMPI_COMM_WORLD_SIZE", "2");
    let output = run(launched);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("built without MPI") && stderr.contains("--features mpi"),
        "{stderr}"
    );
    assert!(!dir.join("t.gtbl").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
