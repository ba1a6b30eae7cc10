//! Cards table files: building them from a sweep, reading them back with
//! every check, their fingerprints and the `SHA256SUMS` list beside them.
//!
//! The byte layout lives in `gametable-format`; this module adds what is
//! specific to Cards (parameters, state counts, outcome codes) and to the
//! `data/` directory (file names, fingerprints, checksum lists).

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use gametable::{code, CardsTable, Variant};
use gametable_format::{Compression, FormatError, Game, Header, Symmetry, TableKind, TableSpec};

use crate::atomic;
use crate::sweep::Solution;

/// The maker named in every header and fingerprint.
pub const GENERATOR: &str = concat!("gametable-gen ", env!("CARGO_PKG_VERSION"));

/// The name of the checksum list in a table directory.
pub const SUMS: &str = "SHA256SUMS";

/// A table file that cannot be used, and why.
#[derive(Debug)]
pub enum TableFileError {
    /// The file cannot be read or written.
    Io(PathBuf, std::io::Error),
    /// The bytes are not a valid table file.
    Format(PathBuf, FormatError),
    /// The file is valid but not what was asked for, or not a Cards table this tool reads.
    Unsupported(PathBuf, String),
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            TableFileError::Format(path, e) => write!(f, "{}: {e}", path.display()),
            TableFileError::Unsupported(path, why) => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl std::error::Error for TableFileError {}

/// The conventional file name of a variant's outcome table, e.g. `cards-8-5.gtbl`.
pub fn default_file_name(variant: Variant) -> String {
    format!("cards-{}-{}.gtbl", variant.cards(), variant.modulus())
}

/// The fingerprint file beside a table: `cards-8-5.gtbl` -> `cards-8-5.fingerprint`.
pub fn fingerprint_path(table: &Path) -> PathBuf {
    table.with_extension("fingerprint")
}

/// The spec of a full 2-bit outcome table of `variant`.
pub fn outcome_spec(variant: Variant) -> TableSpec {
    TableSpec {
        game: Game::Cards {
            cards: variant.cards(),
            modulus: variant.modulus(),
        },
        kind: TableKind::Outcome,
        bits_per_state: 2,
        symmetry: Symmetry::None,
        states: variant.states(),
        compression: Compression::Zstd,
        generator: GENERATOR.to_string(),
    }
}

/// Encodes a sweep's outcomes as a table file.
///
/// # Errors
/// Only if the solution's sizes disagree with its variant (a bug).
pub fn encode(solution: &Solution) -> Result<Vec<u8>, FormatError> {
    gametable_format::encode(&outcome_spec(solution.variant), &solution.outcomes)
}

/// A Cards outcome table read from a file and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeFile {
    /// The header.
    pub header: Header,
    /// The variant.
    pub variant: Variant,
    /// The packed 2-bit codes.
    pub packed: Vec<u8>,
}

impl OutcomeFile {
    /// A lookup table over the codes.
    pub fn table(&self) -> CardsTable<'_> {
        // The codes were checked by `from_bytes`.
        CardsTable::check_length(self.variant, &self.packed)
            .unwrap_or_else(|_| unreachable!("length checked on read"))
    }

    /// Counts of each outcome code, indexed by code.
    pub fn counts(&self) -> [u64; 4] {
        count_codes(&self.packed, self.variant.states())
    }

    /// Decodes and checks a Cards outcome table: the file format (magic,
    /// version, header, length, checksums), then parameters, state count and
    /// codes (only the both-zero state may say "not a position").
    ///
    /// # Errors
    /// [`TableFileError::Format`] or [`TableFileError::Unsupported`], naming `path`.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<OutcomeFile, TableFileError> {
        let unsupported = |why: String| TableFileError::Unsupported(path.to_path_buf(), why);
        let table =
            gametable_format::decode(bytes).map_err(|e| TableFileError::Format(path.into(), e))?;
        let Game::Cards { cards, modulus } = table.header.game;
        let variant = Variant::new(cards, modulus).map_err(|e| unsupported(e.to_string()))?;
        if table.header.kind != TableKind::Outcome || table.header.symmetry != Symmetry::None {
            return Err(unsupported(format!(
                "a {:?} table with symmetry {:?}; expected a full outcome table",
                table.header.kind, table.header.symmetry
            )));
        }
        if table.header.states != variant.states() {
            return Err(unsupported(format!(
                "header says {} states, but ({cards}, {modulus}) has {}",
                table.header.states,
                variant.states()
            )));
        }
        CardsTable::from_packed(variant, &table.payload).map_err(|e| unsupported(e.to_string()))?;
        Ok(OutcomeFile {
            header: table.header,
            variant,
            packed: table.payload,
        })
    }

    /// Reads a table file and checks it as [`OutcomeFile::from_bytes`] does.
    ///
    /// # Errors
    /// As `from_bytes`, and [`TableFileError::Io`].
    pub fn read(path: &Path) -> Result<OutcomeFile, TableFileError> {
        let bytes = std::fs::read(path).map_err(|e| TableFileError::Io(path.into(), e))?;
        OutcomeFile::from_bytes(path, &bytes)
    }
}

/// Counts of each 2-bit code among the first `states` states of `packed`.
pub fn count_codes(packed: &[u8], states: u64) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for (i, &byte) in packed.iter().enumerate() {
        for slot in 0..4u64 {
            if (i as u64) * 4 + slot < states {
                let c = (byte >> (slot * 2)) & 3;
                if let Some(n) = counts.get_mut(c as usize) {
                    *n += 1;
                }
            }
        }
    }
    counts
}

/// The human-readable fingerprint of a table: parameters, sizes, counts,
/// digest and the command that makes it. Deterministic: no dates, no paths
/// beyond the file name.
pub fn fingerprint(file_name: &str, header: &Header, file_len: usize, counts: [u64; 4]) -> String {
    let Game::Cards { cards, modulus } = header.game;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Fingerprint of {file_name}. Generated file: do not edit."
    );
    let _ = writeln!(
        text,
        "# Regenerate with: cargo run --release -p gametable-gen --no-default-features -- generate cards --cards {cards} --modulus {modulus} --output data/{file_name}"
    );
    let _ = writeln!(text, "game = cards");
    let _ = writeln!(text, "cards = {cards}");
    let _ = writeln!(text, "modulus = {modulus}");
    let _ = writeln!(text, "kind = {:?}", header.kind);
    let _ = writeln!(text, "bits_per_state = {}", header.bits_per_state);
    let _ = writeln!(text, "symmetry = {:?}", header.symmetry);
    let _ = writeln!(text, "states = {}", header.states);
    let _ = writeln!(text, "payload_bytes = {}", header.payload_len);
    let _ = writeln!(text, "file_bytes = {file_len}");
    let _ = writeln!(text, "wins = {}", counts[code::WIN as usize]);
    let _ = writeln!(text, "losses = {}", counts[code::LOSS as usize]);
    let _ = writeln!(text, "draws = {}", counts[code::DRAW as usize]);
    let _ = writeln!(
        text,
        "not_a_position = {}",
        counts[code::NOT_A_POSITION as usize]
    );
    let _ = writeln!(
        text,
        "payload_sha256 = {}",
        gametable_format::hex(&header.payload_sha256)
    );
    let _ = writeln!(text, "generator = {}", header.generator);
    text
}

/// Rewrites `dir/SHA256SUMS` (atomically) so that it lists `files` (names in
/// `dir`) with their current digests, keeping other entries, sorted by name.
///
/// # Errors
/// Any I/O error, naming the file.
pub fn update_sums(dir: &Path, files: &[&str]) -> Result<(), TableFileError> {
    let sums_path = dir.join(SUMS);
    let io = |path: &Path, e| TableFileError::Io(path.to_path_buf(), e);
    let existing = match std::fs::read_to_string(&sums_path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(io(&sums_path, e)),
    };
    let mut entries: Vec<(String, String)> = existing
        .lines()
        .filter_map(|line| {
            let (digest, name) = line.split_once("  ")?;
            Some((name.to_string(), digest.to_string()))
        })
        .filter(|(name, _)| !files.contains(&name.as_str()))
        .collect();
    for name in files {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).map_err(|e| io(&path, e))?;
        entries.push((
            name.to_string(),
            gametable_format::hex(&gametable_format::sha256(&bytes)),
        ));
    }
    entries.sort();
    let text: String = entries
        .iter()
        .map(|(name, digest)| format!("{digest}  {name}\n"))
        .collect();
    atomic::write(&sums_path, text.as_bytes()).map_err(|e| io(&sums_path, e))
}

/// Checks `dir/SHA256SUMS` against the files it lists, as `sha256sum -c` does.
///
/// # Errors
/// A message naming the first missing or mismatched file.
pub fn check_sums(dir: &Path) -> Result<usize, TableFileError> {
    let sums_path = dir.join(SUMS);
    let text = std::fs::read_to_string(&sums_path)
        .map_err(|e| TableFileError::Io(sums_path.clone(), e))?;
    let mut checked = 0;
    for (number, line) in text.lines().enumerate() {
        let Some((digest, name)) = line.split_once("  ") else {
            return Err(TableFileError::Unsupported(
                sums_path.clone(),
                format!("line {}: expected '<sha256>  <file>'", number + 1),
            ));
        };
        let path = dir.join(name);
        let bytes = std::fs::read(&path).map_err(|e| TableFileError::Io(path.clone(), e))?;
        let found = gametable_format::hex(&gametable_format::sha256(&bytes));
        if found != digest {
            return Err(TableFileError::Unsupported(
                path,
                format!("sha256 {found} does not match {SUMS} ({digest})"),
            ));
        }
        checked += 1;
    }
    Ok(checked)
}
