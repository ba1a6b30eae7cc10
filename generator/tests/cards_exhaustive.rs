//! The generic exhaustive solver, playing Cards from the rules alone
//! (`gametable_gen::games::cards::oracle`), agrees with the sweep on every state.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use gametable::{code, Hand, Outcome, Player, Variant};
use gametable_gen::exhaustive::Solution;
use gametable_gen::games::cards::oracle::{CardsGame, CardsState, Counts};
use gametable_gen::games::cards::solve;

fn counts(hand: &Hand) -> Counts {
    let mut out = Counts::default();
    out[..hand.counts().len()].copy_from_slice(hand.counts());
    out
}

fn agree(n: u8, m: u8) {
    let v = Variant::new(n, m).unwrap();
    let hands: Vec<Hand> = (0..v.hands())
        .map(|r| Hand::unrank(v, r).unwrap())
        .collect();
    let state = |to_move: &Hand, waiting: &Hand| CardsState {
        mover: Player::Alice,
        alice: counts(to_move),
        bob: counts(waiting),
    };
    let roots = hands.iter().flat_map(|a| hands.iter().map(move |b| (a, b)));
    let roots: Vec<CardsState> = roots
        .filter(|(a, b)| !(a.is_all_zero() && b.is_all_zero()))
        .map(|(a, b)| state(a, b))
        .collect();
    let solved = Solution::solve(&CardsGame::new(v), roots);
    let table = solve::solve(v).outcomes;
    for (i, a) in hands.iter().enumerate() {
        for (j, b) in hands.iter().enumerate() {
            let index = i * hands.len() + j;
            let code = (table[index / 4] >> (index % 4 * 2)) & 3;
            let expected = match solved.outcome(&state(a, b)) {
                Some(Outcome::Win) => code::WIN,
                Some(Outcome::Loss) => code::LOSS,
                Some(Outcome::Draw) => code::DRAW,
                None => code::NOT_A_POSITION,
            };
            assert_eq!(
                code,
                expected,
                "({n}, {m}): {:?} to move, {:?} waiting",
                a.counts(),
                b.counts()
            );
        }
    }
}

#[test]
fn exhaustive_search_agrees_with_the_sweep() {
    let mut variants: Vec<(u8, u8)> = (1..=5).map(|n| (n, 5)).collect();
    variants.extend((2..=8).flat_map(|m| (1..=3).map(move |n| (n, m))));
    if !cfg!(debug_assertions) {
        variants.extend([(8, 5), (6, 6), (5, 7)]);
    }
    for (n, m) in variants {
        agree(n, m);
    }
}
