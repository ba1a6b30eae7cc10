//! The deep verifier for any game: checks a solved table one move deep
//! against the game's forward moves alone, trusting neither the table nor
//! the sweep that made it.
//!
//! For every stored state (every position, or every canonical one of a
//! table stored per orbit):
//! - a state the rules end is as they say (a win or loss at distance 0, a
//!   draw without one), and a state with no moves is a loss at 0;
//! - a win at `d` has a move to a loss at `d - 1` and none to a nearer loss;
//! - every move from a loss at `d` leads to a win at most `d - 1` away, one
//!   of them exactly `d - 1`;
//! - a draw has no move to a loss and not every move leads to a win;
//! - an index that is no position has no answer.
//!
//! With distances this is sound: distances fall strictly along the moves
//! that justify each win and loss, so by induction every win and loss is
//! one at exactly that distance, and a draw cycle cannot pass for either.

use std::fmt;

use gametable::Outcome;
use rayon::prelude::*;

use super::game::Game;

/// A table's answer for a state: its outcome for the player to move and
/// its distance (`None` for draws), or `None` for no position.
pub type Answer = Option<(Outcome, Option<u16>)>;

/// What a deep check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeepReport {
    /// States checked.
    pub states: u64,
    /// Moves followed.
    pub moves: u64,
}

/// The first state (by index) that fails the deep check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepError {
    /// The state's index.
    pub index: u64,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for DeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "state {}: {}", self.index, self.why)
    }
}

impl std::error::Error for DeepError {}

/// Checks `answer` for every stored state of `game` (`per_orbit`: one per
/// orbit of its symmetry) one move deep; the error names the first bad
/// state, described by `describe`.
///
/// # Errors
/// [`DeepError`] for the first state whose answer its moves contradict.
pub fn check<G: Game>(
    game: &G,
    per_orbit: bool,
    answer: impl Fn(u64) -> Answer + Sync,
    describe: impl Fn(u64) -> String + Sync,
) -> Result<DeepReport, DeepError> {
    check_every(game, per_orbit, &answer, &describe, true)
}

/// Checks the outcomes alone (any distance in `answer` ignored) for every
/// stored state as [`check`] does: for an outcome table without its
/// distance table. Weaker than [`check`] for a game with cycles: a cycle
/// of drawn states labelled wins and losses in turn passes it, since
/// without distances nothing falls along the moves.
///
/// # Errors
/// [`DeepError`] for the first state whose outcome its moves contradict.
pub fn check_outcomes<G: Game>(
    game: &G,
    per_orbit: bool,
    answer: impl Fn(u64) -> Answer + Sync,
    describe: impl Fn(u64) -> String + Sync,
) -> Result<DeepReport, DeepError> {
    let outcome = |s: u64| outcome_only(answer(s));
    check_every(game, per_orbit, &outcome, &describe, false)
}

/// [`check`] (with `distances`) or [`check_outcomes`] (without).
fn check_every<G: Game>(
    game: &G,
    per_orbit: bool,
    answer: &(impl Fn(u64) -> Answer + Sync),
    describe: &(impl Fn(u64) -> String + Sync),
    distances: bool,
) -> Result<DeepReport, DeepError> {
    let per_orbit = per_orbit && game.has_symmetry();
    const CHUNK: u64 = 1 << 14;
    let states = game.states();
    let results: Vec<Result<DeepReport, DeepError>> = (0..states.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut report = DeepReport::default();
            let mut moves = Vec::new();
            for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(states) {
                if per_orbit && !game.is_canonical(i) {
                    continue;
                }
                report.moves += check_state(game, i, answer, describe, &mut moves, distances)
                    .map_err(|why| DeepError {
                        index: i,
                        why: format!("{}: {why}", describe(i)),
                    })?;
                report.states += 1;
            }
            Ok(report)
        })
        .collect();
    let mut total = DeepReport::default();
    for result in results {
        let report = result?;
        total.states += report.states;
        total.moves += report.moves;
    }
    Ok(total)
}

/// Checks the one state `i` as [`check`] checks every state: what `query`
/// and the explorer do for each position they explain, so that a table
/// damaged past its checksums (or re-signed) cannot answer against the
/// rules. Without `distances` (an outcome table alone) only the outcomes
/// are compared. `describe` names a state a move leads to.
///
/// # Errors
/// What is wrong, in words.
pub fn check_one<G: Game>(
    game: &G,
    i: u64,
    answer: impl Fn(u64) -> Answer,
    describe: impl Fn(u64) -> String,
    distances: bool,
) -> Result<(), String> {
    let answer = |s: u64| {
        let got = answer(s);
        if distances {
            got
        } else {
            outcome_only(got)
        }
    };
    check_state(game, i, &answer, &describe, &mut Vec::new(), distances).map(|_| ())
}

/// Whether a state's outcome (`None`: no position) and its distance go
/// together: a win or a loss has a distance, a draw or no position none.
/// The one statement of that rule, for the deep check and for a pair of
/// tables read together.
pub fn distance_fits(outcome: Option<Outcome>, distance: Option<u16>) -> bool {
    match outcome {
        Some(Outcome::Win | Outcome::Loss) => distance.is_some(),
        Some(Outcome::Draw) | None => distance.is_none(),
    }
}

/// The first of `states` stored states whose code (`code_at`, `None` past
/// the codes) and distance in `distances` ([`super::NO_DISTANCE`] for none)
/// do not go together by [`distance_fits`], if any: what a writer checks
/// before it writes a solve's outcome and distance tables.
pub fn first_misfit(
    states: u64,
    code_at: impl Fn(u64) -> Option<u8> + Sync,
    distances: &super::distances::Distances,
) -> Option<u64> {
    // On the pool's threads: a pass over every stored state of a table
    // about to be written.
    (0..states).into_par_iter().find_first(|&s| {
        let code = code_at(s).unwrap_or(gametable::code::NOT_A_POSITION);
        let distance = distances
            .get(s as usize)
            .filter(|&d| d != super::NO_DISTANCE);
        !distance_fits(Outcome::from_code(code), distance)
    })
}

/// An answer with its distance dropped: what a check without distances
/// compares.
fn outcome_only(answer: Answer) -> Answer {
    answer.map(|(outcome, _)| (outcome, None))
}

/// Checks one state (its distances too, with `distances`); returns the
/// moves followed. `describe` names a state a move leads to.
fn check_state<G: Game>(
    game: &G,
    i: u64,
    answer: &impl Fn(u64) -> Answer,
    describe: &impl Fn(u64) -> String,
    moves: &mut Vec<u64>,
    distances: bool,
) -> Result<u64, String> {
    let got = answer(i);
    if !game.is_position(i) {
        return match got {
            None => Ok(0),
            Some(_) => Err(String::from("no position, but the table answers for it")),
        };
    }
    let Some((outcome, distance)) = got else {
        return Err(String::from("a position, but the table has no answer"));
    };
    if distances && !distance_fits(Some(outcome), distance) {
        return Err(match distance {
            Some(d) => format!("the table says a draw at distance {d}"),
            None => format!("the table says a {outcome} without a distance"),
        });
    }
    moves.clear();
    if game.ending(i).is_none() {
        game.successors(i, moves);
    }
    let mut results = Vec::with_capacity(moves.len());
    for &t in moves.iter() {
        match answer(t) {
            // (Checked here too: a move's answer is shown beside this one.)
            Some((outcome, distance)) if distances && !distance_fits(Some(outcome), distance) => {
                return Err(format!(
                    "its move to {} has a {outcome} {}",
                    describe(t),
                    match distance {
                        Some(d) => format!("at distance {d}"),
                        None => "without a distance".to_string(),
                    }
                ))
            }
            Some(result) => results.push(result),
            None => return Err(format!("its move to {} has no answer", describe(t))),
        }
    }
    let expected = implied(game.ending(i), &results, distances);
    if (outcome, distance) != expected {
        return Err(format!(
            "the table says {} but its moves make it {}",
            words(outcome, distance),
            words(expected.0, expected.1)
        ));
    }
    Ok(moves.len() as u64)
}

/// What the rules make a state from its moves alone: its `ending` if the
/// game is over there, else, from the answers its moves lead to (each for
/// the opponent, who is to move there), a win if one leads to a loss (one
/// ply past the nearest), a loss if none is left or all lead to wins (one
/// ply past the longest), else a draw. Without `distances` the distance is
/// `None`. The one statement of the rule that [`check`], [`check_one`] and
/// the judge's check of each verdict compare a table's answer with.
pub fn implied(
    ending: Option<Outcome>,
    moves: &[(Outcome, Option<u16>)],
    distances: bool,
) -> (Outcome, Option<u16>) {
    let expected = if let Some(ending) = ending {
        (ending, (ending != Outcome::Draw).then_some(0))
    } else if moves.is_empty() {
        (Outcome::Loss, Some(0))
    } else if moves.iter().any(|r| r.0 == Outcome::Loss) {
        let nearest = moves
            .iter()
            .filter(|r| r.0 == Outcome::Loss)
            .filter_map(|r| r.1)
            .min();
        (Outcome::Win, nearest.map(|d| d.saturating_add(1)))
    } else if moves.iter().all(|r| r.0 == Outcome::Win) {
        let longest = moves.iter().filter_map(|r| r.1).max().unwrap_or(0);
        (Outcome::Loss, Some(longest.saturating_add(1)))
    } else {
        (Outcome::Draw, None)
    };
    if distances {
        expected
    } else {
        (expected.0, None)
    }
}

/// An outcome and distance in words: `win in 3`, `draw`.
pub fn words(outcome: Outcome, distance: Option<u16>) -> String {
    match distance {
        Some(d) => format!("{outcome} in {d}"),
        None => outcome.to_string(),
    }
}
