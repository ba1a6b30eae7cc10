//! The built-in games, each in a place of its own.

pub mod cards;
