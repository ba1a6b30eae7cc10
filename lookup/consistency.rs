//! The rules that a Cards state's outcome and its distance obey together
//! ([`fits`]), and that its distance obeys alone where a hand is all zeros
//! ([`ending_fits`]).
//!
//! Written once here: [`crate::PerfectPlay`] checks a pair of tables by
//! [`fits`], the distance tables' openers check each state or orbit by
//! [`ending_fits`], and the build script (which includes this file)
//! checks the embedded pair by both.

use super::code;

/// Whether outcome `code` and distance `distance` (`None` for none) can be
/// those of state `index` in a Cards variant of `hands` hands (the state
/// is `to_move_rank * hands + waiting_rank`, rank 0 the all-zero hand):
/// a draw or the both-zero pair has no distance; a win is at an odd
/// distance, or at 0 where the side to move already holds all zeros; a
/// loss is at an even distance, at 0 exactly where the side waiting holds
/// all zeros.
pub const fn fits(code: u8, distance: Option<u16>, index: u64, hands: u64) -> bool {
    match (code, distance) {
        (code::DRAW | code::NOT_A_POSITION, None) => true,
        (code::WIN, Some(0)) => index < hands,
        (code::LOSS, Some(0)) => index.is_multiple_of(hands),
        (code::WIN, Some(d)) => d % 2 == 1,
        (code::LOSS, Some(d)) => d % 2 == 0,
        _ => false,
    }
}

/// Whether distance `distance` (`None` for none) can be that of a Cards
/// state by the rules alone, from whether the side to move
/// (`to_move_zero`) and the side waiting (`waiting_zero`) hold only
/// zeros: the both-zero pair has no distance, a state with one hand all
/// zeros is over (distance 0), and no other state is.
pub const fn ending_fits(to_move_zero: bool, waiting_zero: bool, distance: Option<u16>) -> bool {
    match (to_move_zero, waiting_zero, distance) {
        (true, true, distance) => distance.is_none(),
        (false, false, Some(0)) => false,
        (false, false, _) => true,
        (_, _, distance) => matches!(distance, Some(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_of_each_code() {
        let hands = 495;
        assert!(fits(code::DRAW, None, 7, hands));
        assert!(fits(code::NOT_A_POSITION, None, 0, hands));
        assert!(!fits(code::DRAW, Some(3), 7, hands));
        assert!(!fits(code::WIN, None, 7, hands));
        // Won at 0: the side to move holds all zeros (rank 0).
        assert!(fits(code::WIN, Some(0), 7, hands));
        assert!(!fits(code::WIN, Some(0), hands + 7, hands));
        // Lost at 0: the side waiting holds all zeros.
        assert!(fits(code::LOSS, Some(0), 3 * hands, hands));
        assert!(!fits(code::LOSS, Some(0), 3 * hands + 1, hands));
        assert!(fits(code::WIN, Some(5), hands + 7, hands));
        assert!(!fits(code::WIN, Some(4), hands + 7, hands));
        assert!(fits(code::LOSS, Some(4), hands + 7, hands));
        assert!(!fits(code::LOSS, Some(5), hands + 7, hands));
    }

    #[test]
    fn the_rule_of_states_that_end_or_not() {
        // Both hands all zeros: no position, no distance.
        assert!(ending_fits(true, true, None));
        assert!(!ending_fits(true, true, Some(0)));
        // One hand all zeros: over, at 0.
        for (to_move, waiting) in [(true, false), (false, true)] {
            assert!(ending_fits(to_move, waiting, Some(0)));
            assert!(!ending_fits(to_move, waiting, None));
            assert!(!ending_fits(to_move, waiting, Some(2)));
        }
        // Neither: anything but 0.
        assert!(ending_fits(false, false, None));
        assert!(ending_fits(false, false, Some(7)));
        assert!(!ending_fits(false, false, Some(0)));
    }
}
