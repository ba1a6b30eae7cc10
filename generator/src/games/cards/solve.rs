//! Solving a Cards variant: the engine's level loop over Cards' fast
//! kernel ([`CardsKernel`]), over every state or one state per orbit, and
//! the expansion of per-orbit results to every state.
//!
//! The rules, un-moved: a move from `(A, B)` (A to move) picks `a` in A
//! and `b` in B, both non-zero, and leads to `(B, A - a + (a + b) mod m)`.
//! So the predecessors of `(X, Y)` are `(Y - c + a, X)` for every value `c`
//! present in Y and every non-zero `b` in X with `a = (c - b) mod m != 0`.
//! Distinct `(c, b)` give distinct predecessors, matching the forward count
//! `nonzero(A) * nonzero(B)`. Over orbits a state's count is its number of
//! distinct successor *orbits*, and the predecessors found for one
//! processed orbit are deduplicated before they are counted down, so each
//! (predecessor orbit, successor orbit) pair is counted once on both sides.
#![allow(clippy::indexing_slicing)] // every index is bounded by construction (ranks < hands)

use std::time::{Duration, Instant};

use gametable::symmetry::Orbits;
use gametable::{packed_len, Variant};
use gametable_format::Symmetry;

use crate::engine::distances::Distances;
use crate::engine::solve::NO_DISTANCE;
use crate::engine::sweep::{self as engine_sweep, SpaceSolution, Sweeper};

pub use super::hand_tables::HandTables;
use super::kernel::CardsKernel;
use super::predecessors::{Entry, RowEntry};
pub use super::space::{FullSpace, OrbitSpace, Space};

/// What a sweep found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The variant solved.
    pub variant: Variant,
    /// Packed 2-bit outcome codes of every state, state `i` at bits
    /// `2 * (i % 4)` of byte `i / 4`.
    pub outcomes: Vec<u8>,
    /// Counts of each outcome code over every state, indexed by code.
    pub counts: [u64; 4],
    /// The number of levels (one more than the longest distance).
    pub levels: u32,
    /// How many predecessors were visited: the sweep's unit of work.
    pub predecessor_visits: u64,
    /// How many states the sweep stored (orbits, or every state).
    pub stored_states: u64,
    /// How long the sweep itself took: its tables and its levels, without
    /// expanding the result to every state.
    pub sweep_time: Duration,
}

/// Solves the stored states of `space`, calling `on_decided(stored index,
/// distance)` once for every decided state in increasing distance order.
pub fn sweep<S: Space + Sync>(
    space: &S,
    tables: &HandTables,
    on_decided: impl FnMut(u64, u32),
) -> SpaceSolution {
    if u32::fits(space) {
        engine_sweep::sweep(&CardsKernel::<S, u32>::new(space, tables), on_decided)
    } else {
        engine_sweep::sweep(&CardsKernel::<S, RowEntry>::new(space, tables), on_decided)
    }
}

/// [`sweep`] on the current rayon pool (see
/// [`engine_sweep::parallel::sweep`]); `progress(level, decided)` after each
/// level.
pub fn sweep_parallel<S: Space + Sync>(
    space: &S,
    tables: &HandTables,
    progress: impl Fn(u32, u64),
    on_decided: impl FnMut(u64, u32),
) -> SpaceSolution {
    if u32::fits(space) {
        let kernel = CardsKernel::<S, u32>::new(space, tables);
        engine_sweep::parallel::sweep(&kernel, progress, on_decided)
    } else {
        let kernel = CardsKernel::<S, RowEntry>::new(space, tables);
        engine_sweep::parallel::sweep(&kernel, progress, on_decided)
    }
}

/// What one sweep over orbits gives, in one layout.
pub struct OrbitsSolved {
    /// The codes, counts and figures; `outcomes` holds the packed codes in
    /// the layout asked for (every state's, or every orbit's).
    pub solution: Solution,
    /// A distance per entry of the layout, when asked for.
    pub distances: Option<Distances>,
}

/// Solves `variant` over one state per orbit with `sweeper` (on threads,
/// across MPI ranks, with checkpoints), laid out in `layout`, with
/// distances when `distances`; `progress(level, decided, stored)` now and
/// then. `Ok(None)` on a process that holds no part of the result (an MPI
/// rank other than 0).
///
/// # Errors
/// Whatever stopped the sweeper.
pub fn solve_orbits_on<W: Sweeper>(
    variant: Variant,
    sweeper: &W,
    layout: Symmetry,
    distances: bool,
    progress: impl Fn(u32, u64, u64),
) -> Result<Option<OrbitsSolved>, String> {
    let started = Instant::now();
    let tables = HandTables::new(variant);
    let orbits = Orbits::new(variant);
    let stored = orbits.states();
    let space = OrbitSpace::new(&orbits);
    let key = format!(
        "cards ({}, {}) over {stored} orbits",
        variant.cards(),
        variant.modulus()
    );
    // One byte per slot while every distance fits one (Cards' do), so
    // that the gathered distances cost what their table's payload does.
    let mut reduced = Distances::default();
    let mut on_decided = |s: u64, level: u32| {
        if !distances {
            return;
        }
        if reduced.is_empty() {
            reduced = Distances::none(space.states());
        }
        if (s as usize) < reduced.len() {
            reduced.set(s as usize, level);
        }
    };
    let progress = |level, decided| progress(level, decided, stored);
    let solved = if u32::fits(&space) {
        let kernel = CardsKernel::<_, u32>::new(&space, &tables);
        sweeper.sweep(&kernel, &key, &progress, &mut on_decided)
    } else {
        let kernel = CardsKernel::<_, RowEntry>::new(&space, &tables);
        sweeper.sweep(&kernel, &key, &progress, &mut on_decided)
    }?;
    let Some(mut solved) = solved else {
        return Ok(None);
    };
    let sweep_time = started.elapsed();
    // Kept whole by the sweeper (across ranks), or gathered above.
    if let Some(kept) = solved.distances.take() {
        reduced = kept;
    }
    if distances && reduced.is_empty() {
        reduced = Distances::none(space.states());
    }
    let laid_distances = distances.then(|| match (layout, std::mem::take(&mut reduced)) {
        (Symmetry::None, slots) => expand_distances(variant, &space, &slots),
        (Symmetry::Orbits, slots) => dense_distances(&space, slots),
    });
    let solution = match layout {
        Symmetry::None => expand_outcomes(variant, &space, solved, sweep_time),
        Symmetry::Orbits => {
            let outcomes = space.into_dense(solved.packed);
            let counts = crate::store::count_codes(&outcomes, stored);
            Solution {
                variant,
                outcomes,
                counts,
                levels: solved.levels,
                predecessor_visits: solved.predecessor_visits,
                stored_states: stored,
                sweep_time,
            }
        }
    };
    Ok(Some(OrbitsSolved {
        solution,
        distances: laid_distances,
    }))
}

/// Every state's entry of the full table, `none` for none, from one entry
/// per slot of `space` (a state takes its orbit's).
fn expand_by_slot<T: Copy>(variant: Variant, space: &OrbitSpace, slots: &[T], none: T) -> Vec<T> {
    let hands = variant.hands() as usize;
    let mut full = vec![none; hands * hands];
    for (a, row) in full.chunks_exact_mut(hands).enumerate() {
        space.expand_row_by(a, row, |s| slots[s]);
    }
    full
}

/// Every state's distance, from a distance per slot of `space` (see
/// [`expand_by_slot`]), in the same form.
fn expand_distances(variant: Variant, space: &OrbitSpace, slots: &Distances) -> Distances {
    match slots {
        Distances::Narrow(slots) => {
            Distances::Narrow(expand_by_slot(variant, space, slots, u8::MAX))
        }
        Distances::Wide(slots) => {
            Distances::Wide(expand_by_slot(variant, space, slots, NO_DISTANCE))
        }
    }
}

/// A distance per slot of `space` renumbered in place into the dense
/// [`Orbits`] numbering (see [`dense_by_slot`]).
fn dense_distances(space: &OrbitSpace, slots: Distances) -> Distances {
    match slots {
        Distances::Narrow(slots) => Distances::Narrow(dense_by_slot(space, slots)),
        Distances::Wide(slots) => Distances::Wide(dense_by_slot(space, slots)),
    }
}

/// One entry per slot of `space` renumbered in place into the dense
/// [`Orbits`] numbering, holes dropped (see [`OrbitSpace::into_dense`]: a
/// dense index is never above its slot, and both increase together).
fn dense_by_slot<T: Copy>(space: &OrbitSpace, mut slots: Vec<T>) -> Vec<T> {
    space.for_each_dense(|dense, s| slots[dense as usize] = slots[s]);
    slots.truncate(space.orbits().states() as usize);
    slots.shrink_to_fit();
    slots
}

/// Packs one code per state into 2-bit codes, counting each code.
pub(crate) fn pack(codes: impl Iterator<Item = u8>, states: u64) -> (Vec<u8>, [u64; 4]) {
    let mut packed = vec![0u8; packed_len(states) as usize];
    let mut counts = [0u64; 4];
    for (s, c) in codes.enumerate() {
        counts[c as usize] += 1;
        gametable::packing::put_code(&mut packed, s as u64, c);
    }
    (packed, counts)
}

/// Solves `variant` over every state, calling `on_decided(index, distance)`
/// for each decided state (see [`sweep`]).
pub fn solve_with(variant: Variant, on_decided: impl FnMut(u64, u32)) -> Solution {
    let started = Instant::now();
    let tables = HandTables::new(variant);
    let space = FullSpace::new(variant);
    let solved = sweep(&space, &tables, on_decided);
    let sweep_time = started.elapsed();
    let (outcomes, counts) = pack(
        (0..space.states()).map(|s| solved.code(s)),
        variant.states(),
    );
    Solution {
        variant,
        outcomes,
        counts,
        levels: solved.levels,
        predecessor_visits: solved.predecessor_visits,
        stored_states: variant.states(),
        sweep_time,
    }
}

/// Solves `variant` over every state (no symmetry): the plain full-table sweep.
pub fn solve_full(variant: Variant) -> Solution {
    solve_with(variant, |_, _| {})
}

/// Solves `variant` over one state per orbit, then expands the result to
/// every state. Identical output to [`solve_full`], with about `units` times
/// less work and memory in the sweep.
pub fn solve(variant: Variant) -> Solution {
    let started = Instant::now();
    let tables = HandTables::new(variant);
    let orbits = Orbits::new(variant);
    let space = OrbitSpace::new(&orbits);
    let solved = sweep(&space, &tables, |_, _| {});
    expand_outcomes(variant, &space, solved, started.elapsed())
}

/// Solves `variant` over one state per orbit on the current rayon thread
/// pool (all cores unless configured otherwise), then expands the result to
/// every state; `progress(level, decided, stored)` is called after each
/// level, with the number of stored states.
/// Bit for bit the same result as [`solve`].
pub fn solve_parallel(variant: Variant, progress: impl Fn(u32, u64, u64)) -> Solution {
    let started = Instant::now();
    let tables = HandTables::new(variant);
    let orbits = Orbits::new(variant);
    let stored = orbits.states();
    let space = OrbitSpace::new(&orbits);
    let solved = sweep_parallel(
        &space,
        &tables,
        |level, decided| progress(level, decided, stored),
        |_, _| {},
    );
    expand_outcomes(variant, &space, solved, started.elapsed())
}

/// Solves `variant` over one state per orbit on one thread (the plain
/// level loop, not the one `generate` runs: `verify` regenerates with
/// it) and returns, besides the outcomes, every state's distance to the
/// end under perfect play ([`NO_DISTANCE`] for draws and the both-zero
/// pair), a byte each while every distance fits one. Terminal states have
/// distance 0.
pub fn solve_with_distances(variant: Variant) -> (Solution, Distances) {
    let started = Instant::now();
    let tables = HandTables::new(variant);
    let orbits = Orbits::new(variant);
    let space = OrbitSpace::new(&orbits);
    let (solved, reduced) = sweep_keeping_distances(&space, &tables);
    let sweep_time = started.elapsed();
    let distances = expand_distances(variant, &space, &reduced);
    (
        expand_outcomes(variant, &space, solved, sweep_time),
        distances,
    )
}

/// Every orbit's distance in the dense [`Orbits`] numbering of a reduced
/// table, from the plain one-thread level loop as [`solve_with_distances`]
/// runs it, without expanding them to every state.
pub fn solve_orbit_distances(variant: Variant) -> Distances {
    let tables = HandTables::new(variant);
    let orbits = Orbits::new(variant);
    let space = OrbitSpace::new(&orbits);
    let (_, slots) = sweep_keeping_distances(&space, &tables);
    dense_distances(&space, slots)
}

/// [`sweep`] on one thread, keeping every slot's distance.
fn sweep_keeping_distances(space: &OrbitSpace, tables: &HandTables) -> (SpaceSolution, Distances) {
    let mut slots = Distances::none(space.states());
    let solved = sweep(space, tables, |s, level| {
        if (s as usize) < slots.len() {
            slots.set(s as usize, level);
        }
    });
    (solved, slots)
}

/// Expands per-orbit codes to the full packed table.
pub(crate) fn expand_outcomes(
    variant: Variant,
    space: &OrbitSpace,
    solved: SpaceSolution,
    sweep_time: Duration,
) -> Solution {
    let hands = variant.hands() as usize;
    let mut outcomes = vec![0u8; packed_len(variant.states()) as usize];
    let mut counts = [0u64; 4];
    let mut row = vec![0u8; hands];
    for a in 0..hands {
        space.expand_row_by(a, &mut row, |i| solved.code(i));
        for (b, &c) in row.iter().enumerate() {
            let s = a * hands + b;
            counts[usize::from(c)] += 1;
            gametable::packing::put_code(&mut outcomes, s as u64, c);
        }
    }
    Solution {
        variant,
        outcomes,
        counts,
        levels: solved.levels,
        predecessor_visits: solved.predecessor_visits,
        stored_states: space.orbits().states(),
        sweep_time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve::distance_of;
    use gametable::code;

    #[test]
    fn classic_counts_match_the_published_ones() {
        for solution in [solve(Variant::CLASSIC), solve_full(Variant::CLASSIC)] {
            assert_eq!(solution.counts[code::WIN as usize], 121_365);
            assert_eq!(solution.counts[code::LOSS as usize], 74_605);
            assert_eq!(solution.counts[code::DRAW as usize], 49_054);
            assert_eq!(solution.counts[code::NOT_A_POSITION as usize], 1);
        }
    }

    #[test]
    fn row_entries_sweep_as_start_entries_do() {
        fn both<S: Space + Sync>(space: &S, tables: &HandTables, name: &str) {
            let mut starts = Vec::new();
            let by_start =
                engine_sweep::sweep(&CardsKernel::<S, u32>::new(space, tables), |s, d| {
                    starts.push((s, d));
                });
            let mut rows = Vec::new();
            let by_row =
                engine_sweep::sweep(&CardsKernel::<S, RowEntry>::new(space, tables), |s, d| {
                    rows.push((s, d));
                });
            assert_eq!(by_start.packed, by_row.packed, "{name}");
            assert_eq!(
                by_start.predecessor_visits, by_row.predecessor_visits,
                "{name}"
            );
            assert!(starts.len() > 10, "{name}");
            assert_eq!(starts, rows, "{name}");
        }
        for (n, m) in [(8, 5), (6, 7), (4, 9), (3, 12), (3, 16), (12, 2)] {
            let v = Variant::new(n, m).unwrap();
            let tables = HandTables::new(v);
            let orbits = Orbits::new(v);
            both(
                &OrbitSpace::new(&orbits),
                &tables,
                &format!("orbits ({n}, {m})"),
            );
            both(&FullSpace::new(v), &tables, &format!("full ({n}, {m})"));
        }
    }

    #[test]
    fn parallel_sweep_is_bit_for_bit_the_single_threaded_one() {
        let mut variants: Vec<(u8, u8)> = (1..=9).map(|n| (n, 5)).collect();
        variants.extend([(6, 7), (5, 8), (4, 9), (3, 12), (4, 6), (12, 2), (7, 3)]);
        for threads in [2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for &(n, m) in &variants {
                let v = Variant::new(n, m).unwrap();
                let tables = HandTables::new(v);
                let orbits = Orbits::new(v);
                let orbits = OrbitSpace::new(&orbits);
                let single = sweep(&orbits, &tables, |_, _| {});
                let parallel = pool.install(|| {
                    engine_sweep::parallel::two_phase(
                        &CardsKernel::<_, u32>::new(&orbits, &tables),
                        |_, _| {},
                        |_, _| {},
                    )
                });
                assert_eq!(
                    single.packed, parallel.packed,
                    "({n}, {m}) on {threads} threads"
                );
                assert_eq!(single.levels, parallel.levels);
                assert_eq!(single.predecessor_visits, parallel.predecessor_visits);
                let full_space = FullSpace::new(v);
                let single = sweep(&full_space, &tables, |_, _| {});
                let parallel = pool.install(|| {
                    engine_sweep::parallel::two_phase(
                        &CardsKernel::<_, u32>::new(&full_space, &tables),
                        |_, _| {},
                        |_, _| {},
                    )
                });
                assert_eq!(
                    single.packed, parallel.packed,
                    "full ({n}, {m}) on {threads} threads"
                );
            }
        }
    }

    #[test]
    fn reduced_and_full_tables_agree() {
        // Every variant up to (10, 5) and (8, 7), and more moduli; the
        // largest only in release builds, where they take well under a second.
        let (top5, top7) = if cfg!(debug_assertions) {
            (8, 6)
        } else {
            (10, 8)
        };
        let mut variants: Vec<(u8, u8)> = (1..=top5).map(|n| (n, 5)).collect();
        variants.extend((1..=top7).map(|n| (n, 7)));
        variants.extend((2..=9).flat_map(|m| (1..=3).map(move |n| (n, m))));
        variants.extend([(4, 8), (3, 10), (2, 12), (2, 13), (6, 6), (5, 4), (10, 3)]);
        // Rows with many holes (large unit groups, small hands), the largest
        // moduli and the longest hands.
        variants.extend([
            (1, 16),
            (2, 16),
            (3, 16),
            (1, 13),
            (3, 13),
            (4, 12),
            (2, 15),
        ]);
        variants.extend([(3, 11), (2, 9), (1, 2), (64, 2), (30, 3), (12, 4)]);
        if !cfg!(debug_assertions) {
            variants.extend([(4, 16), (64, 3)]);
        }
        for (n, m) in variants {
            let v = Variant::new(n, m).unwrap();
            let full = solve_full(v);
            let reduced = solve(v);
            assert_eq!(full.outcomes, reduced.outcomes, "({n}, {m})");
            assert_eq!(full.levels, reduced.levels, "({n}, {m})");
            let mut full_distances = vec![NO_DISTANCE; v.states() as usize];
            solve_with(v, |i, d| full_distances[i as usize] = d as u16);
            assert_eq!(solve_with_distances(v).1, full_distances, "({n}, {m})");
        }
    }

    #[test]
    fn orbit_distances_are_the_full_sweeps_in_either_layout() {
        // Rows without holes, and rows with many (large unit groups).
        for (n, m) in [(3, 5), (6, 5), (5, 7), (4, 8), (3, 13), (2, 16)] {
            let v = Variant::new(n, m).unwrap();
            let mut full = vec![NO_DISTANCE; v.states() as usize];
            solve_with(v, |i, level| full[i as usize] = distance_of(level));
            let laid = |layout| {
                solve_orbits_on(v, &engine_sweep::Threads, layout, true, |_, _, _| {})
                    .unwrap()
                    .unwrap()
                    .distances
                    .unwrap()
            };
            let every = laid(Symmetry::None);
            assert!(matches!(every, Distances::Narrow(_)), "({n}, {m})");
            assert_eq!(every.to_wide(), full, "({n}, {m}): every state");
            let reduced = laid(Symmetry::Orbits);
            // The one-thread regeneration `verify` runs gives the same.
            assert_eq!(solve_orbit_distances(v), reduced, "({n}, {m})");
            let orbits = Orbits::new(v);
            assert_eq!(reduced.len() as u64, orbits.states(), "({n}, {m})");
            let hands = u64::from(v.hands());
            for i in 0..orbits.states() {
                let (a, b) = orbits.state(i);
                let state = a as u64 * hands + b as u64;
                assert_eq!(
                    reduced.get(i as usize),
                    Some(full[state as usize]),
                    "({n}, {m}): orbit {i}"
                );
            }
        }
    }
}
