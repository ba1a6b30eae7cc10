//! Cards' fast path behind the engine's seam: the sweep's [`Kernel`] over
//! Cards' row layout ([`Space`]) and per-hand tables, instead of asking a
//! generic game for every move.
//!
//! A state's starting count comes from its two hands' move counts (looked at
//! closer only where successors may share an orbit), and its predecessors
//! from the packed predecessor table ([`PredTable`]): a few loads each, no
//! hashing and no canonicalising.
#![allow(clippy::indexing_slicing)] // indices are hand ranks and stored states, bounded by construction

use crate::engine::sweep::countdown::{FRONT_LOSS, FRONT_WIN, NOT_A_POSITION};
use crate::engine::sweep::Kernel;

use super::hand_tables::HandTables;
use super::predecessors::{predecessors, Entry, MoverView, PredTable, SeenSet, PAIRS};
use super::space::Space;

/// Cards' kernel over a space of stored states `S`, with predecessor table
/// entries of type `E`.
pub struct CardsKernel<'a, S, E> {
    space: &'a S,
    tables: &'a HandTables,
    preds: PredTable<E>,
    /// Each hand's move count.
    moves: Vec<u8>,
    /// The waiting hands whose successors may share an orbit (the all-zero
    /// hand among them): their counts need a closer look.
    special: Vec<usize>,
}

impl<'a, S: Space, E: Entry> CardsKernel<'a, S, E> {
    /// The kernel of `space` (whose entries fit `E`).
    pub fn new(space: &'a S, tables: &'a HandTables) -> Self {
        let hands = tables.hands();
        CardsKernel {
            space,
            tables,
            preds: PredTable::<E>::new(space, tables),
            moves: (0..hands).map(|h| tables.moves(h) as u8).collect(),
            special: (0..hands)
                .filter(|&b| b == 0 || space.successors_may_repeat(b))
                .collect(),
        }
    }

    /// The cell a state starts with: its terminal marker, or the number of
    /// its distinct stored successors.
    fn initial_cell(&self, a: usize, b: usize, slots: &mut SlotStamps) -> u8 {
        match (a, b) {
            (0, 0) => NOT_A_POSITION,
            // All zeros to move: won (and nothing leads here).
            (0, _) => FRONT_WIN[0],
            (_, 0) => FRONT_LOSS[0],
            _ if self.space.successors_may_repeat(b) => {
                distinct_successors(self.space, self.tables, a, b, slots)
            }
            _ => self.moves[a] * self.moves[b],
        }
    }
}

/// What one thread keeps between calls: the mover of the last row it found
/// predecessors in, and its scratch sets.
pub struct CardsScratch<'a, W> {
    mover: Option<(usize, MoverView<'a, W>)>,
    seen: SeenSet,
    slots: SlotStamps,
}

impl<'a, S: Space + Sync, E: Entry> Kernel for CardsKernel<'a, S, E> {
    type Cell = u8;
    type Scratch = CardsScratch<'a, S::Waiting<'a>>;

    fn slots(&self) -> usize {
        self.space.states()
    }

    fn max_predecessors(&self) -> usize {
        PAIRS
    }

    fn scratch(&self) -> Self::Scratch {
        CardsScratch {
            mover: None,
            seen: SeenSet::new(),
            slots: SlotStamps::new(self.tables.hands()),
        }
    }

    fn initial_cells(&self, first: usize, cells: &mut [u8], scratch: &mut Self::Scratch) {
        let space = self.space;
        let end = first + cells.len();
        let mut row = space.row_of(first);
        while row < space.rows() {
            let (start, stop) = space.row_bounds(row);
            if start >= end {
                break;
            }
            let a = space.row_hand(row);
            // The part of the row in range, by waiting hand (its slot).
            let (from, to) = (first.max(start) - start, end.min(stop) - start);
            let row_cells = &mut cells[start + from - first..start + to - first];
            let slots = &mut scratch.slots;
            let set = |row_cells: &mut [u8], slots: &mut SlotStamps, b: usize| {
                if (from..to).contains(&b) {
                    row_cells[b - from] = self.initial_cell(a, b, slots);
                }
            };
            match space.row_waiting(row) {
                // Most rows: every waiting hand, counts from the two hands'
                // moves but for the special ones.
                None if a != 0 => {
                    let moves = &self.moves[from..to];
                    for (cell, &b_moves) in row_cells.iter_mut().zip(moves) {
                        *cell = self.moves[a] * b_moves;
                    }
                    for &b in &self.special {
                        set(row_cells, slots, b);
                    }
                }
                None => (from..to).for_each(|b| set(row_cells, slots, b)),
                // Holes stay markers that nothing changes.
                Some(hands) => {
                    row_cells.fill(NOT_A_POSITION);
                    for &b in hands {
                        set(row_cells, slots, b as usize);
                    }
                }
            }
            row += 1;
        }
    }

    #[inline(always)]
    fn predecessors(
        &self,
        s: usize,
        out: &mut [usize],
        scratch: &mut Self::Scratch,
    ) -> (usize, u64) {
        let space = self.space;
        let row = space.row_of(s);
        let (x, y) = space.state_in_row(row, s - space.row_bounds(row).0);
        let mover = match scratch.mover {
            Some((same, ref mover)) if same == row => mover,
            _ => {
                &scratch
                    .mover
                    .insert((row, MoverView::new(space, self.tables, x)))
                    .1
            }
        };
        let Ok(out) = <&mut [usize; PAIRS]>::try_from(&mut out[..PAIRS]) else {
            unreachable!("the sweep gives room for max_predecessors")
        };
        predecessors::<S, E>(self.tables, &self.preds, mover, y, out, &mut scratch.seen)
    }
}

/// The number of distinct stored successors of the state (a to move, b
/// waiting). They all lie in the row of `b` to move, so they are told apart
/// by their slot in it, with stamps instead of a sort.
fn distinct_successors<S: Space>(
    space: &S,
    tables: &HandTables,
    a: usize,
    b: usize,
    slots: &mut SlotStamps,
) -> u8 {
    // All in the row of b to move: their slots there are their local indices.
    let key = (space.mover_entry(b) & ((1 << space.key_bits()) - 1)) as usize;
    slots.start();
    let mut distinct = 0;
    let mut cards = tables.nonzero(a);
    while cards != 0 {
        let card = cards.trailing_zeros() as usize;
        cards &= cards - 1;
        let mut theirs = tables.nonzero(b);
        while theirs != 0 {
            let other = theirs.trailing_zeros() as usize;
            theirs &= theirs - 1;
            let after = tables.forward(a, card, other);
            let slot = S::local(space.waiting(after as usize), key);
            distinct += u8::from(slots.first_visit(slot));
        }
    }
    distinct
}

/// Which slots of a row were visited since the last `SlotStamps::start`:
/// a generation stamp per slot, so that starting over costs nothing.
pub struct SlotStamps {
    stamps: Vec<u32>,
    generation: u32,
}

impl SlotStamps {
    /// Stamps for rows of `slots` slots.
    pub(crate) fn new(slots: usize) -> SlotStamps {
        SlotStamps {
            stamps: vec![0; slots],
            generation: 0,
        }
    }

    /// Forgets every visit.
    fn start(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
    }

    /// Records a visit to `slot`; true when it is the first since the start.
    fn first_visit(&mut self, slot: usize) -> bool {
        let first = self.stamps[slot] != self.generation;
        self.stamps[slot] = self.generation;
        first
    }
}
