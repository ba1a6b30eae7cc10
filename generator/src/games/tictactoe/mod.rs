//! Tic-tac-toe: the rules, the board and its index, as the engine sees
//! them ([`Game`]).
//!
//! This file exists so the engine can solve the game: the board
//! ([`Board`]), which boards are positions, the base-3 index, the forward
//! moves, the un-moves and the eight symmetries of the square.
//! [`notation`] exists for people: how positions and moves are written,
//! read and drawn ([`crate::engine::Notation`]); the engine needs none of
//! it. The rules are written up in `docs/games/tictactoe.md`.
//!
//! The index: cell `i` (0-based, row by row from the top left) is the base-3
//! digit of weight `3^i`, 0 for an empty cell, 1 for `x`, 2 for `o`. So the
//! empty board is index 0, and there are `3^9` = 19,683 indices, of which
//! the boards with possible counts and no line for the player to move are
//! positions.

use gametable::Outcome;

use crate::engine::{Game, Parameter, Side};

pub mod notation;

/// Cells on the board, numbered 0..9 row by row from the top left.
pub const CELLS: usize = 9;

/// How many indices there are: `3^9`.
pub const STATES: u64 = 19_683;

/// The eight lines of three cells: rows, columns, diagonals.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The weight of each cell's base-3 digit in the index.
const WEIGHTS: [u64; CELLS] = [1, 3, 9, 27, 81, 243, 729, 2_187, 6_561];

/// What is on a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Nobody has played there.
    #[default]
    Empty,
    /// The first player's mark.
    X,
    /// The second player's mark.
    O,
}

impl Mark {
    /// The cell's base-3 digit in the index.
    const fn digit(self) -> u64 {
        match self {
            Mark::Empty => 0,
            Mark::X => 1,
            Mark::O => 2,
        }
    }

    /// The mark of base-3 digit `digit` (0, 1 or 2).
    const fn of_digit(digit: u64) -> Mark {
        match digit {
            1 => Mark::X,
            2 => Mark::O,
            _ => Mark::Empty,
        }
    }

    /// The other player's mark (`Empty` stays `Empty`).
    pub const fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
            Mark::Empty => Mark::Empty,
        }
    }
}

/// Why a board is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The counts of `x` and `o` cannot arise: `x` moves first, so there are
    /// as many `x` as `o`, or one more.
    Counts {
        /// How many `x` there are.
        x: usize,
        /// How many `o` there are.
        o: usize,
    },
    /// Both players have three in a row: play stopped at the first.
    BothLines,
    /// The player to move already has three in a row: play stopped before
    /// the other player's last mark.
    MoverHasLine(Mark),
}

/// A 3x3 board: cell `i` is row `i / 3`, column `i % 3`, from the top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// The cells, row by row from the top left.
    pub cells: [Mark; CELLS],
}

impl Board {
    /// The board of index `index` (any index below [`STATES`], position or
    /// not); `None` out of range.
    pub fn from_index(index: u64) -> Option<Board> {
        if index >= STATES {
            return None;
        }
        let mut cells = [Mark::Empty; CELLS];
        let mut rest = index;
        for cell in &mut cells {
            *cell = Mark::of_digit(rest % 3);
            rest /= 3;
        }
        Some(Board { cells })
    }

    /// The board's index.
    pub fn index(&self) -> u64 {
        self.cells
            .iter()
            .zip(WEIGHTS)
            .map(|(mark, weight)| mark.digit() * weight)
            .sum()
    }

    /// How many cells hold `mark`.
    pub fn count(&self, mark: Mark) -> usize {
        self.cells.iter().filter(|&&m| m == mark).count()
    }

    /// Whether `mark` fills one of the eight lines.
    pub fn has_line(&self, mark: Mark) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells.get(c) == Some(&mark)))
    }

    /// Whose turn it is, from the counts: `x` when they are equal, else `o`.
    pub fn to_move(&self) -> Mark {
        if self.count(Mark::X) == self.count(Mark::O) {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Why the board is not a position, or `None` when it is one.
    pub fn fault(&self) -> Option<Fault> {
        let (x, o) = (self.count(Mark::X), self.count(Mark::O));
        if x != o && x != o + 1 {
            return Some(Fault::Counts { x, o });
        }
        let mover = self.to_move();
        if self.has_line(mover) {
            return Some(if self.has_line(mover.other()) {
                Fault::BothLines
            } else {
                Fault::MoverHasLine(mover)
            });
        }
        None
    }

    /// The rules' verdict on the board (a position) for the player to move:
    /// a loss when the player who just moved has three in a row, a draw on a
    /// full board without one, `None` while play goes on.
    pub fn ending(&self) -> Option<Outcome> {
        if self.has_line(self.to_move().other()) {
            Some(Outcome::Loss)
        } else if self.cells.iter().all(|&m| m != Mark::Empty) {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The board with cell `cell` set to `mark`.
    pub fn with(&self, cell: usize, mark: Mark) -> Board {
        let mut next = *self;
        if let Some(c) = next.cells.get_mut(cell) {
            *c = mark;
        }
        next
    }

    /// The board seen through symmetry `k` (0..8) of the square: identity,
    /// the three rotations, and the four reflections.
    fn image(&self, k: usize) -> Board {
        let mut cells = [Mark::Empty; CELLS];
        for (cell, &mark) in self.cells.iter().enumerate() {
            if let Some(c) = cells.get_mut(symmetric_cell(k, cell)) {
                *c = mark;
            }
        }
        Board { cells }
    }

    /// The boards one move from this one (a position that is not over), in
    /// cell order, with the cell played.
    pub fn moves(&self) -> Vec<(usize, Board)> {
        if self.fault().is_some() || self.ending().is_some() {
            return Vec::new();
        }
        let mover = self.to_move();
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, &m)| m == Mark::Empty)
            .map(|(cell, _)| (cell, self.with(cell, mover)))
            .collect()
    }
}

/// Where symmetry `k` (0..8) of the square takes cell `cell`.
const fn symmetric_cell(k: usize, cell: usize) -> usize {
    let (r, c) = (cell / 3, cell % 3);
    let (r, c) = match k {
        0 => (r, c),
        1 => (c, 2 - r),
        2 => (2 - r, 2 - c),
        3 => (2 - c, r),
        4 => (r, 2 - c),
        5 => (2 - r, c),
        6 => (c, r),
        _ => (2 - c, 2 - r),
    };
    3 * r + c
}

/// Tic-tac-toe on 3x3: `x` moves first, three in a row wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

impl TicTacToe {
    /// The board of index `index` when it is a position.
    fn board(index: u64) -> Option<Board> {
        Board::from_index(index).filter(|b| b.fault().is_none())
    }
}

impl Game for TicTacToe {
    type Position = Board;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn parameters(&self) -> Vec<Parameter> {
        Vec::new()
    }

    fn states(&self) -> u64 {
        STATES
    }

    fn position(&self, index: u64) -> Option<Board> {
        TicTacToe::board(index)
    }

    fn index(&self, position: &Board) -> u64 {
        position.index()
    }

    fn to_move(&self, index: u64) -> Side {
        match Board::from_index(index).map(|b| b.to_move()) {
            Some(Mark::O) => Side::Second,
            _ => Side::First,
        }
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        TicTacToe::board(index)?.ending()
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        if let Some(board) = TicTacToe::board(index) {
            out.extend(board.moves().iter().map(|(_, next)| next.index()));
        }
    }

    fn max_moves(&self) -> usize {
        CELLS
    }

    fn is_position(&self, index: u64) -> bool {
        TicTacToe::board(index).is_some()
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    // A mark comes off one of the cells.
    fn max_unmoves(&self) -> usize {
        CELLS
    }

    /// Takes back one mark of the player who just moved, where what is left
    /// is a position that is not over.
    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let Some(board) = TicTacToe::board(index) else {
            return;
        };
        let last = board.to_move().other();
        for (cell, &mark) in board.cells.iter().enumerate() {
            if mark != last {
                continue;
            }
            let before = board.with(cell, Mark::Empty);
            if before.fault().is_none() && before.ending().is_none() {
                out.push(before.index());
            }
        }
    }

    fn has_symmetry(&self) -> bool {
        true
    }

    /// The smallest index among the board's eight images.
    fn canonical(&self, index: u64) -> u64 {
        match Board::from_index(index) {
            Some(board) => (0..8)
                .map(|k| board.image(k).index())
                .min()
                .unwrap_or(index),
            None => index,
        }
    }

    /// The empty board.
    fn start(&self) -> Option<u64> {
        Some(0)
    }
}
