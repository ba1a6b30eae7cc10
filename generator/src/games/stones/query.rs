//! Stones from the command line: a pile list such as `4:1,1:0`, and a short
//! explanation of who wins and how.
//!
//! Each item is `stones:constraint`, the judge's `a:b`: `b` is 0 (Alice may
//! take any number), 1 (odd numbers only) or 2 (even numbers only). Piles are
//! numbered from 1 in messages, in the order given.

use std::fmt;

use gametable::stones::{self, Pile, StonesPosition};
use gametable::{Player, StonesError};

use crate::engine::quote;
use crate::report::json_string;

/// What is wrong with one item of a pile list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PileProblem {
    /// The list holds no item at all.
    NoPiles,
    /// The item is not of the form `stones:constraint`.
    Shape,
    /// The stones are not a whole number.
    Stones,
    /// The constraint is not a whole number.
    Constraint,
    /// The numbers do not make a pile (no stones, or a constraint above 2).
    Pile(StonesError),
}

/// A pile list that cannot be read: which item, its text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePilesError {
    /// The item's number in the list, from 1 (0 for [`PileProblem::NoPiles`]).
    pub item: usize,
    /// The item as given.
    pub text: String,
    /// What is wrong.
    pub problem: PileProblem,
}

impl fmt::Display for ParsePilesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (item, text) = (self.item, quote(&self.text));
        match &self.problem {
            PileProblem::NoPiles => f.write_str(
                "no piles given: write stones:constraint items separated by commas, e.g. 4:1,1:0",
            ),
            PileProblem::Shape => write!(
                f,
                "pile {item} ({text}) is not of the form stones:constraint, e.g. 4:1"
            ),
            PileProblem::Stones => write!(
                f,
                "pile {item} ({text}): the stones must be a whole number from 1 to {}",
                u64::MAX
            ),
            PileProblem::Constraint => write!(
                f,
                "pile {item} ({text}): the constraint must be 0 (any), 1 (odd) or 2 (even)"
            ),
            PileProblem::Pile(StonesError::Stones { .. }) => write!(
                f,
                "pile {item} ({text}) holds 0 stones, but a pile holds at least 1"
            ),
            PileProblem::Pile(StonesError::Constraint { code, .. }) => write!(
                f,
                "pile {item} ({text}) has constraint {code}, but constraints are 0 (any), 1 (odd) or 2 (even)"
            ),
        }
    }
}

impl std::error::Error for ParsePilesError {}

/// Reads a pile list such as `4:1,1:0`; spaces around items and numbers
/// are allowed.
///
/// # Errors
/// An empty list, or the first item that is not `stones:constraint` with
/// stones at least 1 and a constraint of 0, 1 or 2.
pub fn parse_piles(text: &str) -> Result<Vec<Pile>, ParsePilesError> {
    if text.trim().is_empty() {
        return Err(ParsePilesError {
            item: 0,
            text: text.to_owned(),
            problem: PileProblem::NoPiles,
        });
    }
    text.split(',')
        .enumerate()
        .map(|(index, raw)| {
            let item = raw.trim();
            let error = |problem| ParsePilesError {
                item: index + 1,
                text: item.to_owned(),
                problem,
            };
            let (a, b) = item
                .split_once(':')
                .ok_or_else(|| error(PileProblem::Shape))?;
            let a: u64 = a.trim().parse().map_err(|_| error(PileProblem::Stones))?;
            let b: u64 = b
                .trim()
                .parse()
                .map_err(|_| error(PileProblem::Constraint))?;
            Pile::from_raw(index, a, b).map_err(|e| error(PileProblem::Pile(e)))
        })
        .collect()
}

/// Who wins a pile list with Alice to move first, why, and a winning
/// first move for Alice where she has one.
struct Answer {
    winner: Player,
    why: String,
    /// The pile's index from 0, the stones taken, the stones left.
    first_move: Option<(usize, u64, u64)>,
}

fn answer(piles: &[Pile]) -> Answer {
    let mut position = StonesPosition::new();
    for &pile in piles {
        position.add(pile);
    }
    let winner = position.winner();
    let x = position.nim_sum();
    let why = match (position.restricted_piles(), position.lone_restricted()) {
        _ if piles.is_empty() => "there are no piles, so Alice cannot move".to_owned(),
        (0, _) => format!(
            "every pile is plain (the same moves for both players), so this is Nim, \
             and the Nim sum {x} is {}0",
            if x == 0 { "" } else { "not " }
        ),
        (1, Some((index, pile))) => {
            let head = format!(
                "pile {} ({pile}) is the only pile restricted for Alice, and the plain piles' Nim sum is {x}",
                index + 1
            );
            match winner {
                Player::Alice => format!(
                    "{head}: Alice removes the restriction and leaves Bob plain Nim with sum 0"
                ),
                Player::Bob => format!(
                    "{head}: Alice cannot remove the restriction and leave Nim sum 0, \
                     and Bob wins whenever he moves with a restricted pile left"
                ),
            }
        }
        (restricted, _) => format!(
            "{restricted} piles are restricted for Alice: one move cannot clear them, \
             and Bob wins whenever he moves with a restricted pile left"
        ),
    };
    let first_move = stones::winning_move(piles).and_then(|step| {
        let pile = piles.get(step.pile)?;
        Some((
            step.pile,
            step.take,
            pile.stones().saturating_sub(step.take),
        ))
    });
    Answer {
        winner,
        why,
        first_move,
    }
}

/// Who wins `piles` with Alice to move first, why in one line, and a winning
/// first move for Alice where she has one. Piles are numbered from 1.
pub fn explain(piles: &[Pile]) -> String {
    let Answer {
        winner,
        why,
        first_move,
    } = answer(piles);
    let mut text = format!("{winner} wins: {why}");
    if let Some((index, take, left)) = first_move {
        text.push_str(&format!(
            "\nwinning first move: take {} from pile {} ({}), leaving {left}",
            plural(take),
            index + 1,
            piles[index],
        ));
    }
    text
}

/// The same as [`explain`], as one JSON object for scripts:
/// `{"winner": "Alice", "why": "...", "move": {"pile": 1, "take": 3, "leaving": 1}}`,
/// piles numbered from 1, `"move": null` where Alice has no winning move.
pub fn explain_json(piles: &[Pile]) -> String {
    let Answer {
        winner,
        why,
        first_move,
    } = answer(piles);
    let first_move = match first_move {
        Some((index, take, left)) => format!(
            "{{\"pile\": {}, \"take\": {take}, \"leaving\": {left}}}",
            index + 1
        ),
        None => "null".to_owned(),
    };
    format!(
        "{{\"winner\": {}, \"why\": {}, \"move\": {first_move}}}",
        json_string(&winner.to_string()),
        json_string(&why)
    )
}

fn plural(stones: u64) -> String {
    if stones == 1 {
        "1 stone".to_owned()
    } else {
        format!("{stones} stones")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists() {
        let piles = parse_piles("4:1, 1:0 ,7 : 2").unwrap_or_default();
        let raw: Vec<(u64, u8)> = piles
            .iter()
            .map(|p| (p.stones(), p.constraint().code()))
            .collect();
        assert_eq!(raw, vec![(4, 1), (1, 0), (7, 2)]);
    }

    fn error(text: &str) -> String {
        parse_piles(text).map_or_else(|e| e.to_string(), |p| format!("parsed {p:?}"))
    }

    #[test]
    fn names_the_bad_item() {
        assert_eq!(
            error(" "),
            "no piles given: write stones:constraint items separated by commas, e.g. 4:1,1:0"
        );
        assert_eq!(
            error("4:1,,1:0"),
            "pile 2 ('') is not of the form stones:constraint, e.g. 4:1"
        );
        assert_eq!(
            error("4:1,5"),
            "pile 2 ('5') is not of the form stones:constraint, e.g. 4:1"
        );
        assert_eq!(
            error("x:1"),
            "pile 1 ('x:1'): the stones must be a whole number from 1 to 18446744073709551615"
        );
        assert_eq!(
            error("3:-1"),
            "pile 1 ('3:-1'): the constraint must be 0 (any), 1 (odd) or 2 (even)"
        );
        assert_eq!(
            error("3:1,0:2"),
            "pile 2 ('0:2') holds 0 stones, but a pile holds at least 1"
        );
        assert_eq!(
            error("3:3"),
            "pile 1 ('3:3') has constraint 3, but constraints are 0 (any), 1 (odd) or 2 (even)"
        );
        // A huge item is quoted by its start and length, its reason kept.
        let huge = format!("4:1,{}:0", "9".repeat(100_000));
        assert!(error(&huge).starts_with(&format!(
            "pile 2 ('{}...' (100002 characters)): the stones must be",
            "9".repeat(64)
        )));
    }

    fn explained(text: &str) -> String {
        explain(&parse_piles(text).unwrap_or_default())
    }

    #[test]
    fn explains_the_sample() {
        assert_eq!(
            explained("4:1,1:0"),
            "Alice wins: pile 1 (4:1) is the only pile restricted for Alice, and the plain \
             piles' Nim sum is 1: Alice removes the restriction and leaves Bob plain Nim with sum 0\n\
             winning first move: take 3 stones from pile 1 (4:1), leaving 1"
        );
        assert_eq!(
            explain_json(&parse_piles("4:1,1:0").unwrap_or_default()),
            "{\"winner\": \"Alice\", \"why\": \"pile 1 (4:1) is the only pile restricted for Alice, \
             and the plain piles' Nim sum is 1: Alice removes the restriction and leaves Bob plain Nim \
             with sum 0\", \"move\": {\"pile\": 1, \"take\": 3, \"leaving\": 1}}"
        );
        assert!(explained("3:2").starts_with("Bob wins: pile 1 (3:2) is the only pile"));
        assert!(explain_json(&parse_piles("3:2").unwrap_or_default())
            .starts_with("{\"winner\": \"Bob\", \"why\": \"pile 1 (3:2)"));
        assert!(explain_json(&parse_piles("3:2").unwrap_or_default()).ends_with("\"move\": null}"));
        assert!(!explained("1:2").contains("move:"));
    }

    #[test]
    fn explains_nim_and_crowds() {
        assert_eq!(
            explained("3:0,1:1"),
            "Alice wins: every pile is plain (the same moves for both players), so this is \
             Nim, and the Nim sum 2 is not 0\n\
             winning first move: take 2 stones from pile 1 (3:0), leaving 1"
        );
        assert!(explained("2:0,2:0").starts_with("Bob wins: every pile is plain"));
        assert!(explained("2:2,3:1").starts_with("Bob wins: 2 piles are restricted for Alice"));
        assert_eq!(
            explain(&[]),
            "Bob wins: there are no piles, so Alice cannot move"
        );
    }
}
