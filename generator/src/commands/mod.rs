//! One module per subcommand.

pub mod generate;
pub mod query;
pub mod solve;
pub mod stats;
pub mod verify;

use std::path::Path;

use gametable_gen::table_file::OutcomeFile;

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
