//! The rule that a Cards state's outcome and its distance obey together.
//!
//! Written once here: [`crate::PerfectPlay`] checks a pair of tables by it,
//! the build script (which includes this file) checks the embedded pair,
//! and the generator's statistics call it (its readers, through
//! `PerfectPlay`).

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
}
