//! The lookup crate's public API: ranks, indices, counts, conventions and
//! every error, checked against the embedded (8, 5) table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use gametable::{
    code, CardsTable, Hand, Outcome, Player, Position, PositionError, TableError, Variant, Verdict,
    CLASSIC,
};

#[test]
fn every_hand_round_trips_for_many_variants() {
    let mut variants: Vec<(u8, u8)> = (1..=10).map(|n| (n, 5)).collect();
    variants.extend((2..=7).flat_map(|m| (1..=4).map(move |n| (n, m))));
    variants.extend([(16, 5), (12, 7), (3, 16)]);
    for (n, m) in variants {
        let v = Variant::new(n, m).unwrap();
        let mut seen = vec![false; v.hands() as usize];
        for rank in 0..v.hands() {
            let hand = Hand::unrank(v, rank).unwrap();
            assert_eq!(hand.rank(), rank);
            let cards: Vec<u8> = hand.cards().collect();
            assert_eq!(Hand::from_cards(v, &cards).unwrap(), hand);
            assert_eq!(Hand::from_counts(v, hand.counts()).unwrap(), hand);
            assert!(!std::mem::replace(&mut seen[rank as usize], true));
        }
    }
}

#[test]
fn every_position_index_round_trips() {
    let v = Variant::CLASSIC;
    assert_eq!(Position::from_index(v, 0), Err(PositionError::BothAllZero));
    for index in 1..v.states() {
        let p = Position::from_index(v, index).unwrap();
        assert_eq!(p.index(), index);
    }
    assert_eq!(
        Position::from_index(v, v.states()),
        Err(PositionError::Index {
            index: 245_025,
            states: 245_025
        })
    );
}

#[test]
fn embedded_counts_match_the_published_ones() {
    let mut counts = [0u64; 4];
    for index in 0..CLASSIC.variant().states() {
        counts[CLASSIC.code(index) as usize] += 1;
    }
    assert_eq!(counts[code::WIN as usize], 121_365);
    assert_eq!(counts[code::LOSS as usize], 74_605);
    assert_eq!(counts[code::DRAW as usize], 49_054);
    assert_eq!(counts[code::NOT_A_POSITION as usize], 1);
    assert_eq!(CLASSIC.code(0), code::NOT_A_POSITION);
    // Past the last state, the last byte's unused slots included (245,025
    // states fill 61,256 bytes and one slot of the next).
    for index in [245_025, 245_026, 245_027, 245_028, u64::MAX] {
        assert_eq!(CLASSIC.code(index), code::NOT_A_POSITION, "{index}");
    }
    // The checked constructor accepts the embedded bytes.
    assert!(CardsTable::from_packed(Variant::CLASSIC, CLASSIC.as_bytes()).is_ok());
}

#[test]
fn conventions_for_unreachable_positions() {
    let v = Variant::CLASSIC;
    let zero = Hand::all_zero(v);
    let some = Hand::from_cards(v, &[1, 2, 3, 4, 0, 0, 0, 0]).unwrap();
    assert_eq!(CLASSIC.probe(zero, some), Ok(Outcome::Win));
    assert_eq!(CLASSIC.probe(some, zero), Ok(Outcome::Loss));
    assert_eq!(CLASSIC.probe(zero, zero), Err(PositionError::BothAllZero));
    assert_eq!(
        CLASSIC.verdict(Player::Alice, zero, zero),
        Err(PositionError::BothAllZero)
    );
    assert_eq!(CLASSIC.verdict(Player::Bob, zero, some), Ok(Verdict::Alice));
}

#[test]
fn every_error_names_what_is_wrong() {
    let v = Variant::CLASSIC;
    let cases: Vec<(String, &str)> = vec![
        (
            Variant::new(0, 5).unwrap_err().to_string(),
            "cards per hand must be in 1..=64, not 0",
        ),
        (
            Variant::new(8, 17).unwrap_err().to_string(),
            "modulus must be in 2..=16, not 17",
        ),
        (
            Hand::from_cards(v, &[0; 9]).unwrap_err().to_string(),
            "9 cards given, but a hand of this variant holds 8",
        ),
        (
            Hand::from_cards(v, &[0, 0, 0, 0, 0, 0, 0, 7])
                .unwrap_err()
                .to_string(),
            "card 8 shows 7, but values must be below 5",
        ),
        (
            Hand::from_counts(v, &[1, 2]).unwrap_err().to_string(),
            "expected 5 counts (one per value), not 2",
        ),
        (
            Hand::from_counts(v, &[1, 2, 0, 0, 0])
                .unwrap_err()
                .to_string(),
            "counts add up to 3, but a hand holds 8 cards",
        ),
        (
            Hand::unrank(v, 495).unwrap_err().to_string(),
            "hand rank 495 is out of range (there are 495 hands)",
        ),
        (
            CardsTable::from_packed(v, &[0; 10])
                .unwrap_err()
                .to_string(),
            "table holds 10 bytes, but this variant needs 61257",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
    let other = Hand::all_zero(Variant::new(8, 7).unwrap());
    let some = Hand::from_cards(v, &[1, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        Position::new(other, some),
        Err(PositionError::VariantMismatch)
    );
    let table_8_7 = vec![0u8; gametable::packed_len(Variant::new(8, 7).unwrap().states()) as usize];
    let t = CardsTable::check_length(Variant::new(8, 7).unwrap(), &table_8_7).unwrap();
    let p = Position::new(some, Hand::all_zero(v)).unwrap();
    assert_eq!(t.try_outcome(&p), Err(PositionError::VariantMismatch));
}

#[test]
fn checked_constructor_refuses_impossible_codes() {
    let v = Variant::new(1, 2).unwrap(); // 2 hands, 4 states
                                         // State 0 must be "not a position", and only it.
    assert_eq!(
        CardsTable::from_packed(v, &[0b00_00_00_00]),
        Err(TableError::Code { index: 0 })
    );
    assert_eq!(
        CardsTable::from_packed(v, &[0b11_00_00_11]),
        Err(TableError::Code { index: 3 })
    );
    let ok = CardsTable::from_packed(v, &[0b00_10_01_11]).unwrap();
    let one = Hand::from_cards(v, &[1]).unwrap();
    let zero = Hand::all_zero(v);
    assert_eq!(ok.probe(zero, one), Ok(Outcome::Win));
    assert_eq!(ok.probe(one, zero), Ok(Outcome::Loss));
    assert_eq!(ok.probe(one, one), Ok(Outcome::Draw));
}
