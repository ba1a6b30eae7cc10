//! The embedded (8, 5) table against golden positions in a plain file and
//! the judge sample, through the public API only.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use gametable::{Hand, Player, Variant, Verdict, CLASSIC};

fn hand(digits: &str) -> Hand {
    let cards: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    Hand::from_cards(Variant::CLASSIC, &cards).unwrap()
}

fn verdict(word: &str) -> Verdict {
    match word {
        "Alice" => Verdict::Alice,
        "Bob" => Verdict::Bob,
        "Deal" => Verdict::Deal,
        other => panic!("unknown verdict {other}"),
    }
}

#[test]
fn golden_positions() {
    let text = include_str!("data/cards-golden.csv");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split(',').collect();
        let first = if fields[0] == "0" {
            Player::Alice
        } else {
            Player::Bob
        };
        let got = CLASSIC
            .verdict(first, hand(fields[1]), hand(fields[2]))
            .unwrap();
        assert_eq!(got, verdict(fields[3]), "line {line}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}

#[test]
fn judge_sample() {
    let input = include_str!("data/cards-sample.in");
    let expected: Vec<&str> = include_str!("data/cards-sample.out").lines().collect();
    let numbers: Vec<u8> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let situations = numbers[0] as usize;
    let answers: Vec<&str> = numbers[1..]
        .chunks(17)
        .map(|s| {
            let first = if s[0] == 0 {
                Player::Alice
            } else {
                Player::Bob
            };
            let alice = Hand::from_cards(Variant::CLASSIC, &s[1..9]).unwrap();
            let bob = Hand::from_cards(Variant::CLASSIC, &s[9..17]).unwrap();
            CLASSIC.verdict(first, alice, bob).unwrap().as_str()
        })
        .collect();
    assert_eq!(answers.len(), situations);
    assert_eq!(answers, expected);
}

#[test]
fn lookups_work_in_const_context() {
    const ALICE: Hand = match Hand::from_cards(Variant::CLASSIC, &[1, 0, 0, 0, 0, 0, 0, 0]) {
        Ok(h) => h,
        Err(_) => panic!(),
    };
    const BOB: Hand = match Hand::from_cards(Variant::CLASSIC, &[4, 0, 0, 0, 0, 0, 0, 0]) {
        Ok(h) => h,
        Err(_) => panic!(),
    };
    const ANSWER: Verdict = match CLASSIC.verdict(Player::Bob, ALICE, BOB) {
        Ok(v) => v,
        Err(_) => panic!(),
    };
    assert_eq!(ANSWER, Verdict::Bob);
}
