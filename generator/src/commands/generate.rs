//! `gametable generate`: run the sweep, check the result by reading it back,
//! write the table, its fingerprint and the checksum list atomically.

use std::path::{Path, PathBuf};
use std::time::Instant;

use gametable::{code, Variant};
use gametable_gen::table_file::{self, OutcomeFile};
use gametable_gen::{atomic, sweep};

/// `generate cards`.
pub fn cards(cards: u8, modulus: u8, output: Option<PathBuf>) -> crate::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    let path =
        output.unwrap_or_else(|| Path::new("data").join(table_file::default_file_name(variant)));
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file path", path.display()))?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if !dir.as_os_str().is_empty() && !dir.is_dir() {
        return Err(format!("{}: the output directory does not exist", dir.display()).into());
    }

    let started = Instant::now();
    let solution = sweep::solve(variant);
    let sweep_time = started.elapsed();

    let bytes = table_file::encode(&solution)?;
    // Read the encoded bytes back with every check the readers make, and
    // compare every state and the counts before anything is written.
    let decoded = OutcomeFile::from_bytes(&path, &bytes)?;
    if decoded.packed != solution.outcomes || decoded.counts() != solution.counts {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let fingerprint_path = table_file::fingerprint_path(&path);
    let fingerprint =
        table_file::fingerprint(&file_name, &decoded.header, bytes.len(), solution.counts);
    atomic::write(&fingerprint_path, fingerprint.as_bytes())
        .map_err(|e| format!("{}: {e}", fingerprint_path.display()))?;
    let fingerprint_name = fingerprint_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    table_file::update_sums(&dir, &[&file_name, &fingerprint_name])?;

    let counts = solution.counts;
    println!(
        "cards ({}, {}): {} states: {} wins, {} losses, {} draws, {} not a position",
        variant.cards(),
        variant.modulus(),
        variant.states(),
        counts[code::WIN as usize],
        counts[code::LOSS as usize],
        counts[code::DRAW as usize],
        counts[code::NOT_A_POSITION as usize],
    );
    println!(
        "sweep: {:.3} ms, {} levels, {} predecessor visits",
        sweep_time.as_secs_f64() * 1e3,
        solution.levels,
        solution.predecessor_visits
    );
    println!(
        "wrote {} ({} bytes, payload sha256 {}), {} and {}",
        path.display(),
        bytes.len(),
        gametable_format::hex(&decoded.header.payload_sha256),
        fingerprint_path.display(),
        dir.join(table_file::SUMS).display()
    );
    Ok(())
}
