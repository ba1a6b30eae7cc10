//! What must hold for any input, checked by the fuzz targets (`fuzz/`) and
//! replayed on saved inputs by `tests/fuzz_regressions.rs` without a fuzzer.
//!
//! Each `check_*` takes arbitrary bytes and panics only when a property
//! fails: the code under test panicked, accepted what a slow, independent
//! reference refuses (or the reverse), answered differently from it, or
//! accepted a table that does not pass its checksums.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::sync::OnceLock;

use clap::Parser;
use gametable::{code, CardsTable, Hand, Player, Variant};
use gametable_gen::cli::args::{Cli, Command, QueryGame};
use gametable_gen::games::cards::files::{DistanceFile, OutcomeFile};

/// The bytes the scanner counts as separators (C's `isspace`).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The judge tokens as plain numbers, or `None` if any token is not an
/// unsigned decimal below 2^64, after a UTF-8 byte-order mark at the start
/// if any. Leading zeros may run to any length, as `scanf` reads them (the
/// scanner's 64-character limit counts the digits after them, and a number
/// below 2^64 has at most 20).
fn tokens(data: &[u8]) -> Option<Vec<u64>> {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    data.split(|&b| is_space(b))
        .filter(|t| !t.is_empty())
        .map(|t| {
            if !t.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let significant = t
                .iter()
                .position(|&d| d != b'0')
                .map_or(&b"0"[..], |i| &t[i..]);
            std::str::from_utf8(significant).ok()?.parse::<u64>().ok()
        })
        .collect()
}

/// Every (8, 5) outcome code from the simple reference solver, computed once.
fn reference_codes() -> &'static [u8] {
    static CODES: OnceLock<Vec<u8>> = OnceLock::new();
    CODES.get_or_init(|| {
        gametable_gen::games::cards::reference::solve_codes(Variant::CLASSIC)
            .expect("(8, 5) is small")
    })
}

/// The reference verdict of one situation, or `None` when it is not a position.
fn reference_verdict(first: u64, alice: &[u64], bob: &[u64]) -> Option<&'static str> {
    let hand = |cards: &[u64]| {
        let mut counts = [0u8; 5];
        for &c in cards {
            counts[c as usize] += 1;
        }
        Hand::from_counts(Variant::CLASSIC, &counts).expect("8 cards below 5")
    };
    let (to_move, waiting) = if first == 0 {
        (hand(alice), hand(bob))
    } else {
        (hand(bob), hand(alice))
    };
    let index =
        u64::from(to_move.rank()) * u64::from(Variant::CLASSIC.hands()) + u64::from(waiting.rank());
    let (mover, other) = if first == 0 {
        ("Alice", "Bob")
    } else {
        ("Bob", "Alice")
    };
    match reference_codes()[index as usize] {
        code::WIN => Some(mover),
        code::LOSS => Some(other),
        code::DRAW => Some("Deal"),
        _ => None,
    }
}

/// The expected output of Cards judge input, or `None` if it must be refused.
pub fn cards_reference(data: &[u8]) -> Option<Vec<u8>> {
    let numbers = tokens(data)?;
    let (&t, mut rest) = numbers.split_first()?;
    if !(1..=100_000).contains(&t) {
        return None;
    }
    let mut out = String::new();
    for _ in 0..t {
        let situation = rest.get(..17)?;
        rest = &rest[17..];
        let (first, cards) = situation.split_first()?;
        if *first > 1 || cards.iter().any(|&c| c > 4) {
            return None;
        }
        out.push_str(reference_verdict(*first, &cards[..8], &cards[8..])?);
        out.push('\n');
    }
    rest.is_empty().then(|| out.into_bytes())
}

/// The Stones closed form (ZOJ 3964), restated from the rules' proof over
/// plain numbers: `true` when Alice, moving first, wins.
pub fn stones_alice_wins(piles: &[(u64, u64)]) -> bool {
    let restricted: Vec<(u64, u64)> = piles
        .iter()
        .copied()
        .filter(|&(a, b)| b == 2 || (b == 1 && a >= 2))
        .collect();
    let x = piles
        .iter()
        .filter(|&&(a, b)| !(b == 2 || (b == 1 && a >= 2)))
        .fold(0u64, |x, &(a, _)| x ^ a);
    match restricted.as_slice() {
        [] => x != 0,
        [(a, b)] => {
            let finish = (*b == 1 && a % 2 == 1) || (*b == 2 && a % 2 == 0);
            (finish && x == 0) || (*b == 1 && a % 2 == 0 && x == 1)
        }
        _ => false,
    }
}

/// The expected output of Stones judge input, or `None` if it must be refused.
pub fn stones_reference(data: &[u8]) -> Option<Vec<u8>> {
    let numbers = tokens(data)?;
    let (&t, mut rest) = numbers.split_first()?;
    if !(1..=1_000_000).contains(&t) {
        return None;
    }
    let mut total = 0u64;
    let mut out = String::new();
    for _ in 0..t {
        let (&n, tail) = rest.split_first()?;
        if !(1..=100_000).contains(&n) {
            return None;
        }
        total += n;
        if total > 1_000_000 {
            return None;
        }
        let n = n as usize;
        let a = tail.get(..n)?;
        let b = tail.get(n..2 * n)?;
        rest = &tail[2 * n..];
        if a.iter().any(|&a| !(1..=1_000_000_000).contains(&a)) || b.iter().any(|&b| b > 2) {
            return None;
        }
        let piles: Vec<(u64, u64)> = a.iter().copied().zip(b.iter().copied()).collect();
        out.push_str(if stones_alice_wins(&piles) {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
    rest.is_empty().then(|| out.into_bytes())
}

fn compare<E: std::fmt::Display>(
    name: &str,
    got: Result<(), E>,
    out: &[u8],
    want: Option<Vec<u8>>,
) {
    match (got, want) {
        (Ok(()), Some(want)) => assert_eq!(out, want.as_slice(), "{name}: a different answer"),
        (Err(e), None) => {
            assert!(out.is_empty(), "{name}: output written before an error");
            assert!(e.to_string().starts_with("line "), "{name}: {e}");
        }
        (Ok(()), None) => panic!("{name}: accepted input the reference refuses"),
        (Err(e), Some(_)) => panic!("{name}: refused valid input: {e}"),
    }
}

/// The Cards judge parser against the reference solver.
pub fn check_cards_judge(data: &[u8]) {
    let mut out = Vec::new();
    let got = gametable_gen::games::cards::judge::answer(data, &gametable::CLASSIC, &mut out);
    compare("cards", got, &out, cards_reference(data));
}

/// The Stones judge parser against the restated closed form.
pub fn check_stones_judge(data: &[u8]) {
    let mut out = Vec::new();
    let got = gametable_gen::games::stones::judge::answer(data, &mut out);
    compare("stones", got, &out, stones_reference(data));
}

/// The table readers on `data` as given, and again with its trailing digest
/// made right, so that the header and payload checks are reached too.
pub fn check_table(data: &[u8]) {
    check_table_bytes(data);
    if let Some(body_len) = data.len().checked_sub(32) {
        let mut signed = data.to_vec();
        let digest = gametable_format::sha256(&signed[..body_len]);
        signed[body_len..].copy_from_slice(&digest);
        check_table_bytes(&signed);
    }
}

fn check_table_bytes(bytes: &[u8]) {
    match gametable_format::decode(bytes) {
        Ok(table) => {
            let (body, digest) = bytes.split_at(bytes.len() - 32);
            assert_eq!(gametable_format::sha256(body), digest, "file digest");
            assert_eq!(table.payload.len() as u64, table.header.payload_len);
            assert_eq!(
                gametable_format::sha256(&table.payload),
                table.header.payload_sha256,
                "payload digest"
            );
            assert!(table.header.check().is_ok());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let path = Path::new("fuzz.gtbl");
    match OutcomeFile::from_bytes(path, bytes) {
        Ok(file) => {
            assert!(gametable_format::decode(bytes).is_ok());
            let table = file.table();
            let variant = file.variant;
            assert_eq!(file.counts().iter().sum::<u64>(), variant.states());
            assert_eq!(file.counts()[code::NOT_A_POSITION as usize], 1);
            query_all_kinds(&table, bytes);
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.gtbl: "), "{e}"),
    }
    match DistanceFile::from_bytes(path, bytes) {
        Ok(file) => {
            let stats = file.stats();
            assert_eq!(
                stats.wins + stats.losses + stats.draws + 1,
                file.variant.states()
            );
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.gtbl: "), "{e}"),
    }
    // The lookup crate's checked constructor on raw bytes.
    if let Ok(table) = CardsTable::from_packed(Variant::CLASSIC, bytes) {
        query_all_kinds(&table, bytes);
    }
}

/// Queries a few positions chosen by `seed`: every answer is consistent
/// with the stored code, and only the both-zero pair is refused.
fn query_all_kinds(table: &CardsTable<'_>, seed: &[u8]) {
    let variant = table.variant();
    let hands = variant.hands();
    for (i, chunk) in seed.chunks(8).take(16).enumerate() {
        let x = chunk
            .iter()
            .fold(i as u32, |x, &b| x.wrapping_mul(31) ^ u32::from(b));
        let a = Hand::unrank(variant, x % hands).expect("rank in range");
        let b = Hand::unrank(variant, (x / hands.max(1)) % hands).expect("rank in range");
        let verdict = table.verdict(Player::Alice, a, b);
        assert_eq!(verdict.is_err(), a.is_all_zero() && b.is_all_zero());
    }
}

/// `gametable query ...` argument parsing: the words of `data` (split at
/// whitespace) after `gametable query`, parsed by the real clap definitions,
/// then the hands and piles as the command reads them, against references.
pub fn check_cli(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line is the subcommand and its flags; with `--piles` the
    // rest of the text is the pile list as one argument (it may hold spaces).
    let mut args: Vec<String> = vec!["gametable".into(), "query".into()];
    let (line, piles) = text.split_once('\n').unwrap_or((text, ""));
    args.extend(line.split_whitespace().map(String::from));
    if !piles.is_empty() {
        args.push(piles.to_string());
    }
    let Ok(cli) = Cli::try_parse_from(&args) else {
        return;
    };
    let Command::Query { game } = cli.command else {
        panic!("`gametable query` parsed as another command");
    };
    match game {
        QueryGame::Cards {
            first: Some(first),
            alice: Some(alice),
            bob: Some(bob),
            ..
        } => check_hands(first.player(), &alice, &bob),
        QueryGame::Cards {
            cards,
            modulus,
            query,
            ..
        } => {
            // A position in the notation: reading it never panics, and a
            // position read is written back to one that reads the same.
            let entry = gametable_gen::cli::registry::entry("cards").unwrap();
            if let (Ok(game), Some(text)) = (
                entry.build(&[
                    u64::from(cards.unwrap_or(8)),
                    u64::from(modulus.unwrap_or(5)),
                ]),
                query.position,
            ) {
                check_notation(&game, &text);
            }
        }
        QueryGame::Other(chosen) => {
            if let (Ok(game), Some(text)) = (chosen.game(), chosen.args.position) {
                check_notation(&game, &text);
            }
        }
        QueryGame::Stones { piles, .. } => check_piles(&piles),
    }
}

/// A position as `query <game> --position` reads it: no panic, and what
/// reads is written back to text that reads as the same state.
pub fn check_notation(game: &gametable_gen::cli::registry::BuiltIn, text: &str) {
    use gametable_gen::engine::Notation;
    gametable_gen::with_game!(game, g => {
        if let Ok((index, side)) = g.parse_spot(text) {
            let written = g.write_spot(index, side);
            assert_eq!(g.parse_spot(&written).ok(), Some((index, side)), "{text} -> {written}");
        }
    });
}

/// Hands as `query cards` reads them, on the embedded table.
pub fn check_hands(first: Player, alice: &[u8], bob: &[u8]) {
    let variant = Variant::CLASSIC;
    let valid = |cards: &[u8]| cards.len() == 8 && cards.iter().all(|&c| c < 5);
    let hands = (
        Hand::from_cards(variant, alice),
        Hand::from_cards(variant, bob),
    );
    let (Ok(a), Ok(b)) = hands else {
        assert!(!(valid(alice) && valid(bob)), "valid hands refused");
        return;
    };
    assert!(valid(alice) && valid(bob), "invalid hands accepted");
    let wide = |cards: &[u8]| cards.iter().map(|&c| u64::from(c)).collect::<Vec<_>>();
    let f = u64::from(first == Player::Bob);
    let want = reference_verdict(f, &wide(alice), &wide(bob));
    match gametable::CLASSIC.verdict(first, a, b) {
        Ok(verdict) => assert_eq!(Some(verdict.to_string().as_str()), want),
        Err(e) => assert!(want.is_none(), "refused a position: {e}"),
    }
}

/// A pile list as `query stones` reads it: parsed, decided, explained.
pub fn check_piles(text: &str) {
    let parsed = gametable_gen::games::stones::query::parse_piles(text);
    // The reference reading: comma-separated `a:b` with a >= 1, b <= 2.
    let reference: Option<Vec<(u64, u64)>> = if text.trim().is_empty() {
        None
    } else {
        text.split(',')
            .map(|item| {
                let (a, b) = item.split_once(':')?;
                let a: u64 = a.trim().parse().ok()?;
                let b: u64 = b.trim().parse().ok()?;
                (a >= 1 && b <= 2).then_some((a, b))
            })
            .collect()
    };
    match (parsed, reference) {
        (Ok(piles), Some(want)) => {
            let got: Vec<(u64, u64)> = piles
                .iter()
                .map(|p| (p.stones(), u64::from(p.constraint().code())))
                .collect();
            assert_eq!(got, want);
            let alice = stones_alice_wins(&want);
            let winner = gametable::stones::winner(piles.iter().copied());
            assert_eq!(winner == Player::Alice, alice, "winner of {want:?}");
            let explained = gametable_gen::games::stones::query::explain(&piles);
            assert!(explained.starts_with(if alice { "Alice wins" } else { "Bob wins" }));
            match gametable::stones::winning_move(&piles) {
                Some(step) => {
                    assert!(alice, "a winning move in a lost position");
                    let (a, b) = want[step.pile];
                    assert!(step.take >= 1 && step.take <= a);
                    assert!(
                        b == 0 || (b == 1) == (step.take % 2 == 1),
                        "Alice may not take that"
                    );
                    // After it, Bob moves in plain Nim with sum 0: he loses.
                    let mut after = want.clone();
                    after[step.pile].0 -= step.take;
                    after.retain(|&(a, _)| a > 0);
                    assert!(after.iter().all(|&(a, b)| b == 0 || (b == 1 && a == 1)));
                    assert_eq!(after.iter().fold(0, |x, &(a, _)| x ^ a), 0);
                }
                None => assert!(!alice, "no winning move in a won position"),
            }
        }
        (Err(e), None) => assert!(!e.to_string().is_empty()),
        (Ok(p), None) => panic!("accepted a pile list the reference refuses: {p:?}"),
        (Err(e), Some(_)) => panic!("refused a valid pile list: {e}"),
    }
}
