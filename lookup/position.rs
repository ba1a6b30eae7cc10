//! A position: the hand of the player to move and the waiting hand, and its
//! dense index `rank(to_move) * hands + rank(waiting)`.

use crate::error::PositionError;
use crate::hand::Hand;
use crate::variant::Variant;

/// A Cards position, from the side of the player to move.
///
/// Both hands all zero is not a position (the rules never reach it), so a
/// `Position` always has a defined outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    to_move: Hand,
    waiting: Hand,
}

impl Position {
    /// The position with `to_move` to play and `waiting` waiting.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] when the hands are of different
    /// variants; [`PositionError::BothAllZero`] when both are all zeros.
    #[inline]
    pub const fn new(to_move: Hand, waiting: Hand) -> Result<Position, PositionError> {
        let (a, b) = (to_move.variant(), waiting.variant());
        if a.cards() != b.cards() || a.modulus() != b.modulus() {
            return Err(PositionError::VariantMismatch);
        }
        if to_move.is_all_zero() && waiting.is_all_zero() {
            return Err(PositionError::BothAllZero);
        }
        Ok(Position { to_move, waiting })
    }

    /// A position from hands of one variant known not to be both all zero.
    pub(crate) const fn from_hands_unchecked(
        to_move: Hand,
        waiting: Hand,
    ) -> Result<Position, crate::error::MoveError> {
        match Position::new(to_move, waiting) {
            Ok(position) => Ok(position),
            // Unreachable for the callers' hands; answered, never panicked on.
            Err(_) => Err(crate::error::MoveError::GameOver),
        }
    }

    /// The position with the given dense index.
    ///
    /// # Errors
    /// [`PositionError::Index`] when the index is out of range;
    /// [`PositionError::BothAllZero`] for index 0, the both-zero pair.
    pub const fn from_index(variant: Variant, index: u64) -> Result<Position, PositionError> {
        if index >= variant.states() {
            return Err(PositionError::Index {
                index,
                states: variant.states(),
            });
        }
        let hands = variant.hands() as u64;
        let (Ok(to_move), Ok(waiting)) = (
            Hand::unrank(variant, (index / hands) as u32),
            Hand::unrank(variant, (index % hands) as u32),
        ) else {
            // Unreachable: both ranks are below `hands` because index < hands^2.
            return Err(PositionError::Index {
                index,
                states: variant.states(),
            });
        };
        Position::new(to_move, waiting)
    }

    /// The hand of the player to move.
    pub const fn to_move(&self) -> &Hand {
        &self.to_move
    }

    /// The hand of the player waiting.
    pub const fn waiting(&self) -> &Hand {
        &self.waiting
    }

    /// The variant of both hands.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.to_move.variant()
    }

    /// The dense state index, `rank(to_move) * hands + rank(waiting)`.
    #[inline]
    pub const fn index(&self) -> u64 {
        self.to_move.rank() as u64 * self.variant().hands() as u64 + self.waiting.rank() as u64
    }
}
