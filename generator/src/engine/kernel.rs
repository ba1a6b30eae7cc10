//! The sweep's [`Kernel`] for any [`Game`]: starting cells from the rules'
//! verdicts and the distinct stored successors, predecessors from the
//! game's un-moves or from the reverse graph.
//!
//! Its counters are sized by the game's largest number of moves: one byte
//! where [`Game::max_moves`] fits [`MAX_COUNT`](super::sweep::countdown::MAX_COUNT), two bytes where not (see
//! [`GameKernel::wide`]).
//!
//! Limits are checked, never assumed: a state with more distinct stored
//! successors than a counter holds ([`Cell::MAX_COUNT`]), or with more
//! predecessors than the game's [`Game::max_unmoves`] promised, is recorded
//! and turns the solve into an error naming it.
#![allow(clippy::indexing_slicing)] // stored indices are below `slots`

use std::marker::PhantomData;
use std::sync::Mutex;

use gametable::Outcome;

use super::game::Game;
use super::reverse::ReverseGraph;
use super::space::{Found, GameSpace};
use super::sweep::countdown::Cell;
use super::sweep::Kernel;

/// Where a sweep finds a stored state's predecessors.
pub enum Predecessors<'r> {
    /// The game's un-moves.
    Unmoves,
    /// A reverse graph built from the forward moves.
    Graph(&'r ReverseGraph),
}

impl Predecessors<'_> {
    /// Replaces `out` with the distinct stored predecessors of `s`.
    #[inline]
    pub fn of<G: Game>(&self, space: &GameSpace<'_, G>, s: u64, out: &mut Found) {
        match self {
            Predecessors::Unmoves => space.distinct_predecessors(s, out),
            Predecessors::Graph(graph) => out.set(graph.predecessors(s)),
        }
    }
}

/// A limit a game broke during a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// A state has more distinct stored successors than a counter holds.
    TooManyMoves {
        /// Its game index.
        index: u64,
        /// How many it has.
        moves: usize,
        /// The most the sweep's counters held.
        limit: usize,
    },
    /// A state names a state past the last index among its moves or
    /// un-moves.
    OutOfRange {
        /// Its game index.
        index: u64,
        /// The index it names.
        found: u64,
    },
    /// A state has more predecessors than [`Game::max_unmoves`] said.
    TooManyUnmoves {
        /// Its game index.
        index: u64,
        /// How many it has.
        unmoves: usize,
        /// The promised bound.
        bound: usize,
    },
}

/// The generic kernel over a game's stored states, with work cells `C`
/// (`u8`, or `u16` for games with more than [`MAX_COUNT`](super::sweep::countdown::MAX_COUNT) moves).
pub struct GameKernel<'s, 'g, G: Game, C = u8> {
    space: &'s GameSpace<'g, G>,
    preds: Predecessors<'s>,
    room: usize,
    /// See [`GameKernel::keeping_distances`].
    distances_kept: bool,
    broken: Mutex<Option<Broken>>,
    cells: PhantomData<C>,
}

impl<'s, 'g, G: Game> GameKernel<'s, 'g, G, u8> {
    /// The kernel of `space` with one-byte counters, finding predecessors
    /// with `preds`, at most `room` per state.
    pub fn new(space: &'s GameSpace<'g, G>, preds: Predecessors<'s>, room: usize) -> Self {
        Self::with_cells(space, preds, room)
    }
}

impl<'s, 'g, G: Game> GameKernel<'s, 'g, G, u16> {
    /// [`GameKernel::new`] with two-byte counters, for games whose states
    /// may have more than [`MAX_COUNT`](super::sweep::countdown::MAX_COUNT) distinct successors.
    pub fn wide(space: &'s GameSpace<'g, G>, preds: Predecessors<'s>, room: usize) -> Self {
        Self::with_cells(space, preds, room)
    }
}

impl<'s, 'g, G: Game, C: Cell> GameKernel<'s, 'g, G, C> {
    /// The kernel of `space` with counters of type `C`.
    pub fn with_cells(space: &'s GameSpace<'g, G>, preds: Predecessors<'s>, room: usize) -> Self {
        GameKernel {
            space,
            preds,
            room: room.max(1),
            distances_kept: false,
            broken: Mutex::new(None),
            cells: PhantomData,
        }
    }

    /// The kernel of a solve whose `on_decided` keeps every decided
    /// state's distance ([`Kernel::distances_kept`]).
    pub fn keeping_distances(mut self) -> Self {
        self.distances_kept = true;
        self
    }

    /// The first limit the game broke, if any.
    pub fn broken(&self) -> Option<Broken> {
        self.broken.lock().map(|b| b.clone()).unwrap_or(None)
    }

    fn record(&self, broken: Broken) {
        if let Ok(mut slot) = self.broken.lock() {
            slot.get_or_insert(broken);
        }
    }
}

/// One thread's buffer of game indices.
pub struct GameScratch {
    found: Found,
}

impl<G: Game, C: Cell> Kernel for GameKernel<'_, '_, G, C> {
    type Cell = C;
    type Scratch = GameScratch;

    fn slots(&self) -> usize {
        self.space.stored() as usize
    }

    fn max_predecessors(&self) -> usize {
        self.room
    }

    fn distances_kept(&self) -> bool {
        self.distances_kept
    }

    fn failed(&self) -> bool {
        self.broken().is_some()
    }

    fn scratch(&self) -> GameScratch {
        GameScratch {
            found: Found::default(),
        }
    }

    fn initial_cells(&self, first: usize, cells: &mut [C], scratch: &mut GameScratch) {
        let game = self.space.game();
        let at_once = game.has_wins_at_once();
        for (i, cell) in cells.iter_mut().enumerate() {
            // Each question asked of the game once: its index may be costly
            // to decode.
            let index = self.space.index((first + i) as u64);
            *cell = if !game.is_position(index) {
                C::NOT_A_POSITION
            } else {
                match game.ending(index) {
                    Some(Outcome::Loss) => C::FRONT_LOSS[0],
                    Some(Outcome::Win) => C::FRONT_WIN[0],
                    Some(Outcome::Draw) => C::ENDED_LEVEL,
                    // A win in one, known from the rules: started at
                    // level 1 (see `Game::wins_at_once`).
                    None if at_once && game.wins_at_once(index) => C::FRONT_WIN[1],
                    None => {
                        let count = self.space.successor_count(index, &mut scratch.found);
                        if let Some(found) = scratch.found.past() {
                            self.record(Broken::OutOfRange { index, found });
                        }
                        match count {
                            // Every move into a settled state, which is a
                            // win in one for the opponent: a loss in two.
                            0 if self.space.settles()
                                && self.space.has_moves(index, &mut scratch.found) =>
                            {
                                C::LATE_LOSS
                            }
                            // No moves: a loss for the player to move.
                            0 => C::FRONT_LOSS[0],
                            n if n <= C::MAX_COUNT => C::count(n),
                            moves => {
                                self.record(Broken::TooManyMoves {
                                    index,
                                    moves,
                                    limit: C::MAX_COUNT,
                                });
                                C::ENDED_LEVEL
                            }
                        }
                    }
                }
            };
        }
    }

    fn predecessors(&self, s: usize, out: &mut [usize], scratch: &mut GameScratch) -> (usize, u64) {
        let (space, game) = (self.space, self.space.game());
        // Every predecessor of a state that ends as a loss wins at once
        // (`Game::wins_at_once`): it started decided, nothing to count down.
        let lost =
            |index: u64| game.has_wins_at_once() && game.ending(index) == Some(Outcome::Loss);
        match self.preds {
            Predecessors::Unmoves => {
                let index = space.index(s as u64);
                if lost(index) {
                    return (0, 0);
                }
                space.distinct_predecessors_of(index, &mut scratch.found);
                if let Some(found) = scratch.found.past() {
                    self.record(Broken::OutOfRange { index, found });
                }
            }
            Predecessors::Graph(_) => {
                if lost(space.index(s as u64)) {
                    return (0, 0);
                }
                self.preds.of(space, s as u64, &mut scratch.found);
            }
        }
        let found = scratch.found.len();
        if found > self.room {
            self.record(Broken::TooManyUnmoves {
                index: self.space.index(s as u64),
                unmoves: found,
                bound: self.room,
            });
        }
        let kept = found.min(self.room);
        let slots = self.space.stored();
        let listed = &scratch.found.as_slice()[..kept];
        if listed.iter().all(|&p| p < slots) {
            for (slot, &p) in out.iter_mut().zip(listed) {
                *slot = p as usize;
            }
            return (kept, found as u64);
        }
        let mut written = 0;
        for &p in listed {
            // A stored index the game made up would land outside the work
            // array: recorded, not followed.
            if p >= slots {
                self.record(Broken::OutOfRange {
                    index: self.space.index(s as u64),
                    found: p,
                });
                continue;
            }
            out[written] = p as usize;
            written += 1;
        }
        (written, found as u64)
    }
}
