//! `gametable solve`: judge input on stdin, verdicts on stdout, in bulk.

use std::io::{self, Write};
use std::path::Path;

use crate::cli::source::TableSource;

/// `solve cards`.
pub fn cards(table: Option<&Path>) -> crate::cli::Result<()> {
    use crate::games::cards::judge::{JudgeError, Verdicts as _};
    let source = TableSource::open(table)?;
    let mut out = Vec::with_capacity(1 << 20);
    crate::games::cards::judge::answer(io::stdin().lock(), &source, &mut out).map_err(|e| {
        let v = source.variant();
        match (&e, table) {
            // Input read against another variant's table says which, since
            // the hands' length and values come from it.
            (JudgeError::Input(_), Some(path)) if v != gametable::Variant::CLASSIC => format!(
                "{e} (hands read as the table {} has them: {} cards with values 0 to {})",
                path.display(),
                v.cards(),
                v.modulus() - 1
            ),
            (JudgeError::Table { .. }, Some(path)) => format!(
                "{e} (a damaged table, or not this game's: `gametable verify --deep {}` \
                 checks every state of it)",
                path.display()
            ),
            _ => e.to_string(),
        }
    })?;
    crate::cli::stdout().write_all(&out)?;
    Ok(())
}

/// `solve stones`.
pub fn stones() -> crate::cli::Result<()> {
    let mut out = Vec::with_capacity(1 << 20);
    crate::games::stones::judge::answer(io::stdin().lock(), &mut out)?;
    crate::cli::stdout().write_all(&out)?;
    Ok(())
}
