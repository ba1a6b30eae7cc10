//! `gametable solve`: judge input on stdin, verdicts on stdout, in bulk.

use std::io::{self, Write};
use std::path::Path;

use gametable_gen::judge;

use super::TableSource;

/// `solve cards`.
pub fn cards(table: Option<&Path>) -> crate::Result<()> {
    let source = TableSource::open(table)?;
    let mut out = Vec::with_capacity(1 << 20);
    judge::cards::answer(io::stdin().lock(), &source, &mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// `solve stones`.
pub fn stones() -> crate::Result<()> {
    let mut out = Vec::with_capacity(1 << 20);
    judge::stones::answer(io::stdin().lock(), &mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(())
}
