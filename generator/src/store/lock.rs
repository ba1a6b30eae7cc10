//! The lock a folder of tables is written under: one run at a time lands
//! its tables, fingerprints and `SHA256SUMS` entries there, so that two
//! runs writing one name never leave one's table beside the other's
//! companions. Re-entrant within the thread that holds it.

use std::path::{Path, PathBuf};

use super::atomic;
use super::files::{TableFileError, SUMS};

/// The file [`lock_dir`] locks in `dir`.
pub(super) fn lock_path(dir: &Path) -> PathBuf {
    dir.join(format!(".{SUMS}.lock"))
}

/// Opens the lock file at `path` to write (made if missing, never
/// truncated), after [`check_lock_file`].
///
/// # Errors
/// [`check_lock_file`]'s, or the I/O error.
pub(crate) fn open_lock_file(path: &Path) -> std::io::Result<std::fs::File> {
    check_lock_file(path)?;
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
}

/// Refuses anything at `path`, where a lock file goes, but a plain file,
/// before it is opened: opening a named pipe (FIFO) to write waits for a
/// reader, for ever, and a link or a folder is no lock of this job's.
///
/// # Errors
/// What stands there.
pub(super) fn check_lock_file(path: &Path) -> std::io::Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other(
            "not a plain file, where a lock file goes; remove it",
        ));
    }
    Ok(())
}

/// Holds an exclusive advisory lock on `dir/.SHA256SUMS.lock` (on its own
/// file handle, so it also excludes threads of this process) until
/// dropped, waiting for another holder; the system releases it when a
/// process ends, so a killed run leaves no lock behind. A file, not the
/// folder: NFS locks files across its clients (as byte-range locks), not
/// folders. Where the file system takes no locks at all, the list is
/// rewritten unlocked (concurrent runs may then lose an entry, which
/// `verify` reports) rather than failing after the tables were written.
///
/// # Errors
/// The lock file cannot be opened, or locking fails otherwise.
///
/// Taken again by the thread that holds it (the list rewritten within a
/// [`lock_tables_in`] hold), it is that hold's: no second handle, which
/// would wait on the first for ever.
pub(super) fn lock_dir(dir: &Path) -> Result<DirLock, TableFileError> {
    let path = lock_path(dir);
    let io = |e| TableFileError::Io(path.clone(), e);
    let file = open_lock_file(&path).map_err(io)?;
    // Known by the lock file itself, however its folder is named or
    // renamed meanwhile (a second handle on it would wait on the first).
    let key = lock_key(&file, &path);
    if key
        .as_ref()
        .is_some_and(|key| HELD.with(|held| held.borrow().contains(key)))
    {
        // This handle goes unlocked: closing it leaves the hold's lock.
        return Ok(DirLock {
            key: None,
            _file: None,
        });
    }
    let file = match file.lock() {
        Ok(()) => Some(file),
        Err(e) if e.kind() == std::io::ErrorKind::Unsupported => None,
        Err(e) => return Err(io(e)),
    };
    if let Some(key) = &key {
        // (A copy where the key is a device and inode; a path elsewhere.)
        #[allow(clippy::clone_on_copy)]
        HELD.with(|held| held.borrow_mut().push(key.clone()));
    }
    Ok(DirLock { key, _file: file })
}

thread_local! {
    /// The lock files this thread holds locked ([`lock_dir`]).
    static HELD: std::cell::RefCell<Vec<LockKey>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What tells one lock file from another: its device and inode where
/// there are such, else its path made absolute.
#[cfg(unix)]
type LockKey = (u64, u64);
#[cfg(not(unix))]
type LockKey = PathBuf;

/// The key of the open lock file at `path`; `None` when the system does
/// not say (the lock is then taken as a first hold).
#[cfg(unix)]
fn lock_key(file: &std::fs::File, _path: &Path) -> Option<LockKey> {
    use std::os::unix::fs::MetadataExt as _;
    file.metadata().ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn lock_key(_file: &std::fs::File, path: &Path) -> Option<LockKey> {
    std::path::absolute(path).ok()
}

/// A hold on a folder's lock ([`lock_tables_in`]), released when dropped.
pub struct DirLock {
    /// The lock file, as this thread's holds know it (`None`: the lock
    /// was this thread's already).
    key: Option<LockKey>,
    /// The locked file (`None` where the file system takes no locks).
    _file: Option<std::fs::File>,
}

impl Drop for DirLock {
    fn drop(&mut self) {
        if let Some(key) = &self.key {
            HELD.with(|held| held.borrow_mut().retain(|k| k != key));
        }
    }
}

/// Holds the lock of the folder of the table at `outcome_path` (made if
/// missing) while a run lands its files there: the tables, their
/// fingerprints and the `SHA256SUMS` entries, or their removal after a
/// failure. Two runs writing one table name at once then land one after
/// the other, each whole, not one's outcome table beside the other's
/// distance table.
///
/// # Errors
/// The folder cannot be made, or its lock taken.
pub fn lock_tables_in(outcome_path: &Path) -> Result<DirLock, TableFileError> {
    let dir = outcome_path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    atomic::make_dir(dir).map_err(|e| TableFileError::Io(dir.to_path_buf(), e))?;
    lock_dir(dir)
}
