//! The seam between the engine and a game: what a game must tell the
//! engine, and what it may tell it to be solved faster.
//!
//! A game is any finite two-player game of perfect information whose
//! states can be numbered densely, `0..states()`. The engine only ever
//! handles those numbers (*indices*); the game turns them into positions
//! and back. Outcomes are always for the player to move.
//!
//! Required: the index ([`Game::states`], [`Game::position`],
//! [`Game::index`]), who is to move ([`Game::to_move`]), the rules' verdict
//! on a state that is over ([`Game::ending`]), and the forward moves
//! ([`Game::successors`]).
//!
//! Optional hooks, each with a fallback that is correct without it:
//! - un-moves ([`Game::has_unmoves`], [`Game::predecessors`]): without them
//!   the engine lists every move once and builds the reverse graph (see
//!   [`crate::engine::reverse`] for its memory cost);
//! - symmetry ([`Game::has_symmetry`], [`Game::canonical`]): the engine then
//!   stores one state per orbit, numbering the orbits itself;
//! - indices that are not positions ([`Game::is_position`]): by default every
//!   index is one.
//!
//! [`crate::engine::conformance`] checks an implementation against these
//! contracts; every built-in game passes it in the tests.
//!
//! # Example
//!
//! A pile of stones; a move takes one or two; whoever cannot move (the pile
//! is empty) has lost. The index is the pile size, and the required
//! methods are all it takes:
//!
//! ```
//! use gametable_gen::engine::conformance::{check, Sample};
//! use gametable_gen::engine::{solve, Game, Outcome, Parameter, Side, SolveOptions};
//!
//! struct Pile(u64);
//!
//! impl Game for Pile {
//!     type Position = u64;
//!     fn name(&self) -> &'static str { "pile" }
//!     fn parameters(&self) -> Vec<Parameter> { vec![("stones", self.0)] }
//!     fn states(&self) -> u64 { self.0 + 1 }
//!     fn position(&self, index: u64) -> Option<u64> { (index <= self.0).then_some(index) }
//!     fn index(&self, position: &u64) -> u64 { *position }
//!     // Who moves does not change the outcome here: every state is seen
//!     // from the player to move.
//!     fn to_move(&self, _index: u64) -> Side { Side::First }
//!     // An empty pile has no moves: the engine makes it a loss by itself.
//!     fn ending(&self, _index: u64) -> Option<Outcome> { None }
//!     fn successors(&self, index: u64, out: &mut Vec<u64>) {
//!         out.extend((1..=2).filter(|&k| k <= index).map(|k| index - k));
//!     }
//!     fn max_moves(&self) -> usize { 2 }
//! }
//!
//! let game = Pile(10);
//! check(&game, Sample::All)?; // every contract, on every index
//! // Without un-moves the engine builds the reverse graph itself.
//! let solved = solve(&game, &SolveOptions::default())?;
//! // Multiples of three are lost; the others win by taking the remainder.
//! assert_eq!(solved.outcome(&game, 9), Some(Outcome::Loss));
//! assert_eq!(solved.distance(&game, 9), Some(6));
//! assert_eq!(solved.outcome(&game, 10), Some(Outcome::Win));
//! assert_eq!(solved.distance(&game, 10), Some(7));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use gametable::Outcome;

/// Who is to move: the player who moved first in the game, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player who makes the first move of the game.
    First,
    /// The other player.
    Second,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a game's published position counts see a state ([`Game::census`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Census {
    /// Not a position in those counts (Dobutsu's states after a lion
    /// capture, which its literature does not count).
    NotCounted,
    /// A position where the game is over, in those counts' sense.
    Over,
    /// A position where play goes on.
    Open,
}

/// A named parameter of a game, as tables and the command line write it
/// (`("width", 5)`).
pub type Parameter = (&'static str, u64);

/// A finite two-player game of perfect information, as the engine sees it.
///
/// Contracts (checked by [`crate::engine::conformance`]):
/// - `position(i)` is `Some` exactly for the indices that are positions
///   ([`Game::is_position`]), and `index(&position(i)?) == i`;
/// - a state that is over has no successors; every successor is a
///   position; a state that is not over and has no moves is a loss for the
///   player to move (the engine applies this rule, the game need not);
/// - `successor_count(s, per_orbit)`, where a game gives it, is the number
///   of distinct successors of `s` (of distinct canonical successors when
///   `per_orbit`, but for those its orbit numbering settles);
/// - `wins_at_once(s)`, where a game gives it, is true exactly when some
///   successor of `s` ends as a loss ([`Game::ending`]);
/// - with un-moves: `p` is among `predecessors(s)` exactly when `s` is
///   among `successors(p)`;
/// - with symmetry: `canonical` is idempotent, maps positions to positions,
///   keeps whether a state is over and how, and commutes with moves (the
///   canonical successors of `s` and of `canonical(s)` are the same set);
/// - with its own orbit numbering: the engine's (see [`Game::orbit_count`]).
///
/// States that end by endless play are draws; a state the rules end level
/// ([`Outcome::Draw`] from [`Game::ending`]) is a draw too. Neither has a
/// distance.
pub trait Game: Sync {
    /// A position in the game's own terms (a board, two hands).
    type Position;

    /// The game's name on the command line and in table headers
    /// (`tictactoe`).
    fn name(&self) -> &'static str;

    /// The game's parameters, in a fixed order, as tables record them and the
    /// command line names them (`[("width", 5), ("height", 4)]`); empty for
    /// a game without parameters.
    fn parameters(&self) -> Vec<Parameter>;

    /// How many indices there are: every index is below this.
    fn states(&self) -> u64;

    /// The position of index `index`, or `None` where the index names no
    /// position (or is out of range).
    fn position(&self, index: u64) -> Option<Self::Position>;

    /// The index of `position`.
    fn index(&self, position: &Self::Position) -> u64;

    /// Who is to move in state `index` (a position).
    fn to_move(&self, index: u64) -> Side;

    /// The rules' verdict on state `index` (a position) if it is over, for the
    /// player to move: `Some(Outcome::Loss)` when the opponent has just won,
    /// `Some(Outcome::Draw)` for a game that ended level; `None` while play
    /// goes on.
    fn ending(&self, index: u64) -> Option<Outcome>;

    /// Appends to `out` the index of every state one move from state `index`
    /// (a position that is not over). Two moves may lead to the same state;
    /// the engine counts it once.
    fn successors(&self, index: u64, out: &mut Vec<u64>);

    /// The most distinct successors any state has: it sizes the engine's
    /// counters (one byte up to 247, two bytes up to 65,527).
    fn max_moves(&self) -> usize;

    /// How many distinct states are one move from state `index` (a position
    /// that is not over), counting states of one orbit once when
    /// `per_orbit` (with symmetry), and, where the game's orbit numbering
    /// leaves out settled states ([`Game::has_settled`]), not counting
    /// moves into them: what the sweep starts each state's counter at. `None` (the default) has the engine list
    /// [`Game::successors`] and count them; a game that knows the number
    /// without listing (as GamesmanOne's `GetNumberOfCanonicalChildPositions`)
    /// saves the engine a pass of moves over every state.
    fn successor_count(&self, _index: u64, _per_orbit: bool) -> Option<usize> {
        None
    }

    /// Whether `index` names a position. The default, from
    /// [`Game::position`], is right for every game; a game may answer
    /// faster.
    fn is_position(&self, index: u64) -> bool {
        self.position(index).is_some()
    }

    /// Whether the game provides un-moves ([`Game::predecessors`]).
    fn has_unmoves(&self) -> bool {
        false
    }

    /// Appends to `out` the index of every position that has state `index`
    /// among its successors (each once). Only called when
    /// [`Game::has_unmoves`] is true.
    fn predecessors(&self, _index: u64, _out: &mut Vec<u64>) {}

    /// The most predecessors any state has (with un-moves), which sizes the
    /// engine's buffers; 0 (the default) for unknown, and the engine then
    /// counts them in a pass of its own. A sweep that finds more than a
    /// bound given here stops with an error naming the state.
    fn max_unmoves(&self) -> usize {
        0
    }

    /// Whether the game answers [`Game::wins_at_once`].
    fn has_wins_at_once(&self) -> bool {
        false
    }

    /// Whether state `index` (a position that is not over) has a move into
    /// a state that [`Game::ending`] ends as a loss for the player then to
    /// move: a win in one (a capture of the king, a completed try), seen
    /// from the rules without listing the moves. Only called when
    /// [`Game::has_wins_at_once`] is true; the answer must be exact.
    ///
    /// The sweep then starts such a state decided, a win at distance 1,
    /// without counting its successors; and it never lists the predecessors
    /// of a state that ends as a loss, since every one of them wins at once.
    fn wins_at_once(&self, _index: u64) -> bool {
        false
    }

    /// Whether the game provides a symmetry ([`Game::canonical`]).
    fn has_symmetry(&self) -> bool {
        false
    }

    /// The canonical index of the orbit of state `index` under the game's
    /// symmetries: the same for every state of the orbit, and a fixed point.
    /// An index that is no position (a hole) has a hole as its canonical
    /// index (itself, or one hole for all): holes form no orbits with
    /// positions.
    fn canonical(&self, index: u64) -> u64 {
        index
    }

    /// With symmetry, whether state `index` is its orbit's canonical index:
    /// `canonical(index) == index` (the default), which a game may answer
    /// faster (the engine asks it of every index to number the orbits).
    fn is_canonical(&self, index: u64) -> bool {
        self.canonical(index) == index
    }

    /// With symmetry: appends the canonical index of every successor of
    /// state `index`. The default canonicalises each successor; a game that
    /// has each successor in hand can do it without decoding its index
    /// again. An index past [`Game::states`] is left as it is (not given
    /// to [`Game::canonical`]), for the solve to refuse.
    fn canonical_successors(&self, index: u64, out: &mut Vec<u64>) {
        let start = out.len();
        self.successors(index, out);
        canonicalise(self, &mut out[start..]);
    }

    /// With symmetry and un-moves: appends the canonical index of every
    /// predecessor of state `index` (the default canonicalises each, and
    /// leaves an index past [`Game::states`] as it is).
    fn canonical_predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let start = out.len();
        self.predecessors(index, out);
        canonicalise(self, &mut out[start..]);
    }

    /// With symmetry, optionally the game's own numbering of its orbits:
    /// how many there are, or `None` (the default) for the engine to number
    /// them itself (a bit per index and about 1.1 bits per orbit, see
    /// [`crate::engine::orbits`]). A game's numbering must be the engine's:
    /// orbits in increasing order of their canonical index, every index that
    /// is its own canonical index numbered (positions or not), but for the
    /// states a numbering with [`Game::has_settled`] leaves out, whose
    /// [`Game::orbit`] is at or past the count.
    fn orbit_count(&self) -> Option<u64> {
        None
    }

    /// The number of the orbit of state `index` (with [`Game::orbit_count`]).
    fn orbit(&self, index: u64) -> u64 {
        index
    }

    /// The canonical index of orbit `orbit` (with [`Game::orbit_count`]).
    fn representative(&self, orbit: u64) -> u64 {
        orbit
    }

    /// With its own orbit numbering ([`Game::orbit_count`]): whether the
    /// engine should canonicalise moves with [`Game::canonical_successors`]
    /// and [`Game::canonical_predecessors`] before asking
    /// [`Game::orbit`], for a game whose canonical index is cheap from
    /// the board in hand and whose orbit of a canonical index is cheaper
    /// than of any index. `false` (the default): the engine asks
    /// [`Game::orbit`] of each move's index.
    fn canonical_moves(&self) -> bool {
        false
    }

    /// Whether the game's own orbit numbering ([`Game::orbit_count`])
    /// leaves out states that the rules decide at once
    /// ([`Game::settled`]). Such a game answers [`Game::wins_at_once`]
    /// too: the sweep counts no move into a settled state, and knows that
    /// a move into a settled loss wins at once only from there (a solve
    /// without it is refused).
    fn has_settled(&self) -> bool {
        false
    }

    /// With [`Game::has_settled`]: the rules' answer for state `index` when
    /// the game's orbit numbering leaves it out (its [`Game::orbit`] is at
    /// or past [`Game::orbit_count`]), `None` for a state it numbers.
    ///
    /// A state left out must be decided at once: a loss at distance 0 (it
    /// ends so, [`Game::ending`]) or a win at distance 1
    /// ([`Game::wins_at_once`]); either way the game answers
    /// [`Game::wins_at_once`], which tells the sweep the moves into the
    /// settled losses. The sweep then never stores it and counts
    /// no move into it (a move that hands the opponent a win in one never
    /// helps; a state whose every move does so is a loss at distance 2,
    /// which the sweep starts so); tables are written without it, and
    /// answers for it come from here.
    fn settled(&self, _index: u64) -> Option<(Outcome, u16)> {
        None
    }

    /// The state play starts from, where the game has one: reachability
    /// counts are taken from it.
    fn start(&self) -> Option<u64> {
        None
    }

    /// How the game's published position counts see position `index`,
    /// where they count otherwise than the engine ([`crate::engine::census`]
    /// tallies reachable positions this way). The default: a state with an
    /// [`Game::ending`] is over, every other open. The answer must be the
    /// same for every state of an orbit.
    fn census(&self, index: u64) -> Census {
        match self.ending(index) {
            Some(_) => Census::Over,
            None => Census::Open,
        }
    }
}

/// Replaces each index of `states` with its canonical index, but one past
/// the game's last: that is a broken contract the solve reports, and the
/// game's `canonical` need not take it.
fn canonicalise<G: Game + ?Sized>(game: &G, states: &mut [u64]) {
    let count = game.states();
    for state in states.iter_mut().filter(|s| **s < count) {
        *state = game.canonical(*state);
    }
}
