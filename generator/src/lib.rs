//! Solves gametable games offline and writes their tables.
//!
//! The `gametable` binary (`src/main.rs`) is the command-line face; this
//! library holds the parts it and the tests share: the retrograde [`sweep`],
//! the generic [`exhaustive`] solver (with [`stones_game`] as its Stones
//! reference), the judge input parsers and the Stones [`stones_query`]
//! explanations.
#![forbid(unsafe_code)]

pub mod exhaustive;
pub mod judge;
pub mod stones_game;
pub mod stones_query;
pub mod sweep;
