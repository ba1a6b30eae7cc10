//! What the sweep needs to know of every hand, derived once from the rules:
//! the values it holds, and the hand it becomes when one card changes (a
//! move replaces the mover's `a` by `(a + b) mod m`; un-moving replaces a
//! `c` by `(c - b) mod m`).
#![allow(clippy::indexing_slicing)] // indices are hand ranks below `hands` and values below m

use gametable::{Hand, Variant};

/// An `unmove`/`forward` entry with no hand.
pub(crate) const NO_HAND: u32 = u32::MAX;

/// What the sweep's inner loop needs of one hand, in one cache line.
#[derive(Clone, Copy)]
pub(crate) struct HandFacts {
    /// The values the hand holds, in increasing order: `values[..distinct]`.
    pub(crate) values: [u8; 16],
    /// Its non-zero values less one, in increasing order: `columns[..moves]`,
    /// the columns of [`PredTable`](super::predecessors::PredTable) rows.
    pub(crate) columns: [u8; 16],
    /// Bit v set when the hand holds a card of value v.
    pub(crate) present: u16,
    /// How many distinct values it holds.
    pub(crate) distinct: u8,
    /// How many distinct non-zero values it holds: its moves.
    pub(crate) moves: u8,
}

impl HandFacts {
    fn new(counts: &[u8]) -> HandFacts {
        let mut facts = HandFacts {
            values: [0; 16],
            columns: [0; 16],
            present: 0,
            distinct: 0,
            moves: 0,
        };
        for (value, _) in counts.iter().enumerate().filter(|(_, &count)| count > 0) {
            facts.values[usize::from(facts.distinct)] = value as u8;
            facts.present |= 1 << value;
            facts.distinct += 1;
            if value != 0 {
                facts.columns[usize::from(facts.moves)] = value as u8 - 1;
                facts.moves += 1;
            }
        }
        facts
    }

    /// The distinct values held.
    #[inline(always)]
    pub(crate) fn values(&self) -> &[u8] {
        &self.values[..usize::from(self.distinct)]
    }

    /// The distinct non-zero values held, each less one.
    #[inline(always)]
    pub(crate) fn columns(&self) -> &[u8] {
        &self.columns[..usize::from(self.moves)]
    }
}

/// Per-hand facts the sweep needs, derived once from the rules.
pub struct HandTables {
    pub(crate) modulus: usize,
    /// Per hand: which values it holds, and how many.
    pub(crate) facts: Vec<HandFacts>,
    /// Per hand: [`HandFacts::present`] alone, a table small enough to stay
    /// in the nearest cache for the generic path's questions.
    present: Vec<u16>,
    /// `replaced[(h * m + v) * m + w]`: the rank of hand h with one card
    /// `v` replaced by `w`; [`NO_HAND`] where `v` is not in h or `v == w`.
    /// A move replaces the mover's `a` by `(a + b) mod m`; un-moving
    /// replaces a `c` by `(c - b) mod m`.
    replaced: Vec<u32>,
}

impl HandTables {
    /// Builds the tables of `variant` (linear in its hands).
    pub fn new(variant: Variant) -> HandTables {
        let hands = variant.hands() as usize;
        let m = variant.modulus() as usize;
        let mut facts = Vec::with_capacity(hands);
        let mut replaced = vec![NO_HAND; hands * m * m];
        for (hand, row) in Hand::all(variant).zip(replaced.chunks_exact_mut(m * m)) {
            let hand_facts = HandFacts::new(hand.counts());
            for &v in hand_facts.values() {
                for w in (0..m as u8).filter(|&w| w != v) {
                    if let Some(after) = hand.replace(v, w) {
                        row[usize::from(v) * m + usize::from(w)] = after.rank();
                    }
                }
            }
            facts.push(hand_facts);
        }
        HandTables {
            modulus: m,
            present: facts.iter().map(|f| f.present).collect(),
            facts,
            replaced,
        }
    }

    /// The hand that became hand `y` with a card `c` by adding the
    /// opponent's `b` (`b` non-zero): `y` with a `c` replaced by
    /// `(c - b) mod m`; [`NO_HAND`] where `c` is not in `y` or `b == c` (the
    /// card would have been 0, which cannot move).
    #[inline]
    pub(crate) fn unmove(&self, y: usize, c: usize, b: usize) -> u32 {
        let m = self.modulus;
        if b == c {
            return NO_HAND;
        }
        self.replaced[(y * m + c) * m + minus(c, b, m)]
    }

    /// Hand `h` after its card `a` took the opponent's `b` (both non-zero,
    /// `a` in `h`).
    #[inline]
    pub fn forward(&self, h: usize, a: usize, b: usize) -> u32 {
        let m = self.modulus;
        // (a + b) mod m, both below m, without a division.
        let sum = if a + b >= m { a + b - m } else { a + b };
        self.replaced[(h * m + a) * m + sum]
    }

    /// The number of hands.
    pub fn hands(&self) -> usize {
        self.facts.len()
    }

    /// The non-zero values hand `hand` holds, bit `v` for value `v`.
    pub fn nonzero(&self, hand: usize) -> u16 {
        self.present[hand] & !1
    }

    /// The number of distinct moves a hand has as the mover (its distinct
    /// non-zero values), which is also the count it contributes as the
    /// waiting hand.
    pub fn moves(&self, hand: usize) -> u32 {
        u32::from(self.facts[hand].moves)
    }

    /// Calls `f(y')` for each predecessor `(y', x)` of the state (x to move,
    /// y waiting): the plain form of the sweep's inner loop.
    pub fn for_each_unmove(&self, x: usize, y: usize, mut f: impl FnMut(usize)) {
        let m = self.modulus;
        let mut values = self.present[y];
        while values != 0 {
            let c = values.trailing_zeros() as usize;
            values &= values - 1;
            // The hands y with its c replaced; b == c is no un-move (the
            // card would have been 0), as in `unmove`.
            let replaced = &self.replaced[(y * m + c) * m..][..m];
            let mut theirs = self.nonzero(x) & !(1 << c);
            while theirs != 0 {
                let b = theirs.trailing_zeros() as usize;
                theirs &= theirs - 1;
                let before = replaced[minus(c, b, m)];
                if before != NO_HAND {
                    f(before as usize);
                }
            }
        }
    }
}

/// `(c - b) mod m` for `b, c < m`, without a division.
#[inline(always)]
fn minus(c: usize, b: usize, m: usize) -> usize {
    if c >= b {
        c - b
    } else {
        c + m - b
    }
}
