//! The `gametable` command line: solve judge input, generate and verify
//! tables, query single positions.
//!
//! `main` calls `run`, prints any error to stderr and exits 1; a closed
//! output pipe ends the program quietly.

mod commands;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Solved two-player games: answer judge input, generate and verify tables.
#[derive(Parser)]
#[command(name = "gametable", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer judge input on stdin, one verdict per line on stdout.
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// Solve a game by retrograde analysis and write its table.
    Generate {
        #[command(subcommand)]
        game: GenerateGame,
    },
    /// Check table files: header, checksums, fingerprint, and a fresh regeneration.
    Verify {
        /// Table files to check (default: every .gtbl file in data/).
        paths: Vec<PathBuf>,
        /// Also check each outcome table and the distance table beside it one
        /// move deep against the rules alone, trusting no sweep.
        #[arg(long)]
        deep: bool,
    },
    /// Explain one position for a person.
    Query {
        #[command(subcommand)]
        game: QueryGame,
    },
    /// Play a game against perfect play in the terminal (moves on stdin).
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Measure the sweep against the plain queue-based full-table sweep.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Print the parameters and outcome counts of a table file.
    Stats {
        /// The table file.
        path: PathBuf,
    },
}

#[derive(Subcommand)]
enum BenchWhat {
    /// Time one variant's sweep: plain baseline, level sweep, orbits, all cores.
    Sweep {
        /// Cards per hand.
        #[arg(long, default_value_t = 8)]
        cards: u8,
        /// Card values are 0..modulus.
        #[arg(long, default_value_t = 5)]
        modulus: u8,
        /// Runs per sweep; the best time counts.
        #[arg(long, default_value_t = 5)]
        repeat: u32,
        /// Skip the plain queue-based baseline (slow and large for big variants).
        #[arg(long)]
        skip_baseline: bool,
    },
    /// One measurement in this process (used by `bench sweep`).
    #[command(hide = true)]
    Measure {
        /// plain, full, orbits or orbits-parallel.
        #[arg(long)]
        kind: String,
        /// Cards per hand.
        #[arg(long)]
        cards: u8,
        /// The modulus.
        #[arg(long)]
        modulus: u8,
        /// Runs; the best time counts.
        #[arg(long)]
        repeat: u32,
    },
}

#[derive(Subcommand)]
enum SolveGame {
    /// Codeforces 919F input: T, then per situation f, Alice's and Bob's cards.
    Cards {
        /// Answer from this table file instead of the embedded (8, 5) table.
        #[arg(long)]
        table: Option<PathBuf>,
    },
    /// ZOJ 3964 input: T, then per case n, the a_i and the b_i.
    Stones,
}

#[derive(Subcommand)]
enum GenerateGame {
    /// Solve Cards with the given hand size and modulus.
    Cards {
        /// Cards per hand.
        #[arg(long, default_value_t = 8)]
        cards: u8,
        /// Card values are 0..modulus.
        #[arg(long, default_value_t = 5)]
        modulus: u8,
        /// Where to write the table (default: data/cards-<cards>-<modulus>.gtbl).
        /// A fingerprint is written beside it and SHA256SUMS there is updated.
        #[arg(long)]
        output: Option<PathBuf>,
        /// Skip the distance table (<name>-distance.gtbl, one byte per state);
        /// the outcome sweep then runs on all cores.
        #[arg(long)]
        no_distances: bool,
        /// Threads for the sweep (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// No progress bar (it is also hidden when stderr is not a terminal).
        #[arg(long)]
        quiet: bool,
        /// Which states to store: every state, or one per orbit under
        /// multiplying by units (smaller, a few more loads per lookup).
        /// Anything but the default writes the outcome table only (default
        /// name data/cards-<cards>-<modulus>[-orbits][-raw].gtbl).
        #[arg(long, value_enum, default_value = "none")]
        symmetry: SymmetryArg,
        /// How to store the payload: zstd, or uncompressed (memory mapped by
        /// the lookup crate's OpenTable).
        #[arg(long, value_enum, default_value = "zstd")]
        compression: CompressionArg,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// Every state.
    None,
    /// One state per orbit.
    Orbits,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CompressionArg {
    /// One zstd frame, decoded into memory when opened.
    Zstd,
    /// As is, memory mapped when opened.
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum First {
    Alice,
    Bob,
}

#[derive(Subcommand)]
enum PlayGame {
    /// Cards against perfect play: type each move as two card values, yours
    /// then the engine's (e.g. "3 4"), one per line; "hint" shows the best
    /// moves; "quit" or the end of input stops.
    Cards {
        /// The side you play.
        #[arg(long, value_enum, default_value = "alice")]
        side: First,
        /// Who moves first.
        #[arg(long, value_enum, default_value = "alice")]
        first: First,
        /// Alice's cards, separated by spaces (with --bob; default: random hands).
        #[arg(long, num_args = 1..)]
        alice: Option<Vec<u8>>,
        /// Bob's cards, separated by spaces (with --alice).
        #[arg(long, num_args = 1..)]
        bob: Option<Vec<u8>>,
        /// Seed for the random hands, to replay a deal (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Play from this outcome table and the -distance table beside it
        /// instead of the embedded (8, 5) tables.
        #[arg(long)]
        table: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum QueryGame {
    /// One Cards situation, e.g. --first alice --alice 1 0 0 0 0 0 0 0 --bob 0 0 0 4 0 0 2 0
    Cards {
        /// Who moves first.
        #[arg(long, value_enum)]
        first: First,
        /// Alice's cards, separated by spaces.
        #[arg(long, num_args = 1.., required = true)]
        alice: Vec<u8>,
        /// Bob's cards, separated by spaces.
        #[arg(long, num_args = 1.., required = true)]
        bob: Vec<u8>,
        /// Answer from this table file (any variant) instead of the embedded one.
        #[arg(long)]
        table: Option<PathBuf>,
    },
    /// One Stones position, e.g. --piles 4:1,1:0 (stones:constraint, comma separated).
    Stones {
        /// The piles as stones:constraint pairs; constraint 0 any, 1 odd, 2 even (for Alice).
        #[arg(long)]
        piles: String,
    },
}

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
                            SymmetryArg::Orbits => gametable_format::Symmetry::UnitOrbits,
                        },
                        match compression {
                            CompressionArg::Zstd => gametable_format::Compression::Zstd,
                            CompressionArg::None => gametable_format::Compression::None,
                        },
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

fn player(side: First) -> gametable::Player {
    match side {
        First::Alice => gametable::Player::Alice,
        First::Bob => gametable::Player::Bob,
    }
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
