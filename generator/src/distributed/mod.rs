//! The level sweep across processes (MPI ranks), and with checkpoints.
//!
//! A table is bounded by one machine's memory when one process holds every
//! work cell. Here each of `P` ranks holds the cells of one contiguous
//! range of stored states ([`partition`]) and runs its part of every level
//! ([`rank`]): its frontier, its predecessors sent to their owners in one
//! all-to-all per round, its own count-downs. The outcome and the distance
//! of every state are the one-thread sweep's, for any `P`. At the end rank
//! 0 receives each rank's packed codes and distances in rank order, in
//! chunks, and hands the whole result to the same writers as a single
//! process.
//!
//! With a checkpoint directory the state between levels is written every
//! few levels ([`checkpoint`]), and a run started again with `--resume`
//! continues from the last committed level. The single-process sweep uses
//! the same executor for that, on one rank ([`Solo`]).
//!
//! The processes talk through [`Comm`]: MPI with the feature `mpi`
//! (the module `mpi`), or nobody ([`Solo`]).

pub mod checkpoint;
pub mod comm;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod partition;
pub mod rank;
#[cfg(test)]
mod threads_test;

use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

use crate::engine::distances::Distances;
use crate::engine::memory::status_kib;
use crate::engine::sweep::{Kernel, SpaceSolution, Sweeper};

pub use comm::{Comm, Solo};
pub use partition::Partition;
use rank::RankSweep;

/// Where and how often to checkpoint.
#[derive(Clone, Debug)]
pub struct Checkpoints {
    /// The directory (created if missing).
    pub dir: PathBuf,
    /// Write a checkpoint every this many levels.
    pub every: u32,
    /// Continue from the committed checkpoint in `dir` (else refuse a
    /// directory that holds one).
    pub resume: bool,
}

/// The default of `--checkpoint-every`: often enough that a crash loses
/// little, rarely enough that writing costs little next to the levels.
pub const DEFAULT_EVERY: u32 = 8;

/// The level loop over the ranks of `comm`.
pub struct Ranks<'c> {
    /// The processes.
    pub comm: &'c dyn Comm,
    /// Checkpoints, if any.
    pub checkpoints: Option<Checkpoints>,
    /// Keep a distance per state (else only outcomes are assembled).
    pub distances: bool,
    /// Print a line per level and the figures at the end on rank 0 (stderr).
    pub report: bool,
    /// Whether every rank finished the sweep's levels (so that all of
    /// them take part in [`Ranks::finish`]).
    swept: Cell<bool>,
    /// Whether [`Ranks::finish`] was called.
    finished: Cell<bool>,
    /// Rank 0's lock on the checkpoint directory, held until the job ends
    /// ([`checkpoint::lock`]).
    lock: std::cell::RefCell<Option<std::fs::File>>,
    /// This process's peak memory (`VmHWM`, KiB) once its tables were
    /// written ([`Executor::tables_written`]): what it reports, not the
    /// peak of a census after.
    written_peak: Cell<Option<u64>>,
}

/// A rank's memory in KiB: resident before its cells (the kernel's tables,
/// the MPI library), and its peak.
#[derive(Clone, Copy, Debug)]
struct RankMemory {
    before: u64,
    peak: u64,
}

/// `n` and its noun, `one` or `many` as `n` says (`1 round`, `3 rounds`).
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` as 64-bit words for [`Comm::exchange`]: its length in bytes, then
/// its bytes, eight to a word (little-endian, the last word padded).
fn pack_text(text: &str) -> Vec<u64> {
    let bytes = text.as_bytes();
    let mut words = vec![bytes.len() as u64];
    words.extend(bytes.chunks(8).map(|chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(word)
    }));
    words
}

/// The texts [`pack_text`] packed one after another into `words` (a text
/// cut short or not UTF-8 is kept as far as it reads).
fn unpack_texts(mut words: &[u64]) -> Vec<String> {
    let mut texts = Vec::new();
    while let Some((&len, rest)) = words.split_first() {
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        let used = len.div_ceil(8).min(rest.len());
        let mut bytes: Vec<u8> = rest[..used].iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.truncate(len);
        texts.push(String::from_utf8_lossy(&bytes).into_owned());
        words = &rest[used..];
    }
    texts
}

impl<'c> Ranks<'c> {
    /// The level loop over `comm`'s ranks. With checkpoints, every rank
    /// must call [`Ranks::finish`] once the result is written (or failed):
    /// until then the last checkpoint stays, and a later run refuses the
    /// directory without `--resume`.
    pub fn new(
        comm: &'c dyn Comm,
        checkpoints: Option<Checkpoints>,
        distances: bool,
        report: bool,
    ) -> Ranks<'c> {
        Ranks {
            comm,
            checkpoints,
            distances,
            report,
            swept: Cell::new(false),
            finished: Cell::new(false),
            lock: std::cell::RefCell::new(None),
            written_peak: Cell::new(None),
        }
    }

    /// This process's peak memory in KiB once its tables were written, if
    /// they were.
    pub fn written_peak(&self) -> Option<u64> {
        self.written_peak.get()
    }

    /// Once rank 0 wrote the tables (or failed to), with this rank's
    /// error if it failed; the first call counts, later ones only pass
    /// `failed` on. With checkpoints, once the sweep's levels are done,
    /// every rank waits for rank 0 (asleep, not spinning) and learns
    /// whether all succeeded, and only then are the checkpoints removed:
    /// a run killed or failing while it assembles or writes still resumes.
    /// Without checkpoints, or before the levels were done (an error every
    /// rank met at once), it talks to no other rank.
    ///
    /// `for_good` says that this rank's failure is the sweep's own result
    /// (a game that broke its contract, a distance too deep): a resume
    /// would fail the same way, and a game mended since would resume from
    /// cells its broken self made, so the checkpoints are removed, on every
    /// rank, and the error says so.
    ///
    /// # Errors
    /// This rank's error, or a message with another rank's; with the
    /// checkpoints kept, how to resume from them.
    pub fn finish(&self, failed: Option<String>, for_good: bool) -> Result<(), String> {
        let Some(plan) = &self.checkpoints else {
            return failed.map_or(Ok(()), Err);
        };
        // A job that fails keeps its checkpoints for `--resume`, but not
        // its lock file: the directory is left as a killed job leaves it,
        // less the lock a killed job cannot remove.
        if !self.swept.get() || self.finished.replace(true) {
            if failed.is_some() {
                self.unlock(plan);
            }
            return failed.map_or(Ok(()), Err);
        }
        self.comm.idle_barrier();
        let for_good = self.comm.max(u64::from(for_good && failed.is_some())) > 0;
        if let Err(e) = self.agree(failed) {
            if for_good {
                let dir = plan.dir.display();
                return Err(if self.spend(plan) {
                    format!(
                        "{e}\nthe checkpoints in {dir} were removed: resumed, the sweep would fail the same way"
                    )
                } else {
                    format!(
                        "{e}\nthe checkpoint directory {dir} is no longer this job's (removed or replaced while it ran): its files were left alone"
                    )
                });
            }
            self.unlock(plan);
            return Err(checkpoint::with_resume_hint(&plan.dir, e));
        }
        self.spend(plan);
        Ok(())
    }

    /// Refuses, on every rank, a job whose ranks were started for
    /// different sweeps (an MPMD launch, a script that differs by rank):
    /// their collective steps would not match, and hang or mix parts. The
    /// sweep (game, parameters, stored states), whether distances are kept
    /// and the checkpoint flags must be the same everywhere.
    ///
    /// With checkpoints, which name the build that wrote them, every rank
    /// must also run the same build, and one that cannot read its own
    /// program to name it is refused before any work: its checkpoints
    /// could never be resumed.
    fn same_run(&self, key: &str) -> Result<(), String> {
        let plan = self.checkpoints.as_ref().map_or("none".to_owned(), |p| {
            format!(
                "{} every {} levels{}; build {}",
                p.dir.display(),
                p.every,
                if p.resume { ", resumed" } else { "" },
                checkpoint::build()
            )
        });
        // A rank that cannot name its build says why first: its text
        // would only differ from the others'.
        let unknown = self.checkpoints.as_ref().and_then(|p| {
            checkpoint::unknown_build().map(|why| {
                format!(
                    "{}: cannot name this program's build for its checkpoints: {why}; a checkpoint records the build that wrote it, so that no other build resumes it, and this run's could never be resumed: run from a program file it can read, or without --checkpoint",
                    p.dir.display()
                )
            })
        });
        self.agree(unknown)?;
        let run = format!(
            "sweep {key}; distances {}; checkpoints {plan}",
            if self.distances { "kept" } else { "not kept" }
        );
        if self.comm.same_text(&run) {
            return Ok(());
        }
        Err(format!(
            "rank {}: the ranks were started for different runs (this rank's: {run}); start every rank with the same command and program",
            self.comm.rank()
        ))
    }
}

/// Chunks of the assembly's messages: 8 MiB, so that neither a rank
/// packing its codes nor rank 0 receiving them holds more than that beside
/// its cells or the whole table. In unit tests 64 bytes, so that their
/// small games' parts go in many chunks too.
const CHUNK: usize = if cfg!(test) { 64 } else { 8 << 20 };
// Even, so that no chunk of distances splits a `u16`.
const _: () = assert!(CHUNK.is_multiple_of(2));

impl Sweeper for Ranks<'_> {
    fn processes(&self) -> usize {
        self.comm.size()
    }

    fn keeps_distances(&self) -> bool {
        self.distances
    }

    /// Every failing rank's message goes to every rank, which repeats it:
    /// `mpirun` may end the job when the first rank exits, before another
    /// rank's output has been forwarded, and the cause would be lost.
    fn agree(&self, failed: Option<String>) -> Result<(), String> {
        let comm = self.comm;
        let any = comm.max(u64::from(failed.is_some()));
        if any == 0 {
            return Ok(());
        }
        let (me, ranks) = (comm.rank(), comm.size());
        if ranks == 1 {
            return Err(failed.unwrap_or_default());
        }
        // A message that already came through here (`finish` passes on
        // what the solve agreed on) is named by its rank once.
        let own = failed.map(|e| {
            let named = format!("rank {me}: ");
            if e.starts_with(&named) {
                e
            } else {
                named + &e
            }
        });
        let text = pack_text(own.as_deref().unwrap_or(""));
        let words: Vec<u64> = (0..ranks).flat_map(|_| text.iter().copied()).collect();
        let mut received = Vec::new();
        comm.exchange(&words, &vec![text.len(); ranks], &mut received);
        if let Some(e) = own {
            return Err(e);
        }
        let messages: Vec<String> = unpack_texts(&received)
            .into_iter()
            .filter(|text| !text.is_empty())
            .collect();
        // Rank 0 lists every failure; the others the first, so that a
        // job's output does not grow with the square of its ranks.
        let told = match messages.split_first() {
            Some((first, rest)) if me != 0 && !rest.is_empty() => {
                format!(
                    "{first}; and {} failed (listed on rank 0)",
                    counted(rest.len() as u64, "more rank", "more ranks")
                )
            }
            _ => messages.join("; "),
        };
        Err(format!("rank {me}: stopped: another rank failed: {told}"))
    }

    fn sweep<K: Kernel>(
        &self,
        kernel: &K,
        key: &str,
        progress: &dyn Fn(u32, u64),
        _on_decided: &mut dyn FnMut(u64, u32),
    ) -> Result<Option<SpaceSolution>, String>
    where
        K::Scratch: Send,
    {
        let started = Instant::now();
        // What the kernel's tables and the MPI library hold before any cell.
        let base = status_kib("VmRSS:").unwrap_or(0);
        let comm = self.comm;
        let (me, ranks) = (comm.rank(), comm.size());
        let slots = kernel.slots();
        self.same_run(key)?;
        let partition = Partition::new(slots, ranks)?;
        let mut sweep = RankSweep::new(kernel, comm, partition, self.distances);
        let mut level = self.prepare(&mut sweep, key)?;
        // Messages, rounds and time are this run's; a resumed one says so.
        let resumed_at = level;
        let mut decided = comm.sum(sweep.decided());
        let report = self.report && me == 0;
        let (mut sent, mut bytes, mut rounds) = (0u64, 0u64, 0u64);
        loop {
            let figures = sweep.level(level);
            decided += figures.processed;
            sent += figures.sent;
            bytes += figures.bytes;
            rounds += figures.rounds;
            if report {
                crate::stderr::line(format_args!(
                    "level {level}: {} decided ({decided} of {slots} cells), {} predecessors sent between ranks ({} bytes) in {}, {:.2} s",
                    figures.processed,
                    figures.sent,
                    figures.bytes,
                    counted(figures.rounds, "round", "rounds"),
                    started.elapsed().as_secs_f64()
                ));
            }
            if me == 0 {
                progress(level, decided);
            }
            // Level 1's early wins and level 2's late losses are taken up
            // even after empty levels before them (every rank asks, since
            // every rank sees the same sums).
            if figures.processed == 0
                && !(level == 0 && comm.sum(u64::from(sweep.early())) > 0)
                && !(level <= 1 && comm.sum(u64::from(sweep.late())) > 0)
            {
                break;
            }
            level += 1;
            // A game that broke a contract fails the solve: every rank
            // stops here (each asks, since each sees the same sum).
            if comm.sum(u64::from(kernel.failed())) > 0 {
                break;
            }
            if let Some(plan) = &self.checkpoints {
                if level.is_multiple_of(plan.every.max(1)) {
                    self.checkpoint(&sweep, plan, key, level)?;
                }
            }
        }
        let levels = level;
        let visits = comm.sum(sweep.visits());
        // The checkpoints stay until the tables are written (`finish`).
        self.swept.set(true);
        let Some((packed, distances, memories)) = self.assemble(sweep, &partition, base) else {
            return Ok(None);
        };
        if self.report {
            let mib = |kib: u64| kib as f64 / 1024.0;
            let peaks: Vec<String> = memories
                .iter()
                .enumerate()
                .map(|(rank, m)| {
                    format!(
                        "{rank}: {:.1} MiB ({:.1} before the cells)",
                        mib(m.peak),
                        mib(m.before)
                    )
                })
                .collect();
            let since = if resumed_at > 0 {
                format!(" since the resume at level {resumed_at}")
            } else {
                String::new()
            };
            crate::stderr::line(format_args!(
                "sweep on {}: {levels} levels, {visits} predecessor visits, {sent} predecessors ({bytes} bytes) sent between ranks in {}{since}, {:.2} s; peak memory (VmHWM) by rank: {}",
                counted(ranks as u64, "rank", "ranks"),
                counted(rounds, "round", "rounds"),
                started.elapsed().as_secs_f64(),
                peaks.join(", ")
            ));
        }
        Ok(Some(SpaceSolution {
            packed,
            levels,
            predecessor_visits: visits,
            deferred: None,
            distances,
        }))
    }
}

impl Ranks<'_> {
    /// Starts the sweep, or resumes it from the committed checkpoint;
    /// returns the level to process first. Every rank checks its own part
    /// and all agree before any work. Refused, whatever refused it, the
    /// directory is left as it was found: without the lock file.
    fn prepare<K: Kernel>(&self, sweep: &mut RankSweep<'_, K>, key: &str) -> Result<u32, String> {
        let prepared = self.prepare_locked(sweep, key);
        if let (Err(_), Some(plan)) = (&prepared, &self.checkpoints) {
            self.unlock(plan);
        }
        prepared
    }

    /// [`Ranks::prepare`], which takes the lock and may leave it taken.
    fn prepare_locked<K: Kernel>(
        &self,
        sweep: &mut RankSweep<'_, K>,
        key: &str,
    ) -> Result<u32, String> {
        let Some(plan) = &self.checkpoints else {
            sweep.start();
            return Ok(0);
        };
        let (me, ranks) = (self.comm.rank(), self.comm.size());
        let commit_path = plan.dir.join(checkpoint::COMMIT);
        // Nothing to resume: no folder is made for a run refused.
        let missing = plan.resume && plan.dir.try_exists().is_ok_and(|exists| !exists);
        // Rank 0 takes the job's lock first: a directory another job uses
        // is refused on every rank before any of them touches a file in it.
        let locked = if me == 0 && !missing {
            checkpoint::make(&plan.dir, me)
                .and_then(|()| checkpoint::lock(&plan.dir))
                .map(|lock| *self.lock.borrow_mut() = lock)
                .err()
        } else {
            None
        };
        self.agree(locked)?;
        let found = if missing {
            Ok(None)
        } else {
            checkpoint::probe(&plan.dir, me).and_then(|()| checkpoint::committed(&plan.dir))
        };
        let level = match (found, plan.resume) {
            (Err(e), _) => Err(e),
            (Ok(None), true) => Err(match gametable_format::dangling_link(&plan.dir) {
                Some(link) => format!(
                    "{}: {link}: no checkpoint to resume from (was the folder moved, or is it not mounted?)",
                    plan.dir.display()
                ),
                None => format!(
                    "{}: no committed checkpoint here to resume from (a run removes its checkpoints once its tables are written: if they are there, `gametable verify` says whether they are whole; else drop --resume to start afresh)",
                    plan.dir.display()
                ),
            }),
            (Ok(None), false) => Ok(None),
            (Ok(Some(commit)), false) if !checkpoint::same_build(&commit.build) => Err(format!(
                "{}: holds a committed checkpoint (level {}) of another build of gametable, which this one does not resume; remove the directory {} to start afresh (or continue with the program that wrote it and --resume)",
                commit_path.display(),
                commit.level,
                plan.dir.display()
            )),
            (Ok(Some(commit)), false) => Err(format!(
                "{}: holds a committed checkpoint (level {}); add --resume to continue from it, or remove the directory {} to start afresh",
                commit_path.display(),
                commit.level,
                plan.dir.display()
            )),
            (Ok(Some(commit)), true) if commit.key != key => Err(format!(
                "{}: a checkpoint of \"{}\", not of this run's \"{key}\"; not resumed",
                commit_path.display(),
                commit.key
            )),
            (Ok(Some(commit)), true) if commit.ranks != ranks => Err(format!(
                "{}: written by {} ranks, but this run has {ranks}; resume it with {} ranks",
                commit_path.display(),
                commit.ranks,
                commit.ranks
            )),
            // Every rank runs the same build (`same_run`).
            (Ok(Some(commit)), true) if !checkpoint::same_build(&commit.build) => {
                Err(format!(
                    "{}: written by another build of gametable (SHA-256 of its program {}, of this one {}): a build that numbers the states or counts the moves otherwise would resume to a wrong table; resume with the program that wrote it, or remove the directory {} to start afresh",
                    commit_path.display(),
                    shown_build(&commit.build),
                    shown_build(checkpoint::build()),
                    plan.dir.display()
                ))
            }
            (Ok(Some(commit)), true) => Ok(Some(commit.level)),
        };
        let level = match level {
            Ok(level) => {
                self.agree(None)?;
                level
            }
            Err(e) => return Err(self.agree(Some(e)).err().unwrap_or_default()),
        };
        // Each rank read the commit itself: another job writing in the
        // directory, or a file system that shows ranks different files,
        // must not resume ranks from different levels.
        if !self.comm.same(level.map_or(u64::MAX, u64::from)) {
            return Err(format!(
                "rank {me}: {}: the ranks found different commits (this rank: {}); is another job using the directory? not resumed",
                commit_path.display(),
                level.map_or("none".to_owned(), |l| format!("level {l}"))
            ));
        }
        match level {
            None => {
                // No commit: what files another number of ranks left here
                // are of no use (every rank has probed the folder by now).
                if self.lock.borrow().is_some() {
                    checkpoint::remove_other_layouts(&plan.dir, ranks);
                }
                sweep.start();
                Ok(0)
            }
            Some(level) => {
                let loaded = sweep.resume(plan, key, level).err();
                self.agree(loaded)?;
                if me == 0 && self.report {
                    crate::stderr::line(format_args!(
                        "resumed from {} at level {level}",
                        commit_path.display()
                    ));
                }
                Ok(level)
            }
        }
    }

    /// Removes the checkpoints of a finished sweep: the commit first, so
    /// that no commit ever names removed files.
    fn spend(&self, plan: &Checkpoints) -> bool {
        let (me, ranks) = (self.comm.rank(), self.comm.size());
        // A directory no longer ours (removed, then perhaps taken by another
        // job) is left alone: its files may be that job's.
        if self.comm.sum(u64::from(self.lock_lost(plan).is_some())) > 0 {
            self.lock.borrow_mut().take();
            return false;
        }
        self.comm.barrier();
        if me == 0 {
            let _ = std::fs::remove_file(plan.dir.join(checkpoint::COMMIT));
        }
        self.comm.barrier();
        checkpoint::prune(&plan.dir, me, ranks, u32::MAX);
        if self.lock.borrow().is_some() {
            checkpoint::remove_other_layouts(&plan.dir, ranks);
        }
        self.unlock(plan);
        true
    }

    /// Why this rank no longer holds the directory's lock, where it held
    /// one ([`checkpoint::lock_lost`]): only rank 0 ever does.
    fn lock_lost(&self, plan: &Checkpoints) -> Option<String> {
        self.lock
            .borrow()
            .as_ref()
            .and_then(|lock| checkpoint::lock_lost(&plan.dir, lock))
    }

    /// Removes rank 0's lock file, still held (so that no other job took
    /// it meanwhile: not a file that took its place, another job's lock),
    /// then lets the lock go: the directory is left as it was found.
    fn unlock(&self, plan: &Checkpoints) {
        if self.lock.borrow().is_some() && self.lock_lost(plan).is_none() {
            let _ = std::fs::remove_file(plan.dir.join(checkpoint::LOCK));
        }
        self.lock.borrow_mut().take();
    }

    /// Gathers the result on rank 0: each rank's packed codes and distances
    /// in rank order, in chunks, the distances appended to rank 0's own
    /// (so that they are held once, not also copied out state by state);
    /// and each rank's memory (before its cells, at its peak) in KiB.
    /// `None` on the other ranks, once they sent their part.
    fn assemble<K: Kernel>(
        &self,
        sweep: RankSweep<'_, K>,
        partition: &Partition,
        base: u64,
    ) -> Option<(Vec<u8>, Option<Distances>, Vec<RankMemory>)> {
        let comm = self.comm;
        if comm.rank() != 0 {
            sweep.for_each_packed(CHUNK, |piece| comm.send(0, piece));
            if let Some(distances) = sweep.into_distances() {
                send_chunked(comm, distances.as_bytes());
            }
            let peak = status_kib("VmHWM:").unwrap_or(0);
            comm.send(0, &[base.to_le_bytes(), peak.to_le_bytes()].concat());
            return None;
        }
        let (packed, mut distances) = sweep.finish();
        let mut whole = vec![0u8; partition.slots().div_ceil(4)];
        whole[..packed.len()].copy_from_slice(&packed);
        drop(packed);
        // Every rank keeps its distances in the same form (see
        // `rank::WIDE_FROM`): rank 0's own width is everyone's.
        let width = distances.as_ref().map_or(0, Distances::width);
        if let Some(distances) = &mut distances {
            distances.reserve_exact(partition.slots() - distances.len());
        }
        for rank in 1..comm.size() {
            let range = partition.range(rank);
            let mut at = range.start / 4;
            receive_chunked(comm, rank, range.len().div_ceil(4), |bytes| {
                whole[at..at + bytes.len()].copy_from_slice(bytes);
                at += bytes.len();
            });
            if let Some(distances) = &mut distances {
                receive_chunked(comm, rank, range.len() * width, |bytes| {
                    distances.extend_from_bytes(bytes);
                });
            }
        }
        // Rank 0's peak includes the assembly.
        let mut memories = vec![RankMemory {
            before: base,
            peak: status_kib("VmHWM:").unwrap_or(0),
        }];
        for rank in 1..comm.size() {
            let bytes = comm.receive(rank);
            let number = |at: usize| {
                bytes
                    .get(at..at + 8)
                    .and_then(|b| b.try_into().ok())
                    .map_or(0, u64::from_le_bytes)
            };
            memories.push(RankMemory {
                before: number(0),
                peak: number(8),
            });
        }
        Some((whole, distances, memories))
    }

    /// Writes every rank's checkpoint of `level`, then the commit, then
    /// removes older levels' files.
    fn checkpoint<K: Kernel>(
        &self,
        sweep: &RankSweep<'_, K>,
        plan: &Checkpoints,
        key: &str,
        level: u32,
    ) -> Result<(), String> {
        let (me, ranks) = (self.comm.rank(), self.comm.size());
        // A failed write leaves the last commit (this run's: a run finding
        // one without --resume is refused) whole: say how to go on from it.
        let kept = |e: String| checkpoint::with_resume_hint(&plan.dir, e);
        // Rank 0 still holds the directory's lock, or nobody writes.
        self.agree(self.lock_lost(plan))?;
        let written = self
            .agree(sweep.save(plan, key, level).err())
            .and_then(|()| {
                let committed = if me == 0 {
                    checkpoint::commit(&plan.dir, key, ranks, level).err()
                } else {
                    None
                };
                self.agree(committed)
            });
        if let Err(e) = written {
            // This level's files, which no commit names, are of no use: each
            // rank removes its own, which on a full disk hold the space a
            // resume needs (the committed level's stay, whatever happens).
            let _ = std::fs::remove_file(checkpoint::rank_path(&plan.dir, me, ranks, level));
            return Err(kept(e));
        }
        checkpoint::prune(&plan.dir, me, ranks, level);
        Ok(())
    }
}

/// A build as messages show it: the start of its digest (or why it is
/// unknown, whole).
fn shown_build(build: &str) -> String {
    match build.get(..16) {
        Some(start) if build.bytes().all(|b| b.is_ascii_hexdigit()) => format!("{start}..."),
        _ => build.to_owned(),
    }
}

/// Sends `bytes` to rank 0 in chunks of [`CHUNK`] (none for no bytes).
fn send_chunked(comm: &dyn Comm, bytes: &[u8]) {
    for chunk in bytes.chunks(CHUNK) {
        comm.send(0, chunk);
    }
}

/// Receives `len` bytes from `from` sent in chunks (by [`send_chunked`], or
/// [`RankSweep::for_each_packed`]), handing each chunk to `f`.
fn receive_chunked(comm: &dyn Comm, from: usize, len: usize, mut f: impl FnMut(&[u8])) {
    let mut left = len;
    while left > 0 {
        let chunk = comm.receive(from);
        left = left.saturating_sub(chunk.len().max(1));
        f(&chunk);
    }
}

/// How many processes an MPI launcher started, if one says so: OpenMPI's
/// `mpirun`, or a PMI launcher (MPICH's `mpiexec`, `srun --mpi=pmi2`).
/// (Not Slurm's task count: `srun -n 8 script` may run eight separate
/// commands.)
pub fn launched_size() -> Option<usize> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
}

/// The level loop as a command chose it: on this process's threads, or
/// over ranks (MPI, or one process with checkpoints).
pub enum Executor<'c> {
    /// [`crate::engine::sweep::Threads`].
    Threads,
    /// [`Ranks`].
    Ranks(Ranks<'c>),
}

impl Executor<'_> {
    /// Whether this process writes the result: every process on threads,
    /// rank 0 over ranks.
    pub fn writes(&self) -> bool {
        match self {
            Executor::Threads => true,
            Executor::Ranks(ranks) => ranks.comm.rank() == 0,
        }
    }

    /// Called by the writing process once every table is written, so that
    /// the checkpoints go then (see [`Ranks::finish`]), not after what the
    /// command does next (a census may take minutes).
    ///
    /// # Errors
    /// Another rank's failure.
    pub fn tables_written(&self) -> Result<(), String> {
        match self {
            Executor::Threads => Ok(()),
            Executor::Ranks(ranks) => {
                ranks.written_peak.set(status_kib("VmHWM:"));
                ranks.finish(None, false)
            }
        }
    }

    /// [`crate::store::check_output`] on the writing process (rank 0), its
    /// answer shared with every rank: only it writes, and a failure on one
    /// rank alone would leave the others waiting at their next step.
    ///
    /// # Errors
    /// The check's error, or on other ranks a message with it.
    pub fn check_output(&self, path: &std::path::Path) -> Result<(), String> {
        let checked = if self.writes() {
            crate::store::check_output(path)
                .err()
                .map(|e| e.to_string())
                .or_else(|| self.checkpoint_in_the_way(path))
        } else {
            None
        };
        self.agree(checked)
    }

    /// Why the checkpoint folder stands where the run writes a file (the
    /// table at `path` or one beside it), if it does: found after the
    /// sweep, the write would fail, and `--resume` with it.
    fn checkpoint_in_the_way(&self, path: &std::path::Path) -> Option<String> {
        let Executor::Ranks(ranks) = self else {
            return None;
        };
        let dir = &ranks.checkpoints.as_ref()?.dir;
        let at = resolved;
        let written =
            std::iter::once(path.to_path_buf()).chain(crate::store::files_written_beside(path));
        written.into_iter().find(|p| at(p) == at(dir)).map(|p| {
            format!(
                "--checkpoint {}: the checkpoint folder would stand where the run writes {}; \
                 name another folder",
                dir.display(),
                p.display()
            )
        })
    }
}

/// Where `path` is: its longest existing ancestor with links resolved,
/// the rest appended with `.` and `..` taken as written, so that two names
/// of one place (through a link, or `x/../`) are one.
fn resolved(path: &std::path::Path) -> std::path::PathBuf {
    use std::path::{Component, PathBuf};
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let parts: Vec<Component<'_>> = absolute.components().collect();
    for known in (1..=parts.len()).rev() {
        let head: PathBuf = parts[..known].iter().collect();
        if let Ok(mut out) = std::fs::canonicalize(&head) {
            for part in &parts[known..] {
                match part {
                    Component::ParentDir => {
                        out.pop();
                    }
                    Component::CurDir => {}
                    part => out.push(part),
                }
            }
            return out;
        }
    }
    absolute
}

impl Sweeper for Executor<'_> {
    fn sweep<K: Kernel>(
        &self,
        kernel: &K,
        key: &str,
        progress: &dyn Fn(u32, u64),
        on_decided: &mut dyn FnMut(u64, u32),
    ) -> Result<Option<SpaceSolution>, String>
    where
        K::Scratch: Send,
    {
        match self {
            Executor::Threads => {
                crate::engine::sweep::Threads.sweep(kernel, key, progress, on_decided)
            }
            Executor::Ranks(ranks) => ranks.sweep(kernel, key, progress, on_decided),
        }
    }

    fn processes(&self) -> usize {
        match self {
            Executor::Threads => 1,
            Executor::Ranks(ranks) => ranks.processes(),
        }
    }

    fn keeps_distances(&self) -> bool {
        match self {
            Executor::Threads => true,
            Executor::Ranks(ranks) => ranks.keeps_distances(),
        }
    }

    fn agree(&self, failed: Option<String>) -> Result<(), String> {
        match self {
            Executor::Threads => crate::engine::sweep::Threads.agree(failed),
            Executor::Ranks(ranks) => ranks.agree(failed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{pack_text, unpack_texts};

    #[test]
    fn texts_survive_packing_one_after_another() {
        let texts = ["", "rank 1: cannot write", "exactly8", "ünïcode, 12 b"];
        let words: Vec<u64> = texts.iter().flat_map(|t| pack_text(t)).collect();
        assert_eq!(words.len(), 1 + (1 + 3) + (1 + 1) + (1 + 2));
        assert_eq!(unpack_texts(&words), texts);
        // A text cut short keeps what it has.
        let cut = &pack_text("abcdefghij")[..2];
        assert_eq!(unpack_texts(cut), ["abcdefgh"]);
    }
}
