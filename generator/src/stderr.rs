//! Lines to standard error, each in one write. Rust's standard error is
//! unbuffered and a formatted line goes out a piece at a time; the ranks of
//! a job under `mpirun` share one standard error, and lines written in
//! pieces by several ranks at once came out merged (`gametable: error:
//! gametable: error: rank 1: ...`).

use std::io::Write as _;

/// Writes `text` and a newline to standard error in one `write_all`; an
/// error output that cannot be written (full, closed) is left to the exit
/// status to tell.
pub fn line(text: impl std::fmt::Display) {
    let text = format!("{text}\n");
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
