//! Who runs the level loop: this process on its cores ([`Threads`]), or an
//! executor elsewhere in the crate (across MPI ranks, or with checkpoints).
//!
//! The entry points that build a kernel ([`crate::engine::solve_on`],
//! Cards' `solve_orbits_on`) take a [`Sweeper`] so that they need not know how the loop is
//! run; the executors that are not threads live outside the engine
//! (`crate::distributed`), since they write files and talk to other
//! processes.

use super::{parallel, Kernel, SpaceSolution};

/// Runs the level loop over a kernel.
pub trait Sweeper {
    /// Solves the stored states of `kernel` (named `key` in checkpoints),
    /// calling `progress(level, decided)` now and then and `on_decided(stored
    /// index, distance)` for every decided state, unless it kept the
    /// distances itself and returns them whole
    /// ([`SpaceSolution::distances`], what a caller takes first), or keeps
    /// none ([`Sweeper::keeps_distances`]).
    /// `Ok(None)` on a process that holds no part of the result (an MPI
    /// rank other than 0): it writes nothing.
    ///
    /// # Errors
    /// Why the executor could not finish, as a message for people.
    fn sweep<K: Kernel>(
        &self,
        kernel: &K,
        key: &str,
        progress: &dyn Fn(u32, u64),
        on_decided: &mut dyn FnMut(u64, u32),
    ) -> Result<Option<SpaceSolution>, String>
    where
        K::Scratch: Send;

    /// How many processes share the sweep (each holds its part of the
    /// work cells, but every kernel's tables whole).
    fn processes(&self) -> usize {
        1
    }

    /// Whether the sweep gives every decided state's distance (through
    /// `on_decided` or whole): a sweep across processes asked for none
    /// does not.
    fn keeps_distances(&self) -> bool {
        true
    }

    /// Whether every process of the executor passes a check each made
    /// (`failed`: this process's own error). Every process calls it, the
    /// same number of times.
    ///
    /// # Errors
    /// This process's error, or a message that another one failed.
    fn agree(&self, failed: Option<String>) -> Result<(), String> {
        failed.map_or(Ok(()), Err)
    }
}

/// The level loop on this process's rayon pool ([`parallel::sweep`]).
pub struct Threads;

impl Sweeper for Threads {
    fn sweep<K: Kernel>(
        &self,
        kernel: &K,
        _key: &str,
        progress: &dyn Fn(u32, u64),
        on_decided: &mut dyn FnMut(u64, u32),
    ) -> Result<Option<SpaceSolution>, String>
    where
        K::Scratch: Send,
    {
        Ok(Some(parallel::sweep(kernel, progress, on_decided)))
    }
}
