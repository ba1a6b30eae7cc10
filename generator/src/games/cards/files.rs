//! Cards' own table files (its fast path's outcome and distance tables):
//! building them from a sweep, reading them back with every check, their
//! fingerprints and the `SHA256SUMS` list beside them.
//!
//! The byte layout lives in `gametable-format` and the files of any game in
//! [`crate::store`]; this module adds what is specific to Cards
//! (parameters, state counts, outcome codes, file names).

use std::fmt::Write as _;
use std::path::Path;

use gametable::{CardsTable, DistanceTable, Variant};
use gametable_format::{Compression, FormatError, Game, Header, Symmetry, TableKind, TableSpec};

use super::notation::describe_state;
use super::solve::Solution;
use crate::store;

pub use crate::store::{
    check_sums, count_codes, distance_path, distance_payload, distance_payload_of,
    fingerprint_path, no_memory_to_read_back, outcome_path, pack_distances, read_back_error,
    read_bytes, read_sums, update_sums, TableFileError, GENERATOR, SUMS,
};

/// The conventional file name of a variant's outcome table in a layout:
/// `cards-8-5.gtbl` for the default (full, zstd), with `-orbits` for a
/// symmetry-reduced table and `-raw` for an uncompressed one, e.g.
/// `cards-8-5-orbits-raw.gtbl`.
pub fn layout_file_name(variant: Variant, symmetry: Symmetry, compression: Compression) -> String {
    format!(
        "cards-{}-{}{}{}.gtbl",
        variant.cards(),
        variant.modulus(),
        if symmetry == Symmetry::Orbits {
            "-orbits"
        } else {
            ""
        },
        if compression == Compression::None {
            "-raw"
        } else {
            ""
        },
    )
}

/// The header's name for a Cards variant: `cards` with parameters
/// `cards` and `modulus`, in that order.
pub fn cards_game(variant: Variant) -> Game {
    Game::new(
        "cards",
        &[
            ("cards", u64::from(variant.cards())),
            ("modulus", u64::from(variant.modulus())),
        ],
    )
}

/// A header's Cards parameters, `(0, 0)` where it has none (for messages
/// and fingerprints of tables already checked).
fn cards_parameters(game: &Game) -> (u64, u64) {
    (
        game.parameter("cards").unwrap_or(0),
        game.parameter("modulus").unwrap_or(0),
    )
}

/// The spec of a full 2-bit outcome table of `variant`.
pub fn outcome_spec(variant: Variant) -> TableSpec {
    TableSpec {
        game: cards_game(variant),
        kind: TableKind::Outcome,
        bits_per_state: 2,
        symmetry: Symmetry::None,
        states: variant.states(),
        compression: Compression::Zstd,
        generator: GENERATOR.to_string(),
    }
}

/// The states a table of `variant` in layout `symmetry` stores: every
/// state, or one per orbit.
pub fn stored_states(variant: Variant, symmetry: Symmetry) -> u64 {
    match symmetry {
        Symmetry::None => variant.states(),
        // Counted, not numbered: asked before any sweep, of variants whose
        // numbering alone would not fit this machine.
        Symmetry::Orbits => gametable::symmetry::orbit_count(variant),
    }
}

/// Whether the tables `generate` would write for `variant` in layout
/// `symmetry` fit the format (its outcome table, and with `distances` its
/// distance table at the narrowest 8 bits a state): asked before the
/// sweep, so that no sweep runs for hours towards a file no reader takes.
/// (Distances take 16 bits only past 254 moves: far more than the 116
/// levels of (20, 7), past (18, 7), the largest whose distances fit over
/// orbits; were a table to need them, `encode` would refuse it.)
///
/// # Errors
/// [`FormatError::TooLarge`], with the table that does not fit.
pub fn check_writable(
    variant: Variant,
    symmetry: Symmetry,
    distances: bool,
) -> Result<(), FormatError> {
    let states = stored_states(variant, symmetry);
    gametable_format::writable_payload_len(states, 2)?;
    if distances {
        gametable_format::writable_payload_len(states, 8)?;
    }
    Ok(())
}

/// Encodes a sweep's outcomes as a table file.
///
/// # Errors
/// [`FormatError::TooLarge`] past the format's limit; otherwise only if
/// the solution's sizes disagree with its variant (a bug).
pub fn encode(solution: &Solution) -> Result<Vec<u8>, FormatError> {
    gametable_format::encode(&outcome_spec(solution.variant), &solution.outcomes)
}

/// An outcome table solved and encoded in a chosen layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaidOut {
    /// The whole table file.
    pub bytes: Vec<u8>,
    /// The packed 2-bit codes: one per state, or one per orbit.
    pub packed: Vec<u8>,
    /// Counts of each code over the stored states (orbits for a reduced table).
    pub counts: [u64; 4],
    /// The number of levels of the sweep.
    pub levels: u32,
    /// Predecessors the sweep visited.
    pub predecessor_visits: u64,
}

/// Solves `variant` and encodes its outcome table with `symmetry` and
/// `compression`. A reduced table (`Symmetry::Orbits`) holds the orbit
/// sweep's codes, one per orbit in [`gametable::symmetry::Orbits`] order
/// (converted from the sweep's padded layout); a full one the sweep's
/// expanded codes.
///
/// # Errors
/// [`FormatError::TooLarge`] past the format's limit; otherwise only if
/// the sizes disagree with the variant or the sweep gives no result (a
/// bug).
pub fn solve_outcomes(
    variant: Variant,
    symmetry: Symmetry,
    compression: Compression,
) -> Result<LaidOut, Box<dyn std::error::Error>> {
    let (packed, counts, levels, predecessor_visits, states) = match symmetry {
        Symmetry::None => {
            let solution = crate::games::cards::solve::solve(variant);
            (
                solution.outcomes,
                solution.counts,
                solution.levels,
                solution.predecessor_visits,
                variant.states(),
            )
        }
        Symmetry::Orbits => {
            // On all cores: bit for bit the single-threaded sweep.
            let solved = super::solve::solve_orbits_on(
                variant,
                &crate::engine::sweep::Threads,
                Symmetry::Orbits,
                false,
                |_, _, _| {},
            )?
            .ok_or("internal error: the sweep on this process's threads gave no result")?
            .solution;
            (
                solved.outcomes,
                solved.counts,
                solved.levels,
                solved.predecessor_visits,
                solved.stored_states,
            )
        }
    };
    Ok(lay_out(
        variant,
        symmetry,
        compression,
        (packed, counts, states),
        levels,
        predecessor_visits,
    )?)
}

/// Encodes solved codes as an outcome table of `variant` in a layout:
/// `solved` is the packed codes (every state's, or every orbit's in
/// [`gametable::symmetry::Orbits`] order), their counts and how many
/// states they hold.
///
/// # Errors
/// [`FormatError::TooLarge`] past the format's limit; otherwise only if
/// the sizes disagree with the variant (a bug).
pub fn lay_out(
    variant: Variant,
    symmetry: Symmetry,
    compression: Compression,
    (packed, counts, states): (Vec<u8>, [u64; 4], u64),
    levels: u32,
    predecessor_visits: u64,
) -> Result<LaidOut, FormatError> {
    let spec = TableSpec {
        symmetry,
        compression,
        states,
        ..outcome_spec(variant)
    };
    let bytes = gametable_format::encode(&spec, &packed)?;
    Ok(LaidOut {
        bytes,
        packed,
        counts,
        levels,
        predecessor_visits,
    })
}

/// The spec of a full distance table of `variant` at `bits` bits per state.
pub fn distance_spec(variant: Variant, bits: u8) -> TableSpec {
    TableSpec {
        kind: TableKind::Distance,
        bits_per_state: bits,
        ..outcome_spec(variant)
    }
}

pub use super::solve::{solve_orbit_distances, solve_with_distances};

/// A Cards distance table read from a file and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceFile {
    /// The header.
    pub header: Header,
    /// The variant.
    pub variant: Variant,
    /// The little-endian distances, `header.bits_per_state` bits each.
    pub bytes: Vec<u8>,
}

impl DistanceFile {
    /// A lookup table over the distances.
    pub fn table(&self) -> DistanceTable<'_> {
        DistanceTable::check_length(self.variant, self.header.bits_per_state, &self.bytes)
            .unwrap_or_else(|_| unreachable!("length checked on read"))
    }

    /// Decodes and checks a Cards distance table: the file format, then
    /// parameters, state count and what the rules alone fix (terminal states
    /// at 0, no other state at 0, no distance for the both-zero state).
    ///
    /// # Errors
    /// [`TableFileError::Format`] or [`TableFileError::Unsupported`], naming `path`.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<DistanceFile, TableFileError> {
        let table = decode_cards(path, bytes, TableKind::Distance)?;
        let (header, variant, payload) = table;
        DistanceTable::from_bytes(variant, header.bits_per_state, &payload)
            .map_err(|e| TableFileError::Unsupported(path.into(), e.to_string()))?;
        Ok(DistanceFile {
            header,
            variant,
            bytes: payload,
        })
    }

    /// Reads a table file and checks it as [`DistanceFile::from_bytes`] does.
    ///
    /// # Errors
    /// As `from_bytes`, and [`TableFileError::Io`].
    pub fn read(path: &Path) -> Result<DistanceFile, TableFileError> {
        let bytes = read_bytes(path)?;
        DistanceFile::from_bytes(path, &bytes)
    }

    /// What the distances say, counted.
    pub fn stats(&self) -> DistanceStats {
        DistanceStats::of(&self.table())
    }
}

/// Whether the table at `path` reads and stores one state per orbit.
pub fn is_reduced(path: &Path) -> bool {
    read_bytes(path).is_ok_and(|bytes| {
        gametable_format::read_raw(&bytes).is_ok_and(|raw| raw.header.symmetry == Symmetry::Orbits)
    })
}

/// Decodes a Cards table file of the given kind with every format check, and
/// checks its parameters and state count, but not its contents. The header
/// is checked against the variant before the payload is decoded, so a header
/// claiming a huge table costs nothing.
///
/// # Errors
/// [`TableFileError::Format`] or [`TableFileError::Unsupported`], naming `path`.
pub fn decode_cards(
    path: &Path,
    bytes: &[u8],
    kind: TableKind,
) -> Result<(Header, Variant, Vec<u8>), TableFileError> {
    let format = |e| TableFileError::Format(path.into(), e);
    let unsupported = |why: String| TableFileError::Unsupported(path.to_path_buf(), why);
    let raw = gametable_format::read_raw(bytes).map_err(format)?;
    let variant =
        gametable::cards_variant(&raw.header.game).map_err(|e| unsupported(e.to_string()))?;
    let (cards, modulus) = (variant.cards(), variant.modulus());
    if raw.header.kind != kind || raw.header.symmetry != Symmetry::None {
        return Err(unsupported(format!(
            "{} storing {}; expected {} storing every state",
            store::a_kind(raw.header.kind),
            store::symmetry_words(raw.header.symmetry),
            store::a_kind(kind)
        )));
    }
    if raw.header.states != variant.states() {
        return Err(unsupported(format!(
            "header says {} states, but ({cards}, {modulus}) has {}",
            raw.header.states,
            variant.states()
        )));
    }
    let payload = gametable_format::decode_payload(&raw).map_err(format)?;
    Ok((raw.header, variant, payload))
}

/// The kind of the table in a file, from its header alone (checked).
///
/// # Errors
/// [`TableFileError::Format`] when the file is not a valid table file.
pub fn kind_of(path: &Path, bytes: &[u8]) -> Result<TableKind, TableFileError> {
    gametable_format::read_raw(bytes)
        .map(|raw| raw.header.kind)
        .map_err(|e| TableFileError::Format(path.into(), e))
}

/// Counts of what a distance table says: outcomes by distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceStats {
    /// Wins, losses and draws (the both-zero state not counted).
    pub wins: u64,
    /// Losses.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// `histogram[d]` = (wins, losses) at distance `d`.
    pub histogram: Vec<(u64, u64)>,
    /// The first state (by index) of the longest win, if any.
    pub longest_win: Option<(u64, u16)>,
    /// The first state (by index) of the longest loss, if any.
    pub longest_loss: Option<(u64, u16)>,
}

impl DistanceStats {
    /// Counts `table`. A state's outcome follows from its distance: odd is a
    /// win, even a loss, except a terminal win (the player to move holds only
    /// zeros) at 0; no distance is a draw.
    pub fn of(table: &DistanceTable<'_>) -> DistanceStats {
        let hands = u64::from(table.variant().hands());
        let mut stats = DistanceStats {
            wins: 0,
            losses: 0,
            draws: 0,
            histogram: Vec::new(),
            longest_win: None,
            longest_loss: None,
        };
        for index in 1..table.variant().states() {
            let Some(d) = table.distance_at(index) else {
                stats.draws += 1;
                continue;
            };
            // The distance table read alone: a distance is a win's or a
            // loss's by the rule they obey together.
            let win = gametable::consistency::fits(gametable::code::WIN, Some(d), index, hands);
            if stats.histogram.len() <= usize::from(d) {
                stats.histogram.resize(usize::from(d) + 1, (0, 0));
            }
            let (slot, longest, total) = if win {
                (0, &mut stats.longest_win, &mut stats.wins)
            } else {
                (1, &mut stats.longest_loss, &mut stats.losses)
            };
            *total += 1;
            if let Some(bucket) = stats.histogram.get_mut(usize::from(d)) {
                if slot == 0 {
                    bucket.0 += 1;
                } else {
                    bucket.1 += 1;
                }
            }
            if longest.is_none_or(|(_, best)| d > best) {
                *longest = Some((index, d));
            }
        }
        stats
    }
}

/// The human-readable fingerprint of a distance table: parameters, sizes,
/// outcome counts, the longest win and loss, the histogram, the digest and
/// the command that makes it.
pub fn distance_fingerprint(
    file_name: &str,
    header: &Header,
    file_len: usize,
    stats: &DistanceStats,
) -> String {
    let variant = gametable::cards_variant(&header.game).ok();
    let outcome_name = store::outcome_path(Path::new(file_name))
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| file_name.to_string());
    let mut text = String::new();
    store::fingerprint::title_lines(
        &mut text,
        file_name,
        &regenerate_command(header, &format!("data/{outcome_name}")),
    );
    let _ = writeln!(
        text,
        "# Distances: moves to the end under perfect play (winner fastest, loser slowest); all-ones = draw or not a position."
    );
    store::fingerprint::body_lines(&mut text, header, file_len, false);
    let _ = writeln!(text, "wins = {}", stats.wins);
    let _ = writeln!(text, "losses = {}", stats.losses);
    let _ = writeln!(text, "draws = {}", stats.draws);
    for (name, longest) in [
        ("longest_win", stats.longest_win),
        ("longest_loss", stats.longest_loss),
    ] {
        match (longest, variant) {
            (Some((index, d)), Some(v)) => {
                let _ = writeln!(text, "{name} = {d} ({})", describe_state(v, index));
            }
            _ => {
                let _ = writeln!(text, "{name} = none");
            }
        }
    }
    for (d, (wins, losses)) in stats.histogram.iter().enumerate() {
        let _ = writeln!(text, "distance_{d} = {wins} wins, {losses} losses");
    }
    store::fingerprint::footer_lines(&mut text, header);
    text
}

/// A Cards outcome table read from a file and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeFile {
    /// The header.
    pub header: Header,
    /// The variant.
    pub variant: Variant,
    /// The packed 2-bit codes.
    pub packed: Vec<u8>,
}

impl OutcomeFile {
    /// A lookup table over the codes.
    pub fn table(&self) -> CardsTable<'_> {
        // The codes were checked by `from_bytes`.
        CardsTable::check_length(self.variant, &self.packed)
            .unwrap_or_else(|_| unreachable!("length checked on read"))
    }

    /// Counts of each outcome code, indexed by code.
    pub fn counts(&self) -> [u64; 4] {
        count_codes(&self.packed, self.variant.states())
    }

    /// Decodes and checks a Cards outcome table: the file format (magic,
    /// version, header, length, checksums), then parameters, state count and
    /// codes (only the both-zero state may say "not a position").
    ///
    /// # Errors
    /// [`TableFileError::Format`] or [`TableFileError::Unsupported`], naming `path`.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<OutcomeFile, TableFileError> {
        let (header, variant, packed) = decode_cards(path, bytes, TableKind::Outcome)?;
        CardsTable::from_packed(variant, &packed)
            .map_err(|e| TableFileError::Unsupported(path.to_path_buf(), e.to_string()))?;
        Ok(OutcomeFile {
            header,
            variant,
            packed,
        })
    }

    /// Reads a table file and checks it as [`OutcomeFile::from_bytes`] does.
    ///
    /// # Errors
    /// As `from_bytes`, and [`TableFileError::Io`].
    pub fn read(path: &Path) -> Result<OutcomeFile, TableFileError> {
        let bytes = read_bytes(path)?;
        OutcomeFile::from_bytes(path, &bytes)
    }
}

/// The human-readable fingerprint of a table: parameters, sizes, counts,
/// digest and the command that makes it. Deterministic: no dates, no paths
/// beyond the file name.
pub fn fingerprint(file_name: &str, header: &Header, file_len: usize, counts: [u64; 4]) -> String {
    let mut text = String::new();
    store::fingerprint::title_lines(
        &mut text,
        file_name,
        &regenerate_command(header, &format!("data/{file_name}")),
    );
    store::fingerprint::body_lines(&mut text, header, file_len, false);
    store::fingerprint::count_lines(&mut text, counts);
    store::fingerprint::footer_lines(&mut text, header);
    text
}

/// The command that writes the Cards table of `header` (its variant and
/// layout) as `output` again: as fingerprints record it (`data/<name>`),
/// or as `verify` tells it for a table that is stale.
pub fn regenerate_command(header: &Header, output: &str) -> String {
    let (cards, modulus) = cards_parameters(&header.game);
    format!(
        "{} cards --cards {cards} --modulus {modulus}{} --output {output}",
        gametable_format::GENERATE,
        layout_flags(header)
    )
}

/// The `generate cards` flags that choose a header's layout, empty for the
/// default one (full, zstd), with a leading space otherwise.
pub fn layout_flags(header: &Header) -> String {
    store::layout_flags(header.symmetry, header.compression, Symmetry::None)
}
