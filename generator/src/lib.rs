//! Solves gametable games offline and writes their tables.
//!
//! The layout follows the architecture:
//! - [`engine`]: the retrograde engine, which knows no particular game: the
//!   [`engine::Game`] seam, the level sweep, symmetry, the conformance check
//!   and the deep verifier;
//! - [`games`]: the built-in games, each in a place of its own (rules,
//!   index, notation, and Cards' fast path);
//! - [`store`]: table files, written and read for any game;
//! - [`distributed`]: the level sweep across processes (MPI ranks, feature
//!   `mpi`) and with checkpoints, for any game on the engine;
//! - `cli`: the command line, apart from all three (feature `cli`, on by
//!   default; a game of one's own needs none of it);
//! - [`judge`]: the contest input scanner the judge formats share;
//! - [`report`]: how answers are written, as JSON or in words, apart from
//!   the engine that finds them;
//! - [`exhaustive`]: a solver of any small game by plain exploration, the
//!   independent oracle that tests check the engine against;
//! - [`stderr`]: lines to standard error, each in one write.
#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod distributed;
pub mod engine;
pub mod exhaustive;
pub mod games;
pub mod judge;
pub mod report;
pub mod stderr;
pub mod store;
