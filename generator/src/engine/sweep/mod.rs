//! The level-by-level retrograde sweep, for any game, behind one seam.
//!
//! Level `d` holds the stored states decided at distance `d` from the end.
//! Processing a loss makes every undecided predecessor a win at `d + 1`;
//! processing a win counts down each predecessor's remaining successors,
//! and a predecessor at zero is a loss at `d + 1`. States never decided are
//! draws. Levels come out in distance order, so the level of a state is its
//! distance under perfect play (the winner fastest, the loser slowest).
//!
//! The level loop ([`level`] on one thread, [`parallel`] on every core) is
//! written once. What differs between games sits behind [`Kernel`]: how a
//! stored state starts (its count of distinct stored successors, or a
//! marker) and how its stored predecessors are found. The generic kernel
//! ([`crate::engine::kernel`]) asks a [`crate::engine::Game`]; Cards has a
//! specialised one (`crate::games::cards::kernel`) over precomputed
//! per-hand tables.
//!
//! Working memory is one cell per stored state ([`countdown`]): a counter
//! while undecided, else a marker. A cell is one byte, or two for a kernel
//! whose states may have more than [`countdown::MAX_COUNT`] successors (the
//! kernel's [`Kernel::Cell`]); the loop is monomorphised per cell type. Each level is found by scanning only
//! the 64-state blocks that a bitmap marks dirty (small levels are listed),
//! so no queue grows with the table.

pub mod cells;
pub mod countdown;
pub mod level;
pub mod parallel;
pub mod sweeper;

pub use countdown::Cell;
pub use level::sweep;
pub use sweeper::{Sweeper, Threads};

/// States per block of the dirty bitmaps: one cache line of the work array.
pub const BLOCK: usize = 64;

/// What a game's sweep needs to know of its stored states.
///
/// Contracts: [`Kernel::initial_cells`] gives each stored state its count
/// of distinct stored successors (at most [`Cell::MAX_COUNT`]), or a
/// marker: [`Cell::FRONT_LOSS`]`[0]` / [`Cell::FRONT_WIN`]`[0]`
/// for a state decided at distance 0 (over, or without moves: a loss),
/// [`Cell::FRONT_WIN`]`[1]` for a win at distance 1 that the kernel knows
/// from the rules (the level loop takes it up with level 1, even after an
/// empty level 0),
/// [`Cell::LATE_LOSS`] for a loss at distance 2 that the kernel knows
/// from the rules (the level loop takes it up with level 2),
/// [`Cell::ENDED_LEVEL`] for a state the rules end level,
/// [`Cell::NOT_A_POSITION`] for a slot that names no position;
/// [`Kernel::predecessors`] lists the distinct stored predecessors of a
/// stored state, each once, every one of which counted the state among its
/// successors; it may leave out predecessors that are decided before the
/// state's level (the generic kernel lists none for a lost ending of a game
/// with `Game::wins_at_once`: each of them started won at level 1).
pub trait Kernel: Sync {
    /// The work cell: `u8`, or `u16` where a state may have more than
    /// [`countdown::MAX_COUNT`] distinct stored successors.
    type Cell: Cell;

    /// Per-thread scratch space (caches, buffers).
    type Scratch;

    /// How many stored states (work cells) there are.
    fn slots(&self) -> usize;

    /// The most distinct predecessors one stored state can have.
    fn max_predecessors(&self) -> usize;

    /// Fresh scratch space for one thread.
    fn scratch(&self) -> Self::Scratch;

    /// Sets the starting cell of stored states `first..first + cells.len()`.
    fn initial_cells(&self, first: usize, cells: &mut [Self::Cell], scratch: &mut Self::Scratch);

    /// Whether the caller's `on_decided` keeps the distance of every state
    /// it is given, so that the parallel loop may leave the codes to be
    /// read from those distances ([`SpaceSolution::deferred`]) and free
    /// its work cells first. `false` (the default): the loop packs them.
    fn distances_kept(&self) -> bool {
        false
    }

    /// Whether the kernel has found a fault that fails the solve (a game
    /// that broke a contract, [`crate::engine::kernel::Broken`]): every
    /// loop then stops after the level it is in, rather than sweep on for
    /// a result its caller refuses. `false` (the default) for a kernel
    /// that finds none.
    fn failed(&self) -> bool {
        false
    }

    /// Writes the distinct stored predecessors of stored state `s` to the
    /// front of `out` (which has room for [`Kernel::max_predecessors`]);
    /// returns how many there are and how many were visited before
    /// deduplication.
    fn predecessors(
        &self,
        s: usize,
        out: &mut [usize],
        scratch: &mut Self::Scratch,
    ) -> (usize, u64);
}

/// The result of the level loop over some kernel's stored states.
pub struct SpaceSolution {
    /// Packed 2-bit outcome codes ([`gametable::code`]), one per stored state,
    /// state `i` at bits `2 * (i % 4)` of byte `i / 4`.
    pub packed: Vec<u8>,
    /// The number of levels (one more than the longest distance).
    pub levels: u32,
    /// Predecessors visited.
    pub predecessor_visits: u64,
    /// When `packed` is left empty: how to read the codes from the
    /// distances the caller kept ([`Kernel::distances_kept`]).
    pub deferred: Option<Deferred>,
    /// Every stored state's distance, when the sweeper kept them itself
    /// (ranks, each its share, gathered on rank 0) instead of handing each
    /// to `on_decided`: the caller takes them as they are, so that they
    /// are not held twice.
    pub distances: Option<super::distances::Distances>,
}

/// Codes left to be read from the distances: every level held one outcome
/// (as in every game whose endings are all losses, where wins lie at odd
/// distances and losses at even ones), so a state's distance gives its
/// outcome; a state without one is a draw, unless listed as no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deferred {
    /// The code of each level's states.
    pub level_codes: Vec<u8>,
    /// The stored states that name no position, in increasing order.
    pub not_positions: Vec<u64>,
}

impl Deferred {
    /// The deferral of the final cells `cells` of a sweep whose levels held
    /// `outcomes` (`None` for a level of both): `None` when a level held
    /// both, or more than one state in 64 names no position.
    pub(crate) fn of<C: countdown::Cell>(
        cells: &[C],
        outcomes: Vec<Option<u8>>,
    ) -> Option<Deferred> {
        let level_codes = outcomes.into_iter().collect::<Option<Vec<u8>>>()?;
        let mut not_positions = Vec::new();
        for (s, &cell) in cells.iter().enumerate() {
            if cell == C::NOT_A_POSITION {
                if not_positions.len() > cells.len() / 64 {
                    return None;
                }
                not_positions.push(s as u64);
            }
        }
        Some(Deferred {
            level_codes,
            not_positions,
        })
    }

    /// The code of a stored state with distance `distance` (`None`: no
    /// distance) that is or is not `listed` as no position.
    pub fn code(&self, distance: Option<u16>, listed: bool) -> u8 {
        match distance {
            Some(d) => self
                .level_codes
                .get(usize::from(d))
                .copied()
                .unwrap_or(gametable::code::DRAW),
            None if listed => gametable::code::NOT_A_POSITION,
            None => gametable::code::DRAW,
        }
    }
}

impl SpaceSolution {
    /// Packs the final work cells of `states` stored states into codes.
    pub(crate) fn from_cells<C: Cell>(
        states: usize,
        levels: u32,
        predecessor_visits: u64,
        cell: impl Fn(usize) -> C,
    ) -> SpaceSolution {
        let mut packed = vec![0u8; states.div_ceil(4)];
        for s in 0..states {
            gametable::packing::put_code(&mut packed, s as u64, cell(s).code());
        }
        SpaceSolution {
            packed,
            levels,
            predecessor_visits,
            deferred: None,
            distances: None,
        }
    }

    /// The code of stored state `s`.
    pub fn code(&self, s: usize) -> u8 {
        gametable::packing::code_in(self.packed[s / 4], s as u64)
    }
}

/// Bit `i` set where `cells[i] & mask == value` (`cells.len() <= 64`).
#[inline]
pub(crate) fn matches(cells: &[u8], mask: u8, value: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut bits = 0u64;
    let mut chunks = cells.chunks_exact(8);
    for (k, chunk) in chunks.by_ref().enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let t = (u64::from_le_bytes(word) & (ONES * u64::from(mask))) ^ (ONES * u64::from(value));
        // High bit of each zero byte of t (exact: no false positives).
        let zero = !(((t & !HIGHS) + !HIGHS) | t) & HIGHS;
        // Byte i's bit to bit 56 + i: the products 2^(8i + 7j + 7) of the
        // multiplication never collide, so nothing carries.
        let gathered = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
        bits |= u64::from(gathered) << (k * 8);
    }
    let base = cells.len() - chunks.remainder().len();
    for (i, &cell) in chunks.remainder().iter().enumerate() {
        if cell & mask == value {
            bits |= 1 << (base + i);
        }
    }
    bits
}

/// Marks the block of state `p` dirty.
#[inline(always)]
pub(crate) fn mark_block(mark: &mut [u64], p: usize) {
    let block = p / BLOCK;
    mark[block / 64] |= 1 << (block % 64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_finds_every_equal_byte_under_the_mask() {
        let mut cells = [0u8; 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = [7, 248, 250, 249, 1, 0, 251, 255][i % 8] ^ (i as u8 / 8 % 2);
        }
        for len in [0, 1, 7, 8, 9, 63, 64] {
            for mask in [0xff, countdown::FRONT_MASK] {
                for value in [0, 1, 7, 248, 249, 255] {
                    let expected = (0..len)
                        .filter(|&i| cells[i] & mask == value)
                        .fold(0u64, |bits, i| bits | 1 << i);
                    assert_eq!(
                        matches(&cells[..len], mask, value),
                        expected,
                        "{len} {value}"
                    );
                }
            }
        }
    }
}
