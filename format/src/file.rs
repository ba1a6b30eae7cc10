//! Opening and reading a file to take a table from: one rule for every
//! reader of a path a person gives (the lookup crate's `open`, the
//! generator's commands), so that none of them waits for ever on a named
//! pipe, reads `/dev/zero` to its end, or holds more than a table's bytes.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::{read_header, read_raw, FormatError, MAX_FILE_LEN, PREAMBLE};

/// Why a table file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system's error (or [`open_for_reading`]'s refusal).
    Io(io::Error),
    /// Its first bytes are no table (a bad magic or an unsupported
    /// version), or, a regular file, its length is not its header's.
    Format(FormatError),
    /// Longer than [`MAX_FILE_LEN`], the most a reader reads.
    TooLong,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => e.fmt(f),
            ReadError::Format(e) => e.fmt(f),
            ReadError::TooLong => write!(
                f,
                "longer than {MAX_FILE_LEN} bytes, the largest table file a reader reads"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Opens the table file at `path` ([`open_for_reading`]) and reads its
/// preamble, refusing at once a file whose magic or version is wrong (so
/// `/dev/zero` or a stray multi-gigabyte file costs 14 bytes). Returns the
/// file and the bytes read, which are fewer than [`PREAMBLE`] only when
/// the file ends first.
///
/// # Errors
/// [`ReadError::Io`] or [`ReadError::Format`].
pub fn open_table_file(path: &Path) -> Result<(File, Vec<u8>), ReadError> {
    let file = open_for_reading(path).map_err(ReadError::Io)?;
    let mut start = Vec::with_capacity(PREAMBLE);
    (&file)
        .take(PREAMBLE as u64)
        .read_to_end(&mut start)
        .map_err(ReadError::Io)?;
    if let Err(e @ (FormatError::BadMagic { .. } | FormatError::UnsupportedVersion { .. })) =
        read_raw(&start)
    {
        return Err(ReadError::Format(e));
    }
    Ok((file, start))
}

/// Reads the rest of `file` after `start` (from [`open_table_file`]), at
/// most [`MAX_FILE_LEN`] bytes in all: a pipe may never end. Memory is
/// reserved for the length the header states, not doubled as a growing
/// buffer would be; the bytes are checked by the caller ([`read_raw`]).
/// A regular file whose length is not the one its header states is
/// refused unread, as [`read_raw`] would refuse it.
///
/// # Errors
/// [`ReadError::Io`], [`ReadError::Format`] ([`FormatError::Length`]), or
/// [`ReadError::TooLong`].
pub fn read_table_rest(file: &File, mut bytes: Vec<u8>) -> Result<Vec<u8>, ReadError> {
    let limit = MAX_FILE_LEN + 1;
    let mut reader = file.take(limit.saturating_sub(bytes.len() as u64));
    if bytes.len() < PREAMBLE {
        return Ok(bytes);
    }
    // The header (of the length the preamble states), then room for
    // exactly the file length the header states.
    let header_len = crate::stated_header_len(&bytes).unwrap_or(0);
    (&mut reader)
        .take(u64::from(header_len).min(1 << 20))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if let Ok((_, implied)) = read_header(&bytes) {
        // A regular file of another length than its header's is refused
        // as `read_raw` would refuse it, before it is read (it may be
        // gigabytes of something else).
        let claim = match file.metadata() {
            Ok(m) if m.is_file() && m.len() != implied => {
                return Err(ReadError::Format(FormatError::Length {
                    expected: implied,
                    found: m.len(),
                }))
            }
            _ => implied,
        };
        let wanted = claim.min(limit).saturating_sub(bytes.len() as u64);
        // One byte more, to see a file longer than its header says.
        let _ = bytes.try_reserve_exact(usize::try_from(wanted + 1).unwrap_or(usize::MAX));
    }
    reader.read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_LEN {
        return Err(ReadError::TooLong);
    }
    Ok(bytes)
}

/// Opens `path` for reading, refusing first a named pipe (FIFO), a socket
/// or a folder: opening a FIFO waits until something writes to it, which for
/// a table named by mistake is for ever. An anonymous pipe (`<(cat t.gtbl)`,
/// `/dev/stdin` under `cat t.gtbl |`) has its writer already and is read.
/// A folder is refused by its kind too; a device opens, and its first
/// read or bytes refuse it.
///
/// A link to nothing is said to be one, with its target ("No such file"
/// alone would read as if no file were named there at all).
///
/// # Errors
/// What the operating system says (for a link to nothing,
/// [`io::ErrorKind::NotFound`] saying "a link to X, ..., which is not
/// there"), or [`io::ErrorKind::InvalidInput`] naming what the path is
/// instead of a file.
pub fn open_for_reading(path: &Path) -> io::Result<File> {
    open_checked(path, false)
}

/// [`open_for_reading`] for a stream a person names, read line by line as
/// it comes (`query --positions`): a named pipe (FIFO) is opened too, its
/// writer awaited, as asked.
///
/// # Errors
/// As [`open_for_reading`], but for a named pipe.
pub fn open_stream_for_reading(path: &Path) -> io::Result<File> {
    open_checked(path, true)
}

/// [`open_for_reading`], a named pipe taken when `named_pipe`.
fn open_checked(path: &Path, named_pipe: bool) -> io::Result<File> {
    #[cfg(not(unix))]
    let _ = named_pipe;
    let dangling = |e: io::Error| {
        if e.kind() != io::ErrorKind::NotFound {
            return e;
        }
        match link_chain(path) {
            chain if chain.is_empty() => e,
            chain => io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}, which is not there", chain.join(", ")),
            ),
        }
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let kind = std::fs::metadata(path).map_err(dangling)?.file_type();
        let what = if kind.is_fifo() && !named_pipe && !is_anonymous_pipe(path) {
            Some("a named pipe (FIFO): opening it would wait for a writer")
        } else if kind.is_socket() {
            Some("a socket")
        } else if kind.is_dir() {
            Some("a folder")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("is {what}, not a file"),
            ));
        }
    }
    File::open(path).map_err(dangling)
}

/// For a path that is a link leading nowhere, what it is in words: "a
/// link to A, a link to B, which is not there" (each target as written),
/// or, for links that lead back to themselves, "a link to A, a link to
/// B, ...: a loop of links"; `None` for any other path.
pub fn dangling_link(path: &Path) -> Option<String> {
    let link = std::fs::symlink_metadata(path)
        .ok()?
        .file_type()
        .is_symlink();
    if !link || std::fs::metadata(path).is_ok() {
        return None;
    }
    let chain = link_chain(path);
    if chain.len() >= MAX_LINKS {
        let start: Vec<&str> = chain.iter().take(2).map(String::as_str).collect();
        return Some(format!("{}, ...: a loop of links", start.join(", ")));
    }
    Some(format!("{}, which is not there", chain.join(", ")))
}

/// The most links a path is followed through (Linux's limit).
const MAX_LINKS: usize = 40;

/// The links `path` passes through, each as "a link to TARGET" (its text),
/// to the first path that is no link; none if `path` is no link. At most
/// 40 (Linux's limit; a loop is refused by the system first).
fn link_chain(path: &Path) -> Vec<String> {
    link_targets(path)
        .take(MAX_LINKS)
        .map(|target| format!("a link to {}", target.display()))
        .collect()
}

/// The target (as written) of each link met going from `path` through
/// its links, one after the other, until a path that is no link.
fn link_targets(path: &Path) -> impl Iterator<Item = PathBuf> {
    let mut at = Some(path.to_path_buf());
    std::iter::from_fn(move || {
        let here = at.take()?;
        let target = std::fs::read_link(&here).ok()?;
        at = Some(match here.parent() {
            Some(folder) => folder.join(&target),
            None => target.clone(),
        });
        Some(target)
    })
}

/// Whether `path` leads, through its links, to a pipe of the kind a shell
/// makes (`/dev/fd/63` links to `pipe:[1234]` on Linux), not one made by
/// `mkfifo`.
#[cfg(unix)]
fn is_anonymous_pipe(path: &Path) -> bool {
    link_targets(path)
        .take(8)
        .any(|target| target.to_str().is_some_and(|t| t.starts_with("pipe:[")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_named_pipe_is_refused_before_it_is_opened() {
        let dir =
            std::env::temp_dir().join(format!("gametable-format-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("t.gtbl");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = open_for_reading(&fifo).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
            assert!(e.to_string().contains("a named pipe (FIFO)"), "{e}");
        }
        let file = dir.join("f");
        std::fs::write(&file, b"x").unwrap();
        assert!(open_for_reading(&file).is_ok());
        assert_eq!(
            open_for_reading(&dir.join("missing")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A table through a pipe (as `<(cat t.gtbl)` gives it) is read whole
    /// into a buffer of its own length, not a doubled one; a device is
    /// refused by its bytes.
    #[test]
    fn a_piped_table_is_read_into_exactly_its_length() {
        use std::io::Write as _;
        use std::os::fd::AsRawFd as _;
        let spec = crate::TableSpec {
            game: crate::Game::new("cards", &[("cards", 1), ("modulus", 2)]),
            kind: crate::TableKind::Outcome,
            bits_per_state: 2,
            symmetry: crate::Symmetry::None,
            states: 1_200_000,
            compression: crate::Compression::None,
            generator: "test".into(),
        };
        let table = crate::encode(&spec, &vec![0b0110_0100u8; 300_000]).unwrap();
        let (reader, mut writer) = io::pipe().unwrap();
        let fed = table.clone();
        // Fed from a thread: the table is larger than a pipe's buffer.
        let feed = std::thread::spawn(move || writer.write_all(&fed));
        let path = PathBuf::from(format!("/dev/fd/{}", reader.as_raw_fd()));
        let (file, start) = open_table_file(&path).unwrap();
        let bytes = read_table_rest(&file, start).unwrap();
        feed.join().unwrap().unwrap();
        assert_eq!(bytes, table);
        assert!(bytes.capacity() <= table.len() + 1, "{}", bytes.capacity());
        assert!(read_raw(&bytes).is_ok());
        assert!(matches!(
            open_table_file(Path::new("/dev/zero")),
            Err(ReadError::Format(FormatError::BadMagic { .. }))
        ));
        let (file, start) = open_table_file(Path::new("/dev/null")).unwrap();
        assert!(read_table_rest(&file, start).unwrap().is_empty());
    }

    /// A table file longer or shorter than its header says is refused from
    /// its header and its length, before it is read: here a small table
    /// made 64 GiB long (a sparse file), which reading whole would refuse
    /// only as too long, after 4 GiB.
    #[test]
    fn a_file_of_another_length_is_refused_unread() {
        let spec = crate::TableSpec {
            game: crate::Game::new("tictactoe", &[]),
            kind: crate::TableKind::Outcome,
            bits_per_state: 2,
            symmetry: crate::Symmetry::None,
            states: 100,
            compression: crate::Compression::None,
            generator: "test".into(),
        };
        let table = crate::encode(&spec, &[0u8; 25]).unwrap();
        let dir =
            std::env::temp_dir().join(format!("gametable-format-long-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.gtbl");
        std::fs::write(&path, &table).unwrap();
        for len in [64 << 30, table.len() as u64 + 1, table.len() as u64 - 1] {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(len)
                .unwrap();
            let (file, start) = open_table_file(&path).unwrap();
            match read_table_rest(&file, start) {
                Err(ReadError::Format(FormatError::Length { expected, found })) => {
                    assert_eq!((expected, found), (table.len() as u64, len));
                }
                other => panic!("{len}: {:?}", other.map(|b| b.len())),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
