//! The command line, apart from the engine, the games and the store: its
//! arguments ([`args`], with clap), one module per subcommand
//! ([`commands`]), and the progress bar ([`progress`]).
//!
//! [`run`] carries out a parsed command line; the `gametable` binary calls
//! it and prints any error. It lives in the library so that the fuzz
//! targets parse arguments exactly as `gametable` does.

/// `println!` that returns the write's error instead of panicking, so that
/// a closed pipe (`gametable stats t.gtbl | head -3`) ends the program
/// quietly (see `main`) instead of crashing it.
macro_rules! say {
    () => {
        std::io::Write::write_all(&mut $crate::cli::stdout(), b"\n")?
    };
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(
            &mut $crate::cli::stdout(),
            format_args!("{}\n", format_args!($($arg)*)),
        )?
    };
}

/// `print!` as [`say!`] is `println!`.
macro_rules! say_inline {
    ($($arg:tt)*) => {{
        let mut out = $crate::cli::stdout();
        std::io::Write::write_fmt(&mut out, format_args!($($arg)*))?;
        std::io::Write::flush(&mut out)?;
    }};
}

/// Standard output, locked, whose write errors say what they were writing
/// to (`writing to standard output: No space left on device`), keeping
/// their kind: a closed pipe still ends the program quietly.
pub(crate) fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

/// See [`stdout`].
pub(crate) struct Stdout(std::io::StdoutLock<'static>);

impl std::io::Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes).map_err(writing_stdout)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(writing_stdout)
    }
}

fn writing_stdout(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("writing to standard output: {e}"))
}

pub mod args;
pub mod commands;
pub mod executor;
pub mod lines;
pub mod progress;
pub mod registry;
pub mod source;

use args::{
    BenchWhat, Cli, Command, CompressionArg, GenerateGame, PlayGame, QueryGame, SolveGame,
    SymmetryArg,
};

/// What a command returns: nothing, or an error for the person at the terminal.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Refuses a table given to `query cards` that is not of Cards, or not of
/// the variant `--cards` / `--modulus` name.
fn cards_table(
    game: &registry::BuiltIn,
    path: &std::path::Path,
    cards: Option<u8>,
    modulus: Option<u8>,
) -> Result<()> {
    let registry::BuiltIn::Cards(table_game) = game else {
        return Err(format!(
            "{}: a table of {}, not of cards (query it with `gametable query {} ...`)",
            path.display(),
            game.title(),
            crate::with_game!(game, g => crate::engine::Game::name(g))
        )
        .into());
    };
    let variant = table_game.variant();
    for (flag, given, held) in [
        ("--cards", cards, variant.cards()),
        ("--modulus", modulus, variant.modulus()),
    ] {
        if given.is_some_and(|given| given != held) {
            return Err(format!(
                "{}: a table of cards ({}, {}), but {flag} {} was given",
                path.display(),
                variant.cards(),
                variant.modulus(),
                given.unwrap_or_default()
            )
            .into());
        }
    }
    Ok(())
}

/// Carries out `cli`.
///
/// # Errors
/// Whatever the command ran into, as a message for people.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Solve { game } => match game {
            SolveGame::Cards { table } => commands::solve::cards(table.as_deref()),
            SolveGame::Stones => commands::solve::stones(),
        },
        Command::Generate { game } => match game {
            GenerateGame::Other(chosen) => {
                set_threads(chosen.args.threads)?;
                let args = &chosen.args;
                let game = chosen.game()?;
                executor::with_executor(&args.sweep, !args.no_distances, args.quiet, |ex| {
                    commands::generate::game(&game, args, ex)
                })
            }
            GenerateGame::Cards {
                cards,
                modulus,
                output,
                no_distances,
                threads,
                quiet,
                symmetry,
                compression,
                sweep,
            } => {
                set_threads(threads)?;
                executor::with_executor(&sweep, !no_distances, quiet, |ex| {
                    match (symmetry, compression) {
                        (SymmetryArg::None, CompressionArg::Zstd) => {
                            let options = commands::generate::Options {
                                distances: !no_distances,
                                quiet,
                            };
                            commands::generate::cards(cards, modulus, output, &options, ex)
                        }
                        (symmetry, compression) => commands::generate::outcome_table(
                            gametable::Variant::new(cards, modulus)?,
                            output,
                            match symmetry {
                                SymmetryArg::None => gametable_format::Symmetry::None,
                                SymmetryArg::Orbits => gametable_format::Symmetry::Orbits,
                            },
                            match compression {
                                CompressionArg::Zstd => gametable_format::Compression::Zstd,
                                CompressionArg::None => gametable_format::Compression::None,
                            },
                            !no_distances,
                            ex,
                        ),
                    }
                })
            }
        },
        Command::Verify { paths, deep } => commands::verify::run(paths, deep),
        Command::Query { game } => match game {
            QueryGame::Cards {
                cards,
                modulus,
                first,
                alice,
                bob,
                query,
            } => {
                let judged = match (first, alice, bob) {
                    (Some(first), Some(alice), Some(bob)) => Some((first.player(), alice, bob)),
                    (None, None, None) => None,
                    _ => return Err("give --position P (e.g. alice:10000000:00040020), or all of --first, --alice and --bob".into()),
                };
                let asks =
                    judged.is_some() || query.position.is_some() || query.positions.is_some();
                match (&query.table, judged) {
                    // The table names its game: read it once, for both.
                    (Some(path), judged) if asks => {
                        let (game, source) = source::open_file(path)?;
                        cards_table(&game, path, cards, modulus)?;
                        match judged {
                            Some((first, alice, bob)) => commands::query::cards(
                                &game, &source, first, &alice, &bob, query.json,
                            ),
                            None => commands::query::with_source(&game, &source, &query),
                        }
                    }
                    (Some(path), _) => {
                        let table = crate::store::read_table(path)?;
                        let game = registry::from_header(table.name(), table.parameters())
                            .map_err(|e| format!("{}: {e}", path.display()))?;
                        cards_table(&game, path, cards, modulus)?;
                        commands::query::game(&game, &query)
                    }
                    (None, judged) => {
                        let game = registry::entry("cards")?.build(&[
                            u64::from(cards.unwrap_or(gametable::Variant::CLASSIC.cards())),
                            u64::from(modulus.unwrap_or(gametable::Variant::CLASSIC.modulus())),
                        ])?;
                        match judged {
                            Some((first, alice, bob)) => commands::query::cards(
                                &game,
                                &source::open(&game, None)?,
                                first,
                                &alice,
                                &bob,
                                query.json,
                            ),
                            None => commands::query::game(&game, &query),
                        }
                    }
                }
            }
            // A table given sets the game's parameters left out; those
            // given must be the table's.
            QueryGame::Other(chosen) => match &chosen.args.table {
                Some(table) => {
                    // Asked before the table, which may be large, is read.
                    commands::query::some_position(chosen.entry.name, &chosen.args)?;
                    let (game, source) = chosen.open_table(table)?;
                    commands::query::with_source(&game, &source, &chosen.args)
                }
                None => commands::query::game(&chosen.game()?, &chosen.args),
            },
            QueryGame::Stones { piles, json } => commands::query::stones(&piles, json),
        },
        Command::Play { game } => match game {
            PlayGame::Other(chosen) => match &chosen.args.table {
                Some(table) => {
                    let (game, source) = chosen.open_table(table)?;
                    commands::play_game::run_with(&game, &source, &chosen.args)
                }
                None => commands::play_game::run(&chosen.game()?, &chosen.args),
            },
            PlayGame::Cards {
                side,
                first,
                alice,
                bob,
                seed,
                table,
            } => commands::play::cards(&commands::play::Setup {
                side: side.player(),
                first: first.player(),
                alice: alice.as_deref(),
                bob: bob.as_deref(),
                seed,
                table: table.as_deref(),
            }),
        },
        Command::Bench { what } => match what {
            BenchWhat::Sweep {
                cards,
                modulus,
                repeat,
                skip_baseline,
            } => commands::bench::sweep(cards, modulus, repeat, skip_baseline),
            BenchWhat::Measure {
                kind,
                cards,
                modulus,
                repeat,
            } => commands::bench::measure(&kind, cards, modulus, repeat),
        },
        Command::Stats { path } => commands::stats::run(&path),
        Command::Games => commands::games::run(),
        Command::Serve(args) => commands::serve::run(&args),
    }
}

/// Sizes rayon's global pool (`--threads`).
fn set_threads(threads: Option<usize>) -> Result<()> {
    if let Some(threads) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|e| format!("--threads {threads}: {e}"))?;
    }
    Ok(())
}
