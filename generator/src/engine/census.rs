//! The positions play reaches, counted by value the way a game's literature
//! counts them ([`Game::census`]): one per orbit for a game with symmetry,
//! those the literature calls over set apart, and the others by outcome for
//! the side to move, with the longest win and loss among them.
//!
//! Published figures are given that way (Tanaka's for Dobutsu shogi:
//! positions up to symmetry, those where the lion can be taken counted as
//! over), so `stats` prints this beside the engine's own counts and the
//! tests compare it with the published numbers.

use gametable::Outcome;
use rayon::prelude::*;

use super::deep::Answer;
use super::game::{Census, Game};
use super::reach::Reach;

/// Reachable positions by value ([`tally`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions counted (orbits, for a game with symmetry).
    pub positions: u64,
    /// Of them, over in the literature's sense.
    pub over: u64,
    /// The others won by the side to move.
    pub wins: u64,
    /// The others drawn.
    pub draws: u64,
    /// The others lost by the side to move.
    pub losses: u64,
    /// The others with no answer (none, for a complete table).
    pub unknown: u64,
    /// The longest win among the others, in plies, when distances are known.
    pub longest_win: Option<u16>,
    /// The longest loss among the others, in plies, when distances are known.
    pub longest_loss: Option<u16>,
}

impl Tally {
    /// The positions counted that are not over.
    pub fn open(&self) -> u64 {
        self.wins + self.draws + self.losses + self.unknown
    }

    fn add(self, other: Tally) -> Tally {
        Tally {
            positions: self.positions + other.positions,
            over: self.over + other.over,
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
            unknown: self.unknown + other.unknown,
            longest_win: self.longest_win.max(other.longest_win),
            longest_loss: self.longest_loss.max(other.longest_loss),
        }
    }
}

/// The positions `reach` found, counted by `game`'s census, with each open
/// one's value from `answer` (an index's outcome and distance). One state
/// stands for each orbit (its canonical index): the census and the values
/// of an orbit's states are the same.
pub fn tally<G: Game>(game: &G, reach: &Reach, answer: impl Fn(u64) -> Answer + Sync) -> Tally {
    reach
        .orbit_bits()
        .par_iter()
        .enumerate()
        .map(|(word_at, &word)| {
            let mut tally = Tally::default();
            let mut bits = word;
            while bits != 0 {
                let index = word_at as u64 * 64 + u64::from(bits.trailing_zeros());
                bits &= bits - 1;
                match game.census(index) {
                    Census::NotCounted => continue,
                    Census::Over => {
                        tally.positions += 1;
                        tally.over += 1;
                        continue;
                    }
                    Census::Open => tally.positions += 1,
                }
                match answer(index) {
                    None => tally.unknown += 1,
                    Some((Outcome::Draw, _)) => tally.draws += 1,
                    Some((Outcome::Win, distance)) => {
                        tally.wins += 1;
                        tally.longest_win = tally.longest_win.max(distance);
                    }
                    Some((Outcome::Loss, distance)) => {
                        tally.losses += 1;
                        tally.longest_loss = tally.longest_loss.max(distance);
                    }
                }
            }
            tally
        })
        .reduce(Tally::default, Tally::add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{reach::reachable, solve, Parameter, Side, SolveOptions};

    /// Subtraction: take one or two from a pile of `0`; the empty pile is
    /// over (lost for the side to move). With `literature`, piles of one
    /// are called over too (the mover wins at once) and the empty pile is
    /// not counted.
    struct Pile(u64, bool);

    impl Game for Pile {
        type Position = u64;
        fn name(&self) -> &'static str {
            "pile"
        }
        fn parameters(&self) -> Vec<Parameter> {
            vec![("stones", self.0)]
        }
        fn states(&self) -> u64 {
            self.0 + 1
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index <= self.0).then_some(index)
        }
        fn index(&self, position: &u64) -> u64 {
            *position
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            (index == 0).then_some(Outcome::Loss)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&t| t <= index).map(|t| index - t));
        }
        fn max_moves(&self) -> usize {
            2
        }
        fn start(&self) -> Option<u64> {
            Some(self.0)
        }
        fn census(&self, index: u64) -> Census {
            match (self.1, index) {
                (true, 0) => Census::NotCounted,
                (true, 1) | (false, 0) => Census::Over,
                _ => Census::Open,
            }
        }
    }

    #[test]
    fn counts_by_value_and_census() {
        let game = Pile(10, false);
        let solved = solve(&game, &SolveOptions::default()).unwrap();
        let answer = |i| Some((solved.outcome(&game, i)?, solved.distance(&game, i)));
        let reach = reachable(&game, 10);
        // Piles 1..=10 are open: 3, 6, 9 lost (in 2, 4, 6 plies), the
        // others won, the longest 10 (7 plies); the empty pile is over.
        let tally = tally(&game, &reach, answer);
        assert_eq!(
            tally,
            Tally {
                positions: 11,
                over: 1,
                wins: 7,
                draws: 0,
                losses: 3,
                unknown: 0,
                longest_win: Some(7),
                longest_loss: Some(6),
            }
        );
        assert_eq!(tally.open(), 10);

        let literature = Pile(10, true);
        let tally = super::tally(&literature, &reach, answer);
        assert_eq!((tally.positions, tally.over, tally.wins), (10, 1, 6));
        assert_eq!(tally.open(), 9);

        // From pile 4, only piles 0 to 4 are reached; without answers every
        // open one is unknown.
        let tally = super::tally(&game, &reachable(&game, 4), |_| None);
        assert_eq!((tally.positions, tally.over, tally.unknown), (5, 1, 4));
        assert_eq!((tally.longest_win, tally.longest_loss), (None, None));
    }

    #[test]
    fn a_game_with_symmetry_counts_each_orbit_once() {
        use crate::engine::reach::tests::Heaps;
        // Two heaps of 0 to 4, one or two taken from either: lost exactly
        // when the heaps are equal modulo 3. Swapping them is the symmetry.
        let game = Heaps {
            max: 4,
            symmetry: true,
            loop_back: false,
        };
        let reach = reachable(&game, game.at(4, 4));
        // Answers from the closed form, not from a solve.
        let answer = |i: u64| {
            let (a, b) = game.position(i)?;
            let lost = a % 3 == b % 3;
            Some((if lost { Outcome::Loss } else { Outcome::Win }, None))
        };
        let tally = tally(&game, &reach, answer);
        // The 15 unordered pairs; {0, 0} over; lost: {1, 1}, {2, 2},
        // {3, 3}, {4, 4}, {3, 0}, {4, 1}; the other 8 won.
        assert_eq!(
            (
                tally.positions,
                tally.over,
                tally.wins,
                tally.losses,
                tally.draws
            ),
            (15, 1, 8, 6, 0)
        );
    }
}
