//! The work byte of a stored state, and what a count-down does to it.
//!
//! While undecided, a state's byte counts its successors not yet decided as
//! wins for the opponent; once decided it is a marker. Two frontier markers
//! swap roles every level: one marks the level being processed, the other
//! the states it decides for the next.

use gametable::code;

/// Marker bytes; counters use 1..=225 ((m - 1)^2 for m <= 16).
pub(crate) const DONE_WIN: u8 = 250;
pub(crate) const DONE_LOSS: u8 = 251;
pub(crate) const FRONT: [u8; 2] = [252, 253];
pub(crate) const NOT_A_POSITION: u8 = 254;

/// The codes one level works with: its frontier's marker, the next level's,
/// what a processed frontier state becomes, and whether it is a loss.
#[derive(Clone, Copy)]
pub(crate) struct LevelCodes {
    pub(crate) current: u8,
    pub(crate) next: u8,
    pub(crate) done: u8,
    pub(crate) losses: bool,
}

impl LevelCodes {
    /// Losses are decided at even levels, wins at odd ones; the two
    /// frontier markers swap roles every level.
    pub(crate) fn of(level: u32) -> LevelCodes {
        let even = level.is_multiple_of(2);
        LevelCodes {
            current: FRONT[usize::from(!even)],
            next: FRONT[usize::from(even)],
            done: if even { DONE_LOSS } else { DONE_WIN },
            losses: even,
        }
    }
}

/// A predecessor's cell after one of its successors was decided at this
/// level (a loss makes it a win; a win counts it down, to a loss at zero),
/// and whether that decides it. Branch-free: which predecessors are decided
/// is unpredictable, so selects beat branches here.
#[inline(always)]
pub(crate) fn counted_down(cell: u8, codes: LevelCodes) -> (u8, bool) {
    let undecided = cell < DONE_WIN;
    let decided_now = undecided & (codes.losses | (cell == 1));
    // Wrapping: a table of every byte also holds 0, which no undecided
    // state ever holds (it would have been decided at 1).
    let cell = if decided_now {
        codes.next
    } else {
        cell.wrapping_sub(u8::from(undecided))
    };
    (cell, decided_now)
}

/// [`counted_down`] for every cell value, for one level: a table load
/// instead of a few compares and selects per predecessor.
pub(crate) struct Steps {
    /// The cell after, with bit 8 set when that decides it.
    table: [u16; 256],
}

impl Steps {
    pub(crate) fn of(codes: LevelCodes) -> Steps {
        let mut table = [0u16; 256];
        for (cell, step) in (0..=u8::MAX).zip(table.iter_mut()) {
            let (after, decided_now) = counted_down(cell, codes);
            *step = u16::from(after) | u16::from(decided_now) << 8;
        }
        Steps { table }
    }

    /// The cell after one of its successors was decided at this level, and
    /// whether that decides it.
    #[inline(always)]
    pub(crate) fn after(&self, cell: u8) -> (u8, bool) {
        let step = self.table[usize::from(cell)];
        (step as u8, step > 0xff)
    }
}

/// The outcome code a final work cell stands for.
pub(crate) fn cell_code(cell: u8) -> u8 {
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
    fn count_downs_of_both_parities_decide_what_they_should() {
        for level in [0, 1] {
            let codes = LevelCodes::of(level);
            let steps = Steps::of(codes);
            for cell in 1..DONE_WIN {
                let expected = if codes.losses || cell == 1 {
                    (codes.next, true)
                } else {
                    (cell - 1, false)
                };
                assert_eq!(steps.after(cell), expected, "level {level} cell {cell}");
            }
            for marker in [DONE_WIN, DONE_LOSS, FRONT[0], FRONT[1], NOT_A_POSITION] {
                assert_eq!(steps.after(marker), (marker, false), "level {level}");
            }
        }
    }
}
