//! How people write tic-tac-toe: the [`Notation`] of [`TicTacToe`].
//!
//! This file exists for the command line (query, play, list), not for the
//! engine. A position is nine characters row by row from the top left,
//! `x`, `o` or `.` for an empty cell (`x...o....`); the side to move
//! follows from the counts (`x` when they are equal). A move names the
//! cell it fills by its 1-based number, 1 to 9 row by row from the top
//! left:
//!
//! ```text
//! 1 | 2 | 3
//! 4 | 5 | 6
//! 7 | 8 | 9
//! ```

use super::{Board, Fault, Mark, TicTacToe, CELLS};
use crate::engine::{quote_char, Notation, NotationError, Side};

/// The character of a mark in the notation.
const fn symbol(mark: Mark) -> char {
    match mark {
        Mark::Empty => '.',
        Mark::X => 'x',
        Mark::O => 'o',
    }
}

/// What is wrong with a board that is not a position, in words.
fn explain(fault: Fault) -> String {
    match fault {
        Fault::Counts { x, o } => format!(
            "impossible counts: {x} x and {o} o (x moves first, so there must be \
             as many x as o, or one more)"
        ),
        Fault::BothLines => {
            "both x and o have three in a row: play ends at the first line".to_string()
        }
        Fault::MoverHasLine(mover) => {
            let (who, other) = (symbol(mover), symbol(mover.other()));
            format!(
                "{who} has three in a row but the counts make it {who}'s turn: \
                 play ended before {other}'s last mark"
            )
        }
    }
}

impl Notation for TicTacToe {
    fn position_help(&self) -> &'static str {
        "nine characters row by row from the top left, x, o or . for empty \
         (e.g. x...o....); the side to move follows from the counts"
    }

    fn move_help(&self) -> &'static str {
        "the number of the cell to fill, 1 to 9 row by row from the top left \
         (e.g. 5 for the centre)"
    }

    fn parse_position(&self, text: &str) -> Result<u64, NotationError> {
        let text = text.trim();
        let mut cells = [Mark::Empty; CELLS];
        let mut length = 0;
        for (place, ch) in text.chars().enumerate() {
            let mark = match ch {
                'x' => Mark::X,
                'o' => Mark::O,
                '.' => Mark::Empty,
                _ => {
                    return Err(NotationError::new(format!(
                        "character {} {}: expected x, o or .",
                        place + 1,
                        quote_char(ch)
                    )))
                }
            };
            if let Some(cell) = cells.get_mut(place) {
                *cell = mark;
            }
            length += 1;
        }
        if length != CELLS {
            return Err(NotationError::new(format!(
                "wrong length: {length} characters, expected {CELLS} \
                 (one per cell, row by row from the top left)"
            )));
        }
        let board = Board { cells };
        match board.fault() {
            Some(fault) => Err(NotationError::new(explain(fault))),
            None => Ok(board.index()),
        }
    }

    fn write_position(&self, index: u64) -> String {
        match Board::from_index(index) {
            Some(board) => board.cells.iter().map(|&m| symbol(m)).collect(),
            None => format!("(index {index} is not a tic-tac-toe board)"),
        }
    }

    fn moves(&self, index: u64) -> Vec<(String, u64)> {
        Board::from_index(index)
            .map(|board| board.moves())
            .unwrap_or_default()
            .into_iter()
            .map(|(cell, next)| ((cell + 1).to_string(), next.index()))
            .collect()
    }

    fn refuse_move(&self, index: u64, _side: Side, text: &str) -> Option<String> {
        let cell = text.trim().parse::<usize>().ok()?;
        if !(1..=CELLS).contains(&cell) {
            return Some(format!("the cells are 1 to {CELLS}"));
        }
        match Board::from_index(index)?.cells.get(cell - 1)? {
            Mark::Empty => None,
            &mark => Some(format!("cell {cell} holds {} already", symbol(mark))),
        }
    }

    fn picture(&self, index: u64) -> String {
        let Some(board) = Board::from_index(index) else {
            return self.write_position(index);
        };
        board
            .cells
            .chunks(3)
            .map(|row| {
                let marks: Vec<String> = row.iter().map(|&m| symbol(m).to_string()).collect();
                format!(" {} ", marks.join(" | "))
            })
            .collect::<Vec<_>>()
            .join("\n---+---+---\n")
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "x",
            Side::Second => "o",
        }
    }
}
