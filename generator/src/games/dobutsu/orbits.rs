//! Dobutsu's own numbering of its orbits under the left-right mirror
//! ([`Game::orbit_count`]), the engine's numbering computed from the lion
//! blocks.
//!
//! Why it exists: the engine numbers orbits by asking every index whether
//! it is canonical and keeping a bit per index (for the whole game, 1.45 G
//! questions and 280 MB with its select samples, most of a minute on two
//! cores). The lions lead the index, so a lion block is canonical as a
//! whole or not at all, except the blocks with both lions on the middle
//! file (or the opponent's there, with the mover's captured), whose states
//! are mirrored within the block: only those get a bit per index.
//!
//! The numbers are the engine's: orbits in increasing order of their
//! canonical index (the tests compare both numberings index by index),
//! except that the blocks whose lions settle their states at once (a lion
//! taken, the lions side by side, the opposing lion on the mover's home
//! row: [`super::index::lions_settle`]) are left out: their answers come
//! from the rules ([`Game::settled`]), and two thirds of the states are
//! never stored.
#![allow(clippy::indexing_slicing)] // block and word indices come from the index's own layout

use core::cmp::Ordering;

use rayon::prelude::*;

use super::Dobutsu;
use crate::engine::orbits::select_from;
use crate::engine::Game;

/// Bits per rank block of a mixed lion block's bitmap.
const RANK_BITS: u64 = 512;
const WORDS_PER_RANK: usize = (RANK_BITS / 64) as usize;

/// The orbit numbering of one variant.
pub struct OrbitNumbering {
    blocks: Vec<Block>,
    /// For every [`CHUNK`] orbits, the block that holds the chunk's first
    /// orbit: where [`OrbitNumbering::representative`] starts looking.
    chunks: Vec<u16>,
    count: u64,
}

/// Orbits per entry of [`OrbitNumbering`]'s chunk table (a lion block
/// holds about 12 M).
const CHUNK_SHIFT: u32 = 20;

/// One lion block of the index.
struct Block {
    /// Its first index.
    start: u64,
    /// The orbit number of its first canonical index (of the next block's,
    /// for a block with none).
    first: u64,
    canonical: Canonical,
}

/// Which indices of a lion block are canonical and numbered.
enum Canonical {
    /// None: the lions settle every state of the block
    /// ([`Game::settled`]), which the numbering leaves out.
    Settled,
    /// Every one: the mirror image's block comes later.
    All,
    /// None: the mirror image's block comes first.
    None,
    /// Index by index (lions on the middle file): a bit per index.
    Some(Bits),
}

/// A bitmap of a mixed block's canonical indices, with the count before
/// each 512-bit block.
struct Bits {
    words: Vec<u64>,
    before: Vec<u64>,
    /// The word that holds every [`SAMPLE`]-th canonical index.
    samples: Vec<u32>,
    /// How many canonical indices the block holds.
    ones: u64,
}

/// Canonical indices per select sample.
const SAMPLE: u64 = 256;

impl Bits {
    /// The canonical indices among `len` indices from `start` of `game`.
    fn new(game: &Dobutsu, start: u64, len: u64) -> Bits {
        let mut words = vec![0u64; len.div_ceil(64) as usize];
        words.par_iter_mut().enumerate().for_each(|(w, word)| {
            let first = w as u64 * 64;
            for offset in first..(first + 64).min(len) {
                if game.is_canonical_on_board(start + offset) {
                    *word |= 1 << (offset - first);
                }
            }
        });
        let mut before = Vec::with_capacity(words.len().div_ceil(WORDS_PER_RANK));
        let mut ones = 0;
        for chunk in words.chunks(WORDS_PER_RANK) {
            before.push(ones);
            ones += chunk.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
        let mut samples = Vec::with_capacity(ones.div_ceil(SAMPLE) as usize);
        let mut seen = 0u64;
        for (w, &word) in words.iter().enumerate() {
            let here = u64::from(word.count_ones());
            // Every multiple of SAMPLE in seen..seen + here falls in word w.
            while (samples.len() as u64) * SAMPLE < seen + here {
                samples.push(w as u32);
            }
            seen += here;
        }
        Bits {
            words,
            before,
            samples,
            ones,
        }
    }

    /// Whether the block's index `offset` is canonical.
    fn has(&self, offset: u64) -> bool {
        self.words[(offset / 64) as usize] >> (offset % 64) & 1 == 1
    }

    /// How many canonical indices come before offset `offset`.
    fn rank(&self, offset: u64) -> u64 {
        let w = (offset / 64) as usize;
        let rank_block = w / WORDS_PER_RANK;
        let mut rank = self.before[rank_block];
        for &word in &self.words[rank_block * WORDS_PER_RANK..w] {
            rank += u64::from(word.count_ones());
        }
        rank + u64::from((self.words[w] & ((1u64 << (offset % 64)) - 1)).count_ones())
    }

    /// The offset of the canonical index of rank `rank` (below
    /// `ones`).
    fn select(&self, rank: u64) -> u64 {
        // From the sampled word, whose rank is its rank block's count and
        // the words before it in that block.
        let w = self.samples[(rank / SAMPLE) as usize] as usize;
        let rank_block = w / WORDS_PER_RANK;
        let before_w = self.before[rank_block]
            + self.words[rank_block * WORDS_PER_RANK..w]
                .iter()
                .map(|w| u64::from(w.count_ones()))
                .sum::<u64>();
        select_from(&self.words, w, self.words[w], rank - before_w)
    }
}

impl OrbitNumbering {
    /// Numbers the orbits of `game`: the mixed blocks' bits on every core.
    pub fn new(game: &Dobutsu) -> OrbitNumbering {
        let mut blocks = Vec::new();
        let mut count = 0;
        for block in game.index.blocks() {
            let (start, len) = (block.start, block.len);
            let canonical = match block.against_mirror {
                _ if block.settled => Canonical::Settled,
                Ordering::Less => Canonical::All,
                Ordering::Greater => Canonical::None,
                Ordering::Equal => Canonical::Some(Bits::new(game, start, len)),
            };
            blocks.push(Block {
                start,
                first: count,
                canonical: Canonical::None,
            });
            count += match &canonical {
                Canonical::All => len,
                Canonical::None | Canonical::Settled => 0,
                Canonical::Some(bits) => bits.ones,
            };
            if let Some(block) = blocks.last_mut() {
                block.canonical = canonical;
            }
        }
        let mut chunks = Vec::with_capacity((count >> CHUNK_SHIFT) as usize + 1);
        let mut at = 0usize;
        for chunk in 0..=(count >> CHUNK_SHIFT) {
            let first_orbit = chunk << CHUNK_SHIFT;
            while at + 1 < blocks.len() && blocks[at + 1].first <= first_orbit {
                at += 1;
            }
            chunks.push(at as u16);
        }
        OrbitNumbering {
            blocks,
            chunks,
            count,
        }
    }

    /// How many orbits there are.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The orbit of state `index` of `game` (below its
    /// [`Game::states`]): arithmetic when `index` is canonical, else after
    /// canonicalising it from its board; `u64::MAX` for a settled state.
    pub fn orbit(&self, game: &Dobutsu, index: u64) -> u64 {
        let block = &self.blocks[game.index.block_of(index)];
        let offset = index - block.start;
        match &block.canonical {
            Canonical::Settled => u64::MAX,
            Canonical::All => block.first + offset,
            Canonical::Some(bits) if bits.has(offset) => block.first + bits.rank(offset),
            _ => {
                let canonical = game.canonical(index);
                debug_assert_ne!(canonical, index);
                self.orbit(game, canonical)
            }
        }
    }

    /// The canonical index of orbit `orbit` (below [`OrbitNumbering::count`]).
    pub fn representative(&self, orbit: u64) -> u64 {
        // The last block whose first orbit is at most `orbit` (blocks
        // without orbits share the next one's first, and are passed over).
        let mut at = usize::from(self.chunks[(orbit >> CHUNK_SHIFT) as usize]);
        while at + 1 < self.blocks.len() && self.blocks[at + 1].first <= orbit {
            at += 1;
        }
        let block = &self.blocks[at];
        let rank = orbit - block.first;
        match &block.canonical {
            Canonical::Some(bits) => block.start + bits.select(rank),
            _ => block.start + rank,
        }
    }

    /// Bytes of memory the numbering holds.
    pub fn bytes(&self) -> usize {
        self.blocks
            .iter()
            .map(|b| match &b.canonical {
                Canonical::Some(bits) => {
                    (bits.words.len() + bits.before.len()) * 8 + bits.samples.len() * 4
                }
                _ => 0,
            })
            .sum::<usize>()
            + self.blocks.len() * size_of::<Block>()
            + self.chunks.len() * 2
    }
}
