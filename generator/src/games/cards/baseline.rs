//! The plain queue-based full-table sweep: the textbook retrograde analysis
//! the contest solutions use, kept as the benchmarks' baseline.
//!
//! One byte of remaining-successor count and one outcome byte per state, and
//! a FIFO queue of decided state indices. No symmetry, no level scans, no
//! tricks: what the optimised sweep in [`crate::games::cards::solve`] is measured against.
//! It shares the rules' unmove tables with the sweep, so it measures the
//! algorithm, not the table building.
#![allow(clippy::indexing_slicing)] // indices are ranks below `hands`

use std::collections::VecDeque;

use gametable::{code, Variant};

use crate::games::cards::hand_tables::HandTables;

/// Solves `variant`; returns one outcome code per state and the number of
/// predecessors visited.
pub fn solve(variant: Variant) -> (Vec<u8>, u64) {
    let tables = HandTables::new(variant);
    let h = variant.hands() as usize;
    let mut outcome = vec![code::DRAW; h * h];
    let mut remaining = vec![0u8; h * h];
    let mut queue = VecDeque::new();
    for x in 0..h {
        for y in 0..h {
            let s = x * h + y;
            match (x, y) {
                (0, 0) => outcome[s] = code::NOT_A_POSITION,
                (0, _) => outcome[s] = code::WIN,
                (_, 0) => {
                    outcome[s] = code::LOSS;
                    queue.push_back(s as u32);
                }
                _ => remaining[s] = (tables.moves(x) * tables.moves(y)) as u8,
            }
        }
    }
    let mut visits = 0u64;
    while let Some(s) = queue.pop_front() {
        let s = s as usize;
        let (x, y) = (s / h, s % h);
        let lost = outcome[s] == code::LOSS;
        tables.for_each_unmove(x, y, |before| {
            visits += 1;
            let p = before * h + x;
            if outcome[p] != code::DRAW || remaining[p] == 0 {
                return;
            }
            if lost {
                outcome[p] = code::WIN;
                queue.push_back(p as u32);
            } else {
                remaining[p] -= 1;
                if remaining[p] == 0 {
                    outcome[p] = code::LOSS;
                    queue.push_back(p as u32);
                }
            }
        });
    }
    (outcome, visits)
}
