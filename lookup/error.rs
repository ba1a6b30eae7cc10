//! Caller-facing errors: a bad variant, hand or position, and a packed table
//! that does not fit its variant. Each names the field and value at fault.

use core::fmt;

/// A variant's parameters are out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Cards per hand not in `1..=64`.
    Cards(u8),
    /// Modulus not in `2..=16`.
    Modulus(u8),
    /// The number of hands does not fit in a `u32`.
    TooLarge {
        /// Cards per hand.
        cards: u8,
        /// Modulus.
        modulus: u8,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VariantError::Cards(n) => write!(f, "cards per hand must be in 1..=64, not {n}"),
            VariantError::Modulus(m) => write!(f, "modulus must be in 2..=16, not {m}"),
            VariantError::TooLarge { cards, modulus } => write!(
                f,
                "variant ({cards} cards, modulus {modulus}) has more than 2^32 hands"
            ),
        }
    }
}

impl core::error::Error for VariantError {}

/// A hand does not fit its variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandError {
    /// The wrong number of cards.
    CardCount {
        /// Cards per hand of the variant.
        expected: u8,
        /// Cards given.
        found: usize,
    },
    /// A card value not below the modulus.
    CardValue {
        /// Index of the card in the list given (from 0).
        position: usize,
        /// The value.
        value: u8,
        /// The variant's modulus.
        modulus: u8,
    },
    /// A count list whose length is not the modulus.
    CountsLength {
        /// The modulus.
        expected: u8,
        /// Counts given.
        found: usize,
    },
    /// Counts that do not add up to the hand size.
    CountsSum {
        /// Cards per hand of the variant.
        expected: u8,
        /// The sum of the counts given.
        found: usize,
    },
    /// A rank not below the number of hands.
    Rank {
        /// The rank given.
        rank: u32,
        /// The number of hands of the variant.
        hands: u32,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HandError::CardCount { expected, found } => write!(
                f,
                "{found} card{} given, but a hand of this variant holds {expected}",
                if found == 1 { "" } else { "s" }
            ),
            HandError::CardValue {
                position,
                value,
                modulus,
            } => write!(
                f,
                "card {} shows {value}, but values must be below {modulus}",
                position + 1
            ),
            HandError::CountsLength { expected, found } => {
                write!(f, "expected {expected} counts (one per value), not {found}")
            }
            HandError::CountsSum { expected, found } => {
                write!(
                    f,
                    "counts add up to {found}, but a hand holds {expected} cards"
                )
            }
            HandError::Rank { rank, hands } => {
                write!(
                    f,
                    "hand rank {rank} is out of range (there are {hands} hands)"
                )
            }
        }
    }
}

impl core::error::Error for HandError {}

/// Two hands that do not make a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Both hands are all zeros: the rules never reach this, and no answer is defined.
    BothAllZero,
    /// The hands belong to different variants.
    VariantMismatch,
    /// A state index not below the number of states.
    Index {
        /// The index given.
        index: u64,
        /// The number of states of the variant.
        states: u64,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::BothAllZero => {
                f.write_str("both hands are all zeros: that is not a position")
            }
            PositionError::VariantMismatch => {
                f.write_str("the two hands are of different variants")
            }
            PositionError::Index { index, states } => {
                write!(
                    f,
                    "state index {index} is out of range (there are {states} states)"
                )
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// A table that does not fit its variant, or two tables that disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The byte length is not the variant's: `ceil(states / 4)` for an
    /// outcome table ([`crate::packed_len`]), `states * bits / 8` for a
    /// distance table ([`crate::distance_len`]).
    Length {
        /// Bytes a table of this variant holds (`u64::MAX` when that does
        /// not fit in a `u64`).
        expected: u64,
        /// Bytes given.
        found: usize,
    },
    /// A state holds the "not a position" code although it is a position, or
    /// the both-zero state holds an outcome.
    Code {
        /// The first state index at fault.
        index: u64,
    },
    /// A distance table's bits per state are not 8 or 16.
    Bits {
        /// The bits per state given.
        bits: u8,
    },
    /// A state's distance is impossible by the rules alone: the both-zero
    /// state has a distance, a terminal state's is not 0, or another state's is 0.
    Distance {
        /// The first state index at fault.
        index: u64,
    },
    /// An outcome table and a distance table of different variants.
    VariantMismatch,
    /// An outcome and a distance that break the rule they obey together
    /// ([`crate::consistency::fits`]).
    Inconsistent {
        /// The first state index at fault.
        index: u64,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TableError::Length { expected, found } => write!(
                f,
                "table holds {found} bytes, but this variant needs {expected}"
            ),
            TableError::Code { index } => {
                write!(f, "table has an impossible code at state {index}")
            }
            TableError::Bits { bits } => {
                write!(f, "distance tables hold 8 or 16 bits per state, not {bits}")
            }
            TableError::Distance { index } => {
                write!(f, "table has an impossible distance at state {index}")
            }
            TableError::VariantMismatch => {
                f.write_str("the outcome and distance tables are of different variants")
            }
            TableError::Inconsistent { index } => write!(
                f,
                "the outcome and distance tables disagree at state {index}"
            ),
        }
    }
}

impl core::error::Error for TableError {}

/// Which card of a move is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// The card of the player to move (the one replaced).
    Mine,
    /// The opponent's card (added to it).
    Theirs,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Card::Mine => "the mover's card",
            Card::Theirs => "the opponent's card",
        })
    }
}

/// A move the rules do not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// One hand is all zeros: the game is over and nobody moves.
    GameOver,
    /// A value not below the modulus.
    Value {
        /// Which card.
        card: Card,
        /// The value given.
        value: u8,
        /// The variant's modulus.
        modulus: u8,
    },
    /// A card showing 0: moves use non-zero cards only.
    Zero {
        /// Which card.
        card: Card,
    },
    /// The hand holds no card showing this value.
    NotHeld {
        /// Which card.
        card: Card,
        /// The value given.
        value: u8,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::GameOver => f.write_str("the game is over: one hand shows only zeros"),
            MoveError::Value {
                card,
                value,
                modulus,
            } => write!(
                f,
                "{card} shows {value}, but values must be below {modulus}"
            ),
            MoveError::Zero { card } => {
                write!(f, "{card} shows 0, but a move uses non-zero cards only")
            }
            MoveError::NotHeld { card, value } => match card {
                Card::Mine => write!(f, "the mover holds no card showing {value}"),
                Card::Theirs => write!(f, "the opponent holds no card showing {value}"),
            },
        }
    }
}

impl core::error::Error for MoveError {}

/// A raw Stones pile `(a, b)` that is not a pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StonesError {
    /// A pile with no stones (`a = 0`); piles hold at least one.
    Stones {
        /// Index of the pile in the list given (from 0).
        pile: usize,
    },
    /// A constraint code `b` other than 0, 1 or 2.
    Constraint {
        /// Index of the pile in the list given (from 0).
        pile: usize,
        /// The code given.
        code: u64,
    },
}

impl fmt::Display for StonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StonesError::Stones { pile } => write!(
                f,
                "pile {} holds 0 stones, but a pile holds at least 1",
                pile.saturating_add(1)
            ),
            StonesError::Constraint { pile, code } => write!(
                f,
                "pile {} has constraint {code}, but constraints are 0, 1 or 2",
                pile.saturating_add(1)
            ),
        }
    }
}

impl core::error::Error for StonesError {}
