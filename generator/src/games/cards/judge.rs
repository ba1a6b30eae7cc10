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
//!
//! A table read from a file answers through [`RuleChecked`], which checks
//! each verdict one move deep against the rules before it is given: its
//! checksums say only that the file is as written, not that what was
//! written is right.

use std::fmt;
use std::io::Read;

use gametable::{
    CardsTable, Hand, OpenTable, Outcome, Player, Position, PositionError, Variant, Verdict,
    MAX_CARDS, MAX_MODULUS, MAX_MOVES,
};

use super::notation::describe_position;
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
    /// As [`CardsTable::verdict`], and a verdict the rules contradict.
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, Unanswered>;
}

/// Why a situation gets no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// The hands are no position of the table's variant (both all zeros).
    Position(PositionError),
    /// The table's answer is one the rules contradict one move deep (a
    /// damaged or forged table): the position and why, in words.
    Contradicted(String),
}

impl fmt::Display for Unanswered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unanswered::Position(e) => e.fmt(f),
            Unanswered::Contradicted(why) => f.write_str(why),
        }
    }
}

// The embedded tables are compiled in, and the tests check them whole
// against independent solvers: their verdicts are given as read.
impl Verdicts for CardsTable<'_> {
    fn variant(&self) -> Variant {
        CardsTable::variant(self)
    }
    #[inline]
    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, Unanswered> {
        CardsTable::verdict(self, first, alice, bob).map_err(Unanswered::Position)
    }
}

/// An outcome table read from a file (full or symmetry-reduced), trusted
/// for nothing: each verdict is checked against the rules one move deep
/// before it is given. The moves come from the lookup crate's rules
/// ([`Position::legal_moves`], [`Position::play`]), not from the sweep's
/// tables, and the outcome they make the situation is the engine's one
/// statement of that rule ([`crate::engine::deep::implied`]), as `query`
/// checks its answers.
///
/// One state changed in a table, its checksums made right again, is caught
/// wherever it is asked: every outcome's label is contradicted by its own
/// moves once it changes. A forgery that keeps every state consistent with
/// its moves is not (only `gametable verify --deep` checks every state).
pub struct RuleChecked {
    table: OpenTable,
}

impl RuleChecked {
    /// Answers from `table`, checked.
    pub fn new(table: OpenTable) -> RuleChecked {
        RuleChecked { table }
    }

    /// Why the table's `outcome` for `position` is not the one its moves
    /// make it, if it is not.
    fn contradiction(&self, position: &Position, outcome: Outcome) -> Option<String> {
        let ending = if position.to_move().is_all_zero() {
            Some(Outcome::Win)
        } else if position.waiting().is_all_zero() {
            Some(Outcome::Loss)
        } else {
            None
        };
        // At most `MAX_MOVES` moves: no allocation per situation.
        let mut moves = [(Outcome::Draw, None); MAX_MOVES];
        let mut count = 0;
        for (mine, theirs) in position.legal_moves() {
            let after = match position.play(mine, theirs) {
                Ok(after) => after,
                Err(e) => return Some(format!("the legal move {mine} {theirs} is refused: {e}")),
            };
            let Some(code) = Outcome::from_code(self.table.code(after.index())) else {
                return Some(format!(
                    "its move {mine} {theirs} leads to a state the table calls no position ({})",
                    describe_position(&after)
                ));
            };
            // Never past the array: a position has at most MAX_MOVES moves.
            if let Some(slot) = moves.get_mut(count) {
                *slot = (code, None);
                count += 1;
            }
        }
        let (expected, _) =
            crate::engine::deep::implied(ending, moves.get(..count).unwrap_or(&[]), false);
        (expected != outcome)
            .then(|| format!("the table says {outcome} but its moves make it {expected}"))
    }
}

impl Verdicts for RuleChecked {
    fn variant(&self) -> Variant {
        self.table.variant()
    }

    fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, Unanswered> {
        let (to_move, waiting) = match first {
            Player::Alice => (alice, bob),
            Player::Bob => (bob, alice),
        };
        let position = Position::new(to_move, waiting).map_err(Unanswered::Position)?;
        if position.variant() != self.table.variant() {
            return Err(Unanswered::Position(PositionError::VariantMismatch));
        }
        let Some(outcome) = Outcome::from_code(self.table.code(position.index())) else {
            return Err(Unanswered::Contradicted(format!(
                "the table calls this situation no position ({})",
                describe_position(&position)
            )));
        };
        if let Some(why) = self.contradiction(&position, outcome) {
            return Err(Unanswered::Contradicted(format!(
                "the table contradicts the rules at this situation ({}): {why}",
                describe_position(&position)
            )));
        }
        Ok(Verdict::from_outcome(first, outcome))
    }
}

/// Why judge input got no answers.
#[derive(Debug)]
pub enum JudgeError {
    /// The input is not judge input for the table's variant.
    Input(InputError),
    /// The table's answer to a situation is one the rules contradict.
    Table {
        /// The situation, from 1.
        situation: u64,
        /// The line its last card was read on.
        line: u64,
        /// The position and what contradicts the answer.
        why: String,
    },
}

impl From<InputError> for JudgeError {
    fn from(e: InputError) -> JudgeError {
        JudgeError::Input(e)
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => e.fmt(f),
            JudgeError::Table {
                situation,
                line,
                why,
            } => write!(f, "line {line}: situation {situation}: {why}"),
        }
    }
}

impl std::error::Error for JudgeError {}

/// Answers every situation of judge input `input` from `table`, appending one
/// line per situation to `out`. Nothing is appended unless all input is valid.
/// No allocation per situation: messages are built only on the error path.
///
/// # Errors
/// The first malformed token, value out of range, missing number, extra
/// input after the last situation, or both hands all zero, with its line;
/// or the first situation whose answer the rules contradict.
pub fn answer(
    input: impl Read,
    table: &impl Verdicts,
    out: &mut Vec<u8>,
) -> Result<(), JudgeError> {
    let start = out.len();
    answer_all(&mut Scanner::new(input), table, out).inspect_err(|_| out.truncate(start))
}

fn answer_all<R: Read>(
    scanner: &mut Scanner<R>,
    table: &impl Verdicts,
    out: &mut Vec<u8>,
) -> Result<(), JudgeError> {
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
        // Named at the line the hands' last card was read on: hands that
        // are no position (both all zeros), or a table the rules contradict.
        let verdict = table
            .verdict(player, hands[0], hands[1])
            .map_err(|e| match e {
                Unanswered::Position(e) => JudgeError::Input(InputError::at(
                    scanner.line(),
                    "",
                    format!("situation {situation}: {e}"),
                )),
                Unanswered::Contradicted(why) => JudgeError::Table {
                    situation,
                    line: scanner.line(),
                    why,
                },
            })?;
        out.extend_from_slice(verdict_line(verdict));
    }
    let last = match count.value {
        1 => "the only situation".to_string(),
        n => format!("the last of the {n} situations"),
    };
    Ok(scanner.finish(&format!("more input after {last}"))?)
}

fn verdict_line(verdict: Verdict) -> &'static [u8] {
    match verdict {
        Verdict::Alice => b"Alice\n",
        Verdict::Bob => b"Bob\n",
        Verdict::Deal => b"Deal\n",
    }
}
