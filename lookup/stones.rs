//! *Stones* ("Yet Another Game of Stones", ZOJ 3964), decided in closed form.
//!
//! ```
//! use gametable::stones::{self, Constraint, Pile, StonesMove};
//! use gametable::Player;
//!
//! // The judge sample, case 1: piles of 4 (odd takes only) and 1 (anything).
//! let piles = [Pile::from_raw(0, 4, 1)?, Pile::from_raw(1, 1, 0)?];
//! assert_eq!(stones::winner(piles), Player::Alice);
//! // Alice takes 3 from the first pile, leaving two single stones.
//! assert_eq!(stones::winning_move(&piles), Some(StonesMove { pile: 0, take: 3 }));
//! // Cases 2 and 3: one pile, even takes only, of 3 stones and of 1.
//! assert_eq!(stones::winner(Pile::new(3, Constraint::Even)), Player::Bob);
//! assert_eq!(stones::winner(Pile::new(1, Constraint::Even)), Player::Bob);
//! # Ok::<(), gametable::StonesError>(())
//! ```
//!
//! # The game
//! Piles of stones; Alice moves first, then the players alternate. A move
//! takes a positive number of stones from one pile. Bob may take any number;
//! Alice is bound by each pile's [`Constraint`]: any number, an odd number or
//! an even number. Whoever cannot move loses. Stones only decrease, so the
//! game ends and there are no draws.
//!
//! # The rule, derived
//! Call a pile *plain* when both players have the same moves on it: a pile
//! with [`Constraint::Any`], or a pile of a single stone with
//! [`Constraint::Odd`] (taking that stone is an odd take, and the only move
//! either player has there). Every other pile is *restricted*: any
//! [`Constraint::Even`] pile, and an [`Constraint::Odd`] pile of 2 or more
//! stones. Alice can *finish* a restricted pile (take it whole in one move)
//! exactly when its size has the constraint's parity: an odd size under
//! `Odd`, an even size under `Even`.
//!
//! Plain piles stay plain (a move on an `Any` pile leaves an `Any` pile, and
//! a single `Odd` stone can only be taken away), so a position of plain piles
//! only is ordinary Nim for both players: the player to move wins iff the
//! exclusive or (the *Nim sum*) of the pile sizes is not 0. A restricted pile
//! that is not emptied stays restricted, except that an `Odd` pile brought
//! down to one stone becomes plain.
//!
//! Let `x` be the Nim sum of the plain piles. Two claims, proved together by
//! induction on the number of stones:
//!
//! **(B)** *With Bob to move and at least one restricted pile, Bob wins.*
//!
//! **(A)** *With Alice to move, Alice wins exactly when* (1) there is no
//! restricted pile and `x != 0`; or (2) there is exactly one restricted pile,
//! Alice can finish it, and `x = 0`; or (3) there is exactly one restricted
//! pile, it is an `Odd` pile of an even size, and `x = 1`.
//!
//! *Proof of (A), using (B) on smaller positions.* If Alice's move leaves a
//! restricted pile, Bob wins by (B). So she wins iff some move leaves only
//! plain piles with Nim sum 0 (then Bob is the one to move in a lost Nim
//! position). With no restricted pile that is Nim: case (1). With two or
//! more, one move cannot remove them all: she loses. With exactly one, `P`,
//! only two kinds of move make `P` disappear: taking it whole (possible iff
//! she can finish it; the rest has Nim sum `x`: case (2)), and taking all but
//! one stone from an `Odd` pile (an odd take iff the size is even; the single
//! stone left is a plain pile, so the Nim sum becomes `x ^ 1`: case (3)).
//! An `Even` pile brought down to one stone is still restricted.
//!
//! *Proof of (B), using (A) on smaller positions.* Bob moves so that none of
//! (1), (2), (3) holds for Alice:
//! - Two or more restricted piles. If three or more, Bob removes one whole:
//!   at least two remain. If exactly two, he leaves both restricted by moving on a
//!   plain pile, or by shrinking an `Even` pile of 2 or more stones or an
//!   `Odd` pile of 3 or more (they stay restricted). Otherwise the two are
//!   each an `Even` pile of 1 or an `Odd` pile of 2 and there is no plain
//!   pile; Bob removes one whole, and Alice faces a single pile she cannot
//!   finish with `x = 0`: neither (2) nor (3).
//! - One restricted `Even` pile of `a` stones. If `a >= 2` Bob leaves an odd
//!   number of stones there (`a - 1` or fewer): Alice cannot finish it and (3)
//!   needs `Odd`. If `a = 1` Alice can never take it: Bob moves on a plain
//!   pile if there is one, or else takes this last stone and Alice has no move.
//! - One restricted `Odd` pile of `a` stones. Alice would win with it at size
//!   `a'` iff `a'` is odd and `x = 0`, or `a'` is even and `x = 1`. If `a >= 4`
//!   Bob picks the size `a' in {2, 3}` of the wrong parity for her. If
//!   `a = 3`: with `x != 1` he leaves 2; with `x = 1` he leaves one stone, and
//!   Alice faces plain Nim with sum `x ^ 1 = 0`. If `a = 2`: with `x = 0` he
//!   takes the pile (Nim sum 0 for Alice); with `x = 1` he leaves one stone
//!   (Nim sum 0); with `x >= 2` he makes the ordinary Nim move on the plain
//!   piles to Nim sum 0, and Alice faces `Odd` 2 with `x = 0`, not (3).
//!
//! So with Alice to move first: she wins iff the position is (1), (2) or
//! (3), and her first move must remove every restricted pile and leave Nim
//! sum 0. [`winning_move`] gives such a move. The tests of `gametable-gen`
//! check both the rule and the move against exhaustive search of every
//! position of up to 4 piles of up to 8 stones and up to 3 piles of up to 20.
//!
//! # Streaming
//! The rule needs only the Nim sum of the plain piles, the number of
//! restricted piles and the one restricted pile when there is exactly one:
//! [`StonesPosition`] keeps these in a few words, pile by pile.

use core::fmt;

use crate::error::StonesError;
use crate::outcome::Player;

/// What Alice may take from a pile; Bob may always take any number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Constraint {
    /// Any positive number (judge code `b = 0`).
    Any,
    /// An odd number only (judge code `b = 1`).
    Odd,
    /// An even number only (judge code `b = 2`).
    Even,
}

impl Constraint {
    /// All constraints, in judge-code order.
    pub const ALL: [Constraint; 3] = [Constraint::Any, Constraint::Odd, Constraint::Even];

    /// The constraint of judge code `b`; `None` unless `b` is 0, 1 or 2.
    pub const fn from_code(code: u64) -> Option<Constraint> {
        match code {
            0 => Some(Constraint::Any),
            1 => Some(Constraint::Odd),
            2 => Some(Constraint::Even),
            _ => None,
        }
    }

    /// The judge code: 0, 1 or 2.
    pub const fn code(self) -> u8 {
        match self {
            Constraint::Any => 0,
            Constraint::Odd => 1,
            Constraint::Even => 2,
        }
    }

    /// Whether the constraint lets Alice take `take` stones (given enough).
    pub const fn allows(self, take: u64) -> bool {
        take != 0
            && match self {
                Constraint::Any => true,
                Constraint::Odd => take % 2 == 1,
                Constraint::Even => take.is_multiple_of(2),
            }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Constraint::Any => "any",
            Constraint::Odd => "odd",
            Constraint::Even => "even",
        })
    }
}

/// A non-empty pile and Alice's constraint on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pile {
    stones: u64,
    constraint: Constraint,
}

impl Pile {
    /// A pile of `stones`; `None` when `stones` is 0.
    pub const fn new(stones: u64, constraint: Constraint) -> Option<Pile> {
        if stones == 0 {
            None
        } else {
            Some(Pile { stones, constraint })
        }
    }

    /// The pile of judge numbers `a` (stones) and `b` (constraint code);
    /// `index` (from 0) only names the pile in an error.
    ///
    /// # Errors
    /// [`StonesError::Stones`] when `a` is 0, [`StonesError::Constraint`]
    /// when `b` is not 0, 1 or 2.
    pub const fn from_raw(index: usize, a: u64, b: u64) -> Result<Pile, StonesError> {
        let Some(constraint) = Constraint::from_code(b) else {
            return Err(StonesError::Constraint {
                pile: index,
                code: b,
            });
        };
        match Pile::new(a, constraint) {
            Some(pile) => Ok(pile),
            None => Err(StonesError::Stones { pile: index }),
        }
    }

    /// The number of stones, at least 1.
    pub const fn stones(self) -> u64 {
        self.stones
    }

    /// Alice's constraint.
    pub const fn constraint(self) -> Constraint {
        self.constraint
    }

    /// Whether both players have the same moves here (an ordinary Nim heap):
    /// constraint `Any`, or a single stone under `Odd`.
    #[inline]
    pub const fn is_plain(self) -> bool {
        // Without branches: judge input mixes constraints at random.
        matches!(self.constraint, Constraint::Any)
            | (matches!(self.constraint, Constraint::Odd) & (self.stones == 1))
    }

    /// Whether Alice may take `take` stones from this pile.
    pub const fn alice_may_take(self, take: u64) -> bool {
        take <= self.stones && self.constraint.allows(take)
    }

    /// Whether Alice may take the whole pile in one move.
    pub const fn alice_can_finish(self) -> bool {
        self.constraint.allows(self.stones)
    }
}

impl fmt::Display for Pile {
    /// The query syntax `stones:code`, e.g. `4:1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.stones, self.constraint.code())
    }
}

/// A move: take `take` stones from pile `pile` (an index from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StonesMove {
    /// Index of the pile, from 0.
    pub pile: usize,
    /// Stones taken, at least 1.
    pub take: u64,
}

/// A position with Alice to move, summarised pile by pile in a few words.
///
/// Add piles in order with [`StonesPosition::add`]; indices in
/// [`StonesPosition::lone_restricted`] count from 0 in that order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StonesPosition {
    piles: usize,
    nim_sum: u64,
    restricted: usize,
    first_restricted: Option<(usize, Pile)>,
}

impl StonesPosition {
    /// The empty position (Alice cannot move: Bob wins).
    pub const fn new() -> StonesPosition {
        StonesPosition {
            piles: 0,
            nim_sum: 0,
            restricted: 0,
            first_restricted: None,
        }
    }

    /// Adds the next pile.
    #[inline]
    pub fn add(&mut self, pile: Pile) {
        // Branch-free but for the first restricted pile: plain and restricted
        // piles come in any order, which a branch would keep mispredicting.
        let plain = pile.is_plain();
        self.nim_sum ^= pile.stones & (plain as u64).wrapping_neg();
        let restricted = !plain as usize;
        if restricted > self.restricted {
            self.first_restricted = Some((self.piles, pile));
        }
        self.restricted = self.restricted.saturating_add(restricted);
        self.piles = self.piles.saturating_add(1);
    }

    /// The number of piles added.
    pub const fn piles(&self) -> usize {
        self.piles
    }

    /// The Nim sum (exclusive or) of the plain piles' sizes.
    pub const fn nim_sum(&self) -> u64 {
        self.nim_sum
    }

    /// The number of restricted piles (those that are not
    /// [plain](Pile::is_plain)).
    pub const fn restricted_piles(&self) -> usize {
        self.restricted
    }

    /// The restricted pile and its index, when there is exactly one.
    pub const fn lone_restricted(&self) -> Option<(usize, Pile)> {
        if self.restricted == 1 {
            self.first_restricted
        } else {
            None
        }
    }

    /// Alice's winning plan, if she has one.
    const fn plan(&self) -> Option<Plan> {
        if self.restricted == 0 {
            return if self.nim_sum != 0 {
                Some(Plan::Nim)
            } else {
                None
            };
        }
        let Some((index, pile)) = self.lone_restricted() else {
            return None;
        };
        if pile.alice_can_finish() && self.nim_sum == 0 {
            Some(Plan::Take(StonesMove {
                pile: index,
                take: pile.stones,
            }))
        } else if matches!(pile.constraint, Constraint::Odd)
            && pile.stones % 2 == 0
            && self.nim_sum == 1
        {
            Some(Plan::Take(StonesMove {
                pile: index,
                take: pile.stones - 1,
            }))
        } else {
            None
        }
    }

    /// Who wins with Alice to move first and perfect play.
    pub const fn winner(&self) -> Player {
        if self.plan().is_some() {
            Player::Alice
        } else {
            Player::Bob
        }
    }
}

/// Alice's way to win.
#[derive(Clone, Copy)]
enum Plan {
    /// No restricted pile: the ordinary Nim move.
    Nim,
    /// This move on the lone restricted pile.
    Take(StonesMove),
}

/// Who wins `piles` with Alice to move first and perfect play.
pub fn winner(piles: impl IntoIterator<Item = Pile>) -> Player {
    let mut position = StonesPosition::new();
    for pile in piles {
        position.add(pile);
    }
    position.winner()
}

/// A winning first move for Alice, or `None` when Bob wins.
///
/// After it, Bob faces plain piles only, with Nim sum 0.
pub fn winning_move(piles: &[Pile]) -> Option<StonesMove> {
    let mut position = StonesPosition::new();
    for &pile in piles {
        position.add(pile);
    }
    match position.plan()? {
        Plan::Take(step) => Some(step),
        Plan::Nim => {
            let x = position.nim_sum;
            piles.iter().enumerate().find_map(|(index, pile)| {
                let left = pile.stones ^ x;
                if pile.is_plain() && left < pile.stones {
                    Some(StonesMove {
                        pile: index,
                        take: pile.stones - left,
                    })
                } else {
                    None
                }
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pile(a: u64, b: u64) -> Pile {
        Pile::from_raw(0, a, b).unwrap_or(Pile {
            stones: 1,
            constraint: Constraint::Any,
        })
    }

    #[test]
    fn judge_sample() {
        assert_eq!(winner([pile(4, 1), pile(1, 0)]), Player::Alice);
        assert_eq!(winner([pile(3, 2)]), Player::Bob);
        assert_eq!(winner([pile(1, 2)]), Player::Bob);
    }

    #[test]
    fn raw_piles_are_checked() {
        assert_eq!(
            Pile::from_raw(2, 0, 1),
            Err(StonesError::Stones { pile: 2 })
        );
        assert_eq!(
            Pile::from_raw(0, 5, 3),
            Err(StonesError::Constraint { pile: 0, code: 3 })
        );
        assert_eq!(
            Pile::from_raw(0, 0, 3),
            Err(StonesError::Constraint { pile: 0, code: 3 })
        );
        assert_eq!(Pile::new(0, Constraint::Odd), None);
        assert_eq!(Pile::from_raw(0, 7, 2).map(|p| p.stones()), Ok(7));
    }

    #[test]
    fn the_three_winning_cases() {
        // (1) Nim.
        assert_eq!(winner([pile(3, 0), pile(1, 1)]), Player::Alice);
        assert_eq!(winner([pile(3, 0), pile(3, 0)]), Player::Bob);
        // (2) finish the lone restricted pile.
        assert_eq!(winner([pile(6, 2), pile(2, 0), pile(2, 0)]), Player::Alice);
        assert_eq!(winner([pile(5, 1)]), Player::Alice);
        // (3) leave one stone of an Odd pile of even size.
        assert_eq!(winner([pile(2, 1), pile(1, 0)]), Player::Alice);
        assert_eq!(winner([pile(2, 1), pile(2, 0)]), Player::Bob);
        // Two restricted piles.
        assert_eq!(winner([pile(2, 2), pile(3, 1)]), Player::Bob);
        // Nothing to move.
        assert_eq!(winner([]), Player::Bob);
    }

    #[test]
    fn moves() {
        assert_eq!(
            winning_move(&[pile(3, 0), pile(1, 1)]),
            Some(StonesMove { pile: 0, take: 2 })
        );
        assert_eq!(
            winning_move(&[pile(2, 0), pile(6, 2), pile(2, 0)]),
            Some(StonesMove { pile: 1, take: 6 })
        );
        assert_eq!(winning_move(&[pile(3, 2)]), None);
    }
}
