//! Inputs that claim or carry far more than any valid input: refused before
//! any large allocation, or read in bounded memory, never until memory
//! runs out. Peak memory is measured from `/proc` (Linux); elsewhere the
//! tests check only that the input is refused.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `gametable args...` with `chunk` written `times` times (after
/// `head`) to its stdin, and returns (success, stderr, peak RSS in KiB).
fn run_streaming(args: &[&str], head: &[u8], chunk: &[u8], times: usize) -> (bool, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let (head, chunk) = (head.to_vec(), chunk.to_vec());
    let writer = std::thread::spawn(move || {
        // The child may stop reading early (an error): a broken pipe ends this.
        if stdin.write_all(&head).is_err() {
            return;
        }
        for _ in 0..times {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    // Sample the child's peak RSS while it runs: VmHWM is the high-water mark.
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            if let Some(kb) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kb);
            }
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        peak,
    )
}

/// Far above what the scanner's 64 KiB block, the 1 MiB output buffer and
/// the embedded tables need, far below the streams sent.
const PEAK_KIB: u64 = 64 * 1024;
const MIB: usize = 1 << 20;

#[test]
fn huge_counts_are_refused_at_once() {
    for (args, input, message) in [
        (
            &["solve", "cards"][..],
            "1000000000000000000\n",
            "the number of situations T must be in 1..=100000 (found \"1000000000000000000\")",
        ),
        (
            &["solve", "stones"][..],
            "1000000000000000000\n",
            "the number of cases T must be in 1..=1000000 (found \"1000000000000000000\")",
        ),
        (
            &["solve", "stones"][..],
            "1\n1000000000000\n1\n1\n",
            "the number of piles n must be in 1..=100000 (found \"1000000000000\")",
        ),
    ] {
        let (ok, stderr, peak) = run_streaming(args, input.as_bytes(), b"", 0);
        assert!(!ok && stderr.contains(message), "{args:?}: {stderr}");
        assert!(peak < PEAK_KIB, "{args:?}: peak {peak} KiB");
    }
}

#[test]
fn a_200_mib_stream_of_separators_is_read_in_bounded_memory() {
    let spaces = vec![b' '; MIB];
    let newlines = vec![b'\n'; MIB];
    for (game, chunk, message) in [
        ("cards", &spaces, "expected situation 1: who moves first"),
        (
            "stones",
            &newlines,
            "expected case 1: the number of piles n",
        ),
    ] {
        let (ok, stderr, peak) = run_streaming(&["solve", game], b"1\n", chunk, 200);
        assert!(!ok && stderr.contains(message), "{game}: {stderr}");
        assert!(stderr.contains("(input ended)"), "{game}: {stderr}");
        if cfg!(target_os = "linux") {
            assert!(peak > 0 && peak < PEAK_KIB, "{game}: peak {peak} KiB");
        }
    }
}

#[test]
fn a_line_without_end_is_refused_after_64_characters() {
    let digits = vec![b'7'; MIB];
    let (ok, stderr, peak) = run_streaming(&["solve", "cards"], b"", &digits, 200);
    assert!(!ok, "{stderr}");
    let shown = "7".repeat(64);
    assert!(
        stderr.contains(&format!(
            "line 1: the number of situations T: expected an unsigned integer, not a token of over 64 characters (found \"{shown}...\")"
        )),
        "{stderr}"
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
}

/// Leading zeros do not count to the 64 characters: 200 MiB of them are
/// read, in bounded memory, as the number 0 (`scanf` reads them so).
#[test]
fn a_200_mib_run_of_leading_zeros_is_read_as_a_number() {
    let zeros = vec![b'0'; MIB];
    let (ok, stderr, peak) = run_streaming(&["solve", "stones"], b"1\n1\n", &zeros, 200);
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains(
            "line 3: case 1: the stones a_1 of pile 1 must be in 1..=1000000000 (found \"0\")"
        ),
        "{stderr}"
    );
    if cfg!(target_os = "linux") {
        assert!(peak > 0 && peak < PEAK_KIB, "peak {peak} KiB");
    }
}

#[test]
fn valid_input_of_the_largest_size_is_answered_in_bounded_memory() {
    // 10^6 piles in all (about 11 MB), the judge format's largest input.
    let mut input = Vec::new();
    gametable_gen::games::stones::judge::write_random_input(3, 1_000_000, &mut input);
    let (ok, stderr, peak) = run_streaming(&["solve", "stones"], &input, b"", 0);
    assert!(ok, "{stderr}");
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
}

#[test]
fn table_files_are_read_only_as_far_as_they_can_be_valid() {
    let dir = std::env::temp_dir().join(format!("gametable-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Not a table: refused after the 14-byte preamble, whatever follows.
    for (args, message) in [
        (&["stats", "/dev/zero"][..], "bad magic"),
        (&["solve", "cards", "--table", "/dev/zero"][..], "bad magic"),
        (&["verify", "/dev/zero"][..], "bad magic"),
    ] {
        let (ok, stderr, peak) = run_streaming(args, b"", b"", 0);
        let out = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &stderr;
        assert!(!ok && text.contains(message), "{args:?}: {text}");
        assert!(peak < PEAK_KIB, "{args:?}: peak {peak} KiB");
    }
    // A re-signed header claiming 10^12 states of a variant that has them
    // (and a payload of a few bytes): refused before any payload is decoded.
    let committed = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/cards-8-5.gtbl"
    ))
    .unwrap();
    let raw = gametable_format::read_raw(&committed).unwrap();
    let variant = gametable::Variant::new(40, 5).unwrap();
    let mut header = raw.header.clone();
    header.game = gametable_format::Game::new("cards", &[("cards", 40), ("modulus", 5)]);
    header.states = variant.states();
    header.payload_len = variant.states().div_ceil(4);
    let stored = raw.stored;
    let header_bytes = postcard_header(&header);
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&committed[..10]);
    bytes.extend_from_slice(&(header_bytes.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header_bytes);
    bytes.extend_from_slice(stored);
    let digest = gametable_format::sha256(&bytes);
    bytes.extend_from_slice(&digest);
    let path = dir.join("huge-claim.gtbl");
    std::fs::write(&path, &bytes).unwrap();
    let (ok, stderr, peak) = run_streaming(
        &["solve", "cards", "--table", path.to_str().unwrap()],
        b"",
        b"",
        0,
    );
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains("is over this reader's limit"),
        "{}: {stderr}",
        variant.states()
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A named pipe where a table should be is refused by its kind: opening
/// it would wait for a writer that never comes. An anonymous pipe is read.
#[test]
fn a_fifo_given_as_a_table_is_refused_without_waiting_for_it() {
    let dir = std::env::temp_dir().join(format!("gametable-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("t.gtbl");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    for args in [
        &["stats", fifo][..],
        &["verify", fifo],
        &["verify", folder],
        &["solve", "cards", "--table", fifo],
        &[
            "query",
            "tictactoe",
            "--table",
            fifo,
            "--position",
            "x...o....",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Not a measure of speed: a command that waits on the FIFO never
        // ends, and this test must end to say so.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("{args:?} waited on the FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {text}");
        assert!(
            text.contains(&format!("{fifo}: is a named pipe (FIFO)")),
            "{args:?}: {text}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // A pipe a shell makes has its writer already, and is read.
    let table = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/tictactoe.gtbl"
    ))
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .args(["stats", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(&table);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("tictactoe"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Something other than a file where a table's distance table goes (a
/// folder, a named pipe) is refused by name, not taken for a table
/// without distances and answered from without them.
#[cfg(unix)]
#[test]
fn a_folder_or_a_fifo_where_the_distance_table_goes_is_refused() {
    let dir = std::env::temp_dir().join(format!("gametable-beside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/");
    for (table, game, position) in [
        ("cards-8-5", "cards", "alice:10000000:00040020"),
        ("tictactoe", "tictactoe", "x...o...."),
    ] {
        let path = dir.join(format!("{table}.gtbl"));
        std::fs::copy(format!("{data}{table}.gtbl"), &path).unwrap();
        let beside = dir.join(format!("{table}-distance.gtbl"));
        let path = path.to_str().unwrap();
        for make in ["folder", "fifo"] {
            if make == "folder" {
                std::fs::create_dir(&beside).unwrap();
            } else {
                let made = Command::new("mkfifo").arg(&beside).status();
                assert!(made.is_ok_and(|s| s.success()), "mkfifo");
            }
            for args in [
                &["stats", path][..],
                &["query", game, "--table", path, "--position", position],
            ] {
                let out = Command::new(env!("CARGO_BIN_EXE_gametable"))
                    .args(args)
                    .stdin(Stdio::null())
                    .output()
                    .unwrap();
                let text = String::from_utf8_lossy(&out.stdout).into_owned()
                    + &String::from_utf8_lossy(&out.stderr);
                assert!(!out.status.success(), "{make}: {args:?}: {text}");
                assert!(
                    text.contains(&format!("{}:", beside.display())),
                    "{make}: {args:?}: {text}"
                );
            }
            if make == "folder" {
                std::fs::remove_dir(&beside).unwrap();
            } else {
                std::fs::remove_file(&beside).unwrap();
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table's companions (its fingerprint, the folder's checksum list)
/// are read only as far as such a file can go: linked to `/dev/zero`, they
/// are refused, not read until the memory runs out.
#[cfg(unix)]
#[test]
fn companions_linked_to_an_endless_file_are_refused() {
    let dir = std::env::temp_dir().join(format!("gametable-endless-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/");
    std::fs::copy(format!("{data}tictactoe.gtbl"), dir.join("t.gtbl")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("t.fingerprint")).unwrap();
    let table = dir.join("t.gtbl");
    let (ok, stderr, peak) = run_streaming(&["verify", table.to_str().unwrap()], b"", b"", 0);
    let out = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .args(["verify", table.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &stderr;
    assert!(
        !ok && text.contains("t.fingerprint: longer than 16777216 bytes"),
        "{text}"
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_refuses_a_table_past_the_format_limit_before_solving() {
    let dir = std::env::temp_dir().join(format!("gametable-too-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("t.gtbl");
    let generate = |extra: &[&str]| {
        let mut args = vec!["generate", "cards", "--modulus", "7", "--output"];
        args.push(output.to_str().unwrap());
        args.extend_from_slice(extra);
        run_streaming(&args, b"", b"", 0)
    };
    // (16, 7) over every state: 5,567,099,769 states, whose distances at
    // 8 bits exceed 4 GiB while their outcomes at 2 bits do not.
    let (ok, stderr, peak) = generate(&["--cards", "16"]);
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains(
            "cards (16, 7), every state: a table of 5567099769 states at 8 bits per state needs 5567099769 payload bytes, over the format's limit of 4294967296 bytes"
        ) && stderr.contains("nothing was solved; with --symmetry orbits (one state per orbit) it fits"),
        "{stderr}"
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
    // Over orbits its 927,854,649 orbits fit with distances; (19, 7)'s
    // 5,227,410,000 fit only without.
    let (ok, stderr, _) = generate(&["--cards", "19", "--symmetry", "orbits"]);
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains("5227410000 states at 8 bits per state")
            && stderr.contains("with --no-distances the outcome table alone fits"),
        "{stderr}"
    );
    // (20, 7) over every state fits neither way; over orbits, outcomes only.
    let (ok, stderr, _) = generate(&["--cards", "20"]);
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains("53005852900 states at 2 bits per state needs 13251463225 payload bytes")
            && stderr.contains(
                "with --symmetry orbits --no-distances the outcome table over orbits fits"
            ),
        "{stderr}"
    );
    // (22, 7) over orbits: 23,655,527,120 orbits, 5,913,881,780 bytes of
    // outcomes even without distances.
    let (ok, stderr, peak) = generate(&["--cards", "22", "--symmetry", "orbits", "--no-distances"]);
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains(
            "a table of 23655527120 states at 2 bits per state needs 5913881780 payload bytes"
        ),
        "{stderr}"
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
    assert!(!output.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Variants far past the format or this machine are refused at once, in
/// little memory: their size is counted (Cards' orbits by Burnside's
/// lemma), never built (the numbering of (16, 16) would take 300 GB, the
/// orbit bitmap of Connect Four 7 x 6 8.8 TB), and compared with the
/// machine's memory and swap, not with what the kernel would promise.
#[test]
fn generate_refuses_what_no_table_or_machine_holds_without_building_it() {
    let dir = std::env::temp_dir().join(format!("gametable-far-too-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("t.gtbl");
    let output = output.to_str().unwrap();
    let (ok, stderr, peak) = run_streaming(
        &[
            "generate",
            "cards",
            "--cards",
            "16",
            "--modulus",
            "16",
            "--symmetry",
            "orbits",
            "--no-distances",
            "--output",
            output,
        ],
        b"",
        b"",
        0,
    );
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains("cards (16, 16), one state per orbit of the game's symmetry: a table of 11291029790238285 states at 2 bits per state"),
        "{stderr}"
    );
    assert!(peak < PEAK_KIB, "peak {peak} KiB");
    for symmetry in ["orbits", "none"] {
        let (ok, stderr, peak) = run_streaming(
            &[
                "generate",
                "connect4",
                "--width",
                "7",
                "--height",
                "6",
                "--symmetry",
                symmetry,
                "--output",
                output,
            ],
            b"",
            b"",
            0,
        );
        assert!(!ok, "{stderr}");
        let what = if symmetry == "orbits" {
            "the bitmap numbering the orbits (a bit per index) would take 8841079999436 bytes"
        } else {
            "the work cells (a byte per state) would take 70728639995483 bytes"
        };
        // Past the machine's memory and swap (any machine's, today).
        assert!(
            stderr.contains(&format!(
                "connect4 (width 7, height 6): too large to solve here: {what} alone, more than the "
            )) && stderr.contains("nothing was solved"),
            "{stderr}"
        );
        assert!(peak < PEAK_KIB, "peak {peak} KiB");
    }
    assert!(!std::path::Path::new(output).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The header serialized as the format does.
fn postcard_header(header: &gametable_format::Header) -> Vec<u8> {
    postcard::to_allocvec(header).unwrap()
}

/// A limit set on the process (`ulimit -v`, as `prlimit --as` sets) is a
/// bound too: a Cards sweep past it is refused by name before its cells are
/// allocated, where the allocator used to abort the process.
#[test]
fn generate_refuses_a_sweep_past_the_process_limit() {
    let dir = std::env::temp_dir().join(format!("gametable-past-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("t.gtbl");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_gametable"))
        .args([
            "generate",
            "cards",
            "--cards",
            "21",
            "--modulus",
            "7",
            "--symmetry",
            "orbits",
            "--no-distances",
            "--output",
        ])
        .arg(&output)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "too large to solve here: the work cells (a byte per orbit) would take 14603667420 bytes alone, \
             more than the "
        ) && stderr.contains(" bytes this process may use"),
        "{stderr}"
    );
    assert!(!output.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
