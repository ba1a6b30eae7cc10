//! Solved two-player games, answered from tables with zero start-up work.
//!
//! ```
//! use gametable::{Hand, Player, Variant, Verdict, CLASSIC};
//!
//! // The Codeforces 919F sample, situation 3: Alice moves first.
//! let alice = Hand::from_cards(Variant::CLASSIC, &[1, 0, 0, 0, 0, 0, 0, 0])?;
//! let bob = Hand::from_cards(Variant::CLASSIC, &[0, 0, 0, 4, 0, 0, 2, 0])?;
//! assert_eq!(CLASSIC.verdict(Player::Alice, alice, bob)?, Verdict::Alice);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! *Cards* ("A Game With Numbers", Codeforces 919F) is solved offline by
//! retrograde analysis (the `gametable-gen` crate); the committed table for
//! 8 cards mod 5 is embedded as a `static` byte slice, so
//! [`CLASSIC`]`.`[`outcome`](CardsTable::outcome) is a load and a shift
//! (every [`Hand`] computes its rank once, when it is built). Tables of other variants are read with [`CardsTable::from_packed`],
//! or opened from a file with `OpenTable` (feature `open`).
//!
//! # Perfect play
//! A distance table ([`DistanceTable`]) holds each state's distance to the
//! end under perfect play: the winner ends as fast as possible, the loser
//! holds out as long as possible. With the outcome table it makes a
//! [`PerfectPlay`] ([`CLASSIC_PLAY`] for (8, 5)), which evaluates a position
//! ([`Evaluation`]) and every legal move named by the two card values it
//! uses ([`Move`]), and picks the best ones, without allocating. The rules
//! themselves, forward, are [`Position::legal_moves`] and [`Position::play`].
//!
//! *Stones* ("Yet Another Game of Stones", ZOJ 3964) needs no table: the
//! [`stones`] module decides it in closed form, one pass over the piles.
//!
//! # Errors
//! Bad input never panics: [`VariantError`], [`HandError`],
//! [`PositionError`] and [`MoveError`] name the field and value at fault,
//! [`StonesError`] a pile with no stones or an unknown constraint,
//! [`TableError`] a table that does not fit its variant or its partner.
//! With feature `open`, `OpenError` says why a table file cannot be opened
//! (I/O with the path, the format crate's error, wrong kind, parameters or
//! state count, impossible contents).
//!
//! One low-level numbering is the exception: with feature `alloc`,
//! `symmetry::Orbits` checks the hand ranks and keys it is given (answering
//! `None`), but panics, as slice indexing does, on an orbit index outside
//! `0..states()` (`state`, `row_of`) or a row outside `0..rows()`
//! (`row_bounds`, `row_hand`, `row_waiting`): numbers that only its own
//! answers produce, asked for every orbit by the sweeps; and `Orbits::new`
//! refuses, before allocating, a variant whose tables would pass 16 GiB.
//! Each says so under `# Panics`.
//!
//! # Cargo features
//! - `alloc`: the `symmetry` module, which numbers the orbits of states
//!   under multiplying by units (tables that store one state per orbit).
//! - `embedded` (default): embed the (8, 5) outcome table as [`CLASSIC`]
//!   (61,257 bytes) and its distance table as [`CLASSIC_DISTANCES`]
//!   (245,025 bytes, one per state), together [`CLASSIC_PLAY`].
//!   Without it the crate builds without reading `data/` at all.
//! - `std`: the standard library (implied by `open`).
//! - `open`: `OpenTable` and `OpenDistanceTable` open a table file of any
//!   variant from a path, full or symmetry-reduced, checked (magic,
//!   version, header, length, both SHA-256 digests, parameters, contents).
//!   Uncompressed payloads are memory mapped (`memmap2`, this crate's only
//!   `unsafe` call), zstd payloads decoded into memory. Adds the runtime
//!   dependencies `gametable-format` and `memmap2` (pure Rust, no C compiler).
//!
//! # Data generation
//! `cargo run --release -p gametable-gen --no-default-features --features cli -- generate cards`
//! (`gametable_format::GENERATE`; without the default features, which
//! embed these very files, it builds when they are missing) rewrites
//! `data/cards-8-5.gtbl` and `data/cards-8-5-distance.gtbl`; `build.rs`
//! validates both, checks them against each other and embeds the decoded bytes.
//!
//! # Performance
//! An outcome from two hands takes about 2 ns, a verdict from raw judge
//! cards about 30 ns (criterion, `cargo bench --bench lookup`; see
//! docs/performance.md).
#![cfg_attr(not(test), no_std)]
// unit tests use std's prelude (Vec, vec!)
// Without `open` the crate has no unsafe code at all; with it, exactly one
// call (memory mapping a file, in `open.rs`) is allowed, with its reason.
#![cfg_attr(not(feature = "open"), forbid(unsafe_code))]
#![cfg_attr(feature = "open", deny(unsafe_code))]
#![deny(clippy::indexing_slicing)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

#[cfg(feature = "open")]
mod any;
mod binomial;
pub mod code;
pub mod consistency;
mod distance;
#[cfg(feature = "embedded")]
mod embedded;
mod error;
mod hand;
mod index;
#[cfg(feature = "open")]
mod open;
#[cfg(feature = "open")]
mod open_error;
mod outcome;
pub mod packing;
mod play;
mod position;
mod rules;
pub mod stones;
#[cfg(feature = "alloc")]
pub mod symmetry;
mod table;
mod variant;

#[cfg(feature = "open")]
pub use any::{AnyTable, IndexedTable};
pub use distance::{distance_len, DistanceTable};
#[cfg(feature = "embedded")]
pub use embedded::{CLASSIC, CLASSIC_DISTANCES, CLASSIC_PLAY};
pub use error::{Card, HandError, MoveError, PositionError, StonesError, TableError, VariantError};
/// The format's types that [`OpenError`] and [`AnyTable`] hand out, so that
/// they can be matched without depending on the format crate.
#[cfg(feature = "open")]
pub use gametable_format::{FormatError, Game, Header, Symmetry, TableKind};
pub use hand::{AllHands, Hand};
pub use index::{CardsIndex, FullIndex, StateIndex};
#[cfg(feature = "open")]
pub use open::{cards_variant, OpenDistanceTable, OpenTable};
#[cfg(feature = "open")]
pub use open_error::OpenError;
pub use outcome::{Outcome, Player, Verdict};
pub use play::{Evaluation, Move, Moves, PerfectPlay};
pub use position::Position;
pub use rules::{LegalMoves, MAX_MOVES};
pub use stones::{Constraint, Pile, StonesMove, StonesPosition};
pub use table::{packed_len, CardsTable};
pub use variant::{Variant, MAX_CARDS, MAX_MODULUS};

// The Rust examples of the README and of docs/lookup.md, compiled and run
// as doctests (from the repository's root, where `data/` is), so that a
// documented example that stops working fails the tests. (The embedding
// recipe's build script and program, which need a build of their own, are
// marked `ignore` there.)
#[cfg(all(doctest, feature = "embedded"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(all(doctest, feature = "embedded", feature = "open"))]
#[doc = include_str!("../docs/lookup.md")]
struct LookupGuideExamples;
