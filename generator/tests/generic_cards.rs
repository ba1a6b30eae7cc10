//! The engine's generic path solves Cards to the same tables as Cards' fast
//! path: every outcome and every distance, over every state and over orbits,
//! with the game's un-moves and with the reverse graph built from its moves.

use gametable::symmetry::Orbits;
use gametable::Variant;
use gametable_gen::engine::{self, SolveOptions, NO_DISTANCE};
use gametable_gen::games::cards::game::Cards;
use gametable_gen::games::cards::solve::{self, HandTables, OrbitSpace};

fn variants() -> Vec<(u8, u8)> {
    let mut v: Vec<(u8, u8)> = (1..=7).map(|n| (n, 5)).collect();
    v.extend([(4, 7), (3, 8), (2, 12), (3, 9), (6, 3), (10, 2), (2, 16)]);
    v
}

#[test]
fn generic_full_tables_equal_the_fast_paths() {
    for (n, m) in variants() {
        let variant = Variant::new(n, m).unwrap();
        let game = Cards::new(variant);
        let fast = solve::solve_full(variant);
        let mut fast_distances = vec![NO_DISTANCE; variant.states() as usize];
        solve::solve_with(variant, |i, d| fast_distances[i as usize] = d as u16);
        for reverse_graph in [false, true] {
            let options = SolveOptions {
                symmetry: false,
                reverse_graph,
            };
            let generic = engine::solve(&game, &options).unwrap();
            let (packed, counts) = pack(&generic.codes.iter().collect::<Vec<u8>>());
            assert_eq!(packed, fast.outcomes, "({n}, {m}) graph {reverse_graph}");
            assert_eq!(counts, fast.counts, "({n}, {m})");
            assert_eq!(generic.distances, fast_distances, "({n}, {m})");
            assert_eq!(generic.levels, fast.levels, "({n}, {m})");
        }
    }
}

#[test]
fn generic_orbit_tables_equal_the_fast_paths() {
    for (n, m) in variants() {
        let variant = Variant::new(n, m).unwrap();
        let game = Cards::new(variant);
        let tables = HandTables::new(variant);
        let orbits = Orbits::new(variant);
        let space = OrbitSpace::new(&orbits);
        let mut padded =
            vec![NO_DISTANCE; gametable_gen::games::cards::solve::Space::states(&space)];
        let fast = solve::sweep(&space, &tables, |s, d| padded[s as usize] = d as u16);
        let fast_codes = space.into_dense(fast.packed);
        let mut fast_distances = vec![NO_DISTANCE; orbits.states() as usize];
        space.for_each_dense(|dense, s| fast_distances[dense as usize] = padded[s]);
        for reverse_graph in [false, true] {
            let options = SolveOptions {
                symmetry: true,
                reverse_graph,
            };
            let generic = engine::solve(&game, &options).unwrap();
            assert_eq!(generic.stored(), orbits.states(), "({n}, {m})");
            assert_eq!(
                pack(&generic.codes.iter().collect::<Vec<u8>>()).0,
                fast_codes,
                "({n}, {m}) graph {reverse_graph}"
            );
            assert_eq!(generic.distances, fast_distances, "({n}, {m})");
        }
    }
}

/// Packs one code per byte into 2-bit codes, counting each.
fn pack(codes: &[u8]) -> (Vec<u8>, [u64; 4]) {
    let mut packed = vec![0u8; codes.len().div_ceil(4)];
    let mut counts = [0u64; 4];
    for (i, &c) in codes.iter().enumerate() {
        packed[i / 4] |= c << (i % 4 * 2);
        counts[usize::from(c)] += 1;
    }
    (packed, counts)
}

/// The two-phase parallel sweep over the generic kernel is bit for bit the
/// one-thread sweep, with the same distances, on 2 and 3 threads, for Cards
/// (with symmetry) and Connect Four 4 x 4 (every index, and per orbit).
#[test]
fn generic_parallel_sweep_is_bit_for_bit_the_single_threaded_one() {
    use gametable_gen::engine::kernel::GameKernel;
    use gametable_gen::engine::kernel::Predecessors;
    use gametable_gen::engine::space::GameSpace;
    use gametable_gen::engine::sweep::{self, parallel};
    use gametable_gen::engine::Game;
    use gametable_gen::games::connect4::ConnectFour;

    fn compare<G: Game>(space: &GameSpace<'_, G>, room: usize, what: &str) {
        let kernel = GameKernel::new(space, Predecessors::Unmoves, room);
        let stored = space.stored() as usize;
        let mut single_distances = vec![u32::MAX; stored];
        let single = sweep::sweep(&kernel, |s, d| single_distances[s as usize] = d);
        for threads in [2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut distances = vec![u32::MAX; stored];
            let parallel = pool.install(|| {
                parallel::two_phase(&kernel, |_, _| {}, |s, d| distances[s as usize] = d)
            });
            assert_eq!(
                single.packed, parallel.packed,
                "{what} on {threads} threads"
            );
            assert_eq!(single.levels, parallel.levels, "{what}");
            assert_eq!(single_distances, distances, "{what}");
        }
    }
    for (n, m) in [(6, 5), (4, 7), (3, 9)] {
        let game = Cards::new(Variant::new(n, m).unwrap());
        compare(&GameSpace::orbits(&game), game.max_unmoves(), "cards");
    }
    let game = ConnectFour::new(4, 4).unwrap();
    compare(&GameSpace::full(&game), 4, "connect4 4x4");
    compare(&GameSpace::orbits(&game), 8, "connect4 4x4 per orbit");
}
