//! `gametable query`: one position, explained for a person.

use std::path::Path;

use gametable::{Evaluation, Hand, Outcome, Player, Position};

use crate::games::cards::judge::Verdicts as _;

use super::{show_hand, PlaySource, TableSource};

/// `query cards`.
pub fn cards(
    first: Player,
    alice: &[u8],
    bob: &[u8],
    table_path: Option<&Path>,
) -> crate::cli::Result<()> {
    let table = TableSource::open(table_path)?;
    let variant = table.variant();
    let alice_hand = Hand::from_cards(variant, alice).map_err(|e| format!("--alice: {e}"))?;
    let bob_hand = Hand::from_cards(variant, bob).map_err(|e| format!("--bob: {e}"))?;
    let verdict = table.verdict(first, alice_hand, bob_hand)?;
    let (to_move, waiting) = match first {
        Player::Alice => (alice_hand, bob_hand),
        Player::Bob => (bob_hand, alice_hand),
    };
    let outcome = table.probe(to_move, waiting)?;
    let show = show_hand;
    println!(
        "Cards: {} cards per hand, values mod {}",
        variant.cards(),
        variant.modulus()
    );
    println!("Alice holds {}", show(&alice_hand));
    println!("Bob holds   {}", show(&bob_hand));
    let other = first.other();
    let why = if to_move.is_all_zero() {
        format!("{first} already holds only zeros, and so has won")
    } else if waiting.is_all_zero() {
        format!("{other} already holds only zeros, and so has won")
    } else {
        match outcome {
            Outcome::Win => format!("{first} moves first and can force a win"),
            Outcome::Loss => {
                format!("{first} moves first, but {other} can force a win whatever {first} does")
            }
            Outcome::Draw => {
                "neither player can force a win: with perfect play the game never ends".to_string()
            }
        }
    };
    println!("Verdict: {verdict} ({why})");
    // Distances and best moves need the distance table: the embedded one, or
    // the one beside the outcome table given.
    let play_source = match PlaySource::open(table_path) {
        Ok(source) => source,
        Err(e) => {
            println!("Distance and best moves: not shown ({e})");
            return Ok(());
        }
    };
    let play = play_source.play();
    let position = Position::new(to_move, waiting)?;
    let evaluation = play.evaluate(&position)?;
    println!(
        "Distance: {}",
        match evaluation {
            Evaluation::Win(d) => format!(
                "{first} wins in {d} moves at most (perfect play: the winner ends fastest, the loser holds out longest)"
            ),
            Evaluation::Loss(d) => format!(
                "{other} wins in {d} moves at most, however long {first} holds out"
            ),
            Evaluation::Draw => "none: a draw never ends".to_string(),
        }
    );
    let best = play.best_moves(&position)?;
    if !best.is_empty() {
        let list: Vec<String> = best
            .iter()
            .map(|m| format!("{} {} ({} for {first})", m.mine, m.theirs, m.value()))
            .collect();
        println!(
            "Best moves for {first} ({first}'s card, {other}'s card): {}",
            list.join(", ")
        );
    }
    Ok(())
}

/// `query stones`.
pub fn stones(piles: &str) -> crate::cli::Result<()> {
    let piles =
        crate::games::stones::query::parse_piles(piles).map_err(|e| format!("--piles: {e}"))?;
    println!(
        "{}",
        crate::games::stones::query::explain(&piles).trim_end()
    );
    Ok(())
}
