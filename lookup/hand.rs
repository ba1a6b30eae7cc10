//! A hand as a multiset of card values, and its rank.
//!
//! Card order inside a hand never matters, so a hand is stored as a count per
//! value. Hands are numbered densely by the combinatorial number system
//! ("stars and bars"): with `c[v]` cards of value `v`, the `m - 1` bars sit at
//! positions `p[j] = j + c[1] + ... + c[j + 1]`, a strictly increasing
//! sequence in `0..n + m - 1`, and
//!
//! ```text
//! rank = C(p[0], 1) + C(p[1], 2) + ... + C(p[m - 2], m - 1)
//! ```
//!
//! This is a bijection onto `0..C(n + m - 1, m - 1)` (colexicographic order of
//! the bar sets). The all-zero hand has rank 0. Ranking needs no hash map and
//! no `m^n` array: only the binomial table.

use crate::binomial::{binomial, rank_term};
use crate::error::HandError;
use crate::variant::{Variant, MAX_MODULUS};

/// A hand of a Cards variant: how many cards show each value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    variant: Variant,
    counts: [u8; MAX_MODULUS as usize],
    /// The rank, computed once at construction: a hand never changes, and
    /// every lookup needs it.
    rank: u32,
}

impl Hand {
    /// The hand with these counts (checked by the caller), with its rank.
    #[inline]
    #[allow(clippy::indexing_slicing)] // const fn; j < m <= MAX_MODULUS, the array length
    const fn with_counts(variant: Variant, counts: [u8; MAX_MODULUS as usize]) -> Hand {
        let m = variant.modulus() as usize;
        let mut rank: u64 = 0;
        let mut prefix: usize = 0;
        let mut j = 1;
        while j < m {
            prefix += counts[j] as usize;
            rank += rank_term(prefix, j);
            j += 1;
        }
        Hand {
            variant,
            counts,
            rank: rank as u32,
        }
    }

    /// The hand whose cards all show 0.
    #[inline]
    pub const fn all_zero(variant: Variant) -> Hand {
        let mut counts = [0u8; MAX_MODULUS as usize];
        counts[0] = variant.cards();
        Hand {
            variant,
            counts,
            rank: 0,
        }
    }

    /// A hand from its cards, in any order.
    ///
    /// # Errors
    /// [`HandError::CardCount`] when `cards.len()` is not the variant's hand
    /// size; [`HandError::CardValue`] when a card is not below the modulus.
    #[allow(clippy::indexing_slicing)] // const fn; every value is below the modulus <= MAX_MODULUS, the array length
    #[inline]
    pub const fn from_cards(variant: Variant, cards: &[u8]) -> Result<Hand, HandError> {
        if cards.len() != variant.cards() as usize {
            return Err(HandError::CardCount {
                expected: variant.cards(),
                found: cards.len(),
            });
        }
        let mut counts = [0u8; MAX_MODULUS as usize];
        let mut i = 0;
        while i < cards.len() {
            let value = cards[i];
            if value >= variant.modulus() {
                return Err(HandError::CardValue {
                    position: i,
                    value,
                    modulus: variant.modulus(),
                });
            }
            counts[value as usize] += 1;
            i += 1;
        }
        Ok(Hand::with_counts(variant, counts))
    }

    /// A hand from its counts: `counts[v]` cards show value `v`.
    ///
    /// # Errors
    /// [`HandError::CountsLength`] when `counts.len()` is not the modulus;
    /// [`HandError::CountsSum`] when the counts do not add up to the hand size.
    #[allow(clippy::indexing_slicing)] // const fn; every value is below the modulus <= MAX_MODULUS, the array length (the slice length is checked first)
    pub const fn from_counts(variant: Variant, counts: &[u8]) -> Result<Hand, HandError> {
        if counts.len() != variant.modulus() as usize {
            return Err(HandError::CountsLength {
                expected: variant.modulus(),
                found: counts.len(),
            });
        }
        let mut own = [0u8; MAX_MODULUS as usize];
        let mut sum: usize = 0;
        let mut i = 0;
        while i < counts.len() {
            own[i] = counts[i];
            sum += counts[i] as usize;
            i += 1;
        }
        if sum != variant.cards() as usize {
            return Err(HandError::CountsSum {
                expected: variant.cards(),
                found: sum,
            });
        }
        Ok(Hand::with_counts(variant, own))
    }

    /// A hand from an array of counts: `counts[v]` cards show value `v`,
    /// and values at or above the modulus must have none. The same as
    /// [`Hand::from_counts`] without the slice: for callers that count into
    /// a fixed array, such as parsers.
    ///
    /// # Errors
    /// [`HandError::CountsSum`] when the counts do not add up to the hand
    /// size; [`HandError::CountsLength`] when a value at or above the
    /// modulus has cards (its `found` is one past the highest such value).
    #[inline]
    pub const fn from_count_array(
        variant: Variant,
        counts: [u8; MAX_MODULUS as usize],
    ) -> Result<Hand, HandError> {
        let packed = u128::from_le_bytes(counts);
        let m = variant.modulus() as u32;
        // Values at or above the modulus (m <= 16, so the shift is < 128).
        let above = if m < 16 { packed >> (8 * m) } else { 0 };
        if above != 0 {
            let highest = 15 - (above.leading_zeros() / 8);
            return Err(HandError::CountsLength {
                expected: variant.modulus(),
                found: (m + highest + 1) as usize,
            });
        }
        // The exact total of all sixteen counts, whatever they hold: add
        // each odd byte to the even byte below it, giving eight 16-bit
        // lanes of at most 510; multiplying by one in every lane sums them
        // all into the top lane, and each partial sum is at most
        // 8 * 510 = 4080, so no lane carries into the next.
        const EVEN_BYTES: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;
        const EVERY_LANE: u128 = 0x0001_0001_0001_0001_0001_0001_0001_0001;
        let lanes = (packed & EVEN_BYTES) + ((packed >> 8) & EVEN_BYTES);
        let sum = (lanes.wrapping_mul(EVERY_LANE) >> 112) as usize;
        if sum != variant.cards() as usize {
            return Err(HandError::CountsSum {
                expected: variant.cards(),
                found: sum,
            });
        }
        Ok(Hand::with_counts(variant, counts))
    }

    /// The hand with the given rank (see the module docs for the numbering).
    ///
    /// # Errors
    /// [`HandError::Rank`] when `rank >= variant.hands()`.
    #[allow(clippy::indexing_slicing)] // const fn; j < m <= MAX_MODULUS and values below m
    pub const fn unrank(variant: Variant, rank: u32) -> Result<Hand, HandError> {
        if rank >= variant.hands() {
            return Err(HandError::Rank {
                rank,
                hands: variant.hands(),
            });
        }
        let m = variant.modulus() as usize;
        // prefix[j] = c[1] + ... + c[j]; bar j - 1 sits at p = (j - 1) + prefix[j].
        let mut prefix = [0u32; MAX_MODULUS as usize];
        let mut rest = rank as u64;
        let mut upper = variant.cards() as u32 + variant.modulus() as u32 - 1;
        let mut j = m - 1;
        while j >= 1 {
            // The largest p below `upper` with C(p, j) <= rest; p = j - 1 always
            // qualifies (C(j - 1, j) = 0), so the search stops there at worst.
            let mut p = upper - 1;
            while binomial(p, j as u32) > rest {
                p -= 1;
            }
            rest -= binomial(p, j as u32);
            prefix[j] = p + 1 - j as u32;
            upper = p;
            j -= 1;
        }
        let mut counts = [0u8; MAX_MODULUS as usize];
        let mut v = 1;
        while v < m {
            counts[v] = (prefix[v] - prefix[v - 1]) as u8;
            v += 1;
        }
        counts[0] = (variant.cards() as u32 - prefix[m - 1]) as u8;
        Ok(Hand {
            variant,
            counts,
            rank,
        })
    }

    /// This hand's rank in `0..variant.hands()` (computed at construction).
    #[inline]
    pub const fn rank(&self) -> u32 {
        self.rank
    }

    /// The variant this hand belongs to.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// `counts()[v]` is the number of cards showing `v`; the slice has one
    /// entry per value `0..modulus`.
    pub fn counts(&self) -> &[u8] {
        let m = self.variant.modulus() as usize;
        self.counts.get(..m).unwrap_or(&[])
    }

    /// How many cards show `value` (0 for a value outside the modulus).
    #[allow(clippy::indexing_slicing)] // const fn; every value is below the modulus <= MAX_MODULUS, the array length
    pub const fn count(&self, value: u8) -> u8 {
        if value < self.variant.modulus() {
            self.counts[value as usize]
        } else {
            0
        }
    }

    /// True when every card shows 0: the holder has won.
    #[inline]
    pub const fn is_all_zero(&self) -> bool {
        self.counts[0] == self.variant.cards()
    }

    /// A bit set of the values this hand holds: bit `v` is set when at least
    /// one card shows `v`.
    #[allow(clippy::indexing_slicing)] // const fn; every value is below the modulus <= MAX_MODULUS, the array length
    pub const fn values(&self) -> u16 {
        let mut mask = 0u16;
        let mut v = 0;
        while v < self.variant.modulus() as usize {
            if self.counts[v] > 0 {
                mask |= 1 << v;
            }
            v += 1;
        }
        mask
    }

    /// This hand with one card showing `out` replaced by one showing `into`
    /// (what a move does to the mover's hand), with its rank; `None` when
    /// the hand holds no card showing `out` or `into` is not below the
    /// modulus.
    ///
    /// ```
    /// use gametable::{Hand, Variant};
    /// let hand = Hand::from_cards(Variant::CLASSIC, &[1, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    /// let after = hand.replace(1, 3).unwrap();
    /// assert_eq!(after, Hand::from_cards(Variant::CLASSIC, &[3, 0, 0, 0, 0, 0, 0, 0]).unwrap());
    /// assert_eq!(hand.replace(2, 3), None);
    /// ```
    #[allow(clippy::indexing_slicing)] // const fn; every value is below the modulus <= MAX_MODULUS, the array length (checked on entry)
    pub const fn replace(&self, out: u8, into: u8) -> Option<Hand> {
        let m = self.variant.modulus();
        if out >= m || into >= m || self.counts[out as usize] == 0 {
            return None;
        }
        let mut counts = self.counts;
        counts[out as usize] -= 1;
        counts[into as usize] += 1;
        Some(Hand::with_counts(self.variant, counts))
    }

    /// The cards in ascending order.
    pub fn cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.counts()
            .iter()
            .zip(0u8..)
            .flat_map(|(&count, value)| core::iter::repeat_n(value, count as usize))
    }

    /// Every hand of `variant`, in rank order: the same as
    /// [`Hand::unrank`] of `0..variant.hands()`, a few steps per hand
    /// instead of a search per hand.
    ///
    /// ```
    /// use gametable::{Hand, Variant};
    /// let v = Variant::new(2, 3).unwrap();
    /// let ranks: Vec<u32> = Hand::all(v).map(|h| h.rank()).collect();
    /// assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
    /// assert_eq!(Hand::all(v).nth(4), Hand::unrank(v, 4).ok());
    /// ```
    pub fn all(variant: Variant) -> AllHands {
        AllHands {
            variant,
            prefix: [0; MAX_MODULUS as usize],
            rank: 0,
        }
    }
}

/// The hands of a variant in rank order ([`Hand::all`]).
///
/// Walks the prefix sums `P[j] = c[1] + ... + c[j]`, which rise weakly with
/// `j` and stay at most the hand size: rank order is the colexicographic
/// order of that sequence (see the module docs), so the next hand raises
/// the first `P[j]` that may rise and zeroes those below it.
#[derive(Clone, Debug)]
pub struct AllHands {
    variant: Variant,
    /// `prefix[j]` for `j` in `1..m` (index 0 unused).
    prefix: [u8; MAX_MODULUS as usize],
    rank: u32,
}

impl Iterator for AllHands {
    type Item = Hand;

    #[allow(clippy::indexing_slicing)] // j < m <= MAX_MODULUS, the array length
    fn next(&mut self) -> Option<Hand> {
        if self.rank >= self.variant.hands() {
            return None;
        }
        let m = self.variant.modulus() as usize;
        let n = self.variant.cards();
        let mut counts = [0u8; MAX_MODULUS as usize];
        counts[0] = n - self.prefix[m - 1];
        for (count, pair) in counts[1..m].iter_mut().zip(self.prefix[..m].windows(2)) {
            *count = pair[1] - pair[0];
        }
        let hand = Hand {
            variant: self.variant,
            counts,
            rank: self.rank,
        };
        self.rank += 1;
        for j in 1..m {
            let cap = if j + 1 < m { self.prefix[j + 1] } else { n };
            if self.prefix[j] < cap {
                self.prefix[j] += 1;
                self.prefix[1..j].fill(0);
                break;
            }
        }
        Some(hand)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.variant.hands() - self.rank) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for AllHands {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_hands_are_the_unranked_ones_in_order() {
        for (n, m) in [(1, 2), (8, 5), (3, 16), (16, 7), (64, 2), (5, 2), (2, 13)] {
            let v = Variant::new(n, m).unwrap();
            let mut count = 0;
            for (rank, hand) in Hand::all(v).enumerate() {
                assert_eq!(
                    Ok(hand),
                    Hand::unrank(v, rank as u32),
                    "({n}, {m}) rank {rank}"
                );
                assert_eq!(
                    Hand::from_counts(v, hand.counts()).map(|h| h.rank()),
                    Ok(rank as u32)
                );
                count += 1;
            }
            assert_eq!(count, v.hands(), "({n}, {m})");
        }
    }

    #[test]
    fn all_zero_is_rank_zero() {
        let v = Variant::CLASSIC;
        assert_eq!(Hand::all_zero(v).rank(), 0);
        assert!(Hand::all_zero(v).is_all_zero());
    }

    #[test]
    fn rank_round_trips_and_is_dense() {
        for (n, m) in [(8, 5), (1, 2), (3, 7), (10, 5), (4, 16)] {
            let v = Variant::new(n, m).unwrap();
            for r in 0..v.hands() {
                let hand = Hand::unrank(v, r).unwrap();
                assert_eq!(hand.rank(), r, "variant ({n}, {m})");
                assert_eq!(
                    hand.counts().iter().map(|&c| c as u32).sum::<u32>(),
                    n as u32
                );
            }
            assert!(Hand::unrank(v, v.hands()).is_err());
        }
    }

    #[test]
    fn order_does_not_matter() {
        let v = Variant::CLASSIC;
        let a = Hand::from_cards(v, &[1, 2, 3, 4, 1, 2, 3, 4]).unwrap();
        let b = Hand::from_cards(v, &[4, 4, 3, 3, 2, 2, 1, 1]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.counts(), &[0, 2, 2, 2, 2]);
        assert_eq!(Hand::from_counts(v, &[0, 2, 2, 2, 2]), Ok(a));
        assert!(a.cards().eq([1, 1, 2, 2, 3, 3, 4, 4]));
    }

    #[test]
    fn count_arrays_agree_with_count_slices() {
        for (n, m) in [(8, 5), (3, 7), (64, 2), (1, 16), (10, 16)] {
            let v = Variant::new(n, m).unwrap();
            for r in (0..v.hands()).step_by(7) {
                let hand = Hand::unrank(v, r).unwrap();
                let mut counts = [0u8; 16];
                counts[..m as usize].copy_from_slice(hand.counts());
                assert_eq!(Hand::from_count_array(v, counts), Ok(hand));
            }
        }
        let v = Variant::CLASSIC;
        assert_eq!(
            Hand::from_count_array(v, [8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            Err(HandError::CountsSum {
                expected: 8,
                found: 9
            })
        );
        assert_eq!(
            Hand::from_count_array(v, [7, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            Err(HandError::CountsLength {
                expected: 5,
                found: 7
            })
        );
    }

    /// Counts whose total passes 255 are summed exactly: a byte-wise sum
    /// would wrap (or carry into the top byte) and take them for a hand.
    #[test]
    fn count_arrays_past_a_byte_are_refused() {
        let v = Variant::CLASSIC;
        let with = |head: &[u8]| {
            let mut counts = [0u8; 16];
            counts[..head.len()].copy_from_slice(head);
            Hand::from_count_array(v, counts)
        };
        let sum = |expected, found| Err(HandError::CountsSum { expected, found });
        assert_eq!(with(&[255, 8]), sum(8, 263));
        assert_eq!(with(&[199, 64]), sum(8, 263));
        assert_eq!(with(&[0, 0, 0, 255, 8]), sum(8, 263));
        // 264 = 8 mod 256.
        assert_eq!(with(&[64, 64, 64, 64, 8]), sum(8, 264));
        assert_eq!(with(&[255, 255, 255, 255, 255]), sum(8, 1275));
        // The largest total there is: every byte full (values past the
        // modulus are refused first, so take a variant of modulus 16).
        let v16 = Variant::new(8, 16).unwrap();
        assert_eq!(
            Hand::from_count_array(v16, [255; 16]),
            Err(HandError::CountsSum {
                expected: 8,
                found: 4080
            })
        );
        // Every single count past the hand size, and pairs of counts
        // whose sum passes a byte, anywhere among the values.
        for high in 9..=255u8 {
            for at in 0..5 {
                let mut counts = [0u8; 16];
                counts[at] = high;
                assert_eq!(Hand::from_count_array(v, counts), sum(8, usize::from(high)));
                counts[(at + 1) % 5] = 8;
                assert_eq!(
                    Hand::from_count_array(v, counts),
                    sum(8, usize::from(high) + 8)
                );
            }
        }
        // The slice constructor agrees.
        assert_eq!(Hand::from_counts(v, &[255, 8, 0, 0, 0]), sum(8, 263));
        // And so does it on arbitrary bytes (the slice adds them one by one).
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let mut counts = [0u8; 16];
            for count in &mut counts {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                *count = (seed >> 56) as u8 >> (seed >> 40 & 7);
            }
            assert_eq!(
                Hand::from_count_array(v16, counts),
                Hand::from_counts(v16, &counts),
                "{counts:?}"
            );
        }
    }

    #[test]
    fn errors() {
        let v = Variant::CLASSIC;
        assert_eq!(
            Hand::from_cards(v, &[0; 7]),
            Err(HandError::CardCount {
                expected: 8,
                found: 7
            })
        );
        assert_eq!(
            Hand::from_cards(v, &[0, 0, 5, 0, 0, 0, 0, 0]),
            Err(HandError::CardValue {
                position: 2,
                value: 5,
                modulus: 5
            })
        );
        assert_eq!(
            Hand::from_counts(v, &[8, 0, 0, 0]),
            Err(HandError::CountsLength {
                expected: 5,
                found: 4
            })
        );
        assert_eq!(
            Hand::from_counts(v, &[8, 1, 0, 0, 0]),
            Err(HandError::CountsSum {
                expected: 8,
                found: 9
            })
        );
    }
}
