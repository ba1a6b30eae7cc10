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
            let (packed, counts) = pack(&generic.codes);
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
        let fast_codes = space.dense_packed(|s| fast.code(s));
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
                pack(&generic.codes).0,
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
