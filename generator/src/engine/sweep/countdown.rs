//! The work cell of a stored state, and what a count-down does to it.
//!
//! While undecided, a state's cell counts its successors not yet decided as
//! wins for the opponent; once decided it is a marker. A cell is one byte
//! ([`u8`], the constants below) for games with at most [`MAX_COUNT`] moves
//! per state, two ([`u16`]) for games with more: both are a [`Cell`], with
//! the same eight markers at the top of their range. A state decided for
//! a level is marked *frontier* with its outcome and the level's parity;
//! the two parities swap roles every level: one marks the level being
//! processed, the other the states it decides for the next.

use gametable::code;

/// The largest counter: a state may have at most this many distinct
/// stored successors.
pub const MAX_COUNT: u8 = 247;

/// Frontier markers: `FRONT_LOSS[parity]`, `FRONT_WIN[parity]`. They differ
/// from each other only in bit 1 ([`FRONT_MASK`] clears it), so one masked
/// compare finds a level's frontier of both outcomes.
pub const FRONT_LOSS: [u8; 2] = [248, 249];
/// See [`FRONT_LOSS`].
pub const FRONT_WIN: [u8; 2] = [250, 251];
/// Clears the outcome bit of a frontier marker.
pub const FRONT_MASK: u8 = !2;
/// A win processed at an earlier level.
pub const DONE_WIN: u8 = 252;
/// A loss processed at an earlier level.
pub const DONE_LOSS: u8 = 253;
/// An index that names no position.
pub const NOT_A_POSITION: u8 = 254;
/// A state the rules end level: a draw that nothing changes.
pub const ENDED_LEVEL: u8 = 255;
/// A starting cell only: a loss at distance 2 that the kernel knows from
/// the rules (every move hands the opponent a win in one, into states the
/// game leaves unstored: `Game::settled`). No undecided state ever holds 0
/// otherwise; the level loop turns it into level 2's frontier.
pub const LATE_LOSS: u8 = 0;

/// Whether a frontier cell is a win.
#[inline(always)]
pub(crate) fn is_win_front(cell: u8) -> bool {
    cell & 2 != 0
}

/// A predecessor's cell after one of its successors was decided at a level
/// of parity `parity` as `won` (a loss makes it a win; a win counts it
/// down, to a loss at zero), and whether that decides it. Branch-free.
#[inline(always)]
fn counted_down(cell: u8, next: usize, successor_lost: bool) -> (u8, bool) {
    let undecided = cell <= MAX_COUNT;
    let decided_now = undecided & (successor_lost | (cell == 1));
    let cell = if decided_now {
        if successor_lost {
            FRONT_WIN[next]
        } else {
            FRONT_LOSS[next]
        }
    } else {
        // Wrapping: a table of every byte also holds 0, which no undecided
        // state ever holds (it would have been decided as a loss).
        cell.wrapping_sub(u8::from(undecided))
    };
    (cell, decided_now)
}

/// `counted_down` for every cell value, for one kind of count-down of one
/// level: a table load instead of a few compares and selects per
/// predecessor.
pub struct Steps {
    /// The cell after, with bit 8 set when that decides it.
    table: [u16; 256],
}

impl Steps {
    /// The count-down of the predecessors of states decided at a level of
    /// parity `parity`, as losses when `successor_lost`, else as wins.
    pub fn of(parity: usize, successor_lost: bool) -> Steps {
        let mut table = [0u16; 256];
        for (cell, step) in (0..=u8::MAX).zip(table.iter_mut()) {
            let (after, decided_now) = counted_down(cell, 1 - parity, successor_lost);
            *step = u16::from(after) | u16::from(decided_now) << 8;
        }
        Steps { table }
    }

    /// The cell after one of its successors was decided, and whether that
    /// decides it.
    #[inline(always)]
    pub fn after(&self, cell: u8) -> (u8, bool) {
        let step = self.table[usize::from(cell)];
        (step as u8, step > 0xff)
    }
}

/// The outcome code a final work cell stands for.
pub const fn cell_code(cell: u8) -> u8 {
    match cell {
        DONE_WIN => code::WIN,
        DONE_LOSS => code::LOSS,
        NOT_A_POSITION => code::NOT_A_POSITION,
        _ => code::DRAW,
    }
}

/// [`cell_code`] of every byte.
const CODES: [u8; 256] = {
    let mut codes = [0u8; 256];
    let mut cell = 0;
    while cell < 256 {
        codes[cell] = cell_code(cell as u8);
        cell += 1;
    }
    codes
};

/// A stored state's work cell: a counter of undecided successors up to
/// [`Cell::MAX_COUNT`], or one of eight markers above it. The level loop is
/// written once over this trait and monomorphised per cell type, so the
/// one-byte path is the code it always was.
pub trait Cell: Copy + Eq + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The largest counter: a state may have at most this many distinct
    /// stored successors.
    const MAX_COUNT: usize;
    /// See [`FRONT_LOSS`].
    const FRONT_LOSS: [Self; 2];
    /// See [`FRONT_WIN`].
    const FRONT_WIN: [Self; 2];
    /// See [`FRONT_MASK`].
    const FRONT_MASK: Self;
    /// See [`DONE_WIN`].
    const DONE_WIN: Self;
    /// See [`DONE_LOSS`].
    const DONE_LOSS: Self;
    /// See [`NOT_A_POSITION`].
    const NOT_A_POSITION: Self;
    /// See [`ENDED_LEVEL`].
    const ENDED_LEVEL: Self;
    /// See [`LATE_LOSS`].
    const LATE_LOSS: Self;
    /// Every bit set: the mask of an exact compare.
    const ALL: Self;

    /// One kind of count-down of one level (see [`Steps`]).
    type Steps: Sync;

    /// The count-down of the predecessors of states decided at a level of
    /// parity `parity`, as losses when `successor_lost`, else as wins.
    fn steps(parity: usize, successor_lost: bool) -> Self::Steps;

    /// The cell after one of its successors was decided, and whether that
    /// decides it.
    fn after(steps: &Self::Steps, cell: Self) -> (Self, bool);

    /// Bit `i` set where `cells[i] & mask == value` (`cells.len() <= 64`).
    fn matches(cells: &[Self], mask: Self, value: Self) -> u64;

    /// The counter `count` (at most [`Cell::MAX_COUNT`]).
    fn count(count: usize) -> Self;

    /// Whether a frontier cell is a win.
    fn is_win_front(self) -> bool;

    /// The outcome code a final work cell stands for.
    fn code(self) -> u8;

    /// Cells over the bytes of a mapping (aligned to a page, a whole number
    /// of cells long).
    fn cast(bytes: &[u8]) -> &[Self];

    /// [`Cell::cast`], mutably.
    fn cast_mut(bytes: &mut [u8]) -> &mut [Self];

    /// The bytes of `cells` (native byte order), as checkpoints store them.
    fn bytes(cells: &[Self]) -> &[u8];

    /// [`Cell::bytes`], mutably.
    fn bytes_mut(cells: &mut [Self]) -> &mut [u8];
}

/// The count-downs of a level of parity `parity`: after a loss, after a win.
pub fn level_steps<C: Cell>(parity: usize) -> [C::Steps; 2] {
    [C::steps(parity, true), C::steps(parity, false)]
}

impl Cell for u8 {
    const MAX_COUNT: usize = MAX_COUNT as usize;
    const FRONT_LOSS: [u8; 2] = FRONT_LOSS;
    const FRONT_WIN: [u8; 2] = FRONT_WIN;
    const FRONT_MASK: u8 = FRONT_MASK;
    const DONE_WIN: u8 = DONE_WIN;
    const DONE_LOSS: u8 = DONE_LOSS;
    const NOT_A_POSITION: u8 = NOT_A_POSITION;
    const ENDED_LEVEL: u8 = ENDED_LEVEL;
    const LATE_LOSS: u8 = LATE_LOSS;
    const ALL: u8 = u8::MAX;

    type Steps = Steps;

    fn steps(parity: usize, successor_lost: bool) -> Steps {
        Steps::of(parity, successor_lost)
    }

    #[inline(always)]
    fn after(steps: &Steps, cell: u8) -> (u8, bool) {
        steps.after(cell)
    }

    #[inline(always)]
    fn matches(cells: &[u8], mask: u8, value: u8) -> u64 {
        super::matches(cells, mask, value)
    }

    #[inline(always)]
    fn count(count: usize) -> u8 {
        count as u8
    }

    #[inline(always)]
    fn is_win_front(self) -> bool {
        is_win_front(self)
    }

    #[inline(always)]
    fn code(self) -> u8 {
        CODES[usize::from(self)]
    }

    #[inline(always)]
    fn cast(bytes: &[u8]) -> &[u8] {
        bytes
    }

    #[inline(always)]
    fn cast_mut(bytes: &mut [u8]) -> &mut [u8] {
        bytes
    }

    fn bytes(cells: &[u8]) -> &[u8] {
        cells
    }

    fn bytes_mut(cells: &mut [u8]) -> &mut [u8] {
        cells
    }
}

/// The two-byte cells' markers: the one-byte markers' low byte under an
/// all-ones high byte, so that bit 1 is again the outcome of a frontier
/// marker.
const fn wide(marker: u8) -> u16 {
    0xff00 | marker as u16
}

/// A two-byte count-down of one kind: computed, not looked up (a table of
/// every cell would be 64 Ki entries per kind). Branch-free all the same.
pub struct WideSteps {
    /// The marker a decided cell becomes.
    decided: u16,
    successor_lost: bool,
}

impl Cell for u16 {
    const MAX_COUNT: usize = wide(MAX_COUNT) as usize;
    const FRONT_LOSS: [u16; 2] = [wide(FRONT_LOSS[0]), wide(FRONT_LOSS[1])];
    const FRONT_WIN: [u16; 2] = [wide(FRONT_WIN[0]), wide(FRONT_WIN[1])];
    const FRONT_MASK: u16 = !2;
    const DONE_WIN: u16 = wide(DONE_WIN);
    const DONE_LOSS: u16 = wide(DONE_LOSS);
    const NOT_A_POSITION: u16 = wide(NOT_A_POSITION);
    const ENDED_LEVEL: u16 = wide(ENDED_LEVEL);
    const LATE_LOSS: u16 = LATE_LOSS as u16;
    const ALL: u16 = u16::MAX;

    type Steps = WideSteps;

    fn steps(parity: usize, successor_lost: bool) -> WideSteps {
        let next = 1 - parity;
        WideSteps {
            decided: if successor_lost {
                Self::FRONT_WIN[next]
            } else {
                Self::FRONT_LOSS[next]
            },
            successor_lost,
        }
    }

    #[inline(always)]
    fn after(steps: &WideSteps, cell: u16) -> (u16, bool) {
        let undecided = usize::from(cell) <= Self::MAX_COUNT;
        let decided_now = undecided & (steps.successor_lost | (cell == 1));
        let after = if decided_now {
            steps.decided
        } else {
            cell.wrapping_sub(u16::from(undecided))
        };
        (after, decided_now)
    }

    #[inline]
    fn matches(cells: &[u16], mask: u16, value: u16) -> u64 {
        const ONES: u64 = 0x0001_0001_0001_0001;
        const HIGHS: u64 = 0x8000_8000_8000_8000;
        let mut bits = 0u64;
        let mut chunks = cells.chunks_exact(4);
        for (k, chunk) in chunks.by_ref().enumerate() {
            let word = chunk
                .iter()
                .rev()
                .fold(0u64, |word, &cell| word << 16 | u64::from(cell));
            let t = (word & (ONES * u64::from(mask))) ^ (ONES * u64::from(value));
            // High bit of each zero lane of t (exact: no false positives).
            let zero = !(((t & !HIGHS) + !HIGHS) | t) & HIGHS;
            // Lane i's bit (16 i) to bit 60 + i: the products
            // 2^(16 i + 60 - 15 j) are distinct powers, so nothing carries.
            let gathered = (zero >> 15).wrapping_mul(0x1000_2000_4000_8000) >> 60;
            bits |= gathered << (k * 4);
        }
        let base = cells.len() - chunks.remainder().len();
        for (i, &cell) in chunks.remainder().iter().enumerate() {
            if cell & mask == value {
                bits |= 1 << (base + i);
            }
        }
        bits
    }

    #[inline(always)]
    fn count(count: usize) -> u16 {
        count as u16
    }

    #[inline(always)]
    fn is_win_front(self) -> bool {
        self & 2 != 0
    }

    fn code(self) -> u8 {
        if self >= 0xff00 {
            cell_code(self as u8)
        } else {
            code::DRAW
        }
    }

    fn cast(bytes: &[u8]) -> &[u16] {
        <[u16] as zerocopy::FromBytes>::ref_from_bytes(bytes)
            .unwrap_or_else(|_| unreachable!("a mapping is page-aligned and sized in cells"))
    }

    fn cast_mut(bytes: &mut [u8]) -> &mut [u16] {
        <[u16] as zerocopy::FromBytes>::mut_from_bytes(bytes)
            .unwrap_or_else(|_| unreachable!("a mapping is page-aligned and sized in cells"))
    }

    fn bytes(cells: &[u16]) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(cells)
    }

    fn bytes_mut(cells: &mut [u16]) -> &mut [u8] {
        zerocopy::IntoBytes::as_mut_bytes(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_downs_of_both_parities_and_outcomes_decide_what_they_should() {
        for parity in [0, 1] {
            for lost in [true, false] {
                let steps = Steps::of(parity, lost);
                for cell in 1..=MAX_COUNT {
                    let expected = match (lost, cell) {
                        (true, _) => (FRONT_WIN[1 - parity], true),
                        (false, 1) => (FRONT_LOSS[1 - parity], true),
                        (false, _) => (cell - 1, false),
                    };
                    assert_eq!(steps.after(cell), expected, "{parity} {lost} {cell}");
                }
                for marker in (MAX_COUNT + 1)..=u8::MAX {
                    assert_eq!(steps.after(marker), (marker, false), "{parity} {marker}");
                }
            }
        }
    }

    #[test]
    fn frontier_markers_match_under_the_mask_and_nothing_else_does() {
        for parity in [0, 1] {
            let front = FRONT_LOSS[parity];
            let hits: Vec<u8> = (0..=u8::MAX).filter(|&c| c & FRONT_MASK == front).collect();
            assert_eq!(hits, vec![FRONT_LOSS[parity], FRONT_WIN[parity]]);
            assert!(is_win_front(FRONT_WIN[parity]) && !is_win_front(FRONT_LOSS[parity]));
        }
    }

    #[test]
    fn wide_count_downs_decide_what_the_narrow_ones_do() {
        for parity in [0, 1] {
            for lost in [true, false] {
                let steps = <u16 as Cell>::steps(parity, lost);
                for cell in (1..=u16::MAX).step_by(7).chain([1, 2, 247, 248, 0xfff7]) {
                    let expected = match (lost, usize::from(cell)) {
                        (_, c) if c > <u16 as Cell>::MAX_COUNT => (cell, false),
                        (true, _) => (<u16 as Cell>::FRONT_WIN[1 - parity], true),
                        (false, 1) => (<u16 as Cell>::FRONT_LOSS[1 - parity], true),
                        (false, _) => (cell - 1, false),
                    };
                    assert_eq!(u16::after(&steps, cell), expected, "{parity} {lost} {cell}");
                }
                for marker in 0xfff8..=u16::MAX {
                    assert_eq!(u16::after(&steps, marker), (marker, false));
                    assert_eq!(marker.code(), (marker as u8).code());
                }
            }
            let front = <u16 as Cell>::FRONT_LOSS[parity];
            let hits: Vec<u16> = (0..=u16::MAX)
                .filter(|&c| c & <u16 as Cell>::FRONT_MASK == front)
                .collect();
            assert_eq!(hits, vec![front, <u16 as Cell>::FRONT_WIN[parity]]);
        }
        assert_eq!(<u16 as Cell>::MAX_COUNT, 65_527);
        assert_eq!(300u16.code(), code::DRAW);
    }

    #[test]
    fn wide_matches_finds_every_equal_cell_under_the_mask() {
        let mut cells = [0u16; 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = [7, 0xfff8, 0xfffa, 0xfff9, 1, 0, 0xfffb, 0xffff, 0x00f8, 300][i % 10]
                ^ (i as u16 / 10 % 2);
        }
        for len in [0, 1, 3, 4, 5, 63, 64] {
            for mask in [u16::MAX, <u16 as Cell>::FRONT_MASK] {
                for value in [0, 1, 7, 0xf8, 0xfff8, 0xfff9, 0xffff, 300] {
                    let expected = (0..len)
                        .filter(|&i| cells[i] & mask == value)
                        .fold(0u64, |bits, i| bits | 1 << i);
                    assert_eq!(
                        u16::matches(&cells[..len], mask, value),
                        expected,
                        "{len} {value}"
                    );
                }
            }
        }
    }
}
