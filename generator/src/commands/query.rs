//! `gametable query`: one position, explained for a person.

use std::path::Path;

use gametable::{Hand, Outcome, Player};

use super::TableSource;

/// `query cards`.
pub fn cards(first: Player, alice: &[u8], bob: &[u8], table: Option<&Path>) -> crate::Result<()> {
    let source = TableSource::open(table)?;
    let table = source.table();
    let variant = table.variant();
    let alice_hand = Hand::from_cards(variant, alice).map_err(|e| format!("--alice: {e}"))?;
    let bob_hand = Hand::from_cards(variant, bob).map_err(|e| format!("--bob: {e}"))?;
    let verdict = table.verdict(first, alice_hand, bob_hand)?;
    let (to_move, waiting) = match first {
        Player::Alice => (alice_hand, bob_hand),
        Player::Bob => (bob_hand, alice_hand),
    };
    let outcome = table.probe(to_move, waiting)?;
    let show = |hand: &Hand| {
        hand.cards()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
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
    Ok(())
}

/// `query stones`.
pub fn stones(_piles: &str) -> crate::Result<()> {
    Err("query stones is not available yet".into())
}
