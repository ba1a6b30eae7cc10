//! Fingerprints of tables of any game: a small text file beside each table
//! with the game, its parameters, the layout and sizes, what the table
//! says counted, the payload digest and the command that regenerates it.
//! Deterministic: no dates, no paths beyond the file name.

use std::fmt::Write as _;

use gametable::code;
use gametable_format::Header;

use super::read::StoredTable;

/// The fingerprint of `table` (read back from the `file_len` bytes of
/// `file_name`), which `regenerate` (a whole command line) writes again.
pub fn fingerprint(
    file_name: &str,
    table: &StoredTable,
    file_len: usize,
    regenerate: &str,
) -> String {
    let header = &table.header;
    let mut text = String::new();
    title_lines(&mut text, file_name, regenerate);
    body_lines(&mut text, header, file_len, true);
    match header.kind {
        gametable_format::TableKind::Outcome => count_lines(&mut text, table.counts()),
        gametable_format::TableKind::Distance => {
            let mut histogram: Vec<u64> = Vec::new();
            let mut none = 0u64;
            for stored in 0..header.states {
                match table.distance(stored) {
                    Some(d) => {
                        let d = usize::from(d);
                        if histogram.len() <= d {
                            histogram.resize(d + 1, 0);
                        }
                        histogram[d] += 1;
                    }
                    None => none += 1,
                }
            }
            let _ = writeln!(text, "no_distance = {none}");
            let _ = writeln!(text, "longest = {}", histogram.len().saturating_sub(1));
            for (d, n) in histogram.iter().enumerate() {
                let _ = writeln!(text, "distance_{d} = {n}");
            }
        }
    }
    footer_lines(&mut text, header);
    text
}

/// The lines every fingerprint starts with: what it is and the command
/// that regenerates its table.
pub(crate) fn title_lines(text: &mut String, file_name: &str, regenerate: &str) {
    let _ = writeln!(
        text,
        "# Fingerprint of {file_name}. Generated file: do not edit."
    );
    let _ = writeln!(text, "# Regenerate with: {regenerate}");
}

/// An outcome table's counts, one line per code.
pub(crate) fn count_lines(text: &mut String, counts: [u64; 4]) {
    let _ = writeln!(text, "wins = {}", counts[code::WIN as usize]);
    let _ = writeln!(text, "losses = {}", counts[code::LOSS as usize]);
    let _ = writeln!(text, "draws = {}", counts[code::DRAW as usize]);
    let _ = writeln!(
        text,
        "not_a_position = {}",
        counts[code::NOT_A_POSITION as usize]
    );
}

/// The lines every fingerprint ends with: the payload's digest and the
/// generator that wrote it.
pub(crate) fn footer_lines(text: &mut String, header: &Header) {
    let _ = writeln!(
        text,
        "payload_sha256 = {}",
        gametable_format::hex(&header.payload_sha256)
    );
    let _ = writeln!(text, "generator = {}", header.generator);
}

/// The game, its parameters, the layout and the sizes; the compression
/// where `compression` (Cards' fingerprints, older than the line, go
/// without it, so that the committed ones stay as they are).
pub(crate) fn body_lines(text: &mut String, header: &Header, file_len: usize, compression: bool) {
    let _ = writeln!(text, "game = {}", header.game.name);
    for (name, value) in &header.game.parameters {
        let _ = writeln!(text, "{name} = {value}");
    }
    let _ = writeln!(text, "kind = {:?}", header.kind);
    let _ = writeln!(text, "bits_per_state = {}", header.bits_per_state);
    let _ = writeln!(text, "symmetry = {:?}", header.symmetry);
    let _ = writeln!(text, "states = {}", header.states);
    if compression {
        let _ = writeln!(text, "compression = {:?}", header.compression);
    }
    let _ = writeln!(text, "payload_bytes = {}", header.payload_len);
    let _ = writeln!(text, "file_bytes = {file_len}");
}
