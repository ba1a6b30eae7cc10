//! Dobutsu shogi ("Let's Catch the Lion!"): the rules, the board and its
//! index, as the engine sees them ([`Game`]).
//!
//! Every state is seen from the side to move: the board is turned 180
//! degrees when the second player (gote) is to move, so a position and its
//! turned twin with the players exchanged are one index. [`Position`] holds
//! the board in that frame: square `3 * row + column`, row 0 the mover's far
//! row (rank 1 for sente), row 3 its home row, column 0 file `a` as sente
//! sees it. The mover's pieces move towards row 0.
//!
//! Conventions (after Tanaka's count, see `docs/games/dobutsu.md`):
//! - a mover who can capture the opposing lion wins in 1: the position is
//!   ordinary, but its only moves are the lion captures (any other move is
//!   no better, and leaving them out keeps the states where a side to move
//!   has its own lion on its far row out of the game);
//! - the opposing lion on the mover's home row with no piece of the mover
//!   attacking it is a completed try: a loss at distance 0;
//! - a lion capture leads to a state of its own in which the captured
//!   side is to move without its lion (the capturer holds it): a loss at
//!   distance 0.
//!
//! Variants: [`Dobutsu`] may leave out the giraffes, the elephants or the
//! chicks (each kind comes as a pair, or not at all; the lions always
//! play). The rules are the same; the kinds left out never appear, and the
//! start is the real start without them. The reduced games are small
//! enough to solve in seconds (see `docs/games/dobutsu.md`).
//!
//! `pieces` encodes the pieces and the board's geometry, `position` holds
//! the rules of one position (moves, un-moves, the try), [`index`] numbers
//! the states densely, [`orbits`] their mirror images, and [`notation`]
//! writes and reads them for people; this module is the game on the
//! engine's seam.

use std::cell::Cell;
use std::sync::OnceLock;

use gametable::Outcome;

use crate::engine::{Census, Game, Parameter, Side};

pub mod index;
pub mod notation;
pub mod orbits;
mod pieces;
mod position;

pub use pieces::*;
pub use position::*;

/// Dobutsu shogi on its 3x4 board, the first player (sente) to move first:
/// the whole game ([`Dobutsu::FULL`], the default) or a variant without
/// some kinds of pieces ([`Dobutsu::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dobutsu {
    /// How many lions, giraffes, elephants and chicks the game has.
    pieces: [u8; 4],
    /// The numbering of its states, one of [`INDICES`].
    index: &'static index::Index,
}

/// The numbering of every variant, computed when the program is built:
/// entry `g + 2e + 4c` for the variant with giraffes when `g` is 1,
/// elephants when `e` is, chicks when `c` is.
static INDICES: [index::Index; 8] = {
    let mut t = [index::Index::new([false; 3]); 8];
    let mut i = 1;
    while i < 8 {
        t[i] = index::Index::new([i & 1 != 0, i & 2 != 0, i & 4 != 0]);
        i += 1;
    }
    t
};

impl Default for Dobutsu {
    fn default() -> Dobutsu {
        Dobutsu::FULL
    }
}

impl Dobutsu {
    /// The whole game: two pieces of every kind.
    pub const FULL: Dobutsu = Dobutsu::with([true; 3]);

    /// The variant with the kinds `present` (giraffes, elephants, chicks).
    const fn with(present: [bool; 3]) -> Dobutsu {
        const fn pair(here: bool) -> u8 {
            if here {
                2
            } else {
                0
            }
        }
        Dobutsu {
            pieces: [2, pair(present[0]), pair(present[1]), pair(present[2])],
            index: &INDICES
                [present[0] as usize + 2 * present[1] as usize + 4 * present[2] as usize],
        }
    }

    /// The variant with `giraffes`, `elephants` and `chicks` of each kind
    /// (the lions always play).
    ///
    /// # Errors
    /// A count other than 0 or 2, naming the kind.
    pub fn new(giraffes: u64, elephants: u64, chicks: u64) -> Result<Dobutsu, String> {
        let mut present = [false; 3];
        for (here, (name, n)) in present.iter_mut().zip([
            ("giraffes", giraffes),
            ("elephants", elephants),
            ("chicks", chicks),
        ]) {
            *here = match n {
                0 => false,
                2 => true,
                _ => return Err(format!("{name}: a kind comes in pairs, 0 or 2, not {n}")),
            };
        }
        Ok(Dobutsu::with(present))
    }

    /// How many lions, giraffes, elephants and chicks the game has (a hen
    /// counts as a chick), in the order of a hand.
    pub const fn pieces(&self) -> [u8; 4] {
        self.pieces
    }

    /// The start, first player to move: the real start without the kinds
    /// the variant does not have.
    pub fn start_position(&self) -> Position {
        let mut p = Position::START;
        for cell in &mut p.cells {
            if *cell != EMPTY && self.pieces[hand_slot(kind(*cell))] == 0 {
                *cell = EMPTY;
            }
        }
        p
    }

    /// The state of index `index`, `None` out of range.
    pub fn decode(&self, index: u64) -> Option<Position> {
        self.index.decode(index)
    }

    /// [`Dobutsu::decode`] for the engine's questions about one index in a
    /// row (its ending, whether it wins at once, its successors): each
    /// thread keeps the last state it decoded, so
    /// that the index is decoded once, not two or three times.
    fn decoded(&self, index: u64) -> Option<Position> {
        thread_local! {
            /// The variant's pieces, an index, and its state.
            static LAST: Cell<([u8; 4], u64, Option<Position>)> =
                const { Cell::new(([0; 4], u64::MAX, None)) };
        }
        LAST.with(|last| {
            let (pieces, at, p) = last.get();
            if at == index && pieces == self.pieces {
                return p;
            }
            let p = self.decode(index);
            last.set((self.pieces, index, p));
            p
        })
    }

    /// The index of state `p`.
    pub fn encode(&self, p: &Position) -> u64 {
        self.index.encode(p)
    }

    /// The canonical index of state `p`'s orbit: the smaller index of `p`
    /// and its mirror image ([`Game::canonical`]).
    pub fn canonical_of(&self, p: &Position) -> u64 {
        self.index.canonical(p)
    }

    /// Whether `index` (below [`Game::states`]) is its orbit's canonical
    /// index, from its board (what [`Game::is_canonical`] falls back on
    /// when the lions do not settle it).
    fn is_canonical_on_board(&self, index: u64) -> bool {
        self.decode(index)
            .is_some_and(|p| self.canonical_of(&p) == index)
    }

    /// The variant's orbit numbering, built on first use (a few seconds
    /// for the whole game) and kept for the life of the program.
    fn numbering(&self) -> &'static orbits::OrbitNumbering {
        static NUMBERINGS: [OnceLock<orbits::OrbitNumbering>; 8] = [const { OnceLock::new() }; 8];
        let variant = usize::from(self.pieces[1] / 2)
            + 2 * usize::from(self.pieces[2] / 2)
            + 4 * usize::from(self.pieces[3] / 2);
        NUMBERINGS[variant].get_or_init(|| orbits::OrbitNumbering::new(self))
    }
}

impl Game for Dobutsu {
    type Position = Position;

    fn name(&self) -> &'static str {
        "dobutsu"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![
            ("giraffes", u64::from(self.pieces[1])),
            ("elephants", u64::from(self.pieces[2])),
            ("chicks", u64::from(self.pieces[3])),
        ]
    }

    fn states(&self) -> u64 {
        self.index.states()
    }

    fn position(&self, index: u64) -> Option<Position> {
        self.decode(index)
    }

    fn index(&self, position: &Position) -> u64 {
        self.encode(position)
    }

    /// Every state is seen from the side to move, shown as the first
    /// player: the index does not tell who that is.
    fn to_move(&self, _index: u64) -> Side {
        Side::First
    }

    /// Read from the lions where they settle it (a captured lion, or the
    /// opposing lion off the mover's home row, where no try can have been
    /// completed: [`Position::ending`]'s rule), from the board otherwise.
    fn ending(&self, index: u64) -> Option<Outcome> {
        match self.index.lions(index)? {
            (None, _) => Some(Outcome::Loss),
            (Some(_), theirs) if row(theirs) != 3 => None,
            _ => self.decoded(index)?.ending(),
        }
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        if let Some(p) = self.decode(index) {
            p.for_each_move(|_, next| out.push(self.encode(&next)));
        }
    }

    /// Board moves: lion 8, giraffes and elephants 4 each, hens 6 each (36);
    /// drops: at most 3 kinds on at most 10 empty squares.
    fn max_moves(&self) -> usize {
        MAX_MOVES
    }

    /// Counted on the board, without an index
    /// ([`Position::distinct_successors`]). Per orbit, in the game's
    /// numbering, moves into settled states are not counted
    /// ([`Game::settled`]).
    fn successor_count(&self, index: u64, per_orbit: bool) -> Option<usize> {
        // More moves than `max_moves` promised: `None` has the engine list
        // and count them instead (the conformance check reports the excess).
        self.decoded(index)?
            .distinct_successors(per_orbit, per_orbit)
    }

    fn is_position(&self, index: u64) -> bool {
        index < self.index.states()
    }

    fn has_wins_at_once(&self) -> bool {
        true
    }

    /// A capture of the lion or a try, from the board: the sweep starts
    /// these states won, without listing their moves.
    fn wins_at_once(&self, index: u64) -> bool {
        self.decoded(index).is_some_and(|p| p.wins_at_once())
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    /// Numbered from the un-moves' squares ([`index::Index::for_each_unmove_index`]).
    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        self.index
            .for_each_unmove_index(index, false, |before| out.push(before));
    }

    /// Lion: 8 sources, each plain or taking one of 4 kinds (40); six other
    /// pieces: at most 7 sources (a hen's 6 and an un-promotion) times 5,
    /// and an un-drop (216).
    fn max_unmoves(&self) -> usize {
        256
    }

    fn has_symmetry(&self) -> bool {
        true
    }

    /// The smaller index of the state and its left-right mirror image.
    ///
    /// Most indices are settled by their lions alone: the mirror image of
    /// a state whose lions are off the middle file is in another lion
    /// block, and blocks are in index order, so an index whose block comes
    /// first is canonical without a look at its board.
    fn canonical(&self, index: u64) -> u64 {
        if self.index.lions_against_mirror(index) == Some(core::cmp::Ordering::Less) {
            return index;
        }
        match self.decode(index) {
            Some(p) => self.canonical_of(&p),
            None => index,
        }
    }

    /// From the lions alone where they settle it (see
    /// [`Dobutsu::canonical`]).
    fn is_canonical(&self, index: u64) -> bool {
        match self.index.lions_against_mirror(index) {
            Some(core::cmp::Ordering::Less) => true,
            Some(core::cmp::Ordering::Greater) => false,
            _ => self.is_canonical_on_board(index),
        }
    }

    /// The engine's numbering, from the lion blocks ([`orbits`]).
    fn orbit_count(&self) -> Option<u64> {
        Some(self.numbering().count())
    }

    fn orbit(&self, index: u64) -> u64 {
        if index >= self.index.states() {
            return u64::MAX;
        }
        self.numbering().orbit(self, index)
    }

    fn representative(&self, orbit: u64) -> u64 {
        self.numbering().representative(orbit)
    }

    /// Moves are canonicalised on the boards in hand, and the orbit of a
    /// canonical index is arithmetic or a rank.
    fn canonical_moves(&self) -> bool {
        true
    }

    fn has_settled(&self) -> bool {
        true
    }

    /// The states whose lions decide them ([`index::lions_settle`]): a lost
    /// ending, or a win in one (the opposing lion taken).
    fn settled(&self, index: u64) -> Option<(Outcome, u16)> {
        if !self.index.settled(index)? {
            return None;
        }
        match self.decoded(index)?.ending() {
            Some(outcome) => Some((outcome, 0)),
            None => Some((Outcome::Win, 1)),
        }
    }

    /// Each successor canonicalised from the board in hand (the default
    /// would decode every successor's index again).
    fn canonical_successors(&self, index: u64, out: &mut Vec<u64>) {
        if let Some(p) = self.decode(index) {
            p.for_each_move(|_, next| out.push(self.canonical_of(&next)));
        }
    }

    /// Each predecessor canonicalised from the un-moves' squares
    /// ([`index::Index::for_each_unmove_index`]).
    fn canonical_predecessors(&self, index: u64, out: &mut Vec<u64>) {
        self.index
            .for_each_unmove_index(index, true, |before| out.push(before));
    }

    fn start(&self) -> Option<u64> {
        Some(self.encode(&self.start_position()))
    }

    /// Tanaka's count: a state after a lion capture is no position (his
    /// game ends with the capture), and a position is over when the side
    /// to move can take the opposing lion or has lost to a completed try.
    fn census(&self, index: u64) -> Census {
        match self.decode(index) {
            None => Census::NotCounted,
            Some(p) if p.lion_lost() => Census::NotCounted,
            Some(p) if p.ending().is_some() || p.can_capture_lion() => Census::Over,
            Some(_) => Census::Open,
        }
    }
}
