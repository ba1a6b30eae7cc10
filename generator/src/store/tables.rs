//! A game's tables read back to answer any of its states by game index:
//! the outcome table, the distance table beside it, and the orbit
//! numbering a reduced table is stored in. What `query`, `play`, `stats`
//! and the explorer read any game's tables with, and what an application
//! of this library does to answer positions of its own game.

use std::path::{Path, PathBuf};

use gametable::Outcome;
use gametable_format::{Symmetry, TableKind};

use super::files::{distance_beside, distance_path, outcome_path, pair_mismatch, TableFileError};
use super::read::{read_table, StoredTable};
use crate::engine::deep::Answer;
use crate::engine::orbits::Orbits;
use crate::engine::Game;

/// An outcome table read from a file, the distance table beside it if
/// there is one, and the orbit numbering of a reduced table, each checked
/// to be the game's and the other's.
pub struct GameTables {
    path: PathBuf,
    outcomes: StoredTable,
    distances: Option<StoredTable>,
    orbits: Option<Orbits>,
    /// The name and number of states of the game the tables were checked
    /// against, so that [`GameTables::answer`] refuses another game
    /// without comparing parameters at every call.
    game: &'static str,
    states: u64,
}

/// Refuses a table of one state per orbit whose `stored` states are not
/// the `orbits` of `game` (without symmetry, every state is an orbit of
/// its own).
///
/// # Errors
/// A message naming both counts.
pub fn check_orbit_count<G: Game>(game: &G, orbits: u64, stored: u64) -> Result<(), String> {
    if orbits == stored {
        return Ok(());
    }
    let has = if game.has_symmetry() {
        format!("{orbits} orbits")
    } else {
        format!("no symmetry (has_symmetry() is false): its {orbits} states are as many orbits")
    };
    Err(format!(
        "a table of one state per orbit with {stored} stored states, but {} has {has}",
        game.name()
    ))
}

impl GameTables {
    /// Reads the outcome table at `path` of `game`, and the distance table
    /// beside it (`<stem>-distance.gtbl`) if there is one.
    ///
    /// # Errors
    /// A table that does not read, a distance table where the outcome
    /// table belongs, a table of another game, parameters or size, or a
    /// distance table that is not the outcome table's.
    pub fn open<G: Game>(game: &G, path: &Path) -> Result<GameTables, TableFileError> {
        GameTables::from_outcomes(game, path, read_table(path)?)
    }

    /// As [`GameTables::open`], the outcome table read already.
    ///
    /// # Errors
    /// As [`GameTables::open`].
    pub fn from_outcomes<G: Game>(
        game: &G,
        path: &Path,
        outcomes: StoredTable,
    ) -> Result<GameTables, TableFileError> {
        let distances = match distance_beside(path) {
            Some(beside) => Some(read_table(&beside)?),
            None => None,
        };
        GameTables::from_tables(game, path, outcomes, distances, None)
    }

    /// The outcome table `outcomes` read from `path` and the distance
    /// table beside it (`distances`, already read), once both are checked
    /// to be `game`'s and each other's; `orbits`, the game's orbit
    /// numbering when the caller has built it already (checked to fit the
    /// game, [`Orbits::fits`]).
    ///
    /// # Errors
    /// As [`GameTables::open`], and orbits that are not the game's.
    pub fn from_tables<G: Game>(
        game: &G,
        path: &Path,
        outcomes: StoredTable,
        distances: Option<StoredTable>,
        orbits: Option<Orbits>,
    ) -> Result<GameTables, TableFileError> {
        let refuse = |why: String| TableFileError::Unsupported(path.to_path_buf(), why);
        if outcomes.kind() != TableKind::Outcome {
            return Err(refuse(format!(
                "a distance table; pass the outcome table beside it{}",
                outcome_path(path)
                    .map(|p| format!(" ({})", p.display()))
                    .unwrap_or_default()
            )));
        }
        outcomes.check_game(game).map_err(refuse)?;
        let orbits = match outcomes.symmetry() {
            Symmetry::None => None,
            Symmetry::Orbits => {
                let orbits = match orbits {
                    Some(orbits) if !orbits.fits(game) => {
                        return Err(refuse(format!(
                            "the orbit numbering given is not {}'s",
                            game.name()
                        )))
                    }
                    Some(orbits) => orbits,
                    None => Orbits::new(game),
                };
                check_orbit_count(game, orbits.len(), outcomes.stored_states()).map_err(refuse)?;
                Some(orbits)
            }
        };
        if let Some(distances) = &distances {
            check_pair(path, &outcomes, distances)?;
        }
        Ok(GameTables {
            path: path.to_path_buf(),
            outcomes,
            distances,
            orbits,
            game: game.name(),
            states: game.states(),
        })
    }

    /// The outcome table's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The outcome table.
    pub fn outcomes(&self) -> &StoredTable {
        &self.outcomes
    }

    /// The distance table, when one was beside the outcome table.
    pub fn distances(&self) -> Option<&StoredTable> {
        self.distances.as_ref()
    }

    /// The orbit numbering, for a table with one state per orbit.
    pub fn orbits(&self) -> Option<&Orbits> {
        self.orbits.as_ref()
    }

    /// The outcome of state `index` of `game` for the player to move, and
    /// its distance when a distance table was read (`None` for no
    /// position, an index past the last state, or a game of another name
    /// or size than the one the tables were opened for: parameters are
    /// compared by [`GameTables::open`] only). A state that a game's own
    /// orbit numbering leaves out ([`Game::settled`]) is answered by the
    /// rules, as the sweep answered it.
    pub fn answer<G: Game>(&self, game: &G, index: u64) -> Answer {
        if index >= self.states || game.states() != self.states || game.name() != self.game {
            return None;
        }
        let stored = match &self.orbits {
            None => index,
            Some(orbits) => match orbits.settled(game, index) {
                Some((outcome, distance)) => return Some((outcome, Some(distance))),
                None => orbits.orbit_of(game, index)?,
            },
        };
        let outcome = Outcome::from_code(self.outcomes.code(stored)?)?;
        let distance = self.distances.as_ref().and_then(|d| d.distance(stored));
        Some((outcome, distance))
    }
}

/// Checks that `distances`, read from beside the outcome table at `path`,
/// is that table's distance table: a distance table of the same game,
/// parameters, layout and stored state count.
///
/// # Errors
/// A message naming both files.
pub(crate) fn check_pair(
    path: &Path,
    outcomes: &StoredTable,
    distances: &StoredTable,
) -> Result<(), TableFileError> {
    if let Some(why) = pair_mismatch(&outcomes.header, &distances.header) {
        return Err(TableFileError::Unsupported(
            distance_path(path),
            format!("not the distance table of {} ({why})", path.display()),
        ));
    }
    Ok(())
}

/// The first stored state whose outcome and distance do not go together,
/// with its code and distance: a draw or no position has no distance, a
/// win or a loss has one. A pair whose headers match can still disagree
/// state by state (damaged past its checksums, or re-signed); a report
/// built from both would count such a state under a wrong outcome. (A
/// distance's parity is not checked: a game may end won for the side to
/// move, and then wins at even distances and losses at odd ones are
/// right; the rules' one-move-deep check of `query` and `verify --deep`
/// tells.)
#[cfg(feature = "cli")]
pub(crate) fn first_unpaired_state(
    outcomes: &StoredTable,
    distances: &StoredTable,
) -> Option<(u64, u8, Option<u16>)> {
    (0..outcomes.stored_states()).find_map(|s| {
        let (code, distance) = (outcomes.code(s)?, distances.distance(s));
        let fits = crate::engine::deep::distance_fits(Outcome::from_code(code), distance);
        (!fits).then_some((s, code, distance))
    })
}
