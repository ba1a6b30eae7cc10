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
use gametable_gen::games::stones::oracle::{all_positions, Stones, StonesState};

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

#[test]
fn judge_sample() {
    let input = "3\n2\n4 1\n1 0\n1\n3\n2\n1\n1\n2\n";
    let mut out = Vec::new();
    assert!(gametable_gen::games::stones::judge::answer(input.as_bytes(), &mut out).is_ok());
    assert_eq!(out, b"Alice\nBob\nBob\n");
    // The same cases through the closed form, checked by the search too.
    let cases = [vec![(4, 1), (1, 0)], vec![(3, 2)], vec![(1, 2)]];
    let mut piles_of = Vec::new();
    for case in &cases {
        let piles: Vec<Pile> = case
            .iter()
            .enumerate()
            .filter_map(|(i, &(a, b))| Pile::from_raw(i, a, b).ok())
            .collect();
        assert_eq!(piles.len(), case.len());
        piles_of.push(piles);
    }
    let roots = piles_of.iter().map(|p| StonesState::new(p, Player::Alice));
    let solution = Solution::solve(&Stones, roots);
    let winners: Vec<Player> = piles_of
        .iter()
        .map(|p| stones::winner(p.iter().copied()))
        .collect();
    assert_eq!(winners, [Player::Alice, Player::Bob, Player::Bob]);
    for (piles, winner) in piles_of.iter().zip(winners) {
        let outcome = solution.outcome(&StonesState::new(piles, Player::Alice));
        let expected = if winner == Player::Alice {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(outcome, Some(expected));
    }
}

#[test]
fn pile_errors() {
    assert_eq!(
        Pile::from_raw(4, 0, 1).map_err(|e| e.to_string()),
        Err("pile 5 holds 0 stones, but a pile holds at least 1".to_owned())
    );
    assert_eq!(
        Pile::from_raw(0, 3, 7).map_err(|e| e.to_string()),
        Err("pile 1 has constraint 7, but constraints are 0, 1 or 2".to_owned())
    );
}
