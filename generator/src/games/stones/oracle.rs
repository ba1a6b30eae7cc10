//! Stones as a [`Game`] for the exhaustive solver: the reference that the
//! closed form in [`gametable::stones`] is tested against.
//!
//! Moves follow the rules literally: Bob takes any positive number from one
//! pile, Alice a number her constraint on that pile allows. Pile order never
//! matters, so a state keeps its piles sorted (a multiset) and drops empty
//! piles.

use gametable::{Constraint, Outcome, Pile, Player};

use crate::exhaustive::Game;

/// A Stones position: the piles, sorted, and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StonesState {
    /// The non-empty piles, in ascending order.
    pub piles: Vec<Pile>,
    /// The player to move.
    pub to_move: Player,
}

impl StonesState {
    /// The position of `piles` (in any order) with `to_move` to play.
    pub fn new(piles: &[Pile], to_move: Player) -> StonesState {
        let mut piles = piles.to_vec();
        piles.sort_unstable();
        StonesState { piles, to_move }
    }

    /// The position after `player` takes `take` stones from the pile at
    /// `index` (in this state's sorted order); `None` if that is not a legal
    /// move for the player to move.
    pub fn after(&self, index: usize, take: u64) -> Option<StonesState> {
        let pile = *self.piles.get(index)?;
        let legal = match self.to_move {
            Player::Alice => pile.alice_may_take(take),
            Player::Bob => (1..=pile.stones()).contains(&take),
        };
        if !legal {
            return None;
        }
        let mut piles = self.piles.clone();
        match Pile::new(pile.stones() - take, pile.constraint()) {
            Some(rest) => *piles.get_mut(index)? = rest,
            None => {
                piles.remove(index);
            }
        }
        piles.sort_unstable();
        Some(StonesState {
            piles,
            to_move: self.to_move.other(),
        })
    }
}

/// The Stones rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stones;

impl Game for Stones {
    type State = StonesState;

    fn to_move(&self, state: &StonesState) -> Player {
        state.to_move
    }

    /// Never over by decree: the player without a move loses.
    fn over(&self, _state: &StonesState) -> Option<Outcome> {
        None
    }

    fn moves(&self, state: &StonesState, out: &mut Vec<StonesState>) {
        for (index, pile) in state.piles.iter().enumerate() {
            // Equal piles lead to the same states: try the first only.
            if index > 0 && state.piles.get(index - 1) == Some(pile) {
                continue;
            }
            for take in 1..=pile.stones() {
                out.extend(state.after(index, take));
            }
        }
    }
}

/// Every multiset of 1 to `max_piles` piles of 1 to `max_stones` stones,
/// under every constraint, each in ascending order.
pub fn all_positions(max_piles: usize, max_stones: u64) -> Vec<Vec<Pile>> {
    let kinds: Vec<Pile> = (1..=max_stones)
        .flat_map(|s| {
            Constraint::ALL
                .into_iter()
                .filter_map(move |c| Pile::new(s, c))
        })
        .collect();
    let mut all = Vec::new();
    let mut current = Vec::new();
    extend_multisets(&kinds, 0, max_piles, &mut current, &mut all);
    all
}

/// Pushes `current` extended by every non-decreasing choice of up to `left`
/// more kinds from `kinds[from..]`.
fn extend_multisets(
    kinds: &[Pile],
    from: usize,
    left: usize,
    current: &mut Vec<Pile>,
    all: &mut Vec<Vec<Pile>>,
) {
    if left == 0 {
        return;
    }
    for (i, &kind) in kinds.iter().enumerate().skip(from) {
        current.push(kind);
        all.push(current.clone());
        extend_multisets(kinds, i, left - 1, current, all);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_multisets() {
        // 24 kinds of pile: C(24,1) + C(25,2) + C(26,3) + C(27,4).
        assert_eq!(all_positions(4, 8).len(), 24 + 300 + 2600 + 17550);
        assert!(all_positions(2, 3)
            .iter()
            .all(|p| p.windows(2).all(|w| w[0] <= w[1])));
    }

    #[test]
    fn moves_follow_the_constraints() {
        let even = Pile::new(3, Constraint::Even)
            .into_iter()
            .collect::<Vec<_>>();
        let alice = StonesState::new(&even, Player::Alice);
        let mut out = Vec::new();
        Stones.moves(&alice, &mut out);
        // Alice may take 2 only, leaving 1.
        assert_eq!(out.len(), 1);
        let bob = StonesState::new(&even, Player::Bob);
        out.clear();
        Stones.moves(&bob, &mut out);
        assert_eq!(out.len(), 3);
        assert!(out.iter().any(|s| s.piles.is_empty()));
    }
}
