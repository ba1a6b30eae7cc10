//! A table file of any game, opened without knowing the game (feature
//! `open`): [`AnyTable`], and [`IndexedTable`] to query it by dense index
//! through the game's [`StateIndex`].
//!
//! Opening checks everything the format defines (magic, version, header,
//! length, the file's and the payload's SHA-256) and nothing about the
//! game: the header names it ([`AnyTable::name`], [`AnyTable::parameters`]),
//! [`AnyTable::with_index`] checks that a game's index fits the table, and
//! [`AnyTable::of_kind`] that it holds outcomes or distances as asked.
//! Storage as for [`crate::OpenTable`]: uncompressed payloads memory
//! mapped (read into memory from a pipe or a device), zstd payloads
//! decoded into memory.

use core::fmt;
use std::path::Path;

use gametable_format::{Game, Header, Symmetry, TableKind};

use crate::code;
use crate::index::StateIndex;
use crate::open::{code_or_none_at, distance_in, map_file, Payload, Storage};
use crate::open_error::OpenError;
use crate::outcome::Outcome;

/// A checked table file of any game and kind, queried by stored state.
///
/// ```no_run
/// use gametable::AnyTable;
///
/// let table = AnyTable::open("data/cards-8-5.gtbl")?;
/// assert_eq!(table.name(), "cards");
/// assert_eq!(table.parameter("modulus"), Some(5));
/// println!("{:?}", table.outcome(12345));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AnyTable {
    header: Header,
    storage: Storage,
}

impl AnyTable {
    /// Opens and checks the table file at `path`, of any game and kind.
    ///
    /// # Errors
    /// [`OpenError::Io`] when the file cannot be opened, read or mapped;
    /// [`OpenError::Format`] for bytes that are not a valid table file.
    pub fn open(path: impl AsRef<Path>) -> Result<AnyTable, OpenError> {
        let map = map_file(path.as_ref())?;
        let (header, payload) = check(&map)?;
        Ok(AnyTable {
            header,
            storage: Storage::of(map, payload),
        })
    }

    /// Checks the table file `bytes` as [`AnyTable::open`] does and keeps
    /// its decoded payload in memory.
    ///
    /// # Errors
    /// [`OpenError::Format`].
    pub fn from_bytes(bytes: &[u8]) -> Result<AnyTable, OpenError> {
        let (header, payload) = check(bytes)?;
        Ok(AnyTable {
            header,
            storage: Storage::copied(bytes, payload),
        })
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The game's name (`cards`, `connect4`).
    pub fn name(&self) -> &str {
        &self.header.game.name
    }

    /// The game's parameters in the header's order.
    pub fn parameters(&self) -> &[(std::string::String, u64)] {
        &self.header.game.parameters
    }

    /// The value of parameter `name`, if the game has it.
    pub fn parameter(&self, name: &str) -> Option<u64> {
        self.header.game.parameter(name)
    }

    /// Which states are stored: every one, or one per orbit.
    pub fn symmetry(&self) -> Symmetry {
        self.header.symmetry
    }

    /// Outcomes or distances.
    pub fn kind(&self) -> TableKind {
        self.header.kind
    }

    /// Bits per stored state: 2 for outcomes, 8 or 16 for distances.
    pub fn bits(&self) -> u8 {
        self.header.bits_per_state
    }

    /// How many states are stored.
    pub fn stored_states(&self) -> u64 {
        self.header.states
    }

    /// True when the payload is read from the mapped file.
    pub fn is_mapped(&self) -> bool {
        self.storage.is_mapped()
    }

    /// The payload as decoded: packed 2-bit codes or little-endian distances.
    pub fn as_bytes(&self) -> &[u8] {
        self.storage.payload()
    }

    /// The 2-bit code ([`code`]) of stored state `stored` of an outcome
    /// table; `NOT_A_POSITION` out of range or for a distance table.
    #[inline]
    pub fn code(&self, stored: u64) -> u8 {
        if self.header.kind != TableKind::Outcome || stored >= self.header.states {
            return code::NOT_A_POSITION;
        }
        code_or_none_at(self.as_bytes(), stored)
    }

    /// The outcome of stored state `stored` for the player to move, `None`
    /// for "not a position" (and as for [`AnyTable::code`]).
    #[inline]
    pub fn outcome(&self, stored: u64) -> Option<Outcome> {
        Outcome::from_code(self.code(stored))
    }

    /// The distance of stored state `stored` of a distance table; `None`
    /// for "no distance" (a draw, not a position), out of range, or for an
    /// outcome table.
    #[inline]
    pub fn distance(&self, stored: u64) -> Option<u16> {
        if self.header.kind != TableKind::Distance || stored >= self.header.states {
            return None;
        }
        distance_in(self.as_bytes(), self.header.bits_per_state, stored)
    }

    /// Checks that `index` is this table's: the same game name, parameters
    /// (names, order and values), symmetry and stored state count.
    ///
    /// # Errors
    /// [`OpenError::Game`] for another game or parameters,
    /// [`OpenError::Index`] for another symmetry or stored count.
    pub fn check_index<I: StateIndex + ?Sized>(&self, index: &I) -> Result<(), OpenError> {
        let game = &self.header.game;
        let same_game = game.name == index.name()
            && game.parameters.len() == index.parameters().len()
            && game
                .parameters
                .iter()
                .zip(index.parameters())
                .all(|((n, v), (m, w))| n == m && v == w);
        if !same_game {
            return Err(OpenError::Game {
                found: game.clone(),
                expected: std::format!(
                    "{}, the index's",
                    Game::new(index.name(), index.parameters())
                )
                .into(),
            });
        }
        let reduced = self.header.symmetry == Symmetry::Orbits;
        if reduced != index.reduced() {
            return Err(OpenError::Index {
                why: std::format!(
                    "the table stores {}, the index {}",
                    stores(reduced),
                    stores(index.reduced())
                ),
            });
        }
        if self.header.states != index.stored_states() {
            return Err(OpenError::Index {
                why: std::format!(
                    "header says {} stored states, the index has {}",
                    self.header.states,
                    index.stored_states()
                ),
            });
        }
        Ok(())
    }

    /// This table, checked to be of `kind`: an outcome table and its
    /// distance table share a game, parameters and size, so that
    /// [`AnyTable::with_index`] takes either, and the one opened in place
    /// of the other answers `None` at every index.
    ///
    /// # Errors
    /// [`OpenError::Kind`] for a table of the other kind.
    pub fn of_kind(self, kind: TableKind) -> Result<AnyTable, OpenError> {
        if self.header.kind != kind {
            return Err(OpenError::Kind {
                expected: kind,
                found: self.header.kind,
            });
        }
        Ok(self)
    }

    /// This table read through `index`, after [`AnyTable::check_index`].
    /// Outcome and distance tables alike: [`AnyTable::of_kind`] checks
    /// which was opened.
    ///
    /// # Errors
    /// As [`AnyTable::check_index`].
    pub fn with_index<I: StateIndex>(self, index: I) -> Result<IndexedTable<I>, OpenError> {
        self.check_index(&index)?;
        Ok(IndexedTable { table: self, index })
    }
}

fn stores(reduced: bool) -> &'static str {
    if reduced {
        "one state per orbit"
    } else {
        "every state"
    }
}

impl fmt::Debug for AnyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyTable")
            .field("header", &self.header)
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

/// The format's checks, and nothing about the game.
fn check(bytes: &[u8]) -> Result<(Header, Payload), OpenError> {
    let raw = gametable_format::read_raw(bytes)?;
    let payload = gametable_format::payload(&raw)?;
    Ok((raw.header.clone(), Payload::of(payload)))
}

/// A table of any game queried by the game's dense indices through its
/// [`StateIndex`] (checked to fit the table when made).
#[derive(Debug)]
pub struct IndexedTable<I> {
    table: AnyTable,
    index: I,
}

impl<I: StateIndex> IndexedTable<I> {
    /// The table, queried by stored state.
    pub fn table(&self) -> &AnyTable {
        &self.table
    }

    /// The index.
    pub fn index(&self) -> &I {
        &self.index
    }

    /// The 2-bit code of dense index `index`; `NOT_A_POSITION` where the
    /// index stores nothing.
    #[inline]
    pub fn code_at(&self, index: u64) -> u8 {
        match self.index.stored(index) {
            Some(stored) => self.table.code(stored),
            None => code::NOT_A_POSITION,
        }
    }

    /// The outcome of dense index `index` for the player to move (outcome
    /// tables; `None` everywhere in a distance table, see
    /// [`AnyTable::of_kind`]).
    #[inline]
    pub fn outcome_at(&self, index: u64) -> Option<Outcome> {
        Outcome::from_code(self.code_at(index))
    }

    /// The distance of dense index `index` (distance tables; `None`
    /// everywhere in an outcome table, see [`AnyTable::of_kind`]).
    #[inline]
    pub fn distance_at(&self, index: u64) -> Option<u16> {
        self.table.distance(self.index.stored(index)?)
    }
}

impl crate::open::OpenTable {
    /// Opens a table file of any game and kind without knowing the game:
    /// [`AnyTable::open`].
    ///
    /// # Errors
    /// As [`AnyTable::open`].
    pub fn open_any(path: impl AsRef<Path>) -> Result<AnyTable, OpenError> {
        AnyTable::open(path)
    }
}
