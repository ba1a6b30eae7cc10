//! The table header: what the table solves and how its payload is stored.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::FormatError;

/// The longest game or parameter name a header may hold, in bytes.
pub const MAX_NAME_LEN: usize = 32;

/// The most parameters a game may have in a header.
pub const MAX_PARAMETERS: usize = 16;

/// The game a table solves: its name and its parameters, in the game's own
/// fixed order (`cards` with `[("cards", 8), ("modulus", 5)]`).
///
/// The format checks only that the names are well formed ([`Game::check`]);
/// whether the values make a game is for the game's own reader to say.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// The game's name: lowercase ASCII letters, digits and `_`, starting
    /// with a letter, at most [`MAX_NAME_LEN`] bytes (`cards`, `connect4`).
    pub name: String,
    /// The parameters, named as the game's name is, each name once.
    pub parameters: Vec<(String, u64)>,
}

impl Game {
    /// A game from borrowed names (not checked: see [`Game::check`]).
    pub fn new(name: &str, parameters: &[(&str, u64)]) -> Game {
        Game {
            name: name.to_string(),
            parameters: parameters
                .iter()
                .map(|&(n, v)| (n.to_string(), v))
                .collect(),
        }
    }

    /// The value of parameter `name`, if the game has it.
    pub fn parameter(&self, name: &str) -> Option<u64> {
        self.parameters
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
    }

    /// Whether this is game `name` with exactly the parameter names `names`,
    /// in that order.
    pub fn is(&self, name: &str, names: &[&str]) -> bool {
        self.name == name
            && self.parameters.len() == names.len()
            && self.parameters.iter().zip(names).all(|((n, _), m)| n == m)
    }

    /// Checks the names: the game's name and every parameter's name well
    /// formed, parameter names distinct, at most [`MAX_PARAMETERS`].
    ///
    /// # Errors
    /// [`FormatError::Inconsistent`] naming the first problem.
    pub fn check(&self) -> Result<(), FormatError> {
        if !well_formed(&self.name) {
            return Err(FormatError::Inconsistent(
                "game name is not 1 to 32 lowercase ascii letters, digits or '_' starting with a letter",
            ));
        }
        if self.parameters.len() > MAX_PARAMETERS {
            return Err(FormatError::Inconsistent("more than 16 parameters"));
        }
        for (i, (name, _)) in self.parameters.iter().enumerate() {
            if !well_formed(name) {
                return Err(FormatError::Inconsistent(
                    "parameter name is not 1 to 32 lowercase ascii letters, digits or '_' starting with a letter",
                ));
            }
            if self.parameters.iter().take(i).any(|(n, _)| n == name) {
                return Err(FormatError::Inconsistent("a parameter is named twice"));
            }
        }
        Ok(())
    }
}

/// `cards (cards = 8, modulus = 5)`; `tictactoe` without parameters.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (name, value)) in self.parameters.iter().enumerate() {
            let open = if i == 0 { " (" } else { ", " };
            write!(f, "{open}{name} = {value}")?;
        }
        if !self.parameters.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

fn well_formed(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() <= MAX_NAME_LEN
        && bytes.first().is_some_and(u8::is_ascii_lowercase)
        && bytes
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// What a table holds for each state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableKind {
    /// A 2-bit outcome code per state (draw, win, loss, not a position).
    Outcome,
    /// The distance to the end under perfect play, one unsigned
    /// little-endian integer of `bits_per_state` bits per state; all ones
    /// means a draw or not a position.
    Distance,
}

/// Which states a table stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Symmetry {
    /// Every state, by its dense index.
    None,
    /// One state per orbit of the game's own symmetry, numbered densely in
    /// increasing order of the orbit's canonical dense index (the member
    /// the game's canonical form picks, not necessarily the least). For
    /// Cards the symmetry is multiplying all cards by a unit of Z/m and the
    /// both-zero state keeps its orbit (with "not a position"); the engine
    /// numbers every canonical index too, positions or not, and a game
    /// that numbers its own orbits may leave out the states its rules
    /// settle.
    Orbits,
}

/// How a payload is stored in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Compression {
    /// As is (can be memory mapped).
    None,
    /// One zstd frame.
    Zstd,
}

/// The header of a table file, serialized with postcard after the preamble.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The game and its parameters.
    pub game: Game,
    /// What each state holds.
    pub kind: TableKind,
    /// Bits per stored state: 2 for outcomes, 8 or 16 for distances.
    pub bits_per_state: u8,
    /// Which states are stored.
    pub symmetry: Symmetry,
    /// The number of stored states.
    pub states: u64,
    /// How the payload is stored.
    pub compression: Compression,
    /// The decoded payload's length in bytes.
    pub payload_len: u64,
    /// The stored payload's length in bytes.
    pub stored_len: u64,
    /// SHA-256 of the decoded payload.
    pub payload_sha256: [u8; 32],
    /// The maker and its version, e.g. `gametable-gen 0.1.0`.
    pub generator: String,
}

/// The longest generator string a header holds (`gametable-gen 0.1.0`).
pub const MAX_GENERATOR_LEN: usize = 128;

impl Header {
    /// Checks that the header's fields agree with each other. The game's
    /// parameters are checked by name only ([`Game::check`]): their values
    /// are for the game's reader.
    ///
    /// # Errors
    /// [`FormatError::Inconsistent`] naming the first disagreement.
    pub fn check(&self) -> Result<(), FormatError> {
        self.game.check()?;
        let bits_ok = match self.kind {
            TableKind::Outcome => self.bits_per_state == 2,
            TableKind::Distance => matches!(self.bits_per_state, 8 | 16),
        };
        if !bits_ok {
            return Err(FormatError::Inconsistent(
                "bits per state do not fit the table kind",
            ));
        }
        if crate::payload_len(self.states, self.bits_per_state) != Some(self.payload_len) {
            return Err(FormatError::Inconsistent(
                "payload length does not match states times bits per state",
            ));
        }
        if self.compression == Compression::None && self.stored_len != self.payload_len {
            return Err(FormatError::Inconsistent(
                "an uncompressed payload's stored and decoded lengths differ",
            ));
        }
        // One line of text, as fingerprints and messages quote it.
        let generator = self.generator.as_bytes();
        if generator.is_empty()
            || generator.len() > MAX_GENERATOR_LEN
            || !generator.iter().all(|b| (b' '..=b'~').contains(b))
        {
            return Err(FormatError::Inconsistent(
                "the generator is not 1 to 128 printable ascii characters",
            ));
        }
        Ok(())
    }
}
