//! Just enough of format version 1 to say how to regenerate such a file.
//!
//! Version 1 knew one game, Cards, as an enum in the header; every v1 file
//! is a Cards table, so its header names the exact `generate cards` command
//! that writes its version 2 successor.

use serde::Deserialize;

use crate::header::{Compression, TableKind};

#[derive(Deserialize)]
enum Game {
    Cards { cards: u8, modulus: u8 },
}

#[derive(Deserialize)]
enum Symmetry {
    None,
    UnitOrbits,
}

/// The version 1 header, field for field (only the first fields are used,
/// but postcard reads in order).
#[derive(Deserialize)]
struct Header {
    game: Game,
    #[allow(dead_code)]
    kind: TableKind,
    #[allow(dead_code)]
    bits_per_state: u8,
    symmetry: Symmetry,
    #[allow(dead_code)]
    states: u64,
    compression: Compression,
}

/// The command that regenerates the table whose version 1 header is
/// `header_bytes`, if they decode.
pub(crate) fn regenerate(header_bytes: &[u8]) -> Option<String> {
    let (header, _): (Header, _) = postcard::take_from_bytes(header_bytes).ok()?;
    let Game::Cards { cards, modulus } = header.game;
    let mut command = format!(
        "{} cards --cards {cards} --modulus {modulus}",
        crate::GENERATE
    );
    if matches!(header.symmetry, Symmetry::UnitOrbits) {
        command.push_str(" --symmetry orbits");
    }
    if header.compression == Compression::None {
        command.push_str(" --compression none");
    }
    Some(command)
}
