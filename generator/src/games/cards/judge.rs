//! The Cards judge format (Codeforces 919F): situations in, verdicts out.
//!
//! ```text
//! T                      number of situations, 1..=100000
//! f                      0: Alice moves first, 1: Bob moves first
//! a1 .. an               Alice's cards, each below the modulus
//! b1 .. bn               Bob's cards
//! ```
//! Output is one line per situation: `Alice`, `Bob` or `Deal`. Any run of
//! whitespace separates numbers; line breaks are not required where shown.

use std::io::Read;

use gametable::{
    CardsTable, Hand, OpenTable, Player, PositionError, Variant, Verdict, MAX_CARDS, MAX_MODULUS,
};

use crate::judge::scan::{self, InputError, Scanner};

/// The judge format's bound on the number of situations.
pub const MAX_SITUATIONS: u64 = 100_000;

/// What answering judge input needs of an outcome table: its variant and
/// verdicts. The embedded [`CardsTable`] and an [`OpenTable`] (full or
/// symmetry-reduced) both answer.
pub trait Verdicts {
    /// The variant the table solves.
    fn variant(&self) -> Variant;
    /// As [`CardsTable::verdict`].
    ///
    /// # Errors
    /// As [`CardsTable::verdict`].
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, PositionError>;
}

impl Verdicts for CardsTable<'_> {
    fn variant(&self) -> Variant {
        CardsTable::variant(self)
    }
    #[inline]
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, PositionError> {
        CardsTable::verdict(self, first, alice, bob)
    }
}

impl Verdicts for OpenTable {
    fn variant(&self) -> Variant {
        OpenTable::variant(self)
    }
    #[inline]
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, PositionError> {
        OpenTable::verdict(self, first, alice, bob)
    }
}

/// Answers every situation of judge input `input` from `table`, appending one
/// line per situation to `out`. Nothing is appended unless all input is valid.
/// No allocation per situation: messages are built only on the error path.
///
/// # Errors
/// The first malformed token, value out of range, missing number, extra
/// input after the last situation, or both hands all zero, with its line.
pub fn answer(
    input: impl Read,
    table: &impl Verdicts,
    out: &mut Vec<u8>,
) -> Result<(), InputError> {
    let start = out.len();
    answer_all(&mut Scanner::new(input), table, out).inspect_err(|_| out.truncate(start))
}

fn answer_all<R: Read>(
    scanner: &mut Scanner<R>,
    table: &impl Verdicts,
    out: &mut Vec<u8>,
) -> Result<(), InputError> {
    let variant = table.variant();
    let n = variant.cards() as usize;
    let top = u64::from(variant.modulus()) - 1;
    let count = scanner.next_in(1, MAX_SITUATIONS, || "the number of situations T".into())?;
    // One situation's numbers, for the fast path: who moves, then both hands.
    let mut digits = [0u8; 1 + 2 * MAX_CARDS as usize];
    let digits = &mut digits[..1 + 2 * n];
    for situation in 1..=count.value {
        // Count values as they are read: a hand is a multiset.
        let mut counts = [[0u8; MAX_MODULUS as usize]; 2];
        let first = match scanner.take_digits(digits, 1, top as u8) {
            Some(line) => {
                let (alice, bob) = digits[1..].split_at(n);
                for (hand, cards) in counts.iter_mut().zip([alice, bob]) {
                    for &value in cards {
                        hand[usize::from(value)] += 1;
                    }
                }
                scan::Token {
                    value: u64::from(digits[0]),
                    line,
                }
            }
            // Anything unusual, including every error: number by number.
            None => {
                let first = scanner.next_in(0, 1, || {
                    format!("situation {situation}: who moves first (0: Alice, 1: Bob)")
                })?;
                for (hand, name) in counts.iter_mut().zip(["Alice", "Bob"]) {
                    for i in 0..n {
                        let token = scanner.next_in(0, top, || {
                            format!("situation {situation}: {name}'s card {}", i + 1)
                        })?;
                        hand[token.value as usize] += 1;
                    }
                }
                first
            }
        };
        let mut hands = [Hand::all_zero(variant); 2];
        for ((hand, counts), name) in hands.iter_mut().zip(&counts).zip(["Alice", "Bob"]) {
            *hand = Hand::from_count_array(variant, *counts).map_err(|e| {
                InputError::at(
                    scanner.line(),
                    "",
                    format!("situation {situation}: {name}: {e}"),
                )
            })?;
        }
        let player = if first.value == 0 {
            Player::Alice
        } else {
            Player::Bob
        };
        // Only the hands can fail here (both all zeros): named at the line
        // their last card was read on.
        let verdict = table.verdict(player, hands[0], hands[1]).map_err(|e| {
            InputError::at(scanner.line(), "", format!("situation {situation}: {e}"))
        })?;
        out.extend_from_slice(verdict_line(verdict));
    }
    scanner.finish(&format!(
        "more input after the last of the {} situations",
        count.value
    ))
}

fn verdict_line(verdict: Verdict) -> &'static [u8] {
    match verdict {
        Verdict::Alice => b"Alice\n",
        Verdict::Bob => b"Bob\n",
        Verdict::Deal => b"Deal\n",
    }
}
