//! Cards' notation for people: a position in one string, and moves named
//! by the two card values they use.
//!
//! A position is `<player to move>:<Alice's cards>:<Bob's cards>`, one
//! digit per card (hexadecimal above 9), in any order, e.g.
//! `alice:10000000:00040020`. The index is seen from the player to move,
//! so the player is part of the notation ([`Notation::parse_spot`]); a
//! position written without one ([`Notation::write_position`]) has Alice to
//! move. A move `a+b` adds the opponent's card `b` to the mover's card `a`.

use gametable::{Hand, Position, Variant};

use super::game::Cards;
use crate::engine::{quote, quote_char, Game, Notation, NotationError, Side};

/// The players' names, first player (Alice) first.
const NAMES: [&str; 2] = ["alice", "bob"];

impl Cards {
    /// Reads one hand of `field` (1-based field number `number` of the
    /// position, starting at character `at`).
    fn parse_hand(&self, field: &str, name: &str, at: usize) -> Result<Hand, NotationError> {
        let variant = self.variant();
        let n = usize::from(variant.cards());
        let m = u32::from(variant.modulus());
        let mut cards = Vec::with_capacity(n);
        for (i, c) in field.chars().enumerate() {
            let place = at + i;
            let value = c.to_digit(16).filter(|&v| v < m).ok_or_else(|| {
                NotationError::new(format!(
                    "character {place} {}: {name}'s cards are digits 0 to {:x} (values mod {m})",
                    quote_char(c),
                    m - 1
                ))
            })?;
            cards.push(value as u8);
        }
        if cards.len() != n {
            return Err(NotationError::new(format!(
                "{name}'s cards {} (from character {at}): {} cards, expected {n}",
                quote(field),
                cards.len()
            )));
        }
        Hand::from_cards(variant, &cards).map_err(|e| NotationError::new(format!("{name}: {e}")))
    }

    /// The cards of hand rank `rank`, highest first, one digit each.
    fn hand_digits(&self, rank: u64) -> String {
        Hand::unrank(self.variant(), rank as u32)
            .map_or_else(|_| String::from("?"), |h| hand_digits(&h))
    }

    /// The cards of the hand of rank `rank` as [`hand_words`] writes them.
    fn hand_words(&self, rank: u64) -> String {
        Hand::unrank(self.variant(), rank as u32)
            .map_or_else(|_| String::from("?"), |h| hand_words(&h))
    }

    /// The hands of state `index` as (Alice's, Bob's) ranks with `side` to move.
    fn alice_bob(&self, index: u64, side: Side) -> (u64, u64) {
        let hands = u64::from(self.variant().hands());
        let (mover, waiting) = (index / hands, index % hands);
        match side {
            Side::First => (mover, waiting),
            Side::Second => (waiting, mover),
        }
    }
}

impl Notation for Cards {
    fn position_help(&self) -> &'static str {
        "<player to move>:<Alice's cards>:<Bob's cards>, one digit per card \
         (hexadecimal above 9), e.g. alice:10000000:00040020"
    }

    fn move_help(&self) -> &'static str {
        "<your card>+<their card>: the opponent's card is added to yours mod m, e.g. 1+4"
    }

    fn parse_position(&self, text: &str) -> Result<u64, NotationError> {
        self.parse_spot(text).map(|(index, _)| index)
    }

    fn parse_spot(&self, text: &str) -> Result<(u64, Side), NotationError> {
        let text = text.trim();
        let fields: Vec<&str> = text.split(':').collect();
        let [player, alice, bob] = fields[..] else {
            return Err(NotationError::new(format!(
                "{}: expected three fields <player>:<Alice's cards>:<Bob's cards>, found {}",
                quote(text),
                fields.len()
            )));
        };
        let side = match player {
            "alice" => Side::First,
            "bob" => Side::Second,
            other => {
                return Err(NotationError::new(format!(
                    "characters 1 to {} {}: the player to move is alice or bob",
                    other.chars().count().max(1),
                    quote(other)
                )))
            }
        };
        let alice_at = player.chars().count() + 2;
        let bob_at = alice_at + alice.chars().count() + 1;
        let alice = self.parse_hand(alice, "Alice", alice_at)?;
        let bob = self.parse_hand(bob, "Bob", bob_at)?;
        let (mover, waiting) = match side {
            Side::First => (alice, bob),
            Side::Second => (bob, alice),
        };
        let position =
            Position::new(mover, waiting).map_err(|e| NotationError::new(e.to_string()))?;
        Ok((position.index(), side))
    }

    fn write_position(&self, index: u64) -> String {
        self.write_spot(index, Side::First)
    }

    fn write_spot(&self, index: u64, side: Side) -> String {
        let (alice, bob) = self.alice_bob(index, side);
        format!(
            "{}:{}:{}",
            self.side_name(side),
            self.hand_digits(alice),
            self.hand_digits(bob)
        )
    }

    fn moves(&self, index: u64) -> Vec<(String, u64)> {
        let Some(position) = self.position(index) else {
            return Vec::new();
        };
        position
            .legal_moves()
            .filter_map(|(mine, theirs)| {
                let after = position.play(mine, theirs).ok()?;
                Some((format!("{mine}+{theirs}"), after.index()))
            })
            .collect()
    }

    fn picture(&self, index: u64) -> String {
        self.picture_spot(index, Side::First)
    }

    fn picture_spot(&self, index: u64, side: Side) -> String {
        let (alice, bob) = self.alice_bob(index, side);
        format!(
            "Alice holds {}\nBob holds   {}\n{} to move",
            self.hand_words(alice),
            self.hand_words(bob),
            match side {
                Side::First => "Alice",
                Side::Second => "Bob",
            }
        )
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => NAMES[0],
            Side::Second => NAMES[1],
        }
    }
}

/// A hand's cards in decimal, highest first (the position string's
/// order), spaced: `15 0`, where the position string has `f0`; what
/// `query`, `play` and the pictures show, in the values `--alice` takes.
pub fn hand_words(hand: &Hand) -> String {
    let words: Vec<String> = high_first(hand).iter().map(u8::to_string).collect();
    words.join(" ")
}

/// A hand's cards as the position string writes them: highest first, one
/// digit each (hexadecimal above 9).
fn hand_digits(hand: &Hand) -> String {
    high_first(hand)
        .iter()
        .map(|&c| char::from_digit(u32::from(c), 16).unwrap_or('?'))
        .collect()
}

/// A hand's cards, highest first: the position string's order.
fn high_first(hand: &Hand) -> Vec<u8> {
    let mut cards: Vec<u8> = hand.cards().collect();
    cards.reverse();
    cards
}

/// A state named in an error: [`describe_state`], then (unless both hands
/// are all zeros, which is no position) the state with Alice to move in the
/// notation `query` and `play` take, so that it can be looked at.
pub fn name_state(variant: Variant, index: u64) -> String {
    let hands = describe_state(variant, index);
    match Position::from_index(variant, index) {
        Ok(position) => format!(
            "{hands}: the position {}:{}:{}",
            NAMES[0],
            hand_digits(position.to_move()),
            hand_digits(position.waiting())
        ),
        Err(_) => hands,
    }
}

/// A state described for a person: the two hands, as card lists. Table
/// fingerprints record states so (their `longest_win` lines): keep this
/// form, or every fingerprint written before stops matching its table.
pub fn describe_state(variant: Variant, index: u64) -> String {
    let hands = u64::from(variant.hands());
    match (
        Hand::unrank(variant, (index / hands.max(1)) as u32),
        Hand::unrank(variant, (index % hands.max(1)) as u32),
    ) {
        (Ok(to_move), Ok(waiting)) => describe_hands(&to_move, &waiting),
        _ => format!("state {index}, out of range"),
    }
}

fn describe_hands(to_move: &Hand, waiting: &Hand) -> String {
    let show = |hand: &Hand| {
        hand.cards()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "to move holds [{}], waiting holds [{}]",
        show(to_move),
        show(waiting)
    )
}

/// A position described for a person: the two hands, as card lists.
pub fn describe_position(position: &Position) -> String {
    describe_hands(position.to_move(), position.waiting())
}
