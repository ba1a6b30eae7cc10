//! Finding the stored predecessors of a state: the sweep's inner loop.
//!
//! A predecessor's index is its mover's row start plus a local index
//! ([`super::space`]): the packed [`PredTable`] gives the row start (or
//! the row, which a multiplication turns into its start) and a key for
//! every un-move, and the waiting hand's table of local indices gives the
//! rest, so a predecessor costs three loads and no branch.
#![allow(clippy::indexing_slicing)] // indices are hand ranks, table rows and keys, bounded by construction

use super::hand_tables::{HandTables, NO_HAND};
use super::space::Space;

/// The un-move table with each predecessor hand replaced by its mover
/// entry in a space ([`Space::mover_entry`]), packed: hand `y` has one row
/// per value `c` it holds (the i-th at `rows[y].at + i * (m - 1)`), with the
/// entry of the hand that became `y` with a card `c` by adding the
/// opponent's `b` in column `b - 1`, and the null entry in column `c - 1`.
/// Built once per sweep, it saves the sweep one dependent load per
/// predecessor, and entries of `E` bytes keep it small enough to stay in
/// cache for small variants.
pub struct PredTable<E> {
    entries: Vec<E>,
    /// Per hand: where its rows start, and how many there are (8 bytes, so
    /// that the table of them stays in cache).
    rows: Vec<Rows>,
    /// The entry where there is no hand ([`Space::null_entry`]).
    null: E,
    /// [`Space::key_bits`].
    key_bits: u32,
    /// The length of a row (the number of hands).
    row_len: usize,
}

/// Where a hand's rows of a [`PredTable`] are.
#[derive(Clone, Copy)]
struct Rows {
    at: u32,
    count: u32,
}

/// A [`PredTable`] entry: a mover entry in 32 bits, as its row start
/// (`u32`, one load from the index) or, where starts do not fit, as its
/// row ([`RowEntry`], a multiplication more).
pub trait Entry: Copy + PartialEq + Send + Sync {
    /// Whether every mover entry of `space` fits.
    fn fits<S: Space>(space: &S) -> bool;
    /// The entry of mover entry `entry` (`start << key_bits | key`, which
    /// fits) in rows of `row_len` states.
    fn new(entry: u64, key_bits: u32, row_len: usize) -> Self;
    /// The first stored index of the entry's row.
    fn start(self, key_bits: u32, row_len: usize) -> usize;
    /// The entry's bits: its key under the key mask.
    fn bits(self) -> usize;
}

impl Entry for u32 {
    fn fits<S: Space>(space: &S) -> bool {
        (space.states() as u64) << space.key_bits() <= 1 << 32
    }
    fn new(entry: u64, _key_bits: u32, _row_len: usize) -> u32 {
        entry as u32
    }
    #[inline(always)]
    fn start(self, key_bits: u32, _row_len: usize) -> usize {
        (self >> key_bits) as usize
    }
    #[inline(always)]
    fn bits(self) -> usize {
        self as usize
    }
}

/// An entry holding its mover's row instead of the row's start: `row <<
/// key_bits | key`, 32 bits for any space of fewer than 2^24 rows (far
/// more than memory holds), where row starts take 64 from (14, 7) on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RowEntry(u32);

impl Entry for RowEntry {
    fn fits<S: Space>(space: &S) -> bool {
        (space.rows() as u64) << space.key_bits() <= 1 << 32
    }
    fn new(entry: u64, key_bits: u32, row_len: usize) -> RowEntry {
        let (start, key) = (entry >> key_bits, entry & ((1 << key_bits) - 1));
        debug_assert_eq!(start % row_len.max(1) as u64, 0, "a row start");
        RowEntry(((start / row_len.max(1) as u64) << key_bits | key) as u32)
    }
    #[inline(always)]
    fn start(self, key_bits: u32, row_len: usize) -> usize {
        (self.0 >> key_bits) as usize * row_len
    }
    #[inline(always)]
    fn bits(self) -> usize {
        self.0 as usize
    }
}

impl<E: Entry> PredTable<E> {
    /// The table of `tables`' un-moves in `space` (whose entries fit `E`).
    pub fn new<S: Space>(space: &S, tables: &HandTables) -> PredTable<E> {
        assert!(
            E::fits(space),
            "predecessor entries of {} rows of {} states do not fit 32 bits",
            space.rows(),
            tables.hands()
        );
        let m = tables.modulus;
        let (key_bits, row_len) = (space.key_bits(), tables.hands());
        let null = E::new(space.null_entry(), key_bits, row_len);
        let mut entries = Vec::new();
        let mut rows = Vec::with_capacity(tables.facts.len());
        for (y, facts) in tables.facts.iter().enumerate() {
            let at = u32::try_from(entries.len());
            assert!(at.is_ok(), "a predecessor table of over 2^32 entries");
            rows.push(Rows {
                at: at.unwrap_or_default(),
                count: u32::from(facts.distinct),
            });
            for &c in facts.values() {
                entries.extend((1..m).map(|b| match tables.unmove(y, usize::from(c), b) {
                    NO_HAND => null,
                    hand => E::new(space.mover_entry(hand as usize), key_bits, row_len),
                }));
            }
        }
        // Padding for the 16-entry windows of the last rows.
        entries.extend([null; 16]);
        PredTable {
            entries,
            rows,
            null,
            key_bits,
            row_len,
        }
    }
}

/// Room for one state's predecessors: a power of two at least the most
/// (c, b) pairs a state can have, m (m - 1) <= 240 for m <= 16.
pub(crate) const PAIRS: usize = 256;

/// What finding predecessors needs of the hand to move, prepared once and
/// kept while consecutive states share it (a whole row when the frontier
/// is scanned in order).
pub(crate) struct MoverView<'t, W> {
    /// Its non-zero values less one.
    columns: &'t [u8],
    /// Its prepared form as the waiting hand of its predecessors.
    local: W,
    /// Whether its predecessors may repeat, so that they are deduplicated.
    repeats: bool,
}

impl<'t, W: Copy> MoverView<'t, W> {
    #[inline(always)]
    pub(crate) fn new<S: Space<Waiting<'t> = W>>(
        space: &'t S,
        tables: &'t HandTables,
        x: usize,
    ) -> Self {
        MoverView {
            columns: tables.facts[x].columns(),
            local: space.waiting(x),
            repeats: space.may_repeat(x),
        }
    }
}

/// Writes the predecessors of the state with hand `mover` to move and `y`
/// waiting to `out`, repeats included, and returns how many there are.
///
/// Every state's pairs (c in y, b non-zero in x) run in two loops whose
/// trip counts are known up front and the same for every `c`, so that their
/// exits predict well. The pair `b == c` (which would un-move a card of
/// value 0) reads the table's null entry and is written but not counted, so
/// the next write replaces it: no branch.
#[inline(always)]
fn gather_predecessors<'t, S: Space, E: Entry>(
    tables: &HandTables,
    preds: &PredTable<E>,
    mover: &MoverView<'t, S::Waiting<'t>>,
    y: usize,
    out: &mut [usize; PAIRS],
) -> usize {
    let width = tables.modulus - 1;
    let Rows { at, count } = preds.rows[y];
    let at = at as usize;
    let null = preds.null;
    let (key_bits, row_len) = (preds.key_bits, preds.row_len);
    let key_mask = (1 << key_bits) - 1;
    let mut found = 0;
    for i in 0..count as usize {
        // A window of 16 entries from the row's start (the table is padded
        // past its last row), so that a column needs no range check.
        let start = at + i * width;
        let Ok(row) = <&[E; 16]>::try_from(&preds.entries[start..start + 16]) else {
            unreachable!("the predecessor table is padded by 16 entries")
        };
        for &column in mover.columns {
            let entry = row[usize::from(column) % 16];
            let real = entry != null;
            let key = entry.bits() & key_mask;
            out[found % PAIRS] = entry.start(key_bits, row_len) + S::local(mover.local, key);
            found += usize::from(real);
        }
    }
    found
}

/// Writes the distinct stored predecessors of the state with hand `mover`
/// to move and `y` waiting to `out` (with `seen` to deduplicate them);
/// returns how many there are and how many predecessors were visited
/// (before deduplication).
#[inline(always)]
pub(crate) fn predecessors<'t, S: Space, E: Entry>(
    tables: &HandTables,
    preds: &PredTable<E>,
    mover: &MoverView<'t, S::Waiting<'t>>,
    y: usize,
    out: &mut [usize; PAIRS],
    seen: &mut SeenSet,
) -> (usize, u64) {
    let found = gather_predecessors::<S, E>(tables, preds, mover, y, out);
    if !mover.repeats {
        return (found, found as u64);
    }
    (seen.keep_first(&mut out[..found]), found as u64)
}

/// A set of a few hundred indices that empties in constant time: open
/// addressing with a generation stamp per slot. Deduplicating one state's
/// predecessors with it costs a hash and a probe or two per predecessor,
/// where sorting them cost a few hard branches each.
pub(crate) struct SeenSet {
    keys: Vec<usize>,
    stamps: Vec<u32>,
    generation: u32,
}

/// Slots of a [`SeenSet`]: a power of two, at least twice [`PAIRS`].
const SEEN_SLOTS: usize = 2 * PAIRS;

impl SeenSet {
    pub(crate) fn new() -> SeenSet {
        SeenSet {
            keys: vec![0; SEEN_SLOTS],
            stamps: vec![0; SEEN_SLOTS],
            generation: 0,
        }
    }

    /// Moves the first occurrence of each distinct value of `values` to its
    /// front, in order; returns how many there are.
    fn keep_first(&mut self, values: &mut [usize]) -> usize {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
        let mut kept = 0;
        for i in 0..values.len() {
            let value = values[i];
            // Fibonacci hashing: the top bits of value * 2^64 / phi.
            let mut slot = (value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize
                >> (usize::BITS - SEEN_SLOTS.trailing_zeros());
            loop {
                if self.stamps[slot] != self.generation {
                    self.stamps[slot] = self.generation;
                    self.keys[slot] = value;
                    values[kept] = value;
                    kept += 1;
                    break;
                }
                if self.keys[slot] == value {
                    break;
                }
                slot = (slot + 1) % SEEN_SLOTS;
            }
        }
        kept
    }
}
