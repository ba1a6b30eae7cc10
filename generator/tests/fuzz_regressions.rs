//! Every input the fuzzers (`fuzz/`) ever failed on, and their seeds,
//! replayed through the same checks, without a fuzzer: an ordinary test.
//!
//! Inputs live in `tests/data/fuzz/<target>/`, one file each, named for
//! what went wrong; the seeds in `fuzz/seeds/<target>/`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

#[path = "support/oracles.rs"]
mod oracles;

use std::path::{Path, PathBuf};

fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        root.join("tests/data/fuzz").join(target),
        root.join("../fuzz/seeds").join(target),
    ] {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            files.extend(entries.filter_map(|e| e.ok()).map(|e| e.path()));
        }
    }
    files.sort();
    files
}

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let files = inputs(target);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        eprintln!("{target}: {}", path.display());
        check(&bytes);
    }
    files.len()
}

#[test]
fn judge_cards() {
    assert!(replay("judge_cards", oracles::check_cards_judge) >= 3);
}

#[test]
fn judge_stones() {
    assert!(replay("judge_stones", oracles::check_stones_judge) >= 3);
}

#[test]
fn table_reader() {
    assert!(replay("table_reader", oracles::check_table) >= 8);
    // And the committed table itself.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    oracles::check_table(&std::fs::read(root.join("../data/cards-8-5.gtbl")).unwrap());
}

#[test]
fn cli_args() {
    assert!(replay("cli_args", oracles::check_cli) >= 3);
}

/// The vertical tab is a separator everywhere, as the scanner documents:
/// `2\v3` used to be refused while `\v2` was read (found by fuzzing).
#[test]
fn vertical_tab_separates_numbers() {
    let mut out = Vec::new();
    let input = b"1\x0b1\x0b1 1 1 1 1 1 1 1\x0b1 1 1 1 1 1 1 1\x0b";
    assert!(
        gametable_gen::games::cards::judge::answer(&input[..], &gametable::CLASSIC, &mut out)
            .is_ok()
    );
    assert_eq!(out, b"Deal\n");
    let mut out = Vec::new();
    assert!(
        gametable_gen::games::stones::judge::answer(&b"1\x0b1\x0b3\x0b2"[..], &mut out).is_ok()
    );
    assert_eq!(out, b"Bob\n");
}
