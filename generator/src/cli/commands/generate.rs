//! `gametable generate`: run the sweep, check the result by reading it back,
//! write the outcome table, the distance table, their fingerprints and the
//! checksum list atomically.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cli::args::{CompressionArg, GenerateArgs, SymmetryArg};
use crate::cli::progress::Progress;
use crate::cli::registry::BuiltIn;
use crate::cli::source::Source;
use crate::distributed::Executor;
use crate::engine::{Game, SolveOptions};
use crate::games::cards::files as cards_files;
use crate::games::cards::solve as cards_solve;
use crate::games::cards::writer::{
    self, encode_distances, encode_outcomes, file_name_of, layout_distances,
};
use crate::store::{self, WriteOptions};
use gametable::{code, Variant};

/// How `generate` runs.
pub struct Options {
    /// Also write the distance table.
    pub distances: bool,
    /// Hide the progress bar.
    pub quiet: bool,
}

/// `generate cards`: writes `path` (outcomes), with `--distances` also
/// `cards_files::distance_path(path)`, their fingerprints and checksum entries.
pub fn cards(
    cards: u8,
    modulus: u8,
    output: Option<PathBuf>,
    options: &Options,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    let path = output.unwrap_or_else(|| {
        Path::new("data").join(cards_files::layout_file_name(
            variant,
            gametable_format::Symmetry::None,
            gametable_format::Compression::Zstd,
        ))
    });
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    executor.check_output(&path)?;
    check_writable(variant, gametable_format::Symmetry::None, options.distances)?;
    check_memory(variant, gametable_format::Symmetry::None, executor)?;

    let started = Instant::now();
    let progress = Progress::new(options.quiet);
    // With distances, or across ranks: the orbit sweep keeps a distance
    // byte per orbit as it decides it and expands them to every state.
    let (solution, distances) = if options.distances || matches!(executor, Executor::Ranks(_)) {
        let solved = cards_solve::solve_orbits_on(
            variant,
            executor,
            gametable_format::Symmetry::None,
            options.distances,
            |l, d, s| progress.update(l, d, s),
        )?;
        let Some(solved) = solved else {
            return Ok(());
        };
        (solved.solution, solved.distances)
    } else {
        (
            cards_solve::solve_parallel(variant, |level, decided, stored| {
                progress.update(level, decided, stored)
            }),
            None,
        )
    };
    progress.finish();
    let sweep_time = started.elapsed();

    let outcome = encode_outcomes(&path, &solution)?;
    let distance = match distances {
        Some(distances) => Some(encode_distances(&path, &outcome.decoded, distances)?),
        None => None,
    };
    // Held until the list is up to date and a replaced distance table is
    // gone: another run landing a table of this name waits, and does not
    // mix its files with these (nor lose its distance table to this one's
    // clean-up).
    let held = store::lock_tables_in(&path)?;
    let removed = store::clear_before_landing(&path, distance.is_none())?;
    let mut written = Vec::new();
    let landed = outcome
        .write(&path, &mut written)
        .and_then(|()| match &distance {
            Some(distance) => distance.write(&cards_files::distance_path(&path), &mut written),
            None => Ok(()),
        });
    if let Err(e) = landed {
        let e = store::settle_failed_write(&path, &written, e);
        return Err(store::failed_after_removing(e, &removed));
    }
    cards_files::update_sums(&dir, &written)?;
    tables_done(&removed, executor)?;
    drop(held);

    let counts = solution.counts;
    say!(
        "cards ({}, {}): {} states: {} wins, {} losses, {} draws, {} not a position",
        variant.cards(),
        variant.modulus(),
        variant.states(),
        counts[code::WIN as usize],
        counts[code::LOSS as usize],
        counts[code::DRAW as usize],
        counts[code::NOT_A_POSITION as usize],
    );
    say!(
        "sweep: {:.3} ms over {} orbits, {} levels, {} predecessor visits ({:.3} ms with the expansion to every state)",
        solution.sweep_time.as_secs_f64() * 1e3,
        solution.stored_states,
        solution.levels,
        solution.predecessor_visits,
        sweep_time.as_secs_f64() * 1e3,
    );
    if let Some(distance) = &distance {
        say!(
            "longest win: {} moves, longest loss: {} moves; distances stored at {} bits per state",
            distance.stats.longest_win.map_or(0, |(_, d)| d),
            distance.stats.longest_loss.map_or(0, |(_, d)| d),
            distance.decoded.header.bits_per_state,
        );
    }
    for (table, encoded) in [(path.clone(), Some(&outcome.bytes))].into_iter().chain(
        distance
            .as_ref()
            .map(|d| (cards_files::distance_path(&path), Some(&d.bytes))),
    ) {
        if let Some(bytes) = encoded {
            say!(
                "wrote {} ({} bytes, sha256 {})",
                table.display(),
                bytes.len(),
                gametable_format::hex(&gametable_format::sha256(bytes))
            );
        }
    }
    say!(
        "wrote the fingerprints and {}",
        dir.join(cards_files::SUMS).display()
    );
    Ok(())
}

/// Once the tables are written, and `removed` the replaced table's
/// distance files: tells the executor ([`Executor::tables_written`]: the
/// checkpoints go now, before anything is printed, so that an output
/// closed early does not keep them); then says what was removed.
fn tables_done(removed: &[PathBuf], executor: &Executor<'_>) -> crate::cli::Result<()> {
    executor.tables_written()?;
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|p| p.display().to_string()).collect();
        let what = if removed
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "gtbl"))
        {
            "the distance table of the table this one replaced"
        } else {
            "a distance fingerprint left without its table"
        };
        say!("removed {}: {what}", names.join(" and "));
    }
    Ok(())
}

/// Refuses, before any sweep, a variant whose tables in layout `symmetry`
/// (with `distances`, the distance table too) would not fit the table
/// format, and says which flag makes them fit where one does.
fn check_writable(
    variant: Variant,
    symmetry: gametable_format::Symmetry,
    distances: bool,
) -> crate::cli::Result<()> {
    let Err(e) = cards_files::check_writable(variant, symmetry, distances) else {
        return Ok(());
    };
    // The flags that make it fit, the one that keeps the most first.
    let orbits = gametable_format::Symmetry::Orbits;
    let fits =
        |symmetry, distances| cards_files::check_writable(variant, symmetry, distances).is_ok();
    let hint = if symmetry != orbits && fits(orbits, distances) {
        "; with --symmetry orbits (one state per orbit) it fits"
    } else if distances && fits(symmetry, false) {
        "; with --no-distances the outcome table alone fits"
    } else if symmetry != orbits && distances && fits(orbits, false) {
        "; with --symmetry orbits --no-distances the outcome table over orbits fits"
    } else {
        ""
    };
    Err(format!(
        "cards ({}, {}), {}: {e}; nothing was solved{hint}",
        variant.cards(),
        variant.modulus(),
        crate::store::symmetry_words(symmetry),
    )
    .into())
}

/// Refuses a Cards sweep whose work cells alone exceed what this process
/// may use, as the engine refuses any game's
/// ([`check_size`](crate::engine::solve::check_size)), every rank agreeing.
fn check_memory(
    variant: Variant,
    symmetry: gametable_format::Symmetry,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    use crate::engine::sweep::Sweeper as _;
    let game = crate::games::cards::game::Cards::new(variant);
    let orbits = symmetry == gametable_format::Symmetry::Orbits;
    match executor {
        Executor::Threads => crate::engine::solve::check_size(&game, orbits, 1)?,
        Executor::Ranks(ranks) => {
            ranks.agree(crate::engine::solve::check_size(&game, orbits, ranks.processes()).err())?
        }
    }
    Ok(())
}

/// `generate cards` with `--symmetry orbits` or `--compression none`: solves
/// `variant` and writes its outcome table in that layout (default
/// name from `cards_files::layout_file_name`), its fingerprint and its
/// `SHA256SUMS` entry, after reading it back with the lookup crate's own
/// opener. With `distances` (unless `--no-distances`) also its distance
/// table in the same layout (`<stem>-distance.gtbl`: per orbit for a reduced
/// table, distances being constant on orbits), read back with
/// [`gametable::OpenDistanceTable`] and checked against the outcomes.
pub fn outcome_table(
    variant: Variant,
    output: Option<PathBuf>,
    symmetry: gametable_format::Symmetry,
    compression: gametable_format::Compression,
    distances: bool,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    let path = output.unwrap_or_else(|| {
        Path::new("data").join(cards_files::layout_file_name(
            variant,
            symmetry,
            compression,
        ))
    });
    let file_name = file_name_of(&path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    executor.check_output(&path)?;
    check_writable(variant, symmetry, distances)?;
    check_memory(variant, symmetry, executor)?;
    let started = Instant::now();
    let (laid, laid_distances) = match executor {
        Executor::Threads if !distances => (
            cards_files::solve_outcomes(variant, symmetry, compression)?,
            None,
        ),
        // The distances come from the orbit sweep itself, a byte per orbit
        // as it decides them, on threads as across ranks.
        _ => {
            let solved =
                cards_solve::solve_orbits_on(variant, executor, symmetry, distances, |_, _, _| {})?;
            let Some(solved) = solved else {
                return Ok(());
            };
            let solution = solved.solution;
            // A full table holds every state; `stored_states` counts the
            // orbits the sweep stored, expanded since.
            let states = match symmetry {
                gametable_format::Symmetry::None => variant.states(),
                gametable_format::Symmetry::Orbits => solution.stored_states,
            };
            let laid = cards_files::lay_out(
                variant,
                symmetry,
                compression,
                (solution.outcomes, solution.counts, states),
                solution.levels,
                solution.predecessor_visits,
            )?;
            (laid, solved.distances)
        }
    };
    let sweep_time = started.elapsed();
    // Read back and compared with the sweep before anything is written.
    let counts = laid.counts;
    let (bytes, decoded) = writer::read_back(laid.packed, laid.bytes, counts)?;
    let stored = decoded.header().states;
    let fingerprint = cards_files::fingerprint(&file_name, decoded.header(), bytes.len(), counts);
    // The distance table is encoded and checked before anything
    // lands, so that a failure or a kill there leaves the old tables alone.
    let distance = if distances {
        let laid =
            laid_distances.ok_or("internal error: the sweep kept no distances; nothing written")?;
        Some(layout_distances(
            variant,
            &path,
            decoded.header(),
            decoded.as_bytes(),
            laid,
        )?)
    } else {
        None
    };
    // Held until the list is up to date (as above).
    let held = store::lock_tables_in(&path)?;
    let removed = store::clear_before_landing(&path, distance.is_none())?;
    let mut written = Vec::new();
    let landed =
        store::write_with_fingerprint(&path, &bytes, &fingerprint, &mut written).and_then(|()| {
            match &distance {
                Some(distance) => store::write_with_fingerprint(
                    &distance.path,
                    &distance.bytes,
                    &distance.fingerprint,
                    &mut written,
                ),
                None => Ok(()),
            }
        });
    if let Err(e) = landed {
        let e = store::settle_failed_write(&path, &written, e);
        return Err(store::failed_after_removing(e, &removed).into());
    }
    cards_files::update_sums(&dir, &written)?;
    tables_done(&removed, executor)?;
    drop(held);
    say!(
        "cards ({}, {}): {stored} stored states ({}, {}): {} wins, {} losses, {} draws, {} not a position",
        variant.cards(),
        variant.modulus(),
        crate::store::symmetry_words(symmetry),
        crate::store::compression_words(compression),
        counts[code::WIN as usize],
        counts[code::LOSS as usize],
        counts[code::DRAW as usize],
        counts[code::NOT_A_POSITION as usize],
    );
    say!(
        "sweep: {:.3} ms, {} levels, {} predecessor visits",
        sweep_time.as_secs_f64() * 1e3,
        laid.levels,
        laid.predecessor_visits
    );
    let beside = if distances {
        format!(
            ", the distance table {}",
            cards_files::distance_path(&path).display()
        )
    } else {
        String::new()
    };
    say!(
        "wrote {} ({} bytes, payload sha256 {}){beside}, the fingerprints and {}",
        path.display(),
        bytes.len(),
        gametable_format::hex(&decoded.header().payload_sha256),
        dir.join(cards_files::SUMS).display()
    );
    Ok(())
}

/// The command that writes a table of `game` in layout `symmetry` /
/// `compression` as `data/<file_name>` again, as fingerprints record it
/// (the same whatever directory the table was written to).
pub fn regenerate_command(
    game: &BuiltIn,
    symmetry: gametable_format::Symmetry,
    compression: gametable_format::Compression,
    output: &str,
) -> String {
    let name = crate::with_game!(game, g => g.name());
    format!(
        "{} {name}{}{} --output {output}",
        gametable_format::GENERATE,
        game.flags(),
        store::layout_flags(symmetry, compression, gametable_format::Symmetry::Orbits),
    )
}

/// `generate <game>` for any engine game: the engine's sweep with a
/// progress bar, then [`store::write_tables`] (outcome table, distance
/// table, fingerprints, `SHA256SUMS`), then a summary and, for a game with
/// a start (unless `--no-census`), how many positions play reaches from it.
pub fn game(
    game: &BuiltIn,
    args: &GenerateArgs,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    crate::with_game!(game, g => generic(g, game, args, executor))
}

fn generic<G: Game>(
    g: &G,
    game: &BuiltIn,
    args: &GenerateArgs,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    let path = args.output.clone().unwrap_or_else(|| game.default_path());
    let file_name = file_name_of(&path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    executor.check_output(&path)?;
    let compression = match args.compression {
        CompressionArg::Zstd => gametable_format::Compression::Zstd,
        CompressionArg::None => gametable_format::Compression::None,
    };
    let options = SolveOptions {
        symmetry: args.symmetry == SymmetryArg::Orbits,
        reverse_graph: false,
    };
    let progress = Progress::new(args.quiet);
    let solved = crate::engine::solve_on(g, &options, executor, |level, decided, stored| {
        progress.update(level, decided, stored)
    })?;
    let Some(mut solved) = solved else {
        // An MPI rank other than 0: rank 0 writes.
        return Ok(());
    };
    progress.finish();
    let symmetry = if solved.orbits.is_some() {
        gametable_format::Symmetry::Orbits
    } else {
        gametable_format::Symmetry::None
    };
    // Held until the tables are written and the checkpoints gone (as in
    // Cards' paths): `write_tables` takes it again within this hold.
    let held = store::lock_tables_in(&path)?;
    let written = store::write_tables(
        g,
        &mut solved,
        &path,
        &WriteOptions {
            compression,
            distances: !args.no_distances,
            regenerate: regenerate_command(
                game,
                symmetry,
                compression,
                &format!("data/{file_name}"),
            ),
        },
    )?;
    tables_done(&written.removed, executor)?;
    drop(held);
    let counts = solved.counts;
    say!(
        "{}: {} stored states ({}): {} wins, {} losses, {} draws, {} not a position",
        game.title(),
        solved.stored(),
        crate::store::symmetry_words(symmetry),
        counts[code::WIN as usize],
        counts[code::LOSS as usize],
        counts[code::DRAW as usize],
        counts[code::NOT_A_POSITION as usize],
    );
    say!(
        "solved in {:.3} ms: {} levels, {} predecessor visits",
        solved.time.as_secs_f64() * 1e3,
        solved.levels,
        solved.visits
    );
    let wrote = format!(
        "wrote {} ({} bytes){}, the fingerprints and {}",
        path.display(),
        written.outcome_bytes,
        written
            .distances
            .as_ref()
            .map(|(p, _, len)| format!(" and {} ({len} bytes)", p.display()))
            .unwrap_or_default(),
        dir.join(store::SUMS).display()
    );
    if args.no_census {
        say!("{wrote}");
        return Ok(());
    }
    // The census reads its answers back from the tables just written, once
    // the solve's own codes are freed (its distances went into the table);
    // without a distance table, from the solve.
    let store::Written {
        outcomes,
        distances,
        ..
    } = written;
    let source = match distances {
        Some((_, distances, _)) => {
            let crate::engine::Solved {
                orbits,
                codes,
                distances: solved_distances,
                ..
            } = solved;
            // Moved out to be freed here: a partly moved value keeps the
            // rest until the end of the function.
            drop((codes, solved_distances));
            Source::Stored(Box::new(store::GameTables::from_tables(
                g,
                &path,
                outcomes,
                Some(distances),
                orbits,
            )?))
        }
        None => Source::Solved(Box::new(solved)),
    };
    // Without a distance table the census counts no distances, whether
    // the sweep kept them (on threads) or not (across processes), so that
    // every executor says the same.
    let distances = matches!(source, Source::Stored(_));
    super::stats::reach(
        g,
        Some((
            &|i| {
                let answer = source.answer(g, i);
                answer.map(|(outcome, distance)| (outcome, distance.filter(|_| distances)))
            },
            distances,
        )),
    )?;
    say!("{wrote}");
    Ok(())
}
