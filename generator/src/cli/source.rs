//! Where the command line's answers for any game come from: a table file
//! (and the distance table beside it), the default table in `data/`, a
//! solve in memory for small games, or Cards' embedded (8, 5) tables; and
//! the Cards tables that its judge ([`TableSource`]) answers from.

use std::path::Path;

use gametable::Outcome;
use gametable_format::Symmetry;

use super::registry::BuiltIn;
use crate::engine::deep::Answer;
use crate::engine::{Game, Notation, SolveOptions, Solved};
use crate::games::cards::judge::{RuleChecked, Unanswered, Verdicts};
use crate::store::{self, GameTables};
use gametable::{Hand, OpenError, OpenTable, Player, Variant, Verdict};

/// Games with fewer indices than this are solved in memory when no table is
/// found (a few seconds at most).
pub const SOLVE_IN_MEMORY_BELOW: u64 = 1 << 22;

/// Answers for every state of one game.
pub enum Source {
    /// Solved in memory just now.
    Solved(Box<Solved>),
    /// Read from table files.
    Stored(Box<GameTables>),
    /// Cards' embedded (8, 5) outcome and distance tables.
    #[cfg(feature = "embedded")]
    EmbeddedCards,
}

impl Source {
    /// The outcome and distance of state `index` of `game` (`None` for no
    /// position).
    pub fn answer<G: Game>(&self, game: &G, index: u64) -> Answer {
        match self {
            Source::Solved(solved) => {
                let outcome = solved.outcome(game, index)?;
                Some((outcome, solved.distance(game, index)))
            }
            Source::Stored(stored) => stored.answer(game, index),
            #[cfg(feature = "embedded")]
            Source::EmbeddedCards => play_answer(&gametable::CLASSIC_PLAY, index),
        }
    }

    /// State `index` of `game` explained, with `side` to move, from these
    /// answers (checked one move deep against the rules, distances too
    /// when they are known).
    ///
    /// # Errors
    /// A table with no answer, or one its game's moves contradict.
    pub fn analyse<G: Notation>(
        &self,
        game: &G,
        index: u64,
        side: crate::engine::Side,
    ) -> Result<crate::engine::analysis::Analysis, String> {
        crate::engine::analysis::analyse(
            game,
            index,
            side,
            |i| self.answer(game, i),
            self.has_distances(),
        )
    }

    /// Refuses to play from this source without distances: taking any
    /// winning move, perfect play can go round in circles in a game with
    /// cycles and never win; the distances say which win is nearest.
    ///
    /// # Errors
    /// A message naming the source, when it has no distances.
    pub fn check_playable(&self) -> Result<(), String> {
        match self {
            Source::Stored(stored) if stored.distances().is_none() => Err(format!(
                "{}: playing against perfect play needs the distance table {} beside it \
                 ({PLAY_NEEDS_DISTANCES}); generate the table without --no-distances",
                stored.path().display(),
                store::distance_path(stored.path()).display()
            )),
            Source::Solved(solved) if !solved.has_distances() => Err(format!(
                "playing against perfect play needs distances ({PLAY_NEEDS_DISTANCES}); \
                 this solve kept none"
            )),
            _ => Ok(()),
        }
    }

    /// Whether distances are known.
    pub fn has_distances(&self) -> bool {
        match self {
            Source::Stored(stored) => stored.distances().is_some(),
            Source::Solved(solved) => solved.has_distances(),
            #[cfg(feature = "embedded")]
            Source::EmbeddedCards => true,
        }
    }

    /// Where the answers come from, in words, naming table files by their
    /// file names alone: what the explorer tells its visitors, to whom the
    /// server's folders are none of their business.
    pub fn describe_by_name(&self) -> String {
        self.describe_naming(|path| {
            path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
    }

    /// Where the answers come from, in words.
    pub fn describe(&self) -> String {
        self.describe_naming(|path| path.display().to_string())
    }

    /// Where the answers come from, each table file named by `name`.
    fn describe_naming(&self, name: impl Fn(&Path) -> String) -> String {
        match self {
            Source::Solved(_) => "a solve in memory (no table)".to_string(),
            Source::Stored(stored) => match stored.distances() {
                Some(_) => format!(
                    "{} and {}",
                    name(stored.path()),
                    name(&store::distance_path(stored.path()))
                ),
                None => format!("{} (no distance table beside it)", name(stored.path())),
            },
            #[cfg(feature = "embedded")]
            Source::EmbeddedCards => "the embedded (8, 5) tables".to_string(),
        }
    }
}

/// Why playing against perfect play needs the distances: taking any
/// winning move, it could go round in circles in a won game.
pub const PLAY_NEEDS_DISTANCES: &str = "without distances a won game can go round in circles";

/// The outcome and distance of Cards state `index` (the lookup crate's
/// position index) in a pair of Cards tables (`None` past the end or for
/// no position).
pub fn play_answer(play: &gametable::PerfectPlay<'_>, index: u64) -> Answer {
    if index >= play.outcomes().variant().states() {
        return None;
    }
    let outcome = Outcome::from_code(play.outcomes().code(index))?;
    Some((outcome, play.distances().distance_at(index)))
}

/// Why [`generate_hint`]'s command would be refused at once, if it would
/// (the checks `generate` makes before solving, with its default flags):
/// it is suggested only where it is not.
fn generate_refusal(game: &BuiltIn) -> Result<(), String> {
    use crate::engine::solve::check_size;
    match game {
        // Every state, with distances, as `generate cards` writes them.
        BuiltIn::Cards(cards) => {
            crate::games::cards::files::check_writable(cards.variant(), Symmetry::None, true)
                .map_err(|e| format!("{}: {e}", game.title()))?;
            check_size(cards, false, 1)
        }
        // A byte per state bounds what a sweep over orbits needs: where it
        // fits, the orbits need not be counted (Dobutsu's count is a scan
        // of every state, seconds spent on a message).
        _ => crate::with_game!(game, g => check_size(g, false, 1)
            .or_else(|_| check_size(g, g.has_symmetry(), 1))),
    }
}

/// The command that writes `game`'s default table.
pub fn generate_hint(game: &BuiltIn) -> String {
    let name = crate::with_game!(game, g => g.name());
    format!("gametable generate {name}{}", game.flags())
}

/// Answers for `game`: the table at `table` if given, else Cards' embedded
/// tables for (8, 5), else the default table in `data/` if anything is
/// there (a link to nothing or a folder is refused), else a solve in
/// memory for a small game.
///
/// # Errors
/// A table that does not read or is not of this game; a large game with no
/// table (the message names the `generate` command, or, for a game too
/// large to solve here, only `--table`).
pub fn open(game: &BuiltIn, table: Option<&Path>) -> super::Result<Source> {
    if let Some(path) = table {
        return crate::with_game!(game, g => read(g, path));
    }
    #[cfg(feature = "embedded")]
    if is_embedded(game) {
        return Ok(Source::EmbeddedCards);
    }
    let path = game.default_path();
    // Anything there is read, and refused if it is no table: a link to
    // nothing or a folder there is a table lost, not one never written.
    if crate::store::something_at(&path) {
        return crate::with_game!(game, g => read(g, &path));
    }
    let states = crate::with_game!(game, g => g.states());
    if states < SOLVE_IN_MEMORY_BELOW {
        let solved =
            crate::with_game!(game, g => crate::engine::solve(g, &SolveOptions::default()))?;
        return Ok(Source::Solved(Box::new(solved)));
    }
    let remedy = match generate_refusal(game) {
        Ok(()) => format!(
            "write it with `{}` or pass --table PATH",
            generate_hint(game)
        ),
        Err(e) => format!("pass --table PATH (solving it is refused here: {e})"),
    };
    Err(format!(
        "no table for {}: {} does not exist and {states} states are too many to solve here; {remedy}",
        game.title(),
        path.display(),
    )
    .into())
}

/// Whether `game` is answered by Cards' embedded tables when no table is
/// given.
#[cfg(feature = "embedded")]
fn is_embedded(game: &BuiltIn) -> bool {
    matches!(game, BuiltIn::Cards(cards) if cards.variant() == gametable::CLASSIC.variant())
}

/// The table [`open`] answers `game` from when none is given, in words.
pub fn default_table_words(game: &BuiltIn) -> String {
    #[cfg(feature = "embedded")]
    if is_embedded(game) {
        return "the embedded (8, 5) tables (another variant: data/cards-<cards>-<modulus>.gtbl)"
            .to_string();
    }
    game.default_path().display().to_string()
}

/// Reads the outcome table at `path` of `game`, and the distance table
/// beside it if there is one.
///
/// # Errors
/// A table that does not read, is a distance table, or is of another game.
pub fn read<G: Game>(game: &G, path: &Path) -> super::Result<Source> {
    Ok(Source::Stored(Box::new(GameTables::open(game, path)?)))
}

/// Opens the outcome table at `path` for whichever built-in game its
/// header names (and the distance table beside it): what `query cards
/// --table` and `serve --table` start from. The file is read once.
///
/// # Errors
/// A table that does not read, names no built-in game, or is a distance
/// table.
pub fn open_file(path: &Path) -> super::Result<(BuiltIn, Source)> {
    let outcomes = store::read_table(path)?;
    let game = super::registry::from_header(outcomes.name(), outcomes.parameters())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let source = crate::with_game!(&game, g => GameTables::from_outcomes(g, path, outcomes))?;
    let source = Source::Stored(Box::new(source));
    Ok((game, source))
}

/// The table at `path` for a command that names game `name` but none of
/// its parameters: the game with the table's own parameters, and its
/// source (as `query cards --table` takes the table's variant).
///
/// # Errors
/// As [`open_file`], or a table of another game.
pub fn open_named(name: &str, path: &Path) -> super::Result<(BuiltIn, Source)> {
    let (game, source) = open_file(path)?;
    let found = game.entry().name;
    if found != name {
        return Err(format!("{}: a table of {found}, not of {name}", path.display()).into());
    }
    Ok((game, source))
}

/// Reads a position with the side to move; the error names the position.
///
/// # Errors
/// The notation's message.
pub fn parse<G: Notation>(game: &G, text: &str) -> Result<(u64, crate::engine::Side), String> {
    game.parse_spot(text).map_err(|e| e.to_string())
}

/// What a Cards command without `--table` says in a build without the
/// embedded tables.
#[cfg(not(feature = "embedded"))]
const NO_EMBEDDED: &str = "this build has no embedded tables (built without the `embedded` \
     feature): pass --table data/cards-8-5.gtbl";

/// The Cards outcome table to answer from: the file given (any variant, full
/// or symmetry-reduced, compressed or memory mapped), each answer checked
/// one move deep against the rules, else the embedded one.
pub enum TableSource {
    /// Opened from a file by the lookup crate.
    File(Box<RuleChecked>),
    /// The embedded (8, 5) table.
    #[cfg(feature = "embedded")]
    Embedded,
}

impl TableSource {
    /// Opens the file given, or falls back to the embedded table.
    pub fn open(path: Option<&Path>) -> crate::cli::Result<TableSource> {
        match path {
            Some(path) => Ok(TableSource::File(Box::new(RuleChecked::new(
                OpenTable::open(path).map_err(|e| open_error(path, e))?,
            )))),
            #[cfg(feature = "embedded")]
            None => Ok(TableSource::Embedded),
            #[cfg(not(feature = "embedded"))]
            None => Err(NO_EMBEDDED.into()),
        }
    }
}

impl Verdicts for TableSource {
    fn variant(&self) -> Variant {
        match self {
            TableSource::File(table) => table.variant(),
            #[cfg(feature = "embedded")]
            TableSource::Embedded => gametable::CLASSIC.variant(),
        }
    }

    #[inline]
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, Unanswered> {
        match self {
            TableSource::File(table) => table.verdict(first, alice, bob),
            #[cfg(feature = "embedded")]
            TableSource::Embedded => Verdicts::verdict(&gametable::CLASSIC, first, alice, bob),
        }
    }
}

/// An opener's error for a person: the path first (I/O errors name it already).
pub fn open_error(path: &Path, e: OpenError) -> String {
    match e {
        OpenError::Io { .. } => e.to_string(),
        e => format!("{}: {e}", path.display()),
    }
}
