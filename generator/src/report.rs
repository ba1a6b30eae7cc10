//! How answers are written for people and for scripts: an analysis as
//! JSON, JSON strings and errors, outcomes and distances in words. Apart
//! from the engine, which finds the answers ([`crate::engine::analysis`])
//! and says nothing of how they are shown; used by the command line, the
//! explorer and the games' own explanations (Stones).

use std::fmt::Write as _;

use gametable::Outcome;

use crate::engine::analysis::Analysis;
use crate::engine::{Notation, Side};

/// One JSON object: `{"outcome": "win", "distance": 3, "moves":
/// [{"move": "5", "outcome": "loss", "distance": 2}, ...]}`; outcomes
/// are for the player to move (after the move, for a move).
pub fn json(a: &Analysis) -> String {
    let mut text = String::from("{");
    let _ = write!(
        text,
        "\"outcome\": {}, \"distance\": {}, \"moves\": [",
        json_string(&a.outcome.to_string()),
        json_distance(a.distance)
    );
    for (i, m) in a.moves.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(
            text,
            "{{\"move\": {}, \"outcome\": {}, \"distance\": {}}}",
            json_string(&m.name),
            json_string(&m.outcome.to_string()),
            json_distance(m.distance)
        );
    }
    text.push_str("]}");
    text
}

fn json_distance(distance: Option<u16>) -> String {
    distance.map_or_else(|| "null".to_string(), |d| d.to_string())
}

/// `{"error": "<message>"}`.
pub fn json_error(message: &str) -> String {
    format!("{{\"error\": {}}}", json_string(message))
}

/// `text` as a JSON string, quoted and escaped.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `1 ply`, `3 plies` (a distance, or a game's length in `play`, which
/// may run past 16 bits).
pub fn plies(d: impl Into<u64>) -> String {
    let d = d.into();
    if d == 1 {
        "1 ply".to_string()
    } else {
        format!("{d} plies")
    }
}

/// An outcome for `side` (to move) in words, naming the winner: `x wins in
/// 3 plies`, `o has won`, `draw`.
pub fn in_words<G: Notation>(
    game: &G,
    side: Side,
    outcome: Outcome,
    distance: Option<u16>,
) -> String {
    let winner = match outcome {
        Outcome::Win => game.side_name(side),
        Outcome::Loss => game.side_name(side.other()),
        Outcome::Draw => return "draw".to_string(),
    };
    match distance {
        Some(0) => format!("{winner} has won"),
        Some(d) => format!("{winner} wins in {}", plies(d)),
        None => format!("{winner} wins"),
    }
}

/// A table's 2-bit outcome code in words, as a report's counts name it:
/// `a win`, `not a position`.
pub fn code_words(c: u8) -> &'static str {
    match c {
        gametable::code::WIN => "a win",
        gametable::code::LOSS => "a loss",
        gametable::code::DRAW => "a draw",
        _ => "not a position",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
        assert_eq!(json_error("line 2: x"), "{\"error\": \"line 2: x\"}");
    }
}
