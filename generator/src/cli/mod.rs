//! The command line, apart from the engine, the games and the store: its
//! arguments ([`args`], with clap), one module per subcommand
//! ([`commands`]), and the progress bar ([`progress`]).
//!
//! [`run`] carries out a parsed command line; the `gametable` binary calls
//! it and prints any error. It lives in the library so that the fuzz
//! targets parse arguments exactly as `gametable` does.

pub mod args;
pub mod commands;
pub mod progress;

use args::{
    BenchWhat, Cli, Command, CompressionArg, GenerateGame, PlayGame, QueryGame, SolveGame,
    SymmetryArg,
};

/// What a command returns: nothing, or an error for the person at the terminal.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

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
            GenerateGame::Cards {
                cards,
                modulus,
                output,
                no_distances,
                threads,
                quiet,
                symmetry,
                compression,
            } => {
                if let Some(threads) = threads {
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build_global()
                        .map_err(|e| format!("--threads {threads}: {e}"))?;
                }
                match (symmetry, compression) {
                    (SymmetryArg::None, CompressionArg::Zstd) => {
                        let options = commands::generate::Options {
                            distances: !no_distances,
                            quiet,
                        };
                        commands::generate::cards(cards, modulus, output, &options)
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
                    ),
                }
            }
        },
        Command::Verify { paths, deep } => commands::verify::run(paths, deep),
        Command::Query { game } => match game {
            QueryGame::Cards {
                first,
                alice,
                bob,
                table,
            } => commands::query::cards(first.player(), &alice, &bob, table.as_deref()),
            QueryGame::Stones { piles } => commands::query::stones(&piles),
        },
        Command::Play { game } => match game {
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
    }
}
