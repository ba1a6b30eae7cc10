//! `gametable play cards`: a person plays against perfect play in the terminal.
//!
//! Moves are read from standard input one per line, `MINE THEIRS` (the value
//! of your card, then of the engine's card), so a test or a script can pipe a
//! whole game. Illegal or malformed moves are refused with the reason and
//! asked again; `hint` shows the best moves; `quit` or the end of input ends
//! the game cleanly. The engine always plays its first best move (lowest
//! card values), so a game is reproducible. A drawn position that comes a
//! third time ends the game as a deal (`Repetitions`).

use std::io::{self, BufRead, Write};
use std::path::Path;

use gametable::{Card, Evaluation, Hand, MoveError, Outcome, Player, Position, Variant};

use super::play_game::Repetitions;
use crate::cli::registry::BuiltIn;
use crate::cli::source::{self, Source};
use crate::engine::{quote, Side};
use crate::games::cards::game::Cards;
use crate::games::cards::notation::hand_words;

/// A start: who the person plays, who moves first, the hands (or a seed).
pub struct Setup<'a> {
    /// The side the person plays.
    pub side: Player,
    /// Who moves first.
    pub first: Player,
    /// Alice's cards, if given.
    pub alice: Option<&'a [u8]>,
    /// Bob's cards, if given.
    pub bob: Option<&'a [u8]>,
    /// The seed for random hands (default: from the clock).
    pub seed: Option<u64>,
    /// The outcome table to play from (its distance table beside it).
    pub table: Option<&'a Path>,
}

/// Random hands, neither all zeros (so somebody has a move).
fn deal(variant: Variant, seed: u64) -> crate::cli::Result<(Hand, Hand)> {
    let mut rng = crate::engine::rng::SplitMix64::new(seed);
    let mut cards = vec![0u8; usize::from(variant.cards())];
    loop {
        let mut hands = [Hand::all_zero(variant); 2];
        for hand in &mut hands {
            for card in cards.iter_mut() {
                *card = rng.below(u64::from(variant.modulus())) as u8;
            }
            *hand = Hand::from_cards(variant, &cards)?;
        }
        if !hands[0].is_all_zero() && !hands[1].is_all_zero() {
            return Ok((hands[0], hands[1]));
        }
    }
}

/// `play cards`, reading moves from standard input.
pub fn cards(setup: &Setup<'_>) -> crate::cli::Result<()> {
    let stdin = io::stdin();
    run(setup, stdin.lock(), &mut crate::cli::stdout())
}

fn describe(e: MoveError, opponent: Player, modulus: u8) -> String {
    let whose = |card: Card| match card {
        Card::Mine => "your card".to_string(),
        Card::Theirs => format!("{opponent}'s card"),
    };
    match e {
        MoveError::GameOver => "the game is over".to_string(),
        MoveError::Value { card, value, .. } => format!(
            "{}: {value} is not a card value (values are 0..={})",
            whose(card),
            modulus - 1
        ),
        MoveError::Zero { card } => format!(
            "{}: 0 cannot be played (a move uses non-zero cards only)",
            whose(card)
        ),
        MoveError::NotHeld { card, value } => match card {
            Card::Mine => format!("your card: you hold no card showing {value}"),
            Card::Theirs => format!("{opponent}'s card: {opponent} holds no card showing {value}"),
        },
    }
}

/// `1 move`, `3 moves`.
pub fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// The value of a position for a named player, in words.
fn in_words(evaluation: Evaluation, player: Player) -> String {
    match evaluation {
        Evaluation::Win(d) => format!("{player} wins in {d}"),
        Evaluation::Loss(d) => format!("{} wins in {d}", player.other()),
        Evaluation::Draw => "a draw (nobody can force a win)".to_string(),
    }
}

/// Parses `MINE THEIRS`, or `MINE+THEIRS` as the notation writes a move;
/// the error names the field and the value.
fn parse_move(line: &str, opponent: Player) -> Result<(u8, u8), String> {
    let words: Vec<&str> = match line.trim().split_once('+') {
        Some((mine, theirs)) => vec![mine.trim(), theirs.trim()],
        None => line.split_whitespace().collect(),
    };
    let [mine, theirs] = words[..] else {
        return Err(format!(
            "expected two card values, yours then {opponent}'s (e.g. '3 4' or '3+4'), not {}",
            quote(line)
        ));
    };
    let number = |field: String, word: &str| {
        word.parse::<u8>()
            .map_err(|_| format!("{field}: {} is not a card value", quote(word)))
    };
    Ok((
        number("your card".into(), mine)?,
        number(format!("{opponent}'s card"), theirs)?,
    ))
}

/// The value of a position for the player to move, from an answer (a
/// win or loss without a distance, which a source that plays has not,
/// reads as `u16::MAX` moves away).
fn evaluation_of(outcome: Outcome, distance: Option<u16>) -> Evaluation {
    let distance = distance.unwrap_or(u16::MAX);
    match outcome {
        Outcome::Win => Evaluation::Win(distance),
        Outcome::Loss => Evaluation::Loss(distance),
        Outcome::Draw => Evaluation::Draw,
    }
}

/// The card values of the move of `position` that leads to state `next`.
fn values_of(position: &Position, next: u64) -> crate::cli::Result<(u8, u8)> {
    position
        .legal_moves()
        .find(|&(mine, theirs)| position.play(mine, theirs).map(|p| p.index()) == Ok(next))
        .ok_or_else(|| "internal error: a move of the analysis is not a legal move".into())
}

/// The Cards game and its answers: the outcome table given and the
/// distance table beside it (of every state or one per orbit), else the
/// embedded (8, 5) pair, as `query cards` reads them.
fn open(table: Option<&Path>) -> crate::cli::Result<(Cards, Source)> {
    let (game, source) = match table {
        Some(path) => source::open_named("cards", path)?,
        None => {
            let game = BuiltIn::Cards(Cards::new(Variant::CLASSIC));
            let source = source::open(&game, None)?;
            (game, source)
        }
    };
    let BuiltIn::Cards(cards) = game else {
        unreachable!("open_named checked the game's name");
    };
    source.check_playable()?;
    Ok((cards, source))
}

fn run(setup: &Setup<'_>, mut input: impl BufRead, out: &mut impl Write) -> crate::cli::Result<()> {
    let (game, source) = open(setup.table)?;
    let variant = game.variant();
    let (alice, bob) = match (setup.alice, setup.bob) {
        (Some(alice), Some(bob)) => (
            Hand::from_cards(variant, alice).map_err(|e| format!("--alice: {e}"))?,
            Hand::from_cards(variant, bob).map_err(|e| format!("--bob: {e}"))?,
        ),
        (None, None) => {
            let seed = setup.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
            writeln!(
                out,
                "Dealing random hands with seed {seed} (replay with --seed {seed})."
            )?;
            deal(variant, seed)?
        }
        (Some(_), None) => {
            return Err("--alice given without --bob: give both hands or neither".into())
        }
        (None, Some(_)) => {
            return Err("--bob given without --alice: give both hands or neither".into())
        }
    };
    let person = setup.side;
    let engine = person.other();
    let mut mover = setup.first;
    let (first_hand, second_hand) = match mover {
        Player::Alice => (alice, bob),
        Player::Bob => (bob, alice),
    };
    let mut position =
        Position::new(first_hand, second_hand).map_err(|e| format!("--alice and --bob: {e}"))?;
    let modulus = variant.modulus();
    writeln!(
        out,
        "Cards: {} cards per hand, values mod {modulus}. You are {person}, perfect play is {engine}; {mover} moves first.",
        variant.cards()
    )?;
    writeln!(
        out,
        "A move is two card values, yours then {engine}'s: '3 4' (or '3+4') turns one of your 3s into (3 + 4) mod {modulus}."
    )?;
    let mut moves_played = 0u32;
    let mut repetitions = Repetitions::default();
    loop {
        let (alice, bob) = match mover {
            Player::Alice => (position.to_move(), position.waiting()),
            Player::Bob => (position.waiting(), position.to_move()),
        };
        let tag = |p: Player| if p == person { "you" } else { "perfect play" };
        writeln!(out)?;
        writeln!(out, "Alice ({}): {}", tag(Player::Alice), hand_words(alice))?;
        writeln!(out, "Bob   ({}): {}", tag(Player::Bob), hand_words(bob))?;
        if position.to_move().is_all_zero() || position.waiting().is_all_zero() {
            let winner = if position.to_move().is_all_zero() {
                mover
            } else {
                mover.other()
            };
            let who = if winner == person {
                "you win"
            } else {
                "perfect play wins"
            };
            writeln!(
                out,
                "Result: {winner} holds only zeros: {winner} wins ({who}) after {}.",
                moves(moves_played)
            )?;
            return Ok(());
        }
        // What the tables say here and after each move (the engine's
        // choice, a hint, the value of the person's move) is checked one
        // move deep against the rules before it is used, as `query` does.
        let side = match mover {
            Player::Alice => Side::First,
            Player::Bob => Side::Second,
        };
        let here = source
            .analyse(&game, position.index(), side)
            .map_err(|e| format!("{}: {e}", source.describe()))?;
        let evaluation = evaluation_of(here.outcome, here.distance);
        if evaluation == Evaluation::Draw
            && repetitions.third((position.index(), mover == Player::Alice))
        {
            writeln!(
                out,
                "Result: a deal (a draw) by repetition after {}: {}.",
                moves(moves_played),
                Repetitions::WHY
            )?;
            return Ok(());
        }
        if mover == engine {
            let Some(best) = here.best() else {
                return Err("internal error: a position with moves has no best move".into());
            };
            let (mine, theirs) = values_of(&position, best.index)?;
            position = position.play(mine, theirs)?;
            moves_played += 1;
            writeln!(
                out,
                "{engine} plays {mine} {theirs} (its {mine} on your {theirs}: {mine} + {theirs} = {} mod {modulus}): {}.",
                (mine + theirs) % modulus,
                in_words(evaluation_of(best.outcome, best.distance).before_move(), engine),
            )?;
            mover = person;
            continue;
        }
        writeln!(out, "Position: {}.", in_words(evaluation, person))?;
        let legal: Vec<String> = position
            .legal_moves()
            .map(|(a, b)| format!("{a} {b}"))
            .collect();
        writeln!(
            out,
            "Your legal moves (your card, {engine}'s card): {}",
            legal.join(", ")
        )?;
        let next = loop {
            let line = match super::play_game::prompt(&mut input, out, &moves(moves_played))? {
                super::play_game::Reply::Stop => return Ok(()),
                super::play_game::Reply::Line(line) => line,
            };
            let line = line.as_str();
            match line {
                _ if super::play_game::is_hint(line) => {
                    let mut best = Vec::new();
                    for m in here.best_moves() {
                        let (mine, theirs) = values_of(&position, m.index)?;
                        let value = evaluation_of(m.outcome, m.distance).before_move();
                        best.push(format!("{mine} {theirs} ({})", in_words(value, person)));
                    }
                    writeln!(out, "Best moves: {}", best.join(", "))?;
                    continue;
                }
                _ => {}
            }
            let (mine, theirs) = match parse_move(line, engine) {
                Ok(pair) => pair,
                Err(why) => {
                    writeln!(out, "Refused: {why}.")?;
                    continue;
                }
            };
            match position.play(mine, theirs) {
                Ok(next) => break (mine, theirs, next),
                Err(e) => writeln!(out, "Refused: {}.", describe(e, engine, modulus))?,
            }
        };
        let (mine, theirs, next) = next;
        let Some(after) = here.moves.iter().find(|m| m.index == next.index()) else {
            return Err("internal error: a legal move is not in the analysis".into());
        };
        let after = evaluation_of(after.outcome, after.distance);
        writeln!(
            out,
            "You play {mine} {theirs} ({mine} + {theirs} = {} mod {modulus}): {}.",
            (mine + theirs) % modulus,
            in_words(after.before_move(), person)
        )?;
        position = next;
        moves_played += 1;
        mover = engine;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealing_is_reproducible_and_valid() {
        let v = Variant::CLASSIC;
        let a = deal(v, 7).unwrap();
        assert_eq!(a, deal(v, 7).unwrap());
        assert_ne!(a, deal(v, 8).unwrap());
        for seed in 0..200 {
            let (x, y) = deal(v, seed).unwrap();
            assert!(!x.is_all_zero() && !y.is_all_zero());
        }
    }

    #[test]
    fn parse_names_the_field() {
        assert_eq!(parse_move("3 4", Player::Bob), Ok((3, 4)));
        // As `gametable games` writes a move.
        assert_eq!(parse_move(" 3+4 ", Player::Bob), Ok((3, 4)));
        assert!(parse_move("3+", Player::Bob)
            .unwrap_err()
            .contains("'' is not a card value"));
        assert!(parse_move("3", Player::Bob)
            .unwrap_err()
            .contains("two card values"));
        assert!(parse_move("x 4", Player::Bob)
            .unwrap_err()
            .starts_with("your card: 'x'"));
        assert!(parse_move("3 300", Player::Bob)
            .unwrap_err()
            .starts_with("Bob's card: '300'"));
    }
}
