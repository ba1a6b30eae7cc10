//! A game that is not built in, written against the engine's public API
//! alone: cop and robber on a small graph, solved by retrograde analysis.
//!
//! Two tokens sit on the vertices of the graph below. The cop moves first;
//! the players take turns sliding their own token along one edge (a move is
//! compulsory). The cop wins by moving onto the robber; the robber may not
//! move onto the cop, and a robber with no move (on the leaf 9 with the cop
//! on 2) has lost. Nothing else ends the game: a robber who can run around
//! the five-cycle 0-1-2-3-4 forever draws, by endless repetition.
//!
//! ```text
//! 0 - 1 - 2 - 9
//! |       |
//! 4 ----- 3
//! |
//! 5 - 6 - 7
//!      \ /
//!       8
//! ```
//!
//! `cargo run --release -p gametable-gen --example cop_and_robber` checks the
//! implementation against the engine's contracts, solves it both ways (from
//! the un-moves and from a reverse graph), checks the solution one move
//! deep from the forward rules alone, and prints a summary and a few
//! positions with every move's result. `docs/add-a-game.md` walks through
//! it.

use std::error::Error;
use std::fmt::Write as _;

use gametable_gen::engine::conformance::{self, Sample};
use gametable_gen::engine::{
    self, Game, Notation, NotationError, Outcome, Parameter, Side, SolveOptions, Solved,
};
use gametable_gen::engine::{deep, reach};
use gametable_gen::store::{self, Compression, GameTables, WriteOptions};

/// Vertices of the graph.
const VERTICES: u64 = 10;

/// The edges, each once.
const EDGES: [(u8, u8); 11] = [
    (0, 1),
    (1, 2),
    (2, 9),
    (0, 4),
    (2, 3),
    (3, 4),
    (4, 5),
    (5, 6),
    (6, 7),
    (6, 8),
    (7, 8),
];

/// The graph as drawn: each digit is its vertex.
const DRAWING: &str = "0 - 1 - 2 - 9\n|       |\n4 ----- 3\n|\n5 - 6 - 7\n     \\ /\n      8\n";

/// A position: where the two tokens are and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cop's vertex.
    pub cop: u64,
    /// The robber's vertex.
    pub robber: u64,
    /// Who is to move: [`Side::First`] is the cop.
    pub mover: Side,
}

/// Cop and robber on the graph [`EDGES`].
///
/// Index `mover * 100 + cop * 10 + robber`, the cop to move being 0. Both
/// tokens on one vertex with the cop to move is no position (the robber
/// never moves onto the cop); with the robber to move it is over, a loss
/// for the robber.
pub struct CopAndRobber {
    /// Each vertex's neighbours, in increasing order.
    neighbours: Vec<Vec<u64>>,
}

impl CopAndRobber {
    /// The game on the graph [`EDGES`].
    pub fn new() -> CopAndRobber {
        let mut neighbours = vec![Vec::new(); VERTICES as usize];
        for (a, b) in EDGES {
            for (from, to) in [(a, b), (b, a)] {
                if let Some(list) = neighbours.get_mut(usize::from(from)) {
                    list.push(u64::from(to));
                }
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
        }
        CopAndRobber { neighbours }
    }

    /// The neighbours of vertex `v`.
    fn next_to(&self, v: u64) -> &[u64] {
        usize::try_from(v)
            .ok()
            .and_then(|v| self.neighbours.get(v))
            .map_or(&[], Vec::as_slice)
    }

    /// The index of a position given by its parts.
    pub fn at(&self, cop: u64, robber: u64, mover: Side) -> u64 {
        self.index(&Position { cop, robber, mover })
    }
}

impl Default for CopAndRobber {
    fn default() -> CopAndRobber {
        CopAndRobber::new()
    }
}

impl Game for CopAndRobber {
    type Position = Position;

    fn name(&self) -> &'static str {
        "cop_and_robber"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![("vertices", VERTICES), ("edges", EDGES.len() as u64)]
    }

    fn states(&self) -> u64 {
        2 * VERTICES * VERTICES
    }

    fn position(&self, index: u64) -> Option<Position> {
        if index >= self.states() {
            return None;
        }
        let mover = if index < VERTICES * VERTICES {
            Side::First
        } else {
            Side::Second
        };
        let (cop, robber) = (index / VERTICES % VERTICES, index % VERTICES);
        (cop != robber || mover == Side::Second).then_some(Position { cop, robber, mover })
    }

    fn index(&self, p: &Position) -> u64 {
        let mover = match p.mover {
            Side::First => 0,
            Side::Second => 1,
        };
        (mover * VERTICES + p.cop) * VERTICES + p.robber
    }

    fn to_move(&self, index: u64) -> Side {
        if index < VERTICES * VERTICES {
            Side::First
        } else {
            Side::Second
        }
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        let p = self.position(index)?;
        (p.cop == p.robber).then_some(Outcome::Loss)
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        let Some(p) = self.position(index) else {
            return;
        };
        if p.cop == p.robber {
            return;
        }
        match p.mover {
            Side::First => {
                for &cop in self.next_to(p.cop) {
                    out.push(self.at(cop, p.robber, Side::Second));
                }
            }
            Side::Second => {
                for &robber in self.next_to(p.robber) {
                    if robber != p.cop {
                        out.push(self.at(p.cop, robber, Side::First));
                    }
                }
            }
        }
    }

    fn max_moves(&self) -> usize {
        self.neighbours.iter().map(Vec::len).max().unwrap_or(0)
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    /// The mover's token slides back along an edge: the cop's if the robber
    /// is to move, the robber's if the cop is. The state before had the
    /// tokens apart (it was not over) and the robber never slides onto the
    /// cop.
    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let Some(p) = self.position(index) else {
            return;
        };
        match p.mover {
            Side::Second => {
                for &cop in self.next_to(p.cop) {
                    if cop != p.robber {
                        out.push(self.at(cop, p.robber, Side::First));
                    }
                }
            }
            Side::First => {
                for &robber in self.next_to(p.robber) {
                    if robber != p.cop {
                        out.push(self.at(p.cop, robber, Side::Second));
                    }
                }
            }
        }
    }

    fn start(&self) -> Option<u64> {
        Some(self.at(0, 8, Side::First))
    }
}

impl Notation for CopAndRobber {
    fn position_help(&self) -> &'static str {
        "the cop's vertex, the robber's vertex and who moves: `0 8 cop`"
    }

    fn move_help(&self) -> &'static str {
        "the vertex the mover slides to, along an edge: `1`"
    }

    fn parse_position(&self, text: &str) -> Result<u64, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [cop, robber, mover] = words.as_slice() else {
            return Err(NotationError::new(format!(
                "expected three words (cop's vertex, robber's vertex, cop or robber), found {}",
                words.len()
            )));
        };
        let vertex = |word: &str, whose: &str| match word.parse::<u64>() {
            Ok(v) if v < VERTICES => Ok(v),
            _ => Err(NotationError::new(format!(
                "{whose} vertex '{word}': expected 0 to {}",
                VERTICES - 1
            ))),
        };
        let (cop, robber) = (vertex(cop, "the cop's")?, vertex(robber, "the robber's")?);
        let mover = match *mover {
            "cop" => Side::First,
            "robber" => Side::Second,
            other => {
                return Err(NotationError::new(format!(
                    "who moves '{other}': expected cop or robber"
                )))
            }
        };
        if cop == robber && mover == Side::First {
            return Err(NotationError::new(
                "the cop cannot be to move on the robber's vertex",
            ));
        }
        Ok(self.at(cop, robber, mover))
    }

    fn write_position(&self, index: u64) -> String {
        match self.position(index) {
            Some(p) => format!("{} {} {}", p.cop, p.robber, self.side_name(p.mover)),
            None => format!("(index {index}: no position)"),
        }
    }

    fn moves(&self, index: u64) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        self.successors(index, &mut out);
        out.into_iter()
            .filter_map(|t| {
                let p = self.position(t)?;
                // The destination of whoever just moved.
                let to = match p.mover {
                    Side::Second => p.cop,
                    Side::First => p.robber,
                };
                Some((to.to_string(), t))
            })
            .collect()
    }

    fn picture(&self, index: u64) -> String {
        let Some(p) = self.position(index) else {
            return String::new();
        };
        let mut text: String = DRAWING
            .chars()
            .map(|c| match c.to_digit(10).map(u64::from) {
                Some(v) if v == p.cop => 'C',
                Some(v) if v == p.robber => 'R',
                _ => c,
            })
            .collect();
        let _ = writeln!(text, "{} to move", self.side_name(p.mover));
        text
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "cop",
            Side::Second => "robber",
        }
    }
}

/// How many positions the one-move-deep check found of each outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions won by the player to move.
    pub wins: u64,
    /// Positions lost by the player to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// The longest win, in moves (plies).
    pub longest_win: u16,
    /// The first position with the longest win.
    pub longest_at: u64,
}

/// Checks `solved` one move deep from the forward rules alone with the
/// engine's deep verifier (`engine::deep::check`, which trusts neither the
/// table nor the sweep): a state that is over keeps the rules' verdict at
/// distance 0; a win at distance `d` has a move to a loss at `d - 1` and
/// none to a shorter loss; a loss at `d` has only moves to wins, the
/// longest at `d - 1`; a draw has no move to a loss and not only moves to
/// wins. The error names the first position at fault; on success, the
/// outcomes are tallied.
pub fn check_one_move_deep<G: Notation>(game: &G, solved: &Solved) -> Result<Tally, String> {
    deep::check(
        game,
        false,
        |i| Some((solved.outcome(game, i)?, solved.distance(game, i))),
        |i| game.write_position(i),
    )
    .map_err(|e| e.why)?;
    let mut tally = Tally::default();
    for i in (0..game.states()).filter(|&i| game.is_position(i)) {
        match solved.outcome(game, i) {
            Some(Outcome::Win) => {
                tally.wins += 1;
                let d = solved.distance(game, i).unwrap_or(0);
                if d > tally.longest_win {
                    (tally.longest_win, tally.longest_at) = (d, i);
                }
            }
            Some(Outcome::Loss) => tally.losses += 1,
            _ => tally.draws += 1,
        }
    }
    Ok(tally)
}

/// The outcome and distance of state `index` in words, for the player to
/// move there: `the robber loses in 3`, `the cop wins in 1`, `draw`.
pub fn result<G: Notation>(game: &G, solved: &Solved, index: u64) -> String {
    let who = game.side_name(game.to_move(index));
    let moves = |d: u16| if d == 1 { "move" } else { "moves" };
    match (solved.outcome(game, index), solved.distance(game, index)) {
        (Some(Outcome::Win), Some(d)) => format!("the {who} wins in {d} {}", moves(d)),
        (Some(Outcome::Loss), Some(0)) => format!("the {who} has lost"),
        (Some(Outcome::Loss), Some(d)) => format!("the {who} loses in {d} {}", moves(d)),
        (Some(Outcome::Draw), _) => "draw".to_string(),
        _ => "no position".to_string(),
    }
}

/// The positions the example asks about, in its notation.
pub const QUERIES: [&str; 3] = ["0 8 cop", "3 9 cop", "1 3 robber"];

/// Everything the example prints.
pub fn report() -> Result<String, Box<dyn Error>> {
    let game = CopAndRobber::new();
    let mut text = String::new();
    writeln!(
        text,
        "cop and robber on {VERTICES} vertices and {} edges; the cop moves first\n",
        EDGES.len()
    )?;
    text.push_str(DRAWING);

    let checked = conformance::check(&game, Sample::All)?;
    writeln!(text, "\nconformance: {checked}")?;

    let solved = engine::solve(&game, &SolveOptions::default())?;
    let from_graph = engine::solve(
        &game,
        &SolveOptions {
            reverse_graph: true,
            ..SolveOptions::default()
        },
    )?;
    for i in 0..game.states() {
        let (a, b) = (
            (solved.outcome(&game, i), solved.distance(&game, i)),
            (from_graph.outcome(&game, i), from_graph.distance(&game, i)),
        );
        if a != b {
            return Err(format!("index {i}: un-moves give {a:?}, the reverse graph {b:?}").into());
        }
    }
    writeln!(text, "un-moves and reverse graph: the same solution")?;

    let tally = check_one_move_deep(&game, &solved)?;
    writeln!(text, "one move deep: every position consistent")?;
    writeln!(text, "{}", write_and_read_back(&game, from_graph, &solved)?)?;
    writeln!(
        text,
        "positions: {} ({} wins, {} losses, {} draws)",
        tally.wins + tally.losses + tally.draws,
        tally.wins,
        tally.losses,
        tally.draws
    )?;
    writeln!(
        text,
        "longest win: {} moves, first from {}",
        tally.longest_win,
        game.write_position(tally.longest_at)
    )?;
    if let Some(start) = game.start() {
        let reached = reach::reachable(&game, start);
        writeln!(
            text,
            "reachable from the start {}: {} positions",
            game.write_position(start),
            reached.positions
        )?;
    }

    for query in QUERIES {
        let index = game.parse_position(query)?;
        writeln!(text, "\n{query}: {}", result(&game, &solved, index))?;
        text.push_str(&game.picture(index));
        for (name, to) in game.moves(index) {
            writeln!(
                text,
                "  {name} -> {}: {}",
                game.write_position(to),
                result(&game, &solved, to)
            )?;
        }
    }
    Ok(text)
}

/// Writes `solved`'s tables (outcomes and distances) into a folder of its
/// own, reads them back as an application would, and checks every answer
/// against `expected`, the same solution held in memory.
fn write_and_read_back(
    game: &CopAndRobber,
    mut solved: engine::Solved,
    expected: &engine::Solved,
) -> Result<String, Box<dyn Error>> {
    let dir = std::env::temp_dir().join(format!("cop-and-robber-{}", std::process::id()));
    let path = dir.join("cop_and_robber.gtbl");
    let options = WriteOptions {
        compression: Compression::Zstd,
        distances: true,
        regenerate: "cargo run --release -p gametable-gen --example cop_and_robber".into(),
    };
    let written = store::write_tables(game, &mut solved, &path, &options);
    let read = written.and_then(|_| GameTables::open(game, &path));
    let _ = std::fs::remove_dir_all(&dir);
    let tables = read?;
    for i in 0..game.states() {
        let from_file = tables.answer(game, i);
        let in_memory = expected
            .outcome(game, i)
            .map(|outcome| (outcome, expected.distance(game, i)));
        if from_file != in_memory {
            return Err(format!(
                "index {i}: the tables read back say {from_file:?}, the solve {in_memory:?}"
            )
            .into());
        }
    }
    // The tables' own answers, checked one move deep as `gametable verify
    // --deep` checks a built-in game's.
    let per_orbit = tables.orbits().is_some();
    deep::check(
        game,
        per_orbit,
        |i| tables.answer(game, i),
        |i| game.write_position(i),
    )
    .map_err(|e| e.why)?;
    Ok(format!(
        "tables: written and read back, {} stored states, every answer the solve's",
        tables.outcomes().stored_states()
    ))
}

fn main() -> Result<(), Box<dyn Error>> {
    print!("{}", report()?);
    Ok(())
}
