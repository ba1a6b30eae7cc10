//! What every table file shares, whatever its game: the maker's name,
//! bounded reading, the names of the files beside a table, the checks of
//! an output path, landing a table with its fingerprint and settling a
//! failed write, and packing distances (Cards' `games::cards::files`
//! re-exports them). The `SHA256SUMS` list is [`super::sums`]'s, the
//! folder's lock [`super::lock`]'s.

use std::fmt;
use std::path::{Path, PathBuf};

use gametable::DistanceTable;
use gametable_format::FormatError;

use crate::engine::distances::Distances;

use super::lock::{check_lock_file, lock_path};
use super::sums::{read_sums, rewrite_sums, sums_entries};
use crate::store::atomic;

/// The maker named in every header and fingerprint.
pub const GENERATOR: &str = concat!("gametable-gen ", env!("CARGO_PKG_VERSION"));

/// The name of the checksum list in a table directory.
pub const SUMS: &str = "SHA256SUMS";

/// A table file that cannot be used, and why.
#[derive(Debug)]
pub enum TableFileError {
    /// The file cannot be read or written.
    Io(PathBuf, std::io::Error),
    /// The bytes are not a valid table file.
    Format(PathBuf, FormatError),
    /// The file is valid but not what was asked for, or not a Cards table this tool reads.
    Unsupported(PathBuf, String),
    /// Writing failed (the first message), and so did undoing its part
    /// that landed ([`settle_failed_write`]), after removing these files.
    Unsettled(String, Box<TableFileError>, Vec<PathBuf>),
    /// Writing failed (the first message), and undoing its part that
    /// landed removed these files ([`settle_failed_write`]).
    Settled(String, Vec<PathBuf>),
    /// Removing stale files failed after these were removed
    /// ([`drop_old_distances`]).
    PartlyRemoved(Box<TableFileError>, Vec<PathBuf>),
    /// Writing tables failed (the message) once these files, the replaced
    /// table's distance table, were removed before it
    /// ([`failed_after_removing`]).
    RemovedBefore(String, Vec<PathBuf>),
    /// These files landed, but the `SHA256SUMS` beside them (the path) was
    /// not rewritten ([`super::update_sums`]), for this reason.
    SumsNotUpdated(Vec<PathBuf>, PathBuf, Box<TableFileError>),
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            TableFileError::Format(path, e) => write!(f, "{}: {e}", path.display()),
            TableFileError::Unsupported(path, why) => write!(f, "{}: {why}", path.display()),
            TableFileError::Unsettled(error, cleanup, removed) if removed.is_empty() => {
                write!(f, "{error}; and cleaning up after it: {cleanup}")
            }
            TableFileError::Unsettled(error, cleanup, removed) => write!(
                f,
                "{error}; cleaning up after it removed {}, then failed: {cleanup}",
                paths_text(removed)
            ),
            TableFileError::Settled(error, removed) => write!(
                f,
                "{error}; cleaning up after it removed {}",
                paths_text(removed)
            ),
            TableFileError::PartlyRemoved(error, removed) => {
                write!(f, "{error} (after removing {})", paths_text(removed))
            }
            TableFileError::RemovedBefore(error, removed) => write!(
                f,
                "{error} (the replaced table's distance files were removed before: {})",
                paths_text(removed)
            ),
            TableFileError::SumsNotUpdated(landed, sums, error) => write!(
                f,
                "{error}; so {} does not list {} as written, and `verify` refuses them until it does (`sha256sum` gives the lines it lacks)",
                sums.display(),
                paths_text(landed)
            ),
        }
    }
}

impl std::error::Error for TableFileError {}

/// A table just encoded that does not decode (`error`, from reading it
/// back before it is written): out of memory is told as this machine's
/// limit, before the file at its path (the one it would replace) is
/// blamed; anything else is returned as it is.
pub fn read_back_error(error: TableFileError) -> TableFileError {
    match error {
        TableFileError::Format(path, FormatError::NoMemory { bytes }) => {
            TableFileError::Unsupported(path, no_memory_to_read_back(bytes))
        }
        other => other,
    }
}

/// What a writer says when reading a new table back (its payload `bytes`
/// long) before writing it runs out of memory.
pub fn no_memory_to_read_back(bytes: u64) -> String {
    format!(
        "not enough memory to read the new table back (a payload of {bytes} bytes) before writing it here; nothing written"
    )
}

/// `paths` as a list in a message: "a, b, c".
fn paths_text(paths: &[PathBuf]) -> String {
    let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    paths.join(", ")
}

/// The most bytes of a table's companion file (a fingerprint, a checksum
/// list, a checkpoint's marker) read: a few KiB in use, so that one linked
/// to `/dev/zero` is refused instead of filling the memory.
pub const MAX_COMPANION_LEN: u64 = 16 << 20;

/// The whole of the file at `path`, at most `limit` bytes
/// ([`MAX_COMPANION_LEN`] for a table's companions,
/// [`gametable_format::MAX_FILE_LEN`] for a table), refused as
/// [`gametable_format::open_for_reading`] refuses it (a named pipe).
///
/// # Errors
/// What the operating system says, or [`std::io::ErrorKind::InvalidData`]
/// for a file longer than `limit`.
pub fn read_whole(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    gametable_format::open_for_reading(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(longer_than(limit));
    }
    Ok(bytes)
}

/// The error for a file read up to `limit` bytes that holds more.
pub(super) fn longer_than(limit: u64) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("longer than {limit} bytes, more than such a file holds"),
    )
}

/// Whether `e`, from reading `path`, means that nothing is there: not a
/// link to nothing, which is a list (or table) lost, not one never made.
pub(super) fn absent(path: &Path, e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::NotFound && !something_at(path)
}

/// Reads a table file in bounded memory
/// ([`gametable_format::open_table_file`], then
/// [`gametable_format::read_table_rest`]): a bad magic or version is
/// refused after 14 bytes, a file of another length than its header's
/// after its header, and at most [`gametable_format::MAX_FILE_LEN`]
/// bytes are read.
///
/// # Errors
/// [`TableFileError::Io`], or [`TableFileError::Format`] for a bad magic,
/// version or length, [`TableFileError::Unsupported`] for a file over the
/// limit.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, TableFileError> {
    use gametable_format::ReadError;
    let fail = |e| match e {
        ReadError::Io(e) => TableFileError::Io(path.into(), e),
        ReadError::Format(e) => TableFileError::Format(path.into(), e),
        e @ ReadError::TooLong => TableFileError::Unsupported(path.into(), e.to_string()),
    };
    let (file, start) = gametable_format::open_table_file(path).map_err(fail)?;
    gametable_format::read_table_rest(&file, start).map_err(fail)
}

/// The header of the table file at `path`, read from its first bytes
/// alone (a table may be gigabytes), with a file's length checked
/// against the one the header implies (a table cut short is refused); the
/// digests are not checked, so a table it names is still read whole
/// before use.
///
/// # Errors
/// [`TableFileError::Io`], or [`TableFileError::Format`] for bytes that
/// are no table header or a length that does not match.
pub fn read_header_only(path: &Path) -> Result<gametable_format::Header, TableFileError> {
    use std::io::Read as _;
    let io = |e| TableFileError::Io(path.to_path_buf(), e);
    let file = gametable_format::open_for_reading(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    let mut prefix = Vec::new();
    file.take(1 << 20).read_to_end(&mut prefix).map_err(io)?;
    let format = |e| TableFileError::Format(path.to_path_buf(), e);
    let (header, implied) = gametable_format::read_header(&prefix).map_err(format)?;
    // A pipe has no length to compare until it is read whole.
    if metadata.is_file() && implied != metadata.len() {
        return Err(format(gametable_format::FormatError::Length {
            expected: implied,
            found: metadata.len(),
        }));
    }
    Ok(header)
}

/// [`read_header_only`] for a table about to be used, its faults named as
/// a reader of the whole file names them: a header that does not decode,
/// in a file whose digest fails, is the checksum mismatch (damage, as
/// [`gametable_format::read_raw`] says), not a field this reader does not
/// know. Only then is the file read whole.
///
/// # Errors
/// As [`read_header_only`], or [`read_bytes`]'s when the file is read.
pub fn read_header_or_damage(path: &Path) -> Result<gametable_format::Header, TableFileError> {
    match read_header_only(path) {
        Err(TableFileError::Format(at, e @ gametable_format::FormatError::Header(_))) => {
            let bytes = read_bytes(path)?;
            let e = gametable_format::read_raw(&bytes).err().unwrap_or(e);
            Err(TableFileError::Format(at, e))
        }
        read => read,
    }
}

/// The header of the table file at `path` once the whole file's digest is
/// checked (the payload is not decoded): for a check of a table's partner,
/// which must name damage anywhere in it as every reader does, where a
/// header read alone ([`read_header_only`], [`read_header_or_damage`])
/// takes a damaged field that still decodes at its word.
///
/// # Errors
/// [`read_bytes`]'s, or [`TableFileError::Format`] for the file's faults
/// ([`gametable_format::read_raw`]).
pub fn read_checked_header(path: &Path) -> Result<gametable_format::Header, TableFileError> {
    let bytes = read_bytes(path)?;
    gametable_format::read_raw(&bytes)
        .map(|raw| raw.header)
        .map_err(|e| TableFileError::Format(path.to_path_buf(), e))
}

/// The distance table that goes with an outcome table:
/// `data/cards-8-5.gtbl` -> `data/cards-8-5-distance.gtbl`.
pub fn distance_path(outcome_table: &Path) -> PathBuf {
    let stem = outcome_table
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    outcome_table.with_file_name(format!("{stem}-distance.gtbl"))
}

/// The outcome table that goes with a distance table, if `path` is named
/// like one (`...-distance.gtbl`).
pub fn outcome_path(distance_table: &Path) -> Option<PathBuf> {
    let name = distance_table.file_name()?.to_str()?;
    let stem = name.strip_suffix("-distance.gtbl")?;
    Some(distance_table.with_file_name(format!("{stem}.gtbl")))
}

/// The distance table beside `outcome_table`, if anything is at its name.
/// Nothing there means a table without distances; anything else (a
/// folder, a pipe, a link to nowhere) is there, for the reader to refuse
/// by name rather than to pass over as missing.
pub fn distance_beside(outcome_table: &Path) -> Option<PathBuf> {
    Some(distance_path(outcome_table)).filter(|p| something_at(p))
}

/// The outcome table beside `distance_table`, as [`distance_beside`].
pub fn outcome_beside(distance_table: &Path) -> Option<PathBuf> {
    outcome_path(distance_table).filter(|p| something_at(p))
}

/// Whether `path` names anything, a link to nowhere included.
pub fn something_at(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The fingerprint file beside a table: `cards-8-5.gtbl` -> `cards-8-5.fingerprint`.
pub fn fingerprint_path(table: &Path) -> PathBuf {
    table.with_extension("fingerprint")
}

/// Counts of each 2-bit code among the first `states` states of `packed`.
pub fn count_codes(packed: &[u8], states: u64) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for (i, &byte) in packed.iter().enumerate() {
        for slot in 0..4u64 {
            if (i as u64) * 4 + slot < states {
                let c = gametable::packing::code_in(byte, slot);
                if let Some(n) = counts.get_mut(c as usize) {
                    *n += 1;
                }
            }
        }
    }
    counts
}

/// The files a run writing the table at `path` writes beside it: its
/// fingerprint, the distance table and its fingerprint, `SHA256SUMS` and
/// the list's lock file.
pub fn files_written_beside(path: &Path) -> [PathBuf; 5] {
    let distances = distance_path(path);
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    [
        fingerprint_path(path),
        fingerprint_path(&distances),
        distances,
        dir.join(SUMS),
        lock_path(&dir),
    ]
}

/// Checks, before anything is solved or written, that `path` can take an
/// outcome table: a `.gtbl` name that is not a distance table's (which
/// writing it would place beside it) nor a folder's, in a directory that
/// takes new files (one is written and removed) and whose `SHA256SUMS`, if
/// any, reads as one (so that it can be brought up to date after), or in
/// one that does not exist yet and can be made (one is made and removed).
///
/// # Errors
/// [`TableFileError::Unsupported`] naming the path and the reason.
pub fn check_output(path: &Path) -> Result<(), TableFileError> {
    let refuse = |why: &str| Err(TableFileError::Unsupported(path.to_path_buf(), why.into()));
    let Some(name) = path.file_name().map(|n| n.to_str()) else {
        return refuse("an output table's name ends in .gtbl (its fingerprint and distance table are written beside it)");
    };
    let Some(name) = name else {
        return refuse("an output table's name is not valid UTF-8 (names are shown in messages and listed in SHA256SUMS)");
    };
    if name.chars().any(char::is_control) {
        return refuse("an output table's name holds a control character (names are shown in messages and listed in SHA256SUMS)");
    }
    if !name.ends_with(".gtbl") {
        return refuse("an output table's name ends in .gtbl (its fingerprint and distance table are written beside it)");
    }
    if name == ".gtbl" {
        return refuse("an output table's name has something before .gtbl (its fingerprint and distance table are named after it)");
    }
    if name.ends_with("-distance.gtbl") {
        return refuse("name the outcome table: the distance table is written beside it as <name>-distance.gtbl");
    }
    if path.is_dir() {
        return refuse("is a folder; name the table file to write");
    }
    // The longest name written is the distance table's fingerprint while
    // it is written: found too long after the sweep, it would leave the
    // set half written.
    let longest = longest_name_written(path);
    if longest > MAX_FILE_NAME_LEN {
        return Err(TableFileError::Unsupported(
            path.to_path_buf(),
            format!(
                "the name is too long: the longest file written beside it, the distance table's fingerprint while it is written, would take {longest} bytes, past the {MAX_FILE_NAME_LEN} most file systems take; shorten it by {}",
                longest - MAX_FILE_NAME_LEN
            ),
        ));
    }
    // Nor may a folder stand where a file written beside it goes: found
    // after the table was written, it would leave the set half replaced.
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    for companion in files_written_beside(path) {
        if companion.is_dir() {
            return Err(TableFileError::Unsupported(
                companion,
                "is a folder where a file written beside the table goes; move it".into(),
            ));
        }
    }
    // The list's lock file is opened, not replaced: a named pipe there
    // would hold the run for ever once the tables are written.
    let lock = lock_path(&dir);
    check_lock_file(&lock).map_err(|e| TableFileError::Io(lock, e))?;
    if !dir.as_os_str().is_empty() && !dir.is_dir() {
        // As `mkdir -p`, the default `data/` from a fresh folder, or a new
        // folder of the user's, is made, by the first file written into
        // it ([`atomic::write`]): a run refused before then leaves none.
        let mut base = dir.as_path();
        // Up to the nearest that exists (the working folder at most, even
        // one since removed).
        while !base.exists() && base != Path::new(".") {
            // A link to nothing on the way is no folder to be made: found
            // only when the table is written, after the sweep.
            if let Some(link) = gametable_format::dangling_link(base) {
                let why = format!("{link}, so the table cannot be written in it");
                return Err(TableFileError::Unsupported(base.to_path_buf(), why));
            }
            base = base
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
        }
        if !base.is_dir() {
            let why = "not a directory, so the table cannot be written in it";
            return Err(TableFileError::Unsupported(base.to_path_buf(), why.into()));
        }
        // A probe a killed run left here goes first.
        atomic::remove_stale(&base.join(name));
        let probe = base.join(format!(".{name}.{}.probe-dir.tmp", std::process::id()));
        if let Err(e) = std::fs::create_dir(&probe).and_then(|()| std::fs::remove_dir(&probe)) {
            let why = format!("the output directory does not exist and cannot be made ({e})");
            return Err(TableFileError::Unsupported(dir, why));
        }
        return Ok(());
    }
    // The folder must take new files now, not only at the end of a sweep
    // that may take hours.
    probe_folder(path, &dir)?;
    let sums = dir.join(SUMS);
    match read_whole(&sums, MAX_COMPANION_LEN) {
        Err(e) if absent(&sums, &e) => Ok(()),
        Err(e) => Err(TableFileError::Io(sums, e)),
        Ok(bytes) => sums_entries(&sums, bytes).map(|_| ()),
    }
}

/// The longest file name most file systems take: 255 bytes on Linux's
/// and APFS, 255 UTF-16 units on NTFS. Counted here in bytes, never fewer
/// than a name's UTF-16 units: a name taken here is taken by each, and a
/// non-ASCII one that NTFS would take may be refused.
const MAX_FILE_NAME_LEN: usize = 255;

/// The length in bytes of the longest file name that writing the table
/// `path` and its companions takes: the temporary of the distance table's
/// fingerprint, counted with the longest process id (7 digits) so that a
/// name taken once is taken by every run.
fn longest_name_written(path: &Path) -> usize {
    let temporary = atomic::temporary_path(&fingerprint_path(&distance_path(path)));
    let name = temporary.file_name().map_or(0, |n| n.len());
    let pid = std::process::id().to_string().len();
    name - pid.min(name) + 7
}

/// Writes, renames and removes a file in `dir`, beside the table `path`,
/// as writing the table will (a temporary renamed into place).
///
/// # Errors
/// The step that failed, naming a probe file left behind if one was.
fn probe_folder(path: &Path, dir: &Path) -> Result<(), TableFileError> {
    let folder = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let fail = |why: String| Err(TableFileError::Unsupported(folder.to_path_buf(), why));
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    // `.<name>.<pid>.p<n>.tmp`, no longer than the longest name writing
    // takes ([`longest_name_written`]), and removed as a killed writer's
    // temporary is ([`atomic::remove_stale`]).
    let temporary = atomic::temporary_path(path);
    let probe = temporary.with_extension(format!("p{nanos}.tmp"));
    let renamed = temporary.with_extension(format!("r{nanos}.tmp"));
    let left = |file: &Path| match std::fs::remove_file(file) {
        Ok(()) => String::new(),
        Err(e) => format!("; remove {} by hand ({e})", file.display()),
    };
    if let Err(e) = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        return fail(format!("the output folder does not take new files ({e})"));
    }
    if let Err(e) = std::fs::rename(&probe, &renamed) {
        return fail(format!(
            "the output folder takes new files but does not let them be renamed, as writing a table does ({e}){}",
            left(&probe)
        ));
    }
    if let Err(e) = std::fs::remove_file(&renamed) {
        return fail(format!(
            "the output folder takes new files but does not let them be removed ({e}); remove {} by hand",
            renamed.display()
        ));
    }
    Ok(())
}

/// Writes a table's `bytes` at `path`, then its fingerprint (`fingerprint`,
/// the text) beside it, each atomically, adding each file's name to
/// `landed` as it lands: after a failure, `landed` says which of the two
/// are there ([`settle_failed_write`] needs to know). A fingerprint that
/// cannot be written but is there already, word for word (the same table
/// written again), has landed.
///
/// # Errors
/// The I/O error of the file that failed, naming it.
pub fn write_with_fingerprint(
    path: &Path,
    bytes: &[u8],
    fingerprint: &str,
    landed: &mut Vec<String>,
) -> Result<(), TableFileError> {
    let fingerprint_path = fingerprint_path(path);
    for (path, bytes) in [(path, bytes), (&fingerprint_path, fingerprint.as_bytes())] {
        let name = path.file_name().ok_or_else(|| {
            TableFileError::Unsupported(path.to_path_buf(), "not a file path".into())
        })?;
        if let Err(e) = atomic::write(path, bytes) {
            let there = path == fingerprint_path
                && read_whole(path, MAX_COMPANION_LEN).is_ok_and(|there| there == bytes);
            if !there {
                return Err(TableFileError::Io(path.to_path_buf(), e));
            }
        }
        landed.push(name.to_string_lossy().into_owned());
    }
    Ok(())
}

/// What keeps `distances` from being the header of the distance table of
/// the outcome table `outcomes` (a distance table of the same game,
/// parameters, layout and stored state count), in words naming both
/// values, e.g. `the outcome table stores every state, the distance table
/// one state per orbit of the game's symmetry`; `None` for a pair. The one
/// test of a pair.
pub(crate) fn pair_mismatch(
    outcomes: &gametable_format::Header,
    distances: &gametable_format::Header,
) -> Option<String> {
    use gametable_format::TableKind;
    let kind = |k: TableKind| match k {
        TableKind::Outcome => "an outcome table",
        TableKind::Distance => "a distance table",
    };
    if outcomes.kind != TableKind::Outcome || distances.kind != TableKind::Distance {
        return Some(format!(
            "not an outcome table and a distance table but {} and {}",
            kind(outcomes.kind),
            kind(distances.kind)
        ));
    }
    if distances.game != outcomes.game {
        return Some(format!(
            "the outcome table is of {}, the distance table of {}",
            outcomes.game, distances.game
        ));
    }
    if distances.symmetry != outcomes.symmetry {
        return Some(format!(
            "the outcome table stores {}, the distance table {}",
            super::symmetry_words(outcomes.symmetry),
            super::symmetry_words(distances.symmetry)
        ));
    }
    if distances.states != outcomes.states {
        return Some(format!(
            "the outcome table stores {} states, the distance table {}",
            outcomes.states, distances.states
        ));
    }
    None
}

/// Before an outcome table written alone (without its distance table)
/// lands at `outcome_path`: the distance table beside it, the table's it
/// replaces, is removed with its fingerprint and checksum entry, as is a
/// distance fingerprint left without its table, so that no moment, and no
/// kill, leaves the new outcome table beside it. Even one whose header
/// pairs with the new table goes: it may come from another solve of the
/// same game and parameters (a game whose rules were changed since, or a
/// sweep that erred), and nothing but the state-by-state check would tell
/// readers, who pair tables by their headers. (Tables written as a pair
/// replace each file in turn, each whole, the old or the new, whenever a
/// run is killed.) Returns the paths removed (none, the table and its
/// fingerprint if it had one, or a lone fingerprint).
///
/// # Errors
/// A file that does not read, or a removal that fails; once files were
/// removed, [`TableFileError::PartlyRemoved`] names them.
pub fn drop_old_distances(outcome_path: &Path) -> Result<Vec<PathBuf>, TableFileError> {
    let mut removed = Vec::new();
    match remove_stale_distances(outcome_path, &mut removed) {
        Ok(()) => Ok(removed),
        Err(e) if removed.is_empty() => Err(e),
        Err(e) => Err(TableFileError::PartlyRemoved(Box::new(e), removed)),
    }
}

/// [`drop_old_distances`] before an outcome table lands at `outcome_path`
/// written `alone`; nothing otherwise.
///
/// # Errors
/// As [`drop_old_distances`].
pub fn clear_before_landing(
    outcome_path: &Path,
    alone: bool,
) -> Result<Vec<PathBuf>, TableFileError> {
    if alone {
        drop_old_distances(outcome_path)
    } else {
        Ok(Vec::new())
    }
}

/// `error`, from writing tables once [`drop_old_distances`] had removed
/// `removed`, saying so (the old outcome table may be left without its
/// distance table): [`TableFileError::RemovedBefore`].
pub fn failed_after_removing<E>(error: E, removed: &[PathBuf]) -> E
where
    E: From<TableFileError> + fmt::Display,
{
    if removed.is_empty() {
        error
    } else {
        E::from(TableFileError::RemovedBefore(
            error.to_string(),
            removed.to_vec(),
        ))
    }
}

/// [`drop_old_distances`]'s work: adds the paths removed to `removed`,
/// also when a later step fails.
fn remove_stale_distances(
    outcome_path: &Path,
    removed: &mut Vec<PathBuf>,
) -> Result<(), TableFileError> {
    remove_distance_files(outcome_path, removed)?;
    // Entries of distance files that are not there any more leave the
    // list, whether removed now or by a run killed before its rewrite.
    let gone = gone(&distance_files(outcome_path));
    let dir = outcome_path.parent().unwrap_or(Path::new(""));
    if read_sums(dir)?.iter().any(|(_, name)| gone.contains(name)) {
        rewrite_sums(dir, &[] as &[&str], &gone)?;
    }
    Ok(())
}

/// The file names of the distance table beside `outcome_path` and its
/// fingerprint, each with whether the file is there.
fn distance_files(outcome_path: &Path) -> [(String, bool); 2] {
    let table = distance_path(outcome_path);
    [fingerprint_path(&table), table].map(|path| (name_of(&path), path.is_file()))
}

/// The names of `files` (name, whether there) that are not there.
fn gone(files: &[(String, bool)]) -> Vec<String> {
    files
        .iter()
        .filter(|(_, there)| !there)
        .map(|(name, _)| name.clone())
        .collect()
}

/// The file name of `path` as text (empty for a path without one).
fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// After writing the tables at `outcome_path` failed with `error` (a full
/// disk, say) once the outcome table had landed: `written` names the files
/// (in its folder) that landed, in the order written: the outcome table,
/// its fingerprint, the distance table, its fingerprint. Leaves the folder
/// as `--no-distances` would have: the new outcome table listed in
/// `SHA256SUMS`, beside no distance table: neither a part of its own nor
/// the replaced table's ([`drop_old_distances`]). An outcome table whose
/// own fingerprint did not land is left without one (the replaced table's
/// is removed). Files are removed before the list is rewritten, once, so
/// that on a full disk the list has the room they freed. When the outcome
/// table itself did not land, nothing changed and nothing is done.
///
/// Returns `error` when nothing was removed, else an error that says what
/// was ([`TableFileError::Settled`]), or, when the cleaning up fails as
/// well, one that says both ([`TableFileError::Unsettled`]).
pub fn settle_failed_write<E>(outcome_path: &Path, written: &[impl AsRef<str>], error: E) -> E
where
    E: From<TableFileError> + fmt::Display,
{
    let mut removed = Vec::new();
    match settle(outcome_path, written, &mut removed) {
        Ok(()) if removed.is_empty() => error,
        Ok(()) => E::from(TableFileError::Settled(error.to_string(), removed)),
        Err(cleanup) => E::from(TableFileError::Unsettled(
            error.to_string(),
            Box::new(cleanup),
            removed,
        )),
    }
}

/// [`settle_failed_write`]'s work: adds the paths removed to `removed`,
/// and returns the first error after trying every step.
fn settle(
    outcome_path: &Path,
    written: &[impl AsRef<str>],
    removed: &mut Vec<PathBuf>,
) -> Result<(), TableFileError> {
    let written: Vec<&str> = written.iter().map(AsRef::as_ref).collect();
    if !written.contains(&name_of(outcome_path).as_str()) {
        return Ok(());
    }
    // An outcome fingerprint that did not land: the one there, if any, is
    // the replaced table's.
    let fingerprint = fingerprint_path(outcome_path);
    let fingerprint_name = name_of(&fingerprint);
    let stale = if written.contains(&fingerprint_name.as_str()) || !fingerprint.is_file() {
        Ok(())
    } else {
        std::fs::remove_file(&fingerprint)
            .map(|()| removed.push(fingerprint.clone()))
            .map_err(|e| TableFileError::Io(fingerprint.clone(), e))
    };
    let distances = remove_distance_files(outcome_path, removed);
    // Whatever is not there any more leaves the list, whatever step failed.
    let beside = distance_files(outcome_path);
    let mut gone = gone(&beside);
    if !fingerprint.is_file() {
        gone.push(fingerprint_name);
    }
    let kept: Vec<&str> = written
        .into_iter()
        .filter(|name| beside.iter().all(|(n, _)| n != name))
        .collect();
    let dir = outcome_path.parent().unwrap_or(Path::new(""));
    let sums = rewrite_sums(dir, &kept, &gone);
    stale.and(distances).and(sums)
}

/// Removes the distance table beside `outcome_path` and its fingerprint,
/// whichever is there (not their `SHA256SUMS` entries). Adds the paths
/// removed to `removed`, also when a later one fails.
fn remove_distance_files(
    outcome_path: &Path,
    removed: &mut Vec<PathBuf>,
) -> Result<(), TableFileError> {
    let table = distance_path(outcome_path);
    for path in [table.clone(), fingerprint_path(&table)] {
        if path.is_file() {
            std::fs::remove_file(&path).map_err(|e| TableFileError::Io(path.clone(), e))?;
            removed.push(path);
        }
    }
    Ok(())
}

/// The distance table's bits per state and payload for `distances`: the
/// one-byte form is already the 8-bit payload, the two-byte one is packed
/// by [`pack_distances`].
pub fn distance_payload(distances: Distances) -> (u8, Vec<u8>) {
    match distances {
        Distances::Narrow(bytes) => (8, bytes),
        wide => {
            let (bits, bytes) = distance_payload_of(&wide);
            (bits, bytes.into_owned())
        }
    }
}

/// [`distance_payload`] of distances still held: the one-byte form is
/// borrowed.
pub fn distance_payload_of(distances: &Distances) -> (u8, std::borrow::Cow<'_, [u8]>) {
    match distances {
        Distances::Narrow(bytes) => (8, bytes.into()),
        Distances::Wide(wide) => {
            let (bits, bytes) = pack_distances(wide);
            (bits, bytes.into())
        }
    }
}

/// Packs distances at the narrowest width that holds them (8 bits if every
/// distance is below 255, else 16), all-ones meaning "no distance". Every
/// other 16-bit value is a distance the format holds: the sweep refuses a
/// game deeper than [`MAX_DISTANCE`](crate::engine::solve::MAX_DISTANCE),
/// the largest (`SolveError::TooDeep`), so that a solve that succeeds is
/// written.
pub fn pack_distances(distances: &[u16]) -> (u8, Vec<u8>) {
    let known = || {
        distances
            .iter()
            .copied()
            .filter(|&d| d != crate::engine::solve::NO_DISTANCE)
    };
    let max = known().max().unwrap_or(0);
    if max < u16::from(DistanceTable::NONE_8) {
        let bytes = distances
            .iter()
            .map(|&d| u8::try_from(d).unwrap_or(DistanceTable::NONE_8))
            .collect();
        return (8, bytes);
    }
    let bytes = distances.iter().flat_map(|d| d.to_le_bytes()).collect();
    (16, bytes)
}
