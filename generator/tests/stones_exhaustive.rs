//! The Stones closed form (`gametable::stones`) against exhaustive search.
//!
//! Every multiset of 1 to 4 piles of 1 to 8 stones, and of 1 to 3 piles of
//! 1 to 20 stones, under every constraint: the closed form names the same
//! winner as the search, its winning first move is legal and leaves Bob a
//! lost position, and claim (B) of the module docs holds (Bob to move with a
//! restricted pile wins).

use gametable::stones::{self, Pile};
use gametable::{Outcome, Player};
use gametable_gen::exhaustive::Solution;
use gametable_gen::stones_game::{all_positions, Stones, StonesState};

/// Checks every position of up to `max_piles` piles of up to `max_stones`;
/// returns how many positions Alice wins.
fn check_all(max_piles: usize, max_stones: u64) -> usize {
    let positions = all_positions(max_piles, max_stones);
    let roots = positions
        .iter()
        .flat_map(|piles| [Player::Alice, Player::Bob].map(|p| StonesState::new(piles, p)));
    let solution = Solution::solve(&Stones, roots);
    let mut alice_wins = 0;
    for piles in &positions {
        let start = StonesState::new(piles, Player::Alice);
        let searched = solution.outcome(&start);
        let expected = match stones::winner(piles.iter().copied()) {
            Player::Alice => Outcome::Win,
            Player::Bob => Outcome::Loss,
        };
        assert_eq!(searched, Some(expected), "Alice to move in {piles:?}");

        // Claim (B): Bob to move with a restricted pile wins.
        if piles.iter().any(|p| !p.is_plain()) {
            let bob = StonesState::new(piles, Player::Bob);
            assert_eq!(
                solution.outcome(&bob),
                Some(Outcome::Win),
                "Bob to move in {piles:?}"
            );
        }

        match stones::winning_move(piles) {
            Some(step) => {
                alice_wins += 1;
                assert_eq!(
                    expected,
                    Outcome::Win,
                    "a move in a lost position {piles:?}"
                );
                // `piles` is sorted, so its indices are the state's.
                let next = start.after(step.pile, step.take);
                assert!(next.is_some(), "illegal move {step:?} in {piles:?}");
                if let Some(next) = next {
                    assert_eq!(
                        solution.outcome(&next),
                        Some(Outcome::Loss),
                        "{step:?} in {piles:?} does not leave Bob lost"
                    );
                    // And it leaves plain piles only, as the docs say.
                    assert!(next.piles.iter().all(|p: &Pile| p.is_plain()));
                }
            }
            None => assert_eq!(expected, Outcome::Loss, "no move found in {piles:?}"),
        }
    }
    alice_wins
}

#[test]
fn up_to_four_piles_of_eight() {
    let wins = check_all(4, 8);
    assert!(wins > 0);
}

#[test]
fn up_to_three_piles_of_twenty() {
    let wins = check_all(3, 20);
    assert!(wins > 0);
}
