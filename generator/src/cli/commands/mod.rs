//! One module per subcommand.

pub mod bench;
pub mod games;
pub mod generate;
pub mod play;
pub mod play_game;
pub mod query;
pub mod serve;
pub mod solve;
pub mod stats;
pub mod verify;

use std::path::Path;

use crate::games::cards::files::{self as table_file, DistanceFile, OutcomeFile};
use crate::games::cards::judge::{RuleChecked, Unanswered, Verdicts};
use gametable::{Hand, OpenError, OpenTable, Player, Variant, Verdict};

/// The Cards outcome table to answer from: the file given (any variant, full
/// or symmetry-reduced, compressed or memory mapped), each answer checked
/// one move deep against the rules, else the embedded one.
pub enum TableSource {
    /// Opened from a file by the lookup crate.
    File(Box<RuleChecked>),
    /// The embedded (8, 5) table.
    #[cfg(feature = "embedded")]
    Embedded,
}

impl TableSource {
    /// Opens the file given, or falls back to the embedded table.
    pub fn open(path: Option<&Path>) -> super::Result<TableSource> {
        match path {
            Some(path) => Ok(TableSource::File(Box::new(RuleChecked::new(
                OpenTable::open(path).map_err(|e| open_error(path, e))?,
            )))),
            #[cfg(feature = "embedded")]
            None => Ok(TableSource::Embedded),
            #[cfg(not(feature = "embedded"))]
            None => Err(
                "this build has no embedded table (built without the `embedded` \
                 feature): pass --table data/cards-8-5.gtbl"
                    .into(),
            ),
        }
    }
}

impl Verdicts for TableSource {
    fn variant(&self) -> Variant {
        match self {
            TableSource::File(table) => table.variant(),
            #[cfg(feature = "embedded")]
            TableSource::Embedded => gametable::CLASSIC.variant(),
        }
    }

    #[inline]
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, Unanswered> {
        match self {
            TableSource::File(table) => table.verdict(first, alice, bob),
            #[cfg(feature = "embedded")]
            TableSource::Embedded => Verdicts::verdict(&gametable::CLASSIC, first, alice, bob),
        }
    }
}

/// An opener's error for a person: the path first (I/O errors name it already).
pub fn open_error(path: &Path, e: OpenError) -> String {
    match e {
        OpenError::Io { .. } => e.to_string(),
        e => format!("{}: {e}", path.display()),
    }
}

/// Perfect play for Cards: the outcome table given and the distance table
/// beside it, else the embedded (8, 5) pair.
pub enum PlaySource {
    /// Read from files, checked against each other.
    Files(Box<(OutcomeFile, DistanceFile)>),
    /// The embedded (8, 5) tables.
    #[cfg(feature = "embedded")]
    Embedded,
}

impl PlaySource {
    /// Opens the outcome table given and the distance table beside it
    /// (`table_file::distance_path`), checked against each other, or falls
    /// back to the embedded pair.
    pub fn open(path: Option<&Path>) -> super::Result<PlaySource> {
        match path {
            Some(path) => {
                let outcomes = OutcomeFile::read(path)?;
                let distance_path = table_file::distance_path(path);
                let distances = DistanceFile::read(&distance_path).map_err(|e| {
                    format!(
                        "{e} (perfect play needs the distance table beside {}; \
                         generate it without --no-distances)",
                        path.display()
                    )
                })?;
                gametable::PerfectPlay::new(outcomes.table(), distances.table()).map_err(|e| {
                    format!("{} and {}: {e}", path.display(), distance_path.display())
                })?;
                Ok(PlaySource::Files(Box::new((outcomes, distances))))
            }
            #[cfg(feature = "embedded")]
            None => Ok(PlaySource::Embedded),
            #[cfg(not(feature = "embedded"))]
            None => Err(
                "this build has no embedded tables (built without the `embedded` \
                 feature): pass --table data/cards-8-5.gtbl"
                    .into(),
            ),
        }
    }

    /// Perfect play over the source.
    pub fn play(&self) -> gametable::PerfectPlay<'_> {
        match self {
            PlaySource::Files(files) => {
                let (outcomes, distances) = &**files;
                // Checked against each other in `open`.
                gametable::PerfectPlay::check_variant(outcomes.table(), distances.table())
                    .unwrap_or_else(|_| unreachable!("variants checked on open"))
            }
            #[cfg(feature = "embedded")]
            PlaySource::Embedded => gametable::CLASSIC_PLAY,
        }
    }
}
