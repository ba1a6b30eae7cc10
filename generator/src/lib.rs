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
pub mod cells;
pub mod cli;
pub mod countdown;
pub mod deep;
pub mod engine;
pub mod exhaustive;
pub mod hand_tables;
pub mod judge;
pub mod parallel;
pub mod predecessors;
pub mod progress;
pub mod reference;
pub mod space;
pub mod stones_game;
pub mod stones_query;
pub mod store;
pub mod sweep;
pub mod table_file;
