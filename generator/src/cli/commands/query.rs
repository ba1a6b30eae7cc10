//! `gametable query`: one position, explained for a person.

use std::io::{self, BufRead, Write};

use gametable::{Hand, Outcome, Player, Position, Verdict};

use crate::cli::args::QueryArgs;
use crate::cli::lines::{next_line, Line};
use crate::cli::registry::BuiltIn;
use crate::cli::source::{self, Source};
use crate::engine::analysis::{Analysis, MoveResult};
use crate::engine::{quote, Game, Notation, Side};
use crate::judge::scan::BOM;
use crate::report;

/// The longest line `--positions` reads (a Dobutsu game of 100,000 plies
/// written as moves fits).
pub const MAX_POSITION_LINE: usize = 1 << 20;

/// `query cards --first P --alice ... --bob ...`: the situation in the
/// judge's terms (who wins, as the judge says it), then what `--position`
/// says of it (distance and every move), from any Cards source (the
/// embedded tables, a full or reduced table and the distance table beside
/// it); with `--json`, the same object `--position` gives.
pub fn cards(
    game: &BuiltIn,
    source: &Source,
    first: Player,
    alice: &[u8],
    bob: &[u8],
    json: bool,
) -> crate::cli::Result<()> {
    let BuiltIn::Cards(cards) = game else {
        return Err(format!("{} is not Cards", game.title()).into());
    };
    let variant = cards.variant();
    let alice_hand = Hand::from_cards(variant, alice).map_err(|e| format!("--alice: {e}"))?;
    let bob_hand = Hand::from_cards(variant, bob).map_err(|e| format!("--bob: {e}"))?;
    let (to_move, waiting, side) = match first {
        Player::Alice => (alice_hand, bob_hand, Side::First),
        Player::Bob => (bob_hand, alice_hand, Side::Second),
    };
    let index = Position::new(to_move, waiting)?.index();
    let a = source
        .analyse(cards, index, side)
        .map_err(|e| format!("{}: {e}", source.describe()))?;
    if json {
        say!("{}", report::json(&a));
        return Ok(());
    }
    let other = first.other();
    let why = if to_move.is_all_zero() {
        format!("{first} already holds only zeros, and so has won")
    } else if waiting.is_all_zero() {
        format!("{other} already holds only zeros, and so has won")
    } else {
        match a.outcome {
            Outcome::Win => format!("{first} moves first and can force a win"),
            Outcome::Loss => {
                format!("{first} moves first, but {other} can force a win whatever {first} does")
            }
            Outcome::Draw => {
                "neither player can force a win: with perfect play the game never ends".to_string()
            }
        }
    };
    // The judge's verdict, then the position as `--position` explains it.
    say!(
        "Verdict: {} ({why})",
        Verdict::from_outcome(first, a.outcome)
    );
    say!("{}", for_people(cards, &a, source).trim_end());
    Ok(())
}

/// `query stones`.
pub fn stones(piles: &str, json: bool) -> crate::cli::Result<()> {
    use crate::games::stones::query;
    let piles = query::parse_piles(piles).map_err(|e| format!("--piles: {e}"))?;
    if json {
        say!("{}", query::explain_json(&piles));
    } else {
        say!("{}", query::explain(&piles).trim_end());
    }
    Ok(())
}

/// `query <game> --position P` (or `--positions FILE`) for any game, from
/// the table given, the default table, or a solve in memory.
pub fn game(game: &BuiltIn, args: &QueryArgs) -> crate::cli::Result<()> {
    // Asked first, before a table is opened.
    some_position(crate::with_game!(game, g => g.name()), args)?;
    // A malformed position is named before any table is opened.
    if let Some(position) = &args.position {
        crate::with_game!(game, g => g.parse_spot(position).map(|_| ()))
            .map_err(|e| format!("--position {}: {e}", quote(position)))?;
    }
    let source = source::open(game, args.table.as_deref())?;
    with_source(game, &source, args)
}

/// Refuses a query that names no position (`--position` or `--positions`).
/// (`name`: the game's, which the message names.)
pub fn some_position(name: &str, args: &QueryArgs) -> crate::cli::Result<()> {
    if args.position.is_none() && args.positions.is_none() {
        return Err(format!(
            "give --position P, or --positions - to read positions from stdin; \
             `gametable games` shows how {name} positions are written"
        )
        .into());
    }
    Ok(())
}

/// `query <game>` once the table is open (`query cards --table` opens it
/// with [`source::open_file`], which also names the game).
pub fn with_source(game: &BuiltIn, source: &Source, args: &QueryArgs) -> crate::cli::Result<()> {
    some_position(crate::with_game!(game, g => g.name()), args)?;
    crate::with_game!(game, g => answer(g, source, args))
}

fn answer<G: Notation>(game: &G, source: &Source, args: &QueryArgs) -> crate::cli::Result<()> {
    if let Some(path) = &args.positions {
        let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(io::stdin().lock())
        } else {
            // The one rule for a path a person names: a folder or a link
            // to nothing is said to be one; a named pipe is a stream.
            Box::new(io::BufReader::new(
                gametable_format::open_stream_for_reading(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            ))
        };
        // One answer per line, in order, so that answers pair with lines
        // by position; a line that cannot be answered (empty, not UTF-8,
        // malformed) gets its error and the exit status says so.
        let mut out = io::BufWriter::new(crate::cli::stdout());
        let (mut lines, mut failed) = (0u64, 0u64);
        let mut input = input;
        let read_error = |e: io::Error| format!("{}: {e}", path.display());
        while let Some(line) = next_line(&mut input, MAX_POSITION_LINE).map_err(read_error)? {
            lines += 1;
            let answer = match &line {
                // Its end may never come (`/dev/zero`): the reading stops.
                Line::TooLong => {
                    writeln!(
                        out,
                        "{}",
                        report::json_error(&format!(
                            "line {lines}: longer than {MAX_POSITION_LINE} bytes; no position is"
                        ))
                    )?;
                    out.flush()?;
                    let input = if path.as_os_str() == "-" {
                        "stdin".to_string()
                    } else {
                        path.display().to_string()
                    };
                    return Err(format!(
                        "line {lines} of {input} is longer than {MAX_POSITION_LINE} bytes: stopped reading there{}",
                        match failed {
                            0 => String::new(),
                            n => format!(" ({n} lines before it could not be answered either)"),
                        }
                    )
                    .into());
                }
                // A byte-order mark that an editor wrote before the
                // first line is no part of it (a bad byte's place still
                // counts the mark's bytes: it is one in the file).
                Line::Bytes(line) => {
                    let (mark, line) = match line.strip_prefix(BOM) {
                        Some(rest) if lines == 1 => (BOM.len(), rest),
                        _ => (0, &line[..]),
                    };
                    match std::str::from_utf8(line) {
                        Err(e) => Err(format!(
                            "not UTF-8 (byte {} of the line)",
                            mark + e.valid_up_to() + 1
                        )),
                        Ok(text) if text.trim().is_empty() => Err("an empty line".to_string()),
                        Ok(text) => explain(game, source, text).map_err(|e| match e {
                            Unanswered::Position(e) => e,
                            Unanswered::Table(e) => format!("{}: {e}", source.describe()),
                        }),
                    }
                }
            };
            let text = match answer {
                Ok(analysis) => report::json(&analysis),
                Err(e) => {
                    failed += 1;
                    report::json_error(&format!("line {lines}: {e}"))
                }
            };
            writeln!(out, "{text}")?;
        }
        out.flush()?;
        if failed > 0 {
            return Err(format!(
                "{failed} of {lines} lines could not be answered (their answers are {{\"error\": ...}})"
            )
            .into());
        }
        return Ok(());
    }
    let position = args.position.as_deref().unwrap_or_default();
    let analysis = explain(game, source, position).map_err(|e| match e {
        Unanswered::Position(e) => format!("--position {}: {e}", quote(position)),
        Unanswered::Table(e) => format!("{}: {e}", source.describe()),
    })?;
    if args.json {
        say!("{}", report::json(&analysis));
    } else {
        say_inline!("{}", for_people(game, &analysis, source));
    }
    Ok(())
}

/// Why a position was not answered: the position asked (the notation's
/// message), or the table (no answer, or one the rules contradict).
#[derive(Debug)]
pub enum Unanswered {
    /// The text is not a position of the game.
    Position(String),
    /// The table cannot answer it truly.
    Table(String),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unanswered::Position(e) | Unanswered::Table(e) => f.write_str(e),
        }
    }
}

/// The answer for one position written in the game's notation.
///
/// # Errors
/// The notation's message naming the character or move at fault, or the
/// table's fault.
pub fn explain<G: Notation>(game: &G, source: &Source, text: &str) -> Result<Analysis, Unanswered> {
    let (index, side) = game
        .parse_spot(text)
        .map_err(|e| Unanswered::Position(e.to_string()))?;
    source.analyse(game, index, side).map_err(Unanswered::Table)
}

/// An answer in words: the picture, the outcome, the moves grouped by result.
pub fn for_people<G: Notation>(game: &G, a: &Analysis, source: &Source) -> String {
    let mut text = String::new();
    let title = crate::cli::registry::title(game.name(), &game.parameters());
    let mover = game.side_name(a.side);
    text.push_str(&format!("{title}: {}\n", game.write_spot(a.index, a.side)));
    text.push_str(game.picture_spot(a.index, a.side).trim_end());
    text.push('\n');
    let verdict = report::in_words(game, a.side, a.outcome, a.distance);
    if a.moves.is_empty() {
        text.push_str(&format!("The game is over: {verdict}.\n"));
    } else {
        text.push_str(&format!("{mover} to move: {verdict}.\n"));
        let mut moves: Vec<&MoveResult> = a.moves.iter().collect();
        moves.sort_by_key(|m| m.rank());
        let next = a.side.other();
        for (label, outcome) in [
            ("winning", Outcome::Loss),
            ("drawing", Outcome::Draw),
            ("losing", Outcome::Win),
        ] {
            let group: Vec<String> = moves
                .iter()
                .filter(|m| m.outcome == outcome)
                .map(|m| match outcome {
                    Outcome::Draw => m.name.clone(),
                    _ => format!(
                        "{} ({})",
                        m.name,
                        report::in_words(game, next, m.outcome, m.distance.map(|d| d + 1))
                    ),
                })
                .collect();
            if !group.is_empty() {
                text.push_str(&format!(
                    "{label} moves for {mover}: {}\n",
                    group.join(", ")
                ));
            }
        }
    }
    if !source.has_distances() {
        text.push_str("(no distance table: distances not shown)\n");
    }
    text.push_str(&format!("Answers from {}.\n", source.describe()));
    text
}
