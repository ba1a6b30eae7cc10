//! The `gametable` command line: solve judge input, generate and verify
//! tables, query single positions.
//!
//! `main` calls `run`, prints any error to stderr and exits 1; a closed
//! output pipe ends the program quietly.

mod commands;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use gametable_gen::cli::{Cli, Command, First, GenerateGame, PlayGame, QueryGame, SolveGame};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn run(cli: Cli) -> Result<()> {
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
            } => commands::generate::cards(cards, modulus, output),
        },
        Command::Verify { paths, deep } => commands::verify::run(paths, deep),
        Command::Query { game } => match game {
            QueryGame::Cards {
                first,
                alice,
                bob,
                table,
            } => commands::query::cards(player(first), &alice, &bob, table.as_deref()),
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
                side: player(side),
                first: player(first),
                alice: alice.as_deref(),
                bob: bob.as_deref(),
                seed,
                table: table.as_deref(),
            }),
        },
        Command::Stats { path } => commands::stats::run(&path),
    }
}

fn player(side: First) -> gametable::Player {
    side.player()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gametable: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
