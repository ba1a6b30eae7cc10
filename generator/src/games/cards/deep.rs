//! The deep verifier: checks an outcome table and a distance table one move
//! deep against the rules alone, trusting neither the tables nor the sweep.
//!
//! Moves are generated forward with the lookup crate's rules
//! ([`Position::legal_moves`], [`Position::play`]), not with the sweep's
//! unmove tables. For every state:
//!
//! - the both-zero state is "not a position" with no distance, and no other
//!   state is; a win or loss has a distance and a draw has none;
//! - a terminal state is as the rules say: the player to move holding only
//!   zeros has won (win in 0), the waiting player holding only zeros has
//!   lost (loss in 0);
//! - a win at `d` has a move to a loss at `d - 1` and none to a loss at a
//!   smaller distance;
//! - every move from a loss at `d` leads to a win at distance at most
//!   `d - 1`, and one to exactly `d - 1`;
//! - a draw has no move to a loss and at least one move to a draw.
//!
//! With distances this is sound: distances strictly fall along the moves
//! that justify a win or a loss, so by induction on the distance every win
//! and loss is one, with that exact distance, and a draw labelled on a cycle
//! cannot pass as a win or a loss. The first bad state (by index) is named by
//! its hands.

use std::fmt;

use gametable::{code, CardsTable, DistanceTable, Position};

use super::notation::name_state;

/// What a deep check covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepReport {
    /// States checked.
    pub states: u64,
    /// Moves followed.
    pub moves: u64,
}

/// The first state that fails the deep check, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepError {
    /// The state's index (`None`: the tables do not fit together at all).
    pub index: Option<u64>,
    /// The state in words: both hands.
    pub state: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for DeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(f, "state {index} ({}): {}", self.state, self.why),
            None => f.write_str(&self.why),
        }
    }
}

impl std::error::Error for DeepError {}

/// What the two tables say about one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Win(u16),
    Loss(u16),
    Draw,
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Win(d) => write!(f, "a win in {d}"),
            Label::Loss(d) => write!(f, "a loss in {d}"),
            Label::Draw => f.write_str("a draw"),
        }
    }
}

/// The label of state `index`, or why the two tables cannot both be right.
fn label(
    outcomes: &CardsTable<'_>,
    distances: &DistanceTable<'_>,
    index: u64,
) -> Result<Option<Label>, String> {
    let distance = distances.distance_at(index);
    match (outcomes.code(index), distance, index) {
        (code::NOT_A_POSITION, None, 0) => Ok(None),
        (_, _, 0) => Err(
            "both hands are all zeros, which is not a position, but the tables give it an outcome or a distance".into(),
        ),
        (code::NOT_A_POSITION, _, _) => Err("the outcome table says not a position".into()),
        (code::WIN, Some(d), _) => Ok(Some(Label::Win(d))),
        (code::LOSS, Some(d), _) => Ok(Some(Label::Loss(d))),
        (code::DRAW, None, _) => Ok(Some(Label::Draw)),
        (code::DRAW, Some(d), _) => Err(format!(
            "the outcome table says draw, but the distance table says {d} moves"
        )),
        (c, _, _) => Err(format!(
            "the outcome table says {}, but the distance table has no distance",
            if c == code::WIN { "win" } else { "loss" }
        )),
    }
}

/// Checks `outcomes` and `distances` one move deep against the rules; see
/// the module docs for what is checked.
///
/// # Errors
/// The first bad state, by index, named by its hands.
pub fn check(
    outcomes: &CardsTable<'_>,
    distances: &DistanceTable<'_>,
) -> Result<DeepReport, DeepError> {
    let variant = outcomes.variant();
    let other = distances.variant();
    if (variant.cards(), variant.modulus()) != (other.cards(), other.modulus()) {
        return Err(DeepError {
            index: None,
            state: String::new(),
            why: format!(
                "the outcome table is of ({}, {}) but the distance table of ({}, {})",
                variant.cards(),
                variant.modulus(),
                other.cards(),
                other.modulus()
            ),
        });
    }
    let fail = |index: u64, why: String| DeepError {
        index: Some(index),
        state: name_state(variant, index),
        why,
    };
    // First pass: every state's label on its own, so that the one-move pass
    // below never has to judge a state by a neighbour that makes no sense.
    for index in 0..variant.states() {
        label(outcomes, distances, index).map_err(|why| fail(index, why))?;
    }
    let mut moves = 0;
    for index in 1..variant.states() {
        let Ok(position) = Position::from_index(variant, index) else {
            return Err(fail(index, "not a position by its index".into()));
        };
        let Ok(Some(here)) = label(outcomes, distances, index) else {
            return Err(fail(index, "no label".into()));
        };
        moves +=
            check_state(outcomes, distances, &position, here).map_err(|why| fail(index, why))?;
    }
    Ok(DeepReport {
        states: variant.states(),
        moves,
    })
}

/// Checks one state against its moves; returns how many moves it followed.
fn check_state(
    outcomes: &CardsTable<'_>,
    distances: &DistanceTable<'_>,
    position: &Position,
    here: Label,
) -> Result<u64, String> {
    if position.to_move().is_all_zero() {
        return match here {
            Label::Win(0) => Ok(0),
            other => Err(format!(
                "the player to move holds only zeros and so has won (a win in 0), but the tables say {other}"
            )),
        };
    }
    if position.waiting().is_all_zero() {
        return match here {
            Label::Loss(0) => Ok(0),
            other => Err(format!(
                "the waiting player holds only zeros and so has won (a loss in 0 for the player to move), but the tables say {other}"
            )),
        };
    }
    let mut followed = 0;
    // The fastest loss a move leads to, the longest win, and whether a move
    // leads to a draw; each with the move that does it.
    let mut fastest_loss: Option<(u16, (u8, u8))> = None;
    let mut longest_win: Option<(u16, (u8, u8))> = None;
    let mut draw: Option<(u8, u8)> = None;
    for (mine, theirs) in position.legal_moves() {
        let next = position
            .play(mine, theirs)
            .map_err(|e| format!("the legal move {mine} {theirs} is refused by the rules: {e}"))?;
        followed += 1;
        let Ok(Some(there)) = label(outcomes, distances, next.index()) else {
            return Err(format!(
                "move {mine} {theirs} leads to a state without a valid label ({})",
                name_state(next.variant(), next.index())
            ));
        };
        match there {
            Label::Loss(k) => {
                if fastest_loss.is_none_or(|(best, _)| k < best) {
                    fastest_loss = Some((k, (mine, theirs)));
                }
            }
            Label::Win(k) => {
                if longest_win.is_none_or(|(best, _)| k > best) {
                    longest_win = Some((k, (mine, theirs)));
                }
            }
            Label::Draw => {
                draw.get_or_insert((mine, theirs));
            }
        }
    }
    match here {
        Label::Win(d) => match fastest_loss {
            None => Err(format!(
                "the tables say a win in {d}, but no move leads to a loss for the opponent"
            )),
            Some((k, (a, b))) if u32::from(k) + 1 < u32::from(d) => Err(format!(
                "the tables say a win in {d}, but move {a} {b} leads to a loss in {k} for the opponent: a win in {}",
                k + 1
            )),
            Some((k, (a, b))) if u32::from(k) + 1 > u32::from(d) => Err(format!(
                "the tables say a win in {d}, but no move leads to a loss in {} for the opponent (the fastest, {a} {b}, to a loss in {k})",
                i32::from(d) - 1
            )),
            Some(_) => Ok(followed),
        },
        Label::Loss(d) => {
            if let Some((k, (a, b))) = fastest_loss {
                return Err(format!(
                    "the tables say a loss in {d}, but move {a} {b} leads to a loss in {k} for the opponent"
                ));
            }
            if let Some((a, b)) = draw {
                return Err(format!(
                    "the tables say a loss in {d}, but move {a} {b} leads to a draw"
                ));
            }
            match longest_win {
                None => Err(format!("the tables say a loss in {d}, but there is no move")),
                Some((k, (a, b))) if u32::from(k) + 1 > u32::from(d) => Err(format!(
                    "the tables say a loss in {d}, but move {a} {b} holds out longer: to a win in {k} for the opponent"
                )),
                Some((k, (a, b))) if u32::from(k) + 1 < u32::from(d) => Err(format!(
                    "the tables say a loss in {d}, but no move leads to a win in {} for the opponent (the longest, {a} {b}, to a win in {k})",
                    i32::from(d) - 1
                )),
                Some(_) => Ok(followed),
            }
        }
        Label::Draw => {
            if let Some((k, (a, b))) = fastest_loss {
                return Err(format!(
                    "the tables say a draw, but move {a} {b} leads to a loss in {k} for the opponent"
                ));
            }
            match draw {
                Some(_) => Ok(followed),
                None => Err(
                    "the tables say a draw, but every move leads to a win for the opponent".into(),
                ),
            }
        }
    }
}
