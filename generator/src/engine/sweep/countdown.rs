//! The work byte of a stored state, and what a count-down does to it.
//!
//! While undecided, a state's byte counts its successors not yet decided as
//! wins for the opponent; once decided it is a marker. A state decided for
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

/// [`counted_down`] for every cell value, for one kind of count-down of one
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

    /// The count-downs of a level of parity `parity`: after a loss, after a win.
    pub fn level(parity: usize) -> [Steps; 2] {
        [Steps::of(parity, true), Steps::of(parity, false)]
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
pub fn cell_code(cell: u8) -> u8 {
    match cell {
        DONE_WIN => code::WIN,
        DONE_LOSS => code::LOSS,
        NOT_A_POSITION => code::NOT_A_POSITION,
        _ => code::DRAW,
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
}
