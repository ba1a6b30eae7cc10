//! The games the command line knows, in one list ([`GAMES`]): each with its
//! name, its parameters (defaults and ranges) and how to build it.
//!
//! Commands are written once over `G: Game + Notation` and reach a game
//! through [`BuiltIn`] and [`with_game!`](crate::with_game). The
//! subcommands `generate`, `query` and `play` of every game marked
//! `generic_cli` are made from this list ([`Chosen`]), so adding a game is
//! one entry here: an [`Entry`], a [`BuiltIn`] variant and its arm in
//! [`with_game!`](crate::with_game), and the few places outside it that
//! `docs/add-a-game.md` lists (the explorer's board, the API document).
//! Cards keeps subcommands of its own
//! (its fast path and older flags) but is built here too, from table
//! headers for `stats` and `verify`.

use std::path::PathBuf;

use clap::{Arg, ArgMatches, FromArgMatches};

use crate::engine::quote;
use crate::engine::Game;
use crate::games::cards::game::Cards;
use crate::games::connect4::{self, ConnectFour};
use crate::games::dobutsu::Dobutsu;
use crate::games::tictactoe::TicTacToe;

/// One parameter of a game on the command line (`--width 5`).
pub struct ParameterSpec {
    /// Its name, as the flag and the table header write it.
    pub name: &'static str,
    /// What it is, for `--help` and `gametable games`.
    pub help: &'static str,
    /// Its value when none is given.
    pub default: u64,
    /// The smallest value accepted.
    pub min: u64,
    /// The largest value accepted (the game may refuse some combinations).
    pub max: u64,
    /// The values accepted are `min`, `min + step`, ... up to `max`.
    pub step: u64,
}

impl ParameterSpec {
    /// The values accepted, in words: `1..=9`, or `0 or 2` for a parameter
    /// that steps over values.
    pub fn accepted(&self) -> String {
        if self.step <= 1 {
            return format!("{}..={}", self.min, self.max);
        }
        let values: Vec<String> = self.values().map(|v| v.to_string()).collect();
        match values.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => values.join(""),
        }
    }

    /// Reads a value as the command line gives it: a whole number.
    ///
    /// # Errors
    /// Text that is not one, with the values accepted.
    pub fn parse(&self, text: &str) -> Result<u64, String> {
        text.parse::<u64>()
            .map_err(|_| format!("expected a whole number, {}", self.accepted()))
    }

    /// Checks that `value` is one of the values accepted: in `min..=max`,
    /// and on a step from `min` (so that `--giraffes 1` and `--giraffes 3`
    /// are refused in the same words).
    ///
    /// # Errors
    /// What the value is not: `not in 1..=9`, `not 0 or 2`.
    pub fn check(&self, value: u64) -> Result<(), String> {
        let on_step = value
            .saturating_sub(self.min)
            .is_multiple_of(self.step.max(1));
        if (self.min..=self.max).contains(&value) && on_step {
            return Ok(());
        }
        let is_in = if self.step > 1 { "" } else { "in " };
        Err(format!("not {is_in}{}", self.accepted()))
    }

    /// Every value accepted, in order.
    pub fn values(&self) -> impl Iterator<Item = u64> {
        (self.min..=self.max).step_by(self.step.max(1) as usize)
    }
}

/// A game the command line knows.
pub struct Entry {
    /// Its name on the command line and in table headers.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Its parameters, in the order tables record them.
    pub parameters: &'static [ParameterSpec],
    /// What joins parameter values in default file names (`connect4-5x4`).
    pub joiner: &'static str,
    /// Whether `generate`, `query` and `play` get a subcommand for it from
    /// this list (Cards has subcommands of its own).
    pub generic_cli: bool,
    /// Builds the game from its parameter values (in range, in order).
    pub build: fn(&[u64]) -> Result<BuiltIn, String>,
}

/// A built game, whichever it is.
pub enum BuiltIn {
    /// Cards.
    Cards(Cards),
    /// Tic-tac-toe.
    TicTacToe(TicTacToe),
    /// Connect Four.
    ConnectFour(ConnectFour),
    /// Dobutsu shogi.
    Dobutsu(Dobutsu),
}

/// Runs `$body` with `$g` bound to the game inside a [`BuiltIn`], whatever
/// its type: the one place that lists the built-in games' types.
#[macro_export]
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            $crate::cli::registry::BuiltIn::Cards($g) => $body,
            $crate::cli::registry::BuiltIn::TicTacToe($g) => $body,
            $crate::cli::registry::BuiltIn::ConnectFour($g) => $body,
            $crate::cli::registry::BuiltIn::Dobutsu($g) => $body,
        }
    };
}

fn value(values: &[u64], i: usize) -> u64 {
    values.get(i).copied().unwrap_or(0)
}

/// Every game the command line knows.
pub static GAMES: &[Entry] = &[
    Entry {
        name: "cards",
        about: "Cards (Codeforces 919F): make your hand all zeros by adding your opponent's cards to yours",
        parameters: &[
            ParameterSpec {
                name: "cards",
                help: "cards per hand",
                default: gametable::Variant::CLASSIC.cards() as u64,
                min: 1,
                max: gametable::MAX_CARDS as u64,
                step: 1,
            },
            ParameterSpec {
                name: "modulus",
                help: "card values are 0..modulus",
                default: gametable::Variant::CLASSIC.modulus() as u64,
                min: 2,
                max: gametable::MAX_MODULUS as u64,
                step: 1,
            },
        ],
        joiner: "-",
        generic_cli: false,
        build: |v| {
            let variant = gametable::Variant::new(value(v, 0) as u8, value(v, 1) as u8)
                .map_err(|e| e.to_string())?;
            Ok(BuiltIn::Cards(Cards::new(variant)))
        },
    },
    Entry {
        name: "tictactoe",
        about: "tic-tac-toe on 3 x 3: x moves first, three in a row wins",
        parameters: &[],
        joiner: "-",
        generic_cli: true,
        build: |_| Ok(BuiltIn::TicTacToe(TicTacToe)),
    },
    Entry {
        name: "connect4",
        about: "Connect Four: drop discs in columns, four in a row wins; any board with width x (height + 1) at most 64",
        parameters: &[
            ParameterSpec {
                name: "width",
                help: "columns",
                default: connect4::DEFAULT_WIDTH as u64,
                min: 1,
                max: connect4::MAX_WIDTH as u64,
                step: 1,
            },
            ParameterSpec {
                name: "height",
                help: "rows",
                default: connect4::DEFAULT_HEIGHT as u64,
                min: 1,
                max: connect4::MAX_HEIGHT as u64,
                step: 1,
            },
        ],
        joiner: "x",
        generic_cli: true,
        build: |v| {
            ConnectFour::new(value(v, 0) as usize, value(v, 1) as usize)
                .map(BuiltIn::ConnectFour)
                .map_err(|e| e.to_string())
        },
    },
    Entry {
        name: "dobutsu",
        about: "Dobutsu shogi (Let's Catch the Lion!) on 3 x 4: catch the lion or reach the far row",
        parameters: &[
            ParameterSpec {
                name: "giraffes",
                help: "giraffes; 0 for a smaller game",
                default: 2,
                min: 0,
                max: 2,
                step: 2,
            },
            ParameterSpec {
                name: "elephants",
                help: "elephants; 0 for a smaller game",
                default: 2,
                min: 0,
                max: 2,
                step: 2,
            },
            ParameterSpec {
                name: "chicks",
                help: "chicks; 0 for a smaller game",
                default: 2,
                min: 0,
                max: 2,
                step: 2,
            },
        ],
        joiner: "-",
        generic_cli: true,
        build: |v| {
            Dobutsu::new(value(v, 0), value(v, 1), value(v, 2)).map(BuiltIn::Dobutsu)
        },
    },
];

/// How Stones (ZOJ 3964), a game with no entry here (no tables, no
/// pages), is answered: in closed form, by this command.
pub const STONES_QUERY: &str = "gametable query stones --piles 4:1,1:0 (stones:constraint, \
                                constraint 0 any, 1 odd, 2 even for Alice)";

/// The entry named `name`, or an error listing the games known.
///
/// # Errors
/// A message naming the known games, or saying where Stones is answered.
pub fn entry(name: &str) -> Result<&'static Entry, String> {
    GAMES.iter().find(|e| e.name == name).ok_or_else(|| {
        if name == "stones" {
            return format!(
                "Stones (ZOJ 3964) has no tables: it is answered in closed form, by {STONES_QUERY}"
            );
        }
        let known: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
        format!(
            "no game named {} (known: {})",
            quote(name),
            known.join(", ")
        )
    })
}

impl Entry {
    /// The game with parameter values `values` (in order), each checked
    /// against its range, then by the game itself.
    ///
    /// # Errors
    /// A message naming the game and the parameter at fault.
    pub fn build(&self, values: &[u64]) -> Result<BuiltIn, String> {
        self.build_named(values, |name, value| format!("--{name} {value}"))
    }

    /// As [`Entry::build`], a value out of range named by `named(name,
    /// value)`: `--width 10` on the command line, `width=10` in a URL, the
    /// header's `width 10` in a table.
    ///
    /// # Errors
    /// As [`Entry::build`].
    pub fn build_named(
        &self,
        values: &[u64],
        named: impl Fn(&str, u64) -> String,
    ) -> Result<BuiltIn, String> {
        if values.len() != self.parameters.len() {
            return Err(format!(
                "{}: {} parameter values given, expected {}",
                self.name,
                values.len(),
                self.parameters.len()
            ));
        }
        for (spec, &v) in self.parameters.iter().zip(values) {
            spec.check(v)
                .map_err(|why| format!("{}: {} is {why}", self.name, named(spec.name, v)))?;
        }
        (self.build)(values).map_err(|e| format!("{}: {e}", self.name))
    }

    /// The game with its default parameters.
    ///
    /// # Errors
    /// As [`Entry::build`] (never for the built-in defaults).
    pub fn build_default(&self) -> Result<BuiltIn, String> {
        let values: Vec<u64> = self.parameters.iter().map(|p| p.default).collect();
        self.build(&values)
    }
}

/// The game a table header names: its name and parameters, in the
/// registry's order, each checked.
///
/// # Errors
/// A message naming the unknown game or the parameter at fault.
pub fn from_header(name: &str, parameters: &[(String, u64)]) -> Result<BuiltIn, String> {
    let entry = entry(name)?;
    let names: Vec<&str> = parameters.iter().map(|(n, _)| n.as_str()).collect();
    let expected: Vec<&str> = entry.parameters.iter().map(|p| p.name).collect();
    if names != expected {
        return Err(format!(
            "{name}: the table names the parameters [{}], expected [{}]",
            names.join(", "),
            expected.join(", ")
        ));
    }
    let values: Vec<u64> = parameters.iter().map(|(_, v)| *v).collect();
    entry.build_named(&values, |name, value| {
        format!("the table's parameter {name} {value}")
    })
}

impl BuiltIn {
    /// The registry entry of this game.
    pub fn entry(&self) -> &'static Entry {
        let name = with_game!(self, g => g.name());
        // Every BuiltIn is built from an entry of GAMES.
        GAMES.iter().find(|e| e.name == name).unwrap_or(&GAMES[0])
    }

    /// The game's name and parameters in words: `connect4 (width 5, height 4)`.
    pub fn title(&self) -> String {
        let (name, parameters) = with_game!(self, g => (g.name(), g.parameters()));
        title(name, &parameters)
    }

    /// The file stem tables of this game get by default: the name and the
    /// parameter values (`connect4-5x4`, `tictactoe`, `cards-8-5`).
    pub fn stem(&self) -> String {
        let (name, parameters) = with_game!(self, g => (g.name(), g.parameters()));
        if parameters.is_empty() {
            return name.to_string();
        }
        let values: Vec<String> = parameters.iter().map(|(_, v)| v.to_string()).collect();
        format!("{name}-{}", values.join(self.entry().joiner))
    }

    /// `data/<stem>.gtbl`.
    pub fn default_path(&self) -> PathBuf {
        PathBuf::from("data").join(format!("{}.gtbl", self.stem()))
    }

    /// The game's parameters as flags: ` --width 5 --height 4`.
    pub fn flags(&self) -> String {
        let parameters = with_game!(self, g => g.parameters());
        parameters
            .iter()
            .map(|(n, v)| format!(" --{n} {v}"))
            .collect()
    }
}

/// A game's name and parameters in words: `connect4 (width 5, height 4)`.
pub fn title(name: &str, parameters: &[(&str, u64)]) -> String {
    if parameters.is_empty() {
        return name.to_string();
    }
    let list: Vec<String> = parameters.iter().map(|(n, v)| format!("{n} {v}")).collect();
    format!("{name} ({})", list.join(", "))
}

/// A subcommand per game of [`GAMES`] marked `generic_cli`, with the
/// game's parameters as flags and the command's own arguments `T`: what
/// `generate`, `query` and `play` take for every such game.
pub struct Chosen<T> {
    /// The game's entry.
    pub entry: &'static Entry,
    /// Its parameter values, in order (defaults filled in).
    pub values: Vec<u64>,
    /// Each parameter's value as given, in order (`None` where left out: a
    /// table given sets it).
    pub given_values: Vec<Option<u64>>,
    /// The command's own arguments.
    pub args: T,
}

impl<T> Chosen<T> {
    /// Builds the game chosen.
    ///
    /// # Errors
    /// As [`Entry::build`].
    pub fn game(&self) -> Result<BuiltIn, String> {
        self.entry.build(&self.values)
    }

    /// Opens the table at `path`, which must be of this game, and of each
    /// parameter given: those left out are the table's.
    ///
    /// # Errors
    /// The table's own faults, another game's table, or a parameter given
    /// that is not the table's, named with both values.
    pub fn open_table(
        &self,
        path: &std::path::Path,
    ) -> crate::cli::Result<(BuiltIn, super::source::Source)> {
        let (game, source) = super::source::open_named(self.entry.name, path)?;
        let found = crate::with_game!(&game, g => g.parameters());
        for (spec, given) in self.entry.parameters.iter().zip(&self.given_values) {
            let own = found
                .iter()
                .find(|(name, _)| *name == spec.name)
                .map(|p| p.1);
            if let (Some(given), Some(own)) = (*given, own) {
                if given != own {
                    return Err(format!(
                        "{}: a table of {} with {} = {own}, not --{} {given}",
                        path.display(),
                        self.entry.name,
                        spec.name,
                        spec.name
                    )
                    .into());
                }
            }
        }
        Ok((game, source))
    }
}

fn generic(name: &str) -> Option<&'static Entry> {
    GAMES.iter().find(|e| e.generic_cli && e.name == name)
}

impl<T: clap::Args> FromArgMatches for Chosen<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a game is required",
            ));
        };
        let entry = generic(name).ok_or_else(|| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("no game named {}", quote(name)),
            )
        })?;
        let values = entry
            .parameters
            .iter()
            .map(|p| sub.get_one::<u64>(p.name).copied().unwrap_or(p.default))
            .collect();
        let given_values: Vec<Option<u64>> = entry
            .parameters
            .iter()
            .map(|p| sub.get_one::<u64>(p.name).copied())
            .collect();
        Ok(Chosen {
            entry,
            values,
            given_values,
            args: T::from_arg_matches(sub)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<T: clap::Args> clap::Subcommand for Chosen<T> {
    fn augment_subcommands(mut command: clap::Command) -> clap::Command {
        for entry in GAMES.iter().filter(|e| e.generic_cli) {
            let mut sub = clap::Command::new(entry.name).about(entry.about);
            for p in entry.parameters {
                sub = sub.arg(
                    Arg::new(p.name)
                        .long(p.name)
                        .value_name("N")
                        .allow_negative_numbers(true)
                        .value_parser(move |text: &str| p.parse(text))
                        .help(format!(
                            "{} ({}, default {})",
                            p.help,
                            p.accepted(),
                            p.default
                        )),
                );
            }
            command = command.subcommand(T::augment_args(sub).about(entry.about));
        }
        command
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        generic(name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_builds_with_its_defaults_and_names_itself() {
        for entry in GAMES {
            let game = entry.build_default().unwrap();
            assert_eq!(with_game!(&game, g => g.name()), entry.name);
            assert_eq!(game.entry().name, entry.name);
        }
    }

    #[test]
    fn parameters_are_checked() {
        let c4 = entry("connect4").unwrap();
        assert!(c4.build(&[10, 4]).err().unwrap().contains("--width 10"));
        let game = from_header("connect4", &[("width".into(), 4), ("height".into(), 4)]).unwrap();
        assert_eq!(game.stem(), "connect4-4x4");
        assert_eq!(game.title(), "connect4 (width 4, height 4)");
        assert!(from_header("connect4", &[("height".into(), 4)]).is_err());
        assert!(entry("chess").err().unwrap().contains("tictactoe"));
        assert_eq!(
            entry("tictactoe").unwrap().build_default().unwrap().stem(),
            "tictactoe"
        );
        let dobutsu = entry("dobutsu").unwrap();
        assert_eq!(dobutsu.build_default().unwrap().stem(), "dobutsu-2-2-2");
        assert_eq!(
            dobutsu.build(&[0, 0, 2]).unwrap().title(),
            "dobutsu (giraffes 0, elephants 0, chicks 2)"
        );
        assert_eq!(
            dobutsu.build(&[1, 2, 2]).err().unwrap(),
            "dobutsu: --giraffes 1 is not 0 or 2"
        );
        assert!(dobutsu
            .build(&[2, 3, 2])
            .err()
            .unwrap()
            .contains("--elephants 3"));
    }
}
