//! The level loop on one thread.
//!
//! Each level's frontier is processed in runs: the predecessors of a run
//! of states are gathered first (by the [`Kernel`]), then counted down in
//! one loop without hard branches, so that the count-downs' cache misses
//! overlap instead of waiting behind each state's last mispredicted branch.
//! Predecessors of losses and of wins are gathered apart, since they count
//! down differently.
#![allow(clippy::indexing_slicing)] // every index is a stored state, below `slots`

use super::cells::Cells;
use super::countdown::{level_steps, Cell};
use super::{mark_block, Kernel, SpaceSolution, BLOCK};

/// Solves the stored states of `kernel`, calling `on_decided(stored index,
/// distance)` once for every decided state in increasing distance order.
pub fn sweep<K: Kernel>(kernel: &K, on_decided: impl FnMut(u64, u32)) -> SpaceSolution {
    let states = kernel.slots();
    let bitmap_words = states.div_ceil(BLOCK).div_ceil(64);
    // Indices above u32::MAX are never listed: such levels are scanned.
    let listable = u32::try_from(states).is_ok();
    let room = kernel.max_predecessors();
    let mut sweep = Sequential {
        kernel,
        scratch: kernel.scratch(),
        on_decided,
        work: Cells::zeroed(states),
        dirty: [vec![0u64; bitmap_words], vec![0u64; bitmap_words]],
        lists: [
            FrontierList::new(listable, room),
            FrontierList::new(listable, room),
        ],
        frontier: Vec::new(),
        pending: [vec![0; PENDING_CHUNK + room], vec![0; PENDING_CHUNK + room]],
        steps: [level_steps::<K::Cell>(0), level_steps::<K::Cell>(1)],
        holds: [[0; 2]; 2],
        early: 0,
        late: vec![0u64; bitmap_words],
        lates: 0,
        visits: 0,
    };
    sweep.start();
    let mut level = 0;
    while sweep.level(level) {
        level += 1;
        if kernel.failed() {
            break;
        }
    }
    let Sequential { work, visits, .. } = sweep;
    SpaceSolution::from_cells(states, level, visits, |s| work[s])
}

/// The single-threaded sweep's state between levels.
struct Sequential<'a, K: Kernel, F> {
    kernel: &'a K,
    scratch: K::Scratch,
    on_decided: F,
    /// One cell per stored state: a counter, or a marker.
    work: Cells<K::Cell>,
    /// By level parity: blocks that may hold that level's frontier.
    dirty: [Vec<u64>; 2],
    /// By level parity: that level's frontier, while it fits a list.
    lists: [FrontierList; 2],
    /// Frontier states gathered for processing: in increasing order when
    /// scanned, in the order they were decided when listed.
    frontier: Vec<usize>,
    /// Room for the predecessors found and not yet counted down: of losses,
    /// of wins.
    pending: [Vec<usize>; 2],
    /// By level parity: the count-downs after a loss, after a win.
    steps: [[<K::Cell as Cell>::Steps; 2]; 2],
    /// By level parity: how many losses and wins that level holds, so that
    /// a level of one outcome (every level of most games) is processed in
    /// the simpler loop.
    holds: [[u64; 2]; 2],
    /// Wins the kernel started at level 1 (see [`super::Kernel`]).
    early: u64,
    /// Blocks that hold losses the kernel started at level 2, and how many.
    late: Vec<u64>,
    lates: u64,
    visits: u64,
}

impl<K: Kernel, F: FnMut(u64, u32)> Sequential<'_, K, F> {
    /// Sets every state's first cell, a block at a time; the states decided
    /// at distance 0 form level 0, found by scanning, and the wins the
    /// kernel started at level 1 are marked for it.
    fn start(&mut self) {
        let [loss, win] = [<K::Cell>::FRONT_LOSS[0], <K::Cell>::FRONT_WIN[0]];
        let early = <K::Cell>::FRONT_WIN[1];
        const CHUNK: usize = 64 * BLOCK;
        for (chunk, cells) in self.work.chunks_mut(CHUNK).enumerate() {
            let first = chunk * CHUNK;
            self.kernel.initial_cells(first, cells, &mut self.scratch);
            for (b, block) in cells.chunks(BLOCK).enumerate() {
                let (losses, wins) = (
                    Cell::matches(block, Cell::ALL, loss),
                    Cell::matches(block, Cell::ALL, win),
                );
                if losses | wins != 0 {
                    mark_block(&mut self.dirty[0], first + b * BLOCK);
                }
                self.holds[0][0] += u64::from(losses.count_ones());
                self.holds[0][1] += u64::from(wins.count_ones());
                let early = Cell::matches(block, Cell::ALL, early);
                if early != 0 {
                    mark_block(&mut self.dirty[1], first + b * BLOCK);
                    self.early += u64::from(early.count_ones());
                }
                let late = Cell::matches(block, Cell::ALL, <K::Cell>::LATE_LOSS);
                if late != 0 {
                    mark_block(&mut self.late, first + b * BLOCK);
                    self.lates += u64::from(late.count_ones());
                }
            }
        }
        self.lists[0].overflowed = true;
    }

    /// Decides the states of level `level + 1` by processing those of
    /// `level`; false when `level` had none (the sweep is over).
    fn level(&mut self, level: u32) -> bool {
        let parity = (level % 2) as usize;
        self.lists[1 - parity].clear();
        self.holds[1 - parity] = [0, 0];
        if level == 0 && self.early > 0 {
            // Level 1 starts with the kernel's early wins, marked dirty by
            // `start`: found by scanning, not listed.
            self.holds[1][1] = self.early;
            self.lists[1].overflowed = true;
        }
        if level == 1 && self.lates > 0 {
            self.take_up_late();
        }
        let mut processed = 0;
        let mut scan = std::mem::take(&mut self.dirty[parity]);
        if self.lists[parity].overflowed {
            for (word_index, slot) in scan.iter_mut().enumerate() {
                let mut word = std::mem::take(slot);
                while word != 0 {
                    let block = word_index * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let start = block * BLOCK;
                    let end = (start + BLOCK).min(self.work.len());
                    let mut hits = Cell::matches(
                        &self.work[start..end],
                        <K::Cell>::FRONT_MASK,
                        <K::Cell>::FRONT_LOSS[parity],
                    );
                    while hits != 0 {
                        self.frontier.push(start + hits.trailing_zeros() as usize);
                        hits &= hits - 1;
                    }
                    if self.frontier.len() >= FRONTIER_CHUNK {
                        processed += self.process(level);
                    }
                }
            }
        } else {
            scan.fill(0);
            let list = &self.lists[parity];
            self.frontier
                .extend(list.slots[..list.len].iter().map(|&s| s as usize));
        }
        self.dirty[parity] = scan;
        processed += self.process(level);
        // Level 1's early wins and level 2's late losses are taken up even
        // after empty levels before them (which a game keeping
        // `wins_at_once`'s contract never has).
        processed > 0 || (level == 0 && self.early > 0) || (level <= 1 && self.lates > 0)
    }

    /// Turns the losses the kernel started at level 2 into that level's
    /// frontier, found by scanning (called as level 1 starts, when the
    /// frontier of level 2 is gathered).
    fn take_up_late(&mut self) {
        let front = <K::Cell>::FRONT_LOSS[0];
        for (word_index, &word) in self.late.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let block = word_index * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let start = block * BLOCK;
                let end = (start + BLOCK).min(self.work.len());
                for cell in &mut self.work[start..end] {
                    if *cell == <K::Cell>::LATE_LOSS {
                        *cell = front;
                    }
                }
                mark_block(&mut self.dirty[0], start);
            }
        }
        self.holds[0][0] += self.lates;
        self.lists[0].overflowed = true;
    }

    /// Marks the gathered frontier states decided at `level` and counts
    /// down their predecessors; returns how many there were.
    fn process(&mut self, level: u32) -> usize {
        let parity = (level % 2) as usize;
        match self.holds[parity] {
            [_, 0] => self.process_one(level, 0),
            [0, _] => self.process_one(level, 1),
            _ => self.process_mixed(level),
        }
    }

    /// [`Self::process`] for a level whose states all won (`won` 1) or all
    /// lost (0).
    fn process_one(&mut self, level: u32, won: usize) -> usize {
        let kernel = self.kernel;
        let room = kernel.max_predecessors();
        let parity = (level % 2) as usize;
        let next = 1 - parity;
        let work = &mut self.work;
        let (mark, list) = (&mut self.dirty[next], &mut self.lists[next]);
        let step = &self.steps[parity][won];
        let done = if won == 1 {
            <K::Cell>::DONE_WIN
        } else {
            <K::Cell>::DONE_LOSS
        };
        let pending = &mut self.pending[won];
        let mut found = 0;
        let mut decided = 0;
        for &s in &self.frontier {
            work[s] = done;
            (self.on_decided)(s as u64, level);
            let (distinct, visits) =
                kernel.predecessors(s, &mut pending[found..found + room], &mut self.scratch);
            found += distinct;
            self.visits += visits;
            if found >= PENDING_CHUNK {
                decided += list.count_down(work, mark, &pending[..found], step);
                found = 0;
            }
        }
        decided += list.count_down(work, mark, &pending[..found], step);
        // A loss's predecessors become wins, a win's losses.
        self.holds[next][1 - won] += decided;
        let processed = self.frontier.len();
        self.frontier.clear();
        processed
    }

    /// [`Self::process`] for a level that holds both wins and losses: each
    /// state's outcome read from its cell, their predecessors gathered apart.
    fn process_mixed(&mut self, level: u32) -> usize {
        let kernel = self.kernel;
        let room = kernel.max_predecessors();
        let parity = (level % 2) as usize;
        let next = 1 - parity;
        let work = &mut self.work;
        let (mark, list) = (&mut self.dirty[next], &mut self.lists[next]);
        let steps = &self.steps[parity];
        let mut found = [0usize; 2];
        let mut decided = [0u64; 2];
        for &s in &self.frontier {
            let won = usize::from(work[s].is_win_front());
            work[s] = if won == 1 {
                <K::Cell>::DONE_WIN
            } else {
                <K::Cell>::DONE_LOSS
            };
            (self.on_decided)(s as u64, level);
            let pending = &mut self.pending[won];
            let at = found[won];
            let (distinct, visits) =
                kernel.predecessors(s, &mut pending[at..at + room], &mut self.scratch);
            found[won] += distinct;
            self.visits += visits;
            if found[won] >= PENDING_CHUNK {
                decided[won] += list.count_down(work, mark, &pending[..found[won]], &steps[won]);
                found[won] = 0;
            }
        }
        for won in [0, 1] {
            decided[won] +=
                list.count_down(work, mark, &self.pending[won][..found[won]], &steps[won]);
            self.holds[next][1 - won] += decided[won];
        }
        let processed = self.frontier.len();
        self.frontier.clear();
        processed
    }
}

/// The capacity of a level's index list: 64 Ki states, 256 KiB, whatever the
/// table's size.
const LIST_CAPACITY: usize = 1 << 16;

/// How many predecessors are gathered before they are counted down.
const PENDING_CHUNK: usize = 1024;

/// How many frontier states are gathered before they are processed.
pub(crate) const FRONTIER_CHUNK: usize = 4096;

/// The states decided for the next level, while they fit.
struct FrontierList {
    /// The first `len` slots are listed; the rest is room for one run.
    slots: Vec<u32>,
    len: usize,
    /// Whether listing stopped (or never could start): the level is in the
    /// dirty bitmap instead.
    overflowed: bool,
    /// Whether indices fit the slots (at most `u32::MAX`).
    listable: bool,
    /// Room for the states one run of count-downs decides, once listing stopped.
    spare: Vec<usize>,
}

impl FrontierList {
    /// A list with slack past its capacity for one run of count-downs of
    /// `room` predecessors past the pending chunk, so that it is checked for
    /// overflow once per run, not per write.
    fn new(listable: bool, room: usize) -> FrontierList {
        FrontierList {
            slots: vec![0; LIST_CAPACITY + PENDING_CHUNK + room],
            len: 0,
            overflowed: !listable,
            listable,
            spare: vec![0; PENDING_CHUNK + room],
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.overflowed = !self.listable;
    }

    /// Counts down each of `pending` by `step` (see [`Cell::after`]),
    /// recording those decided in this list or, once it overflowed, in the
    /// dirty bitmap `mark`; returns how many it decided. Which are decided
    /// is unpredictable, so both ways of recording them are branch-free.
    fn count_down<C: Cell>(
        &mut self,
        work: &mut [C],
        mark: &mut [u64],
        pending: &[usize],
        step: &C::Steps,
    ) -> u64 {
        if self.overflowed {
            // Listed in the spare slots first, then marked: a write per
            // count-down, and bitmap updates for the decided ones only.
            let mut decided = 0;
            for &p in pending {
                let (cell, decided_now) = C::after(step, work[p]);
                work[p] = cell;
                self.spare[decided] = p;
                decided += usize::from(decided_now);
            }
            for &p in &self.spare[..decided] {
                mark_block(mark, p);
            }
            decided as u64
        } else {
            let mut len = self.len;
            for &p in pending {
                let (cell, decided_now) = C::after(step, work[p]);
                work[p] = cell;
                self.slots[len] = p as u32;
                len += usize::from(decided_now);
            }
            let decided = (len - self.len) as u64;
            self.len = len;
            if len > LIST_CAPACITY {
                self.spill(mark);
            }
            decided
        }
    }

    /// Moves everything listed to the dirty bitmap `mark` and stops listing.
    fn spill(&mut self, mark: &mut [u64]) {
        for &listed in &self.slots[..self.len] {
            mark_block(mark, listed as usize);
        }
        self.len = 0;
        self.overflowed = true;
    }
}
