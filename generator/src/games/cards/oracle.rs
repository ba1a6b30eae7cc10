//! Cards as a [`Game`] for the generic exhaustive solver: a third solver of
//! Cards, written from the rules alone, that shares nothing with the sweep
//! or the reference solver but the rules' statement.
//!
//! A state is the player to move and both hands as counts per value. A move
//! picks a non-zero value `a` in the mover's hand and a non-zero value `b` in
//! the opponent's, and turns one `a` into `(a + b) mod m`; the opponent then
//! moves. A player whose cards all show 0 has won (the conventions of
//! `docs/games/cards.md` for the states the rules never reach: the mover
//! all zeros has won, the opponent all zeros has won and the mover lost).

use gametable::{Outcome, Player, Variant, MAX_MODULUS};

use crate::exhaustive::Game;

/// Counts per value: `counts[v]` cards show `v`.
pub type Counts = [u8; MAX_MODULUS as usize];

/// A Cards state: who moves, and Alice's and Bob's counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardsState {
    /// The player to move.
    pub mover: Player,
    /// Alice's counts.
    pub alice: Counts,
    /// Bob's counts.
    pub bob: Counts,
}

impl CardsState {
    fn hands(&self) -> (&Counts, &Counts) {
        match self.mover {
            Player::Alice => (&self.alice, &self.bob),
            Player::Bob => (&self.bob, &self.alice),
        }
    }
}

/// Cards of one variant.
pub struct CardsGame {
    modulus: usize,
}

impl CardsGame {
    /// The game of `variant`.
    pub fn new(variant: Variant) -> CardsGame {
        CardsGame {
            modulus: usize::from(variant.modulus()),
        }
    }
}

fn all_zero(counts: &Counts) -> bool {
    counts.iter().skip(1).all(|&c| c == 0)
}

impl Game for CardsGame {
    type State = CardsState;

    fn to_move(&self, state: &CardsState) -> Player {
        state.mover
    }

    fn over(&self, state: &CardsState) -> Option<Outcome> {
        let (mine, theirs) = state.hands();
        if all_zero(mine) {
            Some(Outcome::Win)
        } else if all_zero(theirs) {
            Some(Outcome::Loss)
        } else {
            None
        }
    }

    fn moves(&self, state: &CardsState, out: &mut Vec<CardsState>) {
        let m = self.modulus;
        let (mine, theirs) = state.hands();
        for a in (1..m).filter(|&a| mine.get(a).is_some_and(|&c| c > 0)) {
            for b in (1..m).filter(|&b| theirs.get(b).is_some_and(|&c| c > 0)) {
                // Both values are below m <= MAX_MODULUS, the array's length.
                let mut after = *mine;
                after[a] -= 1;
                after[(a + b) % m] += 1;
                let next = match state.mover {
                    Player::Alice => CardsState {
                        mover: Player::Bob,
                        alice: after,
                        bob: state.bob,
                    },
                    Player::Bob => CardsState {
                        mover: Player::Alice,
                        alice: state.alice,
                        bob: after,
                    },
                };
                out.push(next);
            }
        }
    }
}
