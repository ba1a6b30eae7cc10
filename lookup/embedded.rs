//! The committed (8, 5) outcome table, embedded at compile time.
//!
//! `build.rs` checks `data/cards-8-5.gtbl` (magic, version, checksum,
//! parameters and codes), decompresses it and writes the raw packed codes to
//! `OUT_DIR`; they are included here as a `static` byte slice, so a lookup
//! needs no start-up work at all. Regenerate the file with
//! `cargo run --release -p gametable-gen --no-default-features -- generate cards`.

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
