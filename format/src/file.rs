//! Opening a file to read a table from: one rule for every reader of a
//! path a person gives (the lookup crate's `open`, the generator's
//! commands), so that none of them waits for ever on a named pipe.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// Opens `path` for reading, refusing first a named pipe (FIFO) or a
/// socket: opening a FIFO waits until something writes to it, which for
/// a table named by mistake is for ever. An anonymous pipe (`<(cat t.gtbl)`,
/// `/dev/stdin` under `cat t.gtbl |`) has its writer already and is read.
/// A folder or a device opens, and its first read or bytes refuse it.
///
/// # Errors
/// What the operating system says, or [`io::ErrorKind::InvalidInput`]
/// naming what the path is instead of a file.
pub fn open_for_reading(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let kind = std::fs::metadata(path)?.file_type();
        let what = if kind.is_fifo() && !is_anonymous_pipe(path) {
            Some("a named pipe (FIFO): opening it would wait for a writer")
        } else if kind.is_socket() {
            Some("a socket")
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
    File::open(path)
}

/// Whether `path` leads, through its links, to a pipe of the kind a shell
/// makes (`/dev/fd/63` links to `pipe:[1234]` on Linux), not one made by
/// `mkfifo`.
#[cfg(unix)]
fn is_anonymous_pipe(path: &Path) -> bool {
    let mut at = PathBuf::from(path);
    for _ in 0..8 {
        let Ok(target) = std::fs::read_link(&at) else {
            return false;
        };
        if target.to_str().is_some_and(|t| t.starts_with("pipe:[")) {
            return true;
        }
        at = match at.parent() {
            Some(dir) => dir.join(target),
            None => target,
        };
    }
    false
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
}
