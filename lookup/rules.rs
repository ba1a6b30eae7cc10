//! The rules, forward: the legal moves of a position and the position each
//! leads to.
//!
//! From `(A, B)` with A to move, a move picks a value `a != 0` that A holds and
//! a value `b != 0` that B holds, and leads to `(B, A - a + (a + b) mod m)`:
//! the opponent is to move next. Moves are named by these two values, since
//! card order inside a hand never matters; distinct pairs lead to distinct
//! positions, so a position has at most `(m - 1)^2` moves ([`MAX_MOVES`]).
//! These functions know nothing of tables: they are what a verifier that
//! trusts no table checks against.

use crate::error::{Card, MoveError};
use crate::hand::Hand;
use crate::position::Position;
use crate::variant::MAX_MODULUS;

/// The most moves any position of any supported variant has: `(16 - 1)^2`.
pub const MAX_MOVES: usize = (MAX_MODULUS as usize - 1) * (MAX_MODULUS as usize - 1);

impl Position {
    /// True when one hand is all zeros: the game is over, nobody moves.
    pub const fn is_terminal(&self) -> bool {
        self.to_move().is_all_zero() || self.waiting().is_all_zero()
    }

    /// The position after the player to move replaces a card showing `mine`
    /// by `(mine + theirs) mod m`, using an opponent's card showing `theirs`.
    /// The opponent is to move in the result.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] in a terminal position; otherwise, checking
    /// the mover's card first, [`MoveError::Value`] for a value not below the
    /// modulus, [`MoveError::Zero`] for 0 and [`MoveError::NotHeld`] for a
    /// value the hand does not hold.
    pub const fn play(&self, mine: u8, theirs: u8) -> Result<Position, MoveError> {
        if self.is_terminal() {
            return Err(MoveError::GameOver);
        }
        let modulus = self.variant().modulus();
        if let Some(e) = check_card(Card::Mine, mine, self.to_move(), modulus) {
            return Err(e);
        }
        if let Some(e) = check_card(Card::Theirs, theirs, self.waiting(), modulus) {
            return Err(e);
        }
        let sum = ((mine as u16 + theirs as u16) % modulus as u16) as u8;
        let Some(moved) = self.to_move().replace(mine, sum) else {
            // Unreachable: `mine` is below the modulus and held, checked above.
            return Err(MoveError::NotHeld {
                card: Card::Mine,
                value: mine,
            });
        };
        // The waiting hand holds `theirs != 0`, so the result is never both-zero.
        Position::from_hands_unchecked(*self.waiting(), moved)
    }

    /// The legal moves as `(mine, theirs)` value pairs, in increasing order of
    /// `mine`, then `theirs`. None in a terminal position.
    pub const fn legal_moves(&self) -> LegalMoves {
        if self.is_terminal() {
            return LegalMoves {
                mine: 0,
                theirs: 0,
                theirs_left: 0,
            };
        }
        let mine = self.to_move().values() & !1;
        let theirs = self.waiting().values() & !1;
        LegalMoves {
            mine,
            theirs,
            theirs_left: if mine == 0 { 0 } else { theirs },
        }
    }
}

/// Why `value` cannot be played as `card` from `hand`, if it cannot.
const fn check_card(card: Card, value: u8, hand: &Hand, modulus: u8) -> Option<MoveError> {
    if value >= modulus {
        return Some(MoveError::Value {
            card,
            value,
            modulus,
        });
    }
    if value == 0 {
        return Some(MoveError::Zero { card });
    }
    if hand.count(value) == 0 {
        return Some(MoveError::NotHeld { card, value });
    }
    None
}

/// The legal moves of a position as `(mine, theirs)` value pairs; see
/// [`Position::legal_moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalMoves {
    /// Values of the mover not yet finished, lowest first.
    mine: u16,
    /// Every non-zero value the opponent holds.
    theirs: u16,
    /// The opponent's values still to pair with the lowest of `mine`.
    theirs_left: u16,
}

impl Iterator for LegalMoves {
    type Item = (u8, u8);

    fn next(&mut self) -> Option<(u8, u8)> {
        while self.mine != 0 {
            if self.theirs_left != 0 {
                let mine = self.mine.trailing_zeros() as u8;
                let theirs = self.theirs_left.trailing_zeros() as u8;
                self.theirs_left &= self.theirs_left - 1;
                return Some((mine, theirs));
            }
            self.mine &= self.mine - 1;
            self.theirs_left = self.theirs;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = if self.mine == 0 {
            0
        } else {
            self.theirs_left.count_ones() as usize
                + (self.mine.count_ones() as usize - 1) * self.theirs.count_ones() as usize
        };
        (rest, Some(rest))
    }
}

impl ExactSizeIterator for LegalMoves {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn hand(cards: &[u8]) -> Hand {
        Hand::from_cards(Variant::CLASSIC, cards).unwrap()
    }

    #[test]
    fn play_follows_the_rules() {
        let p = Position::new(
            hand(&[1, 2, 0, 0, 0, 0, 0, 0]),
            hand(&[4, 4, 3, 0, 0, 0, 0, 0]),
        )
        .unwrap();
        let q = p.play(1, 4).unwrap();
        assert_eq!(*q.to_move(), hand(&[4, 4, 3, 0, 0, 0, 0, 0]));
        assert_eq!(*q.waiting(), hand(&[0, 2, 0, 0, 0, 0, 0, 0]));
        let q = p.play(2, 4).unwrap();
        assert_eq!(*q.waiting(), hand(&[1, 1, 0, 0, 0, 0, 0, 0]));
    }

    #[test]
    fn legal_moves_are_the_nonzero_pairs() {
        let p = Position::new(
            hand(&[1, 2, 2, 0, 0, 0, 0, 0]),
            hand(&[4, 3, 3, 0, 0, 0, 0, 0]),
        )
        .unwrap();
        let moves: Vec<_> = p.legal_moves().collect();
        assert_eq!(moves, vec![(1, 3), (1, 4), (2, 3), (2, 4)]);
        assert_eq!(p.legal_moves().len(), 4);
        for (a, b) in moves {
            assert!(p.play(a, b).is_ok());
        }
    }

    #[test]
    fn illegal_moves_are_named() {
        let p = Position::new(
            hand(&[1, 0, 0, 0, 0, 0, 0, 0]),
            hand(&[4, 0, 0, 0, 0, 0, 0, 0]),
        )
        .unwrap();
        assert_eq!(
            p.play(5, 4),
            Err(MoveError::Value {
                card: Card::Mine,
                value: 5,
                modulus: 5
            })
        );
        assert_eq!(p.play(0, 4), Err(MoveError::Zero { card: Card::Mine }));
        assert_eq!(
            p.play(2, 4),
            Err(MoveError::NotHeld {
                card: Card::Mine,
                value: 2
            })
        );
        assert_eq!(
            p.play(1, 3),
            Err(MoveError::NotHeld {
                card: Card::Theirs,
                value: 3
            })
        );
        assert_eq!(p.play(1, 0), Err(MoveError::Zero { card: Card::Theirs }));
        let over = Position::new(Hand::all_zero(Variant::CLASSIC), hand(&[4; 8])).unwrap();
        assert_eq!(over.play(1, 4), Err(MoveError::GameOver));
        assert_eq!(over.legal_moves().count(), 0);
        let over = Position::new(hand(&[4; 8]), Hand::all_zero(Variant::CLASSIC)).unwrap();
        assert_eq!(over.legal_moves().count(), 0);
    }

    #[test]
    fn every_classic_position_has_nonzero_times_nonzero_moves() {
        let v = Variant::CLASSIC;
        for index in 1..v.states() {
            let p = Position::from_index(v, index).unwrap();
            let nonzero = |h: &Hand| (h.values() & !1).count_ones() as usize;
            let expected = if p.is_terminal() {
                0
            } else {
                nonzero(p.to_move()) * nonzero(p.waiting())
            };
            assert_eq!(p.legal_moves().count(), expected);
        }
    }
}
