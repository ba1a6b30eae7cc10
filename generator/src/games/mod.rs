//! The built-in games, each in a place of its own: its rules, index,
//! notation and, where it has one, its fast path.

pub mod cards;
pub mod connect4;
pub mod dobutsu;
pub mod stones;
pub mod tictactoe;
