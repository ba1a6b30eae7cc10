//! The Stones judge format (ZOJ 3964): cases in, winners out.
//!
//! ```text
//! T                      number of cases, 1..=1000000
//! n                      number of piles, 1..=100000
//! a_1 .. a_n             stones per pile, each 1..=10^9
//! b_1 .. b_n             constraint per pile, each 0..=2
//! ... (T cases; the sum of n over all cases is at most 1000000)
//! ```
//! Output is one line per case: `Alice` or `Bob`. Any run of whitespace
//! separates numbers; line breaks are not required where shown. The problem
//! bounds T only through the sum of n: as every case has a pile, T is at most
//! 1000000.
//!
//! # Memory
//! A pile is decided only once its `b` is known, and all of a case's `a`
//! come first, so something of each pile must wait. What must wait cannot be
//! less than the stones themselves: with one restricted pile `P`, Alice's
//! chances hang on whether `a_P` equals the Nim sum of the others, which is
//! only known at the end. So each `a_i` waits as a `u32` (they are below
//! 2^30) in one buffer of at most [`MAX_PILES`] entries, reused by every
//! case; with the scanner's 64 KiB block that bounds memory at about 460 KB
//! whatever the input's size.

use std::io::Read;

use gametable::{Constraint, Pile, Player, StonesPosition};

use crate::judge::scan::{InputError, Scanner};

/// The bound on the number of cases (every case has a pile).
pub const MAX_CASES: u64 = 1_000_000;
/// The judge format's bound on the piles of one case.
pub const MAX_PILES: u64 = 100_000;
/// The judge format's bound on the piles of all cases together.
pub const MAX_TOTAL_PILES: u64 = 1_000_000;
/// The judge format's bound on the stones of a pile.
pub const MAX_STONES: u64 = 1_000_000_000;

/// Answers every case of judge input `input`, appending one line per case to
/// `out`. Nothing is appended unless all input is valid. No allocation per
/// case or per number: messages are built only on the error path.
///
/// # Errors
/// The first malformed token, value out of range, missing number, total of
/// piles over [`MAX_TOTAL_PILES`] or extra input after the last case, with its
/// line.
pub fn answer(input: impl Read, out: &mut Vec<u8>) -> Result<(), InputError> {
    let start = out.len();
    answer_all(&mut Scanner::new(input), out).inspect_err(|_| out.truncate(start))
}

fn answer_all<R: Read>(scanner: &mut Scanner<R>, out: &mut Vec<u8>) -> Result<(), InputError> {
    let count = scanner.next_in(1, MAX_CASES, || "the number of cases T".into())?;
    // The stones of the current case, waiting for their constraints.
    let mut stones: Vec<u32> = Vec::new();
    let mut total: u64 = 0;
    for case in 1..=count.value {
        let n = scanner.next_in(1, MAX_PILES, || {
            format!("case {case}: the number of piles n")
        })?;
        total += n.value;
        if total > MAX_TOTAL_PILES {
            return Err(InputError::value(
                n,
                format!(
                    "case {case}: the piles of all cases add up to {total}, over {MAX_TOTAL_PILES}"
                ),
            ));
        }
        let piles = n.value as usize;
        stones.clear();
        if piles > stones.capacity() {
            // Grow by doubling, but never past the largest case.
            let target = piles.max(stones.capacity().saturating_mul(2));
            stones.reserve_exact(target.min(MAX_PILES as usize));
        }
        for i in 1..=piles {
            let a = scanner.next_in(1, MAX_STONES, || {
                format!("case {case}: the stones a_{i} of pile {i}")
            })?;
            stones.push(a.value as u32);
        }
        let mut position = StonesPosition::new();
        for (i, &a) in stones.iter().enumerate() {
            let b = scanner.next_in(0, 2, || {
                format!("case {case}: the constraint b_{0} of pile {0}", i + 1)
            })?;
            // A table rather than a match: constraints come in random order.
            let pile = Constraint::ALL
                .get(b.value as usize)
                .and_then(|&constraint| Pile::new(u64::from(a), constraint))
                // Unreachable: a and b were checked above.
                .ok_or_else(|| InputError::value(b, format!("case {case}: not a pile")))?;
            position.add(pile);
        }
        out.extend_from_slice(match position.winner() {
            Player::Alice => b"Alice\n",
            Player::Bob => b"Bob\n",
        });
    }
    scanner.finish("more input after the last case")
}

/// Appends a valid judge input of `piles` piles in all (at least 1) to `out`:
/// cases of [`MAX_PILES`] piles and a last smaller one, stones drawn from
/// `1..=10^9` (mostly 9 or 10 digits), constraints from `0..=2`; the same
/// `seed` gives the same bytes. For benchmarks.
#[doc(hidden)]
pub fn write_random_input(seed: u64, piles: u64, out: &mut Vec<u8>) {
    let piles = piles.clamp(1, MAX_TOTAL_PILES);
    let mut rng = crate::engine::rng::SplitMix64::new(seed);
    let mut random = move || rng.next_u64();
    let cases = piles.div_ceil(MAX_PILES);
    out.extend_from_slice(format!("{cases}\n").as_bytes());
    let mut left = piles;
    while left > 0 {
        let n = left.min(MAX_PILES);
        left -= n;
        out.extend_from_slice(format!("{n}\n").as_bytes());
        for i in 0..n {
            let a = 1 + random() % MAX_STONES;
            let sep = if i + 1 == n { "\n" } else { " " };
            out.extend_from_slice(format!("{a}{sep}").as_bytes());
        }
        for i in 0..n {
            let b = random() % 3;
            out.extend_from_slice(&[b'0' + b as u8, if i + 1 == n { b'\n' } else { b' ' }]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, String> {
        let mut out = b"kept\n".to_vec();
        match answer(input.as_bytes(), &mut out) {
            Ok(()) => Ok(String::from_utf8_lossy(&out).into_owned()),
            Err(e) => {
                assert_eq!(out, b"kept\n", "output touched on error");
                Err(e.to_string())
            }
        }
    }

    const SAMPLE: &str = "3\n2\n4 1\n1 0\n1\n3\n2\n1\n1\n2\n";

    #[test]
    fn sample() {
        assert_eq!(run(SAMPLE), Ok("kept\nAlice\nBob\nBob\n".into()));
        // Any whitespace, blank lines, no final newline.
        assert_eq!(
            run("\n 3 2\t4 1 1 0\r\n\n1 3 2 1 1 2"),
            Ok("kept\nAlice\nBob\nBob\n".into())
        );
    }

    #[test]
    fn case_count() {
        assert_eq!(
            run("0\n"),
            Err("line 1: the number of cases T must be in 1..=1000000 (found \"0\")".into())
        );
        assert_eq!(
            run("1000001\n"),
            Err("line 1: the number of cases T must be in 1..=1000000 (found \"1000001\")".into())
        );
        assert_eq!(
            run(""),
            Err("line 1: expected the number of cases T (input ended)".into())
        );
    }

    #[test]
    fn pile_count() {
        assert_eq!(
            run("1\n0\n"),
            Err("line 2: case 1: the number of piles n must be in 1..=100000 (found \"0\")".into())
        );
        assert_eq!(
            run("2\n1\n1\n0\n100001\n"),
            Err(
                "line 5: case 2: the number of piles n must be in 1..=100000 (found \"100001\")"
                    .into()
            )
        );
        assert_eq!(
            run("2\n1\n1\n0\n"),
            Err("line 4: expected case 2: the number of piles n (input ended)".into())
        );
    }

    #[test]
    fn total_piles() {
        // Ten cases of 100000 piles would be fine; the eleventh n is refused
        // before anything is read or reserved for it. Build the input lazily.
        let case = format!(
            "100000\n{}\n{}\n",
            "7 ".repeat(100_000),
            "0 ".repeat(100_000)
        );
        let input = format!("11\n{}1\n", case.repeat(10));
        let mut out = Vec::new();
        let err = answer(input.as_bytes(), &mut out).unwrap_err().to_string();
        assert_eq!(
            err,
            "line 32: case 11: the piles of all cases add up to 1000001, over 1000000 (found \"1\")"
        );
        assert!(out.is_empty());
    }

    #[test]
    fn stones_and_constraints() {
        assert_eq!(
            run("1\n2\n4 0\n1 0\n"),
            Err(
                "line 3: case 1: the stones a_2 of pile 2 must be in 1..=1000000000 (found \"0\")"
                    .into()
            )
        );
        assert_eq!(
            run("1\n1\n1000000001\n0\n"),
            Err("line 3: case 1: the stones a_1 of pile 1 must be in 1..=1000000000 (found \"1000000001\")".into())
        );
        assert_eq!(
            run("1\n2\n4 1\n1 3\n"),
            Err(
                "line 4: case 1: the constraint b_2 of pile 2 must be in 0..=2 (found \"3\")"
                    .into()
            )
        );
        assert_eq!(
            run("1\n2\n4 1\n1 x\n"),
            Err(
                "line 4: case 1: the constraint b_2 of pile 2: expected an unsigned integer (found \"x\")"
                    .into()
            )
        );
    }

    #[test]
    fn missing_numbers() {
        assert_eq!(
            run("1\n2\n4\n"),
            Err("line 3: expected case 1: the stones a_2 of pile 2 (input ended)".into())
        );
        assert_eq!(
            run("1\n2\n4 1\n1"),
            Err("line 4: expected case 1: the constraint b_2 of pile 2 (input ended)".into())
        );
    }

    #[test]
    fn extra_input() {
        assert_eq!(
            run("1\n1\n2\n2\n\n 5\n"),
            Err("line 6: more input after the last case (found \"5\")".into())
        );
    }

    #[test]
    fn random_input_is_valid() {
        let mut input = Vec::new();
        write_random_input(7, 250_001, &mut input);
        let mut out = Vec::new();
        assert!(answer(input.as_slice(), &mut out).is_ok());
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 3);
    }

    /// `cargo test --release --no-default-features -p gametable-gen --lib
    /// judge::stones::tests::speed -- --ignored --nocapture`
    #[test]
    #[ignore = "a benchmark: run in release"]
    fn speed() {
        let mut input = Vec::new();
        write_random_input(1, MAX_TOTAL_PILES, &mut input);
        let mut out = Vec::new();
        let mut best = std::time::Duration::MAX;
        for _ in 0..20 {
            out.clear();
            let start = std::time::Instant::now();
            assert!(answer(input.as_slice(), &mut out).is_ok());
            best = best.min(start.elapsed());
        }
        println!(
            "{} bytes, 10^6 piles, from memory: best {best:?}",
            input.len()
        );
        // From a file, as from a redirected stdin.
        let path = std::env::temp_dir().join(format!("stones-speed-{}.in", std::process::id()));
        assert!(std::fs::write(&path, &input).is_ok());
        let mut best = std::time::Duration::MAX;
        for _ in 0..20 {
            out.clear();
            let start = std::time::Instant::now();
            let file = std::fs::File::open(&path);
            assert!(file.is_ok_and(|f| answer(f, &mut out).is_ok()));
            best = best.min(start.elapsed());
        }
        let _ = std::fs::remove_file(&path);
        println!("from a file: best {best:?}");
    }
}
