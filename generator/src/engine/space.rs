//! The states a sweep stores for a game: every index, or one canonical
//! position per orbit of the game's symmetry ([`Orbits`]).
//!
//! Everything the generic sweep asks of a game goes through here, in
//! stored indices: the state's rules' verdict, its distinct stored
//! successors, its distinct stored predecessors.

use gametable::Outcome;

use super::game::Game;
use super::orbits::Orbits;

/// A game's stored states.
pub struct GameSpace<'g, G: Game> {
    game: &'g G,
    /// Present when one state per orbit is stored.
    orbits: Option<Orbits>,
}

impl<'g, G: Game> GameSpace<'g, G> {
    /// Every index of `game`, stored by its index.
    pub fn full(game: &'g G) -> GameSpace<'g, G> {
        GameSpace { game, orbits: None }
    }

    /// One state per orbit of `game`'s symmetry (every position its own
    /// orbit when the game has none), numbered densely.
    pub fn orbits(game: &'g G) -> GameSpace<'g, G> {
        GameSpace {
            game,
            orbits: Some(Orbits::new(game)),
        }
    }

    /// The game.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The orbit numbering, when states are stored per orbit.
    pub fn orbit_numbering(&self) -> Option<&Orbits> {
        self.orbits.as_ref()
    }

    /// Gives up the orbit numbering.
    pub fn into_orbits(self) -> Option<Orbits> {
        self.orbits
    }

    /// How many states are stored.
    pub fn stored(&self) -> u64 {
        match &self.orbits {
            None => self.game.states(),
            Some(orbits) => orbits.len(),
        }
    }

    /// The game index of stored state `s`.
    #[inline]
    pub fn index(&self, s: u64) -> u64 {
        match &self.orbits {
            None => s,
            Some(orbits) => orbits.representative(s),
        }
    }

    /// The stored state that answers for game index `index` (a position).
    #[inline]
    pub fn stored_of(&self, index: u64) -> Option<u64> {
        match &self.orbits {
            None => (index < self.game.states()).then_some(index),
            Some(orbits) if self.game.has_symmetry() => orbits.number(self.game.canonical(index)),
            Some(orbits) => orbits.number(index),
        }
    }

    /// Whether stored state `s` is a position.
    #[inline]
    pub fn is_position(&self, s: u64) -> bool {
        self.orbits.is_some() || self.game.is_position(s)
    }

    /// The rules' verdict on stored state `s` (a position).
    #[inline]
    pub fn ending(&self, s: u64) -> Option<Outcome> {
        self.game.ending(self.index(s))
    }

    /// Replaces `out` with the distinct stored successors of stored state
    /// `s` (none when it is over or not a position).
    pub fn distinct_successors(&self, s: u64, out: &mut Vec<u64>) {
        out.clear();
        if !self.is_position(s) || self.ending(s).is_some() {
            return;
        }
        self.game.successors(self.index(s), out);
        self.to_stored(out);
    }

    /// Replaces `out` with the distinct stored predecessors of stored state
    /// `s`, from the game's un-moves.
    pub fn distinct_predecessors(&self, s: u64, out: &mut Vec<u64>) {
        out.clear();
        self.game.predecessors(self.index(s), out);
        self.to_stored(out);
    }

    /// Maps game indices to stored states, each once (indices that name no
    /// stored state are dropped: the conformance check reports them).
    fn to_stored(&self, out: &mut Vec<u64>) {
        if self.orbits.is_some() {
            let mut kept = 0;
            for i in 0..out.len() {
                if let Some(s) = self.stored_of(out[i]) {
                    out[kept] = s;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        out.sort_unstable();
        out.dedup();
    }
}
