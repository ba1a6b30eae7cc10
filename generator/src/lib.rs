//! Solves gametable games offline and writes their tables.
//!
//! The `gametable` binary (`src/main.rs`) is the command-line face; this
//! library holds the parts it and the tests share: the retrograde [`sweep`],
//! the table writer and the judge input parsers.
#![forbid(unsafe_code)]

pub mod atomic;
pub mod deep;
pub mod judge;
pub mod sweep;
pub mod table_file;
