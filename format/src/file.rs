//! Opening a file to read a table from: one rule for every reader (the
//! lookup crate, `build.rs` and the generator), so that none of them can
//! wait for ever on a file that never ends.

use std::fs::File;
use std::io;
use std::path::Path;

/// Opens `path` for reading, refusing first a FIFO (named pipe) or a
/// socket: opening a FIFO waits until something writes to it, which for
/// a table given by mistake is for ever. A folder or a device opens, and
/// its first read or bytes refuse it as before.
///
/// # Errors
/// What the operating system says, or [`io::ErrorKind::InvalidInput`]
/// naming what the path is instead of a file.
pub fn open_for_reading(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let kind = std::fs::metadata(path)?.file_type();
        let what = if kind.is_fifo() {
            Some("a FIFO (named pipe)")
        } else if kind.is_socket() {
            Some("a socket")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("is {what}, not a file: reading it could wait for ever"),
            ));
        }
    }
    File::open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_is_refused_before_it_is_opened() {
        let dir =
            std::env::temp_dir().join(format!("gametable-format-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("t.gtbl");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = open_for_reading(&fifo).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
            assert!(e.to_string().contains("a FIFO (named pipe)"), "{e}");
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
