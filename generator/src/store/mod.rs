//! Table files of any game: writing a solved game's outcome and distance
//! tables ([`write_tables`]), reading any table back ([`read_table`]), their
//! fingerprints ([`fingerprint`]) and the `SHA256SUMS` list beside them.
//!
//! The byte layout lives in `gametable-format`; nothing here knows a
//! particular game: the game names itself and its parameters
//! ([`crate::engine::Game::name`], [`crate::engine::Game::parameters`]), and
//! the solver says which states are stored ([`crate::engine::Solved`]: every
//! index, or one state per orbit). Cards' own table files (its fast path's
//! outcome and distance tables) are [`crate::games::cards::files`], built
//! on this module; [`atomic`] writes every file so that a killed run loses
//! nothing.

pub mod atomic;
mod files;
pub mod fingerprint;
mod lock;
mod read;
mod sums;
mod tables;
mod write;

/// The command line's `verify --deep` checks a pair given by two paths.
#[cfg(feature = "cli")]
pub(crate) use files::pair_mismatch;
pub use files::{
    check_output, clear_before_landing, count_codes, distance_beside, distance_path,
    distance_payload, distance_payload_of, drop_old_distances, failed_after_removing,
    files_written_beside, fingerprint_path, no_memory_to_read_back, outcome_beside, outcome_path,
    pack_distances, read_back_error, read_bytes, read_checked_header, read_header_only,
    read_header_or_damage, read_whole, settle_failed_write, something_at, write_with_fingerprint,
    TableFileError, GENERATOR, MAX_COMPANION_LEN, SUMS,
};
/// How a payload is stored ([`WriteOptions::compression`]), re-exported so
/// that a game outside this crate writes tables without naming the format crate.
pub use gametable_format::Compression;
/// The checkpoints' lock, as the checksum list's.
pub(crate) use lock::open_lock_file;
pub use lock::{lock_tables_in, DirLock};
pub use read::{decode_table, read_table, StoredTable};
pub use sums::{check_sums, read_sums, update_sums};
pub use tables::{check_orbit_count, GameTables};
/// The command line's `stats` checks a pair it reads on its own.
#[cfg(feature = "cli")]
pub(crate) use tables::{check_pair, first_unpaired_state};
pub use write::{write_tables, WriteOptions, Written};

/// A table kind in words: `outcome table`, `distance table`.
pub fn kind_words(kind: gametable_format::TableKind) -> &'static str {
    match kind {
        gametable_format::TableKind::Outcome => "outcome table",
        gametable_format::TableKind::Distance => "distance table",
    }
}

/// [`kind_words`] with its article: "an outcome table", "a distance table".
pub fn a_kind(kind: gametable_format::TableKind) -> String {
    let words = kind_words(kind);
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {words}")
}

/// A layout's symmetry in words.
pub fn symmetry_words(symmetry: gametable_format::Symmetry) -> &'static str {
    match symmetry {
        gametable_format::Symmetry::None => "every state",
        gametable_format::Symmetry::Orbits => "one state per orbit of the game's symmetry",
    }
}

/// A payload's compression in words.
pub fn compression_words(compression: gametable_format::Compression) -> &'static str {
    match compression {
        gametable_format::Compression::None => "uncompressed",
        gametable_format::Compression::Zstd => "zstd",
    }
}

/// The `generate` flags that ask for layout `symmetry` and `compression`,
/// each with its leading space, where `default` is the symmetry the
/// command stores without `--symmetry` (every state for Cards' fast path,
/// one per orbit for a game on the engine); zstd is every command's default
/// compression. Fingerprints record them in the regenerating command.
pub fn layout_flags(
    symmetry: gametable_format::Symmetry,
    compression: gametable_format::Compression,
    default: gametable_format::Symmetry,
) -> String {
    let mut flags = String::new();
    if symmetry != default {
        flags.push_str(match symmetry {
            gametable_format::Symmetry::None => " --symmetry none",
            gametable_format::Symmetry::Orbits => " --symmetry orbits",
        });
    }
    if compression == gametable_format::Compression::None {
        flags.push_str(" --compression none");
    }
    flags
}
