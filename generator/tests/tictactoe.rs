//! Tic-tac-toe (`games::tictactoe`) against a solver written apart from
//! the engine and from the game module: its own board (two bitmasks), its
//! own line check and symmetries, and a plain memoised negamax over the game
//! tree (winner fastest, loser slowest).
//!
//! Checks:
//! - 5,478 positions are reachable from the empty board (765 up to
//!   symmetry; 958 of them are over: 626 won by x, 316 by o, 16 drawn),
//!   counted by the independent code, and they are exactly the game's
//!   positions;
//! - the game's positions are exactly the boards the independent validity
//!   check accepts, and every one has the same outcome and distance in
//!   `engine::solve` with symmetry on and off, with and without the reverse
//!   graph; 2,836 of them are wins for the player to move, 1,574 losses and
//!   1,068 draws, the longest win or loss lasts 5 plies; the empty board
//!   and every first move are draws;
//! - the game's own contracts: `position`/`index` round trip, un-moves
//!   mirror moves, `canonical` is the least index of the orbit;
//! - notation: every position writes and reads back, moves are named by
//!   cell number 1..9 row by row from the top left, each malformed position
//!   gives an error naming its fault, the picture and side names.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{HashMap, HashSet};

use gametable::Outcome;
use gametable_gen::engine::{solve, Game, Notation, Side, SolveOptions, Solved};
use gametable_gen::games::tictactoe::TicTacToe;

// ---------------------------------------------------------------------------
// The independent solver.

/// A board as two bitmasks: bit `3 * row + column` is set where that player
/// has a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Grid {
    x: u16,
    o: u16,
}

const FULL: u16 = 0x1ff;

/// Whether the marks in `mask` hold a whole row, column or diagonal.
fn three_in_a_row(mask: u16) -> bool {
    let has = |r: u16, c: u16| mask >> (3 * r + c) & 1 == 1;
    (0..3).any(|r| (0..3).all(|c| has(r, c)))
        || (0..3).any(|c| (0..3).all(|r| has(r, c)))
        || (0..3).all(|k| has(k, k))
        || (0..3).all(|k| has(k, 2 - k))
}

impl Grid {
    const EMPTY: Grid = Grid { x: 0, o: 0 };

    fn x_to_move(self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The marks of the player to move and of the one who just moved.
    fn mover_and_last(self) -> (u16, u16) {
        if self.x_to_move() {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// Counts possible, and the player to move has no line.
    fn valid(self) -> bool {
        let (x, o) = (self.x.count_ones(), self.o.count_ones());
        (x == o || x == o + 1) && self.x & self.o == 0 && !three_in_a_row(self.mover_and_last().0)
    }

    fn over(self) -> bool {
        three_in_a_row(self.mover_and_last().1) || self.x | self.o == FULL
    }

    fn children(self) -> Vec<Grid> {
        (0..9)
            .filter(|&cell| (self.x | self.o) >> cell & 1 == 0)
            .map(|cell| {
                if self.x_to_move() {
                    Grid {
                        x: self.x | 1 << cell,
                        o: self.o,
                    }
                } else {
                    Grid {
                        x: self.x,
                        o: self.o | 1 << cell,
                    }
                }
            })
            .collect()
    }

    /// The documented index: cell `i` is the base-3 digit of weight `3^i`,
    /// 1 for x and 2 for o.
    fn index(self) -> u64 {
        let mut index = 0;
        for cell in (0..9).rev() {
            let digit = if self.x >> cell & 1 == 1 {
                1
            } else if self.o >> cell & 1 == 1 {
                2
            } else {
                0
            };
            index = index * 3 + digit;
        }
        index
    }

    /// The documented notation: x, o or . row by row from the top left.
    fn text(self) -> String {
        (0..9)
            .map(|cell| {
                if self.x >> cell & 1 == 1 {
                    'x'
                } else if self.o >> cell & 1 == 1 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect()
    }

    fn from_text(text: &str) -> Grid {
        let mut grid = Grid::EMPTY;
        for (cell, ch) in text.chars().enumerate() {
            match ch {
                'x' => grid.x |= 1 << cell,
                'o' => grid.o |= 1 << cell,
                _ => {}
            }
        }
        grid
    }

    /// The eight images under the symmetries of the square, built as
    /// rotations by a quarter turn and a mirror.
    fn images(self) -> Vec<Grid> {
        let map = |mask: u16, f: &dyn Fn(u16, u16) -> (u16, u16)| {
            let mut out = 0u16;
            for r in 0..3 {
                for c in 0..3 {
                    if mask >> (3 * r + c) & 1 == 1 {
                        let (r2, c2) = f(r, c);
                        out |= 1 << (3 * r2 + c2);
                    }
                }
            }
            out
        };
        let quarter = |g: Grid| {
            let f = |r: u16, c: u16| (c, 2 - r);
            Grid {
                x: map(g.x, &f),
                o: map(g.o, &f),
            }
        };
        let mirror = |g: Grid| {
            let f = |r: u16, c: u16| (r, 2 - c);
            Grid {
                x: map(g.x, &f),
                o: map(g.o, &f),
            }
        };
        let mut out = Vec::new();
        let mut g = self;
        for _ in 0..4 {
            out.push(g);
            out.push(mirror(g));
            g = quarter(g);
        }
        out
    }

    /// Every board of the 3^9, valid or not.
    fn all() -> Vec<Grid> {
        let mut out = Vec::new();
        for n in 0..19_683u32 {
            let mut grid = Grid::EMPTY;
            let mut rest = n;
            for cell in 0..9 {
                match rest % 3 {
                    1 => grid.x |= 1 << cell,
                    2 => grid.o |= 1 << cell,
                    _ => {}
                }
                rest /= 3;
            }
            out.push(grid);
        }
        out
    }
}

/// Outcome for the player to move and plies to the end (None for a draw).
type Value = (Outcome, Option<u16>);

/// Plain memoised negamax: the winner takes the fastest win, the loser the
/// slowest loss.
fn negamax(grid: Grid, memo: &mut HashMap<Grid, Value>) -> Value {
    if let Some(&v) = memo.get(&grid) {
        return v;
    }
    let value = if three_in_a_row(grid.mover_and_last().1) {
        (Outcome::Loss, Some(0))
    } else if grid.x | grid.o == FULL {
        (Outcome::Draw, None)
    } else {
        let mut fastest_win: Option<u16> = None;
        let mut draw = false;
        let mut slowest_loss = 0u16;
        for child in grid.children() {
            match negamax(child, memo) {
                (Outcome::Loss, Some(d)) => {
                    fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
                (Outcome::Draw, _) => draw = true,
                (Outcome::Win, Some(d)) => slowest_loss = slowest_loss.max(d + 1),
                other => panic!("bad value {other:?}"),
            }
        }
        match fastest_win {
            Some(d) => (Outcome::Win, Some(d)),
            None if draw => (Outcome::Draw, None),
            None => (Outcome::Loss, Some(slowest_loss)),
        }
    };
    memo.insert(grid, value);
    value
}

/// Every board reachable from the empty one (the over ones included).
fn reachable() -> HashSet<Grid> {
    let mut seen = HashSet::new();
    let mut stack = vec![Grid::EMPTY];
    while let Some(grid) = stack.pop() {
        if !seen.insert(grid) {
            continue;
        }
        if !grid.over() {
            stack.extend(grid.children());
        }
    }
    seen
}

fn all_solves(game: &TicTacToe) -> Vec<(String, Solved)> {
    let mut out = Vec::new();
    for symmetry in [false, true] {
        for reverse_graph in [false, true] {
            let options = SolveOptions {
                symmetry,
                reverse_graph,
            };
            out.push((format!("{options:?}"), solve(game, &options).unwrap()));
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Counts and values.

#[test]
fn reachable_counts() {
    let reached = reachable();
    assert_eq!(reached.len(), 5_478);
    let orbits: HashSet<Grid> = reached
        .iter()
        .map(|g| *g.images().iter().min_by_key(|i| i.index()).unwrap())
        .collect();
    assert_eq!(orbits.len(), 765);
    let over: Vec<&Grid> = reached.iter().filter(|g| g.over()).collect();
    assert_eq!(over.len(), 958);
    assert_eq!(over.iter().filter(|g| three_in_a_row(g.x)).count(), 626);
    assert_eq!(over.iter().filter(|g| three_in_a_row(g.o)).count(), 316);
    assert_eq!(
        over.iter()
            .filter(|g| !three_in_a_row(g.x) && !three_in_a_row(g.o))
            .count(),
        16
    );
}

#[test]
fn positions_are_the_valid_boards() {
    let game = TicTacToe;
    assert_eq!(game.name(), "tictactoe");
    assert!(game.parameters().is_empty());
    assert_eq!(game.states(), 19_683);
    assert_eq!(game.start(), Some(0));
    assert_eq!(game.max_moves(), 9);
    let mut positions = 0;
    let mut indices = HashSet::new();
    for grid in Grid::all() {
        let i = grid.index();
        assert!(indices.insert(i), "index {i} twice");
        assert_eq!(game.is_position(i), grid.valid(), "{}", grid.text());
        assert_eq!(game.position(i).is_some(), grid.valid(), "{}", grid.text());
        if let Some(p) = game.position(i) {
            positions += 1;
            assert_eq!(game.index(&p), i);
            let side = if grid.x_to_move() {
                Side::First
            } else {
                Side::Second
            };
            assert_eq!(game.to_move(i), side, "{}", grid.text());
        }
    }
    assert_eq!(indices.len(), 19_683);
    assert_eq!(*indices.iter().max().unwrap(), 19_682);
    // Every position is reachable from the empty board, and only those.
    assert_eq!(positions, 5_478);
    let valid: HashSet<Grid> = Grid::all().into_iter().filter(|g| g.valid()).collect();
    assert_eq!(valid, reachable());
    assert!(game.position(19_683).is_none());
    assert!(!game.is_position(u64::MAX));
}

#[test]
fn engine_agrees_with_negamax() {
    let game = TicTacToe;
    let mut memo = HashMap::new();
    let solves = all_solves(&game);
    let reached = reachable();
    let mut checked = 0;
    for grid in Grid::all() {
        let i = grid.index();
        if !grid.valid() {
            for (name, solved) in &solves {
                assert_eq!(solved.outcome(&game, i), None, "{name} {}", grid.text());
            }
            continue;
        }
        let (outcome, distance) = negamax(grid, &mut memo);
        let ending = if three_in_a_row(grid.mover_and_last().1) {
            Some(Outcome::Loss)
        } else if grid.x | grid.o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        };
        assert_eq!(game.ending(i), ending, "{}", grid.text());
        for (name, solved) in &solves {
            assert_eq!(
                solved.outcome(&game, i),
                Some(outcome),
                "{name} {}",
                grid.text()
            );
            assert_eq!(
                solved.distance(&game, i),
                distance,
                "{name} {}",
                grid.text()
            );
        }
        if reached.contains(&grid) {
            checked += 1;
        }
    }
    assert_eq!(checked, 5_478);

    // Tallies for the player to move, and the longest game under perfect
    // play, from the negamax and from the engine.
    let valid: Vec<Grid> = Grid::all().into_iter().filter(|g| g.valid()).collect();
    let tally = |o: Outcome| valid.iter().filter(|g| memo[*g].0 == o).count();
    assert_eq!(tally(Outcome::Win), 2_836);
    assert_eq!(tally(Outcome::Loss), 1_574);
    assert_eq!(tally(Outcome::Draw), 1_068);
    let longest = valid.iter().filter_map(|g| memo[g].1).max();
    assert_eq!(longest, Some(5));
    for (name, solved) in &solves {
        assert_eq!(solved.levels, 6, "{name}");
        if solved.orbits.is_none() {
            // Indexed by code: draw, win, loss, not a position.
            assert_eq!(solved.counts, [1_068, 2_836, 1_574, 14_205], "{name}");
        }
    }

    // Known values: the empty board and every first move are draws.
    assert_eq!(negamax(Grid::EMPTY, &mut memo), (Outcome::Draw, None));
    for (name, solved) in &solves {
        assert_eq!(solved.outcome(&game, 0), Some(Outcome::Draw), "{name}");
        assert_eq!(solved.distance(&game, 0), None, "{name}");
        for (_, next) in game.moves(0) {
            assert_eq!(solved.outcome(&game, next), Some(Outcome::Draw), "{name}");
        }
    }
    // A known win: x in two corners, o in the centre and an edge; x to move
    // completes the top row at once.
    let i = game.parse_position("x.x.o..o.").unwrap();
    for (name, solved) in &solves {
        assert_eq!(solved.outcome(&game, i), Some(Outcome::Win), "{name}");
        assert_eq!(solved.distance(&game, i), Some(1), "{name}");
    }
    // o to move after x took a corner and the centre, o the edge between:
    // o must block the diagonal, and x then forks.
    let i = game.parse_position("xo..x....").unwrap();
    for (name, solved) in &solves {
        assert_eq!(solved.outcome(&game, i), Some(Outcome::Loss), "{name}");
    }
}

/// Tic-tac-toe under another name: a game of the same size as
/// tic-tac-toe that is not tic-tac-toe. With `moved_orbit: Some((a, b))`
/// it claims a symmetry whose canonical indices are tic-tac-toe's with `b`
/// in place of `a`: as many orbits, another index chosen for one. Only its
/// `is_canonical` says so (its `canonical` is the identity), so it serves
/// to number orbits and must not be solved.
struct Renamed {
    moved_orbit: Option<(u64, u64)>,
}

impl Game for Renamed {
    fn has_symmetry(&self) -> bool {
        self.moved_orbit.is_some()
    }
    fn is_canonical(&self, index: u64) -> bool {
        match self.moved_orbit {
            Some((a, _)) if index == a => false,
            Some((_, b)) if index == b => true,
            _ => TicTacToe.is_canonical(index),
        }
    }
    type Position = <TicTacToe as Game>::Position;
    fn name(&self) -> &'static str {
        "renamed"
    }
    fn parameters(&self) -> Vec<gametable_gen::engine::Parameter> {
        TicTacToe.parameters()
    }
    fn states(&self) -> u64 {
        TicTacToe.states()
    }
    fn position(&self, index: u64) -> Option<Self::Position> {
        TicTacToe.position(index)
    }
    fn index(&self, position: &Self::Position) -> u64 {
        TicTacToe.index(position)
    }
    fn to_move(&self, index: u64) -> Side {
        TicTacToe.to_move(index)
    }
    fn ending(&self, index: u64) -> Option<Outcome> {
        TicTacToe.ending(index)
    }
    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        TicTacToe.successors(index, out)
    }
    fn max_moves(&self) -> usize {
        TicTacToe.max_moves()
    }
}

/// The committed tables (one state per orbit, with distances), read back
/// through the library as an application reads them, answer every board
/// as the negamax does.
#[test]
fn committed_tables_read_back_agree_with_negamax() {
    let game = TicTacToe;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/tictactoe.gtbl");
    let tables = gametable_gen::store::GameTables::open(&game, &path).unwrap();
    assert!(tables.orbits().is_some() && tables.distances().is_some());
    let mut memo = HashMap::new();
    for grid in Grid::all() {
        let expected = grid.valid().then(|| negamax(grid, &mut memo));
        assert_eq!(
            tables.answer(&game, grid.index()),
            expected,
            "{}",
            grid.text()
        );
    }
    assert_eq!(tables.answer(&game, game.states()), None);
    assert_eq!(tables.answer(&game, u64::MAX), None);
    // Asked with a game of another size, or of the same size and another
    // name, than the one opened for, the tables answer nothing rather than
    // outcomes read for another game.
    let connect4 = gametable_gen::games::connect4::ConnectFour::new(4, 4).unwrap();
    assert!((0..100).all(|i| tables.answer(&connect4, i).is_none()));
    let renamed = Renamed { moved_orbit: None };
    assert_eq!(renamed.states(), game.states());
    assert!((0..100).all(|i| tables.answer(&renamed, i).is_none()));
    // Orbits handed in are checked to be the game's: another game's, the
    // numbering of a game of the same size without its symmetry, or as
    // many orbits as the game's with other canonical indices, are
    // refused; the game's own are taken.
    use gametable_gen::engine::orbits::Orbits;
    let outcomes = || gametable_gen::store::read_table(&path).unwrap();
    // The one moved is the first orbit's index, of an orbit not a
    // multiple of 64, that is followed by an index that is not canonical,
    // to that index: the orbits keep their order, and every 64th orbit
    // keeps its index.
    let canonical: Vec<u64> = (0..game.states())
        .filter(|&i| game.is_canonical(i))
        .collect();
    let orbit = (1..canonical.len() - 1)
        .find(|&k| k % 64 != 0 && canonical[k] + 1 < canonical[k + 1])
        .unwrap();
    let moved = Orbits::new(&Renamed {
        moved_orbit: Some((canonical[orbit], canonical[orbit] + 1)),
    });
    assert_eq!(moved.len(), Orbits::new(&game).len());
    for (orbits, whose) in [
        (Orbits::new(&connect4), "connect4"),
        (Orbits::new(&renamed), "renamed"),
        (moved, "moved"),
    ] {
        let refused = gametable_gen::store::GameTables::from_tables(
            &game,
            &path,
            outcomes(),
            None,
            Some(orbits),
        );
        let message = refused.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.ends_with("the orbit numbering given is not tictactoe's"),
            "{whose}: {message}"
        );
    }
    let own = gametable_gen::store::GameTables::from_tables(
        &game,
        &path,
        outcomes(),
        None,
        Some(Orbits::new(&game)),
    )
    .unwrap();
    assert_eq!(own.answer(&game, 0), Some((Outcome::Draw, None)));
    // Another game's table is refused, naming both.
    let other = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/connect4-4x4.gtbl");
    let refused = gametable_gen::store::GameTables::open(&game, &other)
        .err()
        .unwrap()
        .to_string();
    assert!(
        refused.ends_with(
            "connect4-4x4.gtbl: a table of connect4 (width = 4, height = 4), not of tictactoe"
        ),
        "{refused}"
    );
}

// ---------------------------------------------------------------------------
// The game's contracts.

#[test]
fn unmoves_mirror_moves() {
    let game = TicTacToe;
    let mut forward: HashSet<(u64, u64)> = HashSet::new();
    let mut out = Vec::new();
    let grids = Grid::all();
    for i in 0..game.states() {
        if !game.is_position(i) {
            continue;
        }
        out.clear();
        game.successors(i, &mut out);
        let grid = grids[i as usize];
        assert_eq!(grid.index(), i);
        let mut expected: Vec<u64> = if grid.over() {
            Vec::new()
        } else {
            grid.children().iter().map(|c| c.index()).collect()
        };
        expected.sort_unstable();
        let mut got = out.clone();
        got.sort_unstable();
        assert_eq!(got, expected, "successors of {}", grid.text());
        for &s in &out {
            assert!(game.is_position(s));
            forward.insert((i, s));
        }
    }
    let mut backward = HashSet::new();
    for i in 0..game.states() {
        if !game.is_position(i) {
            continue;
        }
        out.clear();
        game.predecessors(i, &mut out);
        let distinct: HashSet<u64> = out.iter().copied().collect();
        assert_eq!(distinct.len(), out.len(), "predecessors of {i} repeat");
        for &p in &out {
            backward.insert((p, i));
        }
    }
    assert!(game.has_unmoves());
    assert_eq!(forward, backward);
}

#[test]
fn canonical_is_least_of_orbit() {
    let game = TicTacToe;
    assert!(game.has_symmetry());
    for grid in Grid::all() {
        let i = grid.index();
        let least = grid.images().iter().map(|g| g.index()).min().unwrap();
        assert_eq!(game.canonical(i), least, "{}", grid.text());
        assert_eq!(game.canonical(least), least);
        if grid.valid() {
            for image in grid.images() {
                assert!(game.is_position(image.index()));
                assert_eq!(game.ending(image.index()), game.ending(i));
            }
        }
    }
    let solved = solve(
        &game,
        &SolveOptions {
            symmetry: true,
            reverse_graph: false,
        },
    )
    .unwrap();
    let orbits = Grid::all()
        .into_iter()
        .filter(|g| g.valid())
        .map(|g| game.canonical(g.index()))
        .collect::<HashSet<_>>()
        .len() as u64;
    // The numbering also holds the canonical indices that are no position.
    let stored_positions = solved
        .codes
        .iter()
        .filter(|&c| c != gametable::code::NOT_A_POSITION)
        .count() as u64;
    assert_eq!(stored_positions, orbits);
    assert_eq!(orbits, 765);
}

// ---------------------------------------------------------------------------
// Notation.

#[test]
fn notation_round_trips() {
    let game = TicTacToe;
    let mut reached: Vec<Grid> = reachable().into_iter().collect();
    reached.sort_by_key(|g| g.index());
    assert_eq!(reached.len(), 5_478);
    for grid in Grid::all().into_iter().filter(|g| g.valid()) {
        let text = grid.text();
        let i = grid.index();
        assert_eq!(game.write_position(i), text);
        assert_eq!(game.parse_position(&text), Ok(i), "{text}");
        assert_eq!(Grid::from_text(&game.write_position(i)), grid);
    }
    for grid in &reached {
        let i = grid.index();
        assert_eq!(game.parse_position(&game.write_position(i)), Ok(i));
    }
    assert_eq!(game.write_position(0), ".........");
    assert_eq!(game.parse_position("x...o...."), Ok(1 + 2 * 81));
    assert_eq!(game.parse_position("  x...o....\n"), Ok(1 + 2 * 81));
}

fn error(text: &str) -> String {
    match TicTacToe.parse_position(text) {
        Ok(i) => panic!("{text:?} read as {i}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn notation_errors_name_the_fault() {
    assert_eq!(error("x.q.o...."), "character 3 'q': expected x, o or .");
    assert_eq!(error("X........"), "character 1 'X': expected x, o or .");
    assert_eq!(error("x...o...0"), "character 9 '0': expected x, o or .");
    assert_eq!(error("x...o....z"), "character 10 'z': expected x, o or .");
    for (text, found) in [("x...o...", 8), ("", 0), ("x...o.....", 10)] {
        let e = error(text);
        assert!(e.contains("wrong length"), "{e}");
        assert!(e.contains(&format!("{found} characters")), "{e}");
        assert!(e.contains("expected 9"), "{e}");
    }
    let e = error("xx.......");
    assert!(e.starts_with("impossible counts: 2 x and 0 o"), "{e}");
    let e = error("o........");
    assert!(e.starts_with("impossible counts: 0 x and 1 o"), "{e}");
    let e = error("xxxooo...");
    assert!(e.starts_with("both x and o have three in a row"), "{e}");
    // x to move (three each) but x already has the top row.
    let e = error("xxxoo.o..");
    assert!(
        e.starts_with("x has three in a row but the counts make it x's turn"),
        "{e}"
    );
    // o to move (four x, three o) but o already has the top row.
    let e = error("oooxx.xx.");
    assert!(
        e.starts_with("o has three in a row but the counts make it o's turn"),
        "{e}"
    );
}

#[test]
fn moves_are_named_by_cell_number() {
    let game = TicTacToe;
    let first = game.moves(0);
    assert_eq!(first.len(), 9);
    for (k, (name, next)) in first.iter().enumerate() {
        assert_eq!(name, &(k + 1).to_string());
        let mut text = ['.'; 9];
        text[k] = 'x';
        assert_eq!(game.write_position(*next), text.iter().collect::<String>());
    }
    let i = game.parse_position("x...o....").unwrap();
    let moves = game.moves(i);
    let names: Vec<&str> = moves.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["2", "3", "4", "6", "7", "8", "9"]);
    assert_eq!(game.write_position(moves[0].1), "xx..o....");
    assert_eq!(game.write_position(moves[6].1), "x...o...x");
    // o to move: the mark placed is o.
    let i = game.parse_position("x...o...x").unwrap();
    assert_eq!(game.to_move(i), Side::Second);
    let moves = game.moves(i);
    assert_eq!(moves[0].0, "2");
    assert_eq!(game.write_position(moves[0].1), "xo..o...x");
    // Over: won, and drawn on a full board.
    let won = game.parse_position("xxxoo....").unwrap();
    assert_eq!(game.ending(won), Some(Outcome::Loss));
    assert!(game.moves(won).is_empty());
    let drawn = game.parse_position("xoxxoooxx").unwrap();
    assert_eq!(game.ending(drawn), Some(Outcome::Draw));
    assert!(game.moves(drawn).is_empty());
    // A win on the last cell is a win, not a draw.
    let last = game.parse_position("xoxoxooxx").unwrap();
    assert_eq!(game.ending(last), Some(Outcome::Loss));
    // Moves agree with successors, in cell order.
    for i in 0..game.states() {
        let mut out = Vec::new();
        if game.is_position(i) {
            game.successors(i, &mut out);
        }
        let via_moves: Vec<u64> = game.moves(i).iter().map(|m| m.1).collect();
        assert_eq!(via_moves, out);
    }
}

#[test]
fn picture_and_sides() {
    let game = TicTacToe;
    let i = game.parse_position("x...o...o").unwrap_or(0);
    assert_eq!(i, 0, "two o to one x is refused");
    let i = game.parse_position("xx..o...o").unwrap();
    assert_eq!(
        game.picture(i),
        " x | x | . \n---+---+---\n . | o | . \n---+---+---\n . | . | o "
    );
    assert_eq!(game.side_name(Side::First), "x");
    assert_eq!(game.side_name(Side::Second), "o");
    assert!(game.position_help().contains("x...o...."));
    assert!(game.move_help().contains("1 to 9"));
}
