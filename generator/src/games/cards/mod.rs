//! Cards ("A Game With Numbers", Codeforces 919F) in the generator: its
//! fast sweep path and the tables it is built from.
//!
//! The rules and the dense index live in the lookup crate (`gametable`);
//! here are the game on the engine's seam ([`game`]) and its notation
//! ([`notation`]); the fast path: the per-hand tables ([`hand_tables`]),
//! the sweep's row layout ([`space`]), the predecessor inner loop
//! ([`predecessors`]), the engine kernel made of them ([`kernel`]) and the
//! entry points that solve a variant ([`solve`]); its table files
//! ([`files`]) and how they are checked and written ([`writer`]); the judge ([`judge`]); and what checks them: the deep check
//! of a table against the rules ([`deep`]), two more solvers that tests
//! check the sweep against (Cards on the exhaustive solver, [`oracle`],
//! and an independent reference solver, [`reference`](mod@reference)), and the plain
//! queue sweep that benchmarks measure against ([`baseline`]).

pub mod baseline;
pub mod deep;
pub mod files;
pub mod game;
pub mod hand_tables;
pub mod judge;
pub mod kernel;
pub mod notation;
pub mod oracle;
pub mod predecessors;
pub mod reference;
pub mod solve;
pub mod space;
pub mod writer;
