//! Checkpoint files: each rank's share of a sweep between two levels, and
//! the commit marker that says which level every rank finished writing.
//!
//! In the checkpoint directory, rank `r` of `P` writes
//! `rank-<r>-of-<P>.level-<L>.ckpt` (the state at the start of level `L`):
//! a text header, an empty line, then the body: the rank's work cells, then
//! its distances (when the sweep keeps them, one or two bytes each), in
//! native byte order. The header names the sweep (game, parameters, stored
//! states), `P`, the rank, `L`, the rank's range of stored states, the cell
//! and distance widths, the byte order,
//! the counters the sweep carries, the SHA-256 of each body part, and last
//! the SHA-256 of the header lines before it (so that no counter, nor
//! any other field, can be altered unseen). Every
//! file is written atomically (temporary, fsync, rename). After every rank
//! wrote its file, rank 0 writes `COMMIT` (atomically) naming the sweep,
//! `P`, `L` and the build (the SHA-256 of the program: a build that
//! numbers states or counts moves otherwise would resume to a wrong
//! table); only then are older levels' files removed. So a job killed
//! at any point leaves a commit whose files are all whole: resuming reads
//! exactly the level the commit names, and refuses anything that does not
//! match, naming the file and what differs.

use std::fmt::Write as _;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::store::atomic;

/// The first line of every checkpoint file; bump the number when the
/// layout changes. (4: the commit names the build.)
const MAGIC: &str = "gametable-checkpoint 4";

/// The commit marker's name.
pub const COMMIT: &str = "COMMIT";

/// The byte order of the machine, as headers record it.
const ENDIAN: &str = if cfg!(target_endian = "little") {
    "little"
} else {
    "big"
};

/// What identifies a rank's file: the sweep, the ranks, this rank's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The sweep: game, parameters, stored states.
    pub key: String,
    /// How many ranks.
    pub ranks: usize,
    /// This rank.
    pub rank: usize,
    /// This rank's stored states, `first..end`, of `slots`.
    pub first: usize,
    /// See `first`.
    pub end: usize,
    /// Every stored state.
    pub slots: usize,
    /// Bytes per work cell.
    pub cell_bytes: usize,
    /// Bytes per distance kept: 0 (none kept), 1 or 2.
    pub distance_bytes: usize,
}

/// The counters a rank carries from level to level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Predecessors this rank visited.
    pub visits: u64,
    /// States this rank decided.
    pub decided: u64,
}

/// The file of rank `rank` of `ranks` at level `level` in `dir`.
pub fn rank_path(dir: &Path, rank: usize, ranks: usize, level: u32) -> PathBuf {
    dir.join(format!("rank-{rank}-of-{ranks}.level-{level}.ckpt"))
}

/// Writes this rank's state at the start of `level` atomically.
///
/// # Errors
/// The file and the I/O error.
pub fn save(
    dir: &Path,
    id: &Identity,
    level: u32,
    counters: Counters,
    cells: &[u8],
    distances: &[u8],
) -> Result<(), String> {
    let path = rank_path(dir, id.rank, id.ranks, level);
    let mut header = identity_lines(id, level);
    let _ = writeln!(header, "visits: {}", counters.visits);
    let _ = writeln!(header, "decided: {}", counters.decided);
    let _ = writeln!(header, "cells-sha256: {}", hex_sha(cells));
    let _ = writeln!(header, "distances-sha256: {}", hex_sha(distances));
    let _ = writeln!(header, "{HEADER_SHA}: {}", hex_sha(header.as_bytes()));
    header.push('\n');
    atomic::write_parts_in_place(&path, &[header.as_bytes(), cells, distances])
        .map_err(|e| format!("{}: cannot write the checkpoint: {e}", path.display()))
}

/// The header lines that must match exactly on resume.
fn identity_lines(id: &Identity, level: u32) -> String {
    format!(
        "{MAGIC}\nsweep: {}\nranks: {}\nrank: {}\nlevel: {level}\nstates: {}..{} of {}\ncell-bytes: {}\ndistances: {}\nendian: {ENDIAN}\n",
        id.key,
        id.ranks,
        id.rank,
        id.first,
        id.end,
        id.slots,
        id.cell_bytes,
        match id.distance_bytes {
            0 => "none".to_owned(),
            bytes => format!("{} bits a state", 8 * bytes),
        },
    )
}

/// Whether `first` is the first line of another layout: MAGIC's name,
/// another number.
fn older_layout(first: &str) -> bool {
    first != MAGIC
        && first.split_once(' ').map(|(name, _)| name)
            == MAGIC.split_once(' ').map(|(name, _)| name)
}

/// What a file of the layout whose first line is `first` is told.
fn older_layout_words(first: &str) -> String {
    format!(
        "a checkpoint of layout \"{first}\", which this build does not read (it reads \"{MAGIC}\"); remove the directory and start afresh"
    )
}

/// The last header line's name: the SHA-256 of the lines before it.
const HEADER_SHA: &str = "header-sha256";

fn hex_sha(bytes: &[u8]) -> String {
    gametable_format::hex(&gametable_format::sha256(bytes))
}

/// The longest header line read (every line of a checkpoint's header is
/// far shorter).
const MAX_HEADER_LINE: u64 = 4096;

/// Reads this rank's file of `level` into `cells` and `distances` (sized
/// for its range), after checking every header line against `id` and
/// both checksums.
///
/// # Errors
/// The file and what does not match, or the I/O error.
pub fn load(
    dir: &Path,
    id: &Identity,
    level: u32,
    cells: &mut [u8],
    distances: &mut [u8],
) -> Result<Counters, String> {
    let path = rank_path(dir, id.rank, id.ranks, level);
    let at = |what: String| format!("{}: {what}; not resumed", path.display());
    let file = gametable_format::open_for_reading(&path)
        .map_err(|e| at(format!("cannot read the checkpoint: {e}")))?;
    let mut reader = BufReader::new(file);
    let expected = identity_lines(id, level);
    let mut fields = Vec::new();
    loop {
        let mut line = String::new();
        // A line read at most this far: a file that is no checkpoint (a
        // link to /dev/zero) is refused, never read into memory whole.
        let read = (&mut reader)
            .take(MAX_HEADER_LINE + 1)
            .read_line(&mut line)
            .map_err(|e| at(format!("cannot read the checkpoint: {e}")))?;
        if read == 0 {
            return Err(at("the header ends early (a damaged file)".into()));
        }
        if read as u64 > MAX_HEADER_LINE {
            return Err(at(format!(
                "a header line longer than {MAX_HEADER_LINE} bytes (not a checkpoint)"
            )));
        }
        if line == "\n" {
            break;
        }
        if fields.len() > 64 {
            return Err(at("no end of header (not a checkpoint)".into()));
        }
        fields.push(line);
    }
    // The header's own checksum first: a field altered by hand is
    // named as damage, not taken (a counter) or blamed on another run.
    let Some((sha_line, checked)) = fields.split_last() else {
        return Err(at("the header is empty (a damaged file)".into()));
    };
    let sha = sha_line
        .trim_end()
        .strip_prefix(HEADER_SHA)
        .and_then(|v| v.strip_prefix(": "));
    if let Some(first) = fields.first().map(|l| l.trim_end()) {
        if older_layout(first) {
            return Err(at(older_layout_words(first)));
        }
    }
    if sha != Some(hex_sha(checked.concat().as_bytes()).as_str()) {
        return Err(at(
            "its header does not match its checksum (a damaged file)".into(),
        ));
    }
    for (want, got) in expected.lines().zip(fields.iter().map(|l| l.trim_end())) {
        if want != got {
            // The lines before `states` agreed: the same sweep, ranks,
            // rank and level, but another share of the states.
            let why = if want.starts_with("states: ") {
                "the same sweep and level on as many ranks, but another share of the states: written by a build that shares them out otherwise (before d15c9ac, equal shares); remove the directory and start afresh"
            } else if want == "distances: none" {
                "written by a run that kept distances: resume without --no-distances"
            } else if got == "distances: none" {
                "written by a run with --no-distances: resume with it"
            } else if want.starts_with("endian: ") {
                "written on a machine of the other byte order"
            } else if want.starts_with("rank: ") {
                "another rank's file of this sweep, renamed or copied over: put each rank's file back under its own name"
            } else if want.starts_with("level: ") {
                "a file of another level under this level's name"
            } else {
                "a checkpoint of another sweep, number of ranks or level"
            };
            return Err(at(format!(
                "it holds \"{got}\" where this run expects \"{want}\" ({why})"
            )));
        }
    }
    let rest: Vec<&str> = fields
        .iter()
        .skip(expected.lines().count())
        .map(|l| l.trim_end())
        .collect();
    let field = |name: &str| {
        rest.iter()
            .find_map(|l| l.strip_prefix(name).and_then(|v| v.strip_prefix(": ")))
            .ok_or_else(|| at(format!("the header has no {name} (a damaged file)")))
    };
    let number = |name: &str| {
        field(name)?
            .parse::<u64>()
            .map_err(|_| at(format!("its {name} is not a number (a damaged file)")))
    };
    let counters = Counters {
        visits: number("visits")?,
        decided: number("decided")?,
    };
    let (cells_sha, distances_sha) = (field("cells-sha256")?, field("distances-sha256")?);
    reader
        .read_exact(cells)
        .and_then(|()| reader.read_exact(distances))
        .map_err(|e| {
            at(format!(
                "the body is shorter than its header says ({e}): a damaged file"
            ))
        })?;
    if reader.read(&mut [0u8; 1]).map_err(|e| at(e.to_string()))? != 0 {
        return Err(at(
            "the body is longer than its header says (a damaged file)".into(),
        ));
    }
    if hex_sha(cells) != cells_sha || hex_sha(distances) != distances_sha {
        return Err(at(
            "its body does not match its checksum (a damaged file)".into()
        ));
    }
    Ok(counters)
}

/// What a commit marker says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The sweep: game, parameters, stored states.
    pub key: String,
    /// How many ranks wrote it.
    pub ranks: usize,
    /// The level every rank's file holds the start of.
    pub level: u32,
    /// The program that wrote it ([`build`]).
    pub build: String,
}

/// This program's build, as commits record it: the SHA-256 of its own
/// file (read once). The checkpoints' layout stays the same from build to
/// build, but what a cell means (the numbering of states, the counting of
/// moves) may not; resuming another build's checkpoint would then give a
/// wrong table, which nothing else would catch. "unknown" for a program
/// that cannot read itself ([`unknown_build`] says why), which matches no
/// build.
pub fn build() -> &'static str {
    match own_build() {
        Ok(sha) => sha,
        Err(_) => "unknown",
    }
}

/// Why this program cannot name its build, if it cannot.
pub fn unknown_build() -> Option<&'static str> {
    own_build().as_ref().err().map(String::as_str)
}

/// Whether a checkpoint of build `written` may be resumed by this one.
pub fn same_build(written: &str) -> bool {
    own_build().as_ref().is_ok_and(|own| own == written)
}

/// The digest of this program's file, or why it cannot be read.
fn own_build() -> &'static Result<String, String> {
    static BUILD: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    BUILD.get_or_init(|| {
        let (file, path) = own_file()?;
        gametable_format::sha256_of(file)
            .map(|sha| gametable_format::hex(&sha))
            .map_err(|e| format!("{}: {e}", path.display()))
    })
}

/// The file that holds this program's code, opened, and the path it was
/// opened by. On Linux, the file mapped where this very function lies
/// (`/proc/self/maps`): `/proc/self/exe` is the dynamic loader for a
/// program started through it (`ld-linux-x86-64.so.2 ./gametable`), which
/// would name every build alike. The file is opened by whichever of
/// `/proc/self/map_files` (the mapping itself: needs a capability), the
/// mapped path and `/proc/self/exe` (where its link is that path) opens
/// to the mapped inode; none does
/// when the program's file was replaced or removed since it started (and
/// the mapping's own link is not ours to open), and the build is then
/// unknown rather than another file's.
#[cfg(target_os = "linux")]
fn own_file() -> Result<(fs::File, PathBuf), String> {
    use std::os::unix::fs::MetadataExt as _;
    let exe = PathBuf::from("/proc/self/exe");
    let here = own_file as fn() -> Result<(fs::File, PathBuf), String> as usize;
    let maps = fs::read_to_string("/proc/self/maps").unwrap_or_default();
    let mapped = maps.lines().find_map(|line| {
        // range, permissions, offset, device, inode, path
        let mut fields = line.splitn(6, ' ');
        let range = fields.next()?;
        let (start, end) = range.split_once('-')?;
        let (start, end) = (
            usize::from_str_radix(start, 16).ok()?,
            usize::from_str_radix(end, 16).ok()?,
        );
        let inode: u64 = fields.nth(3)?.parse().ok()?;
        let path = fields.next().unwrap_or_default().trim_start();
        (start <= here && here < end && inode != 0)
            .then(|| (range.to_owned(), inode, PathBuf::from(path)))
    });
    let Some((range, inode, path)) = mapped else {
        // No file maps the code (not seen): the program's own link.
        let file = fs::File::open(&exe).map_err(|e| format!("{}: {e}", exe.display()))?;
        return Ok((file, exe));
    };
    // The maps line writes a newline in a path as `\012` (and a
    // backslash as itself): the path as written, and with newlines.
    let unescaped = PathBuf::from(path.to_string_lossy().replace("\\012", "\n"));
    // `/proc/self/exe` only where it names the mapped path: started
    // through the loader, it is the loader, whose inode number another
    // file system may give the program too.
    let exe = fs::read_link(&exe)
        .is_ok_and(|link| link == path || link == unescaped)
        .then_some(exe);
    let mut failed = None;
    let candidates = [
        Some(PathBuf::from(format!("/proc/self/map_files/{range}"))),
        Some(path.clone()),
        (unescaped != path).then_some(unescaped),
        exe,
    ];
    for candidate in candidates.into_iter().flatten() {
        match fs::File::open(&candidate) {
            Ok(file) if file.metadata().is_ok_and(|m| m.ino() == inode) => {
                return Ok((file, candidate))
            }
            Ok(_) => {}
            Err(e) => failed = failed.or((candidate == path).then_some(e)),
        }
    }
    Err(match failed {
        Some(e) => format!("{}: {e}", path.display()),
        None => format!(
            "{}: the program's file was replaced or removed since it started",
            path.display()
        ),
    })
}

/// The file that holds this program's code, opened, and its path.
#[cfg(not(target_os = "linux"))]
fn own_file() -> Result<(fs::File, PathBuf), String> {
    let path = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
    let file = fs::File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((file, path))
}

/// Writes the commit marker: every rank's file of `level` is whole.
///
/// # Errors
/// The file and the I/O error.
pub fn commit(dir: &Path, key: &str, ranks: usize, level: u32) -> Result<(), String> {
    let path = dir.join(COMMIT);
    let text = commit_text(key, ranks, level, build());
    atomic::write_parts_in_place(&path, &[text.as_bytes()])
        .map_err(|e| format!("{}: cannot write the commit marker: {e}", path.display()))
}

/// The commit in `dir`, if any.
///
/// # Errors
/// The file and why it does not read.
pub fn committed(dir: &Path) -> Result<Option<Commit>, String> {
    let path = dir.join(COMMIT);
    let bytes = match crate::store::read_whole(&path, crate::store::MAX_COMPANION_LEN) {
        Ok(bytes) => bytes,
        // Nothing there: no commit. (A link to nothing is a commit lost,
        // said so: taken for none, a run would start afresh over it.)
        Err(e)
            if e.kind() == std::io::ErrorKind::NotFound && !crate::store::something_at(&path) =>
        {
            return Ok(None)
        }
        Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
    };
    let damaged = || format!("{}: not a commit marker (a damaged file)", path.display());
    let text = String::from_utf8(bytes).map_err(|_| damaged())?;
    let mut lines = text.lines();
    match lines.next() {
        Some(MAGIC) => {}
        Some(other) if older_layout(other) => {
            return Err(format!("{}: {}", path.display(), older_layout_words(other)))
        }
        _ => return Err(damaged()),
    }
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .and_then(|l| l.strip_prefix(": "))
            .map(str::to_owned)
            .ok_or_else(damaged)
    };
    let key = field("sweep")?;
    let ranks = field("ranks")?.parse().map_err(|_| damaged())?;
    let level = field("level")?.parse().map_err(|_| damaged())?;
    let build = field("build")?;
    // Byte for byte what `commit` writes: no rank count of 0, nothing
    // after the last line, no line end lost.
    if ranks == 0 || text != commit_text(&key, ranks, level, &build) {
        return Err(damaged());
    }
    Ok(Some(Commit {
        key,
        ranks,
        level,
        build,
    }))
}

/// The commit marker's text.
fn commit_text(key: &str, ranks: usize, level: u32, build: &str) -> String {
    format!("{MAGIC}\nsweep: {key}\nranks: {ranks}\nlevel: {level}\nbuild: {build}\n")
}

/// Removes this rank's files of levels other than `keep`, and the
/// temporaries a killed run of this rank left, its probe's among them
/// (best effort: one process runs a rank at a time, and it is not writing
/// now; a killed run may still be exiting when the next one probes).
pub fn prune(dir: &Path, rank: usize, ranks: usize, keep: u32) {
    let prefix = format!("rank-{rank}-of-{ranks}.level-");
    let temporaries = [format!(".{prefix}"), format!(".{}.", probe_name(rank))];
    let kept = rank_path(dir, rank, ranks, keep);
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let old = name.starts_with(&prefix) && name.ends_with(".ckpt") && entry.path() != kept;
        let temporary = temporaries.iter().any(|t| name.starts_with(t)) && name.ends_with(".tmp");
        if old || temporary {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Removes the checkpoint files, and their temporaries, of runs on
/// another number of ranks than `ranks`: a run killed before its first
/// commit, or whose commit was removed, leaves files that no commit names
/// and that [`prune`] (which knows only its own ranks' names) never
/// removes; each may hold a whole rank's cells. Only the holder of the
/// directory's lock calls it, so that no running job's files are taken.
pub fn remove_other_layouts(dir: &Path, ranks: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let (bare, temporary) = match name.strip_prefix('.') {
            Some(bare) => (bare, true),
            None => (name.as_str(), false),
        };
        let checkpoint = if temporary {
            name.ends_with(".tmp") && bare.contains(".ckpt.")
        } else {
            name.ends_with(".ckpt")
        };
        if checkpoint && layout(bare).is_some_and(|of| of != ranks) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The number of ranks `P` in a name `rank-R-of-P.level-...`.
fn layout(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("rank-")?;
    let (rank, rest) = rest.split_once("-of-")?;
    let (ranks, _) = rest.split_once(".level-")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(rank) || !digits(ranks) {
        return None;
    }
    ranks.parse().ok()
}

/// `error`, and after it, when `dir` holds a commit (a failed run's
/// last), how to go on from it.
pub fn with_resume_hint(dir: &Path, error: String) -> String {
    match committed(dir) {
        Ok(Some(Commit { level, .. })) => format!(
            "{error}\nthe checkpoint of level {level} in {} is kept: the same command with \
             --resume continues from it",
            dir.display()
        ),
        _ => error,
    }
}

/// The file rank 0 holds locked in a checkpoint directory while its job
/// runs.
pub const LOCK: &str = ".lock";

/// Locks `dir` for this job (rank 0 calls it, once `dir` is made): a
/// second job given the same directory is refused at once, where it would
/// otherwise remove or overwrite the first one's files under it. The lock
/// goes with the file handle (when the process ends, however it ends);
/// `None` where the file system has no locks.
///
/// # Errors
/// The directory in use by another job, or the I/O error.
pub fn lock(dir: &Path) -> Result<Option<fs::File>, String> {
    let path = dir.join(LOCK);
    let cannot =
        |e: std::io::Error| format!("{}: cannot lock the checkpoints: {e}", path.display());
    // A job that ends removes the file it locked: one that opened that
    // file just before locks a file no longer there, and tries again.
    for _ in 0..8 {
        let file = crate::store::open_lock_file(&path).map_err(cannot)?;
        match file.try_lock() {
            Ok(()) if still_there(&path, &file) => return Ok(Some(file)),
            Ok(()) => continue,
            Err(fs::TryLockError::WouldBlock) => {
                return Err(format!(
                    "{}: another job is using this checkpoint directory (it holds {LOCK} locked); wait for it, or give this run another --checkpoint",
                    dir.display()
                ))
            }
            Err(fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
                return Ok(None)
            }
            Err(fs::TryLockError::Error(e)) => return Err(cannot(e)),
        }
    }
    Err(cannot(std::io::Error::other(
        "removed as often as it was locked",
    )))
}

/// Why the job can no longer write in `dir`, if the lock file it holds
/// (`lock`, from [`lock`]) is no longer the one there: the directory was
/// removed (and would be made again, unlocked, by the next file written)
/// or replaced while the job ran, and another job may be using it now.
pub fn lock_lost(dir: &Path, lock: &fs::File) -> Option<String> {
    (!still_there(&dir.join(LOCK), lock)).then(|| {
        format!(
            "{}: the checkpoint directory was removed or replaced while this job ran (its lock file {LOCK} is gone); stopped rather than write checkpoints where another job may be writing",
            dir.display()
        )
    })
}

/// Whether `file` is still the file at `path` (not removed since it was
/// opened). Where that cannot be told, it is taken to be.
fn still_there(path: &Path, file: &fs::File) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(path), file.metadata()) {
            (Ok(named), Ok(held)) => named.dev() == held.dev() && named.ino() == held.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (path, file);
        true
    }
}

/// Makes `dir` (for [`lock`], before any file in it is touched).
///
/// # Errors
/// A file standing there, or the I/O error.
pub fn make(dir: &Path, rank: usize) -> Result<(), String> {
    // A link to nothing is not made a folder (`mkdir -p` would say only
    // that the path exists): a moved or unmounted folder, say.
    if let Some(link) = gametable_format::dangling_link(dir) {
        return Err(cannot_write(dir, rank, link));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(cannot_write(dir, rank, "not a directory"));
    }
    fs::create_dir_all(dir).map_err(|e| cannot_write(dir, rank, e))
}

/// Why rank `rank` cannot write its checkpoints in `dir`.
fn cannot_write(dir: &Path, rank: usize, why: impl std::fmt::Display) -> String {
    format!(
        "{}: rank {rank} cannot write its checkpoints here: {why}",
        dir.display()
    )
}

/// Checks that this rank can write in `dir` (creating it), before any work.
///
/// # Errors
/// The directory and the I/O error.
pub fn probe(dir: &Path, rank: usize) -> Result<(), String> {
    let cannot = |e: std::io::Error| cannot_write(dir, rank, e);
    make(dir, rank)?;
    let path = dir.join(probe_name(rank));
    atomic::write(&path, b"probe").map_err(cannot)?;
    fs::remove_file(&path).map_err(cannot)
}

/// The file rank `rank` writes and removes to probe its checkpoint
/// directory.
fn probe_name(rank: usize) -> String {
    format!(".probe-rank-{rank}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// A rank's file under another rank's name, or another level's file
    /// under this level's, is refused saying so.
    #[test]
    fn files_under_another_rank_s_or_level_s_name_are_named_so() {
        let dir = std::env::temp_dir().join(format!("gametable-ckpt-swap-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let id = |rank: usize| Identity {
            key: "nim (9 stored states)".into(),
            ranks: 2,
            rank,
            first: 64 * rank,
            end: 64 * rank + 64,
            slots: 128,
            cell_bytes: 1,
            distance_bytes: 0,
        };
        let cells = [7u8; 64];
        for rank in 0..2 {
            for level in [2, 3] {
                save(&dir, &id(rank), level, Counters::default(), &cells, &[]).unwrap();
            }
        }
        let load_as = |rank: usize, level: u32| {
            load(&dir, &id(rank), level, &mut [0u8; 64], &mut []).unwrap_err()
        };
        let (zero, one) = (rank_path(&dir, 0, 2, 2), rank_path(&dir, 1, 2, 2));
        let swap = dir.join("swap");
        fs::rename(&zero, &swap).unwrap();
        fs::rename(&one, &zero).unwrap();
        fs::rename(&swap, &one).unwrap();
        let error = load_as(0, 2);
        assert!(
            error.contains("it holds \"rank: 1\" where this run expects \"rank: 0\" (another rank's file of this sweep, renamed or copied over"),
            "{error}"
        );
        fs::rename(rank_path(&dir, 0, 2, 3), rank_path(&dir, 0, 2, 4)).unwrap();
        let error = load_as(0, 4);
        assert!(
            error.contains("it holds \"level: 3\" where this run expects \"level: 4\" (a file of another level under this level's name)"),
            "{error}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
