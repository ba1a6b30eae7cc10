//! The embedded (8, 5) table, [`gametable::CLASSIC`], checked one move deep
//! against the rules of Cards, using nothing but the rules and the table.
//!
//! For each of the 245,025 states:
//! - the both-zero state (index 0) is "not a position", and no other is;
//! - the waiting player all zeros: a loss for the player to move; the player
//!   to move all zeros (and the other not): a win;
//! - otherwise, with the successors generated forward from the rules (own
//!   card `a != 0`, opponent's card `b != 0`, `a` becomes `(a + b) mod 5`,
//!   roles swap): a win has a successor that is a loss; a loss has at least
//!   one successor and all are wins; a draw has no successor that is a loss
//!   and at least one that is a draw.
//!
//! Plus the published counts: 121,365 wins, 74,605 losses, 49,054 draws.
//!
//! # What this does not prove
//! These are local consistency conditions. They are necessary but not
//! sufficient: on a cycle of positions, a table that labels the states as
//! alternating wins and losses that "justify" each other forever, where the
//! true value is a draw, would pass every one-move check. Ruling that out
//! needs a full solve from the terminal states, which is what
//! `generator/tests/reference_agrees.rs` does: it compares the production
//! sweep with an independently written fixpoint solver on every state (and
//! the embedded table is the sweep's output, pinned by the counts here).
//! This root package cannot depend on the generator, hence this split.
#![cfg(feature = "embedded")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use gametable::{code, CardsTable, Hand, Position, Variant, CLASSIC};

/// The state indices reachable in one move from `position`, generated from
/// the rules: after the move the old waiting hand is to move.
fn successors(position: &Position) -> Vec<u64> {
    let v = position.variant();
    let m = v.modulus();
    let (mine, theirs) = (position.to_move(), position.waiting());
    let hands = u64::from(v.hands());
    let mut result = Vec::new();
    for a in 1..m {
        for b in 1..m {
            if mine.count(a) == 0 || theirs.count(b) == 0 {
                continue;
            }
            let mut counts = mine.counts().to_vec();
            counts[a as usize] -= 1;
            counts[((a + b) % m) as usize] += 1;
            let after = Hand::from_counts(v, &counts).unwrap();
            result.push(u64::from(theirs.rank()) * hands + u64::from(after.rank()));
        }
    }
    result
}

/// Checks `table` one move deep (see the file docs) and returns how many
/// states hold each code; the first violation as an error message.
fn check(table: &CardsTable<'_>) -> Result<[u64; 4], String> {
    let v = table.variant();
    let mut counts = [0u64; 4];
    for i in 0..v.states() {
        let here = table.code(i);
        counts[here as usize] += 1;
        let Ok(p) = Position::from_index(v, i) else {
            // Only the both-zero state, index 0, is not a position.
            if i != 0 || here != code::NOT_A_POSITION {
                return Err(format!("state {i}: not a position, code {here}"));
            }
            continue;
        };
        assert_eq!(p.index(), i);
        let at = || {
            format!(
                "state {i}: to move {:?}, waiting {:?}, code {here}",
                p.to_move().cards().collect::<Vec<_>>(),
                p.waiting().cards().collect::<Vec<_>>()
            )
        };
        if p.waiting().is_all_zero() {
            if here != code::LOSS {
                return Err(format!("{}: waiting all zero, not a loss", at()));
            }
            continue;
        }
        if p.to_move().is_all_zero() {
            if here != code::WIN {
                return Err(format!("{}: to move all zero, not a win", at()));
            }
            continue;
        }
        let next: Vec<u8> = successors(&p).iter().map(|&s| table.code(s)).collect();
        let ok = !next.is_empty()
            && !next.contains(&code::NOT_A_POSITION)
            && match here {
                code::WIN => next.contains(&code::LOSS),
                code::LOSS => next.iter().all(|&c| c == code::WIN),
                code::DRAW => !next.contains(&code::LOSS) && next.contains(&code::DRAW),
                _ => false,
            };
        if !ok {
            return Err(format!("{}: successor codes {next:?}", at()));
        }
    }
    Ok(counts)
}

#[test]
fn embedded_table_is_consistent_one_move_deep() {
    assert_eq!(CLASSIC.variant(), Variant::CLASSIC);
    assert_eq!(Variant::CLASSIC.states(), 245_025);
    let counts = check(&CLASSIC).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counts[code::WIN as usize], 121_365);
    assert_eq!(counts[code::LOSS as usize], 74_605);
    assert_eq!(counts[code::DRAW as usize], 49_054);
    assert_eq!(counts[code::NOT_A_POSITION as usize], 1);
}

#[test]
fn the_check_catches_single_changes() {
    // Changing any one state's code should break the one-move conditions
    // somewhere; try the first few states of each code, every other code.
    let v = Variant::CLASSIC;
    for from in [code::WIN, code::LOSS, code::DRAW] {
        let picked: Vec<u64> = (1..v.states())
            .filter(|&i| CLASSIC.code(i) == from)
            .step_by(9_973)
            .take(3)
            .collect();
        for i in picked {
            for to in [code::WIN, code::LOSS, code::DRAW] {
                if to == from {
                    continue;
                }
                let mut bytes = CLASSIC.as_bytes().to_vec();
                let (byte, shift) = ((i / 4) as usize, 2 * (i % 4));
                bytes[byte] = (bytes[byte] & !(3 << shift)) | (to << shift);
                let table = CardsTable::check_length(v, &bytes).unwrap();
                assert!(
                    check(&table).is_err(),
                    "state {i} changed from code {from} to {to} went unnoticed"
                );
            }
        }
    }
}
