//! The stored states a sweep runs over, and how a predecessor finds its index.
//!
//! A sweep stores either every state ([`FullSpace`]) or one state per orbit
//! under multiplying by units ([`OrbitSpace`], see [`gametable::symmetry`]).
//! Both lay states out in rows of one slot per waiting hand, a row per
//! hand to move (every hand, or the orbit representatives), and both split a
//! state's index the same way so that the sweep's inner loop is one shape
//! for both: the hand to move contributes a *mover entry* (its row's first
//! index and a small key, packed in a `u64`, which the sweep's predecessor
//! table holds in 32 bits: as it is, or with the row in place of its
//! start), the waiting hand contributes a small table of local
//! indices (one per key), and the index is the row's start plus
//! `locals[key]`: one load from a table that stays in L1 for every
//! predecessor of one state.
#![allow(clippy::indexing_slicing)] // indices are hand ranks below `hands` and keys below `keys`

use gametable::symmetry::{MoverRow, Orbits};
use gametable::Variant;

/// The most bits a mover entry's key can have (keys index 256-entry windows).
pub const MAX_KEY_BITS: u32 = 8;

/// The stored states a sweep runs over, laid out in rows.
pub trait Space {
    /// How many states are stored.
    fn states(&self) -> usize;
    /// How many rows hold them.
    fn rows(&self) -> usize;
    /// The row holding stored state `s`.
    fn row_of(&self, s: usize) -> usize;
    /// The first stored state of `row` and of the row after it.
    fn row_bounds(&self, row: usize) -> (usize, usize);
    /// The hand to move in every state of `row`.
    fn row_hand(&self, row: usize) -> usize;
    /// Every row holds one slot per waiting hand, at its rank; this lists
    /// the waiting hands of the states stored in `row` when not every hand
    /// (the other slots are holes, never named by a predecessor).
    fn row_waiting(&self, row: usize) -> Option<&[u32]>;
    /// The (to-move, waiting) hand ranks of the state in slot `local` of `row`.
    #[inline]
    fn state_in_row(&self, row: usize, local: usize) -> (usize, usize) {
        (self.row_hand(row), local)
    }
    /// The stored index of the state with hand `a` to move and `b` waiting.
    fn index(&self, a: usize, b: usize) -> usize;
    /// Bits of a mover entry that hold its key (at most [`MAX_KEY_BITS`]),
    /// as few as the space's keys need, so that entries stay small; the row
    /// start sits above them.
    fn key_bits(&self) -> u32;
    /// Hand `a`'s mover entry: `start << key_bits | key`, with `start` the
    /// first index of the row its states are stored in.
    fn mover_entry(&self, a: usize) -> u64;
    /// An entry that is no hand's: with any waiting hand it gives index 0,
    /// the both-zero pair, a marker that counting down leaves alone.
    fn null_entry(&self) -> u64;
    /// What [`Space::local`] needs of a waiting hand, found once per hand
    /// and held in registers while its predecessors are found.
    type Waiting<'s>: Copy + Send
    where
        Self: 's;
    /// Prepares waiting hand `b` for [`Space::local`].
    fn waiting(&self, b: usize) -> Self::Waiting<'_>;
    /// The local index of the prepared waiting hand in a row whose mover
    /// has key `key`: `index(a, b) == start + local(waiting(b), key)`.
    fn local(waiting: Self::Waiting<'_>, key: usize) -> usize;
    /// Whether two predecessors found for a state whose mover holds `a`
    /// may be stored as one (so they must be deduplicated).
    fn may_repeat(&self, a: usize) -> bool;
    /// Whether two successors of a state whose waiting player holds `b` may
    /// be stored as one (so they must be counted as one).
    fn successors_may_repeat(&self, b: usize) -> bool;
}

/// Division of stored indices by the row length, by a multiplication.
///
/// With `r = ceil(2^64 / hands)` and `e = hands * r - 2^64 < hands`,
/// `(s * r) >> 64` is `s / hands` whenever `s * e < 2^64`: then the error
/// `s * e / (hands * 2^64)` stays below the `1 / hands` that the fraction
/// `s / hands` leaves. That holds for every index below `limit`, which
/// covers every table that fits in memory (hands^3 < 2^64 suffices); past
/// it, the division is done.
pub(crate) struct RowDivider {
    hands: usize,
    /// `ceil(2^64 / hands)`, which fits 64 bits for every `hands` but 1.
    reciprocal: u64,
    /// Indices below this divide exactly by the multiplication.
    limit: usize,
}

impl RowDivider {
    pub(crate) fn new(hands: usize) -> RowDivider {
        let exact = u128::from(u64::MAX / hands as u64) + 1;
        let excess = hands as u128 * exact - (1 << 64);
        let limit = match excess {
            0 => usize::MAX,
            e => usize::try_from((1u128 << 64) / e).unwrap_or(usize::MAX),
        };
        match u64::try_from(exact) {
            Ok(reciprocal) => RowDivider {
                hands,
                reciprocal,
                limit,
            },
            // One hand: every index divides by the division.
            Err(_) => RowDivider {
                hands,
                reciprocal: 0,
                limit: 0,
            },
        }
    }

    #[inline(always)]
    pub(crate) fn row_of(&self, s: usize) -> usize {
        if s < self.limit {
            ((s as u128 * u128::from(self.reciprocal)) >> 64) as usize
        } else {
            s / self.hands
        }
    }
}

/// Every state, at index `rank(to_move) * hands + rank(waiting)`.
pub struct FullSpace {
    hands: usize,
    rows: RowDivider,
}

impl FullSpace {
    /// The full space of `variant`.
    pub fn new(variant: Variant) -> FullSpace {
        let hands = variant.hands() as usize;
        FullSpace {
            hands,
            rows: RowDivider::new(hands),
        }
    }
}

impl Space for FullSpace {
    fn states(&self) -> usize {
        self.hands * self.hands
    }
    fn rows(&self) -> usize {
        self.hands
    }
    #[inline]
    fn row_of(&self, s: usize) -> usize {
        self.rows.row_of(s)
    }
    fn row_bounds(&self, row: usize) -> (usize, usize) {
        (row * self.hands, (row + 1) * self.hands)
    }
    fn row_hand(&self, row: usize) -> usize {
        row
    }
    fn row_waiting(&self, _row: usize) -> Option<&[u32]> {
        None
    }
    fn index(&self, a: usize, b: usize) -> usize {
        a * self.hands + b
    }
    // Key 0 for every hand, key 1 for none.
    fn key_bits(&self) -> u32 {
        1
    }
    fn mover_entry(&self, a: usize) -> u64 {
        ((a * self.hands) as u64) << 1
    }
    fn null_entry(&self) -> u64 {
        1
    }
    type Waiting<'s> = usize;
    #[inline(always)]
    fn waiting(&self, b: usize) -> usize {
        b
    }
    #[inline(always)]
    fn local(waiting: usize, key: usize) -> usize {
        waiting & key.wrapping_sub(1)
    }
    fn may_repeat(&self, _a: usize) -> bool {
        false
    }
    fn successors_may_repeat(&self, _b: usize) -> bool {
        false
    }
}

/// One state per orbit ([`Orbits`]) in a padded layout: row `r` (the
/// `r`-th representative hand to move) spans `hands` slots, `r * hands + b`
/// for waiting hand `b`, and the canonical waiting hands of the row fill
/// their own slots. Rows whose representative some unit fixes leave the
/// other slots as holes, which no predecessor ever names: 4 % of the slots
/// for (8, 5), more where the unit group is large and hands small (18 %
/// for (4, 16), 53 % for (2, 16)). In exchange, a stored index splits into its hands with a
/// multiplication and one load, where the dense [`Orbits`] numbering needs
/// a search and a chain of loads; [`OrbitSpace::dense_index`] converts.
pub struct OrbitSpace<'a> {
    orbits: &'a Orbits,
    hands: usize,
    /// `locals[b * (keys + 1) + key]`: the canonical waiting hand that hand
    /// b becomes in the row of a mover with key `key`; 0 under the null key
    /// `keys`.
    locals: Vec<u32>,
    keys: usize,
    rows: RowDivider,
}

impl<'a> OrbitSpace<'a> {
    /// The sweep's view of `orbits` (tables linear in the hands).
    pub fn new(orbits: &'a Orbits) -> OrbitSpace<'a> {
        let keys = orbits.mover_keys();
        assert!(keys < 1 << MAX_KEY_BITS, "{keys} mover keys");
        let hands = orbits.hands();
        let mut locals = Vec::with_capacity(hands * (keys + 1));
        for b in 0..hands {
            for key in 0..keys {
                let Some(waiting) = orbits.canonical_waiting(key, b) else {
                    unreachable!("key {key} of {keys}, hand {b} of {hands}")
                };
                locals.push(waiting as u32);
            }
            locals.push(0);
        }
        // Padding for the 256-entry windows of the last hands.
        locals.extend([0; 256]);
        OrbitSpace {
            orbits,
            hands,
            locals,
            keys,
            rows: RowDivider::new(hands),
        }
    }

    /// The orbit numbering this space stores.
    pub fn orbits(&self) -> &'a Orbits {
        self.orbits
    }

    /// Hand `a`'s row and key as the mover.
    #[inline(always)]
    fn mover(&self, a: usize) -> MoverRow {
        match self.orbits.mover(a) {
            Some(mover) => mover,
            // No hand: the caller's bug, stopped here as indexing would.
            None => unreachable!("hand {a} of {} hands", self.hands),
        }
    }

    /// The [`Orbits`] index of stored state `s`; `None` for a hole.
    pub fn dense_index(&self, s: usize) -> Option<u64> {
        let row = self.row_of(s);
        self.orbits.index_in_row(row, s - row * self.hands)
    }

    /// Fills `out[b] = get(index(a, b))` for every waiting hand `b`: one
    /// row of the full table from the stored states.
    ///
    /// # Panics
    /// When `a` is not a hand rank of the variant.
    pub fn expand_row_by<T>(&self, a: usize, out: &mut [T], get: impl Fn(usize) -> T) {
        let mover = self.mover(a);
        let (start, key) = (mover.row() * self.hands, mover.key());
        for (cell, locals) in out.iter_mut().zip(self.locals.chunks_exact(self.keys + 1)) {
            *cell = get(start + locals[key] as usize);
        }
    }

    /// The packed 2-bit codes of every stored state (`packed`, a code per
    /// slot of this space) renumbered in place into the dense [`Orbits`]
    /// numbering, the layout of a reduced table file: holes dropped, the
    /// rest shortened and returned. In place, because a state's dense
    /// index is never above its slot and both increase together, so each
    /// code lands where the codes already read were.
    pub fn into_dense(&self, mut packed: Vec<u8>) -> Vec<u8> {
        self.for_each_dense(|dense, s| {
            let code = gametable::packing::code_in(packed[s / 4], s as u64);
            gametable::packing::put_code(&mut packed, dense, code);
        });
        let (states, len) = (
            self.orbits.states(),
            gametable::packed_len(self.orbits.states()),
        );
        // The last byte's slots past the last state read 0, as in any table.
        for unused in states..len * 4 {
            gametable::packing::put_code(&mut packed, unused, 0);
        }
        packed.truncate(len as usize);
        packed.shrink_to_fit();
        packed
    }

    /// Calls `f(dense, s)` for every stored state `s` that is no hole, in
    /// increasing order of both: `dense` is its [`Orbits`] index.
    pub fn for_each_dense(&self, mut f: impl FnMut(u64, usize)) {
        for row in 0..self.orbits.rows() {
            let start = row * self.hands;
            match self.orbits.row_waiting(row) {
                None => (0..self.hands)
                    .for_each(|b| f(self.orbits.row_bounds(row).0 + b as u64, start + b)),
                Some(hands) => hands.iter().enumerate().for_each(|(i, &b)| {
                    f(self.orbits.row_bounds(row).0 + i as u64, start + b as usize)
                }),
            }
        }
    }
}

impl Space for OrbitSpace<'_> {
    fn states(&self) -> usize {
        self.orbits.rows() * self.hands
    }
    fn rows(&self) -> usize {
        self.orbits.rows()
    }
    #[inline]
    fn row_of(&self, s: usize) -> usize {
        self.rows.row_of(s)
    }
    fn row_bounds(&self, row: usize) -> (usize, usize) {
        (row * self.hands, (row + 1) * self.hands)
    }
    #[inline]
    fn row_hand(&self, row: usize) -> usize {
        self.orbits.row_hand(row)
    }
    fn row_waiting(&self, row: usize) -> Option<&[u32]> {
        self.orbits.row_waiting(row)
    }
    fn index(&self, a: usize, b: usize) -> usize {
        let mover = self.mover(a);
        mover.row() * self.hands + Self::local(self.waiting(b), mover.key())
    }
    fn mover_entry(&self, a: usize) -> u64 {
        let mover = self.mover(a);
        ((mover.row() * self.hands) as u64) << self.key_bits() | mover.key() as u64
    }
    // Enough for every key and the null key `keys`.
    fn key_bits(&self) -> u32 {
        (self.keys + 1).next_power_of_two().trailing_zeros()
    }
    fn null_entry(&self) -> u64 {
        self.keys as u64
    }
    // A window of 256 entries from the hand's first (the table is padded
    // past its last hand), so that a key (8 bits) needs no range check.
    type Waiting<'s>
        = &'s [u32; 256]
    where
        Self: 's;
    #[inline(always)]
    fn waiting(&self, b: usize) -> &[u32; 256] {
        let start = b * (self.keys + 1);
        match <&[u32; 256]>::try_from(&self.locals[start..start + 256]) {
            Ok(window) => window,
            Err(_) => unreachable!("the locals are padded by 256 entries"),
        }
    }
    #[inline(always)]
    fn local(waiting: &[u32; 256], key: usize) -> usize {
        waiting[key % 256] as usize
    }
    // Two predecessors (Y', X), (Y'', X) of one state share an orbit only
    // through a unit u != 1 with uX = X; likewise for successors (B, A'),
    // (B, A'') and uB = B.
    fn may_repeat(&self, a: usize) -> bool {
        self.orbits.has_symmetry(a)
    }
    fn successors_may_repeat(&self, b: usize) -> bool {
        self.orbits.has_symmetry(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_divide_exactly_up_to_the_limit_and_past_it() {
        for hands in [
            1,
            2,
            3,
            5,
            495,
            4_845,
            74_613,
            3_124_550,
            17_918_055,
            (1 << 32) - 1,
        ] {
            let rows = RowDivider::new(hands);
            let last = hands.saturating_mul(hands).saturating_sub(1);
            for s in [
                0,
                1,
                hands - 1,
                hands,
                hands + 1,
                last / 2,
                last,
                rows.limit.saturating_sub(1),
                rows.limit,
                usize::MAX,
            ] {
                assert_eq!(rows.row_of(s), s / hands, "{s} / {hands}");
            }
        }
    }
}
