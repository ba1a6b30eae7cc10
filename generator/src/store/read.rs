//! Reading a table file of any game back, with every check of the format.

use std::path::Path;

use gametable_format::{Header, Symmetry, TableKind};

use super::files::{count_codes, read_bytes, TableFileError};
use crate::engine::solve::NO_DISTANCE;
use crate::engine::Game;

/// A table file of any game, read and checked: its header and its decoded
/// payload, one entry per stored state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The header.
    pub header: Header,
    /// The decoded payload: packed 2-bit codes, or little-endian distances.
    pub payload: Vec<u8>,
}

/// Reads the table file at `path` in bounded memory and checks it as
/// [`decode_table`] does.
///
/// # Errors
/// [`TableFileError::Io`], [`TableFileError::Format`] (magic, version, header,
/// length, either checksum, decompression), naming `path`.
pub fn read_table(path: &Path) -> Result<StoredTable, TableFileError> {
    let bytes = read_bytes(path)?;
    decode_table(path, &bytes)
}

/// Decodes and checks the table file `bytes` (named `path` in errors):
/// every check of the format crate. Nothing about the game is checked
/// here; see [`StoredTable::check_game`].
///
/// # Errors
/// [`TableFileError::Format`].
pub fn decode_table(path: &Path, bytes: &[u8]) -> Result<StoredTable, TableFileError> {
    let table =
        gametable_format::decode(bytes).map_err(|e| TableFileError::Format(path.into(), e))?;
    Ok(StoredTable {
        header: table.header,
        payload: table.payload,
    })
}

impl StoredTable {
    /// The game's name.
    pub fn name(&self) -> &str {
        &self.header.game.name
    }

    /// The game's parameters, in the header's order.
    pub fn parameters(&self) -> &[(String, u64)] {
        &self.header.game.parameters
    }

    /// Every state, or one per orbit.
    pub fn symmetry(&self) -> Symmetry {
        self.header.symmetry
    }

    /// Outcomes or distances.
    pub fn kind(&self) -> TableKind {
        self.header.kind
    }

    /// How many states are stored.
    pub fn stored_states(&self) -> u64 {
        self.header.states
    }

    /// The 2-bit code of stored state `stored` (outcome tables; `None`
    /// out of range or for a distance table).
    pub fn code(&self, stored: u64) -> Option<u8> {
        if self.header.kind != TableKind::Outcome || stored >= self.header.states {
            return None;
        }
        gametable::packing::code_at(&self.payload, stored)
    }

    /// Every stored state's code, one per byte (as [`crate::engine::Solved::codes`]);
    /// empty for a distance table.
    pub fn codes(&self) -> Vec<u8> {
        (0..self.header.states)
            .filter_map(|s| self.code(s))
            .collect()
    }

    /// Counts of each code over the stored states (outcome tables).
    pub fn counts(&self) -> [u64; 4] {
        match self.header.kind {
            TableKind::Outcome => count_codes(&self.payload, self.header.states),
            TableKind::Distance => [0; 4],
        }
    }

    /// The distance of stored state `stored` (distance tables; `None` for
    /// "no distance", out of range, or an outcome table).
    pub fn distance(&self, stored: u64) -> Option<u16> {
        if self.header.kind != TableKind::Distance || stored >= self.header.states {
            return None;
        }
        gametable::packing::distance_at(&self.payload, self.header.bits_per_state, stored)
    }

    /// Every stored state's distance, [`NO_DISTANCE`] for none (as
    /// [`crate::engine::Solved::distances`]); empty for an outcome table.
    pub fn distances(&self) -> Vec<u16> {
        if self.header.kind != TableKind::Distance {
            return Vec::new();
        }
        (0..self.header.states)
            .map(|s| self.distance(s).unwrap_or(NO_DISTANCE))
            .collect()
    }

    /// Checks that this is a table of `game`: the same name and parameters
    /// (names, order, values), and for a full table its state count (a
    /// reduced table's count needs the orbits: see
    /// [`crate::engine::orbits::Orbits::len`]).
    ///
    /// # Errors
    /// A message naming the first difference.
    pub fn check_game<G: Game>(&self, game: &G) -> Result<(), String> {
        let own = &self.header.game;
        let theirs = game.parameters();
        let same = own.name == game.name()
            && own.parameters.len() == theirs.len()
            && own
                .parameters
                .iter()
                .zip(&theirs)
                .all(|((n, v), (m, w))| n == m && v == w);
        if !same {
            let expected = gametable_format::Game::new(game.name(), &theirs);
            return Err(format!("a table of {own}, not of {expected}"));
        }
        if self.header.symmetry == Symmetry::None && self.header.states != game.states() {
            return Err(format!(
                "header says {} states, but {own} has {}",
                self.header.states,
                game.states()
            ));
        }
        Ok(())
    }
}
