//! The retrograde engine: solves any game that implements [`Game`].
//!
//! Nothing here knows a particular game. [`game`] is the seam a game plugs
//! into, [`notation`] what people need of it on top, [`solve()`] the entry
//! point, [`sweep`] the level loop (one for every game, behind the
//! [`sweep::Kernel`] seam) and [`kernel`] its generic kernel, [`space`] and
//! [`orbits`] the stored states (every index, or one per orbit of a game's
//! symmetry), [`reverse`] the reverse graph for games without un-moves,
//! [`codes`] the 2-bit outcome codes packed as tables store them,
//! [`distances`] the distances kept in one byte or two, [`memory`] how much
//! memory the process may use, [`queue`] the plain queue solve kept as a second solver,
//! [`reach`] reachability counts, [`rng`] the one seeded random generator, [`census`] the counts of reachable
//! positions by value as a game's literature gives them, [`conformance`]
//! the check a game author runs on an implementation, [`deep`] the
//! one-move-deep check of a table against the rules, and [`analysis`] one
//! position explained (its value and every move's).

pub mod analysis;
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
pub mod queue;
pub mod reach;
pub mod reverse;
pub mod rng;
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
