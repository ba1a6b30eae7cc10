//! The level loop on every core: the same levels as [`super::level`], each level's
//! frontier processed in two parallel phases that share no memory.
//!
//! 1. **Gather.** The array is cut into parts; each thread scans the dirty
//!    blocks of its own parts for the level's frontier, marks those states
//!    decided, and buckets their predecessors' indices by the region of the
//!    array they fall in.
//! 2. **Apply.** Each thread takes whole regions and counts down the
//!    predecessors bucketed there, with plain writes.
//!
//! No cell is ever written by two threads at once, so there are no atomics
//! and no cache lines passed between cores, and a region is small enough to
//! stay in cache while it is updated. Within a level the result does not
//! depend on the order of count-downs: a state is decided at level `d + 1`
//! exactly when, after all of level `d`, it has a lost successor or no
//! undecided one left. So the output is bit for bit the single-threaded
//! sweep's, which the tests check. The frontier is taken in batches so that
//! the buckets stay small however large the table.
#![allow(clippy::indexing_slicing)] // indices are stored-state indices below `states`

use rayon::prelude::*;

use super::cells::Cells;
use super::countdown::{level_steps, Cell};
use super::{Deferred, Kernel, SpaceSolution, BLOCK};
use gametable::code;

/// States per bitmap word: 64 blocks of 64.
const WORD_STATES: usize = 64 * BLOCK;

/// Bitmap words per batch of the frontier (4 Mi states): large enough to
/// amortise the two phases on a sparse level.
const BATCH_WORDS: usize = 1 << 10;

/// Dirty blocks per batch at most (512 Ki states): on a dense level a batch
/// ends sooner, so that its buckets stay near 8 MB whatever the level (a
/// batch of 4 Mi frontier states held over 100 MB of predecessors; see
/// [`KEPT_BUCKET_BYTES`] for what is kept between batches).
const BATCH_BLOCKS: u32 = 1 << 13;

/// The next batch of bitmap words from `first`: at most [`BATCH_WORDS`]
/// words, and no more than [`BATCH_BLOCKS`] dirty blocks past its first
/// word.
fn next_batch(scan: &[u64], first: usize) -> std::ops::Range<usize> {
    let last = (first + BATCH_WORDS).min(scan.len());
    let mut blocks = 0;
    let mut end = first;
    while end < last {
        blocks += scan[end].count_ones();
        end += 1;
        if blocks >= BATCH_BLOCKS {
            break;
        }
    }
    first..end
}

/// Below this many states the two phases cost more than they save
/// (measured on Cards: (16, 5), 5.9 Mi slots, 233 ms on one thread against
/// 260 ms on two; (12, 7), 58 Mi, 2.75 s against 2.34 s), so smaller spaces
/// are swept on one thread.
const PARALLEL_MIN_STATES: usize = 1 << 24;

/// Parts per thread in the gather phase, for balance.
const PARTS_PER_THREAD: usize = 8;

/// Solves the stored states of `kernel` on the current rayon pool;
/// `progress(level, decided)` is called after every level with the number
/// of states decided so far. Runs [`super::level::sweep`] instead for
/// spaces below `PARALLEL_MIN_STATES` and above 2^32 states (whose indices
/// do not fit the buckets), or on a pool of one thread.
pub fn sweep<K: Kernel>(
    kernel: &K,
    progress: impl Fn(u32, u64),
    on_decided: impl FnMut(u64, u32),
) -> SpaceSolution
where
    K::Scratch: Send,
{
    if why_one_thread(kernel.slots()).is_some() {
        return one_thread(kernel, progress, on_decided);
    }
    two_phase(kernel, progress, on_decided)
}

/// [`super::level::sweep`] with [`sweep`]'s progress, every 2^20 states.
fn one_thread<K: Kernel>(
    kernel: &K,
    progress: impl Fn(u32, u64),
    mut on_decided: impl FnMut(u64, u32),
) -> SpaceSolution {
    let mut decided = 0u64;
    super::level::sweep(kernel, |s, level| {
        decided += 1;
        on_decided(s, level);
        if decided.is_multiple_of(1 << 20) {
            progress(level, decided);
        }
    })
}

/// Why [`sweep`] runs the one-thread level sweep for a space of `states`
/// stored states, if it does: below `PARALLEL_MIN_STATES`, past 2^32, or
/// on a pool of one thread (what `bench sweep` says of its parallel row).
pub fn why_one_thread(states: usize) -> Option<&'static str> {
    // Small spaces first: asking for the thread count starts the pool,
    // which costs more than sweeping a small game.
    if states < PARALLEL_MIN_STATES {
        Some("below the 16 Mi the parallel sweep splits")
    } else if u32::try_from(states).is_err() {
        Some("past the 2^32 its buckets number")
    } else if rayon::current_num_threads() < 2 {
        Some("a pool of one thread")
    } else {
        None
    }
}

/// The two-phase parallel sweep itself, whatever the space's size:
/// `on_decided` is called after each level for the states it decided, in
/// increasing order. Past 2^32 states, whose indices its buckets do not
/// hold, it runs the one-thread level sweep.
pub fn two_phase<K: Kernel>(
    kernel: &K,
    progress: impl Fn(u32, u64),
    mut on_decided: impl FnMut(u64, u32),
) -> SpaceSolution
where
    K::Scratch: Send,
{
    let states = kernel.slots();
    if u32::try_from(states).is_err() {
        return one_thread(kernel, progress, on_decided);
    }
    let mut work = Cells::<K::Cell>::zeroed(states);
    let bitmap_words = states.div_ceil(WORD_STATES);
    let mut dirty = [vec![0u64; bitmap_words], vec![0u64; bitmap_words]];
    let mut late = vec![0u64; bitmap_words];

    // In parallel over word-aligned chunks of the array: level 0's
    // frontier, the wins the kernel started at level 1 and the losses it
    // started at level 2, marked dirty.
    let chunk_words = 16;
    let [level0, level1] = &mut dirty;
    work.par_chunks_mut(chunk_words * WORD_STATES)
        .zip(level0.par_chunks_mut(chunk_words))
        .zip(level1.par_chunks_mut(chunk_words))
        .zip(late.par_chunks_mut(chunk_words))
        .enumerate()
        .for_each_init(
            || kernel.scratch(),
            |scratch, (chunk, (((cells, level0), level1), late))| {
                let first = chunk * chunk_words * WORD_STATES;
                kernel.initial_cells(first, cells, scratch);
                for (b, block) in cells.chunks(BLOCK).enumerate() {
                    if Cell::matches(block, <K::Cell>::FRONT_MASK, <K::Cell>::FRONT_LOSS[0]) != 0 {
                        level0[b / 64] |= 1 << (b % 64);
                    }
                    if Cell::matches(block, <K::Cell>::ALL, <K::Cell>::FRONT_WIN[1]) != 0 {
                        level1[b / 64] |= 1 << (b % 64);
                    }
                    if Cell::matches(block, <K::Cell>::ALL, <K::Cell>::LATE_LOSS) != 0 {
                        late[b / 64] |= 1 << (b % 64);
                    }
                }
            },
        );

    // Level 1's early wins and level 2's late losses are taken up even
    // after empty levels before them.
    let early = dirty[1].iter().any(|&w| w != 0);
    let lates = late.iter().any(|&w| w != 0);
    let threads = rayon::current_num_threads().max(1);
    let parts = threads * PARTS_PER_THREAD;
    // Regions: a power of two of states, whole bitmap words, about 64 per thread.
    let region_len = (states.div_ceil(threads * 64))
        .next_power_of_two()
        .max(WORD_STATES);
    let region_shift = region_len.trailing_zeros();
    let regions = states.div_ceil(region_len);
    // By part, by outcome of the decided successor (loss, win), by region.
    let mut buckets: Vec<[Vec<Vec<u32>>; 2]> =
        vec![[vec![Vec::new(); regions], vec![Vec::new(); regions]]; parts];
    let mut decided_now: Vec<Vec<u32>> = vec![Vec::new(); parts];

    let mut decided = 0u64;
    let mut visits = 0u64;
    let mut level_outcomes = Vec::new();
    let mut level: u32 = 0;
    loop {
        let parity = (level % 2) as usize;
        let [even, odd] = &mut dirty;
        let (scan, mark) = if parity == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        if level == 1 && lates {
            // Level 2's frontier, which `mark` gathers now.
            take_up_late(&mut work, &late, mark);
        }
        let mut processed = 0u64;
        let mut level_wins = 0u64;
        let mut next_word = 0;
        while next_word < bitmap_words {
            let words = next_batch(scan, next_word);
            next_word = words.end;
            if scan[words.clone()].iter().all(|&w| w == 0) {
                continue;
            }
            let cells = words.start * WORD_STATES..(words.end * WORD_STATES).min(states);
            let part_words = words.len().div_ceil(parts);
            let (found, won, seen_visits) = gather(
                &mut work[cells],
                &mut scan[words.clone()],
                &mut buckets,
                &mut decided_now,
                part_words,
                words.start * WORD_STATES,
                parity,
                region_shift,
                kernel,
            );
            processed += found;
            level_wins += won;
            visits += seen_visits;
            for part in &mut decided_now {
                for &s in part.iter() {
                    on_decided(u64::from(s), level);
                }
                part.clear();
            }
            apply(&mut work, mark, &mut buckets, region_len, parity);
        }
        decided += processed;
        // The level's one outcome, where it has one (`Deferred`).
        level_outcomes.push(match (processed - level_wins, level_wins) {
            (_, 0) => Some(code::LOSS),
            (0, _) => Some(code::WIN),
            _ => None,
        });
        progress(level, decided);
        if processed == 0 && !(level == 0 && early) && !(level <= 1 && lates) {
            break;
        }
        level += 1;
        if kernel.failed() {
            break;
        }
    }
    // Freed before the codes are packed, which the cells are still there for.
    drop((buckets, decided_now, dirty, late));
    if kernel.distances_kept() {
        if let Some(deferred) = Deferred::of(&work, level_outcomes) {
            // The caller reads the codes from its distances, once the cells
            // are gone: they are not held beside both.
            drop(work);
            return SpaceSolution {
                packed: Vec::new(),
                levels: level,
                predecessor_visits: visits,
                deferred: Some(deferred),
                distances: None,
            };
        }
    }
    SpaceSolution::from_cells(states, level, visits, |s| work[s])
}

/// Turns the losses the kernel started at level 2 (in the blocks `late`
/// marks) into that level's frontier, marking their blocks in `mark`.
fn take_up_late<C: Cell>(work: &mut [C], late: &[u64], mark: &mut [u64]) {
    for (word_index, &word) in late.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let block = word_index * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            let start = block * BLOCK;
            let end = (start + BLOCK).min(work.len());
            for cell in &mut work[start..end] {
                if *cell == C::LATE_LOSS {
                    *cell = C::FRONT_LOSS[0];
                }
            }
            mark[block / 64] |= 1 << (block % 64);
        }
    }
}

/// The gather phase over one batch: `cells` and `scan` are the batch's
/// states (from `first`) and bitmap words. Returns the frontier states found,
/// how many of them won, and the predecessors visited; lists the frontier
/// in `decided`, by part.
#[allow(clippy::too_many_arguments)]
fn gather<K: Kernel>(
    cells: &mut [K::Cell],
    scan: &mut [u64],
    buckets: &mut [[Vec<Vec<u32>>; 2]],
    decided: &mut [Vec<u32>],
    part_words: usize,
    first: usize,
    parity: usize,
    region_shift: u32,
    kernel: &K,
) -> (u64, u64, u64)
where
    K::Scratch: Send,
{
    cells
        .par_chunks_mut(part_words * WORD_STATES)
        .zip(scan.par_chunks_mut(part_words))
        .zip(buckets.par_iter_mut())
        .zip(decided.par_iter_mut())
        .enumerate()
        .map(|(part, (((cells, scan), buckets), decided))| {
            let offset = first + part * part_words * WORD_STATES;
            let mut out = vec![0; kernel.max_predecessors()];
            let mut scratch = kernel.scratch();
            let (mut found, mut wins, mut visits) = (0u64, 0u64, 0u64);
            for (w, slot) in scan.iter_mut().enumerate() {
                let mut word = std::mem::take(slot);
                while word != 0 {
                    let block = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let start = block * BLOCK;
                    let end = (start + BLOCK).min(cells.len());
                    let mut hits = Cell::matches(
                        &cells[start..end],
                        <K::Cell>::FRONT_MASK,
                        <K::Cell>::FRONT_LOSS[parity],
                    );
                    while hits != 0 {
                        let local = start + hits.trailing_zeros() as usize;
                        hits &= hits - 1;
                        let won = usize::from(cells[local].is_win_front());
                        cells[local] = if won == 1 {
                            <K::Cell>::DONE_WIN
                        } else {
                            <K::Cell>::DONE_LOSS
                        };
                        found += 1;
                        wins += won as u64;
                        let s = offset + local;
                        decided.push(s as u32);
                        let (distinct, visited) = kernel.predecessors(s, &mut out, &mut scratch);
                        visits += visited;
                        for &p in &out[..distinct] {
                            buckets[won][p >> region_shift].push(p as u32);
                        }
                    }
                }
            }
            (found, wins, visits)
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
}

/// The apply phase: each region's bucketed predecessors, counted down by the
/// thread that owns the region; the buckets are emptied for the next batch.
fn apply<C: Cell>(
    work: &mut [C],
    mark: &mut [u64],
    buckets: &mut [[Vec<Vec<u32>>; 2]],
    region_len: usize,
    parity: usize,
) {
    let shared = &*buckets;
    let steps = level_steps::<C>(parity);
    work.par_chunks_mut(region_len)
        .zip(mark.par_chunks_mut(region_len / WORD_STATES))
        .enumerate()
        .for_each(|(region, (cells, mark))| {
            let first = region * region_len;
            for part in shared {
                for (won, step) in steps.iter().enumerate() {
                    for &p in &part[won][region] {
                        let local = p as usize - first;
                        let (cell, decided_now) = C::after(step, cells[local]);
                        cells[local] = cell;
                        mark[local / WORD_STATES] |= u64::from(decided_now) << (local / BLOCK % 64);
                    }
                }
            }
        });
    release(buckets);
}

/// Most bytes the emptied buckets keep for the next batch. A batch's
/// predecessors crowd into the few regions near its states, and which
/// regions those are changes from batch to batch, so buckets kept at the
/// most each ever held add up to many batches' worth (1.25 GB of 2.45 GB
/// on Dobutsu shogi); past this they are freed.
const KEPT_BUCKET_BYTES: usize = 8 << 20;

/// Empties the buckets for the next batch, freeing them when together they
/// keep more than [`KEPT_BUCKET_BYTES`].
fn release(buckets: &mut [[Vec<Vec<u32>>; 2]]) {
    let kept: usize = buckets
        .iter()
        .flatten()
        .flatten()
        .map(|bucket| bucket.capacity() * size_of::<u32>())
        .sum();
    for bucket in buckets.iter_mut().flatten().flatten() {
        bucket.clear();
        if kept > KEPT_BUCKET_BYTES {
            bucket.shrink_to_fit();
        }
    }
}
