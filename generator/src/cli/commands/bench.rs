//! `gametable bench sweep`: the sweep measured against the plain
//! queue-based full-table sweep, on the same variant, in one command.
//!
//! Each kind of sweep runs in a fresh child process (this program again,
//! with the hidden `bench measure`), so that its peak resident set is its
//! own: the child reports its best wall time over the repeats, the
//! predecessors it visited, and its peak resident set (`VmHWM`) minus what
//! was resident before the sweep. The parent prints states and visits per
//! second, peak bytes per stored state, and the speed-up over the baseline.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::engine::{self, SolveOptions};
use crate::games::cards::baseline;
use crate::games::cards::game::Cards;
use crate::games::cards::solve::{self as sweep, FullSpace, HandTables, OrbitSpace};
use gametable::symmetry::Orbits;
use gametable::Variant;

/// The sweeps `bench` compares, baseline first.
pub const KINDS: [&str; 6] = [
    "plain",
    "full",
    "orbits",
    "orbits-parallel",
    "generic-full",
    "generic-orbits",
];

/// `bench sweep`: runs every kind in a child process and prints the table.
pub fn sweep(cards: u8, modulus: u8, repeat: u32, skip_baseline: bool) -> crate::cli::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    // The full-table kinds hold a cell per state: refused here, not by a
    // child's failed allocation.
    crate::engine::solve::check_size(&crate::games::cards::game::Cards::new(variant), false, 1)?;
    let orbit_numbering = Orbits::new(variant);
    let orbits = orbit_numbering.states();
    // The parallel sweep runs on one thread below its threshold: said, so
    // that its row is not read as what a second core gives.
    let slots = sweep::Space::states(&OrbitSpace::new(&orbit_numbering));
    let parallel_note = crate::engine::sweep::parallel::why_one_thread(slots)
        .map(|why| format!(" (on 1 thread: {slots} slots, {why})"))
        .unwrap_or_default();
    drop(orbit_numbering);
    say!(
        "cards ({cards}, {modulus}): {} states, {orbits} orbits; best of {repeat}; {} threads",
        variant.states(),
        rayon::current_num_threads()
    );
    let exe = std::env::current_exe()?;
    let mut baseline_time = None;
    for kind in KINDS.iter().skip(usize::from(skip_baseline)) {
        let output = Command::new(&exe)
            .args(["bench", "measure", "--kind", kind])
            .args([
                "--cards",
                &cards.to_string(),
                "--modulus",
                &modulus.to_string(),
            ])
            .args(["--repeat", &repeat.to_string()])
            .output()?;
        if !output.status.success() {
            return Err(format!(
                "bench measure --kind {kind} failed: {}",
                String::from_utf8_lossy(&output.stderr)
            )
            .into());
        }
        let text = String::from_utf8_lossy(&output.stdout);
        let fields: Vec<f64> = text
            .split_whitespace()
            .filter_map(|f| f.parse().ok())
            .collect();
        let [seconds, visits, peak] = fields[..] else {
            return Err(format!("bench measure --kind {kind} printed '{text}'").into());
        };
        let stored = if kind.ends_with("orbits") || kind.starts_with("orbits") {
            orbits
        } else {
            variant.states()
        };
        let speedup =
            baseline_time.map_or(String::new(), |b: f64| format!("{:>6.1}x", b / seconds));
        if *kind == "plain" {
            baseline_time = Some(seconds);
        }
        say!(
            "{:<16} {:>10.3} ms {:>8.1} M states/s {:>6.0} M visits/s {:>6.2} bytes/stored state {speedup}{}",
            kind,
            seconds * 1e3,
            variant.states() as f64 / seconds / 1e6,
            visits / seconds / 1e6,
            peak / stored as f64,
            if *kind == "orbits-parallel" {
                parallel_note.as_str()
            } else {
                ""
            },
        );
    }
    say!(
        "plain: queue-based full-table sweep, 1 thread (baseline); full: level sweep, every state, 1 thread;"
    );
    say!("orbits: level sweep, one state per orbit, 1 thread; orbits-parallel: the parallel sweep generate runs, on all threads from 16 Mi slots;");
    say!("generic-full, generic-orbits: the same level sweep, 1 thread, through the generic Game seam (Cards as a Game, its un-moves).");
    Ok(())
}

/// `bench measure` (hidden): one kind of sweep in this process; prints
/// `seconds visits peak_bytes`.
pub fn measure(kind: &str, cards: u8, modulus: u8, repeat: u32) -> crate::cli::Result<()> {
    let variant = Variant::new(cards, modulus)?;
    let before = crate::engine::memory::status_kib("VmRSS:");
    let mut best = Duration::MAX;
    let mut visits = 0;
    for _ in 0..repeat.max(1) {
        let started = Instant::now();
        visits = match kind {
            "plain" => baseline::solve(variant).1,
            "full" => {
                let tables = HandTables::new(variant);
                sweep::sweep(&FullSpace::new(variant), &tables, |_, _| {}).predecessor_visits
            }
            "orbits" => {
                let (tables, orbits) = (HandTables::new(variant), Orbits::new(variant));
                sweep::sweep(&OrbitSpace::new(&orbits), &tables, |_, _| {}).predecessor_visits
            }
            "orbits-parallel" => {
                let (tables, orbits) = (HandTables::new(variant), Orbits::new(variant));
                sweep::sweep_parallel(&OrbitSpace::new(&orbits), &tables, |_, _| {}, |_, _| {})
                    .predecessor_visits
            }
            "generic-full" | "generic-orbits" => {
                let options = SolveOptions {
                    symmetry: kind == "generic-orbits",
                    reverse_graph: false,
                };
                // On one thread, as the fast path's `full` and `orbits`.
                let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
                pool.install(|| engine::solve(&Cards::new(variant), &options))?
                    .visits
            }
            other => return Err(format!("unknown kind '{other}' (one of {KINDS:?})").into()),
        };
        best = best.min(started.elapsed());
    }
    let peak = match (before, crate::engine::memory::status_kib("VmHWM:")) {
        (Some(before), Some(peak)) => peak.saturating_sub(before) * 1024,
        _ => 0,
    };
    say!("{} {visits} {peak}", best.as_secs_f64());
    Ok(())
}
