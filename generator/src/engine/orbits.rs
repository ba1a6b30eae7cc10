//! The dense numbering of a game's orbits under its symmetry: one stored
//! state per orbit, numbered in increasing order of its canonical index.
//! Every index that is its own canonical index is numbered, positions or
//! not (a game's non-positions are few, and numbering them keeps the
//! numbering a function of `canonical` alone: Cards' reduced tables keep
//! their both-zero pair).
//!
//! A bit per index marks the canonical ones; the rank of a canonical index
//! (how many canonical indices come before it) is its orbit number, found
//! with a count per 512-bit block and a popcount. Orbit numbers lead back
//! to their canonical index through a sorted list of them.
#![allow(clippy::indexing_slicing)] // word and block indices are below index/64 by construction

use rayon::prelude::*;

use super::game::Game;

/// Bits per rank block: the count before each block is stored.
const BLOCK_BITS: u64 = 512;
const WORDS_PER_BLOCK: usize = (BLOCK_BITS / 64) as usize;

/// Every orbit of a game's positions, numbered densely.
pub struct Orbits {
    /// Bit `i` set when index `i` is a canonical position.
    bits: Vec<u64>,
    /// Canonical positions before each block of `BLOCK_BITS` bits.
    before: Vec<u64>,
    /// The canonical index of each orbit, increasing.
    representatives: Vec<u64>,
}

impl Orbits {
    /// Numbers the orbits of `game`'s indices (every index is its own orbit
    /// when the game has no symmetry).
    pub fn new<G: Game>(game: &G) -> Orbits {
        let states = game.states();
        let words = states.div_ceil(64) as usize;
        let symmetric = game.has_symmetry();
        let mut bits = vec![0u64; words];
        bits.par_iter_mut().enumerate().for_each(|(w, word)| {
            let first = w as u64 * 64;
            for i in first..(first + 64).min(states) {
                if !symmetric || game.canonical(i) == i {
                    *word |= 1 << (i - first);
                }
            }
        });
        let mut before = Vec::with_capacity(words.div_ceil(WORDS_PER_BLOCK));
        let mut count = 0u64;
        for block in bits.chunks(WORDS_PER_BLOCK) {
            before.push(count);
            count += block.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
        let mut representatives = Vec::with_capacity(count as usize);
        for (w, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                representatives.push(w as u64 * 64 + u64::from(word.trailing_zeros()));
                word &= word - 1;
            }
        }
        Orbits {
            bits,
            before,
            representatives,
        }
    }

    /// How many orbits there are.
    pub fn len(&self) -> u64 {
        self.representatives.len() as u64
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.representatives.is_empty()
    }

    /// The orbit number of canonical position `canonical`, or `None` when it
    /// is not one.
    #[inline]
    pub fn number(&self, canonical: u64) -> Option<u64> {
        let w = (canonical / 64) as usize;
        let word = *self.bits.get(w)?;
        let bit = canonical % 64;
        if word >> bit & 1 == 0 {
            return None;
        }
        let block = w / WORDS_PER_BLOCK;
        let mut rank = self.before[block];
        for &earlier in &self.bits[block * WORDS_PER_BLOCK..w] {
            rank += u64::from(earlier.count_ones());
        }
        rank += u64::from((word & ((1u64 << bit) - 1)).count_ones());
        Some(rank)
    }

    /// The canonical index of orbit `orbit`.
    #[inline]
    pub fn representative(&self, orbit: u64) -> u64 {
        self.representatives[orbit as usize]
    }

    /// Bytes of memory the numbering holds.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8 + self.before.len() * 8 + self.representatives.len() * 8
    }
}
