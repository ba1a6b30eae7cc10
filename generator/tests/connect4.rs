//! Connect Four (`games::connect4`) against a solver written apart from it
//! and from the engine: its own board (a cell array), its own
//! four-in-a-row scan and a memoised negamax over the game's DAG from the
//! empty board, which gives every reachable position's outcome and
//! distance (winner fastest, loser slowest).
//!
//! Checked on 4 x 4 and 5 x 4 (and 4 x 5 in release builds):
//! - every reachable position has the same outcome and distance from
//!   `engine::solve` (symmetry on; on 4 x 4 also off, and with the reverse
//!   graph instead of un-moves);
//! - John Tromp's reachable counts, both from the negamax and from walking
//!   the engine game's `successors` from `start()`;
//! - the empty board's value;
//! - the hooks' contracts on every index of 4 x 4 (un-moves mirror moves,
//!   canonical is an idempotent mirror choice, positions round-trip);
//! - notation round trips on reachable positions and every error message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::HashMap;

use gametable::Outcome;
use gametable_gen::engine::{solve, Game, Notation, Side, SolveOptions};
use gametable_gen::games::connect4::ConnectFour;

/// True in release builds, where 4 x 5 is cheap.
fn heavy() -> bool {
    !cfg!(debug_assertions)
}

/// The independent solver's board: `cells[c * h + r]`, 0 empty, 1 the
/// first player, 2 the second; row 0 at the bottom.
struct Grid {
    w: usize,
    h: usize,
    cells: Vec<u8>,
    heights: Vec<usize>,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        Grid {
            w,
            h,
            cells: vec![0; w * h],
            heights: vec![0; w],
        }
    }

    fn at(&self, c: i64, r: i64) -> u8 {
        if c < 0 || r < 0 || c >= self.w as i64 || r >= self.h as i64 {
            0
        } else {
            self.cells[c as usize * self.h + r as usize]
        }
    }

    /// Whether `who` has four in a row anywhere.
    fn four(&self, who: u8) -> bool {
        for c in 0..self.w as i64 {
            for r in 0..self.h as i64 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|k| self.at(c + k * dc, r + k * dr) == who) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Base-3 digits of the cells.
    fn key(&self) -> u64 {
        self.cells
            .iter()
            .rev()
            .fold(0, |k, &v| k * 3 + u64::from(v))
    }
}

/// What the negamax found per reachable position (keyed by `Grid::key`).
type Memo = HashMap<u64, (Outcome, Option<u16>)>;

fn negamax(grid: &mut Grid, ply: usize, memo: &mut Memo) -> (Outcome, Option<u16>) {
    let key = grid.key();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mover = if ply.is_multiple_of(2) { 1 } else { 2 };
    let last = 3 - mover;
    let value = if grid.four(last) {
        (Outcome::Loss, Some(0))
    } else if ply == grid.w * grid.h {
        (Outcome::Draw, None)
    } else {
        let mut fastest_win: Option<u16> = None;
        let mut slowest_loss: u16 = 0;
        let mut draw = false;
        for c in 0..grid.w {
            let r = grid.heights[c];
            if r == grid.h {
                continue;
            }
            grid.cells[c * grid.h + r] = mover;
            grid.heights[c] += 1;
            let (o, d) = negamax(grid, ply + 1, memo);
            grid.heights[c] -= 1;
            grid.cells[c * grid.h + r] = 0;
            match o {
                Outcome::Loss => {
                    let d = d.unwrap() + 1;
                    fastest_win = Some(fastest_win.map_or(d, |f| f.min(d)));
                }
                Outcome::Draw => draw = true,
                Outcome::Win => slowest_loss = slowest_loss.max(d.unwrap() + 1),
            }
        }
        if let Some(d) = fastest_win {
            (Outcome::Win, Some(d))
        } else if draw {
            (Outcome::Draw, None)
        } else {
            (Outcome::Loss, Some(slowest_loss))
        }
    };
    memo.insert(key, value);
    value
}

/// Every reachable position of a `w` x `h` board with its value.
fn independent(w: usize, h: usize) -> Memo {
    let mut memo = Memo::new();
    negamax(&mut Grid::new(w, h), 0, &mut memo);
    memo
}

/// The engine index of the independent board with key `key`.
fn engine_index(game: &ConnectFour, key: u64) -> u64 {
    let (w, h) = (game.width(), game.height());
    let mut k = key;
    let mut columns = vec![Vec::new(); w];
    for column in columns.iter_mut() {
        for _ in 0..h {
            match k % 3 {
                1 => column.push(Side::First),
                2 => column.push(Side::Second),
                _ => {}
            }
            k /= 3;
        }
    }
    game.index(&game.from_columns(&columns).unwrap())
}

/// The states reachable from `start()` through `successors`, as a bitmap,
/// and how many.
fn walk(game: &ConnectFour) -> (Vec<u64>, u64) {
    let mut seen = vec![0u64; game.states().div_ceil(64) as usize];
    let start = game.start().unwrap();
    seen[(start / 64) as usize] |= 1 << (start % 64);
    let mut frontier = vec![start];
    let mut count = 1u64;
    let mut out = Vec::new();
    while let Some(s) = frontier.pop() {
        assert!(game.is_position(s), "reached non-position {s}");
        if game.ending(s).is_some() {
            continue;
        }
        out.clear();
        game.successors(s, &mut out);
        for &t in &out {
            let (w, b) = ((t / 64) as usize, t % 64);
            if seen[w] >> b & 1 == 0 {
                seen[w] |= 1 << b;
                count += 1;
                frontier.push(t);
            }
        }
    }
    (seen, count)
}

fn reachable(seen: &[u64]) -> impl Iterator<Item = u64> + '_ {
    seen.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |b| word >> b & 1 == 1)
            .map(move |b| w as u64 * 64 + b)
    })
}

/// Solves `w` x `h` both ways and compares every reachable position.
fn agree(w: usize, h: usize, reachable_count: usize, options: &[SolveOptions]) {
    let game = ConnectFour::new(w, h).unwrap();
    let memo = independent(w, h);
    assert_eq!(memo.len(), reachable_count, "{w} x {h}: negamax count");
    let (seen, count) = walk(&game);
    assert_eq!(count as usize, reachable_count, "{w} x {h}: engine walk");
    let indices: Vec<(u64, (Outcome, Option<u16>))> = memo
        .iter()
        .map(|(&key, &v)| (engine_index(&game, key), v))
        .collect();
    for &(i, _) in &indices {
        assert!(
            seen[(i / 64) as usize] >> (i % 64) & 1 == 1,
            "index {i} not walked"
        );
    }
    for opts in options {
        let solved = solve(&game, opts).unwrap();
        for &(i, (outcome, distance)) in &indices {
            assert_eq!(
                (solved.outcome(&game, i), solved.distance(&game, i)),
                (Some(outcome), distance),
                "{w} x {h} {opts:?}: {}",
                game.write_position(i)
            );
        }
        assert_eq!(
            solved.outcome(&game, game.start().unwrap()),
            Some(Outcome::Draw)
        );
    }
    let empty = memo[&0];
    assert_eq!(empty, (Outcome::Draw, None), "{w} x {h}: empty board");
}

const SYMMETRY: SolveOptions = SolveOptions {
    symmetry: true,
    reverse_graph: false,
};

#[test]
fn four_by_four_agrees() {
    agree(
        4,
        4,
        161_029,
        &[
            SYMMETRY,
            SolveOptions {
                symmetry: false,
                reverse_graph: false,
            },
            SolveOptions {
                symmetry: true,
                reverse_graph: true,
            },
        ],
    );
}

#[test]
fn five_by_four_agrees() {
    agree(5, 4, 3_945_711, &[SYMMETRY]);
}

#[test]
fn four_by_five_agrees() {
    if heavy() {
        agree(4, 5, 1_706_255, &[SYMMETRY]);
    }
}

/// The hooks' contracts on every index of 4 x 4.
#[test]
fn hooks_hold() {
    let game = ConnectFour::new(4, 4).unwrap();
    let mut succ = Vec::new();
    let mut pred = Vec::new();
    let mut back = Vec::new();
    for i in 0..game.states() {
        let Some(board) = game.position(i) else {
            assert!(!game.is_position(i));
            continue;
        };
        assert!(game.is_position(i));
        assert_eq!(game.index(&board), i);
        let c = game.canonical(i);
        assert_eq!(game.canonical(c), c);
        assert!(c <= i && game.is_position(c));
        assert_eq!(game.ending(c), game.ending(i));
        succ.clear();
        if game.ending(i).is_none() {
            game.successors(i, &mut succ);
            assert!(!succ.is_empty());
        }
        for &s in &succ {
            assert!(game.is_position(s));
            assert_ne!(game.to_move(s), game.to_move(i));
            back.clear();
            game.predecessors(s, &mut back);
            assert!(back.contains(&i), "{i} -> {s} has no un-move");
        }
        pred.clear();
        game.predecessors(i, &mut pred);
        for &p in &pred {
            assert!(game.is_position(p) && game.ending(p).is_none());
            back.clear();
            game.successors(p, &mut back);
            assert!(back.contains(&i), "un-move {i} -> {p} is no move");
        }
        // The canonical successors of a state and of its mirror agree.
        let mut a: Vec<u64> = succ.iter().map(|&s| game.canonical(s)).collect();
        let mut b = Vec::new();
        if game.ending(c).is_none() {
            game.successors(c, &mut b);
        }
        let mut b: Vec<u64> = b.iter().map(|&s| game.canonical(s)).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
    }
    assert_eq!(game.position(game.states()), None);
    assert_eq!(game.max_moves(), 4);
    assert_eq!(game.parameters(), vec![("width", 4), ("height", 4)]);
    assert_eq!(game.name(), "connect4");
}

#[test]
fn notation_round_trips() {
    for (w, h, step) in [(4, 4, 1), (5, 4, 17), (3, 3, 1)] {
        let game = ConnectFour::new(w, h).unwrap();
        let (seen, _) = walk(&game);
        for i in reachable(&seen).step_by(step) {
            let text = game.write_position(i);
            assert_eq!(game.parse_position(&text), Ok(i), "{w} x {h}: {text}");
            // The moves' successors are the state's.
            let moves = game.moves(i);
            let mut out = Vec::new();
            game.successors(i, &mut out);
            assert_eq!(moves.iter().map(|m| m.1).collect::<Vec<_>>(), out);
            for (name, next) in moves {
                let longer = if text == "-" {
                    name
                } else {
                    text.clone() + &name
                };
                assert_eq!(game.parse_position(&longer), Ok(next));
            }
        }
    }
}

#[test]
fn notation_reads_and_writes() {
    let game = ConnectFour::new(5, 4).unwrap();
    let start = game.start().unwrap();
    assert_eq!(game.parse_position("-"), Ok(start));
    assert_eq!(game.parse_position(""), Ok(start));
    assert_eq!(game.write_position(start), "-");
    // One disc: the fewer in column 1, the smaller the index
    // (docs/games/connect4.md).
    let one: Vec<u64> = ["1", "2", "3", "4", "5"]
        .iter()
        .map(|m| game.parse_position(m).unwrap())
        .collect();
    assert_eq!(one, [5, 4, 3, 2, 1]);
    let i = game.parse_position("4453").unwrap();
    assert_eq!(game.picture(i), ".....\n.....\n...o.\n..oxx\n");
    assert_eq!(game.write_position(i).len(), 4);
    assert_eq!(game.side_name(Side::First), "x");
    assert_eq!(game.side_name(Side::Second), "o");
    assert_eq!(game.to_move(i), Side::First);
    let moves = game.moves(i);
    let names: Vec<&str> = moves.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5"]);
    // A vertical four: over, a loss for the player to move, no moves.
    let won = game.parse_position("1212121").unwrap();
    assert_eq!(game.ending(won), Some(Outcome::Loss));
    assert!(game.moves(won).is_empty());
    // A board no game reaches is written as its rows.
    let columns = vec![vec![Side::Second, Side::First]];
    let odd = game.index(&game.from_columns(&columns).unwrap());
    assert_eq!(game.write_position(odd), "...../...../x..../o....");
    assert!(game.parse_position(&game.write_position(odd)).is_err());
}

#[test]
fn notation_errors() {
    let game = ConnectFour::new(5, 4).unwrap();
    let err = |text: &str| game.parse_position(text).unwrap_err().message;
    assert_eq!(err("447"), "move 3 '7': column 7 is not on a 5-wide board");
    assert_eq!(err("440"), "move 3 '0': column 0 is not on a 5-wide board");
    assert_eq!(err("44444"), "move 5 '4': column 4 is full");
    assert_eq!(err("12121212"), "move 8 '2': the game is already over");
    assert_eq!(err("4x"), "character 2 'x': expected a column digit");
    assert_eq!(err("-4"), "character 1 '-': expected a column digit");
    // A full board without a line is over too.
    let tiny = ConnectFour::new(2, 1).unwrap();
    assert_eq!(
        tiny.parse_position("121").unwrap_err().message,
        "move 3 '1': the game is already over"
    );
    assert_eq!(
        tiny.parse_position("11").unwrap_err().message,
        "move 2 '1': column 1 is full"
    );
    let full = tiny.parse_position("12").unwrap();
    assert_eq!(tiny.ending(full), Some(Outcome::Draw));
}

#[test]
fn sizes() {
    for (w, h, size) in [
        (4, 4, 201_755u64),
        (5, 4, 5_621_939),
        (4, 5, 3_039_959),
        (6, 4, 159_643_961),
        (4, 6, 45_340_631),
        (5, 5, 171_976_899),
        (5, 6, 5_167_808_119),
        (6, 5, 9_918_556_649),
        (7, 6, 70_728_639_995_483),
    ] {
        assert_eq!(ConnectFour::new(w, h).unwrap().states(), size, "{w} x {h}");
    }
    for (w, h) in [(9, 6), (8, 7), (7, 8), (1, 1), (9, 1), (1, 8)] {
        assert!(ConnectFour::new(w, h).is_ok(), "{w} x {h}");
    }
    let err = |w, h| ConnectFour::new(w, h).unwrap_err().message;
    assert_eq!(err(0, 4), "width 0 is not in 1..=9");
    assert_eq!(err(10, 4), "width 10 is not in 1..=9");
    assert_eq!(err(5, 0), "height 0 is not in 1..=8");
    assert_eq!(err(5, 9), "height 9 is not in 1..=8");
    assert_eq!(
        err(9, 7),
        "the board of 9 x 7 needs 72 bits with its sentinel row; at most 64 fit"
    );
}

/// The published values and counts of the larger boards (a few minutes on
/// two cores; run with `--ignored --nocapture`): John Tromp's counts of
/// positions reachable from the empty board, counted by walking the game's
/// moves; 6 x 4 is a second-player win in 24 plies, 4 x 6 and 5 x 5 draws.
#[test]
#[ignore]
fn larger_boards() {
    use gametable_gen::engine::reach::reachable;
    for (w, h, reachable_count, value) in [
        (6, 4, 94_910_577, (Outcome::Loss, Some(24))),
        (4, 6, 15_835_683, (Outcome::Draw, None)),
        (5, 5, 69_763_700, (Outcome::Draw, None)),
    ] {
        let game = ConnectFour::new(w, h).unwrap();
        let start = game.start().unwrap();
        assert_eq!(
            reachable(&game, start).positions,
            reachable_count,
            "{w}x{h}"
        );
        let started = std::time::Instant::now();
        let solved = solve(&game, &SYMMETRY).unwrap();
        println!(
            "{w}x{h}: {} indices, {} stored, solved in {:.1} s",
            game.states(),
            solved.stored(),
            started.elapsed().as_secs_f64()
        );
        assert_eq!(
            (
                solved.outcome(&game, start).unwrap(),
                solved.distance(&game, start)
            ),
            value,
            "{w}x{h}"
        );
    }
}

/// Rough speeds of the hooks on 5 x 5 (run with `--ignored --nocapture`):
/// states per second through `successors`, `predecessors`, `canonical`
/// and `is_position`, over an even spread of indices.
#[test]
#[ignore]
fn speed() {
    use std::time::Instant;
    let game = ConnectFour::new(5, 5).unwrap();
    let n = 2_000_000u64;
    let step = game.states() / n;
    let indices: Vec<u64> = (0..n).map(|k| k * step).collect();
    let positions: Vec<u64> = indices
        .iter()
        .copied()
        .filter(|&i| game.is_position(i))
        .collect();
    let mut out = Vec::new();
    let mut sink = 0u64;
    let rate = |name: &str, count: usize, started: Instant| {
        let secs = started.elapsed().as_secs_f64();
        println!("{name}: {:.1} M states/s", count as f64 / secs / 1e6);
    };
    let started = Instant::now();
    for &i in &indices {
        sink += u64::from(game.is_position(i));
    }
    rate("is_position", indices.len(), started);
    let started = Instant::now();
    for &i in &positions {
        out.clear();
        game.successors(i, &mut out);
        sink += out.len() as u64;
    }
    rate("successors", positions.len(), started);
    let started = Instant::now();
    for &i in &positions {
        out.clear();
        game.predecessors(i, &mut out);
        sink += out.len() as u64;
    }
    rate("predecessors", positions.len(), started);
    let started = Instant::now();
    for &i in &positions {
        sink += game.canonical(i);
    }
    rate("canonical", positions.len(), started);
    let started = Instant::now();
    for &i in &positions {
        sink += u64::from(game.ending(i).is_some());
    }
    rate("ending", positions.len(), started);
    println!("({sink})");
}
