//! How people write a game's positions and moves: what the command line
//! needs of a game beyond what the engine needs ([`Game`]).
//!
//! A game with a notation can be queried (`gametable query`), played
//! against (`gametable play`) and listed (`gametable games`).

use std::fmt;

use super::game::{Game, Side};

/// A position or move that does not read, with what is at fault and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What is wrong, naming the character (and its 1-based place) or the
    /// move at fault, e.g. `character 3 'q': expected x, o or .`.
    pub message: String,
}

impl NotationError {
    /// An error with `message`.
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError {
            message: message.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// A character of input as a message shows it: a control character
/// escaped (`\u{1b}`), and so is one that shows as nothing or as a plain
/// space (a zero-width space, a soft hyphen, a byte-order mark, a
/// no-break space: what Rust's `escape_debug` escapes as `\u{..}`); any
/// other as it is.
pub fn shown(c: char) -> String {
    if c.is_control() {
        return c.escape_default().to_string();
    }
    let escaped = c.escape_debug().to_string();
    if escaped.starts_with("\\u{") {
        escaped
    } else {
        c.to_string()
    }
}

/// The most characters of input [`quote`] shows.
const QUOTED: usize = 64;

/// One character of input quoted in a message, as [`quote`] quotes text.
pub fn quote_char(c: char) -> String {
    quote(c.encode_utf8(&mut [0; 4]))
}

/// Input quoted in a message: `'text'`, its control characters escaped
/// (`\u{1b}`: input must not play escape sequences to a terminal), and,
/// past `QUOTED` characters, only its start and its length (`'xxxx...'
/// (2100 characters)`), so that a message about a megabyte of input is
/// still a line that gives its reason.
pub fn quote(text: &str) -> String {
    let total = text.chars().count();
    let start: String = text.chars().take(QUOTED).map(shown).collect();
    if total <= QUOTED {
        format!("'{start}'")
    } else {
        format!("'{start}...' ({total} characters)")
    }
}

/// A game's notation for positions and moves.
pub trait Notation: Game {
    /// One line describing how positions are written, with an example
    /// (for `gametable games`).
    fn position_help(&self) -> &'static str;

    /// One line describing how moves are written, with an example.
    fn move_help(&self) -> &'static str;

    /// Reads a position; the error names the character or move at fault.
    fn parse_position(&self, text: &str) -> Result<u64, NotationError>;

    /// Writes the position of state `index` so that
    /// [`Notation::parse_position`] reads it back to `index` (for
    /// positions that notation can name).
    fn write_position(&self, index: u64) -> String;

    /// Every legal move from state `index`: its name in the game's notation
    /// and the index of the state it leads to, in a fixed order. Empty when
    /// the state is over.
    fn moves(&self, index: u64) -> Vec<(String, u64)>;

    /// The position drawn for people, in a few lines of text.
    fn picture(&self, index: u64) -> String;

    /// Why `text` is no legal move from state `index` with `side` to move,
    /// in words (`column 1 is full`), where the game can say more than
    /// that it is not one of [`Notation::moves_spot`]; `None` (the
    /// default) otherwise.
    fn refuse_move(&self, _index: u64, _side: Side, _text: &str) -> Option<String> {
        None
    }

    /// What the players are called (`x`, `o`).
    fn side_name(&self, side: Side) -> &'static str;

    /// Reads a position and who is to move in it. Most games' indices say
    /// who is to move (the default asks [`Game::to_move`]); a game whose
    /// index is seen from the player to move (Cards) names the player in
    /// its notation and overrides this.
    fn parse_spot(&self, text: &str) -> Result<(u64, Side), NotationError> {
        let index = self.parse_position(text)?;
        Ok((index, self.to_move(index)))
    }

    /// Writes state `index` with `side` to move (the default ignores
    /// `side`: the index says it).
    fn write_spot(&self, index: u64, _side: Side) -> String {
        self.write_position(index)
    }

    /// Draws state `index` with `side` to move (the default ignores `side`).
    fn picture_spot(&self, index: u64, _side: Side) -> String {
        self.picture(index)
    }

    /// [`Notation::moves`] of state `index` named for `side` to move (the
    /// default ignores `side`): a game whose index is seen from the player
    /// to move names each move as that player writes it.
    fn moves_spot(&self, index: u64, _side: Side) -> Vec<(String, u64)> {
        self.moves(index)
    }
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quoted_input_is_bounded_and_shows_its_control_characters() {
        assert_eq!(quote("x..o"), "'x..o'");
        assert_eq!(quote("\u{1b}[2J"), "'\\u{1b}[2J'");
        let long = "x".repeat(2100);
        assert_eq!(
            quote(&long),
            format!("'{}...' (2100 characters)", "x".repeat(64))
        );
        assert_eq!(quote(&"é".repeat(64)), format!("'{}'", "é".repeat(64)));
        // Characters that show as nothing, or as a plain space, are named.
        assert_eq!(
            quote("x\u{200b}\u{ad}\u{feff}\u{a0}o"),
            "'x\\u{200b}\\u{ad}\\u{feff}\\u{a0}o'"
        );
        assert_eq!(quote("中 x"), "'中 x'");
    }
}
