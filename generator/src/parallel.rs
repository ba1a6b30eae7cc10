//! The sweep on every core: the same levels as [`crate::sweep`], with each
//! level's frontier split across threads.
//!
//! The work array is held as `AtomicU64` words of eight one-byte cells, so a
//! frontier is still found eight cells at a time, and a count-down is a
//! compare-and-swap on the cell's word (another thread may be changing a
//! neighbouring cell of the same word). Within a level the result does not
//! depend on the order in which predecessors are counted down: a state is
//! decided at level `d + 1` exactly when, after all of level `d`, it has a
//! lost successor or no undecided one left. So the parallel sweep's output
//! is bit for bit the single-threaded sweep's, which the tests check.
#![allow(clippy::indexing_slicing)] // indices are stored-state indices below `states`

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::sweep::{
    initial_cell, matches, predecessors, HandTables, LevelCodes, Space, SpaceSolution, BLOCK,
    DONE_WIN, FRONT,
};

/// Solves over `space` on the current rayon pool; `progress(level, decided)`
/// is called after every level with the number of states decided so far.
pub fn sweep<S: Space + Sync>(
    space: &S,
    tables: &HandTables,
    progress: impl Fn(u32, u64),
) -> SpaceSolution
where
    S::Waiting: Send,
{
    let states = space.states();
    let words: Vec<AtomicU64> = (0..states.div_ceil(8)).map(|_| AtomicU64::new(0)).collect();
    let bitmap_words = states.div_ceil(BLOCK).div_ceil(64);
    let dirty: [Vec<AtomicU64>; 2] =
        [0, 1].map(|_| (0..bitmap_words).map(|_| AtomicU64::new(0)).collect());
    let decided = AtomicU64::new(0);

    (0..space.rows())
        .into_par_iter()
        .for_each_init(Vec::new, |seen, row| {
            let (start, end) = space.row_bounds(row);
            let mut terminal = 0;
            for s in start..end {
                let (a, b) = space.state_in_row(row, s - start);
                let cell = initial_cell(space, tables, a, b, seen);
                words[s / 8].fetch_or(u64::from(cell) << (s % 8 * 8), Relaxed);
                if cell == FRONT[0] {
                    let block = s / BLOCK;
                    dirty[0][block / 64].fetch_or(1 << (block % 64), Relaxed);
                }
                terminal += u64::from(cell == DONE_WIN);
            }
            decided.fetch_add(terminal, Relaxed);
        });

    let visits = AtomicU64::new(0);
    let mut level: u32 = 0;
    loop {
        let parity = (level % 2) as usize;
        let codes = LevelCodes::of(level);
        let (scan, mark) = (&dirty[parity], &dirty[1 - parity]);
        let found = AtomicBool::new(false);
        scan.par_iter().enumerate().with_min_len(4).for_each_init(
            Vec::new,
            |seen, (word_index, slot)| {
                let mut word = slot.swap(0, Relaxed);
                let (mut local_visits, mut local_decided) = (0, 0);
                while word != 0 {
                    let block = word_index * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let start = block * BLOCK;
                    let end = (start + BLOCK).min(states);
                    let mut cells = [0u8; BLOCK];
                    for (i, chunk) in cells[..end - start].chunks_mut(8).enumerate() {
                        let bytes = words[start / 8 + i].load(Relaxed).to_le_bytes();
                        chunk.copy_from_slice(&bytes[..chunk.len()]);
                    }
                    let mut hits = matches(&cells[..end - start], codes.current);
                    let mut row = space.row_of(start);
                    let mut bounds = space.row_bounds(row);
                    while hits != 0 {
                        let s = start + hits.trailing_zeros() as usize;
                        hits &= hits - 1;
                        // Only this thread changes a frontier cell: flip it to `done`.
                        words[s / 8].fetch_xor(
                            u64::from(codes.current ^ codes.done) << (s % 8 * 8),
                            Relaxed,
                        );
                        local_decided += 1;
                        while s >= bounds.1 {
                            row += 1;
                            bounds = space.row_bounds(row);
                        }
                        let (x, y) = space.state_in_row(row, s - bounds.0);
                        local_visits += predecessors(space, tables, x, y, seen, |p| {
                            count_down(&words, mark, p, codes);
                        });
                    }
                }
                if local_decided > 0 {
                    found.store(true, Relaxed);
                    visits.fetch_add(local_visits, Relaxed);
                    decided.fetch_add(local_decided, Relaxed);
                }
            },
        );
        progress(level, decided.load(Relaxed));
        if !found.load(Relaxed) {
            break;
        }
        level += 1;
    }

    let words: Vec<u64> = words.into_iter().map(AtomicU64::into_inner).collect();
    SpaceSolution::from_cells(states, level, visits.into_inner(), |s| {
        (words[s / 8] >> (s % 8 * 8)) as u8
    })
}

/// [`crate::sweep`]'s count-down, as a compare-and-swap on the cell's word.
#[inline(always)]
fn count_down(words: &[AtomicU64], mark: &[AtomicU64], p: usize, codes: LevelCodes) {
    let word = &words[p / 8];
    let shift = p % 8 * 8;
    let mut old = word.load(Relaxed);
    loop {
        let cell = (old >> shift) as u8;
        if cell >= DONE_WIN {
            return;
        }
        let decided_now = codes.losses || cell == 1;
        let new_cell = if decided_now { codes.next } else { cell - 1 };
        let new = (old & !(0xff << shift)) | (u64::from(new_cell) << shift);
        match word.compare_exchange_weak(old, new, Relaxed, Relaxed) {
            Ok(_) => {
                if decided_now {
                    let block = p / BLOCK;
                    mark[block / 64].fetch_or(1 << (block % 64), Relaxed);
                }
                return;
            }
            Err(actual) => old = actual,
        }
    }
}
