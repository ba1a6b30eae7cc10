//! An outcome table over packed 2-bit codes, and lookups into it.
//!
//! State `i` sits in byte `i / 4` at bits `2 * (i % 4)` (low bits first).
//! A lookup combines the two hands' ranks (computed when each hand was
//! built) into the state index, then does one load and one shift: no
//! allocation, no initialisation, no locks.

use crate::code;
use crate::error::{PositionError, TableError};
use crate::hand::Hand;
use crate::outcome::{Outcome, Player, Verdict};
use crate::position::Position;
use crate::variant::Variant;

/// The outcome of every state of one Cards variant, as packed 2-bit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardsTable<'a> {
    variant: Variant,
    packed: &'a [u8],
}

/// The number of bytes a packed 2-bit table of `states` states takes.
pub const fn packed_len(states: u64) -> u64 {
    states.div_ceil(4)
}

impl<'a> CardsTable<'a> {
    /// A table over `packed`, checked: the length must fit the variant, the
    /// both-zero state (index 0) must hold the "not a position" code and no
    /// other state may.
    ///
    /// # Errors
    /// [`TableError::Length`] or [`TableError::Code`].
    pub fn from_packed(variant: Variant, packed: &'a [u8]) -> Result<CardsTable<'a>, TableError> {
        let table = CardsTable::check_length(variant, packed)?;
        if let Some(index) =
            (0..variant.states()).find(|&i| (table.code(i) == code::NOT_A_POSITION) != (i == 0))
        {
            return Err(TableError::Code { index });
        }
        Ok(table)
    }

    /// A table over `packed`, checking the length only.
    ///
    /// For bytes already validated (as `build.rs` does for the embedded
    /// table): a "not a position" code at a real position is read as a draw.
    ///
    /// # Errors
    /// [`TableError::Length`].
    pub const fn check_length(
        variant: Variant,
        packed: &'a [u8],
    ) -> Result<CardsTable<'a>, TableError> {
        let expected = packed_len(variant.states());
        if packed.len() as u64 != expected {
            return Err(TableError::Length {
                expected,
                found: packed.len(),
            });
        }
        Ok(CardsTable { variant, packed })
    }

    /// The variant this table solves.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The packed codes.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.packed
    }

    /// The 2-bit code of state `index` ([`code`]); `NOT_A_POSITION` for an
    /// index out of range (the last byte's unused slots included).
    #[inline]
    pub const fn code(&self, index: u64) -> u8 {
        if index >= self.variant.states() {
            return code::NOT_A_POSITION;
        }
        self.code_in_bytes(index)
    }

    /// The code at `index` of the packed bytes, `NOT_A_POSITION` past
    /// their end: an index of this variant's is always in range.
    #[inline]
    const fn code_in_bytes(&self, index: u64) -> u8 {
        match crate::packing::code_at(self.packed, index) {
            Some(code) => code,
            None => code::NOT_A_POSITION,
        }
    }

    /// The outcome of a position for the player to move.
    ///
    /// The variant is not checked (this is the one-load lookup): a position
    /// of another variant is answered with whatever its index holds here,
    /// or a draw past the table's end. Use [`CardsTable::try_outcome`] when
    /// the variant is not known to match.
    #[inline]
    pub const fn outcome(&self, position: &Position) -> Outcome {
        match Outcome::from_code(self.code_in_bytes(position.index())) {
            Some(outcome) => outcome,
            None => Outcome::Draw,
        }
    }

    /// The outcome of a position, checking that it is of this table's variant.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`].
    #[inline]
    pub const fn try_outcome(&self, position: &Position) -> Result<Outcome, PositionError> {
        let (a, b) = (position.variant(), self.variant);
        if a.cards() != b.cards() || a.modulus() != b.modulus() {
            return Err(PositionError::VariantMismatch);
        }
        Ok(self.outcome(position))
    }

    /// The outcome for the player to move holding `to_move` against `waiting`.
    ///
    /// # Errors
    /// As [`Position::new`], and [`PositionError::VariantMismatch`] when the
    /// hands are not of this table's variant.
    #[inline]
    pub const fn probe(&self, to_move: Hand, waiting: Hand) -> Result<Outcome, PositionError> {
        match Position::new(to_move, waiting) {
            Ok(position) => self.try_outcome(&position),
            Err(e) => Err(e),
        }
    }

    /// The answer to a judge situation: `first` moves, Alice holds `alice`,
    /// Bob holds `bob`.
    ///
    /// # Errors
    /// As [`CardsTable::probe`].
    #[inline]
    pub const fn verdict(
        &self,
        first: Player,
        alice: Hand,
        bob: Hand,
    ) -> Result<Verdict, PositionError> {
        let (to_move, waiting) = match first {
            Player::Alice => (alice, bob),
            Player::Bob => (bob, alice),
        };
        match self.probe(to_move, waiting) {
            Ok(outcome) => Ok(Verdict::from_outcome(first, outcome)),
            Err(e) => Err(e),
        }
    }
}
