//! Connect Four on a `width` x `height` board, as an engine game: the rules,
//! the [`Game`] implementation and its hooks (un-moves, the left-right
//! mirror, the empty board as the start).
//!
//! Boards are two bitboards (the first player's discs and all discs), one
//! column of `height + 1` bits after another, bottom cell first, with an
//! empty sentinel bit on top of each column so that four-in-a-row checks
//! are a few shifts. The dense numbering lives in [`index`], the way people
//! write positions and moves in [`notation`]. `docs/games/connect4.md`
//! describes the game, its index sizes and published counts.

pub mod index;
pub mod notation;

use std::fmt;

use gametable::Outcome;

use crate::engine::{Game, Parameter, Side};
use index::{Indexer, Parts};

/// The widest board accepted (columns are named by one digit).
pub const MAX_WIDTH: usize = 9;
/// The tallest board accepted.
pub const MAX_HEIGHT: usize = 8;
/// The width when none is given.
pub const DEFAULT_WIDTH: usize = 5;
/// The height when none is given.
pub const DEFAULT_HEIGHT: usize = 4;

/// Why a board size is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// What is wrong, e.g. `width 10 is not in 1..=9`.
    pub message: String,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SizeError {}

/// Connect Four on a `width` x `height` board.
#[derive(Clone, Debug)]
pub struct ConnectFour {
    width: usize,
    height: usize,
    indexer: Indexer,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board.
    cells: u64,
}

/// A board: who owns each cell. Discs sit at the bottom of their column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The first player's discs (bit `column * (height + 1) + row`, row 0 at
    /// the bottom).
    pub first: u64,
    /// Every disc, in the same layout.
    pub all: u64,
}

impl Board {
    /// The number of discs on the board.
    pub fn discs(&self) -> usize {
        self.all.count_ones() as usize
    }

    /// Who moves next: the first player after an even number of discs.
    pub fn to_move(&self) -> Side {
        if self.discs().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The discs of `side`.
    pub fn discs_of(&self, side: Side) -> u64 {
        match side {
            Side::First => self.first,
            Side::Second => self.all & !self.first,
        }
    }
}

impl ConnectFour {
    /// Connect Four on a `width` x `height` board: width 1..=9, height 1..=8,
    /// and at most 64 bits for the board with a sentinel row
    /// (`width * (height + 1) <= 64`), so 9 x 6, 8 x 7 and 7 x 8 are the
    /// largest.
    pub fn new(width: usize, height: usize) -> Result<ConnectFour, SizeError> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(SizeError {
                message: format!("width {width} is not in 1..={MAX_WIDTH}"),
            });
        }
        if !(1..=MAX_HEIGHT).contains(&height) {
            return Err(SizeError {
                message: format!("height {height} is not in 1..={MAX_HEIGHT}"),
            });
        }
        let indexer = Indexer::new(width, height).map_err(|message| SizeError { message })?;
        let stride = height + 1;
        let mut bottom = 0u64;
        for c in 0..width {
            bottom |= 1 << (c * stride);
        }
        let cells = bottom * ((1u64 << height) - 1);
        Ok(ConnectFour {
            width,
            height,
            indexer,
            bottom,
            cells,
        })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    fn stride(&self) -> usize {
        self.height + 1
    }

    /// The board of any index (below [`Game::states`]), position or not.
    pub fn board(&self, index: u64) -> Board {
        let parts = self.indexer.unrank(index);
        Board {
            first: parts.first,
            all: parts.all,
        }
    }

    /// The board with `columns[c]` stacked bottom up in column `c`, or why
    /// there is none (too many columns or discs, or disc counts that no
    /// game reaches: the first player has as many discs as the second or
    /// one more).
    pub fn from_columns(&self, columns: &[Vec<Side>]) -> Result<Board, String> {
        if columns.len() > self.width {
            return Err(format!(
                "{} columns on a {}-wide board",
                columns.len(),
                self.width
            ));
        }
        let mut board = Board { first: 0, all: 0 };
        for (c, column) in columns.iter().enumerate() {
            if column.len() > self.height {
                return Err(format!(
                    "column {} has {} discs on a {}-high board",
                    c + 1,
                    column.len(),
                    self.height
                ));
            }
            for (r, &side) in column.iter().enumerate() {
                let bit = 1u64 << (c * self.stride() + r);
                board.all |= bit;
                if side == Side::First {
                    board.first |= bit;
                }
            }
        }
        if board.first.count_ones() as usize != board.discs().div_ceil(2) {
            return Err(format!(
                "the first player has {} of {} discs",
                board.first.count_ones(),
                board.discs()
            ));
        }
        Ok(board)
    }

    /// Who owns the cell in column `column`, row `row` (0-based, row 0 at
    /// the bottom).
    pub fn cell(&self, board: &Board, column: usize, row: usize) -> Option<Side> {
        let bit = 1u64 << (column * self.stride() + row);
        if board.all & bit == 0 {
            None
        } else if board.first & bit != 0 {
            Some(Side::First)
        } else {
            Some(Side::Second)
        }
    }

    /// The number of discs in column `column`.
    pub fn column_height(&self, board: &Board, column: usize) -> usize {
        self.indexer.column_height(board.all, column)
    }

    /// Whether the discs `discs` hold four in a row.
    #[inline]
    pub fn has_four(&self, discs: u64) -> bool {
        let s = self.stride();
        for d in [1, s - 1, s, s + 1] {
            let m = discs & (discs >> d);
            if m & (m >> (2 * d)) != 0 {
                return true;
            }
        }
        false
    }

    /// Whether the board is full.
    pub fn is_full(&self, board: &Board) -> bool {
        board.all == self.cells
    }

    /// The rules' verdict on `board`, for the player to move: a loss when
    /// the player who just moved has four in a row, a draw when the board is
    /// full without one.
    pub fn board_ending(&self, board: &Board) -> Option<Outcome> {
        if self.has_four(board.discs_of(board.to_move().other())) {
            Some(Outcome::Loss)
        } else if self.is_full(board) {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Whether `board` is a position: the player to move has no four in a
    /// row (a player who made one ended the game before the other moved).
    pub fn board_is_position(&self, board: &Board) -> bool {
        !self.has_four(board.discs_of(board.to_move()))
    }

    /// The board after the player to move drops a disc in column `column`
    /// (0-based), or `None` when that column is full.
    #[inline]
    pub fn play(&self, board: &Board, column: usize) -> Option<Board> {
        let shift = column * self.stride();
        let h = self.indexer.column_height(board.all, column);
        if h >= self.height {
            return None;
        }
        let bit = 1u64 << (shift + h);
        let first = if board.to_move() == Side::First {
            board.first | bit
        } else {
            board.first
        };
        Some(Board {
            first,
            all: board.all | bit,
        })
    }

    /// The board with the top disc of column `column` taken away (whoever
    /// owns it), or `None` when the column is empty.
    #[inline]
    pub fn take(&self, board: &Board, column: usize) -> Option<Board> {
        let h = self.indexer.column_height(board.all, column);
        if h == 0 {
            return None;
        }
        let bit = 1u64 << (column * self.stride() + h - 1);
        Some(Board {
            first: board.first & !bit,
            all: board.all & !bit,
        })
    }

    /// The board's un-moves: the boards one move earlier, from which a move
    /// leads to `board`. The top disc of a column goes if it is the last
    /// mover's and the board left is a position that is not over (neither
    /// player has four in a row).
    pub fn unmoves(&self, board: &Board) -> impl Iterator<Item = (usize, Board)> + '_ {
        let last = board.to_move().other();
        let board = *board;
        (0..self.width).filter_map(move |c| {
            let before = self.take(&board, c)?;
            let owner = if before.first != board.first {
                Side::First
            } else {
                Side::Second
            };
            (owner == last
                && !self.has_four(before.first)
                && !self.has_four(before.all & !before.first))
            .then_some((c, before))
        })
    }

    /// The left-right mirror of `board`.
    pub fn mirror(&self, board: &Board) -> Board {
        let s = self.stride();
        let column = (1u64 << s) - 1;
        let mut mirrored = Board { first: 0, all: 0 };
        for c in 0..self.width {
            let to = (self.width - 1 - c) * s;
            mirrored.first |= ((board.first >> (c * s)) & column) << to;
            mirrored.all |= ((board.all >> (c * s)) & column) << to;
        }
        mirrored
    }

    /// The canonical index of `board`: the smaller of its own and its
    /// mirror's.
    pub fn canonical_of(&self, board: &Board) -> u64 {
        self.index_of(board).min(self.index_of(&self.mirror(board)))
    }

    /// The index of `board`.
    #[inline]
    pub fn index_of(&self, board: &Board) -> u64 {
        self.indexer.rank(Parts {
            discs: board.discs(),
            first: board.first,
            all: board.all,
        })
    }

    /// The bottom cell of every column, as a bitboard.
    pub fn bottom(&self) -> u64 {
        self.bottom
    }
}

impl Game for ConnectFour {
    type Position = Board;

    fn name(&self) -> &'static str {
        "connect4"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![("width", self.width as u64), ("height", self.height as u64)]
    }

    fn states(&self) -> u64 {
        self.indexer.size()
    }

    fn position(&self, index: u64) -> Option<Board> {
        if index >= self.states() {
            return None;
        }
        let board = self.board(index);
        self.board_is_position(&board).then_some(board)
    }

    fn index(&self, position: &Board) -> u64 {
        self.index_of(position)
    }

    fn to_move(&self, index: u64) -> Side {
        if self.indexer.discs(index).is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        self.board_ending(&self.board(index))
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        let board = self.board(index);
        if self.board_ending(&board).is_some() {
            return;
        }
        for c in 0..self.width {
            if let Some(next) = self.play(&board, c) {
                out.push(self.index_of(&next));
            }
        }
    }

    fn max_moves(&self) -> usize {
        self.width
    }

    fn is_position(&self, index: u64) -> bool {
        index < self.states() && self.board_is_position(&self.board(index))
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let board = self.board(index);
        for (_, before) in self.unmoves(&board) {
            out.push(self.index_of(&before));
        }
    }

    // A disc comes off the top of a column.
    fn max_unmoves(&self) -> usize {
        self.width
    }

    fn has_symmetry(&self) -> bool {
        true
    }

    fn canonical(&self, index: u64) -> u64 {
        let board = self.board(index);
        index.min(self.index_of(&self.mirror(&board)))
    }

    // Each successor is in hand: rank it and its mirror, no decoding.
    fn canonical_successors(&self, index: u64, out: &mut Vec<u64>) {
        let board = self.board(index);
        if self.board_ending(&board).is_some() {
            return;
        }
        for c in 0..self.width {
            if let Some(next) = self.play(&board, c) {
                out.push(self.canonical_of(&next));
            }
        }
    }

    fn canonical_predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let board = self.board(index);
        for (_, before) in self.unmoves(&board) {
            out.push(self.canonical_of(&before));
        }
    }

    fn start(&self) -> Option<u64> {
        Some(self.index_of(&Board { first: 0, all: 0 }))
    }
}
