//! The table header: what the table solves and how its payload is stored.

use serde::{Deserialize, Serialize};

use crate::error::FormatError;

/// The game a table solves, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Game {
    /// Cards ("A Game With Numbers"): `cards` per hand, values mod `modulus`.
    Cards {
        /// Cards per hand.
        cards: u8,
        /// The modulus.
        modulus: u8,
    },
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
    /// One state per orbit under multiplying all cards by a unit of Z/m.
    UnitOrbits,
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

impl Header {
    /// Checks that the header's fields agree with each other.
    ///
    /// # Errors
    /// [`FormatError::Inconsistent`] naming the first disagreement.
    pub fn check(&self) -> Result<(), FormatError> {
        let Game::Cards { cards, modulus } = self.game;
        if !(1..=64).contains(&cards) {
            return Err(FormatError::Inconsistent("cards per hand not in 1..=64"));
        }
        if !(2..=16).contains(&modulus) {
            return Err(FormatError::Inconsistent("modulus not in 2..=16"));
        }
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
        Ok(())
    }
}
