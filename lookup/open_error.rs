//! Why a table file could not be opened (feature `open`).

use core::fmt;
use std::borrow::Cow;
use std::path::PathBuf;

use gametable_format::{FormatError, Game, Symmetry, TableKind};

use crate::error::{TableError, VariantError};

/// A table file that cannot be opened, and why.
///
/// The message of every variant but [`OpenError::Io`] is about the bytes,
/// not the file: a caller that opened a path prefixes it.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenError {
    /// The file cannot be opened, read or mapped.
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The bytes are not a valid table file: magic, version, header, length,
    /// either checksum, or a payload that does not decompress.
    Format(FormatError),
    /// A valid table of another kind than the one asked for.
    Kind {
        /// The kind asked for.
        expected: TableKind,
        /// The kind in the file.
        found: TableKind,
    },
    /// A valid table of another game, or of parameters that game does not
    /// have (names, order, or values out of range for their type).
    Game {
        /// The game and parameters in the header.
        found: Game,
        /// The game and parameters asked for, e.g. `cards, with the
        /// parameters cards and modulus`, or an index's
        /// `connect4 (width = 4, height = 5), the index's`.
        expected: Cow<'static, str>,
    },
    /// A table of the game asked for, but of another size or symmetry than
    /// the [`crate::StateIndex`] it is read with.
    Index {
        /// What differs, e.g. `header says 9 stored states, the index has 8`.
        why: std::string::String,
    },
    /// The header's Cards parameters are not a variant this crate knows.
    Variant(VariantError),
    /// The header's state count is not the variant's (for its symmetry).
    States {
        /// Which states the table stores.
        symmetry: Symmetry,
        /// States the variant has with that symmetry (`None`: far more than
        /// the header says, not counted).
        expected: Option<u64>,
        /// States the header says.
        found: u64,
    },
    /// The payload's codes or distances are impossible for the variant.
    Table(TableError),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            OpenError::Format(e) => e.fmt(f),
            OpenError::Kind { expected, found } => write!(
                f,
                "{} table, but {} table was asked for",
                kind_name(*found),
                kind_name(*expected)
            ),
            OpenError::Game { found, expected } => {
                write!(f, "a table of {found}, not of {expected}")
            }
            OpenError::Index { why } => write!(f, "the table does not fit the index: {why}"),
            OpenError::Variant(e) => write!(f, "bad parameters: {e}"),
            OpenError::States {
                symmetry,
                expected,
                found,
            } => {
                let what = match symmetry {
                    Symmetry::None => "states",
                    Symmetry::Orbits => "orbits of states",
                };
                match expected {
                    Some(expected) => write!(
                        f,
                        "header says {found} states, but the variant has {expected} {what}"
                    ),
                    None => write!(
                        f,
                        "header says {found} states, but the variant has far more {what}"
                    ),
                }
            }
            OpenError::Table(e) => e.fmt(f),
        }
    }
}

/// A table kind with its article, for messages.
fn kind_name(kind: TableKind) -> &'static str {
    match kind {
        TableKind::Outcome => "an outcome",
        TableKind::Distance => "a distance",
    }
}

// Each message already says its cause (an I/O error after the path; a
// wrapped error is the message): `source` does not give it a second time,
// so that a chain of causes (anyhow's `{:#}`) names it once. The I/O
// error itself is the `Io` variant's field.
impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Io { .. } => None,
            OpenError::Format(e) => e.source(),
            OpenError::Variant(e) => e.source(),
            OpenError::Table(e) => e.source(),
            OpenError::Kind { .. }
            | OpenError::States { .. }
            | OpenError::Game { .. }
            | OpenError::Index { .. } => None,
        }
    }
}

impl From<FormatError> for OpenError {
    fn from(e: FormatError) -> OpenError {
        OpenError::Format(e)
    }
}

impl From<TableError> for OpenError {
    fn from(e: TableError) -> OpenError {
        OpenError::Table(e)
    }
}

impl From<VariantError> for OpenError {
    fn from(e: VariantError) -> OpenError {
        OpenError::Variant(e)
    }
}
