//! Lookup cost in the solved Dobutsu shogi table: a position's outcome and
//! distance from the table files opened by the lookup crate
//! ([`gametable::AnyTable`], memory mapped when uncompressed).
//!
//! Each iteration answers the next of 4,096 positions reached by
//! pseudo-random play from the start (fixed seed, so the branch predictor
//! cannot learn one answer):
//! - `stored`: outcome and distance of a ready stored state (the table
//!   reads alone);
//! - `position`: from a ready board, its dense index, then the rules'
//!   answer for a position they settle at once (`Game::settled`: not
//!   stored), else its mirror orbit's number and both reads: what
//!   `gametable query` does per position.
//!
//! The table is `data/dobutsu-2-2-2.gtbl` (the full game, where `gametable
//! generate dobutsu` writes it) with its distance
//! table beside it, or the path in `GAMETABLE_DOBUTSU_TABLE`; `gametable
//! generate dobutsu --compression none --no-census` writes it (about two
//! minutes and 0.6 GB). Without it the
//! bench says so and measures nothing. Run with `cargo bench -p
//! gametable-gen --bench dobutsu_lookup`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use gametable::AnyTable;
use gametable_gen::engine::orbits::Orbits;
use gametable_gen::engine::Game;
use gametable_gen::games::dobutsu::{Dobutsu, Position};

const SAMPLES: usize = 4096;

/// Positions reached by pseudo-random play from the start, restarting when
/// a game ends; none of them over.
fn positions(game: &Dobutsu) -> Vec<Position> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let start = game.start().unwrap();
    let mut at = start;
    let mut out = Vec::with_capacity(SAMPLES);
    let mut successors = Vec::new();
    while out.len() < SAMPLES {
        successors.clear();
        if game.ending(at).is_none() {
            game.successors(at, &mut successors);
        }
        if successors.is_empty() {
            at = start;
            continue;
        }
        at = successors[(next() % successors.len() as u64) as usize];
        if game.ending(at).is_none() {
            out.push(game.decode(at).unwrap());
        }
    }
    out
}

fn lookups(c: &mut Criterion) {
    let path = std::env::var_os("GAMETABLE_DOBUTSU_TABLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../data/dobutsu-2-2-2.gtbl"
            ))
        });
    let distance_path = path.with_file_name(format!(
        "{}-distance.gtbl",
        path.file_stem().unwrap().to_string_lossy()
    ));
    if !path.is_file() || !distance_path.is_file() {
        eprintln!(
            "no Dobutsu table at {} (with {} beside it): write it with \
             `gametable generate dobutsu --compression none`, or name it in GAMETABLE_DOBUTSU_TABLE; nothing measured",
            path.display(),
            distance_path.display()
        );
        return;
    }
    let game = Dobutsu::FULL;
    let outcomes = AnyTable::open(&path).unwrap();
    let distances = AnyTable::open(&distance_path).unwrap();
    eprintln!(
        "{}: {} stored states, memory mapped: {}",
        path.display(),
        outcomes.stored_states(),
        outcomes.is_mapped()
    );
    assert_eq!(
        outcomes.symmetry(),
        gametable_format::Symmetry::Orbits,
        "{}: a table of every state; this bench reads one of one state per mirror orbit (the default)",
        path.display()
    );
    let orbits = Orbits::new(&game);
    assert_eq!(
        orbits.len(),
        outcomes.stored_states(),
        "{}: not a table of the full game",
        path.display()
    );
    let positions = positions(&game);
    // Positions the rules settle at once are not stored (`Game::settled`).
    let stored: Vec<u64> = positions
        .iter()
        .filter_map(|p| orbits.orbit_of(&game, game.encode(p)))
        .collect();
    let answer = |s: u64| (outcomes.outcome(s), distances.distance(s));
    // The start: a loss in 78 plies, as published.
    let start = orbits.orbit_of(&game, game.start().unwrap()).unwrap();
    assert_eq!(answer(start), (Some(gametable::Outcome::Loss), Some(78)));

    let mut group = c.benchmark_group("dobutsu");
    let mut i = 0usize;
    group.bench_function("stored", |b| {
        b.iter(|| {
            i = (i + 1) % stored.len();
            answer(black_box(stored[i]))
        })
    });
    group.bench_function("position", |b| {
        b.iter(|| {
            i = (i + 1) % SAMPLES;
            let index = game.encode(black_box(&positions[i]));
            match game.settled(index) {
                Some((outcome, distance)) => (Some(outcome), Some(distance)),
                None => answer(orbits.orbit_of(&game, index).unwrap()),
            }
        })
    });
    group.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);
