//! The `gametable` binary's Stones commands, run as a user would.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/cli.rs"]
mod cli;

use cli::*;

#[test]
fn solve_stones_answers_the_sample() {
    let out = gametable(
        &["solve", "stones"],
        include_bytes!("../../tests/data/stones-sample.in"),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        include_str!("../../tests/data/stones-sample.out")
    );
}

#[test]
fn solve_stones_refuses_bad_input_naming_line_and_token() {
    let cases: [(&str, &str); 6] = [
        (
            "1\n2\n4 0\n1 0\n",
            "line 3: case 1: the stones a_2 of pile 2 must be in 1..=1000000000 (found \"0\")",
        ),
        ("1\n1\n4\n3\n", "line 4: "),
        ("1\n2\n4 1\n1\n", "(input ended)"),
        ("1\n1\n1000000001\n0\n", "found \"1000000001\""),
        ("1\n1\n4\n0\n5\n", "line 5: "),
        (
            "x\n",
            "line 1: the number of cases T: expected an unsigned integer (found \"x\")",
        ),
    ];
    assert_refused(&["solve", "stones"], &cases);
}

#[test]
fn query_stones_explains_and_names_bad_piles() {
    let out = gametable(&["query", "stones", "--piles", "4:1,1:0"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("Alice wins"), "{stdout}");
    assert!(stdout.contains("take 3 stones from pile 1"), "{stdout}");
    let out = gametable(&["query", "stones", "--piles", "4:1,1:0", "--json"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("{\"winner\": \"Alice\", \"why\": \"pile 1 (4:1)"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("\"move\": {\"pile\": 1, \"take\": 3, \"leaving\": 1}}\n"),
        "{stdout}"
    );
    let out = gametable(&["query", "stones", "--piles", "2:2,3:1", "--json"], b"");
    assert!(text(&out.stdout).starts_with("{\"winner\": \"Bob\""));
    assert!(text(&out.stdout).ends_with("\"move\": null}\n"));
    let out = gametable(&["query", "stones", "--piles", "4:1,1:3"], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--piles: pile 2 ('1:3') has constraint 3"));
}

#[test]
fn stones_is_named_where_it_has_no_tables_and_negative_piles_are_read() {
    for command in ["generate", "play"] {
        let out = gametable(&[command, "stones"], b"");
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("gametable: error: Stones (ZOJ 3964) has no tables")
                && stderr.contains("gametable query stones --piles"),
            "{command}: {stderr}"
        );
    }
    // Another unknown game keeps clap's own message.
    let out = gametable(&["generate", "chess"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unrecognized subcommand 'chess'"));
    // A value starting with '-' is the flag's value, refused by the game.
    let out = gametable(&["query", "stones", "--piles", "-4:1"], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("--piles: pile 1 ('-4:1')"), "{stderr}");
}
