//! The `gametable` command line: solve judge input, generate and verify
//! tables, query single positions.
//!
//! `main` parses the arguments ([`Cli::from_args`]) and calls [`gametable_gen::cli::run`],
//! prints any error to stderr (its control characters escaped: a message
//! may quote input, which must not play escape sequences to the terminal)
//! and exits 1; a closed output pipe ends the program quietly.

use std::io;
use std::process::ExitCode;

use gametable_gen::cli::args::Cli;
use gametable_gen::engine::notation;

fn main() -> ExitCode {
    let cli = Cli::from_args(std::env::args_os());
    match gametable_gen::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            // An error output that cannot be written (full, closed) leaves
            // the exit status to tell: eprintln! would panic.
            // One line, one write: the ranks of a job share stderr.
            gametable_gen::stderr::line(format_args!(
                "gametable: error: {}",
                printable(&e.to_string())
            ));
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// The most characters of a message printed: one that quotes a huge
/// input (a position of 100 KB) is cut there.
const MAX_MESSAGE: usize = 2000;

/// `message` with every control character but line breaks and tabs
/// escaped (`\u{1b}`), cut after [`MAX_MESSAGE`] characters.
fn printable(message: &str) -> String {
    let mut text: String = message
        .chars()
        .take(MAX_MESSAGE)
        .map(|c| match c {
            '\n' | '\t' => c.to_string(),
            _ => notation::shown(c),
        })
        .collect();
    let total = message.chars().count();
    if total > MAX_MESSAGE {
        text.push_str(&format!(
            "... ({} more characters not shown)",
            total - MAX_MESSAGE
        ));
    }
    text
}
