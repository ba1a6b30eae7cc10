//! Binomial coefficients for the combinatorial number system.
//!
//! A `const` Pascal triangle covers every coefficient a supported variant can
//! ask for while ranking a hand (`n <= MAX_CARDS + MAX_MODULUS - 1`,
//! `k < MAX_MODULUS`), so ranking is table loads and adds.

use crate::variant::{MAX_CARDS, MAX_MODULUS};

const ROWS: usize = MAX_CARDS as usize + MAX_MODULUS as usize;
const COLUMNS: usize = MAX_MODULUS as usize;

/// `PASCAL[n][k] = C(n, k)`, saturating at `u64::MAX`.
static PASCAL: [[u64; COLUMNS]; ROWS] = pascal();

/// `C(n, k)` for a hand's rank term: `n = prefix + k - 1` with a prefix of
/// at most MAX_CARDS cards and `k < MAX_MODULUS`, so `n < ROWS` and
/// `k < COLUMNS` always hold and no range check is needed.
#[inline(always)]
#[allow(clippy::indexing_slicing)] // see above: both indices are in range by construction
pub(crate) const fn rank_term(prefix: usize, k: usize) -> u64 {
    PASCAL[prefix + k - 1][k]
}

#[allow(clippy::indexing_slicing)] // const fn, no `get` there; n < ROWS and k < COLUMNS by the loops
const fn pascal() -> [[u64; COLUMNS]; ROWS] {
    let mut table = [[0u64; COLUMNS]; ROWS];
    let mut n = 0;
    while n < ROWS {
        table[n][0] = 1;
        let mut k = 1;
        while k < COLUMNS {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1].saturating_add(table[n - 1][k])
            };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, k)`, saturating at `u64::MAX`; 0 when `k > n`. Valid for every `n`
/// and `k` (outside the table it is computed).
#[allow(clippy::indexing_slicing)] // const fn; both indices checked against ROWS and COLUMNS first
#[inline]
pub(crate) const fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    if (n as usize) < ROWS && (k as usize) < COLUMNS {
        return PASCAL[n as usize][k as usize];
    }
    // C(n, k) = prod (n - k + i) / i, exact at every step.
    let mut result: u128 = 1;
    let mut i = 1;
    while i <= k {
        result = result * (n - k + i) as u128 / i as u128;
        if result > u64::MAX as u128 {
            return u64::MAX;
        }
        i += 1;
    }
    result as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values() {
        assert_eq!(binomial(12, 4), 495);
        assert_eq!(binomial(20, 4), 4845);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(0, 0), 1);
    }

    #[test]
    fn table_agrees_with_formula_outside() {
        assert_eq!(binomial(100, 3), 161_700);
        assert_eq!(binomial(79, 15), PASCAL[79][15]);
    }
}
