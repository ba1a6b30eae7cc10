//! Atomic file writes: a temporary file in the same directory, synced, then
//! renamed over the target. A run killed at any point leaves either the old
//! file or the new one, never a mix; the temporary is removed on error.
//!
//! A process killed outright (SIGKILL, power loss) between creating the
//! temporary and renaming it cannot remove it: no portable API creates a
//! file that only appears at its final name. So each write first removes
//! the temporaries that earlier writes *to the same target* left behind,
//! if the process that made them is gone: a killed `gametable generate`
//! leaves at most one `.<name>.<pid>.tmp` per file until the next run
//! writes there. `generator/tests/interrupted.rs` kills it at random
//! points to check this.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically.
///
/// # Errors
/// Any I/O error, with the temporary file removed.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_parts(path, &[bytes])
}

/// Writes the concatenation of `parts` to `path` atomically, without
/// copying them into one buffer, making its folder first if missing.
///
/// # Errors
/// Any I/O error, with the temporary file removed.
pub fn write_parts(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        make_dir(dir)?;
    }
    write_parts_in_place(path, parts)
}

/// Makes folder `dir` if it does not exist, with its parents (`mkdir -p`).
///
/// # Errors
/// The I/O error; something else standing where the folder (or one of its
/// parents) goes is said so, not "File exists".
pub fn make_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    fs::create_dir_all(dir).map_err(|e| match e.kind() {
        io::ErrorKind::AlreadyExists => io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is not a folder", dir.display()),
        ),
        _ => e,
    })
}

/// [`write_parts`] into a folder that must exist: one removed meanwhile
/// is an error, not made again (a checkpoint directory removed under a
/// job, whose lock went with it).
///
/// # Errors
/// Any I/O error, with the temporary file removed.
pub fn write_parts_in_place(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    remove_stale(path);
    let temporary = temporary_path(path);
    let result = write_and_rename(&temporary, path, parts);
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// `dir/.name.<pid>.tmp` beside `path`: hidden, unique per process, and
/// matched by the `*.tmp` ignore rule.
pub fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Removes `.name.<pid>.tmp` files beside `path` left by processes that
/// no longer run (on systems without `/proc`: older than an hour), and
/// `.name.<pid>.<what>.tmp` (the output folder's probe, which a kill can
/// leave too: a file, or an empty folder where the output folder is not
/// made yet). Best effort: a temporary that cannot be removed is left
/// alone.
pub fn remove_stale(path: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => PathBuf::from("."),
    };
    let Ok(entries) = fs::read_dir(&dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|rest| rest.split('.').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !running(pid, &entry) {
            // The probe of a folder not made yet is an empty folder.
            if file_name.ends_with(".probe-dir.tmp") {
                let _ = fs::remove_dir(entry.path());
            } else {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether process `pid` may still be writing `temporary`: a process
/// killed and not yet reaped by its parent (a zombie) writes no more.
fn running(pid: u32, temporary: &fs::DirEntry) -> bool {
    let proc = Path::new("/proc");
    if proc.is_dir() {
        return match fs::read_to_string(proc.join(pid.to_string()).join("stat")) {
            // `pid (name) state ...`: the name may hold spaces and `)`.
            Ok(stat) => !stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next())
                .is_some_and(|state| matches!(state, 'Z' | 'X')),
            Err(_) => proc.join(pid.to_string()).exists(),
        };
    }
    let age = temporary
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok());
    age.is_none_or(|age| age.as_secs() < 3600)
}

fn write_and_rename(temporary: &Path, path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    let mut file = io::BufWriter::new(File::create(temporary)?);
    for part in parts {
        file.write_all(part)?;
    }
    let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    drop(file);
    fs::rename(temporary, path)?;
    // Make the rename itself durable where the platform allows it.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("gametable-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.bin");
        write(&path, b"old").unwrap();
        write(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_where_the_folder_goes_is_named() {
        let dir =
            std::env::temp_dir().join(format!("gametable-not-a-folder-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out");
        fs::write(&file, b"not a folder").unwrap();
        let error = write(&file.join("t.bin"), b"x").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} is not a folder", file.display())
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn removes_temporaries_of_dead_processes_only() {
        let dir = std::env::temp_dir().join(format!("gametable-stale-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.bin");
        // No process has pid u32::MAX - 1 (Linux caps pids at 2^22).
        let dead = dir.join(format!(".t.bin.{}.tmp", u32::MAX - 1));
        let alive = dir.join(".t.bin.1.tmp"); // init
        let other = dir.join(format!(".u.bin.{}.tmp", u32::MAX - 1));
        // The output folder's probe, left by a writer killed while probing.
        let probe = dir.join(format!(".t.bin.{}.r123.tmp", u32::MAX - 1));
        for p in [&dead, &alive, &other, &probe] {
            fs::write(p, b"partial").unwrap();
        }
        // And the probe of a folder not made yet: an empty folder.
        let probe_dir = dir.join(format!(".t.bin.{}.probe-dir.tmp", u32::MAX - 1));
        fs::create_dir(&probe_dir).unwrap();
        write(&path, b"new").unwrap();
        assert!(!dead.exists(), "a dead writer's temporary is removed");
        assert!(!probe.exists(), "a dead writer's probe is removed");
        assert!(
            !probe_dir.exists(),
            "a dead writer's folder probe is removed"
        );
        if Path::new("/proc/1").exists() {
            assert!(alive.exists(), "a live writer's temporary is kept");
        }
        assert!(other.exists(), "another target's temporary is not touched");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A writer killed and not yet reaped (a zombie, as a run killed under
    /// `timeout` is for a moment) writes no more: its temporary goes.
    #[test]
    fn removes_temporaries_of_zombies() {
        let Ok(mut child) = std::process::Command::new("true").spawn() else {
            return;
        };
        let stat = Path::new("/proc").join(child.id().to_string()).join("stat");
        let zombie = || fs::read_to_string(&stat).is_ok_and(|s| s.contains(") Z"));
        for _ in 0..500 {
            if zombie() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        if !Path::new("/proc").is_dir() {
            child.wait().unwrap();
            return;
        }
        assert!(
            zombie(),
            "{}: the child ended but is no zombie",
            stat.display()
        );
        let dir = std::env::temp_dir().join(format!("gametable-zombie-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.bin");
        let left = dir.join(format!(".t.bin.{}.tmp", child.id()));
        fs::write(&left, b"partial").unwrap();
        write(&path, b"new").unwrap();
        assert!(!left.exists(), "a zombie's temporary is removed");
        fs::remove_dir_all(&dir).unwrap();
        child.wait().unwrap();
    }
}
