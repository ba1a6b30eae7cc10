//! `gametable play <game>` for any game with a notation: a person against
//! perfect play in the terminal.
//!
//! Moves are read from standard input one per line in the game's notation,
//! so a test or a script can pipe a whole game; `hint` shows the best
//! moves, `quit` or the end of input stops. Perfect play wins fastest,
//! loses slowest and keeps draws, taking the first best move in the game's
//! order, so a game is reproducible. A drawn position that comes a third
//! time ends the game as a draw (`Repetitions`).

use std::collections::HashMap;
use std::io::{self, BufRead, Write};

use crate::cli::args::{PlayArgs, SideArg};
use crate::cli::lines::{next_line, Line};
use crate::cli::registry::BuiltIn;
use crate::cli::source::{self, Source};
use crate::engine::analysis::Analysis;
use crate::engine::{quote, Notation, Side};
use crate::report;

/// `play <game>`, reading moves from standard input.
pub fn run(game: &BuiltIn, args: &PlayArgs) -> crate::cli::Result<()> {
    let source = source::open(game, args.table.as_deref())?;
    run_with(game, &source, args)
}

/// As [`run`], from the table already opened.
///
/// # Errors
/// As [`run`].
pub fn run_with(game: &BuiltIn, source: &Source, args: &PlayArgs) -> crate::cli::Result<()> {
    source.check_playable()?;
    let stdin = io::stdin();
    crate::with_game!(game, g => play(g, source, args, stdin.lock(), &mut crate::cli::stdout()))
}

fn play<G: Notation>(
    game: &G,
    source: &Source,
    args: &PlayArgs,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> crate::cli::Result<()> {
    let (mut index, mut side) = match &args.position {
        Some(text) => game
            .parse_spot(text)
            .map_err(|e| format!("--position {}: {e}", quote(text)))?,
        None => {
            let start = game
                .start()
                .ok_or_else(|| format!("{} has no start position: give --position", game.name()))?;
            (start, game.to_move(start))
        }
    };
    let person = match args.side {
        SideArg::First => Side::First,
        SideArg::Second => Side::Second,
    };
    let (you, engine) = (game.side_name(person), game.side_name(person.other()));
    writeln!(
        out,
        "{}: you are {you}, perfect play is {engine}. A move is {}.",
        crate::cli::registry::title(game.name(), &game.parameters()),
        game.move_help()
    )?;
    writeln!(out, "Type a move, 'hint' for the best moves, or 'quit'.")?;
    let mut plies = 0u32;
    let mut repetitions = Repetitions::default();
    loop {
        let here = source
            .analyse(game, index, side)
            .map_err(|e| format!("{}: {e}", source.describe()))?;
        writeln!(out)?;
        writeln!(out, "{}", game.picture_spot(index, side).trim_end())?;
        if here.moves.is_empty() {
            let result = match (here.outcome, here.distance) {
                (gametable::Outcome::Draw, _) => "a draw".to_string(),
                (outcome, _) => {
                    let winner = if outcome == gametable::Outcome::Win {
                        side
                    } else {
                        side.other()
                    };
                    let who = if winner == person {
                        "you win"
                    } else {
                        "perfect play wins"
                    };
                    format!("{} wins ({who})", game.side_name(winner))
                }
            };
            writeln!(out, "Game over after {}: {result}.", report::plies(plies))?;
            return Ok(());
        }
        if here.outcome == gametable::Outcome::Draw
            && repetitions.third((index, side == Side::First))
        {
            writeln!(
                out,
                "Game over after {}: a draw by repetition ({}).",
                report::plies(plies),
                Repetitions::WHY
            )?;
            return Ok(());
        }
        if side != person {
            let Some(best) = here.best() else {
                return Err("internal error: a position with moves has no best move".into());
            };
            writeln!(
                out,
                "{engine} plays {}: {}.",
                best.name,
                after(game, side, best.outcome, best.distance)
            )?;
            index = best.index;
            side = side.other();
            plies += 1;
            continue;
        }
        writeln!(
            out,
            "Position: {}.",
            report::in_words(game, side, here.outcome, here.distance)
        )?;
        let legal = names(&here);
        writeln!(out, "Your legal moves: {legal}")?;
        let chosen = loop {
            let line = match prompt(&mut input, out, &report::plies(plies))? {
                Reply::Stop => return Ok(()),
                Reply::Line(line) => line,
            };
            let line = line.as_str();
            match line {
                _ if is_hint(line) => {
                    let best: Vec<String> = here
                        .best_moves()
                        .iter()
                        .map(|m| {
                            format!("{} ({})", m.name, after(game, side, m.outcome, m.distance))
                        })
                        .collect();
                    writeln!(out, "Best moves: {}", best.join(", "))?;
                    continue;
                }
                _ => {}
            }
            match here.moves.iter().find(|m| m.name == line) {
                Some(m) => break m.clone(),
                None => {
                    let why = game
                        .refuse_move(index, side, line)
                        .map(|why| format!(" ({why})"))
                        .unwrap_or_default();
                    writeln!(
                        out,
                        "Refused: {} is not a legal move here{why}; legal moves: {legal}.",
                        quote(line)
                    )?;
                }
            }
        };
        writeln!(
            out,
            "You play {}: {}.",
            chosen.name,
            after(game, side, chosen.outcome, chosen.distance)
        )?;
        index = chosen.index;
        side = side.other();
        plies += 1;
    }
}

/// The positions a game in the terminal has reached that perfect play
/// draws, and how often each came, by its index and whether the first
/// player is to move.
///
/// Neither side can force a win from such a position, and perfect play
/// keeps the draw, so play could go round for ever: the third time one
/// comes, the game ends as a draw (Dobutsu shogi's rule for a position
/// repeated; Cards' and the engine's draws are endless play). A position
/// that one side can win from is never ended so: the person may still
/// find the win.
#[derive(Default)]
pub(crate) struct Repetitions(HashMap<(u64, bool), u8>);

impl Repetitions {
    /// The reason, as the end of the game says it.
    pub(crate) const WHY: &'static str =
        "this position has come three times, and neither side can force a win from it";

    /// Counts one more coming of the drawn position `key`: whether it is
    /// the third.
    pub(crate) fn third(&mut self, key: (u64, bool)) -> bool {
        let seen = self.0.entry(key).or_insert(0);
        *seen = seen.saturating_add(1);
        *seen >= 3
    }
}

/// What a person answered at the move prompt.
pub(crate) enum Reply {
    /// A line with something on it, trimmed: a move, or `hint`.
    Line(String),
    /// The game is stopped (`quit`, or the end of input), and said so.
    Stop,
}

/// Whether a person's line asks for the best moves (`hint` in any case,
/// or `?`).
pub(crate) fn is_hint(line: &str) -> bool {
    line.eq_ignore_ascii_case("hint") || line == "?"
}

/// The longest line read as a move.
const MAX_MOVE_LINE: usize = 4096;

/// Asks for a move until a non-empty line comes; on `quit` or the end of
/// input says the game stopped after `played` (moves or plies in words).
pub(crate) fn prompt(
    input: &mut impl BufRead,
    out: &mut impl Write,
    played: &str,
) -> std::io::Result<Reply> {
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let line = match next_line(input, MAX_MOVE_LINE)? {
            None => {
                writeln!(out)?;
                writeln!(out, "End of input: game stopped after {played}, no result.")?;
                return Ok(Reply::Stop);
            }
            // Its end may never come (`/dev/zero`): the game stops, and
            // the exit status says the input was refused.
            Some(Line::TooLong) => {
                writeln!(out)?;
                writeln!(
                    out,
                    "That line is longer than {MAX_MOVE_LINE} bytes, which no move is: game stopped after {played}, no result."
                )?;
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("a line of input longer than {MAX_MOVE_LINE} bytes: no move is"),
                ));
            }
            Some(Line::Bytes(bytes)) => match String::from_utf8(bytes) {
                Ok(line) => line,
                Err(e) => {
                    writeln!(
                        out,
                        "That line is not UTF-8 (byte {}); type a move.",
                        e.utf8_error().valid_up_to() + 1
                    )?;
                    continue;
                }
            },
        };
        match line.trim() {
            "" => continue,
            quit if quit.eq_ignore_ascii_case("quit") || quit.eq_ignore_ascii_case("q") => {
                writeln!(out, "Game stopped after {played}, no result.")?;
                return Ok(Reply::Stop);
            }
            line => return Ok(Reply::Line(line.to_string())),
        }
    }
}

/// Every legal move's name, separated by commas.
fn names(a: &Analysis) -> String {
    a.moves
        .iter()
        .map(|m| m.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The result of a move by `side` in words, counted from before it.
fn after<G: Notation>(
    game: &G,
    side: Side,
    outcome: gametable::Outcome,
    distance: Option<u16>,
) -> String {
    report::in_words(game, side.other(), outcome, distance.map(|d| d + 1))
}
