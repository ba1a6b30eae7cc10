//! A second Cards solver, written apart from the production [`sweep`](crate::games::cards::solve)
//! so that the two can check each other.
//!
//! # Why it is independent of the sweep
//!
//! This module was written from the rules in `docs/games/cards.md` alone,
//! before its author read the sweep ([`crate::games::cards::solve`]), and it deliberately works the other
//! way round:
//!
//! - **Forward moves, not predecessors.** Successors are generated straight
//!   from the rules: the player to move picks one of their own cards showing
//!   `a != 0` and one of the opponent's cards showing `b != 0`, replaces `a`
//!   by `(a + b) mod m`, and the roles swap. No move is ever "undone", so a
//!   mistake in inverting the move rule cannot be shared by both solvers.
//! - **Plain fixpoint iteration, no counters or queues.** Every pass looks at
//!   every undecided state and applies the definition directly: a state is a
//!   win if some successor is a loss, and a loss if it has successors and all
//!   of them are wins. Passes repeat until one changes nothing; whatever is
//!   still undecided is a draw. There is no remaining-move counter to get
//!   wrong, and no order of processing to get wrong.
//! - **Only the lookup crate's public API** ([`Hand`], [`Variant`],
//!   [`code`]) is shared, for ranking hands into the common state numbering
//!   `rank(to_move) * hands + rank(waiting)` and for the 2-bit codes.
//!
//! It is meant to be obviously correct, not fast: the (8, 5) game (245,025
//! states) takes well under a second in release mode.
//!
//! # Why the fixpoint is the game's solution
//!
//! Labels are only ever added, never changed: once a state has a successor
//! labelled a loss it keeps it, and once all its successors are labelled
//! wins they stay wins. So the passes compute the least set of labels closed
//! under the two rules, starting from the terminal states. A state gets
//! "win" or "loss" exactly when the corresponding player can force the game
//! to a terminal state in finitely many moves (by induction on the pass
//! number, and conversely on the length of the forced line); every other
//! state lets both players keep the game going forever, a draw. Updating
//! labels in place during a pass only lets later states in the same pass see
//! fresh labels sooner; it reaches the same least fixpoint.
//!
//! # Terminal states (the conventions of `docs/games/cards.md`)
//!
//! - the waiting player's cards all show 0: that player has won, so the
//!   player to move has lost ([`code::LOSS`]);
//! - the player to move has all zeros and the waiting player does not: the
//!   player to move has won ([`code::WIN`]);
//! - both all zero: [`code::NOT_A_POSITION`].
//!
//! Every other state has at least one move (a nonzero card on each side).

use std::fmt;

use gametable::{code, Hand, Variant};

/// The variant has too many states for this solver, which numbers states
/// with `u32` and keeps every successor list in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The number of states of the variant.
    pub states: u64,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} states is too many for the reference solver (at most {})",
            self.states,
            u32::MAX
        )
    }
}

impl std::error::Error for TooLarge {}

/// What the solver knows about a state during the passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// Not decided yet; a draw if still undecided at the fixpoint.
    Unknown,
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Both hands all zero.
    NotAPosition,
}

impl Label {
    /// The 2-bit table code for this label once the fixpoint is reached.
    fn code(self) -> u8 {
        match self {
            Label::Unknown => code::DRAW,
            Label::Win => code::WIN,
            Label::Loss => code::LOSS,
            Label::NotAPosition => code::NOT_A_POSITION,
        }
    }
}

/// The hands reachable from `to_move` by one move against `waiting`: for
/// every value `a != 0` that `to_move` holds and every value `b != 0` that
/// `waiting` holds, `to_move` with one card `a` replaced by `(a + b) mod m`.
///
/// Cards of equal value give the same resulting hand, so each (value, value)
/// pair is tried once. Empty when either hand is all zeros. The hands are
/// meant to be of one variant; if not, the result is of `to_move`'s variant
/// and only `waiting`'s values below its modulus count.
pub fn moves(to_move: &Hand, waiting: &Hand) -> Vec<Hand> {
    let variant = to_move.variant();
    let m = variant.modulus();
    let mut result = Vec::new();
    for a in 1..m {
        if to_move.count(a) == 0 {
            continue;
        }
        for b in 1..m {
            if waiting.count(b) == 0 {
                continue;
            }
            let new_value = (a + b) % m;
            // One card moves from value `a` (held, checked above) to
            // `new_value`; `new_value != a` because `0 < b < m`.
            let counts: Vec<u8> = to_move
                .counts()
                .iter()
                .zip(0u8..)
                .map(|(&count, value)| count - u8::from(value == a) + u8::from(value == new_value))
                .collect();
            match Hand::from_counts(variant, &counts) {
                Ok(hand) => result.push(hand),
                // Unreachable: `counts` has `m` entries (copied from a hand of
                // this variant) and one card moved between values, so the sum
                // is still the hand size.
                Err(e) => unreachable!("a move kept a valid hand: {e}"),
            }
        }
    }
    result
}

/// The outcome code of every state of `variant`, indexed by
/// `rank(to_move) * hands + rank(waiting)` (see [`gametable::Position::index`]),
/// one [`code`] per entry, unpacked. Use [`pack`] for the table layout.
///
/// # Errors
/// [`TooLarge`] when the variant has more than `u32::MAX` states.
pub fn solve_codes(variant: Variant) -> Result<Vec<u8>, TooLarge> {
    let states = variant.states();
    if states > u64::from(u32::MAX) {
        return Err(TooLarge { states });
    }
    let hands: Vec<Hand> = (0..variant.hands())
        .map(|rank| match Hand::unrank(variant, rank) {
            Ok(hand) => hand,
            // Unreachable: every rank below `variant.hands()` is valid.
            Err(e) => unreachable!("rank {rank} below the hand count: {e}"),
        })
        .collect();
    let hand_count = u64::from(variant.hands());
    let index = |to_move: &Hand, waiting: &Hand| -> u32 {
        // Below `states <= u32::MAX`, checked above, so the cast is exact.
        (u64::from(to_move.rank()) * hand_count + u64::from(waiting.rank())) as u32
    };

    // Every state, in index order, with its terminal label and its
    // successors: after a move by `to_move`, the old `waiting` hand is to
    // move and the changed `to_move` hand waits.
    let mut labels = Vec::with_capacity(states as usize);
    let mut successors: Vec<Vec<u32>> = Vec::with_capacity(states as usize);
    for to_move in &hands {
        for waiting in &hands {
            let label = match (to_move.is_all_zero(), waiting.is_all_zero()) {
                (true, true) => Label::NotAPosition,
                (_, true) => Label::Loss,
                (true, false) => Label::Win,
                (false, false) => Label::Unknown,
            };
            labels.push(label);
            successors.push(
                moves(to_move, waiting)
                    .iter()
                    .map(|after| index(waiting, after))
                    .collect(),
            );
        }
    }

    // Passes to the fixpoint. A successor index is always a valid state
    // index, so `get` never misses; a miss would count as `Unknown`.
    let label_of = |labels: &[Label], s: u32| -> Label {
        labels.get(s as usize).copied().unwrap_or(Label::Unknown)
    };
    loop {
        let mut changed = false;
        for (state, next) in successors.iter().enumerate() {
            if labels.get(state) != Some(&Label::Unknown) {
                continue;
            }
            let new = if next.iter().any(|&s| label_of(&labels, s) == Label::Loss) {
                Label::Win
            } else if !next.is_empty() && next.iter().all(|&s| label_of(&labels, s) == Label::Win) {
                Label::Loss
            } else {
                continue;
            };
            if let Some(slot) = labels.get_mut(state) {
                *slot = new;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(labels.into_iter().map(Label::code).collect())
}

/// The outcome table of `variant` in the packed 2-bit layout of
/// [`gametable::CardsTable`]: state `i` at bits `2 * (i % 4)` of byte `i / 4`.
///
/// # Errors
/// As [`solve_codes`].
pub fn solve(variant: Variant) -> Result<Vec<u8>, TooLarge> {
    solve_codes(variant).map(|codes| pack(&codes))
}

/// Packs one 2-bit code per state (only the low two bits of each entry are
/// used) four to a byte, state `i` at bits `2 * (i % 4)` of byte `i / 4`; the
/// unused bits of the last byte are zero.
pub fn pack(codes: &[u8]) -> Vec<u8> {
    let mut packed = vec![0u8; codes.len().div_ceil(4)];
    for (i, &c) in codes.iter().enumerate() {
        gametable::packing::put_code(&mut packed, i as u64, c);
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_layout() {
        assert_eq!(pack(&[1, 2, 3, 0, 2]), vec![0b00_11_10_01, 0b10]);
        assert_eq!(pack(&[]), Vec::<u8>::new());
    }

    #[test]
    fn moves_follow_the_rules() {
        let v = Variant::new(2, 5).unwrap();
        let mine = Hand::from_cards(v, &[1, 3]).unwrap();
        let theirs = Hand::from_cards(v, &[0, 4]).unwrap();
        let mut got: Vec<Vec<u8>> = moves(&mine, &theirs)
            .iter()
            .map(|h| h.cards().collect())
            .collect();
        got.sort();
        // 1 + 4 = 0 (mod 5) or 3 + 4 = 2 (mod 5).
        assert_eq!(got, vec![vec![0, 3], vec![1, 2]]);
        assert!(moves(&mine, &Hand::all_zero(v)).is_empty());
        assert!(moves(&Hand::all_zero(v), &theirs).is_empty());
    }

    #[test]
    fn one_card_mod_two() {
        // Hands: [0] (rank 0) and [1] (rank 1). States (to_move, waiting):
        // (0,0) not a position, (0,1) win, (1,0) loss, (1,1): 1 + 1 = 0, the
        // mover wins.
        let v = Variant::new(1, 2).unwrap();
        assert_eq!(
            solve_codes(v).unwrap(),
            vec![code::NOT_A_POSITION, code::WIN, code::LOSS, code::WIN]
        );
    }
}
