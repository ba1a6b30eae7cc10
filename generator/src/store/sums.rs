//! The `SHA256SUMS` list beside tables: read as `sha256sum` writes it,
//! updated under the folder's lock ([`super::lock`]) and checked as
//! `sha256sum -c` checks it, each listed file read in bounded pieces.

use std::path::Path;

use super::atomic;
use super::files::{absent, longer_than, read_whole, TableFileError, MAX_COMPANION_LEN, SUMS};
use super::lock::lock_dir;

/// The entries of the checksum list `path` (its `bytes`), as
/// `(sha256 in lowercase hex, file name)`, each line as `sha256sum`
/// writes it: `<sha256>  <file>`, or `<sha256> *<file>` in its binary mode
/// (hex in either case, a line's end `\n` or `\r\n`, a last line's
/// `\r` dropped); each name as [`name_in_folder`] reads it. A line that
/// `sha256sum` escapes (a `\` before the digest, for a name holding a
/// newline, a carriage return or a backslash) is read as it writes it
/// ([`escape_name`]).
///
/// # Errors
/// [`TableFileError::Unsupported`] naming the list and the line at fault.
pub fn sums_entries(path: &Path, bytes: Vec<u8>) -> Result<Vec<(String, String)>, TableFileError> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let before = e.as_bytes().get(..bad).unwrap_or_default();
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = bad
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |at| at + 1)
            + 1;
        TableFileError::Unsupported(
            path.to_path_buf(),
            format!("line {line}: not a checksum list (not UTF-8 at byte {column} of the line)"),
        )
    })?;
    // As `sha256sum` writes them: two spaces before the name, or a space
    // and `*` (its binary mode); a line's end may keep a `\r`.
    let entry = |line: &str| -> Result<(String, String), String> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let (escaped, line) = match line.strip_prefix('\\') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let expected = || String::from("expected `<sha256>  <file>`");
        let (digest, rest) = line.get(..64).zip(line.get(64..)).ok_or_else(expected)?;
        let file = rest
            .strip_prefix("  ")
            .or_else(|| rest.strip_prefix(" *"))
            .filter(|f| !f.is_empty() && digest.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(expected)?;
        let unescaped;
        let file = if escaped {
            unescaped = unescape_name(file)?;
            unescaped.as_str()
        } else {
            file
        };
        let name = name_in_folder(file)
            .ok_or_else(|| format!("{file:?} leaves this folder (absolute, or through '..')"))?;
        Ok((digest.to_ascii_lowercase(), name))
    };
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            entry(line).map_err(|why| {
                TableFileError::Unsupported(path.to_path_buf(), format!("line {}: {why}", n + 1))
            })
        })
        .collect()
}

/// `name` as `sha256sum` writes it in a list: `None` when it needs no
/// escape, else the name with `\\`, `\n` and `\r` for a backslash, a newline
/// and a carriage return (the line then starts with a `\`), so that the
/// list keeps one line per file.
fn escape_name(name: &str) -> Option<String> {
    name.contains(['\\', '\n', '\r']).then(|| {
        name.replace('\\', "\\\\")
            .replace('\n', "\\n")
            .replace('\r', "\\r")
    })
}

/// The name of an escaped line of a checksum list ([`escape_name`]).
fn unescape_name(file: &str) -> Result<String, String> {
    let mut name = String::with_capacity(file.len());
    let mut chars = file.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            name.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => name.push('\\'),
            Some('n') => name.push('\n'),
            Some('r') => name.push('\r'),
            Some(other) => {
                return Err(format!(
                    "{file:?}: `\\{other}` is no escape (`\\\\`, `\\n` or `\\r`)"
                ))
            }
            None => return Err(format!("{file:?} ends in a lone `\\`")),
        }
    }
    Ok(name)
}

/// A name in a checksum list as the file's path in the list's folder,
/// its parts split at `/` on every system, as `sha256sum` splits them:
/// `.` and empty parts dropped (`./x` and `.//x` are `x`, as `sha256sum
/// -c` reads them), so that one file has one name; `None` for a name that
/// leaves the folder (absolute, or with a `..` part) or names the folder.
/// Where `\` separates folders too, and `:` names a drive (Windows), a
/// name is split at both and one with a `:` is refused, so that `..\x`
/// or `C:x` cannot leave the folder either.
fn name_in_folder(file: &str) -> Option<String> {
    let separator = |c: char| c == '/' || (cfg!(windows) && c == '\\');
    if file.starts_with(separator) || (cfg!(windows) && file.contains(':')) {
        return None;
    }
    let mut parts = Vec::new();
    for part in file.split(separator) {
        match part {
            "" | "." => {}
            ".." => return None,
            part => parts.push(part),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// The entries of `dir/SHA256SUMS` (`sums_entries`), none if there is
/// no list.
///
/// # Errors
/// The list unreadable, or a line at fault.
pub fn read_sums(dir: &Path) -> Result<Vec<(String, String)>, TableFileError> {
    let path = dir.join(SUMS);
    match read_whole(&path, MAX_COMPANION_LEN) {
        Err(e) if absent(&path, &e) => Ok(Vec::new()),
        Err(e) => Err(TableFileError::Io(path, e)),
        Ok(bytes) => sums_entries(&path, bytes),
    }
}

/// Rewrites `dir/SHA256SUMS` (atomically) so that it lists `files` (names in
/// `dir`, just written) with their current digests, keeping other entries,
/// sorted by name.
///
/// # Errors
/// [`TableFileError::SumsNotUpdated`], naming `files` and the I/O error
/// (and its file) that stopped the rewrite.
pub fn update_sums(dir: &Path, files: &[impl AsRef<str>]) -> Result<(), TableFileError> {
    rewrite_sums(dir, files, &[] as &[&str]).map_err(|e| {
        let landed = files.iter().map(|name| dir.join(name.as_ref())).collect();
        TableFileError::SumsNotUpdated(landed, dir.join(SUMS), Box::new(e))
    })
}

/// `dir/SHA256SUMS` with the entries of `files` (re)computed and those of
/// `gone` left out.
pub(super) fn rewrite_sums(
    dir: &Path,
    files: &[impl AsRef<str>],
    gone: &[impl AsRef<str>],
) -> Result<(), TableFileError> {
    let sums_path = dir.join(SUMS);
    let io = |path: &Path, e| TableFileError::Io(path.to_path_buf(), e);
    // Read, change, write back: two runs doing this at once would each
    // write the list as it read it, losing the other's entries.
    let _lock = lock_dir(dir)?;
    let mut entries: Vec<(String, String)> = read_sums(dir)?
        .into_iter()
        .map(|(digest, name)| (name, digest))
        .filter(|(name, _)| {
            !files.iter().any(|n| n.as_ref() == name) && !gone.iter().any(|n| n.as_ref() == name)
        })
        .collect();
    for name in files {
        let name = name.as_ref();
        let path = dir.join(name);
        // Hashed a buffer at a time: a table may be far larger than what
        // its writer holds once it is written.
        let digest = gametable_format::open_for_reading(&path)
            .and_then(gametable_format::sha256_of)
            .map_err(|e| io(&path, e))?;
        entries.push((name.to_string(), gametable_format::hex(&digest)));
    }
    // Two names of one file (`./x`, `x`) are one name now: their entries
    // are one when they agree, and kept, for `verify` to refuse, when not.
    entries.sort();
    entries.dedup();
    let text: String = entries
        .iter()
        .map(|(name, digest)| match escape_name(name) {
            Some(escaped) => format!("\\{digest}  {escaped}\n"),
            None => format!("{digest}  {name}\n"),
        })
        .collect();
    atomic::write(&sums_path, text.as_bytes()).map_err(|e| io(&sums_path, e))
}

/// Checks `dir/SHA256SUMS` against the files it lists, as `sha256sum -c`
/// does: every entry, not only up to the first bad one. Returns how many
/// files it lists.
///
/// # Errors
/// One error for each listed file that is missing, does not read or does
/// not match, in the list's order; or the one error of a list that does
/// not read.
pub fn check_sums(dir: &Path) -> Result<usize, Vec<TableFileError>> {
    let sums_path = dir.join(SUMS);
    let bytes = read_whole(&sums_path, MAX_COMPANION_LEN)
        .map_err(|e| vec![TableFileError::Io(sums_path.clone(), e)])?;
    let entries = sums_entries(&sums_path, bytes).map_err(|e| vec![e])?;
    let problems: Vec<TableFileError> = entries
        .iter()
        .filter_map(|(digest, name)| check_listed(&dir.join(name), digest).err())
        .collect();
    if problems.is_empty() {
        Ok(entries.len())
    } else {
        Err(problems)
    }
}

/// Checks that the file at `path` is there with sha256 `digest` (lower-case
/// hex), as its `SHA256SUMS` entry says.
/// Hashed a buffer at a time ([`gametable_format::sha256_of`]): a listed
/// table may be larger than the memory at hand. At most
/// [`gametable_format::MAX_FILE_LEN`] bytes are read, of a regular file
/// only (a link to a device that never ends is refused at once).
fn check_listed(path: &Path, digest: &str) -> Result<(), TableFileError> {
    use std::io::Read as _;
    let limit = gametable_format::MAX_FILE_LEN;
    let found = gametable_format::open_for_reading(path)
        .and_then(|file| {
            if !file.metadata()?.is_file() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "is not a regular file, as every file listed is",
                ));
            }
            let mut source = file.take(limit + 1);
            let digest = gametable_format::sha256_of(&mut source)?;
            if source.limit() == 0 {
                return Err(longer_than(limit));
            }
            Ok(digest)
        })
        .map_err(|e| {
            if absent(path, &e) {
                TableFileError::Unsupported(
                    path.to_path_buf(),
                    format!("listed in {SUMS}, not there"),
                )
            } else {
                TableFileError::Io(path.to_path_buf(), e)
            }
        })?;
    let found = gametable_format::hex(&found);
    if found != digest {
        return Err(TableFileError::Unsupported(
            path.to_path_buf(),
            format!("sha256 {found} does not match {SUMS} ({digest})"),
        ));
    }
    Ok(())
}
