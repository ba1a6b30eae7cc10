//! A progress bar for long sweeps, on stderr.
//!
//! Shows states decided, the rate and the estimated time left. It draws
//! nothing when asked to be quiet or when stderr is not a terminal, so
//! scripts and logs see only the final report.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A sweep's progress, shown or not.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar, sized by the first update; hidden when `quiet` or when
    /// stderr is not a terminal.
    pub fn new(quiet: bool) -> Progress {
        if quiet || !std::io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} states decided, {per_sec}, eta {eta} {msg}",
        ) {
            bar.set_style(style);
        }
        Progress { bar: Some(bar) }
    }

    /// Reports that `decided` of `total` stored states are decided after
    /// `level`.
    pub fn update(&self, level: u32, decided: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(decided);
            bar.set_message(format!("(level {level})"));
        }
    }

    /// Removes the bar (draws never complete it: they are never decided).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
