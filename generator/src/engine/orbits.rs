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
//! to their canonical index by a select: the index of every 64th orbit is
//! kept, and the bits after it are counted. So the numbering costs a bit
//! per index and about 1.1 bits per orbit.
#![allow(clippy::indexing_slicing)] // word and block indices are below index/64 by construction

use gametable::Outcome;
use rayon::prelude::*;

use super::game::Game;

/// Bits per rank block: the count before each block is stored.
const BLOCK_BITS: u64 = 512;
const WORDS_PER_BLOCK: usize = (BLOCK_BITS / 64) as usize;

/// Every orbit of a game's indices, numbered densely: by the engine, or by
/// the game itself ([`Game::orbit_count`]).
pub enum Orbits {
    /// Numbered by the engine.
    Numbered(Numbering),
    /// Numbered by the game: this many orbits.
    ByGame(u64),
}

/// How many orbits `game` numbers itself, where it does: a game with a
/// symmetry and [`Game::orbit_count`]; `None` where the engine numbers
/// them.
pub fn own_count<G: Game + ?Sized>(game: &G) -> Option<u64> {
    game.orbit_count().filter(|_| game.has_symmetry())
}

impl Orbits {
    /// The orbits of `game`: its own numbering where it has one.
    pub fn new<G: Game>(game: &G) -> Orbits {
        match own_count(game) {
            Some(count) => Orbits::ByGame(count),
            None => Orbits::Numbered(Numbering::new(game)),
        }
    }

    /// How many orbits there are.
    pub fn len(&self) -> u64 {
        match self {
            Orbits::Numbered(numbering) => numbering.len(),
            Orbits::ByGame(count) => *count,
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The orbit number of state `index` of `game`, or `None` when it names
    /// none.
    #[inline(always)]
    pub fn orbit_of<G: Game>(&self, game: &G, index: u64) -> Option<u64> {
        match self {
            Orbits::Numbered(numbering) if game.has_symmetry() => (index < game.states())
                .then(|| game.canonical(index))
                .and_then(|canonical| numbering.number(canonical)),
            Orbits::Numbered(numbering) => numbering.number(index),
            Orbits::ByGame(count) => (index < game.states())
                .then(|| game.orbit(index))
                .filter(|&o| o < *count),
        }
    }

    /// The orbit number of the orbit whose canonical index is `canonical`.
    #[inline]
    pub fn orbit_of_canonical<G: Game>(&self, game: &G, canonical: u64) -> Option<u64> {
        match self {
            Orbits::Numbered(numbering) => numbering.number(canonical),
            Orbits::ByGame(_) => self.orbit_of(game, canonical),
        }
    }

    /// The canonical index of orbit `orbit` of `game`.
    ///
    /// # Panics
    /// For `orbit >= self.len()`: a stored count is checked against
    /// [`Orbits::len`] where a table is opened (`store::check_orbit_count`).
    #[inline]
    pub fn representative_of<G: Game>(&self, game: &G, orbit: u64) -> u64 {
        match self {
            Orbits::Numbered(numbering) => numbering.representative(orbit),
            Orbits::ByGame(_) => game.representative(orbit),
        }
    }

    /// The rules' answer for state `index` of `game` when this numbering
    /// leaves it out ([`Game::settled`]: only a game's own numbering does).
    #[inline]
    pub fn settled<G: Game>(&self, game: &G, index: u64) -> Option<(Outcome, u16)> {
        match self {
            Orbits::ByGame(_) if game.has_settled() && index < game.states() => game.settled(index),
            _ => None,
        }
    }

    /// Bytes of memory the numbering holds.
    pub fn bytes(&self) -> usize {
        match self {
            Orbits::Numbered(numbering) => numbering.bytes(),
            Orbits::ByGame(_) => 0,
        }
    }

    /// Whether this numbering can be `game`'s, as [`Orbits::new`] would
    /// build it, checked from a sample (at most 266,240 indices asked of
    /// the game): the same kind of numbering, the same count for a game's
    /// own; for the engine's, the same number of indices, every index of
    /// up to 4,096 words of its bits spread over them marked exactly when
    /// `game` calls it canonical, and every 64th orbit's index canonical
    /// in `game` (sampled, up to 4,096 of them).
    pub fn fits<G: Game>(&self, game: &G) -> bool {
        match (self, own_count(game)) {
            (Orbits::ByGame(count), Some(own)) => *count == own,
            (Orbits::ByGame(_), None) | (Orbits::Numbered(_), Some(_)) => false,
            (Orbits::Numbered(numbering), None) => {
                let symmetric = game.has_symmetry();
                let states = game.states();
                let canonical = |i: u64| !symmetric || game.is_canonical(i);
                let words = numbering.bits.len().div_ceil(4096).max(1);
                let step = numbering.samples.len().div_ceil(4096).max(1);
                numbering.bits.len() as u64 == states.div_ceil(64)
                    && numbering
                        .bits
                        .iter()
                        .enumerate()
                        .step_by(words)
                        .all(|(w, &word)| {
                            let first = w as u64 * 64;
                            (first..(first + 64).min(states))
                                .all(|i| (word >> (i - first) & 1 == 1) == canonical(i))
                        })
                    && numbering
                        .samples
                        .iter()
                        .step_by(step)
                        .all(|&i| i < states && canonical(i))
            }
        }
    }
}

/// The engine's numbering of a game's orbits.
pub struct Numbering {
    /// Bit `i` set when index `i` is a canonical position.
    bits: Vec<u64>,
    /// Canonical positions before each block of `BLOCK_BITS` bits.
    before: Vec<u64>,
    /// The canonical index of every 64th orbit.
    samples: Vec<u64>,
    /// How many orbits there are.
    count: u64,
}

impl Numbering {
    /// Numbers the orbits of `game`'s indices (every index is its own orbit
    /// when the game has no symmetry).
    pub fn new<G: Game>(game: &G) -> Numbering {
        let states = game.states();
        let words = states.div_ceil(64) as usize;
        let symmetric = game.has_symmetry();
        let mut bits = vec![0u64; words];
        bits.par_iter_mut().enumerate().for_each(|(w, word)| {
            let first = w as u64 * 64;
            for i in first..(first + 64).min(states) {
                if !symmetric || game.is_canonical(i) {
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
        let mut samples = Vec::with_capacity(count.div_ceil(64) as usize);
        let mut seen = 0u64;
        for (w, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                if seen.is_multiple_of(64) {
                    samples.push(w as u64 * 64 + u64::from(word.trailing_zeros()));
                }
                seen += 1;
                word &= word - 1;
            }
        }
        Numbering {
            bits,
            before,
            samples,
            count,
        }
    }

    /// How many orbits there are.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
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
    ///
    /// # Panics
    /// For `orbit >= self.len()`.
    #[inline]
    pub fn representative(&self, orbit: u64) -> u64 {
        let sample = self.samples[(orbit / 64) as usize];
        let w = (sample / 64) as usize;
        // The sampled orbit's bit and those after it.
        let word = self.bits[w] & !((1u64 << (sample % 64)) - 1);
        select_from(&self.bits, w, word, orbit % 64)
    }

    /// Bytes of memory the numbering holds.
    pub fn bytes(&self) -> usize {
        (self.bits.len() + self.before.len() + self.samples.len()) * 8
    }
}

/// The position of the set bit `rest` places after the first set bit of
/// `word`, which stands for word `w` of `bits` (the bits before it
/// cleared): a select that walks the words from `w` on. The bit must exist.
#[inline]
pub fn select_from(bits: &[u64], mut w: usize, mut word: u64, mut rest: u64) -> u64 {
    loop {
        let ones = u64::from(word.count_ones());
        if rest < ones {
            for _ in 0..rest {
                word &= word - 1;
            }
            return w as u64 * 64 + u64::from(word.trailing_zeros());
        }
        rest -= ones;
        w += 1;
        word = bits[w];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::{Parameter, Side};
    use gametable::Outcome;

    /// Indices 0..n whose canonical index is the least of `i` and a
    /// reflection `n - 1 - i`, thinned so that whole words are empty.
    struct Mirror(u64);

    impl Game for Mirror {
        type Position = u64;
        fn name(&self) -> &'static str {
            "mirror"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            self.0
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index < self.0).then_some(index)
        }
        fn index(&self, position: &u64) -> u64 {
            *position
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, _index: u64) -> Option<Outcome> {
            Some(Outcome::Draw)
        }
        fn successors(&self, _index: u64, _out: &mut Vec<u64>) {}
        fn max_moves(&self) -> usize {
            0
        }
        fn has_symmetry(&self) -> bool {
            true
        }
        fn canonical(&self, index: u64) -> u64 {
            // Indices in 1000..3000 map far down, leaving empty words.
            if (1000..3000).contains(&index) {
                index % 7
            } else {
                index.min(self.0 - 1 - index)
            }
        }
    }

    #[test]
    fn numbers_and_representatives_invert_each_other() {
        for n in [1, 2, 63, 64, 65, 129, 5000, 70_001] {
            let game = Mirror(n);
            let numbering = Numbering::new(&game);
            let canonical: Vec<u64> = (0..n).filter(|&i| game.canonical(i) == i).collect();
            assert_eq!(numbering.len(), canonical.len() as u64, "{n}");
            for (orbit, &c) in canonical.iter().enumerate() {
                assert_eq!(numbering.number(c), Some(orbit as u64), "{n} {c}");
                assert_eq!(numbering.representative(orbit as u64), c, "{n} {orbit}");
            }
            for i in (0..n).filter(|&i| game.canonical(i) != i) {
                assert_eq!(numbering.number(i), None, "{n} {i}");
            }
        }
    }
}
