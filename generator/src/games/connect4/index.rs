//! The dense index of Connect Four boards: why a 5 x 5 board fits in about
//! 172 million numbers when a cell-by-cell count would need 3^25.
//!
//! A board is its column-height vector and the colouring of its `n` discs.
//! The first player owns `ceil(n / 2)` of them, so there are
//! `C(n, ceil(n / 2))` colourings of any height vector with `n` discs.
//! Boards are numbered by disc count first, then by the rank of the height
//! vector among those with the same disc count (lexicographic, first
//! column most significant), then by the rank of the colouring (the
//! combinatorial number system over the first player's discs, discs taken
//! in column-major order, each column bottom up):
//!
//! `index = base[n] + rank(heights) * C(n, ceil(n/2)) + rank(colouring)`.
//!
//! The tables are tiny (a binomial table and per-column-count vector
//! counts), so ranking and unranking cost a few operations per column and
//! per disc, with no table the size of the board's state space.
#![allow(clippy::indexing_slicing)] // every index is a disc count, column or height bounded by the board

/// The most height vectors kept in a table for unranking: 8 MB (7 x 6 has
/// 823,543; 8 x 7, 7 x 8 and 9 x 6 have more and scan instead).
pub const VECTOR_TABLE_LIMIT: u64 = 1 << 20;

/// Ranking and unranking of boards of one size.
#[derive(Clone, Debug)]
pub struct Indexer {
    width: usize,
    height: usize,
    /// Bits per column in a bitboard: the height plus an empty sentinel.
    stride: usize,
    /// `binom[n * row + k]` is `C(n, k)` (zero for `k > n`: every `k` up to
    /// `cells` has a slot).
    binom: Vec<u64>,
    /// Row length of `binom`.
    row: usize,
    /// `ways[j * (cells + 1) + s]`: height vectors of `j` columns with `s`
    /// discs in all.
    ways: Vec<u64>,
    /// `below[(j * row + s) * (height + 1) + x]`: height vectors of `j + 1`
    /// columns with `s` discs whose first column holds fewer than `x`.
    below: Vec<u64>,
    /// Every height vector as the bitboard of its discs, by disc count and
    /// then rank, when there are at most [`VECTOR_TABLE_LIMIT`] of them
    /// (unranking is then a lookup instead of a scan per column).
    vectors: Option<Vec<u64>>,
    /// Where the height vectors with `n` discs start in `vectors`.
    vector_base: Vec<u64>,
    /// The cells of column 0.
    column: u64,
    /// `base[n]`: indices before the boards with `n` discs; `base[cells + 1]`
    /// is the number of indices.
    base: Vec<u64>,
    /// `colourings[n]` = `C(n, ceil(n / 2))`.
    colourings: Vec<u64>,
}

/// A board split into what the index is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// Discs on the board.
    pub discs: usize,
    /// The first player's discs as a bitboard.
    pub first: u64,
    /// Every disc as a bitboard.
    pub all: u64,
}

impl Indexer {
    /// The indexer of a `width` x `height` board, or why there is none:
    /// the board must fit a 64-bit bitboard with a sentinel row
    /// (`width * (height + 1) <= 64`) and its index must fit 64 bits.
    pub fn new(width: usize, height: usize) -> Result<Indexer, String> {
        let stride = height + 1;
        if width * stride > 64 {
            return Err(format!(
                "the board of {width} x {height} needs {} bits with its sentinel row; at most 64 fit",
                width * stride
            ));
        }
        let cells = width * height;
        let row = cells + 1;
        let mut binom = vec![0u64; row * row];
        for n in 0..row {
            binom[n * row] = 1;
            for k in 1..=n {
                // C(n, k) for n <= 63 fits u64.
                binom[n * row + k] = binom[(n - 1) * row + k - 1] + binom[(n - 1) * row + k];
            }
        }
        let mut ways = vec![0u64; (width + 1) * row];
        ways[0] = 1;
        for j in 1..=width {
            for s in 0..row {
                let mut total = 0u64;
                for x in 0..=height.min(s) {
                    total += ways[(j - 1) * row + s - x];
                }
                ways[j * row + s] = total;
            }
        }
        let mut below = vec![0u64; width * row * (height + 1)];
        for j in 0..width {
            for s in 0..row {
                let at = (j * row + s) * (height + 1);
                for x in 1..=height {
                    let more = if x - 1 <= s {
                        ways[j * row + s - (x - 1)]
                    } else {
                        0
                    };
                    below[at + x] = below[at + x - 1] + more;
                }
            }
        }
        let mut colourings = Vec::with_capacity(row);
        let mut base = Vec::with_capacity(row + 1);
        let mut total = 0u128;
        for n in 0..row {
            let c = binom[n * row + n.div_ceil(2)];
            colourings.push(c);
            base.push(total as u64);
            total += u128::from(ways[width * row + n]) * u128::from(c);
            if total > u128::from(u64::MAX) {
                return Err(format!(
                    "a {width} x {height} board has more than 2^64 indices"
                ));
            }
        }
        base.push(total as u64);
        let mut vector_base = Vec::with_capacity(row);
        let mut vector_count = 0u64;
        for n in 0..row {
            vector_base.push(vector_count);
            vector_count += ways[width * row + n];
        }
        let column = (1u64 << height) - 1;
        let mut indexer = Indexer {
            width,
            height,
            stride,
            binom,
            row,
            ways,
            below,
            vectors: None,
            vector_base,
            column,
            base,
            colourings,
        };
        if vector_count <= VECTOR_TABLE_LIMIT {
            let mut vectors = vec![0u64; vector_count as usize];
            let mut heights = vec![0usize; width];
            loop {
                let mut all = 0u64;
                for (c, &h) in heights.iter().enumerate() {
                    all |= ((1u64 << h) - 1) << (c * stride);
                }
                let n = heights.iter().sum::<usize>();
                let rank = indexer.heights_rank(n, all);
                vectors[(indexer.vector_base[n] + rank) as usize] = all;
                // The next height vector, last column fastest.
                let Some(c) = heights.iter().rposition(|&h| h < height) else {
                    break;
                };
                heights[c] += 1;
                for h in &mut heights[c + 1..] {
                    *h = 0;
                }
            }
            indexer.vectors = Some(vectors);
        }
        Ok(indexer)
    }

    /// The rank of the height vector of `all` (with `n` discs) among those
    /// with `n` discs.
    fn heights_rank(&self, n: usize, all: u64) -> u64 {
        let mut left = n;
        let mut rank = 0u64;
        for c in 0..self.width {
            let h = ((all >> (c * self.stride)) & self.column).count_ones() as usize;
            rank += self.below[((self.width - 1 - c) * self.row + left) * (self.height + 1) + h];
            left -= h;
        }
        rank
    }

    /// How many indices there are.
    pub fn size(&self) -> u64 {
        self.base[self.row]
    }

    /// Bits per column in a bitboard.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The number of discs on the board of `index` (below [`Indexer::size`]).
    #[inline]
    pub fn discs(&self, index: u64) -> usize {
        // base is increasing; the last n with base[n] <= index.
        self.base[1..].partition_point(|&b| b <= index)
    }

    /// The height of column `c` of bitboard `all`.
    #[inline]
    pub fn column_height(&self, all: u64, c: usize) -> usize {
        ((all >> (c * self.stride)) & ((1u64 << self.height) - 1)).count_ones() as usize
    }

    /// The index of a board (its discs stacked from the bottom of each
    /// column, the first player owning `ceil(n / 2)` of them).
    #[inline]
    pub fn rank(&self, parts: Parts) -> u64 {
        let n = parts.discs;
        let mut left = n;
        let mut heights_rank = 0u64;
        let mut compact = 0u64;
        let mut offset = 0;
        for c in 0..self.width {
            let shift = c * self.stride;
            let h = ((parts.all >> shift) & self.column).count_ones() as usize;
            // Vectors of the remaining columns that put fewer discs here.
            let rest = self.width - 1 - c;
            heights_rank += self.below[(rest * self.row + left) * (self.height + 1) + h];
            left -= h;
            compact |= ((parts.first >> shift) & ((1u64 << h) - 1)) << offset;
            offset += h;
        }
        let mut colour_rank = 0u64;
        let mut i = 0;
        while compact != 0 {
            let p = compact.trailing_zeros() as usize;
            i += 1;
            colour_rank += self.binom[p * self.row + i];
            compact &= compact - 1;
        }
        self.base[n] + heights_rank * self.colourings[n] + colour_rank
    }

    /// The board of `index`, which must be below [`Indexer::size`].
    #[inline]
    pub fn unrank(&self, index: u64) -> Parts {
        let n = self.discs(index);
        let r = index - self.base[n];
        let mut heights_rank = r / self.colourings[n];
        let mut colour_rank = r % self.colourings[n];
        // The colouring, as n bits in disc order.
        let mut compact = 0u64;
        let mut k = n.div_ceil(2);
        let mut p = n;
        // Branch-free: whether each disc is the first player's is a coin
        // flip the branch predictor cannot learn.
        while k > 0 && p > 0 {
            p -= 1;
            let c = self.binom[p * self.row + k];
            let take = u64::from(c <= colour_rank);
            colour_rank -= c * take;
            compact |= take << p;
            k -= take as usize;
        }
        if let Some(vectors) = &self.vectors {
            let all = vectors[(self.vector_base[n] + heights_rank) as usize];
            let mut first = 0u64;
            let mut offset = 0;
            for c in 0..self.width {
                let shift = c * self.stride;
                let column = (all >> shift) & self.column;
                first |= ((compact >> offset) & column) << shift;
                offset += column.count_ones();
            }
            return Parts {
                discs: n,
                first,
                all,
            };
        }
        let mut left = n;
        let mut all = 0u64;
        let mut first = 0u64;
        let mut offset = 0;
        for c in 0..self.width {
            let rest = self.width - 1 - c;
            let mut h = 0;
            loop {
                let count = self.ways[rest * self.row + left - h];
                if heights_rank < count || h == self.height.min(left) {
                    break;
                }
                heights_rank -= count;
                h += 1;
            }
            left -= h;
            let shift = c * self.stride;
            let column = (1u64 << h) - 1;
            all |= column << shift;
            first |= ((compact >> offset) & column) << shift;
            offset += h;
        }
        Parts {
            discs: n,
            first,
            all,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let sizes = [
            ((4, 4), 201_755),
            ((5, 4), 5_621_939),
            ((4, 5), 3_039_959),
            ((6, 4), 159_643_961),
            ((4, 6), 45_340_631),
            ((5, 5), 171_976_899),
            ((5, 6), 5_167_808_119),
            ((6, 5), 9_918_556_649),
            ((7, 6), 70_728_639_995_483),
        ];
        for ((w, h), size) in sizes {
            assert_eq!(Indexer::new(w, h).unwrap().size(), size, "{w} x {h}");
        }
    }

    fn check(ix: &Indexer, i: u64) {
        let parts = ix.unrank(i);
        assert_eq!(ix.rank(parts), i, "index {i}");
        assert_eq!(ix.discs(i), parts.discs);
        assert_eq!(parts.all.count_ones() as usize, parts.discs);
        assert_eq!(parts.first.count_ones() as usize, parts.discs.div_ceil(2));
        assert_eq!(parts.first & !parts.all, 0);
    }

    /// Every index of small boards, with and without the vector table.
    #[test]
    fn round_trip_small() {
        for (w, h) in [(1, 1), (2, 3), (3, 3), (4, 4), (3, 2), (5, 2)] {
            let ix = Indexer::new(w, h).unwrap();
            assert!(ix.vectors.is_some());
            let mut scan = ix.clone();
            scan.vectors = None;
            for i in 0..ix.size() {
                check(&ix, i);
                check(&scan, i);
                assert_eq!(ix.unrank(i), scan.unrank(i));
            }
        }
    }

    /// Spread-out indices of large boards (7 x 6 with the table, the
    /// others without).
    #[test]
    fn round_trip_large() {
        for (w, h) in [(7, 6), (8, 7), (7, 8), (9, 6)] {
            let ix = Indexer::new(w, h).unwrap();
            assert_eq!(ix.vectors.is_some(), (w, h) == (7, 6));
            let mut x = 12345u64;
            for _ in 0..20_000 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                check(&ix, x % ix.size());
            }
            check(&ix, ix.size() - 1);
            check(&ix, 0);
        }
    }
}
