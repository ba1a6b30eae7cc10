//! `gametable verify`: every check a table can get without trusting it.
//!
//! For each table: the file format (magic, version, header, length, both
//! checksums), the Cards codes, the fingerprint beside it, its entry in
//! `SHA256SUMS` if listed, and a fresh regeneration compared state by state
//! (the freshness check).

use std::path::{Path, PathBuf};

use gametable::{Outcome, Position};
use gametable_gen::sweep;
use gametable_gen::table_file::{self, OutcomeFile};

/// Verifies `paths` (default: every `.gtbl` file in `data/`).
pub fn run(paths: Vec<PathBuf>) -> crate::Result<()> {
    let paths = if paths.is_empty() {
        data_tables()?
    } else {
        paths
    };
    let mut failures = 0;
    for path in &paths {
        match verify_one(path) {
            Ok(summary) => println!("ok    {}: {summary}", path.display()),
            Err(e) => {
                println!("FAIL  {}: {e}", path.display());
                failures += 1;
            }
        }
    }
    if failures > 0 {
        return Err(format!("{failures} of {} tables failed verification", paths.len()).into());
    }
    Ok(())
}

fn data_tables() -> crate::Result<Vec<PathBuf>> {
    let dir = Path::new("data");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| {
            format!(
                "{}: {e} (run from the workspace root or name tables)",
                dir.display()
            )
        })?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "gtbl"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("no .gtbl tables in {}", dir.display()).into());
    }
    Ok(paths)
}

fn verify_one(path: &Path) -> crate::Result<String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let file = OutcomeFile::from_bytes(path, &bytes)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let regenerate = format!(
        "cargo run --release -p gametable-gen --no-default-features -- generate cards --cards {} --modulus {} --output {}",
        file.variant.cards(),
        file.variant.modulus(),
        path.display()
    );

    let fingerprint_path = table_file::fingerprint_path(path);
    let expected = table_file::fingerprint(&name, &file.header, bytes.len(), file.counts());
    let found = std::fs::read_to_string(&fingerprint_path)
        .map_err(|e| format!("fingerprint {}: {e}", fingerprint_path.display()))?;
    if let Some((want, have)) = expected
        .lines()
        .zip(found.lines().chain(std::iter::repeat("<missing line>")))
        .find(|(want, have)| want != have)
    {
        return Err(format!(
            "fingerprint {} does not match the table: expected '{want}', found '{have}'",
            fingerprint_path.display()
        )
        .into());
    }
    if found.lines().count() != expected.lines().count() {
        return Err(format!("fingerprint {} has extra lines", fingerprint_path.display()).into());
    }

    let dir = path.parent().unwrap_or(Path::new(""));
    let sums = dir.join(table_file::SUMS);
    if let Ok(text) = std::fs::read_to_string(&sums) {
        let digest = gametable_format::hex(&gametable_format::sha256(&bytes));
        if let Some(line) = text.lines().find(|l| l.ends_with(&format!("  {name}"))) {
            if !line.starts_with(&digest) {
                return Err(format!("{} lists another sha256 for {name}", sums.display()).into());
            }
        }
    }

    let fresh = sweep::solve(file.variant);
    if fresh.outcomes != file.packed {
        let table = file.table();
        let fresh_table = gametable::CardsTable::check_length(file.variant, &fresh.outcomes)?;
        let index = (0..file.variant.states())
            .find(|&i| table.code(i) != fresh_table.code(i))
            .unwrap_or(0);
        let describe = |code: u8| {
            Outcome::from_code(code).map_or("not a position".to_string(), |o| o.to_string())
        };
        let position = Position::from_index(file.variant, index)
            .map(|p| {
                format!(
                    "counts {:?} to move, {:?} waiting",
                    p.to_move().counts(),
                    p.waiting().counts()
                )
            })
            .unwrap_or_else(|_| format!("state {index}"));
        return Err(format!(
            "stale: differs from a fresh regeneration first at state {index} ({position}): table says {}, sweep says {}; regenerate with: {regenerate}",
            describe(table.code(index)),
            describe(fresh_table.code(index)),
        )
        .into());
    }
    Ok(format!(
        "cards ({}, {}), {} states, checksums, fingerprint and regeneration agree",
        file.variant.cards(),
        file.variant.modulus(),
        file.variant.states()
    ))
}
