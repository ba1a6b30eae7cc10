//! The command line's shape: every subcommand and flag, with clap.
//!
//! It lives in the library (the binary only runs it) so that the fuzz
//! targets parse arguments exactly as `gametable` does.
// clap turns these doc comments into help text; the remaining items are
// named by what they parse.
#![allow(missing_docs)]
// The doc comments here are `--help` text, where `<cards>` and `[-raw]` are
// placeholders and options, not HTML or links.
#![allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::registry::Chosen;

/// Solved two-player games: answer judge input, generate and verify tables.
#[derive(Parser)]
#[command(name = "gametable", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The program's name and arguments parsed, exiting as clap does on a
    /// bad command line or after help or the version; but help or the
    /// version that cannot be written (a full disk) is a failure, said on
    /// stderr, exit 1 (a closed pipe stays quiet).
    pub fn from_args(args: impl IntoIterator<Item = OsString>) -> Cli {
        let args: Vec<OsString> = args.into_iter().collect();
        args.get(1..)
            .and_then(Cli::judge_command)
            .unwrap_or_else(|| {
                Cli::try_parse_from(&args).unwrap_or_else(|e| {
                    if let Some(why) = Cli::tableless_game(&args, &e) {
                        crate::stderr::line(format_args!("gametable: error: {why}"));
                        std::process::exit(e.exit_code())
                    }
                    // clap's own exit, but for help or the version that
                    // cannot be written (a full disk): that is a failure.
                    let printed = e.print();
                    let code = match (e.use_stderr(), printed) {
                        (false, Err(w)) if w.kind() != std::io::ErrorKind::BrokenPipe => {
                            use std::io::Write as _;
                            let _ = writeln!(
                                std::io::stderr(),
                                "gametable: error: writing to standard output: {w}"
                            );
                            1
                        }
                        _ => e.exit_code(),
                    };
                    std::process::exit(code)
                })
            })
    }

    /// Why a command of tables (`generate`, `play`) cannot take
    /// the game clap did not find among its subcommands, when that game
    /// has no tables (Stones, answered in closed form): clap would only say
    /// the subcommand is unrecognized.
    fn tableless_game(args: &[OsString], e: &clap::Error) -> Option<String> {
        if e.kind() != clap::error::ErrorKind::InvalidSubcommand {
            return None;
        }
        let [_, command, game, ..] = args else {
            return None;
        };
        let tables = ["generate", "play"].iter().any(|c| command == c);
        if !tables || game != "stones" {
            return None;
        }
        super::registry::entry("stones").err()
    }

    /// The judge's commands, `solve cards` and `solve stones` with nothing
    /// else, which the judge starts once per input: read here without
    /// building the whole command line's parser, nearly half of such a
    /// process's instructions (docs/performance.md). Any other command
    /// line is `None`, for clap; a test holds the two to the same answer.
    fn judge_command(args: &[OsString]) -> Option<Cli> {
        let [command, game] = args else {
            return None;
        };
        if command != "solve" {
            return None;
        }
        let game = match game.to_str()? {
            "cards" => SolveGame::Cards { table: None },
            "stones" => SolveGame::Stones,
            _ => return None,
        };
        Some(Cli {
            command: Command::Solve { game },
        })
    }
}

#[derive(Subcommand)]
pub enum Command {
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
        /// Table files to check, or directories whose .gtbl files to check
        /// (default: every .gtbl file in data/).
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
    /// Print what a table file holds: the game, outcome counts, distances.
    Stats {
        /// The table file.
        path: PathBuf,
    },
    /// List every game with its parameters and notations.
    Games,
    /// Serve the explorer: a page per position, play against perfect play,
    /// and a JSON API (/api/query, /api/openapi.json).
    Serve(ServeArgs),
}

/// What `serve` takes.
#[derive(Args)]
pub struct ServeArgs {
    /// The address and port to listen on (port 0: any free port; the address
    /// bound is printed on stdout).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub bind: std::net::SocketAddr,
    /// Also serve this outcome table (and the distance table beside it);
    /// repeatable. It replaces a built-in source of the same game and parameters.
    #[arg(long)]
    pub table: Vec<PathBuf>,
    /// Also serve every outcome table (*.gtbl) in this folder; repeatable.
    #[arg(long)]
    pub tables: Vec<PathBuf>,
    /// Threads that answer, and as many that do the network (default: one
    /// per core).
    #[arg(long, allow_negative_numbers = true, value_parser = threads)]
    pub threads: Option<usize>,
    /// Close a connection whose request head has not arrived whole this
    /// many seconds after it opened or after its last answer (a head never
    /// finished or trickling in, a keep-alive connection left idle), or
    /// that moves no byte for as long; more than the 5 s an answer may
    /// take (an answer taking longer gets 408).
    #[arg(long, allow_negative_numbers = true, default_value_t = 15, value_parser = idle_timeout)]
    pub idle_timeout: u32,
}

#[derive(Subcommand)]
pub enum BenchWhat {
    /// Time one variant's sweep: plain baseline, level sweep, orbits, all cores.
    Sweep {
        /// Cards per hand.
        #[arg(long, allow_negative_numbers = true, default_value_t = gametable::Variant::CLASSIC.cards(), value_parser = hand_size)]
        cards: u8,
        /// Card values are 0..modulus.
        #[arg(long, allow_negative_numbers = true, default_value_t = gametable::Variant::CLASSIC.modulus(), value_parser = modulus)]
        modulus: u8,
        /// Runs per sweep; the best time counts.
        #[arg(long, allow_negative_numbers = true, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
        /// Skip the plain queue-based baseline (slow and large for big variants).
        #[arg(long)]
        skip_baseline: bool,
    },
    /// One measurement in this process (used by `bench sweep`).
    #[command(hide = true)]
    Measure {
        /// The sweep to time: one of the kinds `bench sweep` lists, e.g.
        /// orbits or generic-orbits (another is refused with the list).
        #[arg(long)]
        kind: String,
        /// Cards per hand.
        #[arg(long, allow_negative_numbers = true, value_parser = hand_size)]
        cards: u8,
        /// The modulus.
        #[arg(long, allow_negative_numbers = true, value_parser = modulus)]
        modulus: u8,
        /// Runs; the best time counts.
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
    },
}

#[derive(Subcommand)]
pub enum SolveGame {
    /// Codeforces 919F input: T, then per situation f, Alice's and Bob's cards.
    Cards {
        /// Answer from this table file instead of the embedded (8, 5) table;
        /// its hand size and modulus are then the input's (n cards a hand,
        /// each below m).
        #[arg(long)]
        table: Option<PathBuf>,
    },
    /// ZOJ 3964 input: T, then per case n, the a_i and the b_i.
    Stones,
}

#[derive(Subcommand)]
pub enum GenerateGame {
    /// Solve Cards with the given hand size and modulus.
    Cards {
        /// Cards per hand.
        #[arg(long, allow_negative_numbers = true, default_value_t = gametable::Variant::CLASSIC.cards(), value_parser = hand_size)]
        cards: u8,
        /// Card values are 0..modulus.
        #[arg(long, allow_negative_numbers = true, default_value_t = gametable::Variant::CLASSIC.modulus(), value_parser = modulus)]
        modulus: u8,
        /// Where to write the table (default:
        /// data/cards-<cards>-<modulus>[-orbits][-raw].gtbl, by --symmetry and
        /// --compression). A fingerprint is written beside it and SHA256SUMS
        /// there is updated.
        #[arg(long)]
        output: Option<PathBuf>,
        /// Skip the distance table (<name>-distance.gtbl, one byte per stored
        /// state, two past 254 plies), and what the sweep keeps for it.
        #[arg(long)]
        no_distances: bool,
        /// Threads for the sweep (default: all cores).
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// No progress bar (it is also hidden when stderr is not a terminal).
        #[arg(long)]
        quiet: bool,
        /// Which states to store: every state, or one per orbit under
        /// multiplying by units (smaller, a few more loads per lookup).
        /// The distance table (unless --no-distances) is stored in the same
        /// way (default names data/cards-<cards>-<modulus>[-orbits][-raw].gtbl
        /// and <that stem>-distance.gtbl).
        #[arg(long, value_enum, default_value = "none")]
        symmetry: SymmetryArg,
        /// How to store the payload: zstd, or uncompressed (memory mapped by
        /// the lookup crate's OpenTable).
        #[arg(long, value_enum, default_value = "zstd")]
        compression: CompressionArg,
        #[command(flatten)]
        sweep: SweepArgs,
    },
    #[command(flatten)]
    Other(Chosen<GenerateArgs>),
}

/// How `generate` runs its sweep: with checkpoints, and over the ranks of
/// an MPI job when started by `mpirun` or `srun` (feature `mpi`).
#[derive(Args, Clone)]
pub struct SweepArgs {
    /// Write checkpoints to this directory (created if missing; one file
    /// per rank every --checkpoint-every levels, and a commit marker), so
    /// that a run killed at any point can continue with --resume.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Levels between checkpoints.
    #[arg(long, requires = "checkpoint", allow_negative_numbers = true, default_value_t = crate::distributed::DEFAULT_EVERY, value_parser = clap::value_parser!(u32).range(1..))]
    pub checkpoint_every: u32,
    /// Continue from the last committed checkpoint in the --checkpoint
    /// directory (the same command, the same number of ranks).
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
}

/// What `generate <game>` takes besides the game's parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Where to write the outcome table (default: data/<game>[-<parameters>].gtbl).
    /// The distance table, fingerprints and SHA256SUMS are written beside it.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Which states to store: one per orbit of the game's symmetry (a game
    /// without one stores every state), or every state.
    #[arg(long, value_enum, default_value = "orbits")]
    pub symmetry: SymmetryArg,
    /// How to store the payloads: zstd, or uncompressed (memory mapped).
    #[arg(long, value_enum, default_value = "zstd")]
    pub compression: CompressionArg,
    /// Skip the distance table (<name>-distance.gtbl).
    #[arg(long)]
    pub no_distances: bool,
    /// Stop once the tables are written: no count of the positions reachable
    /// from the start (`stats` prints it from the tables).
    #[arg(long)]
    pub no_census: bool,
    /// Threads for the sweep (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = threads)]
    pub threads: Option<usize>,
    /// No progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub sweep: SweepArgs,
}

/// What `query <game>` takes besides the game's parameters.
#[derive(Args)]
pub struct QueryArgs {
    /// The position in the game's notation (see `gametable games`).
    #[arg(long, conflicts_with = "positions", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Read positions one per line from this file ('-' for stdin) and print
    /// one JSON object per line; the table is opened once.
    #[arg(long)]
    pub positions: Option<PathBuf>,
    /// The outcome table (the distance table beside it is used too);
    /// default: data/<game>[-<parameters>].gtbl, else a solve in memory for
    /// small games.
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Print one JSON object: {"outcome", "distance", "moves": [{"move", "outcome", "distance"}]};
    /// outcome and distance (plies, null for a draw) are for the player to
    /// move, a move's for the opponent after it.
    #[arg(long)]
    pub json: bool,
}

/// What `play <game>` takes besides the game's parameters.
#[derive(Args)]
pub struct PlayArgs {
    /// The side you play: the one that moves first in the game, or the other.
    #[arg(long, value_enum, default_value = "first")]
    pub side: SideArg,
    /// Start from this position (default: the game's start).
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The outcome table to play from (default as for `query`).
    #[arg(long)]
    pub table: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// The player who moves first in the game.
    First,
    /// The other player.
    Second,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// Every state.
    None,
    /// One state per orbit.
    Orbits,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompressionArg {
    /// One zstd frame, decoded into memory when opened.
    Zstd,
    /// As is, memory mapped when opened.
    None,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum First {
    Alice,
    Bob,
}

#[derive(Subcommand)]
pub enum PlayGame {
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
        #[arg(long, num_args = 1.., allow_negative_numbers = true, value_parser = card_value)]
        alice: Option<Vec<u8>>,
        /// Bob's cards, separated by spaces (with --alice).
        #[arg(long, num_args = 1.., allow_negative_numbers = true, value_parser = card_value)]
        bob: Option<Vec<u8>>,
        /// Seed for the random hands, to replay a deal (default: from the clock).
        #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["alice", "bob"])]
        seed: Option<u64>,
        /// Play from this outcome table (any variant, every state or one per
        /// orbit) and the -distance table beside it instead of the embedded
        /// (8, 5) tables.
        #[arg(long)]
        table: Option<PathBuf>,
    },
    #[command(flatten)]
    Other(Chosen<PlayArgs>),
}

#[derive(Subcommand)]
pub enum QueryGame {
    /// One Cards situation, e.g. --position alice:10000000:00040020, or
    /// --first alice --alice 1 0 0 0 0 0 0 0 --bob 0 0 0 4 0 0 2 0
    Cards {
        /// Cards per hand (default 8; with --table, the table's, which must agree).
        #[arg(long, allow_negative_numbers = true, value_parser = hand_size)]
        cards: Option<u8>,
        /// Card values are 0..modulus (default 5; with --table, the table's, which must agree).
        #[arg(long, allow_negative_numbers = true, value_parser = modulus)]
        modulus: Option<u8>,
        /// Who moves first.
        #[arg(long, value_enum, conflicts_with_all = ["position", "positions"])]
        first: Option<First>,
        /// Alice's cards, separated by spaces.
        #[arg(long, num_args = 1.., allow_negative_numbers = true, value_parser = card_value, conflicts_with_all = ["position", "positions"])]
        alice: Option<Vec<u8>>,
        /// Bob's cards, separated by spaces.
        #[arg(long, num_args = 1.., allow_negative_numbers = true, value_parser = card_value, conflicts_with_all = ["position", "positions"])]
        bob: Option<Vec<u8>>,
        #[command(flatten)]
        query: QueryArgs,
    },
    /// One Stones position, e.g. --piles 4:1,1:0 (stones:constraint, comma separated).
    Stones {
        /// The piles as stones:constraint pairs; constraint 0 any, 1 odd, 2 even (for Alice).
        #[arg(long, allow_hyphen_values = true)]
        piles: String,
        /// Print one JSON object: {"winner", "why", "move": {"pile", "take", "leaving"} or null}.
        #[arg(long)]
        json: bool,
    },
    #[command(flatten)]
    Other(Chosen<QueryArgs>),
}

impl First {
    /// The player named.
    pub fn player(self) -> gametable::Player {
        match self {
            First::Alice => gametable::Player::Alice,
            First::Bob => gametable::Player::Bob,
        }
    }
}

/// Reads Cards' `--cards`, by the range the registry gives it.
fn hand_size(text: &str) -> Result<u8, String> {
    cards_parameter(text, "cards")
}

/// Reads Cards' `--modulus`, by the range the registry gives it.
fn modulus(text: &str) -> Result<u8, String> {
    cards_parameter(text, "modulus")
}

/// A Cards parameter, read and refused by its own range (`1..=64` cards),
/// not by a byte's, as the generic games' parameters are.
fn cards_parameter(text: &str, name: &str) -> Result<u8, String> {
    let spec = super::registry::entry("cards")?
        .parameters
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| format!("cards has no parameter {name}"))?;
    let value = spec.parse(text)?;
    spec.check(value)
        .map_err(|why| format!("{value} is {why}"))?;
    u8::try_from(value).map_err(|_| format!("{value} is past a byte"))
}

/// Reads a card value of `--alice` or `--bob`; whether it is below the
/// modulus is checked with the hand.
fn card_value(text: &str) -> Result<u8, String> {
    text.parse().map_err(|_| {
        format!(
            "expected a card value, a whole number below the modulus (at most {})",
            gametable::MAX_MODULUS - 1
        )
    })
}

/// The most threads `--threads` takes: far more than any machine's cores,
/// few enough that starting them costs little.
pub const MAX_THREADS: usize = 1024;

/// Reads `--threads`: 1 to [`MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=MAX_THREADS) => Ok(n),
        Ok(_) => Err(format!("expected 1 to {MAX_THREADS} threads")),
        Err(_) => Err("expected a whole number of threads".into()),
    }
}

/// Reads `--idle-timeout`: longer than a request may take (a connection
/// waits silently while its request is answered), at most an hour.
fn idle_timeout(text: &str) -> Result<u32, String> {
    let least = crate::cli::commands::serve::REQUEST_TIME.as_secs() + 1;
    match text.parse::<u32>() {
        Ok(n) if (least..=3600).contains(&u64::from(n)) => Ok(n),
        Ok(_) => Err(format!(
            "expected {least} to 3600 seconds (more than the {} s a request may take)",
            least - 1
        )),
        Err(_) => Err("expected a whole number of seconds".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    /// The judge's shortcut gives what clap gives for its two commands and
    /// leaves every other command line to clap.
    #[test]
    fn the_judge_shortcut_parses_as_clap_does() {
        for line in ["solve cards", "solve stones"] {
            let quick = Cli::judge_command(&words(line)).expect(line);
            let full = Cli::try_parse_from(std::iter::once("gametable").chain(line.split(' ')))
                .expect(line);
            match (quick.command, full.command) {
                (
                    Command::Solve {
                        game: SolveGame::Cards { table: a },
                    },
                    Command::Solve {
                        game: SolveGame::Cards { table: b },
                    },
                ) => assert_eq!((a, b), (None, None)),
                (
                    Command::Solve {
                        game: SolveGame::Stones,
                    },
                    Command::Solve {
                        game: SolveGame::Stones,
                    },
                ) => {}
                _ => panic!("{line}: the shortcut and clap differ"),
            }
        }
        for line in [
            "",
            "solve",
            "solve cards --table t.gtbl",
            "solve stones --help",
            "solve tictactoe",
            "solve Cards",
            "query cards",
            "--version",
            "solve cards extra",
        ] {
            assert!(Cli::judge_command(&words(line)).is_none(), "{line:?}");
        }
    }
}
