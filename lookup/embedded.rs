//! The committed (8, 5) outcome and distance tables, embedded at compile time.
//!
//! `build.rs` checks `data/cards-8-5.gtbl` and `data/cards-8-5-distance.gtbl`
//! (magic, version, checksums, parameters, codes and distances),
//! decompresses them and writes the raw payloads to `OUT_DIR`; they are
//! included here as `static` byte slices, so a lookup needs no start-up
//! work at all. Regenerate the files with
//! `cargo run --release -p gametable-gen --no-default-features --features cli -- generate cards`.

use crate::distance::DistanceTable;
use crate::play::PerfectPlay;
use crate::table::CardsTable;
use crate::variant::Variant;

const CLASSIC_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cards-8-5.outcome"));

/// The outcome table of the contest game, (8 cards, mod 5), 245,025 states.
///
/// ```
/// use gametable::{Hand, Player, Variant, Verdict, CLASSIC};
/// let v = Variant::CLASSIC;
/// let alice = Hand::from_cards(v, &[1, 0, 0, 0, 0, 0, 0, 0])?;
/// let bob = Hand::from_cards(v, &[0, 0, 0, 4, 0, 0, 2, 0])?;
/// assert_eq!(CLASSIC.verdict(Player::Alice, alice, bob)?, Verdict::Alice);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const CLASSIC: CardsTable<'static> =
    match CardsTable::check_length(Variant::CLASSIC, CLASSIC_BYTES) {
        Ok(table) => table,
        // Evaluated at compile time: a mismatch fails the build, never a run.
        Err(_) => {
            #[allow(clippy::panic)]
            {
                panic!("embedded table has the wrong length for (8, 5)")
            }
        }
    };

const CLASSIC_DISTANCE_BYTES: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/cards-8-5.distance"));

/// The distance table of the contest game, (8 cards, mod 5): one byte per
/// state, 255 for a draw or the both-zero state. 245,025 bytes; the longest
/// win takes 45 moves.
pub const CLASSIC_DISTANCES: DistanceTable<'static> =
    match DistanceTable::check_length(Variant::CLASSIC, 8, CLASSIC_DISTANCE_BYTES) {
        Ok(table) => table,
        // Evaluated at compile time: a mismatch fails the build, never a run.
        Err(_) => {
            #[allow(clippy::panic)]
            {
                panic!("embedded distance table has the wrong length for (8, 5)")
            }
        }
    };

/// Perfect play for the contest game: [`CLASSIC`] and [`CLASSIC_DISTANCES`]
/// together, checked against each other by `build.rs`.
///
/// ```
/// use gametable::{Evaluation, Hand, Position, Variant, CLASSIC_PLAY};
/// let v = Variant::CLASSIC;
/// let me = Hand::from_cards(v, &[1, 0, 0, 0, 0, 0, 0, 0])?;
/// let you = Hand::from_cards(v, &[0, 0, 0, 4, 0, 0, 2, 0])?;
/// let here = Position::new(me, you)?;
/// // 1 + 4 = 0 mod 5: the mover empties their hand at once.
/// assert_eq!(CLASSIC_PLAY.evaluate(&here)?, Evaluation::Win(1));
/// let best = CLASSIC_PLAY.best_moves(&here)?;
/// assert_eq!((best.as_slice()[0].mine, best.as_slice()[0].theirs), (1, 4));
/// assert_eq!(best.as_slice()[0].leads_to, Evaluation::Loss(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const CLASSIC_PLAY: PerfectPlay<'static> =
    match PerfectPlay::check_variant(CLASSIC, CLASSIC_DISTANCES) {
        Ok(play) => play,
        // Evaluated at compile time: both are (8, 5) by construction.
        Err(_) => {
            #[allow(clippy::panic)]
            {
                panic!("embedded tables are of different variants")
            }
        }
    };
