//! The `gametable` command line: solve judge input, generate and verify
//! tables, query single positions.
//!
//! `main` parses the arguments and calls [`gametable_gen::cli::run`],
//! prints any error to stderr (its control characters escaped: a message
//! may quote input, which must not play escape sequences to the terminal)
//! and exits 1; a closed output pipe ends the program quietly.

use std::io;
use std::process::ExitCode;

use clap::Parser;
use gametable_gen::cli::args::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match gametable_gen::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gametable: error: {}", printable(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `message` with every control character but line breaks and tabs
/// escaped (`\u{1b}`).
fn printable(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() && c != '\n' && c != '\t' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
