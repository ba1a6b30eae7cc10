//! Cards' tables encoded, read back with every check a reader makes,
//! compared with the sweep that made them, and only then written with
//! their fingerprints: what `generate cards` writes, in every layout.
//!
//! Nothing is written unless the encoded bytes read back as the sweep's
//! result; a table and its distance table are both ready before either
//! lands ([`crate::store::write_with_fingerprint`] writes each atomically).

use std::path::{Path, PathBuf};

use gametable::{PerfectPlay, Variant};

use super::files::{self as cards_files, DistanceFile, OutcomeFile};
use super::solve::Solution;
use crate::engine::distances::Distances;
use crate::store;

/// What goes wrong here: a file that cannot be written, or an internal
/// error (a bug) when an encoded table does not read back as swept.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// An encoded outcome table, read back and checked, ready to write.
pub struct EncodedOutcomes {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// The same read back.
    pub decoded: OutcomeFile,
}

/// Encodes the sweep's outcomes, then reads them back with every check the
/// readers make and compares every state and the counts.
pub fn encode_outcomes(path: &Path, solution: &Solution) -> Result<EncodedOutcomes> {
    let bytes = cards_files::encode(solution)?;
    let decoded = OutcomeFile::from_bytes(path, &bytes).map_err(cards_files::read_back_error)?;
    if decoded.packed != solution.outcomes || decoded.counts() != solution.counts {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    Ok(EncodedOutcomes { bytes, decoded })
}

impl EncodedOutcomes {
    /// Writes the table and its fingerprint atomically, adding their
    /// names to `landed` as they land.
    pub fn write(&self, path: &Path, landed: &mut Vec<String>) -> Result<()> {
        let counts = self.decoded.counts();
        let fingerprint = |name: &str| {
            cards_files::fingerprint(name, &self.decoded.header, self.bytes.len(), counts)
        };
        write_encoded(path, &self.bytes, fingerprint, landed)
    }
}

/// Writes `bytes` at `path`, then the fingerprint `fingerprint` makes of
/// its file name beside it, atomically, adding their names to `landed` as
/// they land.
fn write_encoded(
    path: &Path,
    bytes: &[u8],
    fingerprint: impl FnOnce(&str) -> String,
    landed: &mut Vec<String>,
) -> Result<()> {
    let text = fingerprint(&file_name_of(path)?);
    Ok(store::write_with_fingerprint(path, bytes, &text, landed)?)
}

/// An encoded distance table, read back and checked, ready to write.
pub struct EncodedDistances {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// The same read back.
    pub decoded: DistanceFile,
    /// Its longest win and loss and histogram.
    pub stats: cards_files::DistanceStats,
}

/// Encodes the distances, reads them back, and checks them against the
/// outcomes (a [`PerfectPlay`] accepts only tables that agree).
pub fn encode_distances(
    path: &Path,
    outcomes: &OutcomeFile,
    distances: Distances,
) -> Result<EncodedDistances> {
    let distance_path = cards_files::distance_path(path);
    let (bits, payload) = cards_files::distance_payload(distances);
    let bytes = gametable_format::encode(
        &cards_files::distance_spec(outcomes.variant, bits),
        &payload,
    )?;
    // Compared by digest (see `read_back`), so that the payload and its
    // read-back are not held together.
    let digest = gametable_format::sha256(&payload);
    drop(payload);
    let decoded =
        DistanceFile::from_bytes(&distance_path, &bytes).map_err(cards_files::read_back_error)?;
    if decoded.header.payload_sha256 != digest {
        return Err("internal error: the encoded distance table does not read back as the sweep's result; nothing written".into());
    }
    PerfectPlay::new(outcomes.table(), decoded.table()).map_err(|e| {
        format!(
            "internal error: the sweep's outcomes and distances disagree ({e}); nothing written"
        )
    })?;
    let stats = decoded.stats();
    Ok(EncodedDistances {
        bytes,
        decoded,
        stats,
    })
}

impl EncodedDistances {
    /// Writes the table and its fingerprint atomically, adding their
    /// names to `landed` as they land.
    pub fn write(&self, path: &Path, landed: &mut Vec<String>) -> Result<()> {
        let fingerprint = |name: &str| {
            cards_files::distance_fingerprint(
                name,
                &self.decoded.header,
                self.bytes.len(),
                &self.stats,
            )
        };
        write_encoded(path, &self.bytes, fingerprint, landed)
    }
}

/// The file name of `path`, or an error naming a path that has none.
pub fn file_name_of(path: &Path) -> Result<String> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file path", path.display()).into())
}

/// Reads a laid-out outcome table's `bytes` back with every check the
/// lookup crate's opener makes, and compares its codes and `counts` with
/// the sweep's `packed` codes before anything is written. The codes are
/// compared by their SHA-256, taken here apart from the encoder's, so that
/// they are not held twice beside the file: the opener has checked the
/// decoded payload against the header's digest, which must then be this
/// one.
///
/// # Errors
/// An internal error (a bug) when the table does not read back as swept.
pub fn read_back(
    packed: Vec<u8>,
    bytes: Vec<u8>,
    counts: [u64; 4],
) -> Result<(Vec<u8>, gametable::OpenTable)> {
    let sweep_digest = gametable_format::sha256(&packed);
    drop(packed);
    let decoded = gametable::OpenTable::from_bytes(&bytes).map_err(|e| unreadable("table", &e))?;
    let stored = decoded.header().states;
    if decoded.header().payload_sha256 != sweep_digest
        || store::count_codes(decoded.as_bytes(), stored) != counts
    {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    Ok((bytes, decoded))
}

/// A layout's distance table, encoded, read back and checked, with its
/// fingerprint, ready to write at `path`.
pub struct EncodedLayoutDistances {
    /// Where it goes: beside its outcome table.
    pub path: PathBuf,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its fingerprint.
    pub fingerprint: String,
}

/// The distance table beside the layout table `path` (whose header is
/// `outcomes` and codes `packed`), in the same symmetry and compression,
/// of `distances`, one per stored state: checked against the codes (a
/// draw or not a position has no distance, every other state one), read
/// back with every check of the lookup crate's opener, with its
/// fingerprint, nothing written yet.
pub fn layout_distances(
    variant: Variant,
    path: &Path,
    outcomes: &gametable_format::Header,
    packed: &[u8],
    distances: Distances,
) -> Result<EncodedLayoutDistances> {
    let agrees = distances.len() as u64 == outcomes.states
        && crate::engine::deep::first_misfit(
            outcomes.states,
            |i| gametable::packing::code_at(packed, i),
            &distances,
        )
        .is_none();
    if !agrees {
        return Err(
            "internal error: the sweep's distances disagree with its outcomes; nothing written"
                .into(),
        );
    }
    let distance_path = cards_files::distance_path(path);
    let (bits, payload) = cards_files::distance_payload(distances);
    let spec = gametable_format::TableSpec {
        symmetry: outcomes.symmetry,
        states: outcomes.states,
        compression: outcomes.compression,
        ..cards_files::distance_spec(variant, bits)
    };
    let bytes = gametable_format::encode(&spec, &payload)?;
    // Compared by digest (see `read_back`), so that the payload and its
    // read-back are not held together.
    let digest = gametable_format::sha256(&payload);
    drop(payload);
    let decoded = gametable::OpenDistanceTable::from_bytes(&bytes)
        .map_err(|e| unreadable("distance table", &e))?;
    if decoded.header().payload_sha256 != digest {
        return Err(
            "internal error: the distance table does not read back as solved; nothing written"
                .into(),
        );
    }
    drop(decoded);
    let fingerprint = layout_distance_fingerprint(&distance_path, &bytes, path)?;
    Ok(EncodedLayoutDistances {
        path: distance_path,
        bytes,
        fingerprint,
    })
}

/// The fingerprint of a distance table written by `generate cards` in a
/// layout: the Cards one for a full table, the store's generic one (with the
/// regenerating command) for a reduced one. `verify` expects the same.
pub fn layout_distance_fingerprint(
    distance_path: &Path,
    bytes: &[u8],
    outcome_path: &Path,
) -> Result<String> {
    let name = file_name_of(distance_path)?;
    let table = store::decode_table(distance_path, bytes)?;
    if table.symmetry() == gametable_format::Symmetry::None {
        let file = DistanceFile::from_bytes(distance_path, bytes)?;
        return Ok(cards_files::distance_fingerprint(
            &name,
            &file.header,
            bytes.len(),
            &file.stats(),
        ));
    }
    let command = cards_files::regenerate_command(
        &table.header,
        &format!("data/{}", file_name_of(outcome_path)?),
    );
    Ok(store::fingerprint::fingerprint(
        &name,
        &table,
        bytes.len(),
        &command,
    ))
}

/// The error for an encoded table (`what`) that its opener refuses: out
/// of memory is this machine's limit, anything else a bug.
fn unreadable(what: &str, e: &gametable::OpenError) -> Box<dyn std::error::Error> {
    use gametable_format::FormatError;
    if let gametable::OpenError::Format(FormatError::NoMemory { bytes }) = e {
        cards_files::no_memory_to_read_back(*bytes).into()
    } else {
        format!("internal error: the encoded {what} does not read back ({e}); nothing written")
            .into()
    }
}
