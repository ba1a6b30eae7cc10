//! The 2-bit codes of an outcome table, one per state.
//!
//! Part of the table file format: changing them needs a new format version.
//! Written once here: the lookup crate, its build script (which includes
//! this file) and every reader and writer in the generator use them.

/// Neither side can force a win.
pub const DRAW: u8 = 0;
/// The player to move wins.
pub const WIN: u8 = 1;
/// The player to move loses.
pub const LOSS: u8 = 2;
/// Not a position of the game (in Cards, both hands all zero).
pub const NOT_A_POSITION: u8 = 3;
