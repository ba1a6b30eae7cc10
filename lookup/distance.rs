//! A distance table: for every state, the number of moves to the end under
//! perfect play (the winner ends as fast as possible, the loser holds out as
//! long as possible).
//!
//! One unsigned little-endian integer of 8 or 16 bits per state, state `i`
//! at bytes `i * bits / 8 ..`. The all-ones value ([`DistanceTable::NONE_8`],
//! [`DistanceTable::NONE_16`]) means "no distance": a draw, or the both-zero
//! state that is not a position. Terminal states (one hand all zeros) are at
//! distance 0. Otherwise wins sit at odd distances and losses at even ones,
//! so a distance table alone also tells every outcome; it is checked against
//! the outcome table by [`crate::PerfectPlay::new`].

use crate::error::{PositionError, TableError};
use crate::position::Position;
use crate::variant::Variant;

/// The distance of every state of one Cards variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceTable<'a> {
    variant: Variant,
    bits: u8,
    bytes: &'a [u8],
}

/// The number of bytes a distance table of `states` states at `bits` bits
/// per state takes; `None` when `bits` is not 8 or 16, or when the length
/// does not fit in a `u64` (as the format crate's `payload_len`).
///
/// ```
/// use gametable::distance_len;
/// assert_eq!(distance_len(245_025, 16), Some(490_050));
/// assert_eq!(distance_len(u64::MAX, 16), None);
/// ```
pub const fn distance_len(states: u64, bits: u8) -> Option<u64> {
    match bits {
        8 | 16 => states.checked_mul(bits as u64 / 8),
        _ => None,
    }
}

impl<'a> DistanceTable<'a> {
    /// "No distance" in an 8-bit table: a draw, or not a position.
    pub const NONE_8: u8 = crate::packing::NO_DISTANCE_8;
    /// "No distance" in a 16-bit table: a draw, or not a position.
    pub const NONE_16: u16 = crate::packing::NO_DISTANCE_16;

    /// A table over `bytes`, checking the bits per state and the length only.
    ///
    /// For bytes already validated (as `build.rs` does for the embedded table).
    ///
    /// # Errors
    /// [`TableError::Bits`] or [`TableError::Length`].
    pub const fn check_length(
        variant: Variant,
        bits: u8,
        bytes: &'a [u8],
    ) -> Result<DistanceTable<'a>, TableError> {
        if bits != 8 && bits != 16 {
            return Err(TableError::Bits { bits });
        }
        // A length past u64::MAX (16 bits per state of more than 2^63
        // states) matches no slice: it is reported as u64::MAX.
        let expected = match distance_len(variant.states(), bits) {
            Some(len) => len,
            None => u64::MAX,
        };
        if bytes.len() as u64 != expected {
            return Err(TableError::Length {
                expected,
                found: bytes.len(),
            });
        }
        Ok(DistanceTable {
            variant,
            bits,
            bytes,
        })
    }

    /// A table over `bytes`, checked against what the rules alone say: the
    /// both-zero state (index 0) has no distance, the terminal states (one
    /// hand all zeros) are at distance 0, and no other state is.
    ///
    /// # Errors
    /// [`TableError::Bits`], [`TableError::Length`] or [`TableError::Distance`].
    pub fn from_bytes(
        variant: Variant,
        bits: u8,
        bytes: &'a [u8],
    ) -> Result<DistanceTable<'a>, TableError> {
        let table = DistanceTable::check_length(variant, bits, bytes)?;
        let hands = u64::from(variant.hands());
        // Rank 0 is the all-zero hand: the mover's below `hands`, the
        // waiting side's at multiples of it.
        let bad = (0..variant.states()).find(|&index| {
            let distance = table.distance_at(index);
            !crate::consistency::ending_fits(index < hands, index % hands == 0, distance)
        });
        match bad {
            Some(index) => Err(TableError::Distance { index }),
            None => Ok(table),
        }
    }

    /// The variant this table solves.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Bits per state: 8 or 16.
    pub const fn bits(&self) -> u8 {
        self.bits
    }

    /// The raw little-endian distances.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The distance of state `index`; `None` for a draw, the both-zero
    /// state, or an index out of range.
    pub const fn distance_at(&self, index: u64) -> Option<u16> {
        crate::packing::distance_at(self.bytes, self.bits, index)
    }

    /// The distance of a position: `None` for a draw.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] for a position of another variant.
    pub const fn distance(&self, position: &Position) -> Result<Option<u16>, PositionError> {
        let (a, b) = (position.variant(), self.variant);
        if a.cards() != b.cards() || a.modulus() != b.modulus() {
            return Err(PositionError::VariantMismatch);
        }
        Ok(self.distance_at(position.index()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Variant {
        Variant::new(1, 3).unwrap() // 3 hands, 9 states
    }

    #[test]
    fn reads_both_widths() {
        let bytes = [255, 0, 0, 0, 1, 3, 0, 2, 255];
        let t = DistanceTable::from_bytes(small(), 8, &bytes).unwrap();
        assert_eq!(t.distance_at(0), None);
        assert_eq!(t.distance_at(5), Some(3));
        assert_eq!(t.distance_at(8), None);
        assert_eq!(t.distance_at(9), None);
        let wide: Vec<u8> = bytes
            .iter()
            .flat_map(|&b| {
                let v = if b == 255 {
                    u16::MAX
                } else {
                    u16::from(b) + 256 * u16::from(b == 3)
                };
                v.to_le_bytes()
            })
            .collect();
        let t = DistanceTable::from_bytes(small(), 16, &wide).unwrap();
        assert_eq!(t.distance_at(5), Some(259));
        assert_eq!(t.distance_at(0), None);
    }

    #[test]
    fn lengths_past_u64_are_none_not_wrapped() {
        assert_eq!(distance_len(9, 8), Some(9));
        assert_eq!(distance_len(9, 16), Some(18));
        assert_eq!(distance_len(u64::MAX, 8), Some(u64::MAX));
        assert_eq!(distance_len(u64::MAX / 2, 16), Some(u64::MAX - 1));
        assert_eq!(distance_len(u64::MAX / 2 + 1, 16), None);
        assert_eq!(distance_len(u64::MAX, 16), None);
        for bits in [0, 1, 4, 12, 32, u8::MAX] {
            assert_eq!(distance_len(9, bits), None, "{bits} bits");
        }
        // A variant whose 16-bit table would take more than u64::MAX bytes
        // (3,381,098,545 hands): refused, not wrapped to a small length.
        let v = Variant::new(54, 9).unwrap();
        assert_eq!(
            DistanceTable::check_length(v, 16, &[0; 4]),
            Err(TableError::Length {
                expected: u64::MAX,
                found: 4
            })
        );
        assert_eq!(
            DistanceTable::check_length(v, 8, &[0; 4]),
            Err(TableError::Length {
                expected: v.states(),
                found: 4
            })
        );
    }

    #[test]
    fn refuses_what_the_rules_forbid() {
        let v = small();
        assert_eq!(
            DistanceTable::from_bytes(v, 12, &[0; 9]),
            Err(TableError::Bits { bits: 12 })
        );
        assert_eq!(
            DistanceTable::from_bytes(v, 8, &[0; 8]),
            Err(TableError::Length {
                expected: 9,
                found: 8
            })
        );
        // Index 0 with a distance, a terminal state with 1, a non-terminal with 0.
        for (bytes, index) in [
            ([0, 0, 0, 0, 1, 3, 0, 2, 255], 0),
            ([255, 1, 0, 0, 1, 3, 0, 2, 255], 1),
            ([255, 0, 0, 0, 0, 3, 0, 2, 255], 4),
        ] {
            assert_eq!(
                DistanceTable::from_bytes(v, 8, &bytes),
                Err(TableError::Distance { index })
            );
        }
    }
}
