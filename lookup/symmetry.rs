//! One state per orbit: the Cards symmetry under multiplying by a unit.
//!
//! Multiplying every card of both hands by a unit `u` of Z/m (a value coprime
//! to m) maps moves to moves (`(a + b) u = a u + b u`) and zeros to zeros,
//! so it maps the game onto itself, and outcomes and distances are constant
//! on orbits. We store one state per orbit.
//!
//! **Canonical state.** For a hand `A`, its representative `rep(A)` is the
//! hand of least rank in its orbit `{uA}`. The canonical form of a state
//! `(A, B)` takes `A` to `R = rep(A)` by some unit `u0`; every unit doing so
//! is `s u0` with `s` in the stabiliser `S_R = {s : sR = R}`, so the waiting
//! hand is then taken to the least-rank hand of `{s u0 B : s in S_R}`.
//!
//! **Dense index.** Rows are the representative hands `R` in rank order. A
//! row holds every hand `B` that is least in its `S_R`-orbit: all hands when
//! `S_R` is trivial (most rows), with local index `rank(B)`; otherwise the
//! `S_R`-least hands numbered densely in rank order. The index of a canonical
//! state is its row's start plus its local index. Orbits of states and
//! canonical states are in one-to-one correspondence, so this numbers orbits.
//!
//! Needs the `alloc` feature: the numbering keeps a few tables linear in
//! the number of hands.
//!
//! **Range checks.** Hand ranks, mover keys and positions in a row are the
//! caller's numbers and are checked: out of range, the methods taking them
//! answer `None` ([`Orbits::has_symmetry`]: `false`). Orbit indices and row
//! numbers come from this numbering's own answers ([`Orbits::states`],
//! [`Orbits::rows`], [`MoverRow::row`]) and are walked by the sweeps over
//! every orbit, so [`Orbits::state`], [`Orbits::row_of`],
//! [`Orbits::row_bounds`], [`Orbits::row_hand`] and [`Orbits::row_waiting`]
//! panic outside `0..states()` or `0..rows()`, as slice indexing does. No
//! method answers a wrong state or index for an argument out of range.
// Indices into the tables are hand ranks (< hands, checked or documented),
// unit indices (< units), rows (< rows) and group members, by construction.
#![allow(clippy::indexing_slicing)]

use alloc::vec;
use alloc::vec::Vec;

use crate::{Hand, Variant, MAX_CARDS, MAX_MODULUS};

/// A local-index entry for a hand that is not least in its orbit.
const NONE: u32 = u32::MAX;

/// What indexing needs of a hand as the mover: its row and its key, with
/// which [`Orbits::canonical_waiting`] finds the waiting hand of the
/// canonical state. A sweep keeps these in its own tables ([`Orbits::mover`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverRow {
    /// The (unit, group) pair as one small number.
    key: u16,
    /// The row of this hand's representative (index into the rows in rank order).
    row: u32,
}

impl MoverRow {
    /// The row this hand's states fall in (index into the rows in rank order).
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row as usize
    }

    /// The hand's (unit, stabiliser) pair, below [`Orbits::mover_keys`]:
    /// with it, [`Orbits::canonical_waiting`] places any waiting hand in the row.
    #[inline(always)]
    pub fn key(&self) -> usize {
        usize::from(self.key)
    }
}

/// The orbit numbering of one Cards variant.
pub struct Orbits {
    hands: usize,
    /// Per hand: its row facts as the mover.
    mover: Vec<MoverRow>,
    /// Unit values; `units[0] == 1`.
    units: Vec<u8>,
    /// `mul[j * hands + h]`: rank of hand h multiplied by `units[j]`.
    mul: Vec<u32>,
    /// `stab[h]`: bit j set when `units[j]` fixes h.
    stab: Vec<u16>,
    /// Per hand as the mover: where its states are numbered.
    placing: Vec<Placing>,
    /// Rows (representative hands) in rank order, and their starts (+ total).
    rows: Vec<u32>,
    /// Per row: its representative's `row_group`, so that a row's state is
    /// found with independent loads.
    groups_by_row: Vec<u8>,
    starts: Vec<u64>,
    /// One numbering per non-trivial stabiliser.
    groups: Vec<Group>,
    /// `block_row[i]`: the row holding orbit `i << block_shift`, to start
    /// row searches.
    block_row: Vec<u32>,
    /// Blocks of `block_row` span `1 << block_shift` orbits: the largest
    /// power of two not above the shortest row, so that a block meets at
    /// most two rows and a search takes at most one step, with one entry
    /// per thousands of orbits instead of one per 64; but at least 64,
    /// where rows are shorter (the smallest variants) and a search takes
    /// further steps.
    block_shift: u32,
    states: u64,
}

const TRIVIAL: u8 = u8::MAX;

/// Where the states of a hand to move are numbered, in one load: its
/// representative's row start and stabiliser group, and where the unit
/// taking it to the representative starts in `mul`.
#[derive(Clone, Copy)]
struct Placing {
    /// The first index of the representative's row.
    start: u64,
    /// `j * hands` for the unit `units[j]` taking the hand to its representative.
    mul_base: u32,
    /// The representative's index into `groups`, or `TRIVIAL`.
    group: u8,
}

/// The dense numbering of the hands least in their orbit under a subgroup.
struct Group {
    /// Bit j set for the subgroup's units.
    mask: u16,
    /// `local[h]`: the dense index of h, or `NONE`.
    local: Vec<u32>,
    /// `hands[i]`: the hand with dense index i.
    hands: Vec<u32>,
}

impl Orbits {
    /// Builds the orbit numbering of `variant` (work and memory linear in its hands).
    ///
    /// # Panics
    /// Before allocating anything, when `units × hands` passes 2^32 (its
    /// largest table would take over 16 GiB, as for (17, 16), a variant
    /// whose table over orbits no format holds): the numbering keeps its
    /// offsets into that table in 32 bits, for speed. [`orbit_count`]
    /// counts any variant's orbits without tables.
    pub fn new(variant: Variant) -> Orbits {
        let hands = variant.hands() as usize;
        let m = variant.modulus();
        let units: Vec<u8> = units(m).collect();
        assert!(
            (units.len() as u64) * u64::from(variant.hands()) <= 1 << 32,
            "Orbits::new: {} units × {} hands pass 2^32",
            units.len(),
            variant.hands()
        );
        let mut mul = vec![0u32; units.len() * hands];
        for hand in Hand::all(variant) {
            let rank = hand.rank();
            for (j, &u) in units.iter().enumerate() {
                let mut counts = [0u8; MAX_MODULUS as usize];
                for (value, &count) in hand.counts().iter().enumerate() {
                    counts[(value * u as usize) % m as usize] += count;
                }
                let Ok(image) = Hand::from_counts(variant, &counts[..m as usize]) else {
                    unreachable!("multiplying by a unit permutes values")
                };
                mul[j * hands + rank as usize] = image.rank();
            }
        }
        let mut rep_unit = vec![0u8; hands];
        let mut rep = vec![0u32; hands];
        let mut stab = vec![0u16; hands];
        for h in 0..hands {
            for j in 0..units.len() {
                let image = mul[j * hands + h];
                if image < mul[rep_unit[h] as usize * hands + h] {
                    rep_unit[h] = j as u8;
                }
                if image as usize == h {
                    stab[h] |= 1 << j;
                }
            }
            rep[h] = mul[rep_unit[h] as usize * hands + h];
        }
        let mut groups: Vec<Group> = Vec::new();
        let mut row_group = vec![TRIVIAL; hands];
        let mut row_start = vec![u64::MAX; hands];
        let mut row_index = vec![0u32; hands];
        let mut rows = Vec::new();
        let mut starts = Vec::new();
        let mut next: u64 = 0;
        for h in 0..hands {
            if rep[h] as usize != h {
                continue;
            }
            row_index[h] = rows.len() as u32;
            rows.push(h as u32);
            starts.push(next);
            row_start[h] = next;
            let mask = stab[h];
            if mask == 1 {
                next += hands as u64;
                continue;
            }
            let g = match groups.iter().position(|g| g.mask == mask) {
                Some(g) => g,
                None => {
                    groups.push(Group::new(mask, hands, &mul));
                    groups.len() - 1
                }
            };
            row_group[h] = g as u8;
            next += groups[g].hands.len() as u64;
        }
        starts.push(next);
        let placing = (0..hands)
            .map(|h| {
                let r = rep[h] as usize;
                Placing {
                    start: row_start[r],
                    // Below mul.len(), at most 2^32 (checked at the start).
                    mul_base: (usize::from(rep_unit[h]) * hands) as u32,
                    group: row_group[r],
                }
            })
            .collect();
        let group_keys = groups.len() + 1;
        let mover = (0..hands)
            .map(|h| {
                let group = row_group[rep[h] as usize];
                let slot = if group == TRIVIAL {
                    groups.len()
                } else {
                    usize::from(group)
                };
                MoverRow {
                    key: (usize::from(rep_unit[h]) * group_keys + slot) as u16,
                    row: row_index[rep[h] as usize],
                }
            })
            .collect();
        let shortest = starts.windows(2).map(|w| w[1] - w[0]).min().unwrap_or(1);
        let block_shift = shortest.max(64).ilog2();
        let blocks = next.div_ceil(1 << block_shift);
        let mut block_row = Vec::with_capacity(blocks as usize);
        let mut row = 0usize;
        for block in 0..blocks {
            while starts[row + 1] <= block << block_shift {
                row += 1;
            }
            block_row.push(row as u32);
        }
        let groups_by_row = rows.iter().map(|&r| row_group[r as usize]).collect();
        Orbits {
            groups_by_row,
            hands,
            mover,
            block_row,
            block_shift,
            units,
            mul,
            stab,
            placing,
            rows,
            starts,
            groups,
            states: next,
        }
    }

    /// The number of orbits, that is of stored states.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The number of rows (representative hands).
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// The number of units (the group's order).
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// True when some unit other than 1 fixes hand `h`; false when `h` is
    /// no hand's rank (`h >= hands()`).
    #[inline]
    pub fn has_symmetry(&self, h: usize) -> bool {
        self.stab.get(h).is_some_and(|&units| units != 1)
    }

    /// The orbit index of the state with `a` to move and `b` waiting (hand
    /// ranks); `None` when a rank is not below [`Orbits::hands`].
    #[inline]
    pub fn index(&self, a: usize, b: usize) -> Option<u64> {
        let placing = self.placing.get(a)?;
        if b >= self.hands {
            return None;
        }
        // mul_base + b < units * hands, the length of `mul`.
        let b = self.mul[placing.mul_base as usize + b] as usize;
        Some(match placing.group {
            TRIVIAL => placing.start + b as u64,
            g => {
                let group = &self.groups[g as usize];
                let least = self.least_under(group.mask, b);
                placing.start + u64::from(group.local[least])
            }
        })
    }

    /// What indexing needs of hand `a` as the mover; `None` when `a` is
    /// not below [`Orbits::hands`].
    #[inline]
    pub fn mover(&self, a: usize) -> Option<MoverRow> {
        self.mover.get(a).copied()
    }

    /// How many mover keys there are ([`MoverRow::key`]): one per pair of a
    /// unit and a stabiliser (the trivial one included).
    pub fn mover_keys(&self) -> usize {
        self.units.len() * (self.groups.len() + 1)
    }

    /// The waiting hand that hand `b` becomes in the canonical state of a
    /// mover with key `key` (see the module docs): the least-rank image of
    /// `b` under the units taking the mover to its representative. `None`
    /// when `key` is not below [`Orbits::mover_keys`] or `b` not below
    /// [`Orbits::hands`].
    pub fn canonical_waiting(&self, key: usize, b: usize) -> Option<usize> {
        if key >= self.mover_keys() || b >= self.hands {
            return None;
        }
        let group_keys = self.groups.len() + 1;
        let (unit, slot) = (key / group_keys, key % group_keys);
        // unit < units and b < hands: inside `mul`.
        let image = self.mul[unit * self.hands + b] as usize;
        Some(match self.groups.get(slot) {
            None => image,
            Some(group) => self.least_under(group.mask, image),
        })
    }

    /// The orbit index of the canonical state with row `row`'s
    /// representative to move and `b` waiting; `None` when `b` is not a
    /// canonical waiting hand of that row (not least in its orbit under the
    /// representative's stabiliser, or no hand at all), or `row` is not
    /// below [`Orbits::rows`].
    pub fn index_in_row(&self, row: usize, b: usize) -> Option<u64> {
        if b >= self.hands {
            return None;
        }
        let local = match *self.groups_by_row.get(row)? {
            TRIVIAL => b as u64,
            g => match self.groups[g as usize].local[b] {
                NONE => return None,
                local => u64::from(local),
            },
        };
        Some(self.starts[row] + local)
    }

    /// The least-rank image of hand `b` under the units in `mask`.
    fn least_under(&self, mask: u16, b: usize) -> usize {
        let mut least = b;
        let mut bits = mask & !1;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            least = least.min(self.mul[j * self.hands + b] as usize);
        }
        least
    }

    /// The row (index into the rows in rank order) holding orbit `index`.
    ///
    /// # Panics
    /// When `index >= states()`: orbit indices come from this numbering,
    /// and the sweeps ask this of every orbit.
    #[inline]
    pub fn row_of(&self, index: u64) -> usize {
        let mut row = self.block_row[(index >> self.block_shift) as usize] as usize;
        // Rows are no shorter than a block in all but the smallest
        // variants: one step without a branch, then the rare further steps.
        row += usize::from(self.starts[row + 1] <= index);
        while self.starts[row + 1] <= index {
            row += 1;
        }
        row
    }

    /// The first orbit index of row `row`, and of the row after it.
    ///
    /// # Panics
    /// When `row >= rows()` (rows come from this numbering).
    pub fn row_bounds(&self, row: usize) -> (u64, u64) {
        (self.starts[row], self.starts[row + 1])
    }

    /// The canonical state (to-move rank, waiting rank) of the `local`-th
    /// entry of row `row`; `None` when `row` is not below [`Orbits::rows`]
    /// or the row has fewer than `local + 1` entries.
    #[inline]
    pub fn state_in_row(&self, row: usize, local: u64) -> Option<(usize, usize)> {
        let (start, end) = (*self.starts.get(row)?, *self.starts.get(row + 1)?);
        if local >= end - start {
            return None;
        }
        Some(self.entry(row, local as usize))
    }

    /// The canonical state of the `local`-th entry of row `row`, both in
    /// range.
    #[inline]
    fn entry(&self, row: usize, local: usize) -> (usize, usize) {
        let b = match self.groups_by_row[row] {
            TRIVIAL => local,
            g => self.groups[g as usize].hands[local] as usize,
        };
        (self.rows[row] as usize, b)
    }

    /// The waiting hands of row `row` in local order, or `None` when the
    /// row holds every hand at its own rank (a representative that no unit
    /// but 1 fixes).
    ///
    /// # Panics
    /// When `row >= rows()` (rows come from this numbering).
    pub fn row_waiting(&self, row: usize) -> Option<&[u32]> {
        match self.groups_by_row[row] {
            TRIVIAL => None,
            g => Some(&self.groups[g as usize].hands),
        }
    }

    /// The representative hand (to move) of row `row`.
    ///
    /// # Panics
    /// When `row >= rows()` (rows come from this numbering).
    pub fn row_hand(&self, row: usize) -> usize {
        self.rows[row] as usize
    }

    /// The number of hands of the variant.
    pub fn hands(&self) -> usize {
        self.hands
    }

    /// The canonical state (to-move rank, waiting rank) of orbit `index`.
    ///
    /// # Panics
    /// When `index >= states()`: orbit indices come from this numbering,
    /// and tables over orbits are walked by asking this of every one.
    pub fn state(&self, index: u64) -> (usize, usize) {
        let row = self.row_of(index);
        // row_of places index in 0..states() in its row: the entry exists.
        self.entry(row, (index - self.starts[row]) as usize)
    }
}

impl Group {
    fn new(mask: u16, hands: usize, mul: &[u32]) -> Group {
        let mut local = vec![NONE; hands];
        let mut members = Vec::new();
        for h in 0..hands {
            let mut bits = mask & !1;
            let mut least = true;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if (mul[j * hands + h] as usize) < h {
                    least = false;
                }
            }
            if least {
                local[h] = members.len() as u32;
                members.push(h as u32);
            }
        }
        Group {
            mask,
            local,
            hands: members,
        }
    }
}

/// The units of Z/`modulus` (the values prime to it), 1 first: multiplying
/// every card by one of them is the game's symmetry.
pub fn units(modulus: u8) -> impl Iterator<Item = u8> {
    (1..modulus).filter(move |&u| gcd(u, modulus) == 1)
}

/// The number of orbits of `variant`'s states, that is of the states a
/// table over orbits stores: [`Orbits::states`] counted apart from the
/// numbering, by Burnside's lemma (the mean over the units of the states
/// each one fixes), in time independent of the hands and with no table.
/// A state is a pair of hands, fixed by a unit when both hands are; a
/// hand is fixed by `u` when it holds as many cards of every value of each
/// cycle of `x -> u * x` on Z/m.
pub fn orbit_count(variant: Variant) -> u64 {
    let m = usize::from(variant.modulus());
    let n = usize::from(variant.cards());
    let (mut fixed_states, mut order) = (0u128, 0u128);
    for u in units(variant.modulus()) {
        // `hands[k]`: the hands of k cards fixed by u, over the cycles so far.
        let mut hands = [0u64; MAX_CARDS as usize + 1];
        hands[0] = 1;
        let mut seen = [false; MAX_MODULUS as usize];
        for start in 0..m {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                x = x * usize::from(u) % m;
                len += 1;
            }
            for k in len..=n {
                hands[k] += hands[k - len];
            }
        }
        fixed_states += u128::from(hands[n]) * u128::from(hands[n]);
        order += 1;
    }
    u64::try_from(fixed_states / order).unwrap_or(u64::MAX)
}

fn gcd(mut a: u8, mut b: u8) -> u8 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_maps_to_an_orbit_whose_canonical_state_maps_back() {
        for (n, m) in [(8, 5), (3, 7), (4, 6), (5, 8), (2, 2), (3, 9)] {
            let v = Variant::new(n, m).unwrap();
            let orbits = Orbits::new(v);
            let h = v.hands() as usize;
            let mut hit = vec![0u32; orbits.states() as usize];
            for a in 0..h {
                for b in 0..h {
                    let i = orbits.index(a, b).unwrap();
                    hit[i as usize] += 1;
                    let (ra, rb) = orbits.state(i);
                    let row = orbits.row_of(i);
                    let local = i - orbits.row_bounds(row).0;
                    assert_eq!(orbits.state_in_row(row, local), Some((ra, rb)));
                    assert_eq!(
                        orbits.index(ra, rb),
                        Some(i),
                        "({n},{m}) canonical state is stable"
                    );
                }
            }
            for a in 0..h {
                let mover = orbits.mover(a).unwrap();
                for b in 0..h {
                    let waiting = orbits.canonical_waiting(mover.key(), b).unwrap();
                    assert_eq!(
                        orbits.index_in_row(mover.row(), waiting),
                        orbits.index(a, b),
                        "({n},{m}) canonical waiting hand of ({a}, {b})"
                    );
                }
            }
            // Every orbit is hit, and by a number of states dividing the group order.
            for &count in &hit {
                assert!(
                    count > 0 && (orbits.units() as u32).is_multiple_of(count),
                    "({n},{m}) {count}"
                );
            }
        }
    }

    /// Burnside's count agrees with the numbering on every variant of up
    /// to 60,000 hands, and with the (8, 5) figure of `docs/games/cards.md`.
    #[test]
    fn orbits_counted_by_burnside_are_the_numbering_s() {
        let mut checked = 0;
        for m in 2..=MAX_MODULUS {
            for n in 1..=MAX_CARDS {
                let Ok(v) = Variant::new(n, m) else { continue };
                if v.hands() > 60_000 {
                    break;
                }
                assert_eq!(orbit_count(v), Orbits::new(v).states(), "({n}, {m})");
                checked += 1;
            }
        }
        assert!(checked > 150, "{checked} variants");
        assert_eq!(orbit_count(Variant::CLASSIC), 61_317);
        // The figures of `docs/distributed.md`, from the numbering.
        let count = |n, m| orbit_count(Variant::new(n, m).unwrap());
        assert_eq!(count(12, 7), 57_438_270);
        assert_eq!(count(21, 7), 14_603_667_420);
        assert_eq!(count(22, 7), 23_655_527_120);
    }

    #[test]
    fn rows_are_found_from_a_small_block_index() {
        for (n, m) in [(8, 5), (2, 16), (4, 16), (10, 7), (3, 9)] {
            let orbits = Orbits::new(Variant::new(n, m).unwrap());
            let mut row = 0;
            for index in 0..orbits.states() {
                while orbits.row_bounds(row).1 <= index {
                    row += 1;
                }
                assert_eq!(orbits.row_of(index), row, "({n},{m}) orbit {index}");
            }
            assert_eq!(row + 1, orbits.rows(), "({n},{m})");
        }
        // One entry per a thousand orbits or more where rows are long:
        // (10, 7) has 8,008 hands, and rows of at least 1,024 of them.
        let orbits = Orbits::new(Variant::new(10, 7).unwrap());
        assert_eq!(orbits.block_shift, 10);
        assert!((orbits.block_row.len() as u64) <= orbits.states() / 1024 + 1);
    }

    /// Hand ranks, keys and row positions out of range are refused, for
    /// every row and at every edge; nothing answers a wrong index.
    #[test]
    fn arguments_out_of_range_are_refused() {
        for (n, m) in [(8, 5), (3, 7), (2, 16), (1, 2)] {
            let o = Orbits::new(Variant::new(n, m).unwrap());
            let (hands, rows) = (o.hands(), o.rows());
            for far in [hands, hands + 1, usize::MAX] {
                assert_eq!(o.index(far, 0), None, "({n},{m})");
                assert_eq!(o.index(0, far), None, "({n},{m})");
                assert_eq!(o.index(far, far), None, "({n},{m})");
                assert!(!o.has_symmetry(far), "({n},{m})");
                assert_eq!(o.mover(far), None, "({n},{m})");
                assert_eq!(o.canonical_waiting(0, far), None, "({n},{m})");
                assert_eq!(o.index_in_row(0, far), None, "({n},{m})");
                assert_eq!(o.index_in_row(far, 0), None, "({n},{m})");
            }
            assert_eq!(
                o.index(hands - 1, hands - 1).map(|i| i < o.states()),
                Some(true)
            );
            assert!(o.mover(hands - 1).is_some());
            for key in [o.mover_keys(), o.mover_keys() + 1, 1000, usize::MAX] {
                assert_eq!(o.canonical_waiting(key, 0), None, "({n},{m}) key {key}");
            }
            assert!(o.canonical_waiting(o.mover_keys() - 1, 0).is_some());
            for row in 0..rows {
                let (start, end) = o.row_bounds(row);
                // Past the last waiting hand: not the next row's first state.
                assert_eq!(o.index_in_row(row, hands), None, "({n},{m}) row {row}");
                assert_eq!(
                    o.state_in_row(row, end - start),
                    None,
                    "({n},{m}) row {row}"
                );
                assert_eq!(o.state_in_row(row, u64::MAX), None);
                assert_eq!(
                    o.state_in_row(row, end - start - 1),
                    Some(o.state(end - 1)),
                    "({n},{m}) row {row}"
                );
            }
            assert_eq!(o.state_in_row(rows, 0), None);
            assert_eq!(o.state_in_row(usize::MAX, 0), None);
        }
    }

    // A numbering whose offsets would pass 32 bits is refused before any
    // table is allocated ((17, 16): 8 units × 565,722,720 hands).
    #[test]
    #[should_panic(expected = "Orbits::new: 8 units × 565722720 hands pass 2^32")]
    fn numberings_past_32_bit_offsets_are_refused() {
        let _ = Orbits::new(Variant::new(17, 16).unwrap());
    }

    // Orbit indices and rows come from the numbering itself; out of range
    // they panic (documented), and never answer.
    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn state_past_the_orbits_panics() {
        let o = Orbits::new(Variant::CLASSIC);
        o.state(o.states());
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn state_far_past_the_orbits_panics() {
        Orbits::new(Variant::CLASSIC).state(u64::MAX);
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn row_of_past_the_orbits_panics() {
        let o = Orbits::new(Variant::new(3, 7).unwrap());
        o.row_of(o.states());
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn row_bounds_past_the_rows_panic() {
        let o = Orbits::new(Variant::CLASSIC);
        o.row_bounds(o.rows());
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn row_hand_past_the_rows_panics() {
        let o = Orbits::new(Variant::CLASSIC);
        o.row_hand(o.rows());
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn row_waiting_past_the_rows_panics() {
        let o = Orbits::new(Variant::CLASSIC);
        o.row_waiting(o.rows());
    }

    #[test]
    fn orbit_counts() {
        // (8, 5): 245,025 states in orbits of size 4, 2 or 1.
        let orbits = Orbits::new(Variant::CLASSIC);
        assert!(orbits.states() > 245_025 / 4 && orbits.states() < 245_025 / 3);
    }
}
