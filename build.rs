//! Embeds the committed (8, 5) Cards outcome table.
//!
//! Reads `data/cards-8-5.gtbl`, checks magic, version, header, length and
//! both checksums with the one format definition (`gametable-format`),
//! checks that it is the (8, 5) 2-bit outcome table and that only the
//! both-zero state holds the "not a position" code, decompresses it with a
//! pure-Rust zstd decoder, and writes the packed codes to
//! `$OUT_DIR/cards-8-5.outcome` for `include_bytes!`. No analysis runs here.
//! Any problem fails the build with the file's path and the cause.

use std::path::{Path, PathBuf};

use gametable_format::{Game, Symmetry, TableKind};

const TABLE: &str = "data/cards-8-5.gtbl";
const STATES: u64 = 495 * 495;
const NOT_A_POSITION: u8 = 3;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_EMBEDDED").is_none() {
        return;
    }
    println!("cargo:rerun-if-changed={TABLE}");
    if let Err(message) = embed() {
        eprintln!("error: cannot embed {TABLE}: {message}");
        eprintln!(
            "regenerate it with: cargo run --release -p gametable-gen --no-default-features -- generate cards"
        );
        std::process::exit(1);
    }
}

fn embed() -> Result<(), String> {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR unset")?;
    let path = Path::new(&manifest).join(TABLE);
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table = gametable_format::decode(&bytes).map_err(|e| e.to_string())?;
    let header = &table.header;
    let expected = Game::Cards {
        cards: 8,
        modulus: 5,
    };
    if header.game != expected || header.symmetry != Symmetry::None || header.states != STATES {
        return Err(format!(
            "it holds {:?} ({:?}, {} states), not the full (8, 5) table",
            header.game, header.symmetry, header.states
        ));
    }
    if header.kind != TableKind::Outcome || header.bits_per_state != 2 {
        return Err(format!(
            "it holds a {:?} table of {} bits per state, not 2-bit outcomes",
            header.kind, header.bits_per_state
        ));
    }
    for index in 0..STATES {
        let byte = table
            .payload
            .get((index / 4) as usize)
            .copied()
            .unwrap_or(0);
        let code = (byte >> ((index % 4) * 2)) & 3;
        if (code == NOT_A_POSITION) != (index == 0) {
            return Err(format!("impossible outcome code {code} at state {index}"));
        }
    }
    let out_dir = std::env::var_os("OUT_DIR").ok_or("OUT_DIR unset")?;
    let out = PathBuf::from(out_dir).join("cards-8-5.outcome");
    std::fs::write(&out, &table.payload).map_err(|e| format!("{}: {e}", out.display()))
}
