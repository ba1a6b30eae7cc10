//! Reachability: which states play can reach from a given one.
//!
//! A breadth-first walk on every core: a bit per index (set atomically)
//! marks the states found, and each round lists the moves of the states the
//! round before found, kept as a bitmap of its own. Memory is `states() / 8`
//! bytes for the states found, as much for each of the two rounds, and as
//! much again for the orbits of a game with symmetry (kept for
//! [`crate::engine::census`]): whatever the size of the rounds, which as
//! lists of indices took 8 bytes per state. Successors
//! that are out of range or not positions are skipped: the conformance
//! check ([`crate::engine::conformance`]) reports them.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::game::Game;

/// The states reachable from one state.
#[derive(Clone)]
pub struct Reach {
    /// Reachable positions, the start included (zero when the start is no
    /// position).
    pub positions: u64,
    /// Distinct canonical orbits among them, for a game with symmetry.
    pub orbits: Option<u64>,
    /// Bit `i` set when index `i` is reachable.
    bits: Vec<u64>,
    /// For a game with symmetry, bit `c` set when some reachable state has
    /// canonical index `c`; empty otherwise.
    canonical: Vec<u64>,
}

/// The counts, not the bitsets (a word per 64 indices).
impl std::fmt::Debug for Reach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reach")
            .field("positions", &self.positions)
            .field("orbits", &self.orbits)
            .finish_non_exhaustive()
    }
}

impl Reach {
    /// Whether state `index` is reachable.
    pub fn contains(&self, index: u64) -> bool {
        test(&self.bits, index)
    }

    /// One bit per reachable orbit, at its canonical index, for a game with
    /// symmetry; one per reachable state otherwise. Bit `i` is bit `i % 64`
    /// of word `i / 64`.
    pub fn orbit_bits(&self) -> &[u64] {
        if self.orbits.is_some() {
            &self.canonical
        } else {
            &self.bits
        }
    }
}

/// Every position reachable from state `from` by the game's moves (`from`
/// itself included, when it is a position).
pub fn reachable<G: Game>(game: &G, from: u64) -> Reach {
    let states = game.states();
    let words = usize::try_from(states.div_ceil(64)).unwrap_or(usize::MAX);
    let fresh = || (0..words).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
    let bits = fresh();
    let symmetric = game.has_symmetry();
    let canonical = if symmetric { fresh() } else { Vec::new() };
    let orbits_found = AtomicU64::new(0);
    // Marks `i` found; true when it is a position found for the first time.
    let first_visit = |i: u64| -> bool {
        if i >= states || test_atomic(&bits, i) || !game.is_position(i) {
            return false;
        }
        set_atomic(&bits, i)
    };
    let mut positions = 0u64;
    // A round is a bitmap too: the next is marked as it is found, the one
    // before cleared and reused, so the walk holds four bits per index
    // whatever the size of its rounds.
    let mut round = fresh();
    let mut next = fresh();
    if first_visit(from) {
        set_atomic(&round, from);
    }
    loop {
        let found: u64 = round
            .par_iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum();
        if found == 0 {
            break;
        }
        positions += found;
        round
            .par_iter()
            .enumerate()
            .for_each_init(Vec::new, |out, (w, word)| {
                let mut bits_left = word.swap(0, Ordering::Relaxed);
                while bits_left != 0 {
                    let s = w as u64 * 64 + u64::from(bits_left.trailing_zeros());
                    bits_left &= bits_left - 1;
                    if symmetric {
                        let c = game.canonical(s);
                        if c < states && set_atomic(&canonical, c) {
                            orbits_found.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    if game.ending(s).is_some() {
                        continue;
                    }
                    out.clear();
                    game.successors(s, out);
                    for &t in out.iter() {
                        if first_visit(t) {
                            set_atomic(&next, t);
                        }
                    }
                }
            });
        std::mem::swap(&mut round, &mut next);
    }
    let orbits = orbits_found.into_inner();
    Reach {
        positions,
        orbits: symmetric.then_some(orbits),
        bits: bits.into_iter().map(AtomicU64::into_inner).collect(),
        canonical: canonical.into_iter().map(AtomicU64::into_inner).collect(),
    }
}

/// Bit `i` of `bits`, read atomically (false past the end).
fn test_atomic(bits: &[AtomicU64], i: u64) -> bool {
    bits.get((i / 64) as usize)
        .is_some_and(|w| w.load(Ordering::Relaxed) >> (i % 64) & 1 == 1)
}

/// Sets bit `i` of `bits`; true when this call set it.
fn set_atomic(bits: &[AtomicU64], i: u64) -> bool {
    bits.get((i / 64) as usize).is_some_and(|w| {
        let bit = 1u64 << (i % 64);
        w.fetch_or(bit, Ordering::Relaxed) & bit == 0
    })
}

/// Bit `i` of `bits` (false past the end).
fn test(bits: &[u64], i: u64) -> bool {
    usize::try_from(i / 64)
        .ok()
        .and_then(|w| bits.get(w))
        .is_some_and(|w| w >> (i % 64) & 1 == 1)
}

#[cfg(test)]
pub(crate) mod tests {
    use gametable::Outcome;

    use super::*;
    use crate::engine::{Parameter, Side};

    /// Two heaps of at most `max` stones, taking one or two from either;
    /// `(max, max)` and below are positions, plus a last index that is
    /// none; both empty is over. Swapping the heaps is the symmetry when
    /// `symmetry` is set. With `loop_back`, a move from (1, 0) refills both
    /// heaps to (1, 1), a cycle.
    pub(crate) struct Heaps {
        pub(crate) max: u64,
        pub(crate) symmetry: bool,
        pub(crate) loop_back: bool,
    }

    impl Heaps {
        pub(crate) fn at(&self, a: u64, b: u64) -> u64 {
            a * (self.max + 1) + b
        }
    }

    impl Game for Heaps {
        type Position = (u64, u64);
        fn name(&self) -> &'static str {
            "heaps"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            (self.max + 1) * (self.max + 1) + 1
        }
        fn position(&self, index: u64) -> Option<(u64, u64)> {
            (index + 1 < self.states()).then(|| (index / (self.max + 1), index % (self.max + 1)))
        }
        fn index(&self, &(a, b): &(u64, u64)) -> u64 {
            self.at(a, b)
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            (index == 0).then_some(Outcome::Loss)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            let Some((a, b)) = self.position(index) else {
                return;
            };
            for take in 1..=2 {
                if a >= take {
                    out.push(self.at(a - take, b));
                }
                if b >= take {
                    out.push(self.at(a, b - take));
                }
            }
            if self.loop_back && (a, b) == (1, 0) {
                out.push(self.at(1, 1));
            }
            // A successor that is no position: skipped.
            if (a, b) == (1, 1) {
                out.push(self.states() - 1);
            }
        }
        fn max_moves(&self) -> usize {
            5
        }
        fn has_symmetry(&self) -> bool {
            self.symmetry
        }
        fn canonical(&self, index: u64) -> u64 {
            match self.position(index) {
                Some((a, b)) => self.at(a.max(b), a.min(b)),
                None => index,
            }
        }
    }

    #[test]
    fn from_the_top_everything_below_is_reached() {
        let game = Heaps {
            max: 4,
            symmetry: true,
            loop_back: false,
        };
        let reach = reachable(&game, game.at(4, 4));
        assert_eq!(reach.positions, 25);
        // Unordered pairs {a, b} of 0..=4.
        assert_eq!(reach.orbits, Some(15));
        assert!(reach.contains(game.at(0, 0)));
        assert!(!reach.contains(game.states() - 1), "no position");
        assert!(!reach.contains(game.states() + 100), "out of range");
        assert_eq!(
            format!("{reach:?}"),
            "Reach { positions: 25, orbits: Some(15), .. }"
        );
    }

    #[test]
    fn from_lower_down_only_the_smaller_heaps() {
        let game = Heaps {
            max: 4,
            symmetry: false,
            loop_back: false,
        };
        let reach = reachable(&game, game.at(2, 1));
        // (0..=2) x (0..=1).
        assert_eq!(reach.positions, 6);
        assert_eq!(reach.orbits, None);
        assert!(reach.contains(game.at(2, 1)), "the start itself");
        assert!(reach.contains(game.at(0, 1)));
        assert!(!reach.contains(game.at(1, 2)));
        assert!(!reach.contains(game.at(3, 0)));
    }

    #[test]
    fn cycles_end_and_over_states_are_not_expanded() {
        let game = Heaps {
            max: 4,
            symmetry: true,
            loop_back: true,
        };
        // (1, 0) -> (1, 1) -> (0, 1) -> (0, 0), and (1, 1) -> (1, 0).
        let reach = reachable(&game, game.at(1, 0));
        assert_eq!(reach.positions, 4);
        assert_eq!(reach.orbits, Some(3));
        // Over: nothing past it even though it is the start.
        let reach = reachable(&game, 0);
        assert_eq!((reach.positions, reach.orbits), (1, Some(1)));
    }

    #[test]
    fn from_no_position_nothing_is_reached() {
        let game = Heaps {
            max: 2,
            symmetry: false,
            loop_back: false,
        };
        for from in [game.states() - 1, game.states(), u64::MAX] {
            let reach = reachable(&game, from);
            assert_eq!(reach.positions, 0);
            assert!(!reach.contains(from));
        }
    }
}
