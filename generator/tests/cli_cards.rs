//! The `gametable` binary's Cards commands, run as a user would.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/cli.rs"]
mod cli;

use cli::*;

const SAMPLE_IN: &str = include_str!("../../tests/data/cards-sample.in");
const SAMPLE_OUT: &str = include_str!("../../tests/data/cards-sample.out");

#[test]
fn solve_cards_answers_the_sample() {
    let out = gametable(&["solve", "cards"], SAMPLE_IN.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), SAMPLE_OUT);
}

#[test]
fn solve_cards_accepts_any_whitespace() {
    let squeezed = "4 1 0 0 0 0 0 0 0 0 1 2 3 4 1 2 3 4\n\n\t1 0 0 0 1 0 0 0 0 0 0 0 0 4 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 4 0 0 2 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\r\n";
    let out = gametable(&["solve", "cards"], squeezed.as_bytes());
    assert_eq!(text(&out.stdout), SAMPLE_OUT, "{}", text(&out.stderr));
}

#[test]
fn solve_cards_refuses_bad_input_naming_line_and_token() {
    let cases = [
        ("x\n", "line 1: the number of situations T: expected an unsigned integer (found \"x\")"),
        // A token that is no number is named by what was expected there,
        // and shown with its control characters escaped.
        (
            "1\n0\n-1 0 0 0 0 0 0 0\n",
            "line 3: situation 1: Alice's card 1: expected an unsigned integer (found \"-1\")",
        ),
        (
            "1\n0\n1 0 0 0 0 0 0 0\n0 0 1\u{1b}[31m 0\n",
            "line 4: situation 1: Bob's card 3: expected an unsigned integer (found \"1\\u{1b}[31m\")",
        ),
        ("0\n", "line 1: the number of situations T must be in 1..=100000 (found \"0\")"),
        ("100001\n", "T must be in 1..=100000 (found \"100001\")"),
        (
            "1\n2\n",
            "line 2: situation 1: who moves first (0: Alice, 1: Bob) must be in 0..=1 (found \"2\")",
        ),
        (
            "1\n0\n1 2 3 4 5 0 0 0\n",
            "line 3: situation 1: Alice's card 5 must be in 0..=4 (found \"5\")",
        ),
        (
            "1\n0\n1 2 3 4 1 2 3 4\n1 2 3\n",
            "line 4: expected situation 1: Bob's card 4 (input ended)",
        ),
        (
            "2\n0\n1 2 3 4 1 2 3 4\n1 2 3 4 1 2 3 4\n",
            "line 4: expected situation 2: who moves first (0: Alice, 1: Bob) (input ended)",
        ),
        (
            "1\n0\n1 2 3 4 1 2 3 4\n1 2 3 4 1 2 3 4\n0\n",
            "line 5: more input after the only situation (found \"0\")",
        ),
        (
            "2\n0\n1 2 3 4 1 2 3 4\n1 2 3 4 1 2 3 4\n1\n1 0 0 0 0 0 0 0\n1 0 0 0 0 0 0 0\n7\n",
            "line 8: more input after the last of the 2 situations (found \"7\")",
        ),
        (
            "18446744073709551620\n",
            "line 1: the number of situations T must be in 1..=100000 (found \"18446744073709551620\")",
        ),
        (
            "1\n1\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n",
            "line 4: situation 1: both hands are all zeros: that is not a position\n",
        ),
    ];
    assert_refused(&["solve", "cards"], &cases);
}

#[test]
fn query_cards_judge_form_takes_its_flags_and_any_table() {
    let judged: &[&str] = &[
        "query", "cards", "--first", "alice", "--alice", "1", "0", "0", "0", "0", "0", "0", "0",
        "--bob", "0", "0", "0", "4", "0", "0", "2", "0",
    ];
    // --json gives what --position gives.
    let json = gametable(&[judged, &["--json"]].concat(), b"");
    let position = gametable(
        &[
            "query",
            "cards",
            "--position",
            "alice:10000000:00040020",
            "--json",
        ],
        b"",
    );
    assert!(json.status.success(), "{}", text(&json.stderr));
    assert_eq!(text(&json.stdout), text(&position.stdout));
    assert!(text(&json.stdout).starts_with("{\"outcome\": \"win\", \"distance\": 1,"));
    // A negative card is a value out of range, named, not an unknown flag.
    let mut negative = judged.to_vec();
    *negative.last_mut().unwrap() = "-3";
    let out = gametable(&negative, b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(
            "invalid value '-3' for '--bob <BOB>...': expected a card value, a whole number below the modulus (at most 15)"
        ),
        "{}",
        text(&out.stderr)
    );
    // --cards and --modulus are refused by their own ranges, not a byte's.
    for (flag, value, wanted) in [
        (
            "--cards",
            "300",
            "'300' for '--cards <CARDS>': 300 is not in 1..=64",
        ),
        (
            "--cards",
            "0",
            "'0' for '--cards <CARDS>': 0 is not in 1..=64",
        ),
        (
            "--modulus",
            "17",
            "'17' for '--modulus <MODULUS>': 17 is not in 2..=16",
        ),
        (
            "--modulus",
            "x",
            "'x' for '--modulus <MODULUS>': expected a whole number, 2..=16",
        ),
    ] {
        for command in ["query", "generate"] {
            let out = gametable(&[command, "cards", flag, value], b"");
            assert!(!out.status.success());
            assert!(text(&out.stderr).contains(wanted), "{}", text(&out.stderr));
        }
    }
    // --cards and --modulus name the variant (solved in memory here).
    let out = gametable(
        &[
            "query",
            "cards",
            "--cards",
            "3",
            "--modulus",
            "5",
            "--first",
            "bob",
            "--alice",
            "1",
            "2",
            "0",
            "--bob",
            "1",
            "1",
            "1",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("cards (cards 3, modulus 5): bob:210:111"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "Verdict: Alice (Bob moves first, but Alice can force a win whatever Bob does)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("bob to move: alice wins in 16 plies.\nlosing moves for bob: 1+1 (alice wins in 16 plies), 1+2 (alice wins in 10 plies)\n"),
        "{stdout}"
    );
    let out = gametable(
        &[
            "query",
            "cards",
            "--modulus",
            "4",
            "--first",
            "alice",
            "--alice",
            "4",
            "0",
            "0",
            "0",
            "0",
            "0",
            "0",
            "0",
            "--bob",
            "1",
            "0",
            "0",
            "0",
            "0",
            "0",
            "0",
            "0",
        ],
        b"",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--alice: "),
        "{}",
        text(&out.stderr)
    );
    // A table over orbits answers distances and best moves from the
    // distance table beside it.
    let dir = scratch_dir("judged-orbits");
    let table = dir.join("o.gtbl");
    let out = generate_cards(8, 5, &table, &["--symmetry", "orbits"]);
    assert!(
        text(&out.stdout).contains(&format!(
            ", the distance table {}",
            dir.join("o-distance.gtbl").display()
        )),
        "{}",
        text(&out.stdout)
    );
    let out = gametable(
        &[judged, &["--table", table.to_str().unwrap()]].concat(),
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("alice to move: alice wins in 1 ply.\nwinning moves for alice: 1+4 (alice wins in 1 ply)\ndrawing moves for alice: 1+2\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "Answers from {} and {}.",
            table.display(),
            dir.join("o-distance.gtbl").display()
        )),
        "{stdout}"
    );
    let out = gametable(
        &[
            judged,
            &["--table", table.to_str().unwrap(), "--cards", "6"],
        ]
        .concat(),
        b"",
    );
    assert!(text(&out.stderr).contains("a table of cards (8, 5), but --cards 6 was given"));
    std::fs::remove_dir_all(&dir).unwrap();
    // Past modulus 10 the position string has a hex digit per card, and
    // the picture and moves the decimal values `play` and --alice take.
    let out = gametable(
        &[
            "query",
            "cards",
            "--cards",
            "2",
            "--modulus",
            "16",
            "--position",
            "alice:f0:10",
        ],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "cards (cards 2, modulus 16): alice:f0:10\nAlice holds 15 0\nBob holds   1 0\n\
         Alice to move\nalice to move: alice wins in 1 ply.\n\
         winning moves for alice: 15+1 (alice wins in 1 ply)\n\
         Answers from a solve in memory (no table).\n",
        "{}",
        text(&out.stderr)
    );
}

/// Modulus 2 has no unit but 1: a table of one state per orbit stores
/// every state, and `query` answers from it as from a solve in memory
/// (the tables' reader, which `serve` shares, once refused it for a game
/// without symmetry).
#[test]
fn an_orbit_table_of_modulus_2_answers_queries() {
    let dir = scratch_dir("orbits-mod-2");
    let table = dir.join("c.gtbl");
    generate_cards(4, 2, &table, &["--symmetry", "orbits"]);
    for position in ["alice:1000:0100", "bob:1100:1000", "alice:1110:1111"] {
        let query = |more: &[&str]| {
            let args = [
                &[
                    "query",
                    "cards",
                    "--cards",
                    "4",
                    "--modulus",
                    "2",
                    "--json",
                    "--position",
                    position,
                ][..],
                more,
            ]
            .concat();
            let out = gametable(&args, b"");
            assert!(out.status.success(), "{position}: {}", text(&out.stderr));
            text(&out.stdout)
        };
        assert_eq!(
            query(&["--table", table.to_str().unwrap()]),
            query(&[]),
            "{position}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_of_a_distance_table_alone_counts_from_its_distances() {
    let dir = scratch_dir("stats-distances-alone");
    let alone = dir.join("cards-8-5-distance.gtbl");
    std::fs::copy(workspace().join("data/cards-8-5-distance.gtbl"), &alone).unwrap();
    let out = gametable(&["stats", alone.to_str().unwrap()], b"");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for wanted in [
        "outcomes:  no outcome table beside it",
        "longest win: 45 plies, e.g. alice:44444443:32222222",
        "wins:      121365, losses: 74605, without a distance (draws or no position): 49055",
    ] {
        assert!(stdout.contains(wanted), "missing {wanted:?} in\n{stdout}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_of_the_outcome_table_shows_the_distances_beside_it() {
    let out = gametable(&["stats", "data/cards-8-5.gtbl"], b"");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for wanted in [
        "wins:      121365 (49.53%)",
        "distances: data/cards-8-5-distance.gtbl",
        "longest win: 45 plies",
        "      45         8         0",
    ] {
        assert!(stdout.contains(wanted), "missing {wanted:?} in\n{stdout}");
    }
}

#[test]
fn query_cards_explains_a_position() {
    let out = gametable(
        &[
            "query", "cards", "--first", "alice", "--alice", "1", "0", "0", "0", "0", "0", "0",
            "0", "--bob", "0", "0", "0", "4", "0", "0", "2", "0",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("Verdict: Alice (Alice moves first and can force a win)"),
        "{stdout}"
    );
    let out = gametable(
        &[
            "query", "cards", "--first", "bob", "--alice", "1", "0", "--bob", "4",
        ],
        b"",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--alice: 2 cards given, but a hand of this variant holds 8")
    );
    // A variant far too large to solve in memory is refused before any
    // of its tables is built (those of (16, 16) would take 300 GB).
    let out = gametable(
        &[
            "query",
            "cards",
            "--cards",
            "16",
            "--modulus",
            "16",
            "--position",
            "alice:1111111111111111:1111111111111111",
        ],
        b"",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("90324408810638025 states are too many to solve here; pass --table PATH (solving it is refused here: cards (cards 16, modulus 16): a table of"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn generate_verify_stats_round_trip_and_corruption_is_refused() {
    let dir = scratch_dir("generate");
    let table = dir.join("cards-3-4.gtbl");
    let table_arg = table.to_str().unwrap();
    let out = generate_cards(3, 4, &table, &[]);
    assert!(text(&out.stdout).contains("cards (3, 4): 400 states"));
    let mut listing: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    listing.sort();
    assert_eq!(
        listing,
        [
            ".SHA256SUMS.lock",
            "SHA256SUMS",
            "cards-3-4-distance.fingerprint",
            "cards-3-4-distance.gtbl",
            "cards-3-4.fingerprint",
            "cards-3-4.gtbl"
        ],
        "no temporary files are left behind"
    );

    let out = gametable(&["verify", table_arg], b"");
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );

    let out = gametable(&["stats", table_arg], b"");
    assert!(text(&out.stdout).contains("game:      cards (cards 3, modulus 4)"));

    // A different table answers solve cards for its own variant.
    let out = gametable(
        &["solve", "cards", "--table", table_arg],
        b"1\n0\n1 0 0\n3 0 0\n",
    );
    assert_eq!(text(&out.stdout), "Alice\n", "{}", text(&out.stderr));

    let mut bytes = std::fs::read(&table).unwrap();
    let last = bytes.len() - 40;
    bytes[last] ^= 1;
    std::fs::write(&table, &bytes).unwrap();
    let out = gametable(&["verify", table_arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("checksum mismatch"),
        "{}",
        text(&out.stdout)
    );
    let out = gametable(&["stats", table_arg], b"");
    assert!(text(&out.stderr).contains("checksum mismatch"));

    std::fs::remove_dir_all(&dir).unwrap();
}

/// A distance table beside that is another variant's makes `stats` fail
/// before it prints anything: a report is whole or not given.
#[test]
fn stats_with_a_mismatched_distance_table_beside_prints_nothing() {
    let dir = scratch_dir("stats-mismatch");
    let table = dir.join("t.gtbl");
    let other = dir.join("other.gtbl");
    generate_cards(3, 4, &table, &["--no-distances"]);
    generate_cards(2, 3, &other, &[]);
    std::fs::copy(dir.join("other-distance.gtbl"), dir.join("t-distance.gtbl")).unwrap();
    let out = gametable(&["stats", table.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert_eq!(text(&out.stdout), "", "a partial report was printed");
    assert!(
        text(&out.stderr).contains("t-distance.gtbl"),
        "{}",
        text(&out.stderr)
    );
    // Asked of the distance table, the same pair is refused.
    let out = gametable(
        &["stats", dir.join("t-distance.gtbl").to_str().unwrap()],
        b"",
    );
    assert!(!out.status.success());
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("t-distance.gtbl: not the distance table of"),
        "{}",
        text(&out.stderr)
    );
    // Its own pair passes.
    let out = gametable(
        &["stats", dir.join("other-distance.gtbl").to_str().unwrap()],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reduced distance table read alone counts its wins and losses as with
/// its outcomes beside it: Cards has wins at distance 0 (the side to move
/// holds all zeros), which the distance's parity alone calls losses.
#[test]
fn stats_of_a_distance_table_alone_tells_wins_at_distance_zero() {
    let dir = scratch_dir("stats-alone");
    let table = dir.join("t.gtbl");
    generate_cards(2, 3, &table, &["--symmetry", "orbits"]);
    let distance_table = dir.join("t-distance.gtbl");
    let histogram = |out: &str| -> Vec<String> {
        out.lines()
            .skip_while(|l| !l.starts_with("distance "))
            .take_while(|l| l.starts_with("distance ") || l.starts_with(' '))
            .map(String::from)
            .collect()
    };
    let out = gametable(&["stats", distance_table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let paired = histogram(&text(&out.stdout));
    assert!(paired.len() > 2, "{}", text(&out.stdout));
    // Distance 0 holds both wins (a zero hand to move) and losses.
    let zero: Vec<u64> = paired[1]
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(zero[0] == 0 && zero[1] > 0 && zero[2] > 0, "{paired:?}");
    std::fs::remove_file(&table).unwrap();
    let out = gametable(&["stats", distance_table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("outcomes:  no outcome table beside it"));
    assert_eq!(histogram(&text(&out.stdout)), paired);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_refuses_a_stale_fingerprint() {
    let dir = scratch_dir("fingerprint");
    let table = dir.join("t.gtbl");
    let table_arg = table.to_str().unwrap();
    generate_cards(2, 3, &table, &[]);
    let fingerprint = dir.join("t.fingerprint");
    let whole = std::fs::read_to_string(&fingerprint).unwrap();
    let wins_line = whole
        .lines()
        .position(|l| l.starts_with("wins = "))
        .unwrap()
        + 1;
    let last_line = whole.lines().count();
    let shown = fingerprint.display();
    let cases = [
        (
            whole.replace("wins = ", "wins = 1"),
            format!("does not match the table: line {wins_line}: expected 'wins = "),
        ),
        (
            format!("{whole}more = 1\n"),
            format!(
                "does not match the table: line {}: 'more = 1' after its last line",
                last_line + 1
            ),
        ),
        (
            whole
                .lines()
                .take(wins_line - 1)
                .map(|l| format!("{l}\n"))
                .collect(),
            format!(
                "does not match the table: it ends before '{}' (line {wins_line} on)",
                whole.lines().nth(wins_line - 1).unwrap()
            ),
        ),
        // Only its comments: the facts are missing from the line after them.
        (
            whole
                .lines()
                .filter(|l| l.starts_with('#'))
                .map(|l| format!("{l}\n"))
                .collect(),
            format!(
                "does not match the table: it ends before '{}' (line {} on)",
                whole.lines().find(|l| !l.starts_with('#')).unwrap(),
                whole.lines().filter(|l| l.starts_with('#')).count() + 1
            ),
        ),
    ];
    for (edited, expected) in cases {
        std::fs::write(&fingerprint, edited).unwrap();
        let out = gametable(&["verify", table_arg], b"");
        assert!(!out.status.success());
        assert!(
            text(&out.stdout).contains(&format!("fingerprint {shown} {expected}")),
            "{expected}: {}",
            text(&out.stdout)
        );
    }
    // A checksum list that is not text names the line and byte at fault.
    std::fs::write(&fingerprint, &whole).unwrap();
    let sums = dir.join("SHA256SUMS");
    let mut list = std::fs::read(&sums).unwrap();
    let first_line = list.iter().position(|&b| b == b'\n').unwrap() + 1;
    list.splice(first_line + 3..first_line + 3, [0xff]);
    std::fs::write(&sums, list).unwrap();
    let out = gametable(&["verify", table_arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "{}: line 2: not a checksum list (not UTF-8 at byte 4 of the line)",
            sums.display()
        )),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_checks_the_committed_tables() {
    let out = gametable(&["verify"], b"");
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("ok    data/cards-8-5.gtbl"));
}

#[test]
fn reduced_and_uncompressed_tables_are_written_verified_and_answered() {
    let dir = scratch_dir("layouts");
    let full = dir.join("full.gtbl");
    generate_cards(3, 5, &full, &[]);
    // Five situations of (3, 5): Alice wins at once; Bob to move while
    // Alice, waiting, holds only zeros (she has won); one from the sweep;
    // Bob to move holding only zeros (he has won); Alice the same.
    let input = "5\n0\n1 0 0\n4 0 0\n1\n0 0 0\n1 2 3\n0\n2 3 4\n1 1 1\n\
                 1\n1 2 3\n0 0 0\n0\n0 0 0\n2 2 2\n";
    let expected = gametable(
        &["solve", "cards", "--table", full.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(expected.status.success(), "{}", text(&expected.stderr));
    let verdicts: Vec<&str> = std::str::from_utf8(&expected.stdout)
        .unwrap()
        .lines()
        .collect();
    // The rules alone settle all but the third.
    assert_eq!(verdicts.len(), 5);
    for (k, want) in [(0, "Alice"), (1, "Alice"), (3, "Bob"), (4, "Alice")] {
        assert_eq!(verdicts[k], want, "situation {}", k + 1);
    }
    for (symmetry, compression) in [("orbits", "zstd"), ("orbits", "none"), ("none", "none")] {
        let path = dir.join(format!("t-{symmetry}-{compression}.gtbl"));
        let arg = path.to_str().unwrap();
        generate_cards(
            3,
            5,
            &path,
            &["--symmetry", symmetry, "--compression", compression],
        );
        // The distance table in the same layout is written beside it.
        let distances = dir.join(format!("t-{symmetry}-{compression}-distance.gtbl"));
        assert!(distances.exists(), "{}", distances.display());
        let out = gametable(&["verify", arg, distances.to_str().unwrap()], b"");
        assert!(
            out.status.success() && text(&out.stdout).matches("ok    ").count() == 2,
            "{}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        let out = gametable(&["solve", "cards", "--table", arg], input.as_bytes());
        assert_eq!(
            text(&out.stdout),
            text(&expected.stdout),
            "{}",
            text(&out.stderr)
        );
        let out = gametable(
            &[
                "query", "cards", "--first", "alice", "--alice", "1", "0", "0", "--bob", "4", "0",
                "0", "--table", arg,
            ],
            b"",
        );
        assert!(
            text(&out.stdout).contains("Verdict: Alice"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = gametable(
        &[
            "solve",
            "cards",
            "--table",
            dir.join("full-distance.gtbl").to_str().unwrap(),
        ],
        input.as_bytes(),
    );
    assert!(
        text(&out.stderr).contains("a distance table, but an outcome table was asked for"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--no-distances` over a table whose distance table is beside it: the
/// distance table goes, of another variant (every reader would refuse the
/// pair) or of the same (it may be of another solve).
#[test]
fn an_outcome_table_written_alone_leaves_no_stale_distance_table() {
    let dir = scratch_dir("stale-distances");
    let table = dir.join("x.gtbl");
    let beside = dir.join("x-distance.gtbl");
    generate_cards(3, 3, &table, &["--quiet"]);
    assert!(beside.exists());
    let out = generate_cards(4, 3, &table, &["--quiet", "--no-distances"]);
    assert!(
        text(&out.stdout).contains(&format!(
            "removed {} and {}: the distance table of the table this one replaced",
            beside.display(),
            dir.join("x-distance.fingerprint").display()
        )),
        "{}",
        text(&out.stdout)
    );
    assert!(!beside.exists() && !dir.join("x-distance.fingerprint").exists());
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    assert!(!sums.contains("x-distance"), "{sums}");
    let out = gametable(
        &[
            "query",
            "cards",
            "--table",
            table.to_str().unwrap(),
            "--position",
            "alice:1200:1200",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The same variant's, whose header pairs, goes too.
    generate_cards(4, 3, &table, &["--quiet"]);
    assert!(beside.exists());
    let out = generate_cards(4, 3, &table, &["--quiet", "--no-distances"]);
    assert!(
        text(&out.stdout).contains("removed "),
        "{}",
        text(&out.stdout)
    );
    assert!(!beside.exists());
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    assert!(!sums.contains("x-distance"), "{sums}");
    generate_cards(4, 3, &table, &["--quiet"]);
    let out = gametable(&["verify", dir.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Judge input read against another variant's table: an error says the
/// hands were read as that table has them.
#[test]
fn judge_errors_against_another_variant_name_its_hands() {
    let dir = scratch_dir("judge-variant");
    let table = dir.join("c33.gtbl");
    generate_cards(3, 3, &table, &["--quiet"]);
    let out = gametable(
        &["solve", "cards", "--table", table.to_str().unwrap()],
        SAMPLE_IN.as_bytes(),
    );
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains(&format!(
            "(hands read as the table {} has them: 3 cards with values 0 to 2)",
            table.display()
        )),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --table` checks every answer one move deep against the rules: a
/// table with one situation's outcome changed and its checksums made right
/// again (the file reads as well as the unchanged one) is refused at that
/// situation, naming its line, with nothing answered.
#[test]
fn solve_refuses_a_re_signed_table_that_the_rules_contradict() {
    use gametable::packing::{code_at, put_code};
    use gametable::{code, Hand, Position, Variant};
    let dir = scratch_dir("solve-forged");
    let bytes = std::fs::read(workspace().join("data").join("cards-8-5.gtbl")).unwrap();
    let table = dir.join("forged.gtbl");
    let arg = table.to_str().unwrap();
    // Re-encoded unchanged, it answers the sample.
    std::fs::write(&table, re_encoded(&bytes, <[u8]>::to_vec)).unwrap();
    let out = gametable(&["solve", "cards", "--table", arg], SAMPLE_IN.as_bytes());
    assert_eq!(text(&out.stdout), SAMPLE_OUT, "{}", text(&out.stderr));
    // The hint a refusal gives checks an outcome table that came alone.
    let alone = format!(
        "deep {arg} (outcomes only: no {} beside it): ",
        dir.join("forged-distance.gtbl").display()
    );
    let deep = |expected: &str| {
        let out = gametable(&["verify", "--deep", arg], b"");
        let found = text(&out.stdout);
        assert!(found.contains(&format!("{expected}{alone}")), "{found}");
    };
    deep("ok    ");
    // The sample's situations, three lines each after the count.
    let numbers: Vec<u8> = SAMPLE_IN
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect();
    let v = Variant::CLASSIC;
    for (k, situation) in numbers.chunks(17).enumerate() {
        let alice = Hand::from_cards(v, &situation[1..9]).unwrap();
        let bob = Hand::from_cards(v, &situation[9..]).unwrap();
        let (to_move, waiting) = if situation[0] == 0 {
            (alice, bob)
        } else {
            (bob, alice)
        };
        let index = Position::new(to_move, waiting).unwrap().index();
        let line = 3 * k + 4;
        let truth = gametable::CLASSIC.code(index);
        for lie in [code::WIN, code::LOSS, code::DRAW] {
            if lie == truth {
                continue;
            }
            let forged = re_encoded(&bytes, |payload| {
                let mut payload = payload.to_vec();
                assert_eq!(code_at(&payload, index), Some(truth));
                put_code(&mut payload, index, lie);
                payload
            });
            std::fs::write(&table, forged).unwrap();
            let out = gametable(&["solve", "cards", "--table", arg], SAMPLE_IN.as_bytes());
            let err = text(&out.stderr);
            assert!(
                !out.status.success() && out.stdout.is_empty(),
                "situation {}, code {lie}: {}",
                k + 1,
                text(&out.stdout)
            );
            assert!(
                err.contains(&format!(
                    "line {line}: situation {}: the table contradicts the rules at this situation (to move holds [",
                    k + 1
                )) && err.contains(&format!("`gametable verify --deep {arg}`")),
                "situation {}, code {lie}: {err}",
                k + 1
            );
            deep("FAIL  ");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table whose folder's SHA256SUMS does not list it (its entry lost to
/// another run writing the list) fails verification, naming the list.
#[test]
fn verify_fails_a_table_its_checksum_list_leaves_out() {
    let dir = scratch_dir("unlisted");
    let table = dir.join("a.gtbl");
    generate_cards(3, 3, &table, &["--quiet", "--no-distances"]);
    let out = gametable(&["verify", table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stdout));
    let sums = dir.join("SHA256SUMS");
    let kept: String = std::fs::read_to_string(&sums)
        .unwrap()
        .lines()
        .filter(|l| !l.ends_with("  a.gtbl"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&sums, kept).unwrap();
    let out = gametable(&["verify", table.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "checksums and regeneration agree, but {} does not list a.gtbl",
            sums.display()
        )),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `verify --deep` checks an outcome table alone only when no distance
/// table is there: a link to a missing one is refused, not passed over.
#[cfg(unix)]
#[test]
fn deep_verification_refuses_a_distance_link_to_nothing() {
    let dir = scratch_dir("dangling");
    let table = dir.join("t.gtbl");
    let arg = table.to_str().unwrap();
    std::fs::copy(workspace().join("data").join("cards-8-5.gtbl"), &table).unwrap();
    let distances = dir.join("t-distance.gtbl");
    std::os::unix::fs::symlink("moved.gtbl", &distances).unwrap();
    let out = gametable(&["verify", "--deep", arg], b"");
    assert!(!out.status.success());
    let found = text(&out.stdout);
    assert!(
        found.contains(&format!("FAIL  deep {arg} + {}: ", distances.display()))
            && !found.contains("outcomes only"),
        "{found}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A re-signed distance table stored per orbit is stale at the orbit
/// changed, saying what the table and a fresh sweep say there.
#[test]
fn verify_names_a_stale_orbit_distance_and_both_values() {
    let dir = scratch_dir("stale-orbit-distance");
    let table = dir.join("t.gtbl");
    generate_cards(6, 5, &table, &["--quiet", "--symmetry", "orbits"]);
    let distances = dir.join("t-distance.gtbl");
    let bytes = std::fs::read(&distances).unwrap();
    assert_eq!(
        gametable_format::decode(&bytes)
            .unwrap()
            .header
            .bits_per_state,
        8
    );
    let mut changed = None;
    let forged = re_encoded(&bytes, |payload| {
        let mut payload = payload.to_vec();
        // The first orbit past 100 with a distance (255 is none).
        let orbit = (100..payload.len()).find(|&i| payload[i] < 200).unwrap();
        changed = Some((orbit, payload[orbit]));
        payload[orbit] += 1;
        payload
    });
    let (orbit, was) = changed.unwrap();
    std::fs::write(&distances, forged).unwrap();
    // Without its fingerprint and checksum list, which would differ first.
    std::fs::remove_file(dir.join("t-distance.fingerprint")).unwrap();
    std::fs::remove_file(dir.join("SHA256SUMS")).unwrap();
    let out = gametable(&["verify", distances.to_str().unwrap()], b"");
    assert!(!out.status.success());
    let moves = |d: u8| match d {
        1 => "1 move".to_string(),
        d => format!("{d} moves"),
    };
    let found = text(&out.stdout);
    assert!(
        found.contains(&format!(
            "stale: differs from a fresh regeneration first at orbit {orbit} ("
        )) && found.contains(&format!(
            "): table says {}, sweep says {}; regenerate with: ",
            moves(was + 1),
            moves(was)
        )),
        "{found}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file that is no table fails both checks, each line naming it once.
#[test]
fn verify_names_a_file_that_is_no_table_once_a_line() {
    let dir = scratch_dir("no-table");
    let file = dir.join("x.gtbl");
    let arg = file.to_str().unwrap();
    std::fs::write(&file, "abcdef").unwrap();
    let out = gametable(&["verify", "--deep", arg], b"");
    assert!(!out.status.success());
    assert_eq!(
        text(&out.stdout),
        format!(
            "FAIL  {arg}: file too short (6 bytes) to be a table\n\
             FAIL  deep {arg}: file too short (6 bytes) to be a table\n"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table that comes alone (no fingerprint, no checksum list) still gets
/// every check of its content: it fails for what it lacks, saying the rest
/// agrees, and a re-signed forgery is still caught by the regeneration.
#[test]
fn verify_checks_a_table_that_comes_alone() {
    use gametable::packing::{code_at, put_code};
    let dir = scratch_dir("alone");
    let bytes = std::fs::read(workspace().join("data").join("cards-8-5.gtbl")).unwrap();
    let table = dir.join("t.gtbl");
    let arg = table.to_str().unwrap();
    std::fs::write(&table, &bytes).unwrap();
    let out = gametable(&["verify", arg], b"");
    assert!(!out.status.success());
    assert_eq!(
        text(&out.stdout),
        format!(
            "FAIL  {arg}: cards (8, 5) outcomes, 245025 states: checksums and regeneration agree, \
             but no fingerprint {} is beside it, and no {} is beside it (`gametable generate` \
             writes a fingerprint beside each table and lists it in SHA256SUMS: take them from \
             where the table came from, or regenerate it)\n",
            dir.join("t.fingerprint").display(),
            dir.join("SHA256SUMS").display()
        )
    );
    // `forged` written at `table`, verify names it stale with `says`.
    let stale = |table: &std::path::Path, forged: Vec<u8>, says: &str| {
        let arg = table.to_str().unwrap();
        std::fs::write(table, forged).unwrap();
        let out = gametable(&["verify", arg], b"");
        assert!(!out.status.success());
        let expected = format!("FAIL  {arg}: stale: differs from a fresh regeneration {says}");
        assert!(
            text(&out.stdout).contains(&expected),
            "{}",
            text(&out.stdout)
        );
    };
    // State 1000's outcome changed, the file re-signed.
    let forged = re_encoded(&bytes, |payload| {
        let mut payload = payload.to_vec();
        let lie = match code_at(&payload, 1000).unwrap() {
            gametable::code::WIN => gametable::code::LOSS,
            _ => gametable::code::WIN,
        };
        put_code(&mut payload, 1000, lie);
        payload
    });
    stale(&table, forged, "first at state 1000 (");
    // The same for a distance table: state 1000's distance two plies
    // longer (its parity kept), the file re-signed.
    let bytes = std::fs::read(workspace().join("data").join("cards-8-5-distance.gtbl")).unwrap();
    let forged = re_encoded(&bytes, |payload| {
        let mut payload = payload.to_vec();
        assert!(payload[1000] < 250, "state 1000 has a distance");
        payload[1000] += 2;
        payload
    });
    stale(
        &dir.join("t-distance.gtbl"),
        forged,
        "(8 bits per state) first at state 1000 (",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
