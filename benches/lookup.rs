//! Lookup cost: the embedded (8, 5) table against the same table opened
//! from a file, full (memory mapped) and symmetry-reduced (one code per
//! orbit, memory mapped and zstd-decoded).
//!
//! Each iteration answers the next of 4,096 fixed pseudo-random positions
//! (so the branch predictor cannot learn one answer): `code_at_index` from a
//! ready dense state index (the table read alone: a load and a shift, plus
//! the orbit canonicalisation for reduced tables), `outcome` from a ready
//! `Position` (ranking both hands, then the table read), `verdict` from raw
//! judge cards (building both hands from card lists first).
//!
//! Run with `cargo bench --bench lookup` (add `-- --warm-up-time 1
//! --measurement-time 3` for a quick run).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use gametable::symmetry::Orbits;
use gametable::{Hand, OpenTable, Player, Position, Variant, CLASSIC};
use gametable_format::{Compression, Game, Symmetry, TableKind, TableSpec};

const SAMPLES: usize = 4096;

/// Deterministic positions and their judge cards (never both all zero).
fn situations() -> Vec<([u8; 8], [u8; 8], Player)> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u8
    };
    let mut out = Vec::with_capacity(SAMPLES);
    while out.len() < SAMPLES {
        let alice: [u8; 8] = std::array::from_fn(|_| next() % 5);
        let bob: [u8; 8] = std::array::from_fn(|_| next() % 5);
        if alice == [0; 8] && bob == [0; 8] {
            continue;
        }
        let first = if next() % 2 == 0 {
            Player::Alice
        } else {
            Player::Bob
        };
        out.push((alice, bob, first));
    }
    out
}

/// Writes the embedded table, full and reduced, as uncompressed and zstd
/// table files, and returns their paths.
fn write_tables() -> [(PathBuf, &'static str); 3] {
    let v = Variant::CLASSIC;
    let dir = std::env::temp_dir().join(format!("gametable-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = |symmetry, states, compression| TableSpec {
        game: Game::new("cards", &[("cards", 8), ("modulus", 5)]),
        kind: TableKind::Outcome,
        bits_per_state: 2,
        symmetry,
        states,
        compression,
        generator: "benches/lookup.rs".into(),
    };
    let orbits = Orbits::new(v);
    let hands = u64::from(v.hands());
    let mut reduced = vec![0u8; orbits.states().div_ceil(4) as usize];
    for i in 0..orbits.states() {
        let (a, b) = orbits.state(i);
        let code = CLASSIC.code(a as u64 * hands + b as u64);
        gametable::packing::put_code(&mut reduced, i, code);
    }
    let files = [
        (
            spec(Symmetry::None, v.states(), Compression::None),
            CLASSIC.as_bytes().to_vec(),
            "full-mmap",
        ),
        (
            spec(Symmetry::Orbits, orbits.states(), Compression::None),
            reduced.clone(),
            "reduced-mmap",
        ),
        (
            spec(Symmetry::Orbits, orbits.states(), Compression::Zstd),
            reduced,
            "reduced-zstd",
        ),
    ];
    files.map(|(spec, payload, name)| {
        let path = dir.join(format!("{name}.gtbl"));
        std::fs::write(&path, gametable_format::encode(&spec, &payload).unwrap()).unwrap();
        (path, name)
    })
}

fn lookups(c: &mut Criterion) {
    let v = Variant::CLASSIC;
    let situations = situations();
    let positions: Vec<Position> = situations
        .iter()
        .map(|(alice, bob, first)| {
            let (a, b) = (
                Hand::from_cards(v, alice).unwrap(),
                Hand::from_cards(v, bob).unwrap(),
            );
            match first {
                Player::Alice => Position::new(a, b).unwrap(),
                Player::Bob => Position::new(b, a).unwrap(),
            }
        })
        .collect();

    let indices: Vec<u64> = positions.iter().map(Position::index).collect();
    let mut group = c.benchmark_group("lookup");
    let mut i = 0usize;
    group.bench_function("embedded/code_at_index", |b| {
        b.iter(|| {
            i = (i + 1) % SAMPLES;
            CLASSIC.code(black_box(indices[i]))
        })
    });
    group.bench_function("embedded/outcome", |b| {
        b.iter(|| {
            i = (i + 1) % SAMPLES;
            CLASSIC.outcome(black_box(&positions[i]))
        })
    });
    group.bench_function("embedded/verdict_from_cards", |b| {
        b.iter(|| {
            i = (i + 1) % SAMPLES;
            let (alice, bob, first) = black_box(&situations[i]);
            CLASSIC.verdict(
                *first,
                Hand::from_cards(v, alice).unwrap(),
                Hand::from_cards(v, bob).unwrap(),
            )
        })
    });

    let tables = write_tables();
    for (path, name) in &tables {
        let table = OpenTable::open(path).unwrap();
        for (index, position) in positions.iter().enumerate() {
            assert_eq!(
                table.outcome(position),
                CLASSIC.outcome(position),
                "{name} {index}"
            );
        }
        group.bench_function(format!("{name}/code_at_index"), |b| {
            b.iter(|| {
                i = (i + 1) % SAMPLES;
                table.code(black_box(indices[i]))
            })
        });
        group.bench_function(format!("{name}/outcome"), |b| {
            b.iter(|| {
                i = (i + 1) % SAMPLES;
                table.outcome(black_box(&positions[i]))
            })
        });
        group.bench_function(format!("{name}/verdict_from_cards"), |b| {
            b.iter(|| {
                i = (i + 1) % SAMPLES;
                let (alice, bob, first) = black_box(&situations[i]);
                table.verdict(
                    *first,
                    Hand::from_cards(v, alice).unwrap(),
                    Hand::from_cards(v, bob).unwrap(),
                )
            })
        });
    }
    group.finish();
    if let Some((path, _)) = tables.first() {
        if let Some(dir) = path.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

criterion_group!(benches, lookups);
criterion_main!(benches);
