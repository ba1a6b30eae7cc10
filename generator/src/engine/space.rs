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

    /// Whether states of one orbit of the game's symmetry are stored as
    /// one (what [`Game::successor_count`] calls `per_orbit`).
    pub fn per_orbit(&self) -> bool {
        self.orbits.is_some() && self.game.has_symmetry()
    }

    /// How many distinct stored successors the state of game index `index`
    /// has, a position known not to be over: the game's count where it
    /// gives one, else those [`GameSpace::live_successors`] lists into
    /// `out`.
    pub fn successor_count(&self, index: u64, out: &mut Found) -> usize {
        out.list.clear();
        out.past = None;
        match self.game.successor_count(index, self.per_orbit()) {
            Some(count) => count,
            None => {
                self.live_successors(index, out);
                out.len()
            }
        }
    }

    /// Whether the stored states leave out those the game settles: its
    /// own orbit numbering with [`Game::has_settled`].
    pub fn settles(&self) -> bool {
        matches!(self.orbits, Some(Orbits::ByGame(_))) && self.game.has_settled()
    }

    /// Whether the state of game index `index` has any move, stored or
    /// settled (`out` is scratch).
    pub fn has_moves(&self, index: u64, out: &mut Found) -> bool {
        out.list.clear();
        self.game.successors(index, &mut out.list);
        let any = !out.list.is_empty();
        out.list.clear();
        out.past = None;
        any
    }

    /// The game index of stored state `s`.
    #[inline]
    pub fn index(&self, s: u64) -> u64 {
        match &self.orbits {
            None => s,
            Some(orbits) => orbits.representative_of(self.game, s),
        }
    }

    /// The stored state that answers for game index `index` (a position).
    #[inline]
    pub fn stored_of(&self, index: u64) -> Option<u64> {
        match &self.orbits {
            None => (index < self.game.states()).then_some(index),
            Some(orbits) => orbits.orbit_of(self.game, index),
        }
    }

    /// Whether stored state `s` is a position.
    #[inline]
    pub fn is_position(&self, s: u64) -> bool {
        self.game.is_position(self.index(s))
    }

    /// The rules' verdict on stored state `s` (a position).
    #[inline]
    pub fn ending(&self, s: u64) -> Option<Outcome> {
        self.game.ending(self.index(s))
    }

    /// Replaces `out` with the distinct stored successors of stored state
    /// `s` (none when it is over or not a position).
    pub fn distinct_successors(&self, s: u64, out: &mut Found) {
        out.list.clear();
        out.past = None;
        if !self.is_position(s) || self.ending(s).is_some() {
            return;
        }
        self.live_successors(self.index(s), out);
    }

    /// Replaces `out` with the distinct stored successors of the state of
    /// game index `index`, a position known not to be over.
    pub fn live_successors(&self, index: u64, out: &mut Found) {
        out.list.clear();
        if self.canonicalises() {
            self.game.canonical_successors(index, &mut out.list);
        } else {
            self.game.successors(index, &mut out.list);
        }
        self.in_range(out);
        self.to_stored(out, true);
    }

    /// Whether moves are stored by their canonical index (orbits the engine
    /// numbers, or the game numbers and asks for, [`Game::canonical_moves`],
    /// of a game with symmetry): the game canonicalises them with
    /// [`Game::canonical_successors`] and [`Game::canonical_predecessors`].
    fn canonicalises(&self) -> bool {
        match self.orbits {
            Some(Orbits::Numbered(_)) => self.game.has_symmetry(),
            Some(Orbits::ByGame(_)) => self.game.has_symmetry() && self.game.canonical_moves(),
            None => false,
        }
    }

    /// Replaces `out` with the distinct stored predecessors of stored state
    /// `s`, from the game's un-moves (which list each predecessor once, so
    /// only orbits can make them repeat).
    pub fn distinct_predecessors(&self, s: u64, out: &mut Found) {
        self.distinct_predecessors_of(self.index(s), out);
    }

    /// [`GameSpace::distinct_predecessors`] of the stored state whose game
    /// index is `index`.
    pub fn distinct_predecessors_of(&self, index: u64, out: &mut Found) {
        out.list.clear();
        if self.canonicalises() {
            self.game.canonical_predecessors(index, &mut out.list);
        } else {
            self.game.predecessors(index, &mut out.list);
        }
        self.in_range(out);
        self.to_stored(out, false);
    }

    /// Drops the game indices of `out` past the game's last, noting the
    /// first in [`Found::past`]: a game that names one broke its contract,
    /// and the solve fails with it (its sweep stops after the level it is
    /// in) rather than count or follow it.
    fn in_range(&self, out: &mut Found) {
        let states = self.game.states();
        out.past = out.list.iter().copied().find(|&t| t >= states);
        if out.past.is_some() {
            out.list.retain(|&t| t < states);
        }
    }

    /// Maps game indices to stored states, each once (indices that name no
    /// stored state, settled states and positions the game's contract does
    /// not allow, are dropped: the conformance check reports the latter);
    /// `may_repeat` when the game may list one index twice.
    fn to_stored(&self, out: &mut Found, may_repeat: bool) {
        match &self.orbits {
            None if !may_repeat => {}
            None => out.keep_distinct(),
            Some(orbits) => {
                let canonical = self.canonicalises();
                // A short list is kept distinct as it is mapped.
                let short = out.list.len() <= SHORT;
                let mut filter = ShortFilter::default();
                let mut kept = 0;
                for i in 0..out.list.len() {
                    let found = if canonical {
                        orbits.orbit_of_canonical(self.game, out.list[i])
                    } else {
                        orbits.orbit_of(self.game, out.list[i])
                    };
                    if let Some(s) = found {
                        if !short || filter.admit(s, &out.list[..kept]) {
                            out.list[kept] = s;
                            kept += 1;
                        }
                    }
                }
                out.list.truncate(kept);
                if !short {
                    out.keep_distinct();
                }
            }
        }
    }
}

/// The longest list kept distinct with a [`ShortFilter`] instead of
/// [`Found`]'s hash set.
const SHORT: usize = 24;

/// Fibonacci hashing's multiplier: 2^64 / phi.
const PHI: u64 = 0x9E37_79B9_7F4A_7C15;

/// The states kept so far of a short list, as a 64-bit filter: a state
/// whose bit is clear is new, and only one whose bit is taken is compared
/// with those kept.
#[derive(Default)]
struct ShortFilter(u64);

impl ShortFilter {
    /// Whether `value` is not among `kept` (the states admitted so far);
    /// records it when new.
    #[inline(always)]
    fn admit(&mut self, value: u64, kept: &[u64]) -> bool {
        let bit = 1u64 << (value.wrapping_mul(PHI) >> 58);
        if self.0 & bit != 0 && kept.contains(&value) {
            return false;
        }
        self.0 |= bit;
        true
    }
}

/// A list of states, with a set to keep each once: open addressing with a
/// generation stamp per slot, so that emptying it costs nothing and each
/// state costs a hash and a probe or two (a sort costs a few hard branches
/// each); short lists take a one-word filter.
#[derive(Default)]
pub struct Found {
    list: Vec<u64>,
    /// The first game index past the game's last that the last listing
    /// named (and left out).
    past: Option<u64>,
    keys: Vec<u64>,
    stamps: Vec<u32>,
    generation: u32,
}

impl Found {
    /// The states found, in the order first found.
    pub fn as_slice(&self) -> &[u64] {
        &self.list
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Replaces the list with `states`.
    pub fn set(&mut self, states: impl IntoIterator<Item = u64>) {
        self.list.clear();
        self.past = None;
        self.list.extend(states);
    }

    /// The first index past the game's last that the game named in the
    /// moves or un-moves last listed here (left out of the list), if any.
    pub fn past(&self) -> Option<u64> {
        self.past
    }

    /// Drops every repeat of a state, keeping the first.
    fn keep_distinct(&mut self) {
        if self.list.len() < 2 {
            return;
        }
        if self.list.len() <= SHORT {
            let mut filter = ShortFilter::default();
            let mut kept = 0;
            for i in 0..self.list.len() {
                let value = self.list[i];
                if filter.admit(value, &self.list[..kept]) {
                    self.list[kept] = value;
                    kept += 1;
                }
            }
            self.list.truncate(kept);
            return;
        }
        let wanted = (self.list.len() * 2).next_power_of_two().max(64);
        if self.keys.len() < wanted {
            self.keys = vec![0; wanted];
            self.stamps = vec![0; wanted];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
        let mask = self.keys.len() - 1;
        let shift = 64 - self.keys.len().trailing_zeros();
        let mut kept = 0;
        for i in 0..self.list.len() {
            let value = self.list[i];
            // Fibonacci hashing: the top bits of value * 2^64 / phi.
            let mut slot = (value.wrapping_mul(PHI) >> shift) as usize;
            loop {
                if self.stamps[slot] != self.generation {
                    self.stamps[slot] = self.generation;
                    self.keys[slot] = value;
                    self.list[kept] = value;
                    kept += 1;
                    break;
                }
                if self.keys[slot] == value {
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        self.list.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_keeps_the_first_of_each_state_in_order() {
        let mut found = Found::default();
        // Long lists (hashed) and short ones (compared), either side of
        // the boundary.
        let lengths = [500, 2 * SHORT, SHORT + 1, SHORT, SHORT - 1, 7, 2];
        for (round, len) in lengths.into_iter().enumerate() {
            let modulus = [97, 11, 5][round % 3];
            let input: Vec<u64> = (0..len as u64)
                .map(|i| (i * 7919 + round as u64) % modulus)
                .collect();
            found.set(input.iter().copied());
            found.keep_distinct();
            let mut expected = Vec::new();
            for &v in &input {
                if !expected.contains(&v) {
                    expected.push(v);
                }
            }
            assert_eq!(found.as_slice(), &expected[..]);
        }
        found.set([5, 5, u64::MAX, 0, u64::MAX]);
        found.keep_distinct();
        assert_eq!(found.as_slice(), &[5, u64::MAX, 0]);
    }
}
