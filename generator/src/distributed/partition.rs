//! Which rank owns which stored states: contiguous ranges of whole 64-state
//! blocks, one per rank, the same size but for the last. Whole blocks keep
//! each rank's dirty bitmap and its packed codes (four per byte) aligned
//! with the whole table's, so parts are concatenated as they are.

use crate::engine::sweep::BLOCK;

/// The split of `slots` stored states over `ranks` ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    slots: usize,
    ranks: usize,
    /// States per rank (a multiple of [`BLOCK`]); the last rank takes the rest.
    share: usize,
    /// `floor(2^64 / share) + 1`, so that `s / share` is `s * magic >> 64`
    /// (a multiplication instead of a division per predecessor), exact
    /// while `s * share < 2^64` for every state: with `s = q share + r`,
    /// `s magic / 2^64 = s / share + s e / (share 2^64)` for some
    /// `1 <= e <= share`, and the second term stays below `1 / share`.
    magic: u64,
    /// Whether `magic` is exact for every state (else `owner` divides).
    exact: bool,
}

impl Partition {
    /// The split, or why it cannot be made: every rank needs at least one
    /// block of states.
    ///
    /// # Errors
    /// A message naming the largest number of ranks that would do.
    pub fn new(slots: usize, ranks: usize) -> Result<Partition, String> {
        let fits = |ranks: usize| {
            let share = slots.div_ceil(ranks).div_ceil(BLOCK) * BLOCK;
            (share * (ranks - 1) < slots).then_some(share)
        };
        match fits(ranks.max(1)) {
            Some(share) => Ok(Partition {
                slots,
                ranks,
                share,
                magic: (u64::MAX / share as u64).wrapping_add(1),
                exact: (slots as u128) * (share as u128) < 1 << 64,
            }),
            None => {
                // Equal shares of whole blocks: which counts feed every
                // rank is not monotone (252 cells: 2 and 4 ranks do, 3 not).
                let below = (1..ranks).rev().find(|&r| fits(r).is_some()).unwrap_or(1);
                let above = (ranks + 1..=slots.div_ceil(BLOCK)).find(|&r| fits(r).is_some());
                let plural = |n: usize| if n == 1 { "" } else { "s" };
                Err(format!(
                    "{ranks} ranks for {slots} cells: each rank takes the same number of whole blocks of {BLOCK} cells (the last the rest), so some rank would get none; start {below} rank{}{}",
                    plural(below),
                    above.map_or(String::new(), |a| format!(" (or {a})"))
                ))
            }
        }
    }

    /// How many stored states there are.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// How many ranks share them.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The stored states of `rank`: `first..end`.
    pub fn range(&self, rank: usize) -> std::ops::Range<usize> {
        let first = (rank * self.share).min(self.slots);
        first..(first + self.share).min(self.slots)
    }

    /// The rank that owns stored state `s`.
    #[inline(always)]
    pub fn owner(&self, s: usize) -> usize {
        if self.exact {
            ((s as u128 * u128::from(self.magic)) >> 64) as usize
        } else {
            s / self.share
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_every_state_once_in_whole_blocks() {
        for slots in [1, 63, 64, 65, 1000, 4096, 100_003] {
            for ranks in 1..=7 {
                let Ok(part) = Partition::new(slots, ranks) else {
                    assert!(
                        slots.div_ceil(BLOCK) < ranks || ranks > 1,
                        "{slots} {ranks}"
                    );
                    continue;
                };
                let mut next = 0;
                for rank in 0..ranks {
                    let range = part.range(rank);
                    assert_eq!(range.start, next);
                    assert!(!range.is_empty(), "{slots} {ranks} {rank}");
                    assert_eq!(range.start % BLOCK, 0);
                    for s in [range.start, range.end - 1] {
                        assert_eq!(part.owner(s), rank);
                    }
                    next = range.end;
                }
                assert_eq!(next, slots);
            }
        }
    }

    #[test]
    fn owners_by_multiplication_are_the_quotients() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for slots in [64, 1000, 4096 * 3 + 1, 1 << 20, 57_438_270, (1 << 33) + 5] {
            for ranks in [1, 2, 3, 4, 7, 64] {
                let Ok(part) = Partition::new(slots, ranks) else {
                    continue;
                };
                let check = |s: usize| assert_eq!(part.owner(s), s / part.share, "{s}");
                for s in [0, 1, slots - 1, part.share - 1, part.share, part.share + 1] {
                    check(s.min(slots - 1));
                }
                for _ in 0..10_000 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    check(x as usize % slots);
                }
                for rank in 0..ranks {
                    let range = part.range(rank);
                    check(range.start);
                    check(range.end - 1);
                }
            }
        }
    }

    #[test]
    fn too_many_ranks_are_refused_with_counts_that_fit() {
        let error = Partition::new(100, 3).unwrap_err();
        assert!(error.ends_with("start 2 ranks"), "{error}");
        assert!(Partition::new(64, 2).unwrap_err().ends_with("start 1 rank"));
        assert!(Partition::new(128, 2).is_ok());
        // Four blocks: two ranks take two each, four one each, but three
        // would take two, two and none.
        let error = Partition::new(252, 3).unwrap_err();
        assert!(error.ends_with("start 2 ranks (or 4)"), "{error}");
        assert!(Partition::new(252, 2).is_ok() && Partition::new(252, 4).is_ok());
    }
}
