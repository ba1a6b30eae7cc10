//! The lookup crate's opener (`OpenTable`, `OpenDistanceTable`) on tables
//! the generator writes: every layout answers every state exactly as the
//! sweep's full table, and every kind of bad file gets its typed error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use gametable::symmetry::Orbits;
use gametable::{
    CardsTable, DistanceTable, Hand, OpenDistanceTable, OpenError, OpenTable, Player, Position,
    PositionError, TableError, Variant,
};
use gametable_format::{Compression, FormatError, Symmetry, TableKind, TableSpec};
use gametable_gen::games::cards::files as table_file;
use gametable_gen::games::cards::judge::{RuleChecked, Verdicts as _};
use gametable_gen::games::cards::solve::{self, HandTables};

const VARIANTS: [(u8, u8); 4] = [(3, 5), (4, 7), (5, 5), (3, 6)];
const LAYOUTS: [(Symmetry, Compression); 4] = [
    (Symmetry::None, Compression::Zstd),
    (Symmetry::None, Compression::None),
    (Symmetry::Orbits, Compression::Zstd),
    (Symmetry::Orbits, Compression::None),
];

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-open-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// `OpenTable::open` on an anonymous pipe fed `bytes`, as a shell's
/// `<(cat t.gtbl)` names one: read into memory, as a pipe cannot be mapped.
fn open_through_a_pipe(bytes: &[u8]) -> OpenTable {
    use std::io::Write as _;
    use std::os::fd::AsRawFd as _;
    let (reader, mut writer) = std::io::pipe().unwrap();
    let bytes = bytes.to_vec();
    // Fed from a thread: a table may be larger than the pipe's buffer.
    let feed = std::thread::spawn(move || writer.write_all(&bytes));
    let table = OpenTable::open(format!("/dev/fd/{}", reader.as_raw_fd())).unwrap();
    feed.join().unwrap().unwrap();
    table
}

#[test]
fn every_layout_answers_every_state_as_the_full_sweep() {
    let dir = temp_dir("outcomes");
    for (n, m) in VARIANTS {
        let v = Variant::new(n, m).unwrap();
        let solution = solve::solve(v);
        let full = CardsTable::from_packed(v, &solution.outcomes).unwrap();
        for (symmetry, compression) in LAYOUTS {
            let laid = table_file::solve_outcomes(v, symmetry, compression).unwrap();
            let path = write(
                &dir,
                &format!("{n}-{m}-{symmetry:?}-{compression:?}.gtbl"),
                &laid.bytes,
            );
            let table = OpenTable::open(&path).unwrap();
            let what = format!("({n}, {m}) {symmetry:?} {compression:?}");
            assert_eq!(table.variant(), v, "{what}");
            assert_eq!(
                table.is_mapped(),
                compression == Compression::None,
                "{what}"
            );
            assert_eq!(
                table.as_table().is_some(),
                symmetry == Symmetry::None,
                "{what}"
            );
            let in_memory = OpenTable::from_bytes(&laid.bytes).unwrap();
            // `solve --table`'s reader, which checks each verdict one move
            // deep against the rules: it accepts every answer of a right
            // table, and gives the same verdicts.
            let checked = RuleChecked::new(OpenTable::from_bytes(&laid.bytes).unwrap());
            let piped = open_through_a_pipe(&laid.bytes);
            assert!(!piped.is_mapped(), "{what}: a pipe cannot be mapped");
            for index in 0..v.states() {
                assert_eq!(table.code(index), full.code(index), "{what} state {index}");
                assert_eq!(
                    in_memory.code(index),
                    full.code(index),
                    "{what} state {index}"
                );
                assert_eq!(piped.code(index), full.code(index), "{what} state {index}");
                let Ok(position) = Position::from_index(v, index) else {
                    continue;
                };
                assert_eq!(
                    table.outcome(&position),
                    full.outcome(&position),
                    "{what} {index}"
                );
                assert_eq!(
                    table.probe(*position.to_move(), *position.waiting()),
                    full.probe(*position.to_move(), *position.waiting()),
                    "{what} {index}"
                );
                let (to_move, waiting) = (*position.to_move(), *position.waiting());
                for (first, alice, bob) in [
                    (Player::Alice, to_move, waiting),
                    (Player::Bob, waiting, to_move),
                ] {
                    assert_eq!(
                        checked.verdict(first, alice, bob),
                        Ok(full.verdict(first, alice, bob).unwrap()),
                        "{what} {index}"
                    );
                }
            }
            let zero = Hand::all_zero(v);
            assert_eq!(table.probe(zero, zero), Err(PositionError::BothAllZero));
            let other = Hand::all_zero(Variant::new(n + 1, m).unwrap());
            assert_eq!(
                table.probe(other, other),
                Err(PositionError::BothAllZero),
                "Position::new speaks first"
            );
            let one = Hand::from_counts(Variant::new(n + 1, m).unwrap(), &{
                let mut c = vec![0u8; m as usize];
                c[0] = n;
                c[1] = 1;
                c
            })
            .unwrap();
            assert_eq!(
                table.probe(one, other),
                Err(PositionError::VariantMismatch),
                "{what}"
            );
            // `outcome` does not check the variant, but never panics either:
            // hand ranks past this variant's read as a draw.
            let big = Variant::new(n + 4, m).unwrap();
            let last = Hand::unrank(big, big.hands() - 1).unwrap();
            let far = Position::new(last, last).unwrap();
            assert_eq!(table.outcome(&far), gametable::Outcome::Draw, "{what}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Distances of every orbit as the orbit sweep reports them.
fn orbit_distances(v: Variant) -> (u64, Vec<u16>) {
    let orbits = Orbits::new(v);
    let space = solve::OrbitSpace::new(&orbits);
    let mut distances = vec![gametable_gen::engine::NO_DISTANCE; orbits.states() as usize];
    solve::sweep(&space, &HandTables::new(v), |index, level| {
        let dense = space.dense_index(index as usize).unwrap();
        distances[dense as usize] = level as u16;
    });
    (orbits.states(), distances)
}

#[test]
fn distance_tables_full_and_reduced_answer_as_the_sweep() {
    let dir = temp_dir("distances");
    for (n, m) in VARIANTS {
        let v = Variant::new(n, m).unwrap();
        let (_, distances) = table_file::solve_with_distances(v);
        let (bits, payload) = table_file::distance_payload(distances);
        let full = DistanceTable::from_bytes(v, bits, &payload).unwrap();
        let (orbit_states, orbit_distances) = orbit_distances(v);
        let (orbit_bits, orbit_payload) = table_file::pack_distances(&orbit_distances);
        for (symmetry, compression) in LAYOUTS {
            let (states, bits, payload) = match symmetry {
                Symmetry::None => (v.states(), bits, &payload),
                Symmetry::Orbits => (orbit_states, orbit_bits, &orbit_payload),
            };
            let spec = TableSpec {
                symmetry,
                compression,
                states,
                ..table_file::distance_spec(v, bits)
            };
            let bytes = gametable_format::encode(&spec, payload).unwrap();
            let path = write(
                &dir,
                &format!("{n}-{m}-{symmetry:?}-{compression:?}.gtbl"),
                &bytes,
            );
            let table = OpenDistanceTable::open(&path).unwrap();
            let what = format!("({n}, {m}) {symmetry:?} {compression:?}");
            assert_eq!(
                table.is_mapped(),
                compression == Compression::None,
                "{what}"
            );
            assert_eq!(
                table.as_table().is_some(),
                symmetry == Symmetry::None,
                "{what}"
            );
            for index in 0..v.states() {
                assert_eq!(
                    table.distance_at(index),
                    full.distance_at(index),
                    "{what} {index}"
                );
                if let Ok(position) = Position::from_index(v, index) {
                    assert_eq!(
                        table.distance(&position),
                        full.distance(&position),
                        "{what}"
                    );
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_kind_of_bad_file_gets_its_typed_error() {
    let dir = temp_dir("errors");
    let v = Variant::new(3, 5).unwrap();
    let good = table_file::solve_outcomes(v, Symmetry::Orbits, Compression::None).unwrap();

    // Missing file, and a directory: I/O errors naming the path.
    let missing = dir.join("missing.gtbl");
    match OpenTable::open(&missing) {
        Err(OpenError::Io { path, source }) => {
            assert_eq!(path, missing);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("{other:?}"),
    }
    let err = OpenTable::open(&missing).unwrap_err();
    // The message says its cause; `source` does not repeat it.
    assert!(std::error::Error::source(&err).is_none());
    let err = err.to_string();
    assert!(err.starts_with(&missing.display().to_string()), "{err}");
    assert!(matches!(OpenTable::open(&dir), Err(OpenError::Io { .. })));

    // Empty, bad magic, a changed payload byte, a changed header byte.
    let empty = write(&dir, "empty.gtbl", b"");
    assert!(matches!(
        OpenTable::open(&empty),
        Err(OpenError::Format(FormatError::TooShort { len: 0 }))
    ));
    // A device is read, not mapped (which fails), and refused by its bytes.
    assert!(matches!(
        OpenTable::open("/dev/null"),
        Err(OpenError::Format(FormatError::TooShort { len: 0 }))
    ));
    assert!(matches!(
        OpenTable::open("/dev/zero"),
        Err(OpenError::Format(FormatError::BadMagic { .. }))
    ));
    let mut bytes = good.bytes.clone();
    bytes[0] = b'X';
    let path = write(&dir, "magic.gtbl", &bytes);
    assert!(matches!(
        OpenTable::open(&path),
        Err(OpenError::Format(FormatError::BadMagic { .. }))
    ));
    let mut bytes = good.bytes.clone();
    let middle = bytes.len() - 40;
    bytes[middle] ^= 0x10;
    let path = write(&dir, "corrupt.gtbl", &bytes);
    let err = OpenTable::open(&path).unwrap_err();
    assert!(
        matches!(err, OpenError::Format(FormatError::FileChecksum)),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "checksum mismatch: the file was changed or damaged"
    );

    // Wrong kind, both ways.
    let distances =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/cards-8-5-distance.gtbl");
    let err = OpenTable::open(&distances).unwrap_err();
    assert!(matches!(
        err,
        OpenError::Kind {
            expected: TableKind::Outcome,
            found: TableKind::Distance
        }
    ));
    assert_eq!(
        err.to_string(),
        "a distance table, but an outcome table was asked for"
    );
    // A table of another game is named as such, whatever its kind.
    let other =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/tictactoe-distance.gtbl");
    let err = OpenTable::open(&other).unwrap_err();
    assert!(matches!(err, OpenError::Game { .. }), "{err:?}");
    assert!(err.to_string().contains("tictactoe"), "{err}");
    let path = write(&dir, "outcomes.gtbl", &good.bytes);
    assert!(matches!(
        OpenDistanceTable::open(&path),
        Err(OpenError::Kind {
            expected: TableKind::Distance,
            found: TableKind::Outcome
        })
    ));

    // Valid files whose contents do not fit: a wrong state count, an
    // impossible code (checksums made to match).
    let spec = |states, symmetry| TableSpec {
        states,
        symmetry,
        compression: Compression::None,
        ..table_file::outcome_spec(v)
    };
    let orbits = Orbits::new(v).states();
    let bytes = gametable_format::encode(
        &spec(orbits + 4, Symmetry::Orbits),
        &vec![0u8; (orbits as usize + 4).div_ceil(4)],
    )
    .unwrap();
    assert!(matches!(
        OpenTable::from_bytes(&bytes),
        Err(OpenError::States {
            symmetry: Symmetry::Orbits,
            expected: Some(n),
            found
        }) if n == orbits && found == orbits + 4
    ));
    let bytes = gametable_format::encode(&spec(3, Symmetry::Orbits), &[0u8; 1]).unwrap();
    assert!(matches!(
        OpenTable::from_bytes(&bytes),
        Err(OpenError::States { expected: None, .. })
    ));
    let bytes = gametable_format::encode(&spec(7, Symmetry::None), &[0u8; 2]).unwrap();
    assert!(matches!(
        OpenTable::from_bytes(&bytes),
        Err(OpenError::States {
            symmetry: Symmetry::None,
            expected: Some(_),
            found: 7
        })
    ));
    let mut packed = good.packed.clone();
    packed[2] |= 0b11; // orbit 8 says "not a position"
    let bytes = gametable_format::encode(&spec(orbits, Symmetry::Orbits), &packed).unwrap();
    let path = write(&dir, "codes.gtbl", &bytes);
    assert!(matches!(
        OpenTable::open(&path),
        Err(OpenError::Table(TableError::Code { index: 8 }))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
