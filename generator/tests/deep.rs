//! The deep verifier rejects corrupted tables, each time naming the first
//! bad state by its hands. Corruptions: every outcome turned into every
//! other one (with distances to match, so the pair stays self-consistent),
//! distances off by one either way, and a draw cycle relabelled as wins and
//! losses. Run with `--release`: each check walks every state's moves.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

use gametable::{code, CardsTable, DistanceTable, Position, Variant};
use gametable_gen::games::cards::deep::{self, DeepError};
use gametable_gen::games::cards::files as table_file;

/// Mutable copies of a solved variant's tables.
#[derive(Clone)]
struct Tables {
    variant: Variant,
    outcomes: Vec<u8>,
    distances: Vec<u8>,
}

impl Tables {
    fn solve(variant: Variant) -> Tables {
        let (solution, distances) = table_file::solve_with_distances(variant);
        let (bits, distances) = table_file::distance_payload(distances);
        assert_eq!(bits, 8);
        Tables {
            variant,
            outcomes: solution.outcomes,
            distances,
        }
    }

    fn code(&self, index: u64) -> u8 {
        (self.outcomes[(index / 4) as usize] >> ((index % 4) * 2)) & 3
    }

    fn distance(&self, index: u64) -> Option<u8> {
        Some(self.distances[index as usize]).filter(|&d| d != 255)
    }

    /// Sets state `index` to `code` at `distance` (255: none).
    fn set(&mut self, index: u64, code: u8, distance: u8) {
        let byte = &mut self.outcomes[(index / 4) as usize];
        let shift = (index % 4) * 2;
        *byte = (*byte & !(3 << shift)) | (code << shift);
        self.distances[index as usize] = distance;
    }

    fn check(&self) -> Result<deep::DeepReport, DeepError> {
        let outcomes = CardsTable::check_length(self.variant, &self.outcomes).unwrap();
        let distances = DistanceTable::check_length(self.variant, 8, &self.distances).unwrap();
        deep::check(&outcomes, &distances)
    }

    /// The first non-terminal state (from `from`) holding `code`.
    fn find(&self, code: u8, from: u64) -> u64 {
        (from..self.variant.states())
            .find(|&i| {
                self.code(i) == code
                    && !Position::from_index(self.variant, i).unwrap().is_terminal()
            })
            .unwrap()
    }
}

/// Asserts that the deep check fails, at or before `corrupted` (a corruption
/// may first show at a neighbour with a smaller index), naming the hands.
fn assert_rejected(tables: &Tables, corrupted: &[u64], what: &str) {
    let error = match tables.check() {
        Ok(report) => panic!("{what}: accepted ({report:?})"),
        Err(e) => e,
    };
    let message = error.to_string();
    let index = error.index.expect("a state is named");
    assert!(
        message.contains("to move holds [") && message.contains("waiting holds ["),
        "{what}: the message names no hands: {message}"
    );
    assert!(
        message.contains(&gametable_gen::games::cards::notation::name_state(
            tables.variant,
            index
        )),
        "{what}: {message}"
    );
    // ... and, unless both hands are all zeros (no position), in the
    // notation `query` takes, naming that very state.
    if Position::from_index(tables.variant, index).is_err() {
        assert!(!message.contains("the position "), "{what}: {message}");
        assert!(corrupted.contains(&index), "{what}: {message}");
        return;
    }
    let named = message
        .split("the position ")
        .nth(1)
        .and_then(|rest| rest.split([')', ' ']).next())
        .unwrap_or_else(|| panic!("{what}: no position in the notation: {message}"));
    let cards = gametable_gen::games::cards::game::Cards::new(tables.variant);
    assert_eq!(
        gametable_gen::engine::Notation::parse_position(&cards, named),
        Ok(index),
        "{what}: {named} in {message}"
    );
    let position = Position::from_index(tables.variant, index).unwrap();
    // The named state is either corrupted or has a corrupted successor.
    let successors: Vec<u64> = position
        .legal_moves()
        .map(|(a, b)| position.play(a, b).unwrap().index())
        .collect();
    assert!(
        corrupted.contains(&index) || successors.iter().any(|s| corrupted.contains(s)),
        "{what}: state {index} named, but corrupted were {corrupted:?}: {message}"
    );
}

fn classic() -> Tables {
    Tables::solve(Variant::CLASSIC)
}

#[test]
fn committed_pair_and_fresh_solutions_pass() {
    for (n, m) in [(8, 5), (4, 5), (3, 7), (5, 3), (2, 4)] {
        let tables = Tables::solve(Variant::new(n, m).unwrap());
        let report = tables.check().unwrap();
        assert_eq!(report.states, tables.variant.states());
    }
}

#[test]
fn every_outcome_turned_into_every_other_is_rejected() {
    let base = classic();
    // A few states of each outcome, spread over the table.
    for (from, to) in [
        (code::WIN, code::LOSS),
        (code::WIN, code::DRAW),
        (code::LOSS, code::WIN),
        (code::LOSS, code::DRAW),
        (code::DRAW, code::WIN),
        (code::DRAW, code::LOSS),
    ] {
        for start in [0, 60_000, 150_000, 240_000] {
            let mut tables = base.clone();
            let index = tables.find(from, start);
            let d = tables.distance(index).unwrap_or(10);
            // Keep the pair self-consistent: a win at an odd distance, a loss at an even one.
            let distance = match to {
                code::WIN => d | 1,
                code::LOSS => d & !1,
                _ => 255,
            };
            tables.set(index, to, distance);
            assert_rejected(&tables, &[index], &format!("state {index}: {from} -> {to}"));
        }
    }
}

#[test]
fn terminal_states_relabelled_are_rejected() {
    let base = classic();
    let hands = u64::from(base.variant.hands());
    for (index, code, distance) in [
        (1, code::LOSS, 0),    // to move holds only zeros: a win, not a loss
        (7, code::WIN, 2),     // a terminal win at 2
        (hands, code::WIN, 1), // waiting holds only zeros: a loss, not a win
        (3 * hands, code::DRAW, 255),
        (0, code::WIN, 1), // not a position
    ] {
        let mut tables = base.clone();
        tables.set(index, code, distance);
        assert_rejected(&tables, &[index], &format!("terminal state {index}"));
    }
}

#[test]
fn distances_off_by_one_either_way_are_rejected() {
    let base = classic();
    for code in [code::WIN, code::LOSS] {
        for start in [1_000, 100_000, 200_000] {
            let index = base.find(code, start);
            let d = base.distance(index).unwrap();
            for wrong in [d - 1, d + 1] {
                let mut tables = base.clone();
                tables.set(index, code, wrong);
                assert_rejected(&tables, &[index], &format!("state {index}: {d} -> {wrong}"));
            }
            // Off by one with the outcome flipped to match the new parity.
            let mut tables = base.clone();
            let flipped = if code == code::WIN {
                code::LOSS
            } else {
                code::WIN
            };
            tables.set(index, flipped, d + 1);
            assert_rejected(
                &tables,
                &[index],
                &format!("state {index}: flipped at {}", d + 1),
            );
        }
    }
}

#[test]
fn every_state_off_by_two_is_rejected_somewhere() {
    // Parity-preserving shifts of a whole band of distances.
    let base = classic();
    for (shift_from, delta) in [(20u8, 2u8), (30, 2)] {
        let mut tables = base.clone();
        let mut corrupted = Vec::new();
        for index in 0..tables.variant.states() {
            if let Some(d) = tables.distance(index) {
                if d >= shift_from {
                    tables.distances[index as usize] = d + delta;
                    corrupted.push(index);
                }
            }
        }
        assert_rejected(
            &tables,
            &corrupted,
            &format!("distances >= {shift_from} + {delta}"),
        );
    }
}

/// A cycle of draws: from `start`, follow the first move to a draw until a
/// state repeats.
fn draw_cycle(tables: &Tables, start: u64) -> Vec<u64> {
    let mut path = vec![start];
    loop {
        let here = *path.last().unwrap();
        let position = Position::from_index(tables.variant, here).unwrap();
        let next = position
            .legal_moves()
            .map(|(a, b)| position.play(a, b).unwrap().index())
            .find(|&i| tables.code(i) == code::DRAW)
            .expect("a draw has a move to a draw");
        if let Some(at) = path.iter().position(|&i| i == next) {
            return path.split_off(at);
        }
        path.push(next);
    }
}

#[test]
fn a_draw_cycle_relabelled_is_rejected() {
    let base = classic();
    for start in [0, 80_000, 160_000] {
        let cycle = draw_cycle(&base, base.find(code::DRAW, start));
        assert!(cycle.len() >= 2, "cycle {cycle:?}");
        // Alternate wins and losses along the cycle with consistent parity,
        // as an outcome-only check might accept: each "win" moves to a "loss".
        let mut tables = base.clone();
        for (k, &index) in cycle.iter().enumerate() {
            if k % 2 == 0 {
                tables.set(index, code::WIN, 7);
            } else {
                tables.set(index, code::LOSS, 6);
            }
        }
        assert_rejected(
            &tables,
            &cycle,
            &format!("cycle of {} as win/loss", cycle.len()),
        );
        // The whole cycle called wins, or losses.
        for (code, distance) in [(code::WIN, 5), (code::LOSS, 4)] {
            let mut tables = base.clone();
            for &index in &cycle {
                tables.set(index, code, distance);
            }
            assert_rejected(
                &tables,
                &cycle,
                &format!("cycle of {} as {code}", cycle.len()),
            );
        }
    }
}

#[test]
fn every_draw_of_a_small_variant_relabelled_is_rejected() {
    // Exhaustive on a small variant: each draw made a win and a loss in turn.
    let base = Tables::solve(Variant::new(4, 5).unwrap());
    let draws: Vec<u64> = (0..base.variant.states())
        .filter(|&i| base.code(i) == code::DRAW)
        .collect();
    assert!(!draws.is_empty());
    for &index in &draws {
        for (code, distance) in [(code::WIN, 3), (code::LOSS, 4)] {
            let mut tables = base.clone();
            tables.set(index, code, distance);
            assert_rejected(&tables, &[index], &format!("(4, 5) draw {index} as {code}"));
        }
    }
}

#[test]
fn every_state_of_a_small_variant_off_by_one_is_rejected() {
    let base = Tables::solve(Variant::new(4, 5).unwrap());
    for index in 1..base.variant.states() {
        let Some(d) = base.distance(index) else {
            continue;
        };
        for wrong in [d.wrapping_sub(1), d + 1] {
            if wrong == 255 {
                continue;
            }
            let mut tables = base.clone();
            tables.distances[index as usize] = wrong;
            assert_rejected(
                &tables,
                &[index],
                &format!("(4, 5) state {index}: {d} -> {wrong}"),
            );
        }
    }
}

#[test]
fn tables_of_different_variants_are_refused() {
    let a = Tables::solve(Variant::new(4, 5).unwrap());
    let b = Tables::solve(Variant::new(4, 5).unwrap());
    let outcomes = CardsTable::check_length(a.variant, &a.outcomes).unwrap();
    let other = Variant::new(2, 3).unwrap();
    let short = vec![255u8; other.states() as usize];
    let distances = DistanceTable::check_length(other, 8, &short).unwrap();
    assert!(deep::check(&outcomes, &distances).is_err());
    assert!(b.check().is_ok());
}
