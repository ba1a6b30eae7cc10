//! One rank's part of the level loop: its own range of work cells, its own
//! dirty bitmaps, and the exchange of predecessors with every other rank.
//!
//! Per level, in rounds: each rank scans the dirty blocks of its range for
//! the level's frontier, marks those states decided (and their distance),
//! finds their predecessors with the kernel and buckets them by owner, as
//! `index << 1 | won` ([`Message`]), until about [`ROUND`] are pending; then every rank
//! takes part in one exchange, and each owner counts its predecessors down
//! with the one-thread loop's steps ([`Cell::after`]). A round ends with a
//! sum of the ranks whose frontier is not yet used up; the level ends when
//! none is left, and the sweep when a level decided nothing anywhere.
//! Count-downs within a level commute (see `engine::sweep::parallel`), so
//! every cell, and every distance, is the one-thread sweep's.
#![allow(clippy::indexing_slicing)] // local indices are below the range's length; owners below the rank count

use crate::engine::distances::Distances;
use crate::engine::sweep::cells::Cells;
use crate::engine::sweep::countdown::level_steps;
use crate::engine::sweep::{mark_block, Cell, Kernel, BLOCK};

use super::checkpoint::{self, Counters, Identity};
use super::comm::{Comm, Message};
use super::partition::Partition;
use super::Checkpoints;

/// Predecessors gathered per rank before a round of exchange (4 or 8
/// bytes each: 1 or 2 MiB out, twice that in buckets and the send buffer,
/// and about as much in when the owners are spread evenly).
pub const ROUND: usize = 1 << 18;

/// The first level whose distances do not fit [`Distances`]' one-byte
/// form: every rank widens its distances as it starts this level, so that
/// all agree on the form at every level (and a checkpoint of level `L`
/// holds the form after level `L - 1`).
const WIDE_FROM: u32 = 255;

/// What a level moved, summed over every rank.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelFigures {
    /// States processed at the level (decided at it).
    pub processed: u64,
    /// Predecessors sent to other ranks.
    pub sent: u64,
    /// Their bytes.
    pub bytes: u64,
    /// Rounds of exchange.
    pub rounds: u64,
}

/// One rank's share of the sweep.
pub struct RankSweep<'a, K: Kernel> {
    kernel: &'a K,
    comm: &'a dyn Comm,
    partition: Partition,
    first: usize,
    cells: Cells<K::Cell>,
    /// A distance per state of the range, when kept: a byte each until
    /// level [`WIDE_FROM`], two from there.
    distances: Option<Distances>,
    dirty: [Vec<u64>; 2],
    /// Whether the range starts with wins at level 1 (see
    /// [`RankSweep::early`]).
    early: bool,
    /// Whether the range holds losses the kernel started at level 2 (see
    /// [`RankSweep::late`]).
    late: bool,
    counters: Counters,
    scratch: K::Scratch,
}

impl<'a, K: Kernel> RankSweep<'a, K> {
    /// This rank's share, cells zeroed (see [`RankSweep::start`] and
    /// [`RankSweep::resume`]).
    pub fn new(kernel: &'a K, comm: &'a dyn Comm, partition: Partition, distances: bool) -> Self {
        let range = partition.range(comm.rank());
        let len = range.len();
        let words = len.div_ceil(BLOCK).div_ceil(64);
        RankSweep {
            kernel,
            comm,
            partition,
            first: range.start,
            cells: Cells::zeroed(len),
            distances: distances.then(|| Distances::none(len)),
            dirty: [vec![0; words], vec![0; words]],
            early: false,
            late: false,
            counters: Counters::default(),
            scratch: kernel.scratch(),
        }
    }

    /// What names this rank's checkpoint files.
    pub fn identity(&self, key: &str) -> Identity {
        Identity {
            key: key.to_owned(),
            ranks: self.partition.ranks(),
            rank: self.comm.rank(),
            first: self.first,
            end: self.first + self.cells.len(),
            slots: self.partition.slots(),
            cell_bytes: size_of::<K::Cell>(),
            distance_bytes: self.distances.as_ref().map_or(0, Distances::width),
        }
    }

    /// Sets every cell of the range from the kernel; level 0's frontier is
    /// marked dirty (and the wins the kernel started at level 1).
    pub fn start(&mut self) {
        const CHUNK: usize = 64 * BLOCK;
        let first = self.first;
        for (chunk, cells) in self.cells.chunks_mut(CHUNK).enumerate() {
            self.kernel
                .initial_cells(first + chunk * CHUNK, cells, &mut self.scratch);
        }
        self.mark_frontier(0);
    }

    /// Reads the state at the start of `level` from this rank's checkpoint.
    ///
    /// # Errors
    /// The file and what does not match.
    pub fn resume(&mut self, plan: &Checkpoints, key: &str, level: u32) -> Result<(), String> {
        if level > WIDE_FROM {
            self.widen_distances();
        }
        let id = self.identity(key);
        let distances = self
            .distances
            .as_mut()
            .map_or(&mut [][..], Distances::as_bytes_mut);
        self.counters = checkpoint::load(
            &plan.dir,
            &id,
            level,
            K::Cell::bytes_mut(&mut self.cells),
            distances,
        )?;
        self.mark_frontier(level);
        Ok(())
    }

    /// Writes the state at the start of `level` to this rank's checkpoint.
    ///
    /// # Errors
    /// The file and the I/O error.
    pub fn save(&self, plan: &Checkpoints, key: &str, level: u32) -> Result<(), String> {
        checkpoint::save(
            &plan.dir,
            &self.identity(key),
            level,
            self.counters,
            K::Cell::bytes(&self.cells),
            self.distances.as_ref().map_or(&[][..], Distances::as_bytes),
        )
    }

    /// Turns the distances kept into their two-byte form.
    fn widen_distances(&mut self) {
        if let Some(distances) = &mut self.distances {
            distances.widen();
        }
    }

    /// Marks dirty the blocks that hold `level`'s frontier; at level 0 also
    /// those of the wins the kernel started at level 1 (at any later level
    /// the other parity holds no frontier).
    fn mark_frontier(&mut self, level: u32) {
        let parity = (level % 2) as usize;
        let front = <K::Cell>::FRONT_LOSS[parity];
        let [even, odd] = &mut self.dirty;
        let (dirty, next) = if parity == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        dirty.fill(0);
        next.fill(0);
        for (b, block) in self.cells.chunks(BLOCK).enumerate() {
            if Cell::matches(block, <K::Cell>::FRONT_MASK, front) != 0 {
                mark_block(dirty, b * BLOCK);
            }
            if level == 0 && Cell::matches(block, <K::Cell>::ALL, <K::Cell>::FRONT_WIN[1]) != 0 {
                mark_block(next, b * BLOCK);
                self.early = true;
            }
            if level <= 1 && Cell::matches(block, <K::Cell>::ALL, <K::Cell>::LATE_LOSS) != 0 {
                self.late = true;
            }
        }
    }

    /// Whether this rank's range holds losses the kernel started at level
    /// 2 (found by `mark_frontier` at level 0 or 1; taken up as level 1
    /// starts).
    pub fn late(&self) -> bool {
        self.late
    }

    /// Turns the losses the kernel started at level 2 into that level's
    /// frontier (as level 1 starts, when level 2's frontier is gathered).
    fn take_up_late(&mut self) {
        let [even, _] = &mut self.dirty;
        for (b, block) in self.cells.chunks_mut(BLOCK).enumerate() {
            let mut found = false;
            for cell in block.iter_mut() {
                if *cell == <K::Cell>::LATE_LOSS {
                    *cell = <K::Cell>::FRONT_LOSS[0];
                    found = true;
                }
            }
            if found {
                mark_block(even, b * BLOCK);
            }
        }
    }

    /// Whether this rank's range starts with wins at level 1 (marked by
    /// `mark_frontier` at level 0).
    pub fn early(&self) -> bool {
        self.early
    }

    /// Predecessors this rank visited.
    pub fn visits(&self) -> u64 {
        self.counters.visits
    }

    /// States this rank decided.
    pub fn decided(&self) -> u64 {
        self.counters.decided
    }

    /// Processes `level` on every rank together; returns its figures,
    /// summed over the ranks.
    pub fn level(&mut self, level: u32) -> LevelFigures {
        if u32::fits(self.partition.slots()) {
            self.level_with::<u32>(level)
        } else {
            self.level_with::<u64>(level)
        }
    }

    /// [`RankSweep::level`] with messages `M`.
    fn level_with<M: Message>(&mut self, level: u32) -> LevelFigures {
        if level == 1 && self.late {
            self.take_up_late();
        }
        if level == WIDE_FROM {
            self.widen_distances();
        }
        let parity = (level % 2) as usize;
        let next = 1 - parity;
        let steps = level_steps::<K::Cell>(parity);
        let ranks = self.partition.ranks();
        let me = self.comm.rank();
        let room = self.kernel.max_predecessors();
        let mut out = vec![0usize; room.max(1)];
        let mut buckets: Vec<Vec<M>> = vec![Vec::new(); ranks];
        let (mut send, mut counts, mut recv) = (Vec::new(), vec![0usize; ranks], Vec::new());
        let mut scan = std::mem::take(&mut self.dirty[parity]);
        let (mut word_index, mut word) = (0usize, 0u64);
        let mut figures = LevelFigures::default();
        let mut processed = 0u64;
        loop {
            // Gather: frontier blocks until a round's worth is pending.
            let mut pending = 0usize;
            while pending < ROUND {
                while word == 0 && word_index < scan.len() {
                    word = std::mem::take(&mut scan[word_index]);
                    word_index += 1;
                }
                if word == 0 {
                    break;
                }
                let block = (word_index - 1) * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let start = block * BLOCK;
                let end = (start + BLOCK).min(self.cells.len());
                let mut hits = Cell::matches(
                    &self.cells[start..end],
                    <K::Cell>::FRONT_MASK,
                    <K::Cell>::FRONT_LOSS[parity],
                );
                while hits != 0 {
                    let i = start + hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    let won = self.cells[i].is_win_front();
                    self.cells[i] = if won {
                        <K::Cell>::DONE_WIN
                    } else {
                        <K::Cell>::DONE_LOSS
                    };
                    if let Some(distances) = &mut self.distances {
                        distances.set(i, level);
                    }
                    processed += 1;
                    let (found, visits) =
                        self.kernel
                            .predecessors(self.first + i, &mut out, &mut self.scratch);
                    self.counters.visits += visits;
                    for &p in &out[..found] {
                        buckets[self.partition.owner(p)].push(M::new(p, won));
                    }
                    pending += found;
                }
            }
            let more = u64::from(word != 0 || scan[word_index..].iter().any(|&w| w != 0));
            // Exchange: one all-to-all of every rank's buckets (alone, the
            // rank keeps its one bucket).
            if ranks == 1 {
                recv.clear();
                std::mem::swap(&mut recv, &mut buckets[0]);
            } else {
                send.clear();
                for (count, bucket) in counts.iter_mut().zip(&mut buckets) {
                    *count = bucket.len();
                    send.extend_from_slice(bucket);
                    bucket.clear();
                }
                figures.sent += (send.len() - counts[me]) as u64;
                M::exchange(self.comm, &send, &counts, &mut recv);
            }
            // Apply: count down what this rank owns.
            let dirty = &mut self.dirty[next];
            for &v in &recv {
                let p = v.state() - self.first;
                let (cell, decided_now) = K::Cell::after(&steps[v.won()], self.cells[p]);
                self.cells[p] = cell;
                if decided_now {
                    mark_block(dirty, p);
                }
            }
            figures.rounds += 1;
            if self.comm.sum(more) == 0 {
                break;
            }
        }
        self.dirty[parity] = scan;
        self.counters.decided += processed;
        figures.processed = self.comm.sum(processed);
        figures.sent = self.comm.sum(figures.sent);
        figures.bytes = figures.sent * M::BYTES;
        figures
    }

    /// Calls `f` with this rank's codes packed four to a byte, in order,
    /// in pieces of at most `bytes` bytes (its range starts on a block, so
    /// they are the whole table's bytes for it): a piece at a time beside
    /// the cells, not the whole range's.
    pub fn for_each_packed(&self, bytes: usize, mut f: impl FnMut(&[u8])) {
        let bytes = bytes.max(1);
        let mut piece = Vec::with_capacity(bytes.min(self.cells.len().div_ceil(4)));
        for cells in self.cells.chunks(bytes.saturating_mul(4)) {
            piece.clear();
            piece.resize(cells.len().div_ceil(4), 0);
            for (s, cell) in cells.iter().enumerate() {
                gametable::packing::put_code(&mut piece, s as u64, cell.code());
            }
            f(&piece);
        }
    }

    /// This rank's distances, when kept; the cells are freed.
    pub fn into_distances(self) -> Option<Distances> {
        self.distances
    }

    /// This rank's codes, packed four to a byte (see
    /// [`RankSweep::for_each_packed`]), and its distances when kept; the
    /// cells are freed.
    pub fn finish(self) -> (Vec<u8>, Option<Distances>) {
        let mut packed = Vec::with_capacity(self.cells.len().div_ceil(4));
        self.for_each_packed(1 << 20, |piece| packed.extend_from_slice(piece));
        (packed, self.into_distances())
    }
}

#[cfg(test)]
mod tests {
    use super::RankSweep;
    use crate::distributed::{Partition, Solo};
    use crate::engine::sweep::{Cell, Kernel};
    use crate::games::cards::hand_tables::HandTables;
    use crate::games::cards::kernel::CardsKernel;
    use crate::games::cards::space::OrbitSpace;
    use gametable::symmetry::Orbits;
    use gametable::Variant;

    #[test]
    fn codes_packed_in_pieces_are_the_codes_packed_whole() {
        let variant = Variant::CLASSIC;
        let (tables, orbits) = (HandTables::new(variant), Orbits::new(variant));
        let space = OrbitSpace::new(&orbits);
        let kernel = CardsKernel::<_, u32>::new(&space, &tables);
        let partition = Partition::new(kernel.slots(), 1).unwrap();
        let mut sweep = RankSweep::new(&kernel, &Solo, partition, false);
        sweep.start();
        for level in 0..3 {
            sweep.level(level);
        }
        // The codes packed one by one, apart from `for_each_packed`.
        let mut whole = vec![0u8; kernel.slots().div_ceil(4)];
        for (s, cell) in sweep.cells.iter().enumerate() {
            gametable::packing::put_code(&mut whole, s as u64, cell.code());
        }
        // Every code is there: wins, losses and undecided states alike.
        let codes: std::collections::BTreeSet<u8> = (0..kernel.slots() as u64)
            .map(|s| gametable::packing::code_at(&whole, s).unwrap())
            .collect();
        assert!(codes.len() >= 3, "{codes:?}");
        for bytes in [1, 3, 64, 1000] {
            let (mut joined, mut pieces) = (Vec::new(), 0);
            sweep.for_each_packed(bytes, |piece| {
                assert!(piece.len() <= bytes);
                joined.extend_from_slice(piece);
                pieces += 1;
            });
            assert_eq!(joined, whole, "pieces of {bytes} bytes");
            assert_eq!(pieces, whole.len().div_ceil(bytes));
        }
        assert_eq!(sweep.finish().0, whole);
    }
}
