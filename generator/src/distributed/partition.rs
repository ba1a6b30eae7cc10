//! Which rank owns which stored states: contiguous ranges of whole 64-state
//! blocks, one per rank, as equal as whole blocks allow (when the blocks
//! do not divide evenly, the first ranks take one more). Whole blocks keep each rank's dirty
//! bitmap and its packed codes (four per byte) aligned with the whole
//! table's, so parts are concatenated as they are.

use crate::engine::sweep::BLOCK;

/// Division by a fixed divisor `d` as a multiplication: `n / d` is
/// `n * magic >> 64` with `magic = floor(2^64 / d) + 1`, exact while
/// `n d < 2^64` (with `n = q d + r`, `n magic / 2^64 = n / d + n e / (d 2^64)`
/// for some `1 <= e <= d`, and the second term stays below `1 / d`);
/// beyond that it divides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Divisor {
    d: u64,
    magic: u64,
    /// Whether `magic` is exact for every dividend below the bound given.
    exact: bool,
}

impl Divisor {
    /// Division by `d` of dividends below `bound` (a `d` of 0, which no
    /// dividend meets, is taken as 1).
    fn new(d: usize, bound: usize) -> Divisor {
        let d = d.max(1) as u64;
        Divisor {
            d,
            magic: (u64::MAX / d).wrapping_add(1),
            exact: (bound as u128) * u128::from(d) < 1 << 64,
        }
    }

    #[inline(always)]
    fn divide(&self, n: u64) -> u64 {
        if self.exact && self.d > 1 {
            ((u128::from(n) * u128::from(self.magic)) >> 64) as u64
        } else {
            n / self.d
        }
    }
}

/// The split of `slots` stored states over `ranks` ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    slots: usize,
    ranks: usize,
    /// Blocks of each rank from `wide` on (the ranks below it take one
    /// more): `blocks / ranks`.
    narrow_blocks: usize,
    /// How many ranks take one block more: `blocks % ranks`.
    wide: usize,
    /// Division of a block's number by `narrow_blocks + 1`.
    by_wide: Divisor,
    /// Division by the other ranks' number of blocks.
    by_narrow: Divisor,
}

impl Partition {
    /// The split, or why it cannot be made: every rank needs at least one
    /// block of states.
    ///
    /// # Errors
    /// A message naming the largest number of ranks that would do.
    pub fn new(slots: usize, ranks: usize) -> Result<Partition, String> {
        let ranks = ranks.max(1);
        let blocks = slots.div_ceil(BLOCK);
        if ranks > blocks.max(1) {
            let (are, plural) = if blocks == 1 {
                ("is", "")
            } else {
                ("are", "s")
            };
            let most = blocks.max(1);
            return Err(format!(
                "{ranks} ranks for {slots} cells (the sweep's numbering of the stored states, gaps in it included): each rank takes whole blocks of {BLOCK} cells, and there {are} only {blocks} block{plural}; start at most {most} rank{}",
                if most == 1 { "" } else { "s" },
            ));
        }
        let narrow = blocks / ranks;
        let wide = blocks % ranks;
        Ok(Partition {
            slots,
            ranks,
            narrow_blocks: narrow,
            wide,
            by_wide: Divisor::new(narrow + 1, blocks),
            by_narrow: Divisor::new(narrow, blocks),
        })
    }

    /// How many stored states there are.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// How many ranks share them.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The first block of `rank` (`rank <= ranks`).
    fn first_block(&self, rank: usize) -> usize {
        rank * self.narrow_blocks + rank.min(self.wide)
    }

    /// The stored states of `rank`: `first..end`.
    pub fn range(&self, rank: usize) -> std::ops::Range<usize> {
        let at = |rank: usize| self.first_block(rank).saturating_mul(BLOCK).min(self.slots);
        at(rank)..at(rank + 1)
    }

    /// The rank that owns stored state `s`.
    #[inline(always)]
    pub fn owner(&self, s: usize) -> usize {
        let block = (s / BLOCK) as u64;
        let cut = (self.wide * (self.narrow_blocks + 1)) as u64;
        if block < cut {
            self.by_wide.divide(block) as usize
        } else {
            self.wide + self.by_narrow.divide(block - cut) as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_every_state_once_in_whole_blocks_as_equal_as_they_go() {
        for slots in [1usize, 63, 64, 65, 252, 1000, 4096, 100_003] {
            for ranks in 1..=9 {
                let blocks = slots.div_ceil(BLOCK);
                let Ok(part) = Partition::new(slots, ranks) else {
                    assert!(blocks < ranks, "{slots} {ranks}");
                    continue;
                };
                let mut next = 0;
                let (mut least, mut most) = (usize::MAX, 0);
                for rank in 0..ranks {
                    let range = part.range(rank);
                    assert_eq!(range.start, next);
                    assert!(!range.is_empty(), "{slots} {ranks} {rank}");
                    assert_eq!(range.start % BLOCK, 0);
                    for s in [range.start, range.end - 1] {
                        assert_eq!(part.owner(s), rank);
                    }
                    let its = range.len().div_ceil(BLOCK);
                    (least, most) = (least.min(its), most.max(its));
                    next = range.end;
                }
                assert_eq!(next, slots);
                assert!(most - least <= 1, "{slots} {ranks}: {least}..{most} blocks");
            }
        }
    }

    #[test]
    fn owners_by_multiplication_are_the_ranges_owners() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for slots in [64, 1000, 4096 * 3 + 1, 1 << 20, 57_438_270, (1 << 33) + 5] {
            for ranks in [1, 2, 3, 4, 7, 64] {
                let Ok(part) = Partition::new(slots, ranks) else {
                    continue;
                };
                let ranges: Vec<_> = (0..ranks).map(|r| part.range(r)).collect();
                let check = |s: usize| {
                    let rank = ranges.iter().position(|r| r.contains(&s));
                    assert_eq!(Some(part.owner(s)), rank, "{slots} {ranks} {s}");
                };
                for range in &ranges {
                    for s in [range.start, range.start + 1, range.end - 1, range.end] {
                        check(s.min(slots - 1));
                    }
                }
                for _ in 0..10_000 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    check(x as usize % slots);
                }
            }
        }
    }

    #[test]
    fn owners_past_exact_multiplication_divide() {
        // Blocks so many that `block * divisor` passes 2^64: `owner` divides.
        let part = Partition::new(usize::MAX - 5, 3).unwrap();
        assert!(!part.by_wide.exact);
        for rank in 0..3 {
            let range = part.range(rank);
            assert_eq!(part.owner(range.start), rank);
            assert_eq!(part.owner(range.end - 1), rank);
        }
    }

    #[test]
    fn only_more_ranks_than_blocks_are_refused() {
        // Four blocks feed 1 to 4 ranks (three take 2, 1 and 1 blocks).
        for ranks in 1..=4 {
            assert!(Partition::new(252, ranks).is_ok(), "{ranks}");
        }
        let error = Partition::new(252, 5).unwrap_err();
        assert!(error.contains("only 4 blocks"), "{error}");
        assert!(error.ends_with("start at most 4 ranks"), "{error}");
        let error = Partition::new(0, 2).unwrap_err();
        assert!(
            error.ends_with("there are only 0 blocks; start at most 1 rank"),
            "{error}"
        );
        assert_eq!(Partition::new(0, 1).map(|p| p.range(0)), Ok(0..0));
        let error = Partition::new(64, 2).unwrap_err();
        assert!(
            error.ends_with("there is only 1 block; start at most 1 rank"),
            "{error}"
        );
    }
}
