//! The cop-and-robber example (`examples/cop_and_robber.rs`), a game written
//! outside the crate on the engine's public API alone: its output carries
//! the solved values below, its implementation passes the conformance
//! check, and the one-move-deep check it runs catches a corrupted solution.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

#[path = "../../examples/cop_and_robber.rs"]
#[allow(dead_code)] // its `main` is the example's, not the test's
mod example;

use example::{check_one_move_deep, CopAndRobber};
use gametable::{code, Outcome};
use gametable_gen::engine::conformance::{self, Sample};
use gametable_gen::engine::{self, reach, Game, Notation, Side, SolveOptions};

#[test]
fn the_report_carries_the_solved_values() {
    let text = example::report().unwrap();
    for line in [
        "conformance: 200 indices (190 positions, 10 over), 374 successors (at most 3 listed per state), 374 predecessors, 0 canonical forms",
        "un-moves and reverse graph: the same solution",
        "one move deep: every position consistent",
        "tables: written and read back, 200 stored states, every answer the solve's",
        "positions: 190 (50 wins, 40 losses, 100 draws)",
        "longest win: 11 moves, first from 9 6 cop",
        "reachable from the start 0 8 cop: 187 positions",
        "0 8 cop: the cop wins in 7 moves",
        "  1 -> 1 8 robber: the robber loses in 10 moves",
        "  4 -> 4 8 robber: the robber loses in 6 moves",
        "3 9 cop: the cop wins in 1 move",
        "  2 -> 2 9 robber: the robber has lost",
        "  4 -> 4 9 robber: draw",
        "1 3 robber: draw",
        "  2 -> 1 2 cop: the cop wins in 1 move",
        "  4 -> 1 4 cop: draw",
    ] {
        assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
    }
    // Deterministic: the same text twice.
    assert_eq!(example::report().unwrap(), text);
}

#[test]
fn the_game_keeps_the_engine_contracts() {
    let game = CopAndRobber::new();
    let report = conformance::check(&game, Sample::All).unwrap();
    assert_eq!(
        (report.indices, report.positions, report.over),
        (200, 190, 10)
    );
    let sampled = conformance::check(&game, Sample::Random { count: 50, seed: 1 }).unwrap();
    assert_eq!(sampled.indices, 50);
}

#[test]
fn notation_reads_back_what_it_writes() {
    let game = CopAndRobber::new();
    for i in (0..game.states()).filter(|&i| game.is_position(i)) {
        assert_eq!(game.parse_position(&game.write_position(i)), Ok(i));
    }
    for bad in ["", "0 8", "0 8 thief", "0 10 cop", "x 8 cop", "3 3 cop"] {
        assert!(game.parse_position(bad).is_err(), "{bad:?} read");
    }
    assert_eq!(game.to_move(game.at(0, 8, Side::First)), Side::First);
}

#[test]
fn the_rules_play_out_as_described() {
    let game = CopAndRobber::new();
    let solved = engine::solve(&game, &SolveOptions::default()).unwrap();
    // The cop landing on the robber ends the game.
    let caught = game.at(5, 5, Side::Second);
    assert_eq!(game.ending(caught), Some(Outcome::Loss));
    // A robber on the leaf with the cop on its one neighbour cannot move.
    let stuck = game.at(2, 9, Side::Second);
    assert!(game.moves(stuck).is_empty());
    assert_eq!(solved.outcome(&game, stuck), Some(Outcome::Loss));
    assert_eq!(solved.distance(&game, stuck), Some(0));
    // A robber on the five-cycle, away from the cop, runs forever.
    let running = game.at(0, 2, Side::Second);
    assert_eq!(solved.outcome(&game, running), Some(Outcome::Draw));
    assert_eq!(solved.distance(&game, running), None);
    // Trapped in the triangle, the robber is caught.
    let trapped = game.at(5, 7, Side::First);
    assert_eq!(solved.outcome(&game, trapped), Some(Outcome::Win));
    // 187 of the 190 positions can arise from the start.
    let reached = reach::reachable(&game, game.start().unwrap());
    assert_eq!(reached.positions, 187);
    assert!(reached.contains(running));
}

#[test]
fn the_one_move_deep_check_catches_a_wrong_outcome() {
    let game = CopAndRobber::new();
    let mut solved = engine::solve(&game, &SolveOptions::default()).unwrap();
    assert!(check_one_move_deep(&game, &solved).is_ok());
    // A drawn position relabelled as a loss: the first position at fault
    // (in index order) is the cop's move into it, now a win.
    let mut wrong = engine::solve(&game, &SolveOptions::default()).unwrap();
    let running = game.at(0, 2, Side::Second);
    wrong.codes.set(running as usize, code::LOSS);
    wrong.distances.set(running as usize, 3);
    let error = check_one_move_deep(&game, &wrong).unwrap_err();
    assert_eq!(
        error,
        "4 2 cop: the table says draw but its moves make it win in 4"
    );
    // A win one move too long.
    let start = game.start().unwrap();
    let longer = solved.distances.get(start as usize).unwrap() + 1;
    solved.distances.set(start as usize, u32::from(longer));
    let error = check_one_move_deep(&game, &solved).unwrap_err();
    assert!(
        error.starts_with("0 8 cop: the table says win in 8"),
        "{error}"
    );
}
