//! One module per subcommand (`play_game` is the game loop `play` runs for
//! every game on the engine).

pub mod bench;
pub mod games;
pub mod generate;
pub mod play;
pub mod play_game;
pub mod query;
pub mod serve;
pub mod solve;
pub mod stats;
pub mod verify;
