//! The generic table store with tiny games written here: tables written by
//! `store::write_tables`, read back by `store::read_table` and by the lookup
//! crate's `AnyTable`, full and per orbit, 8- and 16-bit distances; damaged
//! files refused.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

use std::path::{Path, PathBuf};

use gametable::{AnyTable, FullIndex, Outcome, StateIndex};
use gametable_format::{Compression, Symmetry, TableKind};
use gametable_gen::engine::orbits::Orbits;
use gametable_gen::engine::{self, Parameter, Side, SolveOptions, Solved};
use gametable_gen::store::{self, WriteOptions};

/// One pile of up to `stones` stones; a move takes 1 or 2. The last index
/// (`stones + 1`) is not a position.
struct Subtraction {
    stones: u64,
}

impl engine::Game for Subtraction {
    type Position = u64;

    fn name(&self) -> &'static str {
        "subtraction"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![("stones", self.stones), ("take", 2)]
    }

    fn states(&self) -> u64 {
        self.stones + 2
    }

    fn position(&self, index: u64) -> Option<u64> {
        (index <= self.stones).then_some(index)
    }

    fn index(&self, position: &u64) -> u64 {
        *position
    }

    fn to_move(&self, _index: u64) -> Side {
        Side::First
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        (index == 0).then_some(Outcome::Loss)
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        out.extend((1..=2).filter(|&t| t <= index).map(|t| index - t));
    }

    fn max_moves(&self) -> usize {
        2
    }
}

/// Two piles of up to `stones` each, a move takes 1 or 2 from one pile;
/// swapping the piles is a symmetry.
struct TwoPiles {
    stones: u64,
}

impl TwoPiles {
    fn split(&self, index: u64) -> (u64, u64) {
        (index / (self.stones + 1), index % (self.stones + 1))
    }
}

impl engine::Game for TwoPiles {
    type Position = (u64, u64);

    fn name(&self) -> &'static str {
        "two_piles"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![("stones", self.stones)]
    }

    fn states(&self) -> u64 {
        (self.stones + 1) * (self.stones + 1)
    }

    fn position(&self, index: u64) -> Option<(u64, u64)> {
        (index < self.states()).then(|| self.split(index))
    }

    fn index(&self, &(a, b): &(u64, u64)) -> u64 {
        a * (self.stones + 1) + b
    }

    fn to_move(&self, _index: u64) -> Side {
        Side::First
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        (index == 0).then_some(Outcome::Loss)
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        let (a, b) = self.split(index);
        for t in 1..=2 {
            if t <= a {
                out.push(self.index(&(a - t, b)));
            }
            if t <= b {
                out.push(self.index(&(a, b - t)));
            }
        }
    }

    fn max_moves(&self) -> usize {
        4
    }

    fn has_symmetry(&self) -> bool {
        true
    }

    fn canonical(&self, index: u64) -> u64 {
        let (a, b) = self.split(index);
        index.min(self.index(&(b, a)))
    }
}

/// The lookup crate's view of a reduced `TwoPiles` table: dense index to
/// orbit number, as a game crate would implement it.
struct TwoPilesIndex {
    game: TwoPiles,
    orbits: Orbits,
    parameters: [(&'static str, u64); 1],
}

impl StateIndex for TwoPilesIndex {
    fn name(&self) -> &str {
        "two_piles"
    }
    fn parameters(&self) -> &[(&'static str, u64)] {
        &self.parameters
    }
    fn states(&self) -> u64 {
        engine::Game::states(&self.game)
    }
    fn reduced(&self) -> bool {
        true
    }
    fn stored_states(&self) -> u64 {
        self.orbits.len()
    }
    fn stored(&self, index: u64) -> Option<u64> {
        if index >= self.states() {
            return None;
        }
        self.orbits.orbit_of(&self.game, index)
    }
}

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names `dir/SHA256SUMS` lists, in its order.
fn listed(dir: &std::path::Path) -> Vec<String> {
    store::read_sums(dir)
        .unwrap()
        .into_iter()
        .map(|(_, name)| name)
        .collect()
}

fn options(compression: Compression) -> WriteOptions {
    WriteOptions {
        compression,
        distances: true,
        regenerate: "gametable generate test".into(),
    }
}

fn solve<G: engine::Game>(game: &G, symmetry: bool) -> Solved {
    engine::solve(
        game,
        &SolveOptions {
            symmetry,
            reverse_graph: false,
        },
    )
    .unwrap()
}

#[test]
fn full_tables_round_trip_with_8_and_16_bit_distances() {
    for (stones, bits) in [(10, 8), (600, 16)] {
        for compression in [Compression::Zstd, Compression::None] {
            let game = Subtraction { stones };
            let mut solved = solve(&game, false);
            let solved_distances = solved.distances.clone();
            let dir = dir(&format!("full-{stones}-{compression:?}"));
            let path = dir.join("subtraction.gtbl");
            let written =
                store::write_tables(&game, &mut solved, &path, &options(compression)).unwrap();
            // The distances went into the table, not copied.
            assert!(solved.distances.is_empty());

            // Read back generically.
            let outcomes = store::read_table(&path).unwrap();
            assert_eq!(outcomes, written.outcomes);
            assert_eq!(outcomes.name(), "subtraction");
            assert_eq!(
                outcomes.parameters(),
                &[("stones".to_string(), stones), ("take".to_string(), 2)]
            );
            assert_eq!(outcomes.symmetry(), Symmetry::None);
            assert_eq!(outcomes.kind(), TableKind::Outcome);
            assert_eq!(outcomes.stored_states(), stones + 2);
            assert_eq!(solved.codes, outcomes.codes());
            assert_eq!(outcomes.counts(), solved.counts);
            assert_eq!(
                outcomes.code(stones + 1),
                Some(gametable::code::NOT_A_POSITION)
            );
            outcomes.check_game(&game).unwrap();
            assert!(outcomes
                .check_game(&Subtraction { stones: stones + 1 })
                .is_err());
            assert!(outcomes.check_game(&TwoPiles { stones }).is_err());
            let distance_path = dir.join("subtraction-distance.gtbl");
            let distances = store::read_table(&distance_path).unwrap();
            assert_eq!(distances.header.bits_per_state, bits);
            assert_eq!(solved_distances, distances.distances());
            assert_eq!(written.files.len(), 4);
            assert_eq!(store::check_sums(&dir).unwrap(), 4);
            let fingerprint = std::fs::read_to_string(dir.join("subtraction.fingerprint")).unwrap();
            assert!(fingerprint.contains("# Regenerate with: gametable generate test\n"));
            assert!(fingerprint.contains("game = subtraction\nstones = "));
            assert!(fingerprint.contains(&format!("wins = {}\n", solved.counts[1])));
            let fingerprint =
                std::fs::read_to_string(dir.join("subtraction-distance.fingerprint")).unwrap();
            assert!(fingerprint.contains("no_distance = 1\n"), "{fingerprint}");

            // And through the lookup crate, knowing only the game's index.
            let any = AnyTable::open(&path).unwrap();
            assert_eq!(any.is_mapped(), compression == Compression::None);
            assert_eq!(
                (any.name(), any.stored_states()),
                ("subtraction", stones + 2)
            );
            let parameters = [("stones", stones), ("take", 2)];
            let table = any
                .with_index(FullIndex::new("subtraction", &parameters, stones + 2))
                .unwrap();
            let any_distances = AnyTable::open(&distance_path)
                .unwrap()
                .with_index(FullIndex::new("subtraction", &parameters, stones + 2))
                .unwrap();
            // `solved` gave its distances to the table: a fresh solve's.
            let fresh = solve(&game, false);
            for i in 0..stones + 3 {
                assert_eq!(table.outcome_at(i), solved.outcome(&game, i), "{i}");
                assert_eq!(
                    any_distances.distance_at(i),
                    fresh.distance(&game, i),
                    "{i}"
                );
            }
            // Losses are the multiples of 3, at even distance.
            assert_eq!(table.outcome_at(9), Some(Outcome::Loss));
            assert_eq!(any_distances.distance_at(9), Some(6));
            // Each file is of the kind asked, and the other is refused.
            let opened = |path: &Path, kind| AnyTable::open(path).unwrap().of_kind(kind);
            assert!(opened(&path, TableKind::Outcome).is_ok());
            assert!(opened(&distance_path, TableKind::Distance).is_ok());
            assert_eq!(
                opened(&distance_path, TableKind::Outcome)
                    .unwrap_err()
                    .to_string(),
                "a distance table, but an outcome table was asked for"
            );
            // The wrong index is refused.
            let wrong = [("stones", stones + 1), ("take", 2)];
            let refused = AnyTable::open(&path)
                .unwrap()
                .with_index(FullIndex::new("subtraction", &wrong, stones + 2))
                .unwrap_err();
            assert_eq!(
                refused.to_string(),
                format!(
                    "a table of subtraction (stones = {stones}, take = 2), not of subtraction (stones = {}, take = 2), the index's",
                    stones + 1
                ),
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn reduced_tables_store_one_state_per_orbit() {
    let game = TwoPiles { stones: 7 };
    let mut solved = solve(&game, true);
    let solved_distances = solved.distances.clone();
    assert_eq!(solved.orbits.as_ref().unwrap().len(), 8 * 9 / 2);
    let dir = dir("orbits");
    let path = dir.join("two_piles-7.gtbl");
    store::write_tables(&game, &mut solved, &path, &options(Compression::Zstd)).unwrap();
    let outcomes = store::read_table(&path).unwrap();
    assert_eq!(outcomes.symmetry(), Symmetry::Orbits);
    assert_eq!(outcomes.stored_states(), 36);
    assert_eq!(solved.codes, outcomes.codes());
    let distances = store::read_table(&dir.join("two_piles-7-distance.gtbl")).unwrap();
    assert_eq!(distances.symmetry(), Symmetry::Orbits);
    assert_eq!(solved_distances, distances.distances());

    // Every dense index answered through the orbit numbering, and against
    // a full solve.
    let full = solve(&game, false);
    let index = TwoPilesIndex {
        game: TwoPiles { stones: 7 },
        orbits: Orbits::new(&game),
        parameters: [("stones", 7)],
    };
    let table = AnyTable::open(&path).unwrap().with_index(index).unwrap();
    let distance_table = AnyTable::open(dir.join("two_piles-7-distance.gtbl")).unwrap();
    for i in 0..64 {
        assert_eq!(table.outcome_at(i), full.outcome(&game, i), "{i}");
        let stored = table.index().stored(i).unwrap();
        assert_eq!(
            distance_table.distance(stored),
            full.distance(&game, i),
            "{i}"
        );
    }
    // A full index does not fit a reduced table.
    let parameters = [("stones", 7)];
    let refused = AnyTable::open(&path)
        .unwrap()
        .with_index(FullIndex::new("two_piles", &parameters, 64))
        .unwrap_err();
    assert!(
        refused.to_string().contains("one state per orbit"),
        "{refused}"
    );
    // Nor is it the table of a game of that name without symmetry.
    struct Plain(TwoPiles);
    impl engine::Game for Plain {
        type Position = (u64, u64);
        fn name(&self) -> &'static str {
            self.0.name()
        }
        fn parameters(&self) -> Vec<Parameter> {
            self.0.parameters()
        }
        fn states(&self) -> u64 {
            self.0.states()
        }
        fn position(&self, index: u64) -> Option<(u64, u64)> {
            self.0.position(index)
        }
        fn index(&self, position: &(u64, u64)) -> u64 {
            self.0.index(position)
        }
        fn to_move(&self, index: u64) -> Side {
            self.0.to_move(index)
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            self.0.ending(index)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            self.0.successors(index, out);
        }
        fn max_moves(&self) -> usize {
            self.0.max_moves()
        }
    }
    let refused = store::GameTables::open(&Plain(TwoPiles { stones: 7 }), &path)
        .err()
        .unwrap()
        .to_string();
    assert!(
        refused.ends_with(
            "a table of one state per orbit with 36 stored states, but two_piles has no symmetry (has_symmetry() is false): its 64 states are as many orbits"
        ),
        "{refused}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_and_old_files_are_refused() {
    let game = Subtraction { stones: 20 };
    let mut solved = solve(&game, false);
    let dir = dir("damaged");
    let path = dir.join("subtraction.gtbl");
    store::write_tables(
        &game,
        &mut solved,
        &path,
        &WriteOptions {
            distances: false,
            ..options(Compression::None)
        },
    )
    .unwrap();
    assert!(!dir.join("subtraction-distance.gtbl").exists());
    let good = std::fs::read(&path).unwrap();
    let name = Path::new("t.gtbl");
    for (position, expected) in [
        (0, "bad magic"),
        (9, "unsupported format version"),
        (good.len() - 40, "checksum mismatch"),
    ] {
        let mut bytes = good.clone();
        bytes[position] ^= 0x40;
        let message = store::decode_table(name, &bytes).unwrap_err().to_string();
        assert!(
            message.starts_with("t.gtbl: ") && message.contains(expected),
            "{message}"
        );
        assert!(AnyTable::from_bytes(&bytes)
            .unwrap_err()
            .to_string()
            .contains(expected));
    }
    let message = store::decode_table(name, &good[..good.len() - 1])
        .unwrap_err()
        .to_string();
    assert!(message.contains("bad length"), "{message}");
    // A version 1 file names the command that regenerates it.
    let old = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../format/tests/data/v1-cards-2-3.gtbl"
    ))
    .unwrap();
    std::fs::write(dir.join("old.gtbl"), &old).unwrap();
    let message = store::read_table(&dir.join("old.gtbl"))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("format version 1 is no longer read (this build reads version 2): regenerate the table with `cargo run --release -p gametable-gen --no-default-features --features cli -- generate cards --cards 2 --modulus 3`"),
        "{message}"
    );
    let message = AnyTable::open(dir.join("old.gtbl"))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("generate cards --cards 2 --modulus 3`"),
        "{message}"
    );
    // A game whose name a header cannot hold is refused before writing.
    struct Bad;
    impl engine::Game for Bad {
        type Position = u64;
        fn name(&self) -> &'static str {
            "Bad Name"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            1
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index == 0).then_some(0)
        }
        fn index(&self, p: &u64) -> u64 {
            *p
        }
        fn to_move(&self, _: u64) -> Side {
            Side::First
        }
        fn ending(&self, _: u64) -> Option<Outcome> {
            Some(Outcome::Loss)
        }
        fn successors(&self, _: u64, _: &mut Vec<u64>) {}
        fn max_moves(&self) -> usize {
            0
        }
    }
    let mut solved = solve(&Bad, false);
    let bad_path = dir.join("bad.gtbl");
    assert!(
        store::write_tables(&Bad, &mut solved, &bad_path, &options(Compression::Zstd)).is_err()
    );
    assert!(!bad_path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `write_tables` takes the distances out of the solve: a second write
/// of the same solve with distances says so, and one without them works.
#[test]
fn a_second_write_of_one_solve_says_where_its_distances_went() {
    let dir = dir("second-write");
    let game = Subtraction { stones: 20 };
    let mut solved = solve(&game, false);
    let path = dir.join("t.gtbl");
    store::write_tables(&game, &mut solved, &path, &options(Compression::Zstd)).unwrap();
    let again = dir.join("u.gtbl");
    let error = store::write_tables(&game, &mut solved, &again, &options(Compression::Zstd))
        .unwrap_err()
        .to_string();
    assert!(
        error.ends_with(
            "the solve holds no distances: the sweep kept none (a sweep across processes \
             without distances), or an earlier write_tables took them (solve again with \
             distances, or write with distances: false)"
        ),
        "{error}"
    );
    assert!(!again.exists());
    let outcomes_only = WriteOptions {
        distances: false,
        ..options(Compression::Zstd)
    };
    store::write_tables(&game, &mut solved, &again, &outcomes_only).unwrap();
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&path).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A list naming one file thrice, as `./a`, `*a` and `.//a` (each as
/// `sha256sum` writes or reads it), with one digest, is rewritten with
/// one entry for it, in text mode.
#[test]
fn a_rewritten_checksum_list_names_a_file_once() {
    let dir = dir("sums-names");
    std::fs::write(dir.join("a"), b"a").unwrap();
    std::fs::write(dir.join("b"), b"b").unwrap();
    let (a, b) = (sha(b"a"), sha(b"b"));
    std::fs::write(
        dir.join("SHA256SUMS"),
        format!("{a}  ./a\n{a} *a\n{a}  .//a\n"),
    )
    .unwrap();
    store::update_sums(&dir, &["b"]).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap(),
        format!("{a}  a\n{b}  b\n")
    );
    // Names split at '/' on every system; one leaving the folder is
    // refused, naming its line, and the list is left as it was.
    for (line, name) in [(2, "/etc/hostname"), (2, "sub/../a"), (2, "..")] {
        let list = format!("{a}  a\n{b}  {name}\n");
        std::fs::write(dir.join("SHA256SUMS"), &list).unwrap();
        let error = store::update_sums(&dir, &["b"]).unwrap_err().to_string();
        assert!(
            error.contains(&format!(
                "SHA256SUMS: line {line}: {name:?} leaves this folder (absolute, or through '..'); so {} does not list {} as written, and `verify` refuses them until it does",
                dir.join("SHA256SUMS").display(),
                dir.join("b").display()
            )),
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap(),
            list
        );
    }
    // A file that cannot be hashed is named, and so is what the list
    // now lacks.
    std::fs::write(dir.join("SHA256SUMS"), format!("{a}  a\n")).unwrap();
    let gone = dir.join("gone");
    let error = store::update_sums(&dir, &["gone"]).unwrap_err().to_string();
    assert!(
        error.starts_with(&format!("{}: ", gone.display()))
            && error.contains(&format!(
                "; so {} does not list {} as written",
                dir.join("SHA256SUMS").display(),
                gone.display()
            )),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Names holding a backslash, a newline or a carriage return are listed
/// as `sha256sum` (GNU coreutils 9.1) lists them, a `\` starting the line
/// and each of them escaped, and read back; a bad escape is refused,
/// naming its line.
#[test]
fn checksum_list_names_are_escaped_as_sha256sum_escapes_them() {
    let dir = dir("sums-escapes");
    let names = ["x\\y", "p\nq", "r\rs", "plain"];
    for name in names {
        std::fs::write(dir.join(name), name.as_bytes()).unwrap();
    }
    store::update_sums(&dir, &names).unwrap();
    let written = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    // `sha256sum *` in that folder, byte for byte.
    let expected = format!(
        "\\{}  p\\nq\n{}  plain\n\\{}  r\\rs\n\\{}  x\\\\y\n",
        sha(b"p\nq"),
        sha(b"plain"),
        sha(b"r\rs"),
        sha(b"x\\y")
    );
    assert_eq!(written, expected);
    let mut read: Vec<(String, String)> = store::read_sums(&dir).unwrap();
    read.sort_by(|a, b| a.1.cmp(&b.1));
    let mut listed: Vec<(String, String)> = names
        .iter()
        .map(|n| (sha(n.as_bytes()), (*n).to_string()))
        .collect();
    listed.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(read, listed);
    assert_eq!(store::check_sums(&dir).unwrap(), 4);
    for (name, why) in [
        (
            "a\\tb",
            "\"a\\\\tb\": `\\t` is no escape (`\\\\`, `\\n` or `\\r`)",
        ),
        ("ab\\", "\"ab\\\\\" ends in a lone `\\`"),
    ] {
        let list = format!("{}  plain\n\\{}  {name}\n", sha(b"plain"), sha(b"a"));
        std::fs::write(dir.join("SHA256SUMS"), &list).unwrap();
        let error = store::read_sums(&dir).unwrap_err().to_string();
        assert!(
            error.ends_with(&format!("SHA256SUMS: line 2: {why}")),
            "{error}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bytes`' sha256 as `SHA256SUMS` writes it.
fn sha(bytes: &[u8]) -> String {
    gametable_format::hex(&gametable_format::sha256(bytes))
}

/// A listed name that is no regular file (a link to a device that never
/// ends, a folder) is refused at once, naming it, not read without end;
/// the regular files beside it are still checked.
#[cfg(unix)]
#[test]
fn listed_files_that_are_no_files_are_refused_at_once() {
    let dir = dir("sums-devices");
    std::fs::write(dir.join("plain"), b"plain").unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("endless")).unwrap();
    std::fs::create_dir(dir.join("folder")).unwrap();
    let list = format!(
        "{}  plain\n{}  endless\n{}  folder\n",
        sha(b"plain"),
        sha(b""),
        sha(b"")
    );
    std::fs::write(dir.join("SHA256SUMS"), &list).unwrap();
    let errors: Vec<String> = store::check_sums(&dir)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    for (error, (name, why)) in errors.iter().zip([
        ("endless", "is not a regular file, as every file listed is"),
        ("folder", "is a folder, not a file"),
    ]) {
        assert_eq!(error, &format!("{}: {why}", dir.join(name).display()));
    }
    std::fs::write(
        dir.join("SHA256SUMS"),
        format!("{}  plain\n", sha(b"plain")),
    )
    .unwrap();
    assert_eq!(store::check_sums(&dir).unwrap(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs that finish at once into one folder each add their entries to its
/// `SHA256SUMS` (each rewrites the list under a lock on the folder): without
/// it, two rewrites read the same list and the later one drops the other's
/// entry.
#[test]
fn concurrent_checksum_updates_lose_no_entry() {
    let dir = dir("concurrent-sums");
    let names: Vec<String> = (0..8)
        .flat_map(|t| (0..25).map(move |i| format!("t{t}-{i}.gtbl")))
        .collect();
    std::thread::scope(|scope| {
        for chunk in names.chunks(25) {
            let dir = &dir;
            scope.spawn(move || {
                for name in chunk {
                    std::fs::write(dir.join(name), name.as_bytes()).unwrap();
                    store::update_sums(dir, &[name.as_str()]).unwrap();
                }
            });
        }
    });
    let listed: Vec<String> = store::read_sums(&dir)
        .unwrap()
        .into_iter()
        .map(|(digest, name)| {
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            assert_eq!(
                digest,
                gametable_format::hex(&gametable_format::sha256(&bytes))
            );
            name
        })
        .collect();
    let mut expected = names.clone();
    expected.sort();
    assert_eq!(listed, expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A run lands its tables, fingerprints and `SHA256SUMS` entries under the
/// folder's lock: while another holds it (here this test, as another run
/// would), nothing of the run lands; once it is released the run lands
/// them all. (Two runs writing one table name at once could otherwise
/// leave one's outcome table beside the other's distance table.)
#[test]
fn a_run_lands_its_files_under_the_folders_lock() {
    // The engine's writer, then Cards' own (both layouts).
    for game in [
        &["tictactoe"][..],
        &["cards", "--cards", "4", "--modulus", "3"][..],
        &[
            "cards",
            "--cards",
            "4",
            "--modulus",
            "3",
            "--symmetry",
            "orbits",
        ][..],
    ] {
        lands_under_the_lock(game);
    }
}

/// A table named without a folder lands in the working folder under the
/// same lock as the list it updates (the folder named `` by one and `.`
/// by the other is one folder, not a second lock that waits on the first).
#[test]
fn a_table_named_without_a_folder_lands() {
    let dir = dir("landing-here");
    for game in [
        &["tictactoe"][..],
        &["cards", "--cards", "4", "--modulus", "3"][..],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametable"))
            .arg("generate")
            .args(game)
            .args(["--quiet", "--output", "t.gtbl"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{game:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(store::check_sums(&dir).unwrap(), 4, "{game:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn lands_under_the_lock(game: &[&str]) {
    let dir = dir("landing-lock");
    let table = dir.join("t.gtbl");
    let held = store::lock_tables_in(&table).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gametable"))
        .arg("generate")
        .args(game)
        .args(["--quiet", "--output"])
        .arg(&table)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Long enough for the run to solve and reach the lock (it takes
    // milliseconds); whenever it gets there, it lands nothing while held.
    for _ in 0..15 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        assert!(
            names.is_empty(),
            "landed while the lock was held: {names:?}"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended while the lock was held"
        );
    }
    drop(held);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(store::check_sums(&dir).unwrap(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A pair whose outcome table was written and whose distance table was
/// not (a full disk, say) leaves the new outcome table listed in
/// `SHA256SUMS`, beside no part of its own distance table (the table
/// written, its fingerprint not), nor the distance table of the table it
/// replaced: another game's, and the same game's too (it may be of
/// another solve).
#[test]
fn a_failed_distance_write_leaves_the_outcome_table_alone() {
    let full = || {
        store::TableFileError::Io(
            "t-distance.gtbl".into(),
            std::io::ErrorKind::StorageFull.into(),
        )
    };
    // (the game replaced, whether the new distance table landed)
    for (old_stones, new_distance_landed) in [
        (None, false),
        (None, true),
        (Some(3), false),
        (Some(3), true),
    ] {
        let dir = dir(&format!("half-pair-{old_stones:?}-{new_distance_landed}"));
        let path = dir.join("t.gtbl");
        let options = options(Compression::Zstd);
        match old_stones {
            // Another game's tables, then the same game's.
            None => {
                let old = Subtraction { stones: 10 };
                store::write_tables(&old, &mut solve(&old, false), &path, &options).unwrap();
            }
            Some(stones) => {
                let old = TwoPiles { stones };
                store::write_tables(&old, &mut solve(&old, false), &path, &options).unwrap();
            }
        }
        // The new tables, written elsewhere, and what of them got beside
        // the old ones before the failure.
        let new = TwoPiles { stones: 3 };
        let elsewhere = dir.join("new").join("t.gtbl");
        store::write_tables(&new, &mut solve(&new, false), &elsewhere, &options).unwrap();
        let mut landed = vec!["t.gtbl", "t.fingerprint"];
        if new_distance_landed {
            landed.push("t-distance.gtbl");
        }
        for name in &landed {
            std::fs::copy(dir.join("new").join(name), dir.join(name)).unwrap();
        }
        std::fs::remove_dir_all(dir.join("new")).unwrap();

        let error = store::settle_failed_write(&path, &landed, full()).to_string();
        let removed = format!(
            "{}; cleaning up after it removed {}, {}",
            full(),
            dir.join("t-distance.gtbl").display(),
            dir.join("t-distance.fingerprint").display()
        );
        assert_eq!(error, removed);
        assert!(!dir.join("t-distance.gtbl").exists());
        assert!(!dir.join("t-distance.fingerprint").exists());
        assert_eq!(store::check_sums(&dir).unwrap(), 2);
        let listed = listed(&dir);
        assert_eq!(listed, ["t.fingerprint", "t.gtbl"]);
        let table = store::read_table(&path).unwrap();
        assert_eq!(table.header.game.name, "two_piles");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A write that fails at the outcome table or at its fingerprint (here a
/// folder stands where the file's temporary goes): when the table does not
/// land, the old tables are left as they were, byte for byte; when the
/// table lands and its fingerprint does not, the replaced table's
/// fingerprint and unpaired distance table are removed and `SHA256SUMS`
/// lists the new table alone; when the fingerprint there is already the
/// new table's, word for word (the same table written again), the write
/// succeeds.
#[test]
fn a_failed_outcome_write_leaves_no_stale_file() {
    let names = [
        "SHA256SUMS",
        "t-distance.fingerprint",
        "t-distance.gtbl",
        "t.fingerprint",
        "t.gtbl",
    ];
    let options = options(Compression::Zstd);
    let new = TwoPiles { stones: 3 };
    // (the file whose temporary is blocked, whether the game replaced is
    // the new one)
    for (blocked, same) in [
        ("t.gtbl", false),
        ("t.fingerprint", false),
        ("t.fingerprint", true),
    ] {
        let dir = dir(&format!("outcome-write-fails-{blocked}-{same}"));
        let path = dir.join("t.gtbl");
        if same {
            store::write_tables(&new, &mut solve(&new, false), &path, &options).unwrap();
        } else {
            let old = Subtraction { stones: 10 };
            store::write_tables(&old, &mut solve(&old, false), &path, &options).unwrap();
        }
        let before: Vec<Vec<u8>> = names
            .iter()
            .map(|name| std::fs::read(dir.join(name)).unwrap())
            .collect();
        let temporary = store::atomic::temporary_path(&dir.join(blocked));
        std::fs::create_dir(&temporary).unwrap();
        let result = store::write_tables(&new, &mut solve(&new, false), &path, &options);
        std::fs::remove_dir(&temporary).unwrap();

        let listed = listed(&dir);
        assert_eq!(store::check_sums(&dir).unwrap(), listed.len());
        if same || blocked == "t.gtbl" {
            if same {
                result.unwrap();
            } else {
                let error = result.err().unwrap().to_string();
                assert!(error.starts_with(&path.display().to_string()), "{error}");
            }
            for (name, bytes) in names.iter().zip(&before) {
                let after = std::fs::read(dir.join(name)).unwrap();
                assert!(&after == bytes, "{blocked}: {name} changed");
            }
        } else {
            let error = result.err().unwrap().to_string();
            let fingerprint = dir.join("t.fingerprint").display().to_string();
            assert!(error.starts_with(&fingerprint), "{error}");
            let removed = format!(
                "; cleaning up after it removed {fingerprint}, {}, {}",
                dir.join("t-distance.gtbl").display(),
                dir.join("t-distance.fingerprint").display()
            );
            assert!(error.ends_with(&removed), "{error}");
            for name in ["t.fingerprint", "t-distance.gtbl", "t-distance.fingerprint"] {
                assert!(!dir.join(name).exists(), "{name} left");
            }
            assert_eq!(listed, ["t.gtbl"]);
            let table = store::read_table(&path).unwrap();
            assert_eq!(table.header.game.name, "two_piles");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// An outcome table written alone replaces a table of the same game and
/// parameters with its distance table: that distance table goes, with its
/// fingerprint and `SHA256SUMS` entries. Its header pairs with the new
/// table, but it may be of another solve (a user's game whose rules were
/// fixed in between), and readers, who pair tables by their headers,
/// would have answered from it.
#[test]
fn an_outcome_table_written_alone_leaves_no_old_distance_table() {
    let dir = dir("alone-after-pair");
    let path = dir.join("t.gtbl");
    let game = TwoPiles { stones: 3 };
    let with = options(Compression::Zstd);
    store::write_tables(&game, &mut solve(&game, false), &path, &with).unwrap();
    assert!(dir.join("t-distance.gtbl").is_file());
    let alone = WriteOptions {
        distances: false,
        ..with.clone()
    };
    let written = store::write_tables(&game, &mut solve(&game, false), &path, &alone).unwrap();
    assert_eq!(
        written.removed,
        [
            dir.join("t-distance.gtbl"),
            dir.join("t-distance.fingerprint")
        ]
    );
    assert!(!dir.join("t-distance.gtbl").exists());
    assert!(!dir.join("t-distance.fingerprint").exists());
    assert_eq!(listed(&dir), ["t.fingerprint", "t.gtbl"]);
    assert_eq!(store::check_sums(&dir).unwrap(), 2);
    let tables = store::GameTables::open(&game, &path).unwrap();
    assert!(tables.distances().is_none());
    // Written alone again, nothing is left to remove.
    let written = store::write_tables(&game, &mut solve(&game, false), &path, &alone).unwrap();
    assert!(written.removed.is_empty());
    // The distance table goes before the new table lands: a write that
    // then fails says so (the old outcome table is left without it).
    store::write_tables(&game, &mut solve(&game, false), &path, &with).unwrap();
    let temporary = store::atomic::temporary_path(&path);
    std::fs::create_dir(&temporary).unwrap();
    let error = store::write_tables(&game, &mut solve(&game, false), &path, &alone)
        .err()
        .unwrap()
        .to_string();
    std::fs::remove_dir(&temporary).unwrap();
    let removed = format!(
        " (the replaced table's distance files were removed before: {}, {})",
        dir.join("t-distance.gtbl").display(),
        dir.join("t-distance.fingerprint").display()
    );
    assert!(error.ends_with(&removed), "{error}");
    assert_eq!(listed(&dir), ["t.fingerprint", "t.gtbl"]);
    assert_eq!(store::check_sums(&dir).unwrap(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A distance fingerprint left without its table (a run killed between
/// removing the two) is removed, with its `SHA256SUMS` entry, when an
/// outcome table is next written there alone.
#[test]
fn a_lone_distance_fingerprint_is_removed() {
    let dir = dir("lone-fingerprint");
    let path = dir.join("t.gtbl");
    let game = TwoPiles { stones: 3 };
    let options = options(Compression::Zstd);
    store::write_tables(&game, &mut solve(&game, false), &path, &options).unwrap();
    assert!(dir.join("t-distance.gtbl").is_file());

    std::fs::remove_file(dir.join("t-distance.gtbl")).unwrap();
    let removed = store::drop_old_distances(&path).unwrap();
    assert_eq!(removed, [dir.join("t-distance.fingerprint")]);
    assert!(!dir.join("t-distance.fingerprint").exists());
    let listed = listed(&dir);
    assert_eq!(listed, ["t.fingerprint", "t.gtbl"]);
    assert_eq!(store::check_sums(&dir).unwrap(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// When removing a stale distance table fails part way (here the checksum
/// list cannot be rewritten once both files are gone), the error names the
/// files already removed.
#[test]
fn a_stale_distance_table_removed_part_way_is_named() {
    let dir = dir("stale-partly-removed");
    let path = dir.join("t.gtbl");
    let game = TwoPiles { stones: 3 };
    let options = options(Compression::Zstd);
    store::write_tables(&game, &mut solve(&game, false), &path, &options).unwrap();
    // Another game's outcome table replaces the table, its distance table
    // left beside it.
    let other = dir.join("other");
    std::fs::create_dir(&other).unwrap();
    let replacement = TwoPiles { stones: 4 };
    let mut solved = solve(&replacement, false);
    store::write_tables(&replacement, &mut solved, &other.join("t.gtbl"), &options).unwrap();
    std::fs::rename(other.join("t.gtbl"), &path).unwrap();
    std::fs::remove_file(dir.join("SHA256SUMS")).unwrap();
    std::fs::create_dir(dir.join("SHA256SUMS")).unwrap();
    let message = store::drop_old_distances(&path).unwrap_err().to_string();
    let expected = format!("{}: ", dir.join("SHA256SUMS").display());
    let removed = format!(
        " (after removing {}, {})",
        dir.join("t-distance.gtbl").display(),
        dir.join("t-distance.fingerprint").display()
    );
    assert!(
        message.starts_with(&expected) && message.ends_with(&removed),
        "{message}"
    );
    assert!(!dir.join("t-distance.gtbl").exists());
    assert!(!dir.join("t-distance.fingerprint").exists());
    // Failing again with nothing left to remove, it says only how.
    let message = store::drop_old_distances(&path).unwrap_err().to_string();
    assert!(
        message.starts_with(&expected) && !message.contains("after removing"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// When cleaning up after a failed distance write fails as well (here the
/// checksum list cannot be rewritten), the error says both, and names the
/// files the clean-up had removed before it failed.
#[test]
fn a_failed_clean_up_is_reported_with_the_failure() {
    let dir = dir("half-pair-unsettled");
    let path = dir.join("t.gtbl");
    let game = TwoPiles { stones: 3 };
    store::write_tables(
        &game,
        &mut solve(&game, false),
        &path,
        &options(Compression::Zstd),
    )
    .unwrap();
    std::fs::remove_file(dir.join("SHA256SUMS")).unwrap();
    std::fs::create_dir(dir.join("SHA256SUMS")).unwrap();
    let error = store::settle_failed_write(
        &path,
        &["t.gtbl", "t.fingerprint", "t-distance.gtbl"],
        store::TableFileError::Unsupported(path.clone(), "the first failure".into()),
    );
    let message = error.to_string();
    let expected = format!(
        "{}: the first failure; cleaning up after it removed {}, {}, then failed: {}: ",
        path.display(),
        dir.join("t-distance.gtbl").display(),
        dir.join("t-distance.fingerprint").display(),
        dir.join("SHA256SUMS").display()
    );
    assert!(message.starts_with(&expected), "{message}");
    // The distance table that landed without its fingerprint is gone all
    // the same.
    assert!(!dir.join("t-distance.gtbl").exists());
    assert!(!dir.join("t-distance.fingerprint").exists());
    // Failing again with nothing left to remove, it says only how the
    // clean-up failed.
    let error = store::settle_failed_write(
        &path,
        &["t.gtbl", "t.fingerprint"],
        store::TableFileError::Unsupported(path.clone(), "the second failure".into()),
    );
    let message = error.to_string();
    let expected = format!(
        "{}: the second failure; and cleaning up after it: {}: ",
        path.display(),
        dir.join("SHA256SUMS").display()
    );
    assert!(message.starts_with(&expected), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}
