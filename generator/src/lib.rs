//! Solves gametable games offline and writes their tables.
//!
//! The `gametable` binary (`src/main.rs`) is the command-line face; this
//! library holds the parts it and the tests share: the retrograde [`sweep`],
//! the table writer, the judge input parsers, an independent [`reference`](mod@reference)
//! solver that the tests check the sweep against, the generic [`exhaustive`]
//! solver (with [`stones_game`] as its Stones reference) and the Stones
//! [`stones_query`] explanations.
#![forbid(unsafe_code)]

pub mod atomic;
pub mod baseline;
pub mod cards_game;
pub mod cli;
pub mod deep;
pub mod engine;
pub mod exhaustive;
pub mod games;
pub mod judge;
pub mod progress;
pub mod reference;
pub mod stones_game;
pub mod stones_query;
pub mod store;
pub mod table_file;

/// Cards' solving entry points under their former path, while the command
/// line and the table store move over to [`games::cards::solve`].
pub use games::cards::solve as sweep;
