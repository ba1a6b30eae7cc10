//! `gametable verify`: every check a table can get without trusting it.
//!
//! For each table, outcome or distance: the file format (magic, version,
//! header, length, both checksums), the contents the rules alone fix, the
//! fingerprint beside it, its entry in `SHA256SUMS` if listed, a fresh
//! regeneration compared state by state (the freshness check), and the
//! pairing with the table beside it, where there is one.
//!
//! With `--deep`, each outcome table and the distance table beside it are
//! also checked one move deep against the rules alone ([`deep`]): this does
//! not trust the sweep at all. An outcome table without its distance table
//! gets its outcomes checked so (weaker on cycles: see
//! [`crate::engine::deep::check_outcomes`]).

use std::collections::BTreeSet;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::games::cards::deep::{self, DeepReport};
use crate::games::cards::files::{self as cards_files, DistanceFile, OutcomeFile};
use crate::games::cards::notation::name_state;
use crate::games::cards::solve::Solution;
use gametable::symmetry::Orbits;
use gametable::OpenTable;
use gametable::{CardsTable, DistanceTable, Outcome, Variant};
use gametable_format::{Symmetry, TableKind};

use crate::cli::registry::{self, BuiltIn};
use crate::engine::distances::Distances;
use crate::engine::orbits::Orbits as EngineOrbits;
use crate::engine::{Notation, SolveOptions, Solved, NO_DISTANCE};
use crate::report::plies;
use crate::store::StoredTable;

/// Fresh sweeps, one per variant, shared by the tables of that variant.
type Fresh = HashMap<(u8, u8), (Solution, Distances)>;

/// Verifies `paths` (default: every `.gtbl` file in `data/`); with `deep`,
/// also checks every outcome/distance pair one move deep.
pub fn run(paths: Vec<PathBuf>, deep: bool) -> crate::cli::Result<()> {
    // A directory stands for the tables in it, as data/ does by default,
    // and for its checksum list as a whole.
    let mut dirs = Vec::new();
    let paths = if paths.is_empty() {
        dirs.push(PathBuf::from("data"));
        tables_in(Path::new("data"))
            .map_err(|e| format!("{e} (run from the workspace root or name tables)"))?
    } else {
        let mut tables = Vec::new();
        for path in paths {
            if path.is_dir() {
                // A folder named twice is checked once.
                let same = std::fs::canonicalize(&path).ok();
                if dirs
                    .iter()
                    .any(|d: &PathBuf| std::fs::canonicalize(d).ok() == same)
                {
                    continue;
                }
                tables.extend(tables_in(&path)?);
                dirs.push(path);
            } else {
                tables.push(path);
            }
        }
        tables
    };
    let mut failures = 0;
    let mut checks = 0;
    for dir in &dirs {
        let sums = dir.join(cards_files::SUMS);
        // (A link to nothing, or a folder, named so is a list lost.)
        if !crate::store::something_at(&sums) {
            continue;
        }
        checks += 1;
        match crate::store::check_sums(dir) {
            Ok(listed) => say!(
                "ok    {}: {listed} {} listed, each there with its sha256",
                sums.display(),
                if listed == 1 { "file" } else { "files" }
            ),
            Err(problems) => {
                for e in problems {
                    say!("FAIL  {}", unrepeated(&sums, &e.to_string()));
                }
                failures += 1;
            }
        }
    }
    // A fingerprint whose table is not there (left by a write that failed
    // and could not clean up, or copied alone) is a stale file, named.
    for orphan in dirs.iter().flat_map(|dir| orphan_fingerprints(dir)) {
        checks += 1;
        failures += 1;
        say!(
            "FAIL  {}: a fingerprint without its table: {} is not there (remove it, or write the table again)",
            orphan.display(),
            orphan.with_extension("gtbl").display()
        );
    }
    let mut fresh = Fresh::new();
    let mut generic_fresh = GenericFresh::new();
    for path in &paths {
        checks += 1;
        let verified = if is_cards(path) {
            verify_one(path, &mut fresh)
        } else {
            verify_generic(path, &mut generic_fresh)
        };
        // A table that fails for itself, but whose header reads, is told
        // of its partner too, first: every reader refuses a pair that does
        // not belong together (and its own failure may end in a command to
        // copy).
        let result = match verified {
            Ok(summary) => with_partner(path, summary),
            Err(e) if crate::store::read_header_or_damage(path).is_err() => Err(e),
            Err(e) => match with_partner(path, String::new()) {
                Err(partner) => Err(format!("{partner}; and {e}").into()),
                Ok(_) => Err(e),
            },
        };
        match result {
            Ok(summary) => say!("ok    {}: {summary}", path.display()),
            Err(e) => {
                say!("FAIL  {}", unrepeated(path, &e.to_string()));
                failures += 1;
            }
        }
    }
    if deep {
        let mut pairs = BTreeSet::new();
        for path in &paths {
            match pair_of(path) {
                Ok(pair) => {
                    pairs.insert(pair);
                }
                Err(e) => {
                    checks += 1;
                    say!("FAIL  deep {}", unrepeated(path, &e.to_string()));
                    failures += 1;
                }
            }
        }
        for (outcome_path, distance_path) in pairs {
            checks += 1;
            if !deep_pair(&outcome_path, &distance_path)? {
                failures += 1;
            }
        }
    }
    if failures > 0 {
        return Err(format!("{failures} of {checks} checks failed verification").into());
    }
    Ok(())
}

/// `verify --deep` of an outcome table and the distance table beside it,
/// or of an outcome table alone (outcomes only): says its line, and
/// whether it passed.
fn deep_pair(outcome_path: &Path, distance_path: &Path) -> crate::cli::Result<bool> {
    let started = Instant::now();
    let ms = || started.elapsed().as_secs_f64() * 1e3;
    let there = crate::store::something_at;
    // A distance table is checked with its outcome table only.
    if !there(outcome_path) {
        say!(
            "FAIL  deep {}: no outcome table {} beside it (a distance table is checked one move deep with its outcome table)",
            distance_path.display(),
            outcome_path.display()
        );
        return Ok(false);
    }
    // An outcome table that came alone gets its outcomes checked.
    // (A link to nothing is no absent table: it is refused below.)
    if outcome_path.is_file() && !there(distance_path) {
        let alone = format!(
            "deep {} (outcomes only: no {} beside it)",
            outcome_path.display(),
            distance_path.display()
        );
        match deep_generic(outcome_path, None) {
            Ok(report) => say!(
                "ok    {alone}: {} states, {} moves checked one move deep against the rules ({:.0} ms); \
                 without distances a cycle of draws labelled wins and losses in turn would pass, \
                 which plain `gametable verify` (its regeneration check) catches",
                report.states,
                report.moves,
                ms()
            ),
            Err(e) => {
                say!("FAIL  {alone}: {}", without_path(outcome_path, &e.to_string()));
                return Ok(false);
            }
        }
        return Ok(true);
    }
    // Cards' full tables get Cards' own deep check; every other table
    // (reduced Cards tables too) the engine's generic one.
    let result = if is_cards(outcome_path) && !cards_files::is_reduced(outcome_path) {
        deep_one(outcome_path, distance_path)
    } else {
        deep_generic(outcome_path, Some(distance_path))
    };
    let pair = format!(
        "deep {} + {}",
        outcome_path.display(),
        distance_path.display()
    );
    match result {
        Ok(report) => say!(
            "ok    {pair}: {} states, {} moves checked one move deep against the rules ({:.0} ms)",
            report.states,
            report.moves,
            ms()
        ),
        Err(e) => {
            say!("FAIL  {pair}: {e}");
            return Ok(false);
        }
    }
    Ok(true)
}

/// `path: error` for a line of the report, the path not twice when the
/// error begins with it.
fn unrepeated(path: &Path, error: &str) -> String {
    format!("{}: {}", path.display(), without_path(path, error))
}

/// `error` without the `path: ` it may begin with.
fn without_path<'a>(path: &Path, error: &'a str) -> &'a str {
    error
        .strip_prefix(&format!("{}: ", path.display()))
        .unwrap_or(error)
}

/// Whether the table at `path` reads and names Cards (or does not read:
/// Cards' checks then name the fault as before).
fn is_cards(path: &Path) -> bool {
    cards_files::read_bytes(path).is_ok_and(|bytes| {
        gametable_format::read_raw(&bytes).map_or(true, |raw| raw.header.game.name == "cards")
    })
}

/// Fresh solves of engine games, by file stem and layout (reduced or not).
type GenericFresh = HashMap<(String, bool), Solved>;

/// A table of any engine game: every check of the format (checksums
/// included), the game named by its header, the fingerprint (with the
/// command that regenerates it), `SHA256SUMS`, and a fresh solve compared
/// stored state by stored state.
fn verify_generic(path: &Path, fresh: &mut GenericFresh) -> crate::cli::Result<String> {
    let bytes = cards_files::read_bytes(path)?;
    let table = crate::store::decode_table(path, &bytes)?;
    let game = registry::from_header(table.name(), table.parameters())?;
    crate::with_game!(&game, g => verify_game(g, &game, path, &bytes, &table, fresh))
}

fn verify_game<G: Notation>(
    g: &G,
    game: &BuiltIn,
    path: &Path,
    bytes: &[u8],
    table: &StoredTable,
    fresh: &mut GenericFresh,
) -> crate::cli::Result<String> {
    table.check_game(g)?;
    let outcome_name = match table.kind() {
        TableKind::Outcome => file_name(path),
        TableKind::Distance => file_name(&cards_files::outcome_path(path).unwrap_or_default()),
    };
    let regenerate = |output: &str| {
        super::generate::regenerate_command(
            game,
            table.symmetry(),
            table.header.compression,
            output,
        )
    };
    // The fingerprint names the table's place in `data/`; a stale table is
    // told the command that rewrites it where it is.
    let expected = crate::store::fingerprint::fingerprint(
        &file_name(path),
        table,
        bytes.len(),
        &regenerate(&format!("data/{outcome_name}")),
    );
    let outcome_here = match table.kind() {
        TableKind::Outcome => path.to_path_buf(),
        TableKind::Distance => cards_files::outcome_path(path).unwrap_or_default(),
    };
    let command = regenerate(&outcome_here.display().to_string());
    let lacking = Lacking::of_companions(path, &expected, bytes)?;
    let reduced = table.symmetry() == Symmetry::Orbits;
    let solved = match fresh.entry((game.stem(), reduced)) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => e.insert(crate::engine::solve(
            g,
            &SolveOptions {
                symmetry: reduced,
                reverse_graph: false,
            },
        )?),
    };
    if solved.stored() != table.stored_states() {
        return Err(format!(
            "stale: {} stored states, a fresh solve stores {}; regenerate with: {command}",
            table.stored_states(),
            solved.stored()
        )
        .into());
    }
    let position = |s: u64| {
        let index = match &solved.orbits {
            Some(orbits) => orbits.representative_of(g, s),
            None => s,
        };
        g.write_spot(index, g.to_move(index))
    };
    let code_words =
        |c: u8| Outcome::from_code(c).map_or("not a position".to_string(), |o| o.to_string());
    let distance_words = |d: u16| {
        if d != NO_DISTANCE {
            plies(d)
        } else {
            "no distance".to_string()
        }
    };
    let stale = match table.kind() {
        TableKind::Outcome => {
            let codes = table.codes();
            (0..solved.codes.len())
                .find(|&s| codes.get(s).copied() != solved.codes.get(s))
                .map(|s| {
                    (
                        s,
                        code_words(codes.get(s).copied().unwrap_or(0)),
                        code_words(solved.codes.get(s).unwrap_or(0)),
                    )
                })
        }
        TableKind::Distance => {
            let distances = table.distances();
            (0..solved.distances.len())
                .find(|&s| distances.get(s).copied() != solved.distances.get(s))
                .map(|s| {
                    (
                        s,
                        distance_words(distances.get(s).copied().unwrap_or(NO_DISTANCE)),
                        distance_words(solved.distances.get(s).unwrap_or(NO_DISTANCE)),
                    )
                })
        }
    };
    if let Some((s, table_says, sweep_says)) = stale {
        return Err(format!(
            "stale: differs from a fresh regeneration first at stored state {s} ({}): table says {table_says}, sweep says {sweep_says}; regenerate with: {command}",
            position(s as u64)
        )
        .into());
    }
    lacking.then(format!(
        "{} {}, {} stored states ({})",
        game.title(),
        crate::store::kind_words(table.kind()),
        table.stored_states(),
        crate::store::symmetry_words(table.symmetry()),
    ))
}

/// The engine's deep check of an outcome table of any game and the
/// distance table beside it, full or one state per orbit; without a
/// distance table, of the outcomes alone.
fn deep_generic(
    outcome_path: &Path,
    distance_path: Option<&Path>,
) -> crate::cli::Result<DeepReport> {
    let Some(distance_path) = distance_path else {
        let outcomes = crate::store::read_table(outcome_path)?;
        if outcomes.kind() != TableKind::Outcome {
            return Err(format!("{} is not an outcome table", outcome_path.display()).into());
        }
        let game = registry::from_header(outcomes.name(), outcomes.parameters())?;
        return crate::with_game!(&game, g => deep_game(g, &outcomes, None));
    };
    check_pair_headers(outcome_path, distance_path)?;
    let read = |path: &Path| crate::store::read_table(path).map_err(needing_both);
    let outcomes = read(outcome_path)?;
    let distances = read(distance_path)?;
    let game = registry::from_header(outcomes.name(), outcomes.parameters())?;
    crate::with_game!(&game, g => deep_game(g, &outcomes, Some(&distances)))
}

fn deep_game<G: Notation>(
    g: &G,
    outcomes: &StoredTable,
    distances: Option<&StoredTable>,
) -> crate::cli::Result<DeepReport> {
    outcomes.check_game(g)?;
    let per_orbit = outcomes.symmetry() == Symmetry::Orbits;
    let orbits = if per_orbit {
        let orbits = EngineOrbits::new(g);
        crate::store::check_orbit_count(g, orbits.len(), outcomes.stored_states())?;
        Some(orbits)
    } else {
        None
    };
    let states = g.states();
    let answer = |i: u64| {
        let s = match &orbits {
            None => (i < states).then_some(i)?,
            Some(orbits) => match orbits.settled(g, i) {
                Some((outcome, distance)) => return Some((outcome, Some(distance))),
                None => orbits.orbit_of(g, i)?,
            },
        };
        let outcome = Outcome::from_code(outcomes.code(s)?)?;
        Some((outcome, distances.and_then(|d| d.distance(s))))
    };
    let describe = |i| g.write_spot(i, g.to_move(i));
    let report = match distances {
        Some(_) => crate::engine::deep::check(g, per_orbit, answer, describe)?,
        None => crate::engine::deep::check_outcomes(g, per_orbit, answer, describe)?,
    };
    Ok(DeepReport {
        states: report.states,
        moves: report.moves,
    })
}

/// The `.fingerprint` files in `dir` beside which no table of their name
/// is, sorted.
fn orphan_fingerprints(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut orphans: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "fingerprint"))
        .filter(|p| !crate::store::something_at(&p.with_extension("gtbl")))
        .collect();
    orphans.sort();
    orphans
}

/// The `.gtbl` files in `dir`, sorted (an error if there are none).
fn tables_in(dir: &Path) -> crate::cli::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "gtbl"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("no .gtbl tables in {}", dir.display()).into());
    }
    Ok(paths)
}

/// The (outcome, distance) pair a table belongs to, by file name.
fn pair_of(path: &Path) -> crate::cli::Result<(PathBuf, PathBuf)> {
    let bytes = cards_files::read_bytes(path)?;
    match cards_files::kind_of(path, &bytes)? {
        TableKind::Outcome => Ok((path.to_path_buf(), cards_files::distance_path(path))),
        TableKind::Distance => {
            let outcome = cards_files::outcome_path(path).ok_or_else(|| {
                format!(
                    "cannot tell the outcome table that goes with {} (expected a name ending in -distance.gtbl)",
                    path.display()
                )
            })?;
            Ok((outcome, path.to_path_buf()))
        }
    }
}

/// `summary` of the table at `path`, and the table beside it that pairs
/// with it (an outcome table's distance table, a distance table's outcome
/// table), if one is there: readers take the two together, so a pair that
/// does not belong together fails here as it would there.
fn with_partner(path: &Path, summary: String) -> crate::cli::Result<String> {
    let header = crate::store::read_header_or_damage(path)?;
    let (partner, its) = match header.kind {
        TableKind::Outcome => (crate::store::distance_beside(path), "distance"),
        TableKind::Distance => (crate::store::outcome_beside(path), "outcome"),
    };
    let Some(partner) = partner else {
        return Ok(summary);
    };
    let name = partner.file_name().map_or_else(
        || partner.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let other = crate::store::read_checked_header(&partner)
        .map_err(|e| format!("{name} beside it does not read: {e}"))?;
    let mismatch = match header.kind {
        TableKind::Outcome => crate::store::pair_mismatch(&header, &other),
        TableKind::Distance => crate::store::pair_mismatch(&other, &header),
    };
    if let Some(why) = mismatch {
        return Err(format!(
            "{name} beside it is not its {its} table ({why}), and readers take the two together"
        )
        .into());
    }
    Ok(format!("{summary}; pairs with {name} beside it"))
}

/// A table of a pair that does not read, said as deep verification's.
fn needing_both(e: impl std::fmt::Display) -> String {
    format!("{e} (deep verification needs both the outcome and the distance table)")
}

/// Refuses two tables that are not an outcome table and its distance
/// table ([`crate::store::pair_mismatch`]), naming both and what differs,
/// from their headers once each file's digest is checked (damage named as
/// such, before the payloads are decoded).
fn check_pair_headers(outcome_path: &Path, distance_path: &Path) -> crate::cli::Result<()> {
    let header = |path: &Path| crate::store::read_checked_header(path).map_err(needing_both);
    let Some(why) = crate::store::pair_mismatch(&header(outcome_path)?, &header(distance_path)?)
    else {
        return Ok(());
    };
    Err(format!(
        "{} and {} are not an outcome table and its distance table ({why})",
        outcome_path.display(),
        distance_path.display()
    )
    .into())
}

/// Cards' own deep check of a full outcome table and the distance table
/// beside it, reading both files with the format checks only, so that the
/// deep check itself names any bad state in words.
fn deep_one(outcome_path: &Path, distance_path: &Path) -> crate::cli::Result<DeepReport> {
    check_pair_headers(outcome_path, distance_path)?;
    let read = |path: &Path, kind| -> crate::cli::Result<_> {
        let bytes = cards_files::read_bytes(path).map_err(needing_both)?;
        Ok(cards_files::decode_cards(path, &bytes, kind)?)
    };
    let (_, variant, packed) = read(outcome_path, TableKind::Outcome)?;
    let (header, distance_variant, bytes) = read(distance_path, TableKind::Distance)?;
    let outcomes = CardsTable::check_length(variant, &packed)?;
    let distances = DistanceTable::check_length(distance_variant, header.bits_per_state, &bytes)?;
    Ok(deep::check(&outcomes, &distances)?)
}

fn fresh_for(fresh: &mut Fresh, variant: Variant) -> &(Solution, Distances) {
    fresh
        .entry((variant.cards(), variant.modulus()))
        .or_insert_with(|| cards_files::solve_with_distances(variant))
}

fn verify_one(path: &Path, fresh: &mut Fresh) -> crate::cli::Result<String> {
    let bytes = cards_files::read_bytes(path)?;
    match cards_files::kind_of(path, &bytes)? {
        TableKind::Outcome => verify_outcomes(path, &bytes, fresh),
        TableKind::Distance => verify_distances(path, &bytes, fresh),
    }
}

fn regenerate_command(header: &gametable_format::Header, path: &Path) -> String {
    let outcome = cards_files::outcome_path(path).unwrap_or_else(|| path.to_path_buf());
    cards_files::regenerate_command(header, &outcome.display().to_string())
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// What a table's companions lack: no fingerprint beside it, no entry in
/// the `SHA256SUMS` beside it. Told after the checks of the table itself,
/// which still run: a table from elsewhere often comes alone, and its
/// content is worth checking all the same.
struct Lacking(Vec<String>);

impl Lacking {
    /// Checks the companions of the table `bytes` at `path`: its
    /// fingerprint against `expected` ([`check_fingerprint`]) and its entry
    /// in `SHA256SUMS` ([`check_sums`]); a wrong one is an error at once,
    /// a missing one is kept.
    fn of_companions(path: &Path, expected: &str, bytes: &[u8]) -> crate::cli::Result<Lacking> {
        let found = [
            check_fingerprint(path, expected)?,
            check_listed_sum(path, bytes)?,
        ];
        Ok(Lacking(found.into_iter().flatten().collect()))
    }

    /// The verdict on a table that passed every other check, `what` being
    /// what it is: one that lacks a companion still fails, saying that
    /// all else agrees.
    fn then(self, what: String) -> crate::cli::Result<String> {
        if self.0.is_empty() {
            return Ok(format!(
                "{what}, checksums, fingerprint and regeneration agree"
            ));
        }
        Err(format!(
            "{what}: checksums and regeneration agree, but {} (`gametable generate` writes a \
             fingerprint beside each table and lists it in SHA256SUMS: take them from where the table \
             came from, or regenerate it)",
            self.0.join(", and ")
        )
        .into())
    }
}

/// Compares the fingerprint beside `path` with the one expected, line by
/// line; one that is not there is said, for [`Lacking`].
fn check_fingerprint(path: &Path, expected: &str) -> crate::cli::Result<Option<String>> {
    let fingerprint_path = cards_files::fingerprint_path(path);
    if !crate::store::something_at(&fingerprint_path) {
        return Ok(Some(format!(
            "no fingerprint {} is beside it",
            fingerprint_path.display()
        )));
    }
    let found = crate::store::read_whole(&fingerprint_path, crate::store::MAX_COMPANION_LEN)
        .map_err(|e| e.to_string())
        .and_then(|bytes| String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string()))
        .map_err(|e| format!("fingerprint {}: {e}", fingerprint_path.display()))?;
    // The `#` lines say what the file is and how to remake it; the facts
    // are the others: a comment's wording may change between versions,
    // and a table written through the library carries the regenerate
    // command its writer chose (`WriteOptions::regenerate`), neither making
    // the fingerprint wrong. Each fact found keeps its line number in the
    // file, for the message.
    let facts = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#'))
            .map(|(n, l)| (n + 1, l.to_string()))
            .collect()
    };
    let lines = found.lines().count();
    let (expected, found) = (facts(expected), facts(&found));
    let shown = fingerprint_path.display();
    for (i, (_, want)) in expected.iter().enumerate() {
        match found.get(i) {
            Some((_, have)) if have == want => {}
            Some((line, have)) => {
                return Err(format!(
                    "fingerprint {shown} does not match the table: line {line}: expected '{want}', found '{have}'"
                )
                .into())
            }
            None => {
                return Err(format!(
                    "fingerprint {shown} does not match the table: it ends before '{want}' (line {} on)",
                    lines + 1
                )
                .into())
            }
        }
    }
    if let Some((line, extra)) = found.get(expected.len()) {
        return Err(format!(
            "fingerprint {shown} does not match the table: line {line}: '{extra}' after its last line"
        )
        .into());
    }
    Ok(None)
}

/// Checks the entry for `path` in `SHA256SUMS` beside it (a list that
/// does not read is refused, naming its line); no list, or a list that
/// leaves it out, is said, for [`Lacking`].
fn check_listed_sum(path: &Path, bytes: &[u8]) -> crate::cli::Result<Option<String>> {
    let name = file_name(path);
    let dir = path.parent().unwrap_or(Path::new(""));
    let sums = dir.join(cards_files::SUMS);
    // Every writer lists its tables: a table without a list beside it
    // lacks it, as one without its fingerprint does.
    if !crate::store::something_at(&sums) {
        return Ok(Some(format!("no {} is beside it", sums.display())));
    }
    let digest = gametable_format::hex(&gametable_format::sha256(bytes));
    let mut listed_here = false;
    for (listed, file) in cards_files::read_sums(dir)? {
        if file == name && listed != digest {
            return Err(format!("{} lists another sha256 for {name}", sums.display()).into());
        }
        listed_here |= file == name;
    }
    // `generate` lists every table it writes; a list beside the table
    // that lacks it lost its entry (two runs writing the list at once).
    Ok((!listed_here).then(|| format!("{} does not list {name}", sums.display())))
}

fn verify_outcomes(path: &Path, bytes: &[u8], fresh: &mut Fresh) -> crate::cli::Result<String> {
    if gametable_format::read_raw(bytes).is_ok_and(|raw| raw.header.symmetry == Symmetry::Orbits) {
        return verify_reduced(path, bytes);
    }
    let file = OutcomeFile::from_bytes(path, bytes)?;
    let expected =
        cards_files::fingerprint(&file_name(path), &file.header, bytes.len(), file.counts());
    let lacking = Lacking::of_companions(path, &expected, bytes)?;

    let (solution, _) = fresh_for(fresh, file.variant);
    if solution.outcomes != file.packed {
        let table = file.table();
        let fresh_table = CardsTable::check_length(file.variant, &solution.outcomes)?;
        let index = (0..file.variant.states())
            .find(|&i| table.code(i) != fresh_table.code(i))
            .unwrap_or(0);
        let describe = |code: u8| {
            Outcome::from_code(code).map_or("not a position".to_string(), |o| o.to_string())
        };
        return Err(format!(
            "stale: differs from a fresh regeneration first at state {index} ({}): table says {}, sweep says {}; regenerate with: {}",
            name_state(file.variant, index),
            describe(table.code(index)),
            describe(fresh_table.code(index)),
            regenerate_command(&file.header, path),
        )
        .into());
    }
    lacking.then(format!(
        "cards ({}, {}) outcomes, {} states",
        file.variant.cards(),
        file.variant.modulus(),
        file.variant.states()
    ))
}

fn verify_distances(path: &Path, bytes: &[u8], fresh: &mut Fresh) -> crate::cli::Result<String> {
    if gametable_format::read_raw(bytes).is_ok_and(|raw| raw.header.symmetry == Symmetry::Orbits) {
        return verify_reduced_distances(path, bytes);
    }
    let file = DistanceFile::from_bytes(path, bytes)?;
    let expected = cards_files::distance_fingerprint(
        &file_name(path),
        &file.header,
        bytes.len(),
        &file.stats(),
    );
    let lacking = Lacking::of_companions(path, &expected, bytes)?;

    let (_, distances) = fresh_for(fresh, file.variant);
    let (bits, payload) = cards_files::distance_payload_of(distances);
    if bits != file.header.bits_per_state || *payload != file.bytes {
        let table = file.table();
        let index = (0..file.variant.states())
            .find(|&i| table.distance_at(i).map(u32::from) != known(distances.get(i as usize)))
            .unwrap_or(0);
        let describe = |d: Option<u32>| d.map_or("no distance".to_string(), super::play::moves);
        return Err(format!(
            "stale: differs from a fresh regeneration ({bits} bits per state) first at state {index} ({}): table says {}, sweep says {}; regenerate with: {}",
            name_state(file.variant, index),
            describe(table.distance_at(index).map(u32::from)),
            describe(known(distances.get(index as usize))),
            regenerate_command(&file.header, path),
        )
        .into());
    }
    let stats = file.stats();
    lacking.then(format!(
        "cards ({}, {}) distances at {} bits, {} states, longest win {}",
        file.variant.cards(),
        file.variant.modulus(),
        file.header.bits_per_state,
        file.variant.states(),
        stats.longest_win.map_or(0, |(_, d)| d),
    ))
}

/// A symmetry-reduced distance table: every check of the lookup crate's
/// opener, the fingerprint, `SHA256SUMS`, and a fresh sweep's distances
/// compared orbit by orbit.
fn verify_reduced_distances(path: &Path, bytes: &[u8]) -> crate::cli::Result<String> {
    let table = gametable::OpenDistanceTable::from_bytes(bytes)
        .map_err(|e| crate::cli::source::open_error(path, e))?;
    let variant = table.variant();
    let outcome_path = cards_files::outcome_path(path).unwrap_or_else(|| path.to_path_buf());
    let expected =
        crate::games::cards::writer::layout_distance_fingerprint(path, bytes, &outcome_path)?;
    let lacking = Lacking::of_companions(path, &expected, bytes)?;
    // Per orbit: a reduced table's regeneration never holds a distance
    // for every state of the game.
    let distances = cards_files::solve_orbit_distances(variant);
    let orbits = Orbits::new(variant);
    let hands = u64::from(variant.hands());
    let stale = (0..orbits.states()).find(|&i| {
        let (a, b) = orbits.state(i);
        let index = a as u64 * hands + b as u64;
        table.distance_at(index).map(u32::from) != known(distances.get(i as usize))
    });
    if let Some(orbit) = stale {
        let (a, b) = orbits.state(orbit);
        let index = a as u64 * hands + b as u64;
        let describe = |d: Option<u32>| d.map_or("no distance".to_string(), super::play::moves);
        return Err(format!(
            "stale: differs from a fresh regeneration first at orbit {orbit} ({}): table says {}, sweep says {}; regenerate with: {}",
            name_state(variant, index),
            describe(table.distance_at(index).map(u32::from)),
            describe(known(distances.get(orbit as usize))),
            regenerate_command(table.header(), path),
        )
        .into());
    }
    lacking.then(format!(
        "cards ({}, {}) distances at {} bits, {} orbits of {} states",
        variant.cards(),
        variant.modulus(),
        table.bits(),
        orbits.states(),
        variant.states()
    ))
}

/// A fresh distance as the tables report it: `None` for "no distance".
fn known(distance: Option<u16>) -> Option<u32> {
    distance
        .filter(|&d| d != crate::engine::NO_DISTANCE)
        .map(u32::from)
}

/// A symmetry-reduced outcome table: every check of the lookup crate's
/// opener, the fingerprint, `SHA256SUMS`, and a fresh orbit sweep compared
/// orbit by orbit.
fn verify_reduced(path: &Path, bytes: &[u8]) -> crate::cli::Result<String> {
    let table =
        OpenTable::from_bytes(bytes).map_err(|e| crate::cli::source::open_error(path, e))?;
    let header = table.header();
    let variant = table.variant();
    let counts = cards_files::count_codes(table.as_bytes(), header.states);
    let expected = cards_files::fingerprint(&file_name(path), header, bytes.len(), counts);
    let lacking = Lacking::of_companions(path, &expected, bytes)?;
    let fresh = cards_files::solve_outcomes(variant, Symmetry::Orbits, header.compression)?;
    if fresh.packed != table.as_bytes() {
        let orbit = |packed: &[u8], i: u64| {
            gametable::packing::code_at(packed, i).unwrap_or(gametable::code::NOT_A_POSITION)
        };
        let index = (0..header.states)
            .find(|&i| orbit(table.as_bytes(), i) != orbit(&fresh.packed, i))
            .unwrap_or(0);
        let (a, b) = Orbits::new(variant).state(index);
        let describe = |code: u8| {
            Outcome::from_code(code).map_or("not a position".to_string(), |o| o.to_string())
        };
        return Err(format!(
            "stale: differs from a fresh regeneration first at orbit {index} ({}): table says {}, sweep says {}; regenerate with: {}",
            name_state(variant, a as u64 * u64::from(variant.hands()) + b as u64),
            describe(orbit(table.as_bytes(), index)),
            describe(orbit(&fresh.packed, index)),
            regenerate_command(header, path),
        )
        .into());
    }
    lacking.then(format!(
        "cards ({}, {}) outcomes, {} orbits of {} states",
        variant.cards(),
        variant.modulus(),
        header.states,
        variant.states()
    ))
}
