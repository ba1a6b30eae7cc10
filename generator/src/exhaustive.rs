//! Exhaustive solving of finite two-player games, the reference that closed
//! forms and tables are checked against.
//!
//! A game implements [`Game`]: its states say who is to move, and the game
//! lists the states one move leads to. [`Solution::solve`] explores every
//! state reachable from the given roots and labels each win, loss or draw for
//! the player to move, by the textbook retrograde rules:
//! - a state the game declares over has the outcome it declares;
//! - a state with a move to a state lost for the opponent is a win;
//! - a state whose moves all lead to states won by the opponent is a loss
//!   (so a state with no moves at all is a loss);
//! - every state never labelled by these rules is a draw: from it neither
//!   player can force an end (play may cycle forever).
//!
//! Labels are propagated backwards from decided states with a work queue, so
//! each edge is looked at a bounded number of times; the result does not
//! depend on the order, since the rules only ever add labels that the final
//! fixpoint must contain.

use std::collections::HashMap;
use std::hash::Hash;

use gametable::{Outcome, Player};

/// A finite two-player game of perfect information.
pub trait Game {
    /// A position, including the player to move.
    type State: Clone + Eq + Hash;

    /// The player to move in `state`.
    fn to_move(&self, state: &Self::State) -> Player;

    /// The outcome for the player to move when the rules end the game at
    /// `state` (e.g. "a player whose cards are all zero has won"); `None`
    /// when play goes on. A state that is not over and has no moves is a loss
    /// for the player to move.
    fn over(&self, state: &Self::State) -> Option<Outcome>;

    /// Appends to `out` the states one move of the player to move leads to.
    /// Only called when [`Game::over`] is `None`. Duplicates are allowed.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::State>);
}

/// The outcome of every state reachable from some roots.
pub struct Solution<S> {
    index: HashMap<S, usize>,
    outcomes: Vec<Outcome>,
}

impl<S: Clone + Eq + Hash> Solution<S> {
    /// Explores every state reachable from `roots` and solves them all.
    pub fn solve<G: Game<State = S>>(game: &G, roots: impl IntoIterator<Item = S>) -> Solution<S> {
        // 1. Explore: number the states and list each state's distinct successors.
        let mut index: HashMap<S, usize> = HashMap::new();
        let mut states: Vec<S> = Vec::new();
        for root in roots {
            if !index.contains_key(&root) {
                index.insert(root.clone(), states.len());
                states.push(root);
            }
        }
        let mut successors: Vec<Vec<usize>> = Vec::new();
        let mut over: Vec<Option<Outcome>> = Vec::new();
        let mut next = Vec::new();
        let mut i = 0;
        while let Some(state) = states.get(i) {
            let ended = game.over(state);
            next.clear();
            if ended.is_none() {
                game.moves(state, &mut next);
            }
            let mut targets = Vec::with_capacity(next.len());
            for child in next.drain(..) {
                let j = match index.get(&child) {
                    Some(&j) => j,
                    None => {
                        let j = states.len();
                        index.insert(child.clone(), j);
                        states.push(child);
                        j
                    }
                };
                targets.push(j);
            }
            targets.sort_unstable();
            targets.dedup();
            successors.push(targets);
            over.push(ended);
            i += 1;
        }

        // 2. Retrograde: decide states backwards from the decided ones.
        let n = states.len();
        let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (from, targets) in successors.iter().enumerate() {
            for &to in targets {
                predecessors[to].push(from);
            }
        }
        let mut outcome: Vec<Option<Outcome>> = vec![None; n];
        // Moves not yet known to lead to a win for the opponent.
        let mut open: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut queue: Vec<usize> = Vec::new();
        for s in 0..n {
            let decided = match over[s] {
                Some(o) => Some(o),
                None if open[s] == 0 => Some(Outcome::Loss),
                None => None,
            };
            if decided.is_some() {
                outcome[s] = decided;
                queue.push(s);
            }
        }
        while let Some(s) = queue.pop() {
            let result = outcome[s];
            for &p in &predecessors[s] {
                if outcome[p].is_some() {
                    continue;
                }
                match result {
                    Some(Outcome::Loss) => {
                        outcome[p] = Some(Outcome::Win);
                        queue.push(p);
                    }
                    Some(Outcome::Win) => {
                        open[p] -= 1;
                        if open[p] == 0 {
                            outcome[p] = Some(Outcome::Loss);
                            queue.push(p);
                        }
                    }
                    // A draw below never decides a state above.
                    Some(Outcome::Draw) | None => {}
                }
            }
        }
        Solution {
            index,
            outcomes: outcome
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Draw))
                .collect(),
        }
    }

    /// The outcome of `state` for the player to move, if it was explored.
    pub fn outcome(&self, state: &S) -> Option<Outcome> {
        self.index
            .get(state)
            .and_then(|&i| self.outcomes.get(i).copied())
    }

    /// The number of states explored.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Whether no state was explored.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game on a directed graph given by edges: states are (node, mover).
    struct Graph {
        edges: Vec<(u8, u8)>,
        winning_nodes: Vec<u8>,
    }

    impl Game for Graph {
        type State = (u8, Player);
        fn to_move(&self, state: &(u8, Player)) -> Player {
            state.1
        }
        fn over(&self, state: &(u8, Player)) -> Option<Outcome> {
            self.winning_nodes
                .contains(&state.0)
                .then_some(Outcome::Win)
        }
        fn moves(&self, state: &(u8, Player), out: &mut Vec<(u8, Player)>) {
            for &(a, b) in &self.edges {
                if a == state.0 {
                    out.push((b, state.1.other()));
                }
            }
        }
    }

    #[test]
    fn wins_losses_and_draws() {
        // 0 -> 1 -> 2 (dead end); 3 <-> 4 cycle; 5 -> 3, 5 -> 2; 6 -> 7 (over: win).
        let game = Graph {
            edges: vec![(0, 1), (1, 2), (3, 4), (4, 3), (5, 3), (5, 2), (6, 7)],
            winning_nodes: vec![7],
        };
        let roots = [0, 3, 5, 6].map(|n| (n, Player::Alice));
        let solution = Solution::solve(&game, roots);
        let at = |n: u8, p: Player| solution.outcome(&(n, p));
        assert_eq!(at(2, Player::Alice), Some(Outcome::Loss));
        assert_eq!(at(1, Player::Bob), Some(Outcome::Win));
        assert_eq!(at(0, Player::Alice), Some(Outcome::Loss));
        assert_eq!(at(3, Player::Alice), Some(Outcome::Draw));
        assert_eq!(at(4, Player::Bob), Some(Outcome::Draw));
        assert_eq!(at(5, Player::Alice), Some(Outcome::Win));
        assert_eq!(at(7, Player::Bob), Some(Outcome::Win));
        assert_eq!(at(6, Player::Alice), Some(Outcome::Loss));
        assert_eq!(at(9, Player::Alice), None);
        assert_eq!(game.to_move(&(0, Player::Bob)), Player::Bob);
    }
}
