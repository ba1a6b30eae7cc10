//! The conformance check a game author runs on an implementation of
//! [`Game`]: every contract of the trait, tested state by state.
//!
//! [`check`] walks every index ([`Sample::All`], for small variants) or a
//! seeded random sample of them ([`Sample::Random`], for large ones) and
//! stops at the first broken contract, naming it ([`Check`]), the index and
//! what it found ([`Failure`]). On success the [`Report`] counts what was
//! checked, so a test can tell that the hooks it meant to test were tested.
//!
//! Per index checked:
//! - the index round trips: `position(i)` is `Some` exactly when
//!   `is_position(i)`, and `index(&position(i)?) == i`;
//! - every successor of a position is in range and a position, and there
//!   are at most [`Game::max_moves`] distinct ones;
//! - a state that is over has no successors;
//! - with un-moves: every predecessor `p` of a position `s` is a position,
//!   is not over and has `s` among its successors; every successor `t` of
//!   `s` has `s` among its predecessors;
//! - with symmetry: `canonical(s)` is in range, a position, a fixed point
//!   of `canonical`, has the same ending as `s` (outcomes are for the player
//!   to move, so a symmetry that swaps the players keeps them), and the
//!   canonical successors of `s` and of `canonical(s)` are the same set
//!   (each canonical successor a fixed point itself); an index that is no
//!   position has a canonical form that is none either;
//! - with the game's own orbit numbering ([`Game::orbit_count`]): a
//!   canonical index `s` is numbered, `representative(orbit(s)) == s`,
//!   between the representatives of the orbits before and after it, unless
//!   the numbering leaves it out as settled; a position's orbit is its
//!   canonical form's.
//!
//! Once per check: [`Game::start`], where present, is a position, the
//! index [`Game::states`] (one past the last) is not, and
//! [`Game::max_moves`] is within what the sweep's counters hold.

use std::fmt;

use gametable::Outcome;

use super::game::Game;
use super::orbits::own_count;
use super::rng::SplitMix64;
use super::sweep::Cell;

/// Which indices to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Every index, `0..states()`: for variants small enough to walk.
    All,
    /// `count` indices drawn uniformly (with repetition) from
    /// `0..states()` by a generator seeded with `seed`: the same seed checks
    /// the same indices.
    Random {
        /// How many indices to draw.
        count: u64,
        /// The generator's seed.
        seed: u64,
    },
}

/// A contract of [`Game`], as the check names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// `position(i)` is `Some` exactly when `is_position(i)` (and `None`
    /// for the index `states()`).
    IsPosition,
    /// `index(&position(i)) == i`.
    RoundTrip,
    /// Every successor is below `states()`.
    SuccessorInRange,
    /// Every successor is a position.
    SuccessorIsPosition,
    /// A state that is over has no successors.
    OverHasNoMoves,
    /// No state has more distinct successors than `max_moves()`.
    MaxMoves,
    /// Every predecessor is a position (in range).
    PredecessorIsPosition,
    /// No predecessor is over.
    PredecessorNotOver,
    /// `successor_count(s, per_orbit)`, where given, is the number of
    /// distinct successors (of distinct canonical successors per orbit).
    SuccessorCount,
    /// `wins_at_once(s)`, where given, is true exactly when a successor of
    /// `s` ends as a loss.
    WinsAtOnce,
    /// `s` is among the successors of each of its predecessors.
    PredecessorHasMove,
    /// No predecessor is listed twice.
    PredecessorsDistinct,
    /// No state has more predecessors than a non-zero `max_unmoves()`.
    MaxUnmoves,
    /// Each successor `t` of `s` has `s` among its predecessors.
    UnmoveOfMove,
    /// `canonical(s)` is below `states()` and a position.
    CanonicalIsPosition,
    /// `canonical(h)` of a hole `h` (an index that is no position) is a
    /// hole: holes form no orbits with positions.
    CanonicalOfHole,
    /// `canonical(canonical(s)) == canonical(s)`.
    CanonicalIdempotent,
    /// `canonical(s)` has the same ending as `s`.
    CanonicalEnding,
    /// `is_canonical(s)` exactly when `canonical(s) == s`.
    IsCanonical,
    /// The canonical successors of `s` and `canonical(s)` are the same set.
    CanonicalCommutes,
    /// `canonical_successors(s)` and `canonical_predecessors(s)` list the
    /// canonical forms of the successors and predecessors of `s`.
    CanonicalMoves,
    /// With the game's own orbit numbering: every canonical index is
    /// numbered (but settled states), `representative(orbit(s)) == s` for a
    /// canonical `s`, orbits in increasing order of their canonical index,
    /// and every position in its canonical form's orbit.
    OrbitNumbering,
    /// With the game's own orbit numbering, over every index
    /// ([`Sample::All`]): `orbit_count()` canonical indices are numbered.
    OrbitCount,
    /// `start()`, where present, is a position.
    StartIsPosition,
    /// With `has_settled()`: `settled(s)` is given exactly for the states
    /// the game's orbit numbering leaves out, and is a loss at distance 0
    /// that `ending` agrees with or a win at distance 1 that `wins_at_once`
    /// agrees with, in a game with `has_wins_at_once()` (from which alone
    /// the sweep knows that a move into a settled loss wins).
    Settled,
    /// `name()` and `parameters()` can name the game in a table's header.
    Names,
}

impl Check {
    /// A short name for messages and logs (`round-trip`).
    pub const fn name(self) -> &'static str {
        match self {
            Check::IsPosition => "is-position",
            Check::RoundTrip => "round-trip",
            Check::SuccessorInRange => "successor-in-range",
            Check::SuccessorIsPosition => "successor-is-position",
            Check::OverHasNoMoves => "over-has-no-moves",
            Check::MaxMoves => "max-moves",
            Check::SuccessorCount => "successor-count",
            Check::WinsAtOnce => "wins-at-once",
            Check::PredecessorIsPosition => "predecessor-is-position",
            Check::PredecessorNotOver => "predecessor-not-over",
            Check::PredecessorHasMove => "predecessor-has-move",
            Check::PredecessorsDistinct => "predecessors-distinct",
            Check::MaxUnmoves => "max-unmoves",
            Check::UnmoveOfMove => "unmove-of-move",
            Check::CanonicalIsPosition => "canonical-is-position",
            Check::CanonicalOfHole => "canonical-of-hole",
            Check::CanonicalIdempotent => "canonical-idempotent",
            Check::CanonicalEnding => "canonical-ending",
            Check::IsCanonical => "is-canonical",
            Check::CanonicalCommutes => "canonical-commutes",
            Check::CanonicalMoves => "canonical-moves",
            Check::OrbitNumbering => "orbit-numbering",
            Check::OrbitCount => "orbit-count",
            Check::StartIsPosition => "start-is-position",
            Check::Settled => "settled",
            Check::Names => "names",
        }
    }

    /// The contract, as a sentence.
    pub const fn contract(self) -> &'static str {
        match self {
            Check::IsPosition => "position(i) is Some exactly when is_position(i)",
            Check::RoundTrip => "index(&position(i)) == i",
            Check::SuccessorInRange => "every successor is below states()",
            Check::SuccessorIsPosition => "every successor is a position",
            Check::OverHasNoMoves => "a state that is over has no successors",
            Check::MaxMoves => "no state has more distinct successors than max_moves()",
            Check::SuccessorCount => {
                "successor_count(s, per_orbit), where given, counts the distinct successors (distinct canonical successors per orbit)"
            }
            Check::WinsAtOnce => {
                "wins_at_once(s), where given, is true exactly when a successor of s ends as a loss"
            }
            Check::PredecessorIsPosition => "every predecessor is a position",
            Check::PredecessorNotOver => "no predecessor is over",
            Check::PredecessorHasMove => "every predecessor p of s has s among successors(p)",
            Check::PredecessorsDistinct => "predecessors(s) lists each predecessor once",
            Check::MaxUnmoves => "no state has more predecessors than a non-zero max_unmoves()",
            Check::UnmoveOfMove => "every successor t of s has s among predecessors(t)",
            Check::CanonicalIsPosition => "canonical(s) is a position below states()",
            Check::CanonicalOfHole => {
                "canonical(h) of an index h that is no position is no position, below states()"
            }
            Check::CanonicalIdempotent => "canonical(canonical(s)) == canonical(s)",
            Check::CanonicalEnding => "canonical(s) has the same ending as s",
            Check::IsCanonical => "is_canonical(s) exactly when canonical(s) == s",
            Check::CanonicalCommutes => {
                "the canonical successors of s and of canonical(s) are the same set"
            }
            Check::CanonicalMoves => {
                "canonical_successors(s) and canonical_predecessors(s) are the canonical forms of the moves and un-moves of s"
            }
            Check::OrbitNumbering => {
                "orbit(s) numbers the orbits of canonical indices 0.. in increasing order, representative(orbit(s)) == canonical(s), settled states left out"
            }
            Check::OrbitCount => "orbit_count() is the number of canonical indices numbered",
            Check::StartIsPosition => "start() is a position",
            Check::Settled => {
                "settled(s) is given exactly for the states the orbit numbering leaves out: a loss at 0 or a win at 1, in a game with has_wins_at_once()"
            }
            Check::Names => {
                "name() and each parameter's name are 1 to 32 lowercase ascii letters, digits or '_' starting with a letter, with at most 16 parameters, each named once, as a table's header takes them"
            }
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A broken contract: which, where, and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The contract broken.
    pub check: Check,
    /// The index it was broken at (0 for a check of the game as a whole,
    /// [`Check::Names`] and [`Check::OrbitCount`]).
    pub index: u64,
    /// What was found there, e.g. `successor 9 is not a position`.
    pub found: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "conformance check {} failed", self.check)?;
        if !matches!(self.check, Check::Names | Check::OrbitCount) {
            write!(f, " at index {}", self.index)?;
        }
        write!(f, ": {} ({})", self.found, self.check.contract())
    }
}

impl std::error::Error for Failure {}

/// What a passing check looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Indices checked (a random sample may check one more than once).
    pub indices: u64,
    /// Of those, positions.
    pub positions: u64,
    /// Of those, positions that are over.
    pub over: u64,
    /// Successors checked (moves, counted with repetition).
    pub successors: u64,
    /// The most successors any checked state listed (a move listed twice
    /// counted twice; [`Game::max_moves`] bounds distinct ones).
    pub most_successors: usize,
    /// Predecessors checked (zero for a game without un-moves).
    pub predecessors: u64,
    /// Positions whose canonical form was checked (zero for a game without
    /// symmetry).
    pub canonical: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} indices ({} positions, {} over), {} successors (at most {} listed per state), {} predecessors, {} canonical forms",
            self.indices,
            self.positions,
            self.over,
            self.successors,
            self.most_successors,
            self.predecessors,
            self.canonical
        )
    }
}

/// Checks `game` against the contracts of [`Game`] on the indices `sample`
/// names; the first broken one is the error.
pub fn check<G: Game>(game: &G, sample: Sample) -> Result<Report, Failure> {
    let mut checker = Checker {
        game,
        numbered: 0,
        report: Report::default(),
        moves: Vec::new(),
        other: Vec::new(),
        third: Vec::new(),
    };
    checker.once()?;
    let states = game.states();
    match sample {
        Sample::All => {
            for index in 0..states {
                checker.index(index)?;
            }
            checker.all_numbered()?;
        }
        Sample::Random { count, seed } => {
            if states > 0 {
                let mut rng = SplitMix64::new(seed);
                for _ in 0..count {
                    checker.index(rng.below(states))?;
                }
            }
        }
    }
    Ok(checker.report)
}

/// A failure of `check` at `index`.
fn fail<T>(check: Check, index: u64, found: String) -> Result<T, Failure> {
    Err(Failure {
        check,
        index,
        found,
    })
}

struct Checker<'g, G: Game> {
    game: &'g G,
    /// Canonical indices the game's own orbit numbering numbers, of those
    /// checked.
    numbered: u64,
    report: Report,
    moves: Vec<u64>,
    other: Vec<u64>,
    third: Vec<u64>,
}

impl<G: Game> Checker<'_, G> {
    /// Whether `index` is a position below `states()`.
    fn in_game(&self, index: u64) -> bool {
        index < self.game.states() && self.game.is_position(index)
    }

    /// The checks made once per game.
    fn once(&mut self) -> Result<(), Failure> {
        let game = self.game;
        let named = gametable_format::Game::new(game.name(), &game.parameters());
        if let Err(e) = named.check() {
            return fail(Check::Names, 0, format!("{named}: {e}"));
        }
        let states = game.states();
        if states < u64::MAX && (game.position(states).is_some() || game.is_position(states)) {
            return fail(
                Check::IsPosition,
                states,
                format!(
                    "the index states() = {states} is out of range yet position() gives {} and is_position() {}",
                    some_or_none(game.position(states).is_some()),
                    game.is_position(states)
                ),
            );
        }
        if game.max_moves() > u16::MAX_COUNT {
            return fail(
                Check::MaxMoves,
                0,
                format!(
                    "max_moves() is {}, more than the {} distinct successors the sweep's counters hold",
                    game.max_moves(),
                    u16::MAX_COUNT
                ),
            );
        }
        if let Some(start) = game.start() {
            if !self.in_game(start) {
                return fail(
                    Check::StartIsPosition,
                    start,
                    format!("start() is {start}, which is not a position below {states}"),
                );
            }
        }
        Ok(())
    }

    /// Every check of one index.
    fn index(&mut self, index: u64) -> Result<(), Failure> {
        let game = self.game;
        self.report.indices += 1;
        let position = game.position(index);
        let is_position = game.is_position(index);
        if position.is_some() != is_position {
            return fail(
                Check::IsPosition,
                index,
                format!(
                    "position() gives {} but is_position() says {is_position}",
                    some_or_none(position.is_some())
                ),
            );
        }
        // The orbit numbering asks every index, positions or not.
        if game.has_symmetry() && game.is_canonical(index) != (game.canonical(index) == index) {
            return fail(
                Check::IsCanonical,
                index,
                format!(
                    "canonical({index}) is {} but is_canonical({index}) is {}",
                    game.canonical(index),
                    game.is_canonical(index)
                ),
            );
        }
        if let Some(count) = own_count(game) {
            if game.is_canonical(index) {
                self.numbering_of_canonical(index, count, is_position)?;
            }
        }
        let Some(position) = position else {
            if game.has_symmetry() {
                let c = game.canonical(index);
                if c >= game.states() || game.is_position(c) {
                    return fail(
                        Check::CanonicalOfHole,
                        index,
                        format!(
                            "the index is no position, but its canonical form {c} is {}",
                            if c >= game.states() {
                                format!("not below states() = {}", game.states())
                            } else {
                                "a position".to_string()
                            }
                        ),
                    );
                }
            }
            return Ok(());
        };
        let back = game.index(&position);
        if back != index {
            return fail(
                Check::RoundTrip,
                index,
                format!("index(&position({index})) is {back}"),
            );
        }
        self.report.positions += 1;
        let over = game.ending(index).is_some();
        if over {
            self.report.over += 1;
        }
        self.successors(index, over)?;
        if game.has_unmoves() {
            self.unmoves(index)?;
        }
        if game.has_symmetry() {
            self.symmetry(index)?;
            if let Some(count) = own_count(game) {
                self.numbering_of_position(index, count)?;
            }
        }
        if game.has_settled() {
            self.settled(index, over)?;
        }
        Ok(())
    }

    /// The game's own orbit numbering (`count` orbits) at canonical index
    /// `index`: numbered, its representative, and between its neighbours;
    /// or left out as settled (a position the game settles, or, where it
    /// settles states, a non-position).
    fn numbering_of_canonical(
        &mut self,
        index: u64,
        count: u64,
        is_position: bool,
    ) -> Result<(), Failure> {
        let game = self.game;
        let orbit = game.orbit(index);
        let numbering = |found: String| fail(Check::OrbitNumbering, index, found);
        if orbit >= count {
            let settled = game.has_settled() && (!is_position || game.settled(index).is_some());
            if !settled {
                return numbering(format!(
                    "the canonical index {index} is left out (orbit({index}) = {orbit}, orbit_count() = {count}) but not settled"
                ));
            }
            return Ok(());
        }
        self.numbered += 1;
        let representative = game.representative(orbit);
        if representative != index {
            return numbering(format!(
                "orbit({index}) is {orbit}, but representative({orbit}) is {representative}"
            ));
        }
        if orbit > 0 && game.representative(orbit - 1) >= index {
            return numbering(format!(
                "representative({}) is {}, not below representative({orbit}) = {index}",
                orbit - 1,
                game.representative(orbit - 1)
            ));
        }
        if orbit + 1 < count && game.representative(orbit + 1) <= index {
            return numbering(format!(
                "representative({}) is {}, not above representative({orbit}) = {index}",
                orbit + 1,
                game.representative(orbit + 1)
            ));
        }
        Ok(())
    }

    /// The orbit of position `index` (its canonical form already checked)
    /// is its canonical form's, in the game's own numbering of `count`.
    fn numbering_of_position(&mut self, index: u64, count: u64) -> Result<(), Failure> {
        let game = self.game;
        let c = game.canonical(index);
        let (orbit, canonical_orbit) = (game.orbit(index), game.orbit(c));
        let same = orbit == canonical_orbit || (orbit >= count && canonical_orbit >= count);
        if !same {
            return fail(
                Check::OrbitNumbering,
                index,
                format!(
                    "orbit({index}) is {orbit}, but its canonical form {c} is in orbit {canonical_orbit}"
                ),
            );
        }
        Ok(())
    }

    /// After every index: the game's own numbering numbers as many orbits
    /// as it says it has.
    fn all_numbered(&self) -> Result<(), Failure> {
        let game = self.game;
        match own_count(game) {
            Some(count) if count != self.numbered => fail(
                Check::OrbitCount,
                0,
                format!(
                    "orbit_count() is {count}, but {} canonical indices are numbered",
                    self.numbered
                ),
            ),
            _ => Ok(()),
        }
    }

    /// The game's word on settled state `index` (a position) against its
    /// orbit numbering and the rules.
    fn settled(&mut self, index: u64, over: bool) -> Result<(), Failure> {
        let game = self.game;
        let left_out = own_count(game).is_some_and(|count| game.orbit(index) >= count);
        let settled = game.settled(index);
        let ok = match settled {
            None => !left_out,
            Some((Outcome::Loss, 0)) => {
                left_out && game.ending(index) == Some(Outcome::Loss) && game.has_wins_at_once()
            }
            Some((Outcome::Win, 1)) => {
                left_out && !over && game.has_wins_at_once() && game.wins_at_once(index)
            }
            Some(_) => false,
        };
        if !ok {
            return fail(
                Check::Settled,
                index,
                format!(
                    "settled() is {settled:?}, the orbit numbering {} the state, its ending is {}{}",
                    if left_out { "leaves out" } else { "numbers" },
                    ending_name(game.ending(index)),
                    if settled.is_some() && !game.has_wins_at_once() {
                        ", and has_wins_at_once() is false"
                    } else {
                        ""
                    }
                ),
            );
        }
        Ok(())
    }

    /// Successors of position `index`, left in `self.moves`.
    fn successors(&mut self, index: u64, over: bool) -> Result<(), Failure> {
        let game = self.game;
        self.moves.clear();
        game.successors(index, &mut self.moves);
        let count = self.moves.len();
        self.report.successors += count as u64;
        self.report.most_successors = self.report.most_successors.max(count);
        if over && count > 0 {
            return fail(
                Check::OverHasNoMoves,
                index,
                format!(
                    "the state is over ({}) yet has {count} successors",
                    ending_name(game.ending(index))
                ),
            );
        }
        for &t in &self.moves {
            if t >= game.states() {
                return fail(
                    Check::SuccessorInRange,
                    index,
                    format!("successor {t} is not below states() = {}", game.states()),
                );
            }
            if !game.is_position(t) {
                return fail(
                    Check::SuccessorIsPosition,
                    index,
                    format!("successor {t} is not a position"),
                );
            }
        }
        // After each successor's own checks: a move made up past the
        // last index is named as such, not only counted. A state reached
        // twice counts once, as the engine's counters count it.
        if count > game.max_moves() {
            self.third.clear();
            self.third.extend_from_slice(&self.moves);
            self.third.sort_unstable();
            self.third.dedup();
            if self.third.len() > game.max_moves() {
                return fail(
                    Check::MaxMoves,
                    index,
                    format!(
                        "{} distinct successors, max_moves() is {}",
                        self.third.len(),
                        game.max_moves()
                    ),
                );
            }
        }
        if !over {
            self.successor_count(index)?;
            self.wins_at_once(index)?;
        }
        Ok(())
    }

    /// The game's word on a win in one from `index` (a position not over,
    /// its moves in `self.moves`) against its successors' endings.
    fn wins_at_once(&mut self, index: u64) -> Result<(), Failure> {
        let game = self.game;
        if !game.has_wins_at_once() {
            return Ok(());
        }
        let given = game.wins_at_once(index);
        let found = self
            .moves
            .iter()
            .find(|&&t| game.ending(t) == Some(Outcome::Loss));
        if given != found.is_some() {
            return fail(
                Check::WinsAtOnce,
                index,
                match found {
                    Some(t) => format!("wins_at_once is false, but successor {t} ends as a loss"),
                    None => "wins_at_once is true, but no successor ends as a loss".into(),
                },
            );
        }
        Ok(())
    }

    /// The game's counts of the successors of `index` (in `self.moves`, a
    /// position not over) against the moves listed.
    fn successor_count(&mut self, index: u64) -> Result<(), Failure> {
        let game = self.game;
        for per_orbit in [false, true] {
            if per_orbit && !game.has_symmetry() {
                continue;
            }
            let Some(given) = game.successor_count(index, per_orbit) else {
                continue;
            };
            self.third.clear();
            // Per orbit, in a numbering that leaves settled states out,
            // moves into them are not counted (see `Game::settled`).
            let counted = |t: u64| !(per_orbit && game.has_settled() && game.settled(t).is_some());
            self.third
                .extend(self.moves.iter().filter(|&&t| counted(t)).map(|&t| {
                    if per_orbit {
                        game.canonical(t)
                    } else {
                        t
                    }
                }));
            self.third.sort_unstable();
            self.third.dedup();
            if given != self.third.len() {
                return fail(
                    Check::SuccessorCount,
                    index,
                    format!(
                        "successor_count(_, {per_orbit}) is {given}, but the state has {} distinct {}successors{}",
                        self.third.len(),
                        if per_orbit { "canonical " } else { "" },
                        if per_orbit && game.has_settled() {
                            " that the orbit numbering keeps (moves into settled states are not counted)"
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        Ok(())
    }

    /// Un-moves of position `index` against its moves (in `self.moves`).
    fn unmoves(&mut self, index: u64) -> Result<(), Failure> {
        let game = self.game;
        self.other.clear();
        game.predecessors(index, &mut self.other);
        self.report.predecessors += self.other.len() as u64;
        // Distinct first: a predecessor listed twice also counts twice
        // against the bound, and raising the bound would not mend it.
        self.third.clear();
        self.third.extend_from_slice(&self.other);
        self.third.sort_unstable();
        if let Some(twice) = self.third.windows(2).find(|w| w[0] == w[1]) {
            return fail(
                Check::PredecessorsDistinct,
                index,
                format!("predecessor {} is listed twice", twice[0]),
            );
        }
        let bound = game.max_unmoves();
        if bound != 0 && self.other.len() > bound {
            return fail(
                Check::MaxUnmoves,
                index,
                format!(
                    "{} predecessors, more than max_unmoves() = {bound}",
                    self.other.len()
                ),
            );
        }
        for &p in &self.other {
            if !self.in_game(p) {
                return fail(
                    Check::PredecessorIsPosition,
                    index,
                    format!("predecessor {p} is not a position below {}", game.states()),
                );
            }
            if let Some(ending) = game.ending(p) {
                return fail(
                    Check::PredecessorNotOver,
                    index,
                    format!("predecessor {p} is over ({})", ending_name(Some(ending))),
                );
            }
            self.third.clear();
            game.successors(p, &mut self.third);
            if !self.third.contains(&index) {
                return fail(
                    Check::PredecessorHasMove,
                    index,
                    format!(
                        "predecessor {p} has successors {:?}, without {index}",
                        Shown(&self.third)
                    ),
                );
            }
        }
        for &t in &self.moves {
            self.third.clear();
            game.predecessors(t, &mut self.third);
            if !self.third.contains(&index) {
                return fail(
                    Check::UnmoveOfMove,
                    index,
                    format!(
                        "successor {t} has predecessors {:?}, without {index}",
                        Shown(&self.third)
                    ),
                );
            }
        }
        Ok(())
    }

    /// The canonical form of position `index`, checked to be a position
    /// below `states()` and a fixed point of `canonical`.
    fn canonical_form(&self, index: u64) -> Result<u64, Failure> {
        let game = self.game;
        let c = game.canonical(index);
        if !self.in_game(c) {
            return fail(
                Check::CanonicalIsPosition,
                index,
                format!(
                    "canonical({index}) is {c}, not a position below {}",
                    game.states()
                ),
            );
        }
        let cc = game.canonical(c);
        if cc != c {
            return fail(
                Check::CanonicalIdempotent,
                index,
                format!("canonical({index}) is {c} but canonical({c}) is {cc}"),
            );
        }
        Ok(c)
    }

    /// The canonical form of position `index` (its moves in `self.moves`).
    fn symmetry(&mut self, index: u64) -> Result<(), Failure> {
        let game = self.game;
        self.report.canonical += 1;
        let c = self.canonical_form(index)?;
        let (ending, canonical_ending) = (game.ending(index), game.ending(c));
        if ending != canonical_ending {
            return fail(
                Check::CanonicalEnding,
                index,
                format!(
                    "the state is {} but its canonical form {c} is {}",
                    ending_name(ending),
                    ending_name(canonical_ending)
                ),
            );
        }
        // The canonicalising hooks against canonical() of each move.
        for unmoves in [false, true] {
            if unmoves && !game.has_unmoves() {
                continue;
            }
            self.other.clear();
            self.third.clear();
            if unmoves {
                game.predecessors(index, &mut self.other);
                game.canonical_predecessors(index, &mut self.third);
            } else {
                self.other.extend_from_slice(&self.moves);
                game.canonical_successors(index, &mut self.third);
            }
            for t in &mut self.other {
                *t = game.canonical(*t);
            }
            self.other.sort_unstable();
            self.third.sort_unstable();
            if self.other != self.third {
                return fail(
                    Check::CanonicalMoves,
                    index,
                    format!(
                        "canonical_{} gives {:?}, the canonical forms are {:?}",
                        if unmoves {
                            "predecessors"
                        } else {
                            "successors"
                        },
                        Shown(&self.third),
                        Shown(&self.other)
                    ),
                );
            }
        }
        if c == index {
            return Ok(());
        }
        // Canonical successors of `index` (from `self.moves`, already
        // checked) against those of `c`; a canonical form that is not one
        // of its own is named as such first, not as the sets it unsettles.
        self.other.clear();
        self.other
            .extend(self.moves.iter().map(|&t| game.canonical(t)));
        for &t in &self.moves {
            self.canonical_form(t)?;
        }
        self.other.sort_unstable();
        self.other.dedup();
        self.third.clear();
        game.successors(c, &mut self.third);
        if let Some(&t) = self.third.iter().find(|&&t| !self.in_game(t)) {
            return fail(
                Check::SuccessorIsPosition,
                c,
                format!("successor {t} is not a position below {}", game.states()),
            );
        }
        for t in &mut self.third {
            *t = game.canonical(*t);
        }
        self.third.sort_unstable();
        self.third.dedup();
        if self.other != self.third {
            return fail(
                Check::CanonicalCommutes,
                index,
                format!(
                    "its canonical successors are {:?} but those of canonical({index}) = {c} are {:?}",
                    Shown(&self.other),
                    Shown(&self.third)
                ),
            );
        }
        Ok(())
    }
}

/// `Some` or `None`, for messages.
fn some_or_none(some: bool) -> &'static str {
    if some {
        "Some"
    } else {
        "None"
    }
}

/// A state's ending, for messages.
fn ending_name(ending: Option<Outcome>) -> &'static str {
    match ending {
        None => "not over",
        Some(Outcome::Win) => "over, won",
        Some(Outcome::Loss) => "over, lost",
        Some(Outcome::Draw) => "over, drawn",
    }
}

/// A list of indices for messages: the first few, then how many more.
struct Shown<'a>(&'a [u64]);

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FIRST: usize = 8;
        let shown = self.0.get(..FIRST).unwrap_or(self.0);
        write!(f, "{shown:?}")?;
        if self.0.len() > FIRST {
            write!(f, " and {} more", self.0.len() - FIRST)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Largest heap.
    const K: u64 = 4;
    /// The index that is no position.
    const HOLE: u64 = (K + 1) * (K + 1);

    /// What a test variant of the heap game gets wrong.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Break {
        Nothing,
        IsPositionOfHole,
        RoundTrip,
        SuccessorOutOfRange,
        /// Two moves past the last index, one more than `max_moves()`.
        SuccessorsPastMaxOutOfRange,
        SuccessorIsHole,
        OverHasMove,
        MaxMovesTooSmall,
        /// `max_moves()` past what two-byte counters hold.
        MaxMovesPastCounters,
        SuccessorCountOff,
        UnmoveMissing,
        UnmoveExtra,
        PredecessorIsHole,
        PredecessorOver,
        CanonicalSwaps,
        CanonicalOutOfRange,
        CanonicalToOver,
        /// The index that is no position has a position as its canonical form.
        HoleToPosition,
        IsCanonicalOfAll,
        WinsAtOnceMissed,
        WinsAtOnceWrong,
        AsymmetricMove,
        StartIsHole,
        StatesOneTooFew,
        NameWithSpace,
        ParameterTwice,
        /// The game's own numbering gives orbits 1 and 2 each other's number.
        OrbitSwap,
        /// The game's own numbering says one orbit more than it numbers.
        OrbitCountOff,
        /// The game's own numbering gives orbits 1 and 2 each other's
        /// number and representative: a bijection, out of order.
        OrbitOrder,
        /// Not a fault: (2, 2) lists each of its 4 moves twice, 8 past
        /// `max_moves()`, which bounds distinct moves.
        ListedTwice,
        /// (0, 0) lists a predecessor twice, 5 listed past `max_unmoves()`
        /// = 4, which its 4 distinct ones keep.
        PredecessorTwice,
    }

    /// Two heaps of at most `K` stones; a move takes one or two stones
    /// from one heap; both empty is over (a loss). Index `a * (K + 1) + b`,
    /// and one index past them that is no position. Swapping the heaps is
    /// the symmetry; adding stones back the un-moves.
    struct Heaps {
        broken: Break,
        unmoves: bool,
        symmetry: bool,
        /// Whether the game numbers its orbits itself.
        numbering: bool,
    }

    impl Heaps {
        fn new(broken: Break) -> Heaps {
            Heaps {
                broken,
                unmoves: true,
                symmetry: true,
                numbering: false,
            }
        }

        /// The canonical indices in increasing order: the heaps largest
        /// first, and the index that is no position.
        fn canonicals() -> Vec<u64> {
            (0..=HOLE)
                .filter(|&i| i == HOLE || i / (K + 1) >= i % (K + 1))
                .collect()
        }

        fn at(a: u64, b: u64) -> u64 {
            a * (K + 1) + b
        }
    }

    impl Game for Heaps {
        type Position = (u64, u64);

        fn name(&self) -> &'static str {
            match self.broken {
                Break::NameWithSpace => "two heaps",
                _ => "heaps",
            }
        }

        fn parameters(&self) -> Vec<crate::engine::Parameter> {
            match self.broken {
                Break::ParameterTwice => vec![("heap", K), ("heap", K)],
                _ => vec![("heap", K)],
            }
        }

        fn states(&self) -> u64 {
            if self.broken == Break::StatesOneTooFew {
                HOLE - 1
            } else {
                HOLE + 1
            }
        }

        fn position(&self, index: u64) -> Option<(u64, u64)> {
            (index < HOLE).then_some((index / (K + 1), index % (K + 1)))
        }

        fn index(&self, &(a, b): &(u64, u64)) -> u64 {
            if self.broken == Break::RoundTrip && (a, b) == (1, 2) {
                return Heaps::at(2, 1);
            }
            Heaps::at(a, b)
        }

        fn is_position(&self, index: u64) -> bool {
            index < HOLE || (self.broken == Break::IsPositionOfHole && index == HOLE)
        }

        fn to_move(&self, _index: u64) -> crate::engine::Side {
            crate::engine::Side::First
        }

        fn ending(&self, index: u64) -> Option<Outcome> {
            (index == 0).then_some(Outcome::Loss)
        }

        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            let Some((a, b)) = self.position(index) else {
                return;
            };
            if index == 0 {
                if self.broken == Break::OverHasMove {
                    out.push(Heaps::at(0, 0));
                }
                return;
            }
            for take in 1..=2 {
                if a >= take {
                    out.push(Heaps::at(a - take, b));
                }
                if b >= take {
                    out.push(Heaps::at(a, b - take));
                }
            }
            match self.broken {
                Break::SuccessorOutOfRange if (a, b) == (1, 1) => out.push(HOLE + 1),
                Break::SuccessorsPastMaxOutOfRange if (a, b) == (2, 2) => {
                    out.extend([HOLE + 1, HOLE + 2]);
                }
                Break::SuccessorIsHole if (a, b) == (1, 1) => out.push(HOLE),
                Break::ListedTwice if (a, b) == (2, 2) => out.extend_from_within(..),
                Break::AsymmetricMove if a >= 3 => out.push(Heaps::at(a - 3, b)),
                _ => {}
            }
        }

        fn max_moves(&self) -> usize {
            match self.broken {
                Break::MaxMovesTooSmall => 3,
                Break::MaxMovesPastCounters => 70_000,
                _ => 5,
            }
        }

        // Each heap's one or two takes, all distinct; per orbit the game
        // leaves the counting to the engine.
        fn successor_count(&self, index: u64, per_orbit: bool) -> Option<usize> {
            let (a, b) = self.position(index)?;
            let off = usize::from(self.broken == Break::SuccessorCountOff && (a, b) == (2, 2));
            // The variant's own extra move, which its count includes.
            let extra = usize::from(self.broken == Break::AsymmetricMove && a >= 3);
            (!per_orbit).then(|| (a.min(2) + b.min(2)) as usize + off + extra)
        }

        fn has_unmoves(&self) -> bool {
            self.unmoves
        }

        fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
            let Some((a, b)) = self.position(index) else {
                return;
            };
            for add in 1..=2 {
                if a + add <= K {
                    out.push(Heaps::at(a + add, b));
                }
                if b + add <= K && !(self.broken == Break::UnmoveMissing && add == 2) {
                    out.push(Heaps::at(a, b + add));
                }
            }
            match self.broken {
                Break::UnmoveExtra if a + 3 <= K => out.push(Heaps::at(a + 3, b)),
                Break::PredecessorIsHole if (a, b) == (2, 2) => out.push(HOLE),
                Break::PredecessorOver if (a, b) == (0, 1) => out.push(0),
                Break::PredecessorTwice if (a, b) == (0, 0) => out.push(Heaps::at(1, 0)),
                _ => {}
            }
        }

        fn max_unmoves(&self) -> usize {
            if self.broken == Break::PredecessorTwice {
                4
            } else {
                0
            }
        }

        fn has_wins_at_once(&self) -> bool {
            true
        }

        // One heap empty, the other takeable in one move.
        fn wins_at_once(&self, index: u64) -> bool {
            let Some((a, b)) = self.position(index) else {
                return false;
            };
            match self.broken {
                Break::WinsAtOnceMissed if (a, b) == (0, 2) => false,
                Break::WinsAtOnceWrong if (a, b) == (1, 1) => true,
                // The variant's own extra move takes three.
                Break::AsymmetricMove if (a, b) == (3, 0) => true,
                _ => a.min(b) == 0 && (1..=2).contains(&a.max(b)),
            }
        }

        fn has_symmetry(&self) -> bool {
            self.symmetry
        }

        fn canonical(&self, index: u64) -> u64 {
            let Some((a, b)) = self.position(index) else {
                return if self.broken == Break::HoleToPosition {
                    Heaps::at(K, K)
                } else {
                    index
                };
            };
            match self.broken {
                Break::CanonicalSwaps => Heaps::at(b, a),
                Break::CanonicalOutOfRange if (a.max(b), a.min(b)) == (3, 1) => HOLE + 7,
                Break::CanonicalToOver if a + b == 1 => 0,
                _ => Heaps::at(a.max(b), a.min(b)),
            }
        }

        fn is_canonical(&self, index: u64) -> bool {
            self.broken == Break::IsCanonicalOfAll || self.canonical(index) == index
        }

        fn orbit_count(&self) -> Option<u64> {
            let extra = u64::from(self.broken == Break::OrbitCountOff);
            self.numbering
                .then(|| Heaps::canonicals().len() as u64 + extra)
        }

        fn orbit(&self, index: u64) -> u64 {
            let c = Heaps::canonicals();
            let orbit = c
                .binary_search(&self.canonical(index))
                .map_or(u64::MAX, |o| o as u64);
            match (self.broken, orbit) {
                (Break::OrbitSwap | Break::OrbitOrder, 1 | 2) => 3 - orbit,
                _ => orbit,
            }
        }

        fn representative(&self, orbit: u64) -> u64 {
            let orbit = match (self.broken, orbit) {
                (Break::OrbitOrder, 1 | 2) => 3 - orbit,
                _ => orbit,
            };
            Heaps::canonicals()
                .get(orbit as usize)
                .copied()
                .unwrap_or(HOLE + 1)
        }

        fn start(&self) -> Option<u64> {
            Some(if self.broken == Break::StartIsHole {
                HOLE
            } else {
                Heaps::at(K, K)
            })
        }
    }

    fn failure(game: &Heaps) -> Failure {
        check(game, Sample::All).expect_err("the broken game passed")
    }

    /// A game's own orbit numbering is held to the engine's: a right one
    /// passes and solves as the engine's numbering does; one that swaps two
    /// orbits' numbers, or miscounts them, is named.
    #[test]
    fn a_game_numbering_its_orbits_is_held_to_the_engines_numbering() {
        use crate::engine::solve::{solve, SolveOptions};
        let numbered = |broken| Heaps {
            numbering: true,
            ..Heaps::new(broken)
        };
        check(&numbered(Break::Nothing), Sample::All).unwrap();
        let options = SolveOptions {
            symmetry: true,
            reverse_graph: false,
        };
        let by_game = solve(&numbered(Break::Nothing), &options).unwrap();
        let by_engine = solve(&Heaps::new(Break::Nothing), &options).unwrap();
        assert_eq!(by_game.codes, by_engine.codes);
        assert_eq!(by_game.distances, by_engine.distances);
        let swapped = failure(&numbered(Break::OrbitSwap));
        assert_eq!(
            (swapped.check, swapped.index),
            (Check::OrbitNumbering, Heaps::at(1, 0))
        );
        assert_eq!(
            swapped.found,
            format!(
                "orbit({}) is 2, but representative(2) is {}",
                Heaps::at(1, 0),
                Heaps::at(1, 1)
            )
        );
        // The swapped numbering solves to another table: what the check
        // keeps from being written.
        let wrong = solve(&numbered(Break::OrbitSwap), &options).unwrap();
        assert_ne!(
            (wrong.codes, wrong.distances),
            (by_engine.codes, by_engine.distances)
        );
        let order = failure(&numbered(Break::OrbitOrder));
        assert_eq!(
            (order.check, order.index, order.found),
            (
                Check::OrbitNumbering,
                Heaps::at(1, 0),
                format!(
                    "representative(1) is {}, not below representative(2) = {}",
                    Heaps::at(1, 1),
                    Heaps::at(1, 0)
                )
            )
        );
        let count = failure(&numbered(Break::OrbitCountOff));
        assert_eq!(count.check, Check::OrbitCount);
        assert_eq!(
            count.to_string(),
            format!(
                "conformance check orbit-count failed: orbit_count() is {}, but {} canonical indices are numbered ({})",
                Heaps::canonicals().len() + 1,
                Heaps::canonicals().len(),
                Check::OrbitCount.contract()
            )
        );
    }

    /// `max_moves()` bounds distinct moves, as the engine counts them: a
    /// state may list more, repeating some.
    #[test]
    fn moves_listed_twice_count_once_against_max_moves() {
        let report = check(&Heaps::new(Break::ListedTwice), Sample::All).unwrap();
        assert_eq!(report.most_successors, 8);
    }

    #[test]
    fn a_correct_game_passes_and_the_report_counts() {
        let report = check(&Heaps::new(Break::Nothing), Sample::All).unwrap();
        let positions = (K + 1) * (K + 1);
        assert_eq!(report.indices, positions + 1);
        assert_eq!(report.positions, positions);
        assert_eq!(report.over, 1);
        assert_eq!(report.most_successors, 4);
        // Each heap of h stones has min(h, 2) moves, K + 1 times over.
        let per_heap: u64 = (0..=K).map(|h| h.min(2)).sum();
        assert_eq!(report.successors, 2 * (K + 1) * per_heap);
        // Un-moves mirror moves exactly.
        assert_eq!(report.predecessors, report.successors);
        assert_eq!(report.canonical, positions);
    }

    #[test]
    fn without_hooks_nothing_of_them_is_checked() {
        let mut game = Heaps::new(Break::UnmoveMissing);
        game.unmoves = false;
        game.symmetry = false;
        let report = check(&game, Sample::All).unwrap();
        assert_eq!((report.predecessors, report.canonical), (0, 0));
        assert_eq!(report.positions, HOLE);
    }

    #[test]
    fn each_broken_contract_is_named() {
        let cases = [
            (Break::IsPositionOfHole, Check::IsPosition, HOLE),
            (Break::RoundTrip, Check::RoundTrip, Heaps::at(1, 2)),
            (
                Break::SuccessorOutOfRange,
                Check::SuccessorInRange,
                Heaps::at(1, 1),
            ),
            // Named for the index made up, not only for the count.
            (
                Break::SuccessorsPastMaxOutOfRange,
                Check::SuccessorInRange,
                Heaps::at(2, 2),
            ),
            (
                Break::SuccessorIsHole,
                Check::SuccessorIsPosition,
                Heaps::at(1, 1),
            ),
            (Break::OverHasMove, Check::OverHasNoMoves, 0),
            (Break::MaxMovesTooSmall, Check::MaxMoves, Heaps::at(2, 2)),
            // A bound no sweep takes, found before any index.
            (Break::MaxMovesPastCounters, Check::MaxMoves, 0),
            (
                Break::SuccessorCountOff,
                Check::SuccessorCount,
                Heaps::at(2, 2),
            ),
            // (0, 0) has predecessor (0, 2), whose un-move is missing.
            (Break::UnmoveMissing, Check::UnmoveOfMove, Heaps::at(0, 2)),
            (
                Break::UnmoveExtra,
                Check::PredecessorHasMove,
                Heaps::at(0, 0),
            ),
            (
                Break::PredecessorIsHole,
                Check::PredecessorIsPosition,
                Heaps::at(2, 2),
            ),
            (
                Break::PredecessorOver,
                Check::PredecessorNotOver,
                Heaps::at(0, 1),
            ),
            // Named as listed twice, not as one past the bound it keeps.
            (
                Break::PredecessorTwice,
                Check::PredecessorsDistinct,
                Heaps::at(0, 0),
            ),
            (
                Break::CanonicalSwaps,
                Check::CanonicalIdempotent,
                Heaps::at(0, 1),
            ),
            (
                Break::CanonicalOutOfRange,
                Check::CanonicalIsPosition,
                Heaps::at(1, 3),
            ),
            (
                Break::CanonicalToOver,
                Check::CanonicalEnding,
                Heaps::at(0, 1),
            ),
            (Break::HoleToPosition, Check::CanonicalOfHole, HOLE),
            (Break::IsCanonicalOfAll, Check::IsCanonical, Heaps::at(0, 1)),
            (Break::WinsAtOnceMissed, Check::WinsAtOnce, Heaps::at(0, 2)),
            (Break::WinsAtOnceWrong, Check::WinsAtOnce, Heaps::at(1, 1)),
            (Break::StartIsHole, Check::StartIsPosition, HOLE),
            // position(states()) is Some when states() is one too few.
            (Break::StatesOneTooFew, Check::IsPosition, HOLE - 1),
            // A name a table's header does not take, found before any index.
            (Break::NameWithSpace, Check::Names, 0),
            (Break::ParameterTwice, Check::Names, 0),
        ];
        for (broken, expected, index) in cases {
            let found = failure(&Heaps::new(broken));
            assert_eq!(
                (found.check, found.index),
                (expected, index),
                "{broken:?}: {found}"
            );
        }
    }

    #[test]
    fn moves_that_do_not_commute_with_the_symmetry_are_caught() {
        let mut game = Heaps::new(Break::AsymmetricMove);
        game.unmoves = false;
        let found = failure(&game);
        // (0, 3) is the first state whose mirror (3, 0) takes three.
        assert_eq!(
            (found.check, found.index),
            (Check::CanonicalCommutes, Heaps::at(0, 3))
        );
        // Without the symmetry the same rules are a correct game.
        game.symmetry = false;
        assert!(check(&game, Sample::All).is_ok());
    }

    #[test]
    fn the_failure_reads_as_a_sentence() {
        let found = failure(&Heaps::new(Break::SuccessorIsHole));
        assert_eq!(
            found.to_string(),
            format!(
                "conformance check successor-is-position failed at index 6: \
                 successor {HOLE} is not a position (every successor is a position)"
            )
        );
        // The example docs/add-a-game.md shows.
        assert_eq!(
            failure(&Heaps::new(Break::UnmoveMissing)).to_string(),
            "conformance check unmove-of-move failed at index 2: successor 0 has \
             predecessors [5, 1, 10], without 2 (every successor t of s has s among \
             predecessors(t))"
        );
        // A check of the game as a whole names no index.
        let names = failure(&Heaps::new(Break::NameWithSpace)).to_string();
        assert!(
            names.starts_with("conformance check names failed: "),
            "{names}"
        );
    }

    #[test]
    fn a_random_sample_is_seeded_and_finds_common_faults() {
        let good = Heaps::new(Break::Nothing);
        let sample = Sample::Random {
            count: 200,
            seed: 7,
        };
        let first = check(&good, sample).unwrap();
        assert_eq!(first.indices, 200);
        assert_eq!(check(&good, sample).unwrap(), first);
        let other = check(
            &good,
            Sample::Random {
                count: 200,
                seed: 8,
            },
        )
        .unwrap();
        assert_ne!(other, first, "another seed draws other indices");
        // Half the states break the symmetry: 200 draws find one.
        let found = check(&Heaps::new(Break::CanonicalSwaps), sample).unwrap_err();
        assert_eq!(found.check, Check::CanonicalIdempotent);
        // The once-per-game checks run whatever the sample.
        let none = Sample::Random { count: 0, seed: 1 };
        let found = check(&Heaps::new(Break::StartIsHole), none).unwrap_err();
        assert_eq!(found.check, Check::StartIsPosition);
    }

    #[test]
    fn splitmix_stays_below_its_bound_and_covers_it() {
        let mut rng = SplitMix64::new(0);
        // The reference first output for seed 0.
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            seen[rng.below(10) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
