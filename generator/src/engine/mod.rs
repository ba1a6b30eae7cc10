//! The retrograde engine: solves any game that implements [`Game`].
//!
//! Nothing here knows a particular game. [`game`] is the seam a game plugs
//! into, [`notation`] what people need of it on top, [`solve()`] the entry
//! point, [`sweep`] the level loop (one for every game, behind the
//! [`sweep::Kernel`] seam) and [`kernel`] its generic kernel, [`space`] and
//! [`orbits`] the stored states (every index, or one per orbit of a game's
//! symmetry), [`reverse`] the reverse graph for games without un-moves,
//! [`baseline`] the plain queue solve kept as a yardstick, [`reach`]
//! reachability counts, [`census`] the counts of reachable positions by
//! value as a game's literature gives them, and [`conformance`] the check a game author runs
//! on an implementation.

pub mod analysis;
pub mod baseline;
pub mod census;
pub mod codes;
pub mod conformance;
pub mod deep;
pub mod distances;
pub mod game;
pub mod kernel;
pub mod memory;
pub mod notation;
pub mod orbits;
pub mod reach;
pub mod reverse;
pub mod solve;
pub mod space;
pub mod sweep;

pub use game::{Census, Game, Parameter, Side};
/// The outcome a game's `ending` returns and the codes `Solved::counts` is
/// indexed by, from the lookup crate, here so that a game needs no other
/// dependency than this crate.
pub use gametable::{code, Outcome};
pub use notation::{quote, quote_char, Notation, NotationError};
pub use solve::{solve, solve_on, solve_reporting, SolveError, SolveOptions, Solved, NO_DISTANCE};
