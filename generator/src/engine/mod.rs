//! The retrograde engine: solves any game that implements [`Game`].
//!
//! Nothing here knows a particular game. [`game`] is the seam a game plugs
//! into, [`notation`] what people need of it on top, [`solve`] the entry
//! point that picks the sweep, [`orbits`] the numbering of states under a
//! game's symmetry, [`reverse`] the reverse graph for games without
//! un-moves, [`reach`] reachability counts, and [`conformance`] the check a
//! game author runs on an implementation.

pub mod baseline;
pub mod game;
pub mod notation;
pub mod orbits;
pub mod reverse;
pub mod solve;
pub mod space;

pub use game::{Game, Parameter, Side};
pub use notation::{Notation, NotationError};
pub use solve::{solve, SolveOptions, Solved};
