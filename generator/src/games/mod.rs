//! The built-in games, one module each; their rules are in `docs/games/`.

pub mod tictactoe;
