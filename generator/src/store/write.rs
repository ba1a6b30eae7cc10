//! Writing a solved game's tables: the outcome table, optionally the
//! distance table, a fingerprint beside each and their `SHA256SUMS`
//! entries, atomically, after reading every table back.

use std::path::{Path, PathBuf};

use gametable_format::{Compression, Symmetry, TableKind, TableSpec};

use super::files::{
    clear_before_landing, distance_path, failed_after_removing, pack_distances,
    settle_failed_write, TableFileError, GENERATOR,
};
use super::fingerprint::fingerprint;
use super::read::{decode_table, StoredTable};
use super::sums::update_sums;
use crate::engine::codes::Codes;
use crate::engine::distances::Distances;
use crate::engine::{Game, Solved};

/// How [`write_tables`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// How payloads are stored.
    pub compression: Compression,
    /// Also write the distance table, `<stem>-distance.gtbl`.
    pub distances: bool,
    /// The command line that writes these tables again, recorded in every
    /// fingerprint (e.g. `cargo run --release -p gametable-gen -- generate
    /// tictactoe`).
    pub regenerate: String,
}

/// What [`write_tables`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The outcome table, as read back.
    pub outcomes: StoredTable,
    /// The outcome table's file length.
    pub outcome_bytes: usize,
    /// The distance table and its file length, when asked for.
    pub distances: Option<(PathBuf, StoredTable, usize)>,
    /// Every file written (tables and fingerprints), in order; the
    /// `SHA256SUMS` beside them lists them.
    pub files: Vec<PathBuf>,
    /// Written without distances: the distance table (and fingerprint) of
    /// the table replaced, removed before the new table landed
    /// ([`clear_before_landing`]).
    pub removed: Vec<PathBuf>,
}

/// Writes `game`'s outcome table to `outcome_path` from `solved`: 2 bits per
/// stored state, every index (`solved.orbits` absent) or one state per orbit
/// (`Symmetry::Orbits`), and, with `options.distances`, its distance table
/// at [`distance_path`] (8 bits per state when every distance is below 255,
/// else 16; all ones for none). Each table is encoded, read back with every
/// check and compared with `solved` before anything is written; then the
/// tables and their fingerprints are written atomically and the
/// `SHA256SUMS` in their directory updated. Written without distances, the
/// outcome table is left beside no distance table: one left by the table
/// it replaced is removed before it lands ([`clear_before_landing`]).
///
/// The distances are moved out of `solved` (left empty, also when writing
/// fails) into the distance table's payload, so that a table's worth is not
/// held twice, and that payload is freed before its read-back: the
/// read-back is checked against the SHA-256 of the payload, which the
/// header records, and its kind and size against `solved` (16-bit
/// distances, whose packing is a conversion, also state by state). The
/// outcome table is compared state by state.
///
/// # Errors
/// Before anything is written, an output path refused by
/// [`check_output`](super::check_output) (a name not ending in `.gtbl`, a
/// folder that takes no files); [`TableFileError::Unsupported`] when
/// `solved` does not fit `game` (sizes),
/// the game's names are not valid in a header, or a table does not read
/// back as written; [`TableFileError::Io`]
/// for any file that cannot be written (the files that landed before it
/// are settled by [`settle_failed_write`]), or, after a file landed,
/// [`TableFileError::Settled`] naming what the settling removed, or
/// [`TableFileError::Unsettled`] when that settling fails too (both keep
/// the first error as its message); [`TableFileError::PartlyRemoved`]
/// when removing the replaced table's distance table fails part way.
pub fn write_tables<G: Game>(
    game: &G,
    solved: &mut Solved,
    outcome_path: &Path,
    options: &WriteOptions,
) -> Result<Written, TableFileError> {
    super::check_output(outcome_path)?;
    let stored = solved.codes.len() as u64;
    let (symmetry, expected) = match &solved.orbits {
        None => (Symmetry::None, game.states()),
        Some(orbits) => (Symmetry::Orbits, orbits.len()),
    };
    if stored == expected && stored > 0 && options.distances && solved.distances.is_empty() {
        return Err(refuse(
            outcome_path,
            "the solve holds no distances: the sweep kept none (a sweep across processes \
             without distances), or an earlier write_tables took them (solve again with \
             distances, or write with distances: false)"
                .to_string(),
        ));
    }
    if stored != expected || (options.distances && solved.distances.len() as u64 != stored) {
        return Err(refuse(
            outcome_path,
            format!(
                "{stored} codes and {} distances for {expected} stored states",
                solved.distances.len()
            ),
        ));
    }
    let header_game = gametable_format::Game::new(game.name(), &game.parameters());
    header_game
        .check()
        .map_err(|e| TableFileError::Format(outcome_path.into(), e))?;
    let spec = TableSpec {
        game: header_game,
        kind: TableKind::Outcome,
        bits_per_state: 2,
        symmetry,
        states: stored,
        compression: options.compression,
        generator: GENERATOR.to_string(),
    };

    // Every win and loss has its distance, and nothing else one: the rule
    // readers check a pair by, checked before anything is encoded.
    if options.distances {
        let codes = &solved.codes;
        if let Some(s) =
            crate::engine::deep::first_misfit(stored, |s| codes.get(s as usize), &solved.distances)
        {
            return Err(refuse(
                outcome_path,
                format!(
                    "internal error: the solve's distance of stored state {s} disagrees with its \
                     outcome; nothing written"
                ),
            ));
        }
    }

    // The two tables are encoded and read back at once, on two threads:
    // each is one zstd frame, compressed on one core.
    let codes = &solved.codes;
    let distances = options
        .distances
        .then(|| std::mem::take(&mut solved.distances));
    let outcomes = || encode_outcomes(outcome_path, &spec, codes);
    let (outcome_file, distance_file) = match distances {
        None => (outcomes(), Ok(None)),
        Some(distances) => std::thread::scope(|scope| {
            let thread = std::thread::Builder::new()
                .name("outcome-table".into())
                .spawn_scoped(scope, outcomes);
            let distances = encode_distances(outcome_path, &spec, distances).map(Some);
            let outcome = match thread {
                Ok(thread) => thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                // No thread to be had: the outcome table after the other.
                Err(_) => outcomes(),
            };
            (outcome, distances)
        }),
    };
    let (outcome_file, distance_file) = (outcome_file?, distance_file?);

    // Held until the list is up to date: another run landing a table of
    // this name waits, and does not mix its files with these.
    let _held = super::lock::lock_tables_in(outcome_path)?;
    // Written alone, the replaced table's distance table goes first (see
    // `drop_old_distances`); a failure after it says it went.
    let removed = clear_before_landing(outcome_path, distance_file.is_none())?;
    let failed = |landed: &[String], e| {
        failed_after_removing(settle_failed_write(outcome_path, landed, e), &removed)
    };
    let mut landed = Vec::new();
    let (bytes, outcomes) = outcome_file;
    if let Err(e) = write_with_fingerprint(outcome_path, &bytes, &outcomes, options, &mut landed) {
        return Err(failed(&landed, e));
    }
    let distances = match distance_file {
        Some((path, bytes, table)) => {
            if let Err(e) = write_with_fingerprint(&path, &bytes, &table, options, &mut landed) {
                return Err(failed(&landed, e));
            }
            Some((path, table, bytes.len()))
        }
        None => None,
    };
    let dir = outcome_path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    update_sums(&dir, &landed)?;
    Ok(Written {
        outcomes,
        outcome_bytes: bytes.len(),
        distances,
        files: landed.iter().map(|name| dir.join(name)).collect(),
        removed,
    })
}

/// The error for a table at `path` that cannot be written as asked, and
/// why.
fn refuse(path: &Path, why: String) -> TableFileError {
    TableFileError::Unsupported(path.to_path_buf(), why)
}

/// Encodes a table and reads it back with every check (a payload passed
/// by value is freed first, so that it and its read-back copy are not
/// held together).
fn encode(
    path: &Path,
    spec: &TableSpec,
    payload: impl AsRef<[u8]>,
) -> Result<(Vec<u8>, StoredTable), TableFileError> {
    let bytes = gametable_format::encode(spec, payload.as_ref())
        .map_err(|e| TableFileError::Format(path.into(), e))?;
    drop(payload);
    let table = decode_table(path, &bytes).map_err(super::files::read_back_error)?;
    Ok((bytes, table))
}

/// The outcome table of `codes`, encoded and read back, compared state by
/// state (`path` names it in errors).
fn encode_outcomes(
    path: &Path,
    spec: &TableSpec,
    codes: &Codes,
) -> Result<(Vec<u8>, StoredTable), TableFileError> {
    let stored = spec.states;
    let (bytes, read_back) = encode(path, spec, codes.packed())?;
    // Compared state by state: a table's worth of read-back codes would
    // double the memory the check needs.
    if read_back.kind() != TableKind::Outcome
        || read_back.stored_states() != stored
        || !(0..stored).all(|s| read_back.code(s) == codes.get(s as usize))
    {
        return Err(refuse(
            path,
            "internal error: the encoded table does not read back as solved; nothing written"
                .into(),
        ));
    }
    Ok((bytes, read_back))
}

/// The distance table beside outcome table `outcome_path`, of
/// `distances`, encoded and read back: its path, its bytes and the table.
fn encode_distances(
    outcome_path: &Path,
    spec: &TableSpec,
    distances: Distances,
) -> Result<(PathBuf, Vec<u8>, StoredTable), TableFileError> {
    let stored = spec.states;
    let path = distance_path(outcome_path);
    // 16-bit distances (games deeper than 254 plies) are kept to compare
    // the read-back state by state, as their packing is a conversion.
    let (bits, payload, wide) = match distances {
        // Already the 8-bit table's payload.
        Distances::Narrow(bytes) => (8, bytes, None),
        Distances::Wide(wide) => {
            let (bits, payload) = pack_distances(&wide);
            (bits, payload, Some(wide))
        }
    };
    let spec = TableSpec {
        kind: TableKind::Distance,
        bits_per_state: bits,
        ..spec.clone()
    };
    // The read-back's payload is the payload encoded: `decode_table`
    // checks its SHA-256.
    let (bytes, table) = encode(&path, &spec, payload)?;
    let same = table.kind() == TableKind::Distance
        && table.stored_states() == stored
        && wide.is_none_or(|wide| {
            wide.iter().enumerate().all(|(s, &d)| {
                table
                    .distance(s as u64)
                    .unwrap_or(crate::engine::solve::NO_DISTANCE)
                    == d
            })
        });
    if !same {
        return Err(refuse(
            &path,
            "internal error: the encoded distance table does not read back as solved; nothing written".into(),
        ));
    }
    Ok((path, bytes, table))
}

/// Writes a table and its fingerprint atomically, recording both (by
/// name) in `landed` as they land.
fn write_with_fingerprint(
    path: &Path,
    bytes: &[u8],
    table: &StoredTable,
    options: &WriteOptions,
    landed: &mut Vec<String>,
) -> Result<(), TableFileError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| refuse(path, "not a file path".into()))?;
    let text = fingerprint(&name, table, bytes.len(), &options.regenerate);
    super::files::write_with_fingerprint(path, bytes, &text, landed)
}
