//! One module per subcommand.

pub mod bench;
pub mod generate;
pub mod play;
pub mod query;
pub mod solve;
pub mod stats;
pub mod verify;

use std::path::Path;

use gametable_gen::table_file::{self, DistanceFile, OutcomeFile};

/// The Cards table to answer from: the file given, else the embedded one.
pub enum TableSource {
    /// Read from a file.
    File(OutcomeFile),
    /// The embedded (8, 5) table.
    #[cfg(feature = "embedded")]
    Embedded,
}

impl TableSource {
    /// Opens the file given, or falls back to the embedded table.
    pub fn open(path: Option<&Path>) -> super::Result<TableSource> {
        match path {
            Some(path) => Ok(TableSource::File(OutcomeFile::read(path)?)),
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

    /// A lookup table over the source.
    pub fn table(&self) -> gametable::CardsTable<'_> {
        match self {
            TableSource::File(file) => file.table(),
            #[cfg(feature = "embedded")]
            TableSource::Embedded => gametable::CLASSIC,
        }
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
                let distances = DistanceFile::read(&distance_path)?;
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

/// A hand's cards in ascending order, separated by spaces.
pub fn show_hand(hand: &gametable::Hand) -> String {
    hand.cards()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
