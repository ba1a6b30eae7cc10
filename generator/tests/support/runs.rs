//! Runs of `gametable generate` for the checkpoint and MPI tests: on one
//! process or under `mpirun -n P`, killed at a level, resumed, and their
//! output directories compared byte for byte.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Cards (10, 5), every state and over orbits; Cards (12, 5), the same:
/// the variants the checkpoint and MPI tests solve.
pub const CARDS_10: [&str; 5] = ["cards", "--cards", "10", "--modulus", "5"];
pub const CARDS_10_ORBITS: [&str; 7] = [
    "cards",
    "--cards",
    "10",
    "--modulus",
    "5",
    "--symmetry",
    "orbits",
];
/// Cards (10, 5), every state, uncompressed: a header that counts every
/// state though the sweep stored orbits.
pub const CARDS_10_UNCOMPRESSED: [&str; 9] = [
    "cards",
    "--cards",
    "10",
    "--modulus",
    "5",
    "--symmetry",
    "none",
    "--compression",
    "none",
];
pub const CARDS_12: [&str; 5] = ["cards", "--cards", "12", "--modulus", "5"];
pub const CARDS_12_ORBITS: [&str; 7] = [
    "cards",
    "--cards",
    "12",
    "--modulus",
    "5",
    "--symmetry",
    "orbits",
];

/// The single-process tables of `game` in `dir/reference`.
pub fn reference(game: &[&str], dir: &Path) -> PathBuf {
    let out = dir.join("reference");
    std::fs::create_dir_all(&out).unwrap();
    succeed(command(None, &generate_args(game, &out, &["--quiet"])));
    out
}

/// A fresh, empty scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `mpirun` on PATH, or `None` with the reason printed.
pub fn mpirun() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("mpirun"))
            .find(|path| path.is_file())
    });
    if found.is_none() {
        println!("skipped: mpirun is not on PATH (install openmpi-bin)");
    }
    found
}

/// `gametable args`, or `mpirun -n ranks gametable args` when `ranks` is
/// given (OpenMPI: as root too, more ranks than cores allowed).
pub fn command(ranks: Option<usize>, args: &[String]) -> Command {
    let binary = env!("CARGO_BIN_EXE_gametable");
    let mut command = match ranks {
        None => Command::new(binary),
        Some(ranks) => {
            let mut command = Command::new("mpirun");
            command
                .args(["--oversubscribe", "-n", &ranks.to_string(), binary])
                .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
                // No pause-and-ask or banner noise from OpenMPI's helpers.
                .env("OMPI_MCA_rmaps_base_oversubscribe", "1");
            command
        }
    };
    command.args(args);
    command
}

/// Runs `command` to its end.
pub fn run(mut command: Command) -> Output {
    command.stdin(Stdio::null()).output().unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `command` and fails the test, with its stderr, unless it succeeds.
pub fn succeed(command: Command) -> Output {
    let output = run(command);
    assert!(
        output.status.success(),
        "failed: {}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

/// `generate <game...> --output dir/t.gtbl` and `extra`.
pub fn generate_args(game: &[&str], dir: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["generate".to_string()];
    args.extend(game.iter().map(|s| s.to_string()));
    args.push("--output".into());
    args.push(dir.join("t.gtbl").display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Every file of `dir` (not its subdirectories), by name, with its bytes.
pub fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Fails unless `dir` holds the same files with the same bytes as `reference`.
pub fn assert_same_files(reference: &Path, dir: &Path, what: &str) {
    let (want, got) = (files(reference), files(dir));
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&want), names(&got), "{what}: files");
    for ((name, a), (_, b)) in want.iter().zip(&got) {
        assert!(
            a == b,
            "{what}: {name} differs from the single-process table"
        );
    }
}

/// The level the commit marker in `dir` names, if any.
pub fn committed_level(dir: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(dir.join("COMMIT")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("level: "))
        .and_then(|l| l.parse().ok())
}

/// A level to kill at, different from run to run (1..=top).
pub fn random_level(top: u32) -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    1 + (nanos ^ std::process::id()).wrapping_mul(2_654_435_761) % top
}

/// The processes whose parent is `parent`.
pub fn children(parent: u32) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| {
                    // After the command's parenthesised name: state, then ppid.
                    let rest = &stat[stat.rfind(')')? + 2..];
                    rest.split(' ').nth(1)?.parse::<u32>().ok()
                })
                == Some(parent)
        })
        .collect()
}

/// Starts `command`, waits until the checkpoint in `checkpoints` is
/// committed at `level` or later, then kills with SIGKILL the process
/// `victim` picks among (the child itself, its children). Returns whether
/// it was killed with a committed checkpoint left to resume from.
pub fn kill_at_level(
    mut command: Command,
    checkpoints: &Path,
    level: u32,
    victim: impl Fn(&Child) -> Option<u32>,
) -> bool {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        if committed_level(checkpoints).is_some_and(|l| l >= level) {
            if let Some(pid) = victim(&child) {
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
                let _ = child.wait();
                // Killed too late (the sweep was over and its checkpoint
                // spent) counts as finished.
                return committed_level(checkpoints).is_some();
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the run neither committed level {level} nor finished"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}
