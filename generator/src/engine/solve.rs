//! Solving a game: the entry point that stores the game's states, finds
//! their predecessors and runs the sweep.

use std::time::{Duration, Instant};

use gametable::{code, Outcome};

use super::baseline::{self, Predecessors};
use super::game::Game;
use super::orbits::Orbits;
use super::reverse::ReverseGraph;
use super::space::GameSpace;

/// The distance of a state that has none (a draw, or not a position).
pub const NO_DISTANCE: u16 = u16::MAX;

/// How to solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Store one state per orbit of the game's symmetry (ignored for a game
    /// without one).
    pub symmetry: bool,
    /// Build the reverse graph even when the game has un-moves.
    pub reverse_graph: bool,
}

/// A solved game: an outcome and a distance per stored state.
pub struct Solved {
    /// Present when one state per orbit was stored.
    pub orbits: Option<Orbits>,
    /// One outcome code per stored state ([`gametable::code`]).
    pub codes: Vec<u8>,
    /// One distance per stored state, [`NO_DISTANCE`] for draws and
    /// non-positions.
    pub distances: Vec<u16>,
    /// How many stored states have each code, indexed by code.
    pub counts: [u64; 4],
    /// The number of levels: one more than the longest distance.
    pub levels: u32,
    /// Predecessors visited.
    pub visits: u64,
    /// How long solving took.
    pub time: Duration,
}

impl Solved {
    /// The stored state that answers for game index `index`.
    pub fn stored_of<G: Game>(&self, game: &G, index: u64) -> Option<u64> {
        match &self.orbits {
            None => (index < game.states()).then_some(index),
            Some(orbits) if game.has_symmetry() => orbits.number(game.canonical(index)),
            Some(orbits) => orbits.number(index),
        }
    }

    /// The outcome of state `index` for the player to move (`None` for an
    /// index that is not a position).
    pub fn outcome<G: Game>(&self, game: &G, index: u64) -> Option<Outcome> {
        let s = self.stored_of(game, index)?;
        Outcome::from_code(*self.codes.get(s as usize)?)
    }

    /// The distance of state `index` to the end under perfect play (`None`
    /// for draws and non-positions).
    pub fn distance<G: Game>(&self, game: &G, index: u64) -> Option<u16> {
        let s = self.stored_of(game, index)?;
        self.distances
            .get(s as usize)
            .copied()
            .filter(|&d| d != NO_DISTANCE)
    }
}

/// Solves every state of `game`.
pub fn solve<G: Game>(game: &G, options: &SolveOptions) -> Solved {
    let started = Instant::now();
    let space = if options.symmetry && game.has_symmetry() {
        GameSpace::orbits(game)
    } else {
        GameSpace::full(game)
    };
    let graph;
    let preds = if game.has_unmoves() && !options.reverse_graph {
        Predecessors::Unmoves
    } else {
        graph = ReverseGraph::new(&space);
        Predecessors::Graph(&graph)
    };
    let solved = baseline::solve(&space, &preds);
    let mut counts = [0u64; 4];
    for &c in &solved.codes {
        counts[usize::from(c & 3)] += 1;
    }
    let levels = solved
        .distances
        .iter()
        .filter(|&&d| d != NO_DISTANCE)
        .map(|&d| u32::from(d) + 1)
        .max()
        .unwrap_or(0);
    debug_assert!(solved.codes.iter().all(|&c| c <= code::NOT_A_POSITION));
    Solved {
        orbits: space.into_orbits(),
        codes: solved.codes,
        distances: solved.distances,
        counts,
        levels,
        visits: solved.visits,
        time: started.elapsed(),
    }
}
