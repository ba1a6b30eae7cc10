//! One position explained: its outcome and distance for the player to
//! move, and every legal move with what it leads to, from any source of
//! answers (a table file, a solve in memory, an embedded table). What
//! `gametable query` prints and the explorer answers is written from it
//! by [`crate::report`], as words or JSON.

use gametable::Outcome;

use super::deep::Answer;
use super::game::Side;
use super::notation::Notation;

/// One legal move and the position it leads to, as a table answers for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveResult {
    /// The move in the game's notation.
    pub name: String,
    /// The state it leads to.
    pub index: u64,
    /// The outcome after it, for the player to move then (the opponent).
    pub outcome: Outcome,
    /// Plies from the position after it to the end (`None` for draws, or
    /// when no distances are known).
    pub distance: Option<u16>,
}

impl MoveResult {
    /// How good the move is for the player making it: smaller is better
    /// (the fastest win, then draws, then the slowest loss; unknown
    /// distances rank as 0).
    pub fn rank(&self) -> (u8, u32) {
        let d = u32::from(self.distance.unwrap_or(0));
        match self.outcome {
            Outcome::Loss => (0, d),
            Outcome::Draw => (1, 0),
            Outcome::Win => (2, u32::MAX - d),
        }
    }
}

/// A position explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The state.
    pub index: u64,
    /// Who is to move.
    pub side: Side,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// Plies to the end under perfect play (the winner ends fastest, the
    /// loser holds out longest); `None` for a draw or when unknown.
    pub distance: Option<u16>,
    /// Every legal move in the game's order (none when the game is over).
    pub moves: Vec<MoveResult>,
}

/// Explains state `index` with `side` to move, from `answer` (a table's
/// outcome and distance for any state, [`Answer`]; `distances`: whether it
/// knows distances), once the answer passes the deep verifier's check of
/// that one state.
///
/// # Errors
/// A message when the table has no answer for the state or one of its moves.
pub fn analyse<G: Notation>(
    game: &G,
    index: u64,
    side: Side,
    answer: impl Fn(u64) -> Answer,
    distances: bool,
) -> Result<Analysis, String> {
    let Some((outcome, distance)) = answer(index) else {
        return Err(format!(
            "the table has no answer for {}",
            game.write_spot(index, side)
        ));
    };
    // Every answer shown, the position's and each move's, is checked
    // against the rules one move deep before it is given (a table is
    // trusted for nothing); with `distances` (a distance table is there)
    // the distances too. `after`: the move that leads to `at`, if any.
    let check = |at: u64, to_move: Side, after: Option<&str>| {
        let after_it = |t: u64| game.write_spot(t, to_move.other());
        super::deep::check_one(game, at, &answer, after_it, distances).map_err(|why| {
            let after = after.map_or(String::new(), |m| format!(", the position after move {m}"));
            format!(
                "the table contradicts the rules at {}{after}: {why} (a damaged table, or not this game's)",
                game.write_spot(at, to_move)
            )
        })
    };
    check(index, side, None)?;
    let mut moves = Vec::new();
    for (name, next) in game.moves_spot(index, side) {
        let Some((outcome, distance)) = answer(next) else {
            return Err(format!(
                "the table has no answer for the position after move {name}"
            ));
        };
        check(next, side.other(), Some(&name))?;
        moves.push(MoveResult {
            name,
            index: next,
            outcome,
            distance,
        });
    }
    Ok(Analysis {
        index,
        side,
        outcome,
        distance,
        moves,
    })
}

impl Analysis {
    /// The best move under perfect play (the first of the best, in the
    /// game's order), if there is a move.
    pub fn best(&self) -> Option<&MoveResult> {
        self.moves.iter().min_by_key(|m| m.rank())
    }

    /// Every move as good as the best.
    pub fn best_moves(&self) -> Vec<&MoveResult> {
        let Some(best) = self.best().map(MoveResult::rank) else {
            return Vec::new();
        };
        self.moves.iter().filter(|m| m.rank() == best).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer the rules contradict is refused, with or without
    /// distances; the true answers pass.
    #[test]
    fn answers_are_checked_against_the_rules() {
        use crate::games::tictactoe::TicTacToe;
        let game = TicTacToe;
        let solved = crate::engine::solve(&game, &crate::engine::SolveOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let truth = |i: u64| Some((solved.outcome(&game, i)?, solved.distance(&game, i)));
        let Ok((index, side)) = game.parse_spot("xx.oo....") else {
            panic!("a position")
        };
        let found = analyse(&game, index, side, truth, true).map(|a| (a.outcome, a.distance));
        assert_eq!(found, Ok((Outcome::Win, Some(1))));
        let at = |lie: (Outcome, Option<u16>)| {
            move |i: u64| if i == index { Some(lie) } else { truth(i) }
        };
        for (lie, why) in [
            (
                (Outcome::Win, Some(3)),
                "the table says win in 3 but its moves make it win in 1",
            ),
            (
                (Outcome::Draw, None),
                "the table says draw but its moves make it win in 1",
            ),
            (
                (Outcome::Loss, None),
                "the table says a loss without a distance",
            ),
            (
                (Outcome::Loss, Some(2)),
                "the table says loss in 2 but its moves make it win in 1",
            ),
        ] {
            let err = analyse(&game, index, side, at(lie), true)
                .err()
                .unwrap_or_default();
            assert!(
                err.contains("the table contradicts the rules at xx.oo....: "),
                "{err}"
            );
            assert!(err.contains(why), "{err}");
        }
        // Outcomes alone (no distance table) are checked as outcomes.
        let outcomes = |i: u64| truth(i).map(|(o, _)| (o, None));
        assert!(analyse(&game, index, side, outcomes, false).is_ok());
        // A distance table that gives a win no distance is refused.
        let err = analyse(&game, index, side, outcomes, true)
            .err()
            .unwrap_or_default();
        assert!(
            err.contains("the table says a win without a distance"),
            "{err}"
        );
        // A move's answer is shown too, so it is checked too: a table
        // re-signed with a longer win after move 8 of ........x (a state
        // whose own answer the lie leaves consistent) is refused there.
        let Ok((before, o)) = game.parse_spot("........x") else {
            panic!("a position")
        };
        let Ok((after, _)) = game.parse_spot(".......ox") else {
            panic!("a position")
        };
        let Some((Outcome::Win, Some(d))) = truth(after) else {
            panic!(".......ox is a win for x")
        };
        let lie = move |i: u64| {
            if i == after {
                Some((Outcome::Win, Some(d + 2)))
            } else {
                truth(i)
            }
        };
        assert!(
            crate::engine::deep::check_one(&game, before, lie, |t| t.to_string(), true).is_ok()
        );
        let err = analyse(&game, before, o, lie, true)
            .err()
            .unwrap_or_default();
        assert!(
            err.contains(&format!(
                "at .......ox, the position after move 8: the table says win in {} but its moves make it win in {d}",
                d + 2
            )),
            "{err}"
        );
    }

    /// The position after a move is named with the side to move there:
    /// in Cards, the other player.
    #[test]
    fn a_lie_after_a_move_is_named_with_the_side_to_move_there() {
        use crate::engine::Game as _;
        use crate::games::cards::game::Cards;
        let game = Cards::new(gametable::Variant::new(2, 3).unwrap_or_else(|e| panic!("{e}")));
        let solved = crate::engine::solve(&game, &crate::engine::SolveOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let truth = |i: u64| Some((solved.outcome(&game, i)?, solved.distance(&game, i)));
        // A win for the opponent after the move, told two plies longer,
        // where the position's own answer stays consistent with the lie.
        let lying = |after: u64| {
            move |i: u64| match truth(i) {
                Some((Outcome::Win, Some(d))) if i == after => Some((Outcome::Win, Some(d + 2))),
                answer => answer,
            }
        };
        let alice = Side::First;
        let found = (0..game.states()).find_map(|before| {
            game.moves_spot(before, alice)
                .into_iter()
                .find(|&(_, after)| {
                    matches!(truth(after), Some((Outcome::Win, Some(_))))
                        && crate::engine::deep::check_one(
                            &game,
                            before,
                            lying(after),
                            |t| t.to_string(),
                            true,
                        )
                        .is_ok()
                })
                .map(|(name, after)| (before, name, after))
        });
        let Some((before, name, after)) = found else {
            panic!("no such move in Cards (2, 3)")
        };
        let err = analyse(&game, before, alice, lying(after), true)
            .err()
            .unwrap_or_default();
        let named = format!(
            "at {}, the position after move {name}: ",
            game.write_spot(after, Side::Second)
        );
        assert!(named.starts_with("at bob:"), "{named}");
        assert!(err.contains(&named), "{err}");
    }

    #[test]
    fn moves_rank_fastest_win_first_and_slowest_loss_last() {
        let m = |outcome, distance| MoveResult {
            name: String::new(),
            index: 0,
            outcome,
            distance,
        };
        let mut moves = [
            m(Outcome::Win, Some(2)),
            m(Outcome::Draw, None),
            m(Outcome::Loss, Some(3)),
            m(Outcome::Win, Some(6)),
            m(Outcome::Loss, Some(1)),
        ];
        moves.sort_by_key(MoveResult::rank);
        let order: Vec<_> = moves.iter().map(|m| (m.outcome, m.distance)).collect();
        assert_eq!(
            order,
            [
                (Outcome::Loss, Some(1)),
                (Outcome::Loss, Some(3)),
                (Outcome::Draw, None),
                (Outcome::Win, Some(6)),
                (Outcome::Win, Some(2)),
            ]
        );
    }
}
