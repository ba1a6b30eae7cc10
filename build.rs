//! Embeds the committed (8, 5) Cards outcome and distance tables.
//!
//! Reads `data/cards-8-5.gtbl`, checks magic, version, header, length and
//! both checksums with the one format definition (`gametable-format`),
//! checks that it is the (8, 5) 2-bit outcome table and that only the
//! both-zero state holds the "not a position" code, decompresses it with a
//! pure-Rust zstd decoder, and writes the packed codes to
//! `$OUT_DIR/cards-8-5.outcome` for `include_bytes!`. Then the same for
//! `data/cards-8-5-distance.gtbl` (8 bits per state, 255 = no distance),
//! checked state by state against the outcomes (a draw has no distance, a
//! loss an even one, a win an odd one or a terminal 0) and against the
//! rules (exactly the states with one hand all zeros at 0), written to
//! `$OUT_DIR/cards-8-5.distance`. No analysis runs here. Any problem fails
//! the build with the file's path and the cause.

use std::path::{Path, PathBuf};

// The packing rule, the outcome codes and the rule that an outcome and a
// distance obey together: the same files the crate compiles.
#[path = "lookup/code.rs"]
#[allow(dead_code)]
mod code;
#[path = "lookup/consistency.rs"]
mod consistency;
#[path = "lookup/packing.rs"]
#[allow(dead_code)]
mod packing;

use gametable_format::{Game, Symmetry, TableKind};

const TABLE: &str = "data/cards-8-5.gtbl";
const DISTANCES: &str = "data/cards-8-5-distance.gtbl";
const HANDS: u64 = 495;
const STATES: u64 = 495 * 495;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_EMBEDDED").is_none() {
        return;
    }
    println!("cargo:rerun-if-changed={TABLE}");
    println!("cargo:rerun-if-changed={DISTANCES}");
    if let Err(message) = embed() {
        eprintln!("error: cannot embed {message}");
        eprintln!(
            "regenerate both tables with: {} cards",
            gametable_format::GENERATE
        );
        std::process::exit(1);
    }
}

fn embed() -> Result<(), String> {
    let outcomes = read(TABLE, TableKind::Outcome, 2).map_err(|e| format!("{TABLE}: {e}"))?;
    for index in 0..STATES {
        let found = outcome_code(&outcomes, index);
        if (found == code::NOT_A_POSITION) != (index == 0) {
            return Err(format!(
                "{TABLE}: impossible outcome code {found} at state {index}"
            ));
        }
    }
    let distances =
        read(DISTANCES, TableKind::Distance, 8).map_err(|e| format!("{DISTANCES}: {e}"))?;
    for index in 0..STATES {
        let distance = distances.get(index as usize).copied().unwrap_or(0);
        // 8 bits per state, all ones for no distance.
        let known = (distance != u8::MAX).then_some(u16::from(distance));
        if !consistency::fits(outcome_code(&outcomes, index), known, index, HANDS) {
            return Err(format!(
                "{DISTANCES}: distance {distance} at state {index} does not fit outcome code {} in {TABLE}",
                outcome_code(&outcomes, index)
            ));
        }
        // Rank 0 is the all-zero hand: the mover's below HANDS, the
        // waiting side's at multiples of it.
        if !consistency::ending_fits(index < HANDS, index % HANDS == 0, known) {
            let said = known.map_or("no distance".to_string(), |d| format!("distance {d}"));
            return Err(format!(
                "{DISTANCES}: {said} at state {index}, where the rules say whether a hand is all zeros"
            ));
        }
    }
    let out_dir = std::env::var_os("OUT_DIR").ok_or("OUT_DIR unset")?;
    for (payload, name) in [
        (&outcomes, "cards-8-5.outcome"),
        (&distances, "cards-8-5.distance"),
    ] {
        let out = PathBuf::from(&out_dir).join(name);
        std::fs::write(&out, payload).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(())
}

fn outcome_code(packed: &[u8], index: u64) -> u8 {
    packing::code_at(packed, index).unwrap_or(0)
}

/// Reads and checks the (8, 5) table at `relative` of `kind`, returning its
/// decoded payload.
fn read(relative: &str, kind: TableKind, bits: u8) -> Result<Vec<u8>, String> {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR unset")?;
    let path = Path::new(&manifest).join(relative);
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table = gametable_format::decode(&bytes).map_err(|e| e.to_string())?;
    let header = &table.header;
    let expected = Game::new("cards", &[("cards", 8), ("modulus", 5)]);
    if header.game != expected || header.symmetry != Symmetry::None || header.states != STATES {
        return Err(format!(
            "it holds {} ({:?}, {} states), not the full (8, 5) table",
            header.game, header.symmetry, header.states
        ));
    }
    if header.kind != kind || header.bits_per_state != bits {
        return Err(format!(
            "it holds a {:?} table of {} bits per state, not {kind:?} at {bits} bits",
            header.kind, header.bits_per_state
        ));
    }
    Ok(table.payload)
}
