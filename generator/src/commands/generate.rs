//! `gametable generate`: run the sweep, check the result by reading it back,
//! write the outcome table, the distance table, their fingerprints and the
//! checksum list atomically.

use std::path::{Path, PathBuf};
use std::time::Instant;

use gametable::{code, PerfectPlay, Variant};
use gametable_gen::atomic;
use gametable_gen::table_file::{self, DistanceFile, OutcomeFile};

/// `generate cards`: writes `path` (outcomes) and `table_file::distance_path(path)`.
pub fn cards(cards: u8, modulus: u8, output: Option<PathBuf>) -> crate::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    let path =
        output.unwrap_or_else(|| Path::new("data").join(table_file::default_file_name(variant)));
    let distance_path = table_file::distance_path(&path);
    let file_name = file_name_of(&path)?;
    let distance_name = file_name_of(&distance_path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if !dir.as_os_str().is_empty() && !dir.is_dir() {
        return Err(format!("{}: the output directory does not exist", dir.display()).into());
    }

    let started = Instant::now();
    let (solution, distances) = table_file::solve_with_distances(variant);
    let sweep_time = started.elapsed();

    let bytes = table_file::encode(&solution)?;
    let (bits, distance_payload) = table_file::pack_distances(&distances)?;
    let distance_bytes =
        gametable_format::encode(&table_file::distance_spec(variant, bits), &distance_payload)?;
    // Read the encoded bytes back with every check the readers make, and
    // compare every state and the counts before anything is written.
    let decoded = OutcomeFile::from_bytes(&path, &bytes)?;
    if decoded.packed != solution.outcomes || decoded.counts() != solution.counts {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    let decoded_distances = DistanceFile::from_bytes(&distance_path, &distance_bytes)?;
    if decoded_distances.bytes != distance_payload {
        return Err("internal error: the encoded distance table does not read back as the sweep's result; nothing written".into());
    }
    PerfectPlay::new(decoded.table(), decoded_distances.table()).map_err(|e| {
        format!(
            "internal error: the sweep's outcomes and distances disagree ({e}); nothing written"
        )
    })?;
    let stats = decoded_distances.stats();

    atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    atomic::write(&distance_path, &distance_bytes)
        .map_err(|e| format!("{}: {e}", distance_path.display()))?;
    let fingerprint_path = table_file::fingerprint_path(&path);
    let fingerprint =
        table_file::fingerprint(&file_name, &decoded.header, bytes.len(), solution.counts);
    atomic::write(&fingerprint_path, fingerprint.as_bytes())
        .map_err(|e| format!("{}: {e}", fingerprint_path.display()))?;
    let distance_fingerprint_path = table_file::fingerprint_path(&distance_path);
    let distance_fingerprint = table_file::distance_fingerprint(
        &distance_name,
        &decoded_distances.header,
        distance_bytes.len(),
        &stats,
    );
    atomic::write(&distance_fingerprint_path, distance_fingerprint.as_bytes())
        .map_err(|e| format!("{}: {e}", distance_fingerprint_path.display()))?;
    table_file::update_sums(
        &dir,
        &[
            &file_name,
            &file_name_of(&fingerprint_path)?,
            &distance_name,
            &file_name_of(&distance_fingerprint_path)?,
        ],
    )?;

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
        "longest win: {}, longest loss: {} moves; distances stored at {bits} bits per state",
        stats.longest_win.map_or(0, |(_, d)| d),
        stats.longest_loss.map_or(0, |(_, d)| d),
    );
    println!(
        "wrote {} ({} bytes, payload sha256 {}), {} ({} bytes, payload sha256 {}), their fingerprints and {}",
        path.display(),
        bytes.len(),
        gametable_format::hex(&decoded.header.payload_sha256),
        distance_path.display(),
        distance_bytes.len(),
        gametable_format::hex(&decoded_distances.header.payload_sha256),
        dir.join(table_file::SUMS).display()
    );
    Ok(())
}

fn file_name_of(path: &Path) -> crate::Result<String> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file path", path.display()).into())
}

/// `generate cards` with `--symmetry orbits` or `--compression none`: solves
/// `variant` and writes only its outcome table in that layout (default
/// name from `table_file::layout_file_name`), its fingerprint and its
/// `SHA256SUMS` entry, after reading it back with the lookup crate's own
/// opener. No distance table: those are written for the default layout only.
pub fn outcome_table(
    variant: Variant,
    output: Option<PathBuf>,
    symmetry: gametable_format::Symmetry,
    compression: gametable_format::Compression,
) -> crate::Result<()> {
    let path = output.unwrap_or_else(|| {
        Path::new("data").join(table_file::layout_file_name(variant, symmetry, compression))
    });
    let file_name = file_name_of(&path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if !dir.as_os_str().is_empty() && !dir.is_dir() {
        return Err(format!("{}: the output directory does not exist", dir.display()).into());
    }
    let started = Instant::now();
    let laid = table_file::solve_outcomes(variant, symmetry, compression)?;
    let sweep_time = started.elapsed();
    // Read back with every check the lookup crate's opener makes, and
    // compare every stored code and the counts before anything is written.
    let decoded = gametable::OpenTable::from_bytes(&laid.bytes).map_err(|e| {
        format!("internal error: the encoded table does not read back ({e}); nothing written")
    })?;
    let stored = decoded.header().states;
    if decoded.as_bytes() != laid.packed
        || table_file::count_codes(decoded.as_bytes(), stored) != laid.counts
    {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    atomic::write(&path, &laid.bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let fingerprint_path = table_file::fingerprint_path(&path);
    let fingerprint =
        table_file::fingerprint(&file_name, decoded.header(), laid.bytes.len(), laid.counts);
    atomic::write(&fingerprint_path, fingerprint.as_bytes())
        .map_err(|e| format!("{}: {e}", fingerprint_path.display()))?;
    table_file::update_sums(&dir, &[&file_name, &file_name_of(&fingerprint_path)?])?;
    println!(
        "cards ({}, {}): {stored} stored states ({:?}, {:?}): {} wins, {} losses, {} draws, {} not a position",
        variant.cards(),
        variant.modulus(),
        symmetry,
        compression,
        laid.counts[code::WIN as usize],
        laid.counts[code::LOSS as usize],
        laid.counts[code::DRAW as usize],
        laid.counts[code::NOT_A_POSITION as usize],
    );
    println!(
        "sweep: {:.3} ms, {} levels, {} predecessor visits",
        sweep_time.as_secs_f64() * 1e3,
        laid.levels,
        laid.predecessor_visits
    );
    println!(
        "wrote {} ({} bytes, payload sha256 {}), its fingerprint and {}",
        path.display(),
        laid.bytes.len(),
        gametable_format::hex(&decoded.header().payload_sha256),
        dir.join(table_file::SUMS).display()
    );
    Ok(())
}
