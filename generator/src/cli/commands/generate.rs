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
use crate::games::cards::files::{self as table_file, DistanceFile, OutcomeFile};
use crate::games::cards::solve::{self as sweep, Solution};
use crate::store::{self, WriteOptions};
use gametable::{code, PerfectPlay, Variant};

/// How `generate` runs.
pub struct Options {
    /// Also write the distance table (single-threaded sweep).
    pub distances: bool,
    /// Hide the progress bar.
    pub quiet: bool,
}

/// `generate cards`: writes `path` (outcomes), with `--distances` also
/// `table_file::distance_path(path)`, their fingerprints and checksum entries.
pub fn cards(
    cards: u8,
    modulus: u8,
    output: Option<PathBuf>,
    options: &Options,
    executor: &Executor<'_>,
) -> crate::cli::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    let path = output.unwrap_or_else(|| {
        Path::new("data").join(table_file::layout_file_name(
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
    let (solution, distances) = if let Executor::Ranks(_) = executor {
        let solved = sweep::solve_orbits_on(
            variant,
            executor,
            sweep::Layout::Full,
            options.distances,
            |l, d, s| progress.update(l, d, s),
        )?;
        let Some(solved) = solved else {
            return Ok(());
        };
        (solved.solution, solved.distances)
    } else if options.distances {
        let mut decided = 0u64;
        let (solution, distances) =
            sweep::solve_with_distances_reporting(variant, |level, stored| {
                decided += 1;
                if decided.is_multiple_of(1 << 16) {
                    progress.update(level, decided, stored);
                }
            });
        (solution, Some(distances))
    } else {
        (
            sweep::solve_parallel(variant, |level, decided, stored| {
                progress.update(level, decided, stored)
            }),
            None,
        )
    };
    progress.finish();
    let sweep_time = started.elapsed();

    let outcome = encode_outcomes(&path, &solution)?;
    let distance = match &distances {
        Some(distances) => Some(encode_distances(&path, &outcome.decoded, distances)?),
        None => None,
    };
    let mut written = Vec::new();
    let landed = outcome
        .write(&path, &mut written)
        .and_then(|()| match &distance {
            Some(distance) => distance.write(&table_file::distance_path(&path), &mut written),
            None => Ok(()),
        });
    if let Err(e) = landed {
        return Err(store::settle_failed_write(&path, &written, e));
    }
    table_file::update_sums(&dir, &written)?;
    tables_done(&path, distance.is_none(), executor)?;

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
            .map(|d| (table_file::distance_path(&path), Some(&d.bytes))),
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
        dir.join(table_file::SUMS).display()
    );
    Ok(())
}

/// Once the tables at `path` are written: after an outcome table written
/// `alone`, removes a distance table left beside it by the table it
/// replaced ([`store::drop_unpaired_distances`]); then tells the executor
/// ([`Executor::tables_written`]: the checkpoints go now, before anything
/// is printed, so that an output closed early does not keep them); then
/// says what it removed.
fn tables_done(path: &Path, alone: bool, executor: &Executor<'_>) -> crate::cli::Result<()> {
    let removed = if alone {
        store::drop_unpaired_distances(path)?
    } else {
        Vec::new()
    };
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
    let Err(e) = table_file::check_writable(variant, symmetry, distances) else {
        return Ok(());
    };
    // The flags that make it fit, the one that keeps the most first.
    let orbits = gametable_format::Symmetry::Orbits;
    let fits =
        |symmetry, distances| table_file::check_writable(variant, symmetry, distances).is_ok();
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

/// An encoded outcome table, read back and checked, ready to write.
struct EncodedOutcomes {
    bytes: Vec<u8>,
    decoded: OutcomeFile,
}

/// Encodes the sweep's outcomes, then reads them back with every check the
/// readers make and compares every state and the counts.
fn encode_outcomes(path: &Path, solution: &Solution) -> crate::cli::Result<EncodedOutcomes> {
    let bytes = table_file::encode(solution)?;
    let decoded = OutcomeFile::from_bytes(path, &bytes)?;
    if decoded.packed != solution.outcomes || decoded.counts() != solution.counts {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    Ok(EncodedOutcomes { bytes, decoded })
}

impl EncodedOutcomes {
    /// Writes the table and its fingerprint atomically, adding their
    /// names to `landed` as they land.
    fn write(&self, path: &Path, landed: &mut Vec<String>) -> crate::cli::Result<()> {
        let counts = self.decoded.counts();
        let fingerprint = |name: &str| {
            table_file::fingerprint(name, &self.decoded.header, self.bytes.len(), counts)
        };
        write_encoded(path, &self.bytes, fingerprint, landed)
    }
}

/// Writes `bytes` at `path`, then the fingerprint `fingerprint` makes of
/// its file name beside it, atomically, adding their names to `landed` as
/// they land.
fn write_encoded(
    path: &Path,
    bytes: &[u8],
    fingerprint: impl FnOnce(&str) -> String,
    landed: &mut Vec<String>,
) -> crate::cli::Result<()> {
    let text = fingerprint(&file_name_of(path)?);
    Ok(store::write_with_fingerprint(path, bytes, &text, landed)?)
}

/// An encoded distance table, read back and checked, ready to write.
struct EncodedDistances {
    bytes: Vec<u8>,
    decoded: DistanceFile,
    stats: table_file::DistanceStats,
}

/// Encodes the distances, reads them back, and checks them against the
/// outcomes (a [`PerfectPlay`] accepts only tables that agree).
fn encode_distances(
    path: &Path,
    outcomes: &OutcomeFile,
    distances: &[u16],
) -> crate::cli::Result<EncodedDistances> {
    let distance_path = table_file::distance_path(path);
    let (bits, payload) = table_file::pack_distances(distances)?;
    let bytes =
        gametable_format::encode(&table_file::distance_spec(outcomes.variant, bits), &payload)?;
    let decoded = DistanceFile::from_bytes(&distance_path, &bytes)?;
    if decoded.bytes != payload {
        return Err("internal error: the encoded distance table does not read back as the sweep's result; nothing written".into());
    }
    PerfectPlay::new(outcomes.table(), decoded.table()).map_err(|e| {
        format!(
            "internal error: the sweep's outcomes and distances disagree ({e}); nothing written"
        )
    })?;
    let stats = decoded.stats();
    Ok(EncodedDistances {
        bytes,
        decoded,
        stats,
    })
}

impl EncodedDistances {
    /// Writes the table and its fingerprint atomically, adding their
    /// names to `landed` as they land.
    fn write(&self, path: &Path, landed: &mut Vec<String>) -> crate::cli::Result<()> {
        let fingerprint = |name: &str| {
            table_file::distance_fingerprint(
                name,
                &self.decoded.header,
                self.bytes.len(),
                &self.stats,
            )
        };
        write_encoded(path, &self.bytes, fingerprint, landed)
    }
}

fn file_name_of(path: &Path) -> crate::cli::Result<String> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file path", path.display()).into())
}

/// `generate cards` with `--symmetry orbits` or `--compression none`: solves
/// `variant` and writes its outcome table in that layout (default
/// name from `table_file::layout_file_name`), its fingerprint and its
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
        Path::new("data").join(table_file::layout_file_name(variant, symmetry, compression))
    });
    let file_name = file_name_of(&path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    executor.check_output(&path)?;
    check_writable(variant, symmetry, distances)?;
    check_memory(variant, symmetry, executor)?;
    let started = Instant::now();
    let (laid, laid_distances) = match executor {
        Executor::Threads => (
            table_file::solve_outcomes(variant, symmetry, compression)?,
            None,
        ),
        Executor::Ranks(_) => {
            let layout = match symmetry {
                gametable_format::Symmetry::None => sweep::Layout::Full,
                gametable_format::Symmetry::Orbits => sweep::Layout::Orbits,
            };
            let solved =
                sweep::solve_orbits_on(variant, executor, layout, distances, |_, _, _| {})?;
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
            let laid = table_file::lay_out(
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
    // Read back with every check the lookup crate's opener makes, and
    // compare the stored codes and the counts before anything is written.
    // The codes are compared by their SHA-256, taken here apart from the
    // encoder's, so that they are not held twice beside the file: the
    // opener has checked the decoded payload against the header's digest,
    // which must then be this one.
    let sweep_digest = gametable_format::sha256(&laid.packed);
    let counts = laid.counts;
    let bytes = laid.bytes;
    drop(laid.packed);
    let decoded = gametable::OpenTable::from_bytes(&bytes).map_err(|e| {
        format!("internal error: the encoded table does not read back ({e}); nothing written")
    })?;
    let stored = decoded.header().states;
    if decoded.header().payload_sha256 != sweep_digest
        || table_file::count_codes(decoded.as_bytes(), stored) != counts
    {
        return Err("internal error: the encoded table does not read back as the sweep's result; nothing written".into());
    }
    let fingerprint = table_file::fingerprint(&file_name, decoded.header(), bytes.len(), counts);
    // The distance table is solved, encoded and checked before anything
    // lands, so that a failure or a kill there leaves the old tables alone.
    let distance = if distances {
        Some(layout_distances(
            variant,
            &path,
            decoded.header(),
            decoded.as_bytes(),
            laid_distances,
        )?)
    } else {
        None
    };
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
        return Err(store::settle_failed_write(&path, &written, e).into());
    }
    table_file::update_sums(&dir, &written)?;
    tables_done(&path, !distances, executor)?;
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
            table_file::distance_path(&path).display()
        )
    } else {
        String::new()
    };
    say!(
        "wrote {} ({} bytes, payload sha256 {}){beside}, the fingerprints and {}",
        path.display(),
        bytes.len(),
        gametable_format::hex(&decoded.header().payload_sha256),
        dir.join(table_file::SUMS).display()
    );
    Ok(())
}

/// A layout's distance table, encoded, read back and checked, with its
/// fingerprint, ready to write at `path`.
struct EncodedLayoutDistances {
    path: PathBuf,
    bytes: Vec<u8>,
    fingerprint: String,
}

/// The distance table beside the layout table `path` (whose header is
/// `outcomes` and codes `packed`), in the same symmetry and compression:
/// solved with distances, one per stored state, read back with every check
/// of the lookup crate's opener and checked against the codes (a draw or
/// not a position has no distance, every other state one), with its
/// fingerprint, nothing written yet; `laid`: the distances in the table's
/// layout, when a sweep already gave them.
fn layout_distances(
    variant: Variant,
    path: &Path,
    outcomes: &gametable_format::Header,
    packed: &[u8],
    laid: Option<Vec<u16>>,
) -> crate::cli::Result<EncodedLayoutDistances> {
    let distances = match laid {
        Some(laid) => laid,
        None => in_layout(variant, outcomes.symmetry),
    };
    let distance_path = table_file::distance_path(path);
    let (bits, payload) = table_file::pack_distances(&distances)?;
    let spec = gametable_format::TableSpec {
        symmetry: outcomes.symmetry,
        states: outcomes.states,
        compression: outcomes.compression,
        ..table_file::distance_spec(variant, bits)
    };
    let bytes = gametable_format::encode(&spec, &payload)?;
    let decoded = gametable::OpenDistanceTable::from_bytes(&bytes).map_err(|e| {
        format!(
            "internal error: the encoded distance table does not read back ({e}); nothing written"
        )
    })?;
    let agrees = (0..outcomes.states).all(|i| {
        let code = gametable::packing::code_at(packed, i).unwrap_or(code::NOT_A_POSITION);
        let none = distances
            .get(i as usize)
            .is_none_or(|&d| d == crate::engine::NO_DISTANCE);
        none == (code == code::DRAW || code == code::NOT_A_POSITION)
    });
    if decoded.as_bytes() != payload || !agrees {
        return Err("internal error: the distance table does not read back as solved or disagrees with the outcomes; nothing written".into());
    }
    let fingerprint = layout_distance_fingerprint(&distance_path, &bytes, path)?;
    Ok(EncodedLayoutDistances {
        path: distance_path,
        bytes,
        fingerprint,
    })
}

/// Every stored state's distance in the layout `symmetry`, from a sweep
/// with distances on this process's threads.
fn in_layout(variant: Variant, symmetry: gametable_format::Symmetry) -> Vec<u16> {
    use gametable_format::Symmetry;
    let (_, full) = sweep::solve_with_distances(variant);
    match symmetry {
        Symmetry::None => full,
        Symmetry::Orbits => {
            let orbits = gametable::symmetry::Orbits::new(variant);
            let hands = u64::from(variant.hands());
            (0..orbits.states())
                .map(|i| {
                    let (a, b) = orbits.state(i);
                    full.get((a as u64 * hands + b as u64) as usize)
                        .copied()
                        .unwrap_or(crate::engine::NO_DISTANCE)
                })
                .collect()
        }
    }
}

/// The fingerprint of a distance table written by `generate cards` in a
/// layout: the Cards one for a full table, the store's generic one (with the
/// regenerating command) for a reduced one. `verify` expects the same.
pub fn layout_distance_fingerprint(
    distance_path: &Path,
    bytes: &[u8],
    outcome_path: &Path,
) -> crate::cli::Result<String> {
    let name = file_name_of(distance_path)?;
    let table = crate::store::decode_table(distance_path, bytes)?;
    if table.symmetry() == gametable_format::Symmetry::None {
        let file = DistanceFile::from_bytes(distance_path, bytes)?;
        return Ok(table_file::distance_fingerprint(
            &name,
            &file.header,
            bytes.len(),
            &file.stats(),
        ));
    }
    let command = table_file::regenerate_command(
        &table.header,
        &format!("data/{}", file_name_of(outcome_path)?),
    );
    Ok(crate::store::fingerprint::fingerprint(
        &name,
        &table,
        bytes.len(),
        &command,
    ))
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
        "{} {name}{}{}{} --output {output}",
        gametable_format::GENERATE,
        game.flags(),
        if symmetry == gametable_format::Symmetry::None {
            " --symmetry none"
        } else {
            ""
        },
        if compression == gametable_format::Compression::None {
            " --compression none"
        } else {
            ""
        },
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
    tables_done(&path, written.distances.is_none(), executor)?;
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
    super::stats::reach(g, Some(&|i| source.answer(g, i)))?;
    say!("{wrote}");
    Ok(())
}
