//! How people write Connect Four: a position is the columns played from the
//! empty board, a move is a column, both 1-based digits (`4453`; `-` or
//! nothing for the empty board).
//!
//! Writing a position searches backwards with un-moves for an order of play
//! that reaches it. A board that no game reaches (its stacks cannot be
//! taken down alternately, or a line was completed before the last move)
//! has no such order: it is written as its rows, top first, joined by `/`
//! (`...../..x../.xo..`), which [`Notation::parse_position`] does not read.

use std::collections::HashSet;

use super::{Board, ConnectFour};
use crate::engine::{quote_char, Game, Notation, NotationError, Side};

impl ConnectFour {
    /// The board reached by playing `text` from the empty board, or the
    /// move at fault.
    pub fn parse_moves(&self, text: &str) -> Result<Board, NotationError> {
        let text = text.trim();
        let mut board = Board { first: 0, all: 0 };
        if text == "-" {
            return Ok(board);
        }
        for (i, c) in text.chars().enumerate() {
            let place = i + 1;
            let ch = quote_char(c);
            let Some(digit) = c.to_digit(10) else {
                return Err(NotationError::new(format!(
                    "character {place} {ch}: expected a column digit"
                )));
            };
            let column = digit as usize;
            if column == 0 || column > self.width {
                return Err(NotationError::new(format!(
                    "move {place} {ch}: column {column} is not on a {}-wide board",
                    self.width
                )));
            }
            if self.board_ending(&board).is_some() {
                return Err(NotationError::new(format!(
                    "move {place} {ch}: the game is already over"
                )));
            }
            let Some(next) = self.play(&board, column - 1) else {
                return Err(NotationError::new(format!(
                    "move {place} {ch}: column {column} is full"
                )));
            };
            board = next;
        }
        Ok(board)
    }

    /// An order of play (0-based columns) that reaches `board` from the
    /// empty board, or `None` when no game reaches it.
    pub fn moves_to(&self, board: &Board) -> Option<Vec<usize>> {
        if !self.board_is_position(board) {
            return None;
        }
        let mut path = Vec::with_capacity(board.discs());
        let mut dead = HashSet::new();
        if self.unwind(*board, &mut path, &mut dead) {
            path.reverse();
            Some(path)
        } else {
            None
        }
    }

    /// Depth-first search down to the empty board through un-moves,
    /// remembering boards that do not get there.
    fn unwind(&self, board: Board, path: &mut Vec<usize>, dead: &mut HashSet<Board>) -> bool {
        if board.all == 0 {
            return true;
        }
        if dead.contains(&board) {
            return false;
        }
        for (c, before) in self.unmoves(&board) {
            path.push(c);
            if self.unwind(before, path, dead) {
                return true;
            }
            path.pop();
        }
        dead.insert(board);
        false
    }

    /// The rows of `board`, top first, in `x`, `o` and `.`.
    fn rows(&self, board: &Board) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|r| {
                (0..self.width)
                    .map(|c| match self.cell(board, c, r) {
                        Some(Side::First) => 'x',
                        Some(Side::Second) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl Notation for ConnectFour {
    fn position_help(&self) -> &'static str {
        "the columns played from the empty board, 1-based, e.g. 4453; - for the empty board"
    }

    fn move_help(&self) -> &'static str {
        "the column to drop a disc in, 1-based, e.g. 4"
    }

    fn parse_position(&self, text: &str) -> Result<u64, NotationError> {
        Ok(self.index_of(&self.parse_moves(text)?))
    }

    fn write_position(&self, index: u64) -> String {
        if index >= self.states() {
            return format!("no board: index {index} is past {}", self.states());
        }
        let board = self.board(index);
        match self.moves_to(&board) {
            Some(moves) if moves.is_empty() => "-".to_string(),
            Some(moves) => moves.iter().map(|&c| char::from(b'1' + c as u8)).collect(),
            None => self.rows(&board).join("/"),
        }
    }

    fn moves(&self, index: u64) -> Vec<(String, u64)> {
        let board = self.board(index);
        if self.board_ending(&board).is_some() {
            return Vec::new();
        }
        (0..self.width)
            .filter_map(|c| {
                let next = self.play(&board, c)?;
                Some(((c + 1).to_string(), self.index_of(&next)))
            })
            .collect()
    }

    fn refuse_move(&self, index: u64, _side: Side, text: &str) -> Option<String> {
        let column = text.trim().parse::<usize>().ok()?;
        if column == 0 || column > self.width {
            return Some(format!("the columns are 1 to {}", self.width));
        }
        let full = self.play(&self.board(index), column - 1).is_none();
        full.then(|| format!("column {column} is full"))
    }

    fn picture(&self, index: u64) -> String {
        let mut text = self.rows(&self.board(index)).join("\n");
        text.push('\n');
        text
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "x",
            Side::Second => "o",
        }
    }
}
