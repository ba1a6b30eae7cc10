//! `gametable generate` killed (SIGKILL) at random points while it writes
//! over existing tables: every file is each time either the old one or the
//! new one, whole and valid, and no temporary outlives the next run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gametable_gen::games::cards::files::{DistanceFile, OutcomeFile};

const FILES: [&str; 5] = [
    "cards-8-5.gtbl",
    "cards-8-5-distance.gtbl",
    "cards-8-5.fingerprint",
    "cards-8-5-distance.fingerprint",
    "SHA256SUMS",
];

fn generate(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gametable"));
    command
        .args([
            "generate",
            "cards",
            "--cards",
            "8",
            "--modulus",
            "5",
            "--output",
        ])
        .arg(dir.join("cards-8-5.gtbl"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

fn snapshot(dir: &Path) -> Vec<Vec<u8>> {
    FILES
        .iter()
        .map(|name| std::fs::read(dir.join(name)).unwrap())
        .collect()
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

#[test]
fn killed_generate_leaves_old_or_new_files_and_no_temporaries() {
    let dir = std::env::temp_dir().join(format!("gametable-interrupted-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();

    // The new files: full runs, timed; the fastest sets the span of the
    // kills (a first run can take many times the next ones: a cold start).
    let mut full_run = Duration::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        assert!(generate(&dir).status().unwrap().success());
        full_run = full_run.min(started.elapsed());
    }
    let new = snapshot(&dir);

    // The old files: valid tables with other contents (the (2, 3) tables
    // under the (8, 5) names), and a SHA256SUMS and fingerprints to match.
    let old_dir = dir.join("old");
    std::fs::create_dir_all(&old_dir).unwrap();
    let small = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .args([
            "generate",
            "cards",
            "--cards",
            "2",
            "--modulus",
            "3",
            "--output",
        ])
        .arg(old_dir.join("cards-8-5.gtbl"))
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(small.success());
    let old = snapshot(&old_dir);
    assert!(old.iter().zip(&new).all(|(o, n)| o != n));

    // 30 kills spread over the whole run, from a fixed seed; then, if the
    // machine's pace left one side unseen (all kills before the writes, or
    // all after), more, over a span narrowed or widened towards it: the
    // kills are to land on both sides, whatever the machine's load.
    let mut seed: u64 = 0x5eed;
    let mut random = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut span = full_run.as_micros().max(1) as u64 * 12 / 10;
    let (mut old_seen, mut new_seen, mut strays) = (0, 0, 0);
    let mut killed = Vec::new();
    let mut round = 0;
    while round < 30 || (round < 150 && (old_seen == 0 || new_seen == 0)) {
        if round >= 30 {
            span = if old_seen == 0 {
                (span * 2 / 3).max(1)
            } else {
                span * 3 / 2
            };
        }
        for (name, bytes) in FILES.iter().zip(&old) {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        let delay = Duration::from_micros(random() % span);
        let mut child = generate(&dir).spawn().unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        for (i, name) in FILES.iter().enumerate() {
            let bytes = std::fs::read(dir.join(name)).unwrap();
            if bytes == old[i] {
                old_seen += 1;
            } else if bytes == new[i] {
                new_seen += 1;
            } else {
                panic!("round {round} ({delay:?}): {name} is neither old nor new");
            }
        }
        // Whichever they are, the tables read back with every check.
        let path = dir.join("cards-8-5.gtbl");
        OutcomeFile::read(&path).unwrap();
        DistanceFile::read(&dir.join("cards-8-5-distance.gtbl")).unwrap();
        // A temporary can survive SIGKILL only as `.<name>.<pid>.tmp` (or
        // `.<name>.<pid>.p<n>.tmp` or `.r<n>.tmp`, the output folder's
        // probe) of a killed process; the next run that writes that file
        // removes it.
        killed.push(child.id());
        for stray in temporaries(&dir) {
            assert!(
                killed
                    .iter()
                    .any(|pid| stray.contains(&format!(".{pid}.")) && stray.ends_with(".tmp")),
                "round {round}: {stray} is not a killed run's"
            );
            strays += 1;
        }
        round += 1;
    }
    assert!(generate(&dir).status().unwrap().success());
    assert_eq!(temporaries(&dir), Vec::<String>::new(), "temporaries left");
    assert_eq!(snapshot(&dir), new);
    eprintln!(
        "{round} kills over {full_run:?}: {old_seen} files old, {new_seen} new, \
         {strays} sightings of a killed run's temporary, all removed by later runs"
    );
    assert!(
        old_seen > 0 && new_seen > 0,
        "kills should land before and after writes"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
