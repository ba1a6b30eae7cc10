//! Solving a game: the entry point that stores the game's states, finds
//! their predecessors and runs the level sweep over the generic kernel.

use std::fmt;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use gametable::Outcome;

use super::codes::Codes;
use super::distances::Distances;
use super::game::Game;
use super::kernel::Predecessors;
use super::kernel::{Broken, GameKernel};
use super::orbits::Orbits;
use super::reverse::ReverseGraph;
use super::space::{Found, GameSpace};
use super::sweep::{Cell, SpaceSolution, Sweeper, Threads};

/// The distance of a state that has none (a draw, or not a position).
pub const NO_DISTANCE: u16 = gametable::packing::NO_DISTANCE_16;

/// The largest distance recorded; a longer one is refused.
pub const MAX_DISTANCE: u16 = u16::MAX - 1;

/// The distance recorded for a state decided at sweep level `level`: the
/// level, capped at [`MAX_DISTANCE`] (a longer game is refused when its
/// distances are packed).
#[inline]
pub fn distance_of(level: u32) -> u16 {
    u16::try_from(level)
        .unwrap_or(MAX_DISTANCE)
        .min(MAX_DISTANCE)
}

/// How to solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Store one state per orbit of the game's symmetry (ignored for a game
    /// without one).
    pub symmetry: bool,
    /// Build the reverse graph even when the game has un-moves.
    pub reverse_graph: bool,
}

/// Why a game could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The game broke a limit it promised or that the sweep has.
    Broken(Broken),
    /// The executor of the level loop stopped (a rank failed, a checkpoint
    /// did not match).
    Sweep(String),
    /// A distance does not fit the tables' 16 bits.
    TooDeep {
        /// The level reached.
        levels: u32,
    },
}

impl SolveError {
    /// Whether the same solve may succeed another time: not when the game
    /// broke a limit or a distance is too deep (the sweep's own result),
    /// only when the executor stopped (a rank failed, a file did not
    /// write).
    pub fn may_pass_again(&self) -> bool {
        matches!(self, SolveError::Sweep(_))
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Broken(Broken::TooManyMoves {
                index,
                moves,
                limit,
            }) => write!(
                f,
                "state {index} has {moves} distinct successors; the sweep's counters (sized by the game's max_moves()) hold at most {limit}"
            ),
            SolveError::Broken(Broken::TooManyUnmoves {
                index,
                unmoves,
                bound,
            }) => write!(
                f,
                "state {index} has {unmoves} predecessors, more than the game's max_unmoves() = {bound} (a predecessor listed twice counts twice: `conformance::check` finds one)"
            ),
            SolveError::Broken(Broken::OutOfRange { index, found }) => write!(
                f,
                "state {index} names state {found} among its moves or un-moves, past the game's last index"
            ),
            SolveError::Sweep(message) => f.write_str(message),
            SolveError::TooDeep { levels } => write!(
                f,
                "the game takes {levels} levels; distances are stored in 16 bits (at most {MAX_DISTANCE})"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A game and its parameters in words, `connect4 (width 4, height 4)`: how
/// the engine names a game in its messages and checkpoint keys.
fn described<G: Game>(game: &G) -> String {
    let parameters: Vec<String> = game
        .parameters()
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect();
    format!("{} ({})", game.name(), parameters.join(", "))
}

/// Whether `game`'s work cells take two bytes (more moves than a byte
/// counts down) rather than one.
fn wide_cells<G: Game>(game: &G) -> bool {
    game.max_moves() > u8::MAX_COUNT
}

/// Refuses, before anything is built, a game whose hooks do not fit
/// together so that the sweep would answer wrongly: an orbit numbering
/// that leaves out settled states ([`Game::has_settled`]) without
/// [`Game::wins_at_once`], from which alone the sweep knows a move into a
/// settled loss wins at once (it counts no move into a settled state).
pub fn check_hooks<G: Game>(game: &G, symmetric: bool) -> Result<(), String> {
    // (`has_settled` first: a game may count its orbits by a scan.)
    let settles = symmetric && game.has_settled() && super::orbits::own_count(game).is_some();
    if settles && !game.has_wins_at_once() {
        return Err(format!(
            "{}: has_settled() is true but has_wins_at_once() is false; a game that leaves \
             settled states out of its orbit numbering answers wins_at_once() too (a move into \
             a settled loss wins at once, and the sweep counts no move into a settled state)",
            game.name()
        ));
    }
    Ok(())
}

/// Refuses, before anything is built, a game whose sweep could not even
/// hold its first table on this machine: the work cells (a byte per stored
/// state, two for games of more moves than a byte counts; this process's
/// share of them), or, for orbits the game does not
/// count itself, the bitmap that numbers them (a bit per index, whole on
/// every process). An index space such as Connect Four 7 x 6's would
/// otherwise end the process on a failed allocation, or worse, where the
/// kernel overcommits, in the out-of-memory killer. The bound is the
/// machine's memory and swap, or a limit set on the process
/// ([`memory::limit`](super::memory::limit)); where none is known, an
/// allocation reserved and at once given back, untouched.
pub fn check_size<G: Game>(game: &G, symmetric: bool, processes: usize) -> Result<(), String> {
    let processes = processes.max(1) as u64;
    // (The orbits are counted only for a sweep over them: a game may count
    // them by a scan of every state.)
    let own = symmetric.then(|| super::orbits::own_count(game)).flatten();
    let cell = if wide_cells(game) { 2 } else { 1 };
    let (what, bytes, share) = match (symmetric, own) {
        (true, Some(orbits)) => (
            if cell == 1 {
                "the work cells (a byte per orbit)"
            } else {
                "the work cells (two bytes per orbit)"
            },
            orbits.saturating_mul(cell),
            orbits.div_ceil(processes).saturating_mul(cell),
        ),
        (true, None) => {
            let bitmap = game.states().div_ceil(8);
            (
                "the bitmap numbering the orbits (a bit per index)",
                bitmap,
                bitmap,
            )
        }
        (false, _) => (
            if cell == 1 {
                "the work cells (a byte per state)"
            } else {
                "the work cells (two bytes per state)"
            },
            game.states().saturating_mul(cell),
            game.states().div_ceil(processes).saturating_mul(cell),
        ),
    };
    let memory = super::memory::limit();
    let fits = match memory {
        Some(memory) => share <= memory,
        None => {
            usize::try_from(share).is_ok_and(|len| Vec::<u8>::new().try_reserve_exact(len).is_ok())
        }
    };
    if fits {
        return Ok(());
    }
    let room = memory.map_or_else(
        || "more than this process can allocate".to_string(),
        |memory| {
            format!("more than the {memory} bytes this process may use (memory and swap, or a limit set on it)")
        },
    );
    let each = if share < bytes {
        format!(" ({share} on each of {processes} processes)")
    } else {
        String::new()
    };
    Err(format!(
        "{}: too large to solve here: {what} would take {bytes} bytes{each} alone, {room}; nothing was solved",
        described(game)
    ))
}

/// A solved game: an outcome and a distance per stored state.
pub struct Solved {
    /// Present when one state per orbit was stored.
    pub orbits: Option<Orbits>,
    /// One outcome code per stored state ([`gametable::code`]).
    pub codes: Codes,
    /// One distance per stored state, [`NO_DISTANCE`] for draws and
    /// non-positions (one byte each while they fit); empty when the sweep
    /// kept none (across processes without distances: see
    /// [`Solved::has_distances`]).
    pub distances: Distances,
    /// How many stored states have each code, indexed by code.
    pub counts: [u64; 4],
    /// The number of levels: one more than the longest distance.
    pub levels: u32,
    /// Predecessors visited.
    pub visits: u64,
    /// Bytes held by the reverse graph (0 with un-moves).
    pub graph_bytes: usize,
    /// How long solving took.
    pub time: Duration,
}

impl Solved {
    /// How many states were stored.
    pub fn stored(&self) -> u64 {
        self.codes.len() as u64
    }

    /// The stored state that answers for game index `index`.
    pub fn stored_of<G: Game>(&self, game: &G, index: u64) -> Option<u64> {
        match &self.orbits {
            None => (index < game.states()).then_some(index),
            Some(orbits) => orbits.orbit_of(game, index),
        }
    }

    /// The outcome of state `index` for the player to move (`None` for an
    /// index that is not a position).
    pub fn outcome<G: Game>(&self, game: &G, index: u64) -> Option<Outcome> {
        if let Some((outcome, _)) = self.settled(game, index) {
            return Some(outcome);
        }
        let s = self.stored_of(game, index)?;
        Outcome::from_code(self.codes.get(s as usize)?)
    }

    /// The rules' answer for state `index` when the stored states leave it
    /// out ([`Game::settled`]).
    fn settled<G: Game>(&self, game: &G, index: u64) -> Option<(Outcome, u16)> {
        self.orbits.as_ref()?.settled(game, index)
    }

    /// Whether the solve kept a distance per stored state (a sweep on
    /// threads always does; one across processes only when asked).
    pub fn has_distances(&self) -> bool {
        self.distances.len() == self.codes.len()
    }

    /// The distance of state `index` to the end under perfect play (`None`
    /// for draws and non-positions, and, when the solve kept no distances,
    /// for every state but those the game's own numbering settles, which
    /// the rules answer).
    pub fn distance<G: Game>(&self, game: &G, index: u64) -> Option<u16> {
        if let Some((_, distance)) = self.settled(game, index) {
            return Some(distance);
        }
        let s = self.stored_of(game, index)?;
        self.distances.get(s as usize).filter(|&d| d != NO_DISTANCE)
    }
}

/// Solves every state of `game`.
///
/// # Errors
/// [`SolveError`] when the game breaks a limit (see [`GameKernel`]).
pub fn solve<G: Game>(game: &G, options: &SolveOptions) -> Result<Solved, SolveError> {
    solve_reporting(game, options, |_, _, _| {})
}

/// [`solve`], calling `progress(level, decided, stored)` as levels finish.
///
/// # Errors
/// As [`solve`].
pub fn solve_reporting<G: Game>(
    game: &G,
    options: &SolveOptions,
    progress: impl Fn(u32, u64, u64),
) -> Result<Solved, SolveError> {
    solve_on(game, options, &Threads, progress)?
        .ok_or_else(|| SolveError::Sweep("the sweep on threads returned no result".into()))
}

/// [`solve_reporting`] with the level loop run by `sweeper` (on threads,
/// across MPI ranks, with checkpoints). `Ok(None)` on a process that holds
/// no part of the result (an MPI rank other than 0).
///
/// # Errors
/// As [`solve`], and whatever stopped the sweeper.
pub fn solve_on<G: Game, S: Sweeper>(
    game: &G,
    options: &SolveOptions,
    sweeper: &S,
    progress: impl Fn(u32, u64, u64),
) -> Result<Option<Solved>, SolveError> {
    let started = Instant::now();
    let symmetric = options.symmetry && game.has_symmetry();
    // Every process asks, and all agree, before any collective step.
    sweeper
        .agree(
            check_hooks(game, symmetric)
                .and_then(|()| check_size(game, symmetric, sweeper.processes()))
                .err(),
        )
        .map_err(SolveError::Sweep)?;
    let space = if symmetric {
        GameSpace::orbits(game)
    } else {
        GameSpace::full(game)
    };
    let stored = space.stored();
    let graph;
    let (preds, room, graph_bytes) = if game.has_unmoves() && !options.reverse_graph {
        let room = match game.max_unmoves() {
            0 => most_predecessors(&space),
            bound => bound,
        };
        (Predecessors::Unmoves, room, 0)
    } else {
        if sweeper.processes() > 1 {
            return Err(SolveError::Sweep(format!(
                "{} has no un-moves: its reverse graph would be built whole on each of the {} processes; solve it on one process",
                game.name(),
                sweeper.processes()
            )));
        }
        graph = ReverseGraph::new(&space).map_err(SolveError::Broken)?;
        let room = graph.most_predecessors();
        let bytes = graph.bytes();
        (Predecessors::Graph(&graph), room, bytes)
    };
    // Only a process that holds the result keeps a distance per state: on
    // threads the sweeper calls `on_decided` for each; across ranks rank 0
    // returns them whole (`SpaceSolution::distances`), taken below.
    let mut distances = Distances::default();
    let mut on_decided = |s: u64, level: u32| {
        if distances.is_empty() {
            distances = Distances::none(stored as usize);
        }
        distances.set(s as usize, level);
    };
    let progress = |level, decided| progress(level, decided, stored);
    let key = format!(
        "{} over {} of {stored} states",
        described(game),
        if space.orbit_numbering().is_some() {
            "orbits"
        } else {
            "every state"
        }
    );
    // Counters sized by the game's largest number of moves: one byte where
    // that suffices, two where not.
    let solved = if !wide_cells(game) {
        let kernel = GameKernel::new(&space, preds, room).keeping_distances();
        sweep_with(&kernel, sweeper, &key, &progress, &mut on_decided)
    } else {
        let kernel = GameKernel::wide(&space, preds, room).keeping_distances();
        sweep_with(&kernel, sweeper, &key, &progress, &mut on_decided)
    }?;
    let Some(mut solved) = solved else {
        return Ok(None);
    };
    // Kept whole by the sweeper (across ranks), or gathered above.
    if let Some(kept) = solved.distances.take() {
        distances = kept;
    }
    if solved.levels > u32::from(MAX_DISTANCE) + 1 {
        return Err(SolveError::TooDeep {
            levels: solved.levels,
        });
    }
    // A sweep that keeps distances but decided nothing (a game of endless
    // play) has called `on_decided` for none: every distance is none.
    if distances.is_empty() && sweeper.keeps_distances() {
        distances = Distances::none(stored as usize);
    }
    let codes = match &solved.deferred {
        // Read from the distances, the sweep's cells already freed.
        Some(_) if distances.is_empty() && stored > 0 => {
            return Err(SolveError::Sweep(
                "the sweep left its codes to be read from distances it did not keep".into(),
            ))
        }
        Some(deferred) => {
            let mut listed = deferred.not_positions.iter().peekable();
            Codes::from_fn(stored as usize, |s| {
                let is_listed = listed.next_if_eq(&&(s as u64)).is_some();
                let distance = distances.get(s).filter(|&d| d != NO_DISTANCE);
                deferred.code(distance, is_listed)
            })
        }
        None => Codes::from_packed(solved.packed, stored as usize),
    }
    .ok_or_else(|| {
        SolveError::Sweep("the sweep returned codes for another number of states".into())
    })?;
    let mut counts = [0u64; 4];
    for c in codes.iter() {
        counts[usize::from(c & 3)] += 1;
    }
    Ok(Some(Solved {
        orbits: space.into_orbits(),
        codes,
        distances,
        counts,
        levels: solved.levels,
        visits: solved.predecessor_visits,
        graph_bytes,
        time: started.elapsed(),
    }))
}

/// Sweeps over `kernel` with `sweeper`, or names the limit the game broke
/// (on any process of the sweeper).
fn sweep_with<G: Game, C: Cell, S: Sweeper>(
    kernel: &GameKernel<'_, '_, G, C>,
    sweeper: &S,
    key: &str,
    progress: &dyn Fn(u32, u64),
    on_decided: &mut dyn FnMut(u64, u32),
) -> Result<Option<SpaceSolution>, SolveError> {
    let solved = sweeper
        .sweep(kernel, key, progress, on_decided)
        .map_err(SolveError::Sweep)?;
    let broken = kernel.broken();
    sweeper
        .agree(broken.clone().map(|b| SolveError::Broken(b).to_string()))
        .map_err(|e| match broken {
            Some(broken) => SolveError::Broken(broken),
            None => SolveError::Sweep(e),
        })?;
    Ok(solved)
}

/// The most distinct stored predecessors any stored state has, from the
/// game's un-moves: one pass over them, for games that give no bound.
fn most_predecessors<G: Game>(space: &GameSpace<'_, G>) -> usize {
    (0..space.stored())
        .into_par_iter()
        .map_init(Found::default, |found, s| {
            if !space.is_position(s) {
                return 0;
            }
            space.distinct_predecessors(s, found);
            found.len()
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::game::{Parameter, Side};
    use crate::engine::queue as baseline;
    use crate::engine::space::Found;

    /// Subtraction with a way back: take 1 to `take` stones, or (while
    /// below the cap) put one back on piles of 3 modulo 5, which makes
    /// cycles, so some piles are draws. Misère (whoever takes the last
    /// stone loses, so an empty pile is a *win* for the player to move,
    /// with predecessors: levels hold wins and losses together) or normal
    /// play (an empty pile is lost). With `at_once` it says which piles win
    /// in one, with `unmoves` it lists its predecessors.
    pub(crate) struct Pile {
        pub(crate) cap: u64,
        pub(crate) add_back: bool,
        misere: bool,
        take: u64,
        at_once: bool,
        unmoves: bool,
    }

    impl Pile {
        /// Misère, taking 1 or 2, without hooks.
        pub(crate) fn misere(cap: u64, add_back: bool) -> Pile {
            Pile {
                cap,
                add_back,
                misere: true,
                take: 2,
                at_once: false,
                unmoves: false,
            }
        }

        /// Normal play, taking 1 to 3, with a way back.
        fn normal(cap: u64, at_once: bool, unmoves: bool) -> Pile {
            Pile {
                cap,
                add_back: true,
                misere: false,
                take: 3,
                at_once,
                unmoves,
            }
        }

        fn puts_back(&self, n: u64) -> bool {
            self.add_back && n > 0 && n < self.cap && n % 5 == 3
        }
    }

    impl Game for Pile {
        type Position = u64;
        fn name(&self) -> &'static str {
            "pile"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            self.cap + 1
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index <= self.cap).then_some(index)
        }
        fn index(&self, position: &u64) -> u64 {
            *position
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            let empty = if self.misere {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            (index == 0).then_some(empty)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            out.extend((1..=self.take).filter(|&k| k <= index).map(|k| index - k));
            if self.puts_back(index) {
                out.push(index + 1);
            }
        }
        fn max_moves(&self) -> usize {
            self.take as usize + 1
        }
        fn has_unmoves(&self) -> bool {
            self.unmoves
        }
        fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
            out.extend(
                (1..=self.take)
                    .map(|k| index + k)
                    .filter(|&p| p <= self.cap),
            );
            if index >= 1 && self.puts_back(index - 1) {
                out.push(index - 1);
            }
        }
        fn has_wins_at_once(&self) -> bool {
            self.at_once
        }
        fn wins_at_once(&self, index: u64) -> bool {
            !self.misere && (1..=self.take).contains(&index)
        }
    }

    #[test]
    fn levels_that_hold_wins_and_losses_agree_with_the_queue_solve() {
        for add_back in [false, true] {
            for cap in [0, 1, 2, 3, 7, 30, 200] {
                let game = Pile::misere(cap, add_back);
                let solved = solve(&game, &SolveOptions::default()).unwrap();
                let space = GameSpace::full(&game);
                let graph = ReverseGraph::new(&space).unwrap();
                let queue = baseline::solve(&space, &Predecessors::Graph(&graph));
                assert_eq!(solved.codes, queue.codes, "cap {cap} {add_back}");
                assert_eq!(solved.distances, queue.distances, "cap {cap} {add_back}");
                // Misère: one stone left to take is lost at once.
                if cap >= 1 {
                    assert_eq!(solved.outcome(&game, 1), Some(Outcome::Loss));
                    assert_eq!(solved.distance(&game, 1), Some(1));
                }
                if add_back && cap >= 30 {
                    assert!(solved.counts[usize::from(gametable::code::DRAW)] > 0);
                }
            }
        }
        let _ = Found::default();
    }

    /// The two-phase sweep of `kernel` on a pool of `threads` threads, and
    /// the distance it gave each stored state (`u32::MAX` for none).
    fn on_threads<K: crate::engine::sweep::Kernel>(
        kernel: &K,
        threads: usize,
    ) -> (SpaceSolution, Vec<u32>)
    where
        K::Scratch: Send,
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut distances = vec![u32::MAX; kernel.slots()];
        let solution = pool.install(|| {
            crate::engine::sweep::parallel::two_phase(
                kernel,
                |_, _| {},
                |s, d| distances[s as usize] = d,
            )
        });
        (solution, distances)
    }

    /// Wins in one that the game names start at level 1, and the losses
    /// they answer are not taken back: the same codes and distances as the
    /// queue solve and as the sweep that finds them itself, on one thread
    /// and on several.
    #[test]
    fn wins_at_once_start_at_level_one() {
        for cap in [0, 1, 3, 4, 9, 40, 500] {
            for unmoves in [false, true] {
                let plain = Pile::normal(cap, false, unmoves);
                let game = Pile::normal(cap, true, unmoves);
                crate::engine::conformance::check(&game, crate::engine::conformance::Sample::All)
                    .unwrap();
                let solved = solve(&game, &SolveOptions::default()).unwrap();
                let found = solve(&plain, &SolveOptions::default()).unwrap();
                let space = GameSpace::full(&game);
                let graph = ReverseGraph::new(&space).unwrap();
                let queue = baseline::solve(&space, &Predecessors::Graph(&graph));
                assert_eq!(solved.codes, queue.codes, "cap {cap}");
                assert_eq!(solved.distances, queue.distances, "cap {cap}");
                assert_eq!(solved.codes, found.codes, "cap {cap}");
                assert_eq!(solved.distances, found.distances, "cap {cap}");
                assert_eq!(solved.levels, found.levels, "cap {cap}");
                if cap >= 4 {
                    assert_eq!(solved.distance(&game, 3), Some(1));
                    assert_eq!(solved.outcome(&game, 4), Some(Outcome::Loss));
                    assert_eq!(solved.distance(&game, 4), Some(2));
                }
                if cap >= 40 {
                    assert!(solved.counts[usize::from(gametable::code::DRAW)] > 0);
                }
                let preds = if unmoves {
                    Predecessors::Unmoves
                } else {
                    Predecessors::Graph(&graph)
                };
                let kernel = GameKernel::new(&space, preds, 8);
                for threads in [2, 3] {
                    let (parallel, distances) = on_threads(&kernel, threads);
                    assert_eq!(parallel.levels, solved.levels, "cap {cap}");
                    for (s, &found) in distances.iter().enumerate() {
                        assert_eq!(
                            Some(parallel.code(s)),
                            solved.codes.get(s),
                            "cap {cap} pile {s}"
                        );
                        let d = solved.distances.get(s).unwrap();
                        let expected = if d == NO_DISTANCE {
                            u32::MAX
                        } else {
                            u32::from(d)
                        };
                        assert_eq!(found, expected, "cap {cap} pile {s}");
                    }
                }
                assert!(kernel.broken().is_none());
            }
        }
    }

    /// States the game's numbering leaves out (`Game::settled`): Dobutsu
    /// with lions and chicks leaves out two thirds of its states, and two
    /// of those it stores lose in two because every move hands the
    /// opponent a win in one. The two-phase sweep on 2 and 3 threads
    /// answers as the one-thread loop (which the tests of `dobutsu` hold
    /// against a solver written apart), level 2's late losses included.
    #[test]
    fn settled_states_and_late_losses_on_threads() {
        use crate::engine::sweep::Kernel;
        let game = crate::games::dobutsu::Dobutsu::new(0, 0, 2).unwrap();
        let options = SolveOptions {
            symmetry: true,
            reverse_graph: false,
        };
        let solved = solve(&game, &options).unwrap();
        let space = GameSpace::orbits(&game);
        assert!(space.settles());
        assert_eq!(space.stored(), 15_735);
        let kernel = GameKernel::new(&space, Predecessors::Unmoves, game.max_unmoves());
        let mut late = 0;
        let mut cells = vec![0u8; kernel.slots()];
        let mut scratch = kernel.scratch();
        kernel.initial_cells(0, &mut cells, &mut scratch);
        for (s, &cell) in cells.iter().enumerate() {
            if cell == crate::engine::sweep::countdown::LATE_LOSS {
                late += 1;
                assert_eq!(solved.distances.get(s), Some(2), "late loss {s}");
                assert_eq!(solved.codes.get(s), Some(gametable::code::LOSS));
            }
        }
        assert_eq!(late, 2);
        for threads in [2, 3] {
            let (parallel, distances) = on_threads(&kernel, threads);
            assert_eq!(parallel.levels, solved.levels);
            assert!(parallel.deferred.is_none());
            for (s, &found) in distances.iter().enumerate() {
                assert_eq!(Some(parallel.code(s)), solved.codes.get(s), "state {s}");
                let d = solved.distances.get(s).unwrap();
                let expected = if d == NO_DISTANCE {
                    u32::MAX
                } else {
                    u32::from(d)
                };
                assert_eq!(found, expected, "state {s}");
            }
        }
        assert!(kernel.broken().is_none());
        // Keeping the distances, the sweep leaves the codes to be read from
        // them: every level of Dobutsu holds one outcome.
        let kernel = kernel.keeping_distances();
        let (parallel, distances) = on_threads(&kernel, 2);
        let deferred = parallel.deferred.expect("codes left to the distances");
        assert!(parallel.packed.is_empty() && deferred.not_positions.is_empty());
        for (s, &found) in distances.iter().enumerate() {
            let distance = (found != u32::MAX).then_some(found as u16);
            assert_eq!(
                Some(deferred.code(distance, false)),
                solved.codes.get(s),
                "state {s}"
            );
        }
    }

    /// The two-phase sweep on 2 threads over every state of `game` (from
    /// its reverse graph), its caller keeping the distances.
    fn two_phase_keeping_distances<G: Game>(game: &G) -> (SpaceSolution, Vec<u32>) {
        let space = GameSpace::full(game);
        let graph = ReverseGraph::new(&space).unwrap();
        let kernel = GameKernel::new(&space, Predecessors::Graph(&graph), 8).keeping_distances();
        on_threads(&kernel, 2)
    }

    /// Codes left to the distances read as the sweep's own: on a misère
    /// pile (wins at even distances) and a normal one; and a game whose
    /// levels hold both outcomes keeps its codes packed.
    #[test]
    fn codes_read_from_distances_or_packed_where_levels_mix() {
        for game in [Pile::misere(300, true), Pile::normal(300, false, false)] {
            let solved = solve(&game, &SolveOptions::default()).unwrap();
            let (parallel, distances) = two_phase_keeping_distances(&game);
            let deferred = parallel.deferred.expect("one outcome per level");
            for (s, &found) in distances.iter().enumerate() {
                let distance = (found != u32::MAX).then_some(found as u16);
                let code = deferred.code(distance, false);
                assert_eq!(Some(code), solved.codes.get(s), "pile {s}");
            }
        }
        // Two endings, a loss (0) and a win (1), and a move into each (2,
        // 3): level 1 holds a win and a loss.
        struct Mixed;
        impl Game for Mixed {
            type Position = u64;
            fn name(&self) -> &'static str {
                "mixed"
            }
            fn parameters(&self) -> Vec<Parameter> {
                Vec::new()
            }
            fn states(&self) -> u64 {
                4
            }
            fn position(&self, index: u64) -> Option<u64> {
                (index < 4).then_some(index)
            }
            fn index(&self, position: &u64) -> u64 {
                *position
            }
            fn to_move(&self, _index: u64) -> Side {
                Side::First
            }
            fn ending(&self, index: u64) -> Option<Outcome> {
                [Some(Outcome::Loss), Some(Outcome::Win), None, None][index as usize]
            }
            fn successors(&self, index: u64, out: &mut Vec<u64>) {
                out.push(index - 2);
            }
            fn max_moves(&self) -> usize {
                1
            }
        }
        let solved = solve(&Mixed, &SolveOptions::default()).unwrap();
        let (parallel, _) = two_phase_keeping_distances(&Mixed);
        assert!(parallel.deferred.is_none());
        let codes: Vec<u8> = (0..4).map(|s| parallel.code(s)).collect();
        use gametable::code;
        assert_eq!(codes, [code::LOSS, code::WIN, code::WIN, code::LOSS]);
        assert_eq!(solved.codes.iter().collect::<Vec<_>>(), codes);
    }

    /// A game that never ends (two positions moving into each other) is
    /// all draws with every distance known to be none: a solve on threads
    /// keeps its distances though it decided nothing, and plays.
    #[test]
    fn a_game_of_endless_play_keeps_its_distances() {
        struct Endless;
        impl Game for Endless {
            type Position = u64;
            fn name(&self) -> &'static str {
                "endless"
            }
            fn parameters(&self) -> Vec<Parameter> {
                Vec::new()
            }
            fn states(&self) -> u64 {
                2
            }
            fn position(&self, index: u64) -> Option<u64> {
                (index < 2).then_some(index)
            }
            fn index(&self, position: &u64) -> u64 {
                *position
            }
            fn to_move(&self, _index: u64) -> Side {
                Side::First
            }
            fn ending(&self, _index: u64) -> Option<Outcome> {
                None
            }
            fn successors(&self, index: u64, out: &mut Vec<u64>) {
                out.push(1 - index);
            }
            fn max_moves(&self) -> usize {
                1
            }
        }
        let solved = solve(&Endless, &SolveOptions::default()).unwrap();
        assert!(solved.has_distances());
        assert_eq!(solved.distances.len(), 2);
        assert_eq!(solved.counts[usize::from(gametable::code::DRAW)], 2);
        assert_eq!(solved.distance(&Endless, 0), None);
    }

    /// States in a chain, each a move from the one before (state 0 lost),
    /// broken where asked: the state before the last also naming a state
    /// past the end among its moves (`wild_move`), or state 1 among its
    /// un-moves (`wild_unmove`).
    pub(crate) struct Wild {
        pub(crate) len: u64,
        pub(crate) unmoves: bool,
        pub(crate) symmetry: bool,
        pub(crate) wild_move: bool,
        pub(crate) wild_unmove: bool,
    }

    impl Wild {
        /// A chain of 3,000 states with un-moves and a move past the end.
        pub(crate) const CHAIN: Wild = Wild {
            len: 3_000,
            unmoves: true,
            symmetry: false,
            wild_move: true,
            wild_unmove: false,
        };

        /// A chain of 3,000 states with un-moves, state 1 naming one past
        /// the end among them: found at level 1, after a checkpoint of
        /// every level has been committed.
        pub(crate) const LATE: Wild = Wild {
            len: 3_000,
            unmoves: true,
            symmetry: false,
            wild_move: false,
            wild_unmove: true,
        };

        /// The state that names a move past the end, and the state it names.
        pub(crate) fn wild(&self) -> (u64, u64) {
            (self.len - 2, self.len + 5)
        }
    }

    impl Game for Wild {
        type Position = u64;
        fn name(&self) -> &'static str {
            "wild"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            self.len
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index < self.len).then_some(index)
        }
        fn index(&self, position: &u64) -> u64 {
            *position
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            (index == 0).then_some(Outcome::Loss)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            out.push(index - 1);
            let (from, to) = self.wild();
            if index == from && self.wild_move {
                out.push(to);
            }
        }
        fn max_moves(&self) -> usize {
            2
        }
        fn has_unmoves(&self) -> bool {
            self.unmoves
        }
        fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
            if index == 1 && self.wild_unmove {
                out.push(self.len + 3);
            } else if index + 1 < self.len {
                out.push(index + 1);
            }
        }
        fn max_unmoves(&self) -> usize {
            1
        }
        fn has_symmetry(&self) -> bool {
            self.symmetry
        }
        /// Every state its own orbit; an index past the last wraps, as a
        /// game's decoding might, into one that is not the move named.
        fn canonical(&self, index: u64) -> u64 {
            index % self.len
        }
    }

    /// A fault found as the sweep starts stops it after its first level,
    /// on one thread and on two, rather than after the whole game.
    #[test]
    fn a_broken_contract_stops_the_sweep_at_once() {
        let space = GameSpace::full(&Wild::CHAIN);
        let kernel = GameKernel::new(&space, Predecessors::Unmoves, 1);
        let one = crate::engine::sweep::level::sweep(&kernel, |_, _| {});
        assert_eq!(one.levels, 1);
        let (two, _) = on_threads(&GameKernel::new(&space, Predecessors::Unmoves, 1), 2);
        assert_eq!(two.levels, 1);
        let (index, found) = Wild::CHAIN.wild();
        assert_eq!(
            solve(&Wild::CHAIN, &SolveOptions::default()).err(),
            Some(SolveError::Broken(Broken::OutOfRange { index, found }))
        );
    }

    /// A game that names an index past its last among its moves or
    /// un-moves gets an error naming the state, never a panic nor a table
    /// that counts or drops the move: over every state and over orbits,
    /// from un-moves and from the reverse graph.
    #[test]
    fn moves_past_the_last_index_are_refused_by_name() {
        for symmetry in [false, true] {
            // A move past the end is found by the reverse graph, or, with
            // un-moves, as the sweep counts each state's moves; an un-move
            // past the end as the sweep follows un-moves.
            for (unmoves, wild_move, index, found) in
                [(false, true, 2, 9), (true, true, 2, 9), (true, false, 1, 7)]
            {
                let game = Wild {
                    len: 4,
                    unmoves,
                    symmetry,
                    wild_move,
                    wild_unmove: !wild_move,
                };
                let options = SolveOptions {
                    symmetry,
                    reverse_graph: false,
                };
                let error = solve(&game, &options).err();
                assert_eq!(
                    error,
                    Some(SolveError::Broken(Broken::OutOfRange { index, found })),
                    "un-moves {unmoves}, symmetry {symmetry}"
                );
                assert!(error
                    .map(|e| e.to_string())
                    .is_some_and(|e| e.contains(&format!("state {index} names state {found}"))));
            }
        }
    }

    /// A solve answers no index past the game's last, over orbits too
    /// (where the game's `canonical` is never given one).
    #[test]
    fn no_answer_past_the_last_index() {
        for symmetry in [false, true] {
            let game = Wild {
                len: 4,
                unmoves: true,
                symmetry,
                wild_move: false,
                wild_unmove: false,
            };
            let options = SolveOptions {
                symmetry,
                reverse_graph: false,
            };
            let solved = solve(&game, &options).unwrap();
            assert_eq!(solved.outcome(&game, 3), Some(Outcome::Win));
            for past in [4, 5, u64::MAX] {
                assert_eq!(solved.outcome(&game, past), None, "symmetry {symmetry}");
                assert_eq!(solved.distance(&game, past), None, "symmetry {symmetry}");
            }
        }
    }

    /// Two piles of at most `cap` stones; a move takes any number from one
    /// pile, or, where the piles hold `3 (mod 7)` stones together, puts one
    /// back on the larger pile if it is ahead by two or more and below the
    /// cap (which makes cycles without changing Nim's outcomes). Both piles
    /// full is a draw by the rules. Up to `2 cap + 1` distinct moves: past
    /// 247 for `cap` 124 and up, so the sweep needs two-byte counters.
    /// Swapping the piles is a symmetry.
    pub(crate) struct WideNim {
        pub(crate) cap: u64,
    }

    impl WideNim {
        fn piles(&self, index: u64) -> (u64, u64) {
            (index / (self.cap + 1), index % (self.cap + 1))
        }
        fn at(&self, a: u64, b: u64) -> u64 {
            a * (self.cap + 1) + b
        }
        /// Whether a stone may be put back on pile `a` (of `a`, `b`).
        fn adds_back(&self, a: u64, b: u64) -> bool {
            (a + b) % 7 == 3 && a > b + 1 && a < self.cap
        }
    }

    impl Game for WideNim {
        type Position = (u64, u64);
        fn name(&self) -> &'static str {
            "wide_nim"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            (self.cap + 1) * (self.cap + 1)
        }
        fn position(&self, index: u64) -> Option<(u64, u64)> {
            (index < self.states()).then(|| self.piles(index))
        }
        fn index(&self, &(a, b): &(u64, u64)) -> u64 {
            self.at(a, b)
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            (index + 1 == self.states()).then_some(Outcome::Draw)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            if self.ending(index).is_some() {
                return;
            }
            let (a, b) = self.piles(index);
            out.extend((0..a).map(|left| self.at(left, b)));
            out.extend((0..b).map(|left| self.at(a, left)));
            out.extend(self.adds_back(a, b).then(|| self.at(a + 1, b)));
            out.extend(self.adds_back(b, a).then(|| self.at(a, b + 1)));
        }
        fn max_moves(&self) -> usize {
            2 * self.cap as usize + 1
        }
        fn has_unmoves(&self) -> bool {
            true
        }
        fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
            let (a, b) = self.piles(index);
            let last = self.states() - 1;
            out.extend(
                (a + 1..=self.cap)
                    .map(|before| self.at(before, b))
                    .filter(|&before| before != last),
            );
            out.extend(
                (b + 1..=self.cap)
                    .map(|before| self.at(a, before))
                    .filter(|&before| before != last),
            );
            if a > 0 && self.adds_back(a - 1, b) {
                out.push(self.at(a - 1, b));
            }
            if b > 0 && self.adds_back(b - 1, a) {
                out.push(self.at(a, b - 1));
            }
        }
        fn max_unmoves(&self) -> usize {
            2 * self.cap as usize + 1
        }
        fn has_symmetry(&self) -> bool {
            true
        }
        fn canonical(&self, index: u64) -> u64 {
            let (a, b) = self.piles(index);
            self.at(a.max(b), a.min(b))
        }
    }

    /// The size check counts the cells a game's sweep will take: two
    /// bytes a state for a game of more moves than a byte counts.
    #[test]
    fn the_size_check_counts_two_byte_cells() {
        let huge = WideNim { cap: (1 << 31) - 1 };
        assert_eq!(huge.states(), 1 << 62);
        let refused = check_size(&huge, false, 1).unwrap_err();
        assert!(
            refused.contains(
                "the work cells (two bytes per state) would take 9223372036854775808 bytes"
            ),
            "{refused}"
        );
        let refused = check_size(&huge, false, 4).unwrap_err();
        assert!(
            refused.contains("(2305843009213693952 on each of 4 processes)"),
            "{refused}"
        );
        assert!(check_size(&WideNim { cap: 200 }, false, 1).is_ok());
    }

    #[test]
    fn games_with_more_moves_than_a_byte_counts_sweep_on_two_byte_counters() {
        use crate::engine::conformance::{check, Sample};
        use crate::engine::kernel::GameKernel;
        use crate::engine::sweep;

        let game = WideNim { cap: 200 };
        // Every index checks every move's un-moves (40,401 x 401 x 401
        // steps): in release builds only; a sample in debug builds.
        let sample = if cfg!(debug_assertions) {
            Sample::Random {
                count: 300,
                seed: 1,
            }
        } else {
            Sample::All
        };
        check(&game, sample).unwrap();
        assert!(game.max_moves() > u8::MAX_COUNT);
        for symmetry in [false, true] {
            let solved = solve(
                &game,
                &SolveOptions {
                    symmetry,
                    reverse_graph: false,
                },
            )
            .unwrap();
            let space = if symmetry {
                GameSpace::orbits(&game)
            } else {
                GameSpace::full(&game)
            };
            let queue = baseline::solve(&space, &Predecessors::Unmoves);
            assert_eq!(solved.codes, queue.codes, "symmetry {symmetry}");
            assert_eq!(solved.distances, queue.distances, "symmetry {symmetry}");
            // Equal piles are lost, after each of their 380 moves was counted
            // down, in 380 moves (one stone at a time, the winner mirroring);
            // so are others of more than 247 moves.
            assert_eq!(
                solved.outcome(&game, game.at(190, 190)),
                Some(Outcome::Loss)
            );
            assert_eq!(solved.distance(&game, game.at(190, 190)), Some(380));
            let mut moves = Vec::new();
            let wide_losses = (0..game.states())
                .filter(|&index| {
                    moves.clear();
                    game.successors(index, &mut moves);
                    moves.len() > 247 && solved.outcome(&game, index) == Some(Outcome::Loss)
                })
                .count();
            assert!(wide_losses > 0);
            assert!(solved.counts[usize::from(gametable::code::DRAW)] > 0);

            // On 2 and 3 threads, bit for bit the one-thread sweep.
            let kernel = GameKernel::wide(&space, Predecessors::Unmoves, game.max_unmoves());
            let stored = space.stored() as usize;
            let mut single_distances = vec![u32::MAX; stored];
            let single = sweep::sweep(&kernel, |s, d| single_distances[s as usize] = d);
            assert_eq!(single.levels, solved.levels);
            for threads in [2, 3] {
                let (parallel, distances) = on_threads(&kernel, threads);
                assert_eq!(single.packed, parallel.packed, "{threads} threads");
                assert_eq!(single.levels, parallel.levels);
                assert_eq!(single_distances, distances, "{threads} threads");
            }
            assert!(kernel.broken().is_none());

            // One-byte counters cannot hold it, and say so.
            let narrow = GameKernel::new(&space, Predecessors::Unmoves, game.max_unmoves());
            let _ = sweep::sweep(&narrow, |_, _| {});
            assert!(matches!(
                narrow.broken(),
                Some(Broken::TooManyMoves { limit: 247, moves, .. }) if moves > 247
            ));
        }
        // Per orbit, every index answers as over every state.
        let full = solve(&game, &SolveOptions::default()).unwrap();
        let orbits = solve(
            &game,
            &SolveOptions {
                symmetry: true,
                reverse_graph: false,
            },
        )
        .unwrap();
        for index in 0..game.states() {
            assert_eq!(full.outcome(&game, index), orbits.outcome(&game, index));
            assert_eq!(full.distance(&game, index), orbits.distance(&game, index));
        }
    }

    /// A pile of up to `n` stones, take one or two, the empty pile lost:
    /// numbered by the game itself, which leaves the empty pile out as
    /// settled (a loss at 0).
    struct SettlingPile {
        n: u64,
        at_once: bool,
    }

    impl Game for SettlingPile {
        type Position = u64;
        fn name(&self) -> &'static str {
            "settling_pile"
        }
        fn parameters(&self) -> Vec<Parameter> {
            Vec::new()
        }
        fn states(&self) -> u64 {
            self.n + 1
        }
        fn position(&self, index: u64) -> Option<u64> {
            (index <= self.n).then_some(index)
        }
        fn index(&self, position: &u64) -> u64 {
            *position
        }
        fn to_move(&self, _index: u64) -> Side {
            Side::First
        }
        fn ending(&self, index: u64) -> Option<Outcome> {
            (index == 0).then_some(Outcome::Loss)
        }
        fn successors(&self, index: u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&k| k <= index).map(|k| index - k));
        }
        fn max_moves(&self) -> usize {
            2
        }
        fn has_wins_at_once(&self) -> bool {
            self.at_once
        }
        fn wins_at_once(&self, index: u64) -> bool {
            (1..=2).contains(&index)
        }
        fn has_symmetry(&self) -> bool {
            true
        }
        fn canonical(&self, index: u64) -> u64 {
            index
        }
        fn orbit_count(&self) -> Option<u64> {
            Some(self.n)
        }
        fn orbit(&self, index: u64) -> u64 {
            if index == 0 {
                self.n
            } else {
                index - 1
            }
        }
        fn representative(&self, orbit: u64) -> u64 {
            orbit + 1
        }
        fn has_settled(&self) -> bool {
            true
        }
        fn settled(&self, index: u64) -> Option<(Outcome, u16)> {
            (index == 0).then_some((Outcome::Loss, 0))
        }
    }

    /// A game that leaves a lost ending out of its numbering answers
    /// `wins_at_once`, from which alone the sweep knows that moving there
    /// wins: without it the solve (which answered 1 and 2 stones as lost
    /// and everything after wrongly) and the conformance check refuse it.
    #[test]
    fn settled_losses_need_wins_at_once() {
        let options = SolveOptions {
            symmetry: true,
            reverse_graph: true,
        };
        let game = SettlingPile {
            n: 20,
            at_once: true,
        };
        crate::engine::conformance::check(&game, crate::engine::conformance::Sample::All).unwrap();
        let solved = solve(&game, &options).unwrap();
        assert_eq!(solved.codes.len(), 20);
        for index in 0..=20 {
            let (outcome, distance) = if index % 3 == 0 {
                (Outcome::Loss, 2 * index / 3)
            } else {
                (Outcome::Win, 2 * (index / 3) + 1)
            };
            assert_eq!(solved.outcome(&game, index), Some(outcome), "{index}");
            assert_eq!(
                solved.distance(&game, index),
                Some(distance as u16),
                "{index}"
            );
        }
        let game = SettlingPile {
            n: 20,
            at_once: false,
        };
        let found =
            crate::engine::conformance::check(&game, crate::engine::conformance::Sample::All)
                .unwrap_err();
        assert_eq!(
            (found.check, found.index),
            (crate::engine::conformance::Check::Settled, 0)
        );
        assert!(
            found.found.ends_with("has_wins_at_once() is false"),
            "{found}"
        );
        let Err(refused) = solve(&game, &options) else {
            panic!("solved without wins_at_once");
        };
        let refused = refused.to_string();
        assert!(
            refused.starts_with(
                "settling_pile: has_settled() is true but has_wins_at_once() is false"
            ),
            "{refused}"
        );
        // Over every state, nothing is left out, and the game solves.
        let full = solve(&game, &SolveOptions::default()).unwrap();
        assert_eq!(full.outcome(&game, 3), Some(Outcome::Loss));
    }

    /// The deepest game the tables hold, a distance of `MAX_DISTANCE`, is
    /// solved and written (it was solved, then refused by the writer); one
    /// ply deeper is refused by the solve.
    #[test]
    fn the_deepest_distance_solved_is_written() {
        // Taking one stone at a time: n stones end in n plies.
        let chain = |cap: u64| Pile {
            cap,
            add_back: false,
            misere: false,
            take: 1,
            at_once: false,
            unmoves: true,
        };
        let deepest = u64::from(MAX_DISTANCE);
        let game = chain(deepest);
        let mut solved = solve(&game, &SolveOptions::default()).unwrap();
        assert_eq!(solved.distance(&game, deepest), Some(MAX_DISTANCE));
        let dir = std::env::temp_dir().join(format!("gametable-deepest-{}", std::process::id()));
        let path = dir.join("chain.gtbl");
        let options = crate::store::WriteOptions {
            compression: gametable_format::Compression::Zstd,
            distances: true,
            regenerate: "a test".into(),
        };
        crate::store::write_tables(&game, &mut solved, &path, &options).unwrap();
        let tables = crate::store::GameTables::open(&game, &path).unwrap();
        for index in [0, 1, 2, deepest - 1, deepest] {
            let outcome = if index % 2 == 0 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            assert_eq!(
                tables.answer(&game, index),
                Some((outcome, Some(index as u16))),
                "{index}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
        let Err(refused) = solve(&chain(deepest + 1), &SolveOptions::default()) else {
            panic!("solved a game deeper than the tables hold");
        };
        assert!(
            matches!(refused, SolveError::TooDeep { levels: 65_536 }),
            "{refused}"
        );
    }
}
