//! `gametable stats`: what a table file holds.

use std::path::Path;

use gametable::code;
use gametable_format::{Symmetry, TableKind};

use crate::cli::registry;
use crate::engine::census;
use crate::engine::deep::Answer;
use crate::engine::orbits::Orbits;
use crate::engine::{Game, Notation};
use crate::report::{self, plies};
use crate::store::{self, StoredTable};

/// Prints the parameters and outcome counts of the table at `path`, and for
/// a distance table the longest win and loss and the distance histogram:
/// one report for every game and layout.
pub fn run(path: &Path) -> crate::cli::Result<()> {
    let bytes = crate::store::read_bytes(path)?;
    generic(path, crate::store::decode_table(path, &bytes)?)
}

/// Stats of a table of any game, full or reduced: the game in words, the
/// layout, outcome counts, and with the distance table beside it (or
/// given) the longest win and loss and the distance histogram; for a game
/// with a start, the positions play reaches from it.
fn generic(path: &Path, table: StoredTable) -> crate::cli::Result<()> {
    let header = table.header.clone();
    // A built-in game's table is refused, as `query` refuses it, when its
    // header names parameters the game does not take or a size it is not;
    // a game not built in is described from the header alone.
    let game = registry::from_header(&header.game.name, &header.game.parameters);
    // The orbit numbering of a reduced table: built before any stored
    // state is named, so that a count the game's orbits are not (a table
    // re-signed) is refused, as `query` refuses it, not read past.
    let orbits = std::cell::OnceCell::new();
    match &game {
        Err(e) if registry::entry(&header.game.name).is_ok() => {
            return Err(format!("{}: {e}", path.display()).into());
        }
        Ok(g) => crate::with_game!(g, g => table.check_game(g).and_then(|()| {
            if header.symmetry == Symmetry::Orbits {
                let numbering = orbits.get_or_init(|| Orbits::new(g));
                store::check_orbit_count(g, numbering.len(), header.states)?;
            }
            Ok(())
        }))
        .map_err(|e| format!("{}: {e}", path.display()))?,
        Err(_) => {}
    }
    let (outcomes, distances) = match table.kind() {
        TableKind::Outcome => {
            let distances = match store::distance_beside(path) {
                Some(beside) => Some((beside.clone(), store::read_table(&beside)?)),
                None => None,
            };
            (Some((path.to_path_buf(), table)), distances)
        }
        TableKind::Distance => {
            let outcomes = match store::outcome_beside(path) {
                Some(p) => Some((p.clone(), store::read_table(&p)?)),
                None => None,
            };
            (outcomes, Some((path.to_path_buf(), table)))
        }
    };
    let example = |stored: u64| match &game {
        Ok(g) => crate::with_game!(g, g => example(g, header.symmetry, stored, &orbits)),
        Err(_) => format!("stored state {stored}"),
    };
    // Whether a state's example is one `query` reads (Connect Four writes
    // a board no game reaches as its rows, which no position names).
    let readable = |stored: u64| match &game {
        Ok(g) => crate::with_game!(g, g => g
            .parse_spot(&self::example(g, header.symmetry, stored, &orbits))
            .is_ok()),
        Err(_) => false,
    };
    // The pair is checked, headers and then state by state, before
    // anything is printed: a report is whole or not given.
    if let (Some((outcome_path, o)), Some((distance_path, d))) = (&outcomes, &distances) {
        store::check_pair(outcome_path, o, d)?;
        if let Some((s, code, distance)) = store::first_unpaired_state(o, d) {
            return Err(format!(
                "{} and {}: at {} the outcome table says {} but the distance table {}: they do not pair (damaged past their checksums, or re-signed)",
                outcome_path.display(),
                distance_path.display(),
                example(s),
                report::code_words(code),
                distance.map_or("gives no distance".to_string(), |d| format!("gives distance {d}")),
            )
            .into());
        }
    }
    say!("table:     {}", path.display());
    match &game {
        Ok(g) => say!("game:      {} ({})", g.title(), g.entry().about),
        Err(e) => say!("game:      {} (not built in: {e})", header.game),
    }
    say!(
        "layout:    {}, {} ({}), {} bits per stored state",
        store::kind_words(header.kind),
        store::symmetry_words(header.symmetry),
        store::compression_words(header.compression),
        header.bits_per_state
    );
    let indices = game
        .as_ref()
        .map(|g| crate::with_game!(g, g => g.states()))
        .ok();
    say!(
        "stored:    {} states{}",
        header.states,
        indices
            .map(|n| format!(" (the game has {n} indices)"))
            .unwrap_or_default()
    );
    match &outcomes {
        Some((outcome_path, _)) if outcome_path != path => {
            say!("outcomes:  {}", outcome_path.display());
        }
        None => say!("outcomes:  no outcome table beside it"),
        Some(_) => {}
    }
    if let Some((_, outcomes)) = &outcomes {
        let counts = outcomes.counts();
        let share = |n: u64| 100.0 * n as f64 / outcomes.stored_states().max(1) as f64;
        for (name, c) in [
            ("wins", code::WIN),
            ("losses", code::LOSS),
            ("draws", code::DRAW),
            ("not a position", code::NOT_A_POSITION),
        ] {
            let n = counts[c as usize];
            say!("{:<10} {n} ({:.2}%)", format!("{name}:"), share(n));
        }
    }
    match &distances {
        None => say!("distances: no distance table beside it"),
        Some((distance_path, distances)) => {
            say!("distances: {}", distance_path.display());
            let mut histogram: Vec<(u64, u64)> = Vec::new();
            // The longest win and loss: (state, distance, whether `query`
            // reads its example); among states as long, one it reads is
            // taken, looked for among the first `LOOKS` of them.
            const LOOKS: u32 = 4096;
            let mut longest: [Option<(u64, u16, bool)>; 2] = [None, None];
            let mut looks = [0u32; 2];
            for s in 0..distances.stored_states() {
                let Some(d) = distances.distance(s) else {
                    continue;
                };
                let loss = match (&outcomes, &game) {
                    (Some((_, o)), _) => o.code(s) == Some(code::LOSS),
                    // Without outcomes, a distance's parity tells a win
                    // from a loss but at 0, where the rules tell: a
                    // state can be over and won (Cards' zero hand).
                    (None, Ok(g)) if d == 0 => crate::with_game!(g, g => {
                        let index = state_of(g, header.symmetry, s, &orbits);
                        g.ending(index) != Some(crate::engine::Outcome::Win)
                    }),
                    (None, _) => d % 2 == 0,
                };
                let slot = usize::from(loss);
                if histogram.len() <= usize::from(d) {
                    histogram.resize(usize::from(d) + 1, (0, 0));
                }
                let row = &mut histogram[usize::from(d)];
                if loss {
                    row.1 += 1;
                } else {
                    row.0 += 1;
                }
                match longest[slot] {
                    Some((_, best, _)) if d < best => {}
                    Some((_, best, true)) if d == best => {}
                    Some((_, best, false)) if d == best => {
                        if looks[slot] < LOOKS {
                            looks[slot] += 1;
                            if readable(s) {
                                longest[slot] = Some((s, d, true));
                            }
                        }
                    }
                    _ => {
                        looks[slot] = 0;
                        longest[slot] = Some((s, d, readable(s)));
                    }
                }
            }
            for (name, slot) in [("longest win", 0), ("longest loss", 1)] {
                if let Some((s, d, _)) = longest[slot] {
                    say!("{name}: {}, e.g. {}", plies(d), example(s));
                }
            }
            say!("distance      wins    losses");
            for (d, (wins, losses)) in histogram.iter().enumerate() {
                say!("{d:>8} {wins:>9} {losses:>9}");
            }
            if outcomes.is_none() {
                // The counts the outcome table would give, from the
                // distances alone: draws and non-positions have none.
                let wins: u64 = histogram.iter().map(|r| r.0).sum();
                let losses: u64 = histogram.iter().map(|r| r.1).sum();
                let none = distances.stored_states() - wins - losses;
                say!("wins:      {wins}, losses: {losses}, without a distance (draws or no position): {none}");
            }
        }
    }
    let payload_sha256 = header.payload_sha256;
    let generator = header.generator.clone();
    if let Ok(g) = &game {
        crate::with_game!(g, g => {
            // The census reads every reachable position's answer: through
            // the same checks as `query` (the distance table beside must
            // match), with the orbit numbering built above if it was.
            let answers = outcomes.map(|(path, outcomes)| {
                let distances = distances.map(|(_, table)| table);
                store::GameTables::from_tables(g, &path, outcomes, distances, orbits.into_inner())
            });
            match answers {
                Some(Ok(tables)) => {
                    let known = tables.distances().is_some();
                    reach(g, Some((&|i| tables.answer(g, i), known)))
                }
                Some(Err(e)) => Err(e.into()),
                None => reach(g, None),
            }
        })?;
    }
    say!("payload sha256: {}", gametable_format::hex(&payload_sha256));
    say!("generator: {generator}");
    Ok(())
}

/// The position of stored state `stored`, in the game's notation.
/// The orbit numbering is built once, on first need (`orbits`).
fn example<G: Notation>(
    game: &G,
    symmetry: Symmetry,
    stored: u64,
    orbits: &std::cell::OnceCell<Orbits>,
) -> String {
    let index = state_of(game, symmetry, stored, orbits);
    game.write_spot(index, game.to_move(index))
}

/// The game's index of stored state `stored`: itself in a full table, its
/// orbit's representative in a reduced one (`orbits`, built on first need).
fn state_of<G: Game>(
    game: &G,
    symmetry: Symmetry,
    stored: u64,
    orbits: &std::cell::OnceCell<Orbits>,
) -> u64 {
    match symmetry {
        Symmetry::None => stored,
        Symmetry::Orbits => orbits
            .get_or_init(|| Orbits::new(game))
            .representative_of(game, stored),
    }
}

/// How many positions play reaches from the game's start, if it has one,
/// and with each state's `answer` (and whether its distances are known),
/// those positions by value as the game's literature counts them
/// ([`census`]).
pub(crate) fn reach<G: Game>(
    game: &G,
    answer: Option<(&(dyn Fn(u64) -> Answer + Sync), bool)>,
) -> crate::cli::Result<()> {
    let Some(start) = game.start() else {
        return Ok(());
    };
    let reach = crate::engine::reach::reachable(game, start);
    say!(
        "reachable from the start: {} positions{}",
        reach.positions,
        reach
            .orbits
            .map(|o| format!(" ({o} up to symmetry)"))
            .unwrap_or_default()
    );
    if let Some((answer, distances)) = answer {
        let t = census::tally(game, &reach, answer);
        say!(
            "census: {} positions{}, {} over, {} not over: {} wins, {} draws, {} losses for the side to move{}",
            t.positions,
            if reach.orbits.is_some() { " up to symmetry" } else { "" },
            t.over,
            t.open(),
            t.wins,
            t.draws,
            t.losses,
            match t.unknown {
                0 => String::new(),
                n => format!(", {n} unknown"),
            }
        );
        if !distances {
            say!("census: the longest win and loss are not counted without the distances (--no-distances)");
        }
        for (name, longest) in [("win", t.longest_win), ("loss", t.longest_loss)] {
            if let Some(d) = longest {
                say!(
                    "census: the longest {name} among those not over: {}",
                    plies(d)
                );
            }
        }
        if let Some((outcome, distance)) = answer(start) {
            let words = match outcome {
                gametable::Outcome::Win => "a win",
                gametable::Outcome::Draw => "a draw",
                gametable::Outcome::Loss => "a loss",
            };
            say!(
                "the start: {words} for the side to move{}",
                distance
                    .map(|d| format!(" in {}", plies(d)))
                    .unwrap_or_default()
            );
        }
    }
    Ok(())
}
