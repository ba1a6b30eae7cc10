//! The production retrograde [`sweep`] and the independent [`reference`]
//! solver (forward moves, plain fixpoint passes) agree on every state.
//!
//! Coverage, in debug and release builds alike:
//! - (8, 5), the contest game, plus its published counts;
//! - 1..=10 cards with modulus 5;
//! - moduli 2..=7 with hands as large as stay quick in a debug build, and
//!   moduli 8..=16 with one or two cards.
//!
//! Release builds (`cfg!(debug_assertions)` off) add larger variants that
//! would take too long unoptimised; see [`heavy`].
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use gametable::{code, CardsTable, Hand, Player, Position, Variant, Verdict};
use gametable_gen::{games::cards::reference, games::cards::solve};

/// True in release builds, where the larger variants are cheap.
fn heavy() -> bool {
    !cfg!(debug_assertions)
}

/// The code of state `i` in a packed 2-bit table.
fn code_at(packed: &[u8], i: u64) -> u8 {
    (packed[(i / 4) as usize] >> (2 * (i % 4))) & 3
}

/// How many states hold each code, indexed by the code.
fn counts(packed: &[u8], states: u64) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for i in 0..states {
        counts[code_at(packed, i) as usize] += 1;
    }
    counts
}

/// Solves `(cards, modulus)` both ways and fails, naming the first state
/// that differs with its hands, unless the tables are identical. Returns the
/// reference's packed table.
fn assert_agree(cards: u8, modulus: u8) -> Vec<u8> {
    let variant = Variant::new(cards, modulus).unwrap();
    let reference = reference::solve(variant).unwrap();
    let solution = solve::solve(variant);
    assert_eq!(solution.variant, variant);
    assert_eq!(
        reference.len(),
        solution.outcomes.len(),
        "({cards}, {modulus}): packed lengths differ"
    );
    if reference != solution.outcomes {
        let i = (0..variant.states())
            .find(|&i| code_at(&reference, i) != code_at(&solution.outcomes, i))
            .expect("the packed bytes differ, so some state (or the padding) does");
        let hands = u64::from(variant.hands());
        let to_move = Hand::unrank(variant, (i / hands) as u32).unwrap();
        let waiting = Hand::unrank(variant, (i % hands) as u32).unwrap();
        panic!(
            "({cards}, {modulus}) state {i}: to move {:?}, waiting {:?}: reference code {}, sweep code {}",
            to_move.cards().collect::<Vec<_>>(),
            waiting.cards().collect::<Vec<_>>(),
            code_at(&reference, i),
            code_at(&solution.outcomes, i),
        );
    }
    assert_eq!(
        solution.counts,
        counts(&reference, variant.states()),
        "({cards}, {modulus}): the sweep's own counts"
    );
    reference
}

#[test]
fn classic_agrees_with_published_counts() {
    let packed = assert_agree(8, 5);
    let states = Variant::CLASSIC.states();
    assert_eq!(states, 245_025);
    let counts = counts(&packed, states);
    assert_eq!(counts[code::WIN as usize], 121_365);
    assert_eq!(counts[code::LOSS as usize], 74_605);
    assert_eq!(counts[code::DRAW as usize], 49_054);
    assert_eq!(counts[code::NOT_A_POSITION as usize], 1);
}

#[test]
fn classic_reference_answers_the_sample() {
    // The judge sample of docs/games/cards.md, answered from the reference table alone.
    let v = Variant::CLASSIC;
    let packed = reference::solve(v).unwrap();
    let table = CardsTable::from_packed(v, &packed).unwrap();
    let sample: [(Player, [u8; 8], [u8; 8], Verdict); 4] = [
        (
            Player::Bob,
            [0; 8],
            [1, 2, 3, 4, 1, 2, 3, 4],
            Verdict::Alice,
        ),
        (
            Player::Bob,
            [0, 0, 0, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 4, 0, 0, 0],
            Verdict::Bob,
        ),
        (
            Player::Alice,
            [1, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 4, 0, 0, 2, 0],
            Verdict::Alice,
        ),
        (Player::Bob, [1; 8], [1; 8], Verdict::Deal),
    ];
    for (first, alice, bob, expected) in sample {
        let alice = Hand::from_cards(v, &alice).unwrap();
        let bob = Hand::from_cards(v, &bob).unwrap();
        assert_eq!(table.verdict(first, alice, bob).unwrap(), expected);
    }
}

#[test]
fn reference_tables_are_well_formed() {
    // "Not a position" exactly at the both-zero state, index 0, and the
    // terminal conventions hold everywhere.
    for (n, m) in [(1, 2), (3, 3), (4, 5), (2, 7)] {
        let v = Variant::new(n, m).unwrap();
        let packed = reference::solve(v).unwrap();
        let table = CardsTable::from_packed(v, &packed).unwrap();
        for i in 1..v.states() {
            let p = Position::from_index(v, i).unwrap();
            if p.waiting().is_all_zero() {
                assert_eq!(table.code(i), code::LOSS, "({n}, {m}) state {i}");
            } else if p.to_move().is_all_zero() {
                assert_eq!(table.code(i), code::WIN, "({n}, {m}) state {i}");
            }
        }
    }
}

#[test]
fn modulus_five_one_to_ten_cards() {
    let top = if heavy() { 12 } else { 10 };
    for n in 1..=top {
        assert_agree(n, 5);
    }
}

#[test]
fn moduli_two_to_seven() {
    // Largest hand per modulus: debug sizes stay under ~0.25 M states each.
    // Modulus 5 is `modulus_five_one_to_ten_cards`.
    let sizes: [(u8, u8, u8); 5] = [(2, 40, 60), (3, 20, 30), (4, 10, 16), (6, 5, 6), (7, 4, 6)];
    for (m, debug_top, release_top) in sizes {
        let top = if heavy() { release_top } else { debug_top };
        for n in 1..=top {
            assert_agree(n, m);
        }
    }
}

#[test]
fn moduli_eight_to_sixteen_small_hands() {
    let top = if heavy() { 3 } else { 2 };
    for m in 8..=16 {
        for n in 1..=top {
            assert_agree(n, m);
        }
    }
}
