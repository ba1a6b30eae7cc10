//! The reverse graph, for games without un-moves: every stored state's
//! distinct stored predecessors, listed once before the sweep.
//!
//! Built from the forward moves alone, in compressed rows: a `u64` row start
//! per stored state and one entry per edge, 4 bytes while stored indices fit
//! 32 bits, else 8. So its memory is `8 * stored + 4 * edges` bytes (8 per
//! edge past 2^32 stored states), where an edge is a pair of a stored state
//! and a distinct stored successor of it: a game with un-moves never pays it.
#![allow(clippy::indexing_slicing)] // stored indices are below `stored` by construction

use super::game::Game;
use super::kernel::Broken;
use super::space::{Found, GameSpace};

/// Every stored state's distinct stored predecessors.
pub struct ReverseGraph {
    starts: Vec<u64>,
    entries: Entries,
}

enum Entries {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

impl ReverseGraph {
    /// Lists the predecessors of every stored state of `space` from its
    /// forward moves.
    ///
    /// # Errors
    /// The first state that names a move past the game's last index.
    pub fn new<G: Game>(space: &GameSpace<'_, G>) -> Result<ReverseGraph, Broken> {
        let stored = space.stored();
        let mut starts = vec![0u64; stored as usize + 1];
        let mut successors = Found::default();
        // Pass 1: in-degrees.
        for s in 0..stored {
            space.distinct_successors(s, &mut successors);
            if let Some(found) = successors.past() {
                return Err(Broken::OutOfRange {
                    index: space.index(s),
                    found,
                });
            }
            for &t in successors.as_slice().iter().filter(|&&t| t < stored) {
                starts[t as usize + 1] += 1;
            }
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let edges = starts[stored as usize];
        let mut fill = starts.clone();
        let narrow = u32::try_from(stored).is_ok();
        let mut entries = if narrow {
            Entries::Narrow(vec![0u32; edges as usize])
        } else {
            Entries::Wide(vec![0u64; edges as usize])
        };
        // Pass 2: the edges, each predecessor's list in increasing order.
        for s in 0..stored {
            space.distinct_successors(s, &mut successors);
            for &t in successors.as_slice().iter().filter(|&&t| t < stored) {
                let at = fill[t as usize] as usize;
                fill[t as usize] += 1;
                match &mut entries {
                    Entries::Narrow(e) => e[at] = s as u32,
                    Entries::Wide(e) => e[at] = s,
                }
            }
        }
        Ok(ReverseGraph { starts, entries })
    }

    /// The stored predecessors of stored state `s`.
    #[inline]
    pub fn predecessors(&self, s: u64) -> impl Iterator<Item = u64> + '_ {
        let (from, to) = (
            self.starts[s as usize] as usize,
            self.starts[s as usize + 1] as usize,
        );
        let (narrow, wide): (&[u32], &[u64]) = match &self.entries {
            Entries::Narrow(e) => (&e[from..to], &[]),
            Entries::Wide(e) => (&[], &e[from..to]),
        };
        narrow
            .iter()
            .map(|&p| u64::from(p))
            .chain(wide.iter().copied())
    }

    /// The most predecessors any stored state has.
    pub fn most_predecessors(&self) -> usize {
        self.starts
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }

    /// How many edges there are.
    pub fn edges(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }

    /// Bytes of memory the graph holds.
    pub fn bytes(&self) -> usize {
        self.starts.len() * 8
            + match &self.entries {
                Entries::Narrow(e) => e.len() * 4,
                Entries::Wide(e) => e.len() * 8,
            }
    }
}
