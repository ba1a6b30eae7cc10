//! `gametable solve`: judge input on stdin, verdicts on stdout, in bulk.

use std::io::{self, Write};
use std::path::Path;

use super::TableSource;

/// `solve cards`.
pub fn cards(table: Option<&Path>) -> crate::cli::Result<()> {
    let source = TableSource::open(table)?;
    let mut out = Vec::with_capacity(1 << 20);
    crate::games::cards::judge::answer(io::stdin().lock(), &source, &mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// `solve stones`.
pub fn stones() -> crate::cli::Result<()> {
    let mut out = Vec::with_capacity(1 << 20);
    crate::games::stones::judge::answer(io::stdin().lock(), &mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(())
}
