//! Solves gametable games offline and writes their tables.
//!
//! The `gametable` binary (`src/main.rs`) is the command-line face; this
//! library holds the parts it and the tests share: the retrograde [`sweep`],
//! the table writer, the judge input parsers, and an independent
//! [`reference`] solver that the tests check the sweep against.
#![forbid(unsafe_code)]

pub mod atomic;
pub mod baseline;
pub mod deep;
pub mod judge;
pub mod reference;
pub mod sweep;
pub mod symmetry;
pub mod table_file;
