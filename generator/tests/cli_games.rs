//! The command line for every game: listing, query (words, JSON, a stream
//! of positions), play, stats, generate and verify, through the binary.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

#[path = "support/cli.rs"]
mod cli;

use cli::{
    gametable, gametable_under_file_limit, gametable_under_memory_limit, scratch_dir, text,
    workspace,
};

fn ok(args: &[&str], stdin: &str) -> String {
    let out = gametable(args, stdin.as_bytes());
    assert!(
        out.status.success(),
        "{args:?}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn games_lists_every_game_with_parameters_and_notations() {
    let out = ok(&["games"], "");
    for wanted in [
        "cards: ",
        "--cards N: cards per hand (1..=64, default 8)",
        "tictactoe: ",
        "parameters: none",
        "connect4: ",
        "--width N: columns (1..=9, default 5)",
        "--height N: rows (1..=8, default 4)",
        "position: the columns played from the empty board",
        "move: the number of the cell to fill",
        "move: <your card>+<their card>",
        "default table: data/connect4-5x4.gtbl",
        // Cards (8, 5) is answered from the embedded tables, not data/.
        "default table: the embedded (8, 5) tables",
        // Dobutsu's kinds come in pairs: the values accepted, not a range.
        "--giraffes N: giraffes; 0 for a smaller game (0 or 2, default 2)",
        "stones: ",
    ] {
        assert!(out.contains(wanted), "missing {wanted:?} in\n{out}");
    }
}

#[test]
fn query_tictactoe_in_words_and_json() {
    let out = ok(&["query", "tictactoe", "--position", "x...o...."], "");
    assert!(out.contains("x to move: draw."), "{out}");
    assert!(
        out.contains("drawing moves for x: 2, 3, 4, 6, 7, 8, 9"),
        "{out}"
    );
    assert!(!out.contains("Win") && !out.contains("Loss"), "{out}");

    let out = ok(&["query", "tictactoe", "--position", "xx.oo...."], "");
    assert!(out.contains("x to move: x wins in 1 ply."), "{out}");
    assert!(
        out.contains("winning moves for x: 3 (x wins in 1 ply)"),
        "{out}"
    );
    assert!(
        out.contains("losing moves for x: 7 (o wins in 2 plies), 8 (o wins in 2 plies), 9 (o wins in 2 plies)"),
        "{out}"
    );

    let draw = |m: u8| format!("{{\"move\": \"{m}\", \"outcome\": \"draw\", \"distance\": null}}");
    let moves: Vec<String> = (1..=9).map(draw).collect();
    let expected = format!(
        "{{\"outcome\": \"draw\", \"distance\": null, \"moves\": [{}]}}\n",
        moves.join(", ")
    );
    assert_eq!(
        ok(
            &["query", "tictactoe", "--position", ".........", "--json"],
            ""
        ),
        expected
    );
    assert_eq!(
        ok(
            &["query", "tictactoe", "--position", "xx.oo....", "--json"],
            ""
        ),
        "{\"outcome\": \"win\", \"distance\": 1, \"moves\": [\
         {\"move\": \"3\", \"outcome\": \"loss\", \"distance\": 0}, \
         {\"move\": \"6\", \"outcome\": \"draw\", \"distance\": null}, \
         {\"move\": \"7\", \"outcome\": \"win\", \"distance\": 1}, \
         {\"move\": \"8\", \"outcome\": \"win\", \"distance\": 1}, \
         {\"move\": \"9\", \"outcome\": \"win\", \"distance\": 1}]}\n"
    );
}

#[test]
fn query_connect4_from_the_committed_table() {
    let c4 = ["query", "connect4", "--width", "4", "--height", "4"];
    let mut args = c4.to_vec();
    args.extend(["--position", "-", "--json"]);
    assert_eq!(
        ok(&args, ""),
        "{\"outcome\": \"draw\", \"distance\": null, \"moves\": [\
         {\"move\": \"1\", \"outcome\": \"draw\", \"distance\": null}, \
         {\"move\": \"2\", \"outcome\": \"draw\", \"distance\": null}, \
         {\"move\": \"3\", \"outcome\": \"draw\", \"distance\": null}, \
         {\"move\": \"4\", \"outcome\": \"draw\", \"distance\": null}]}\n"
    );
    // x has three on the bottom row: the fourth column wins at once.
    let mut args = c4.to_vec();
    args.extend(["--position", "112233"]);
    let out = ok(&args, "");
    assert!(out.contains("x to move: x wins in 1 ply."), "{out}");
    assert!(
        out.contains("winning moves for x: 4 (x wins in 1 ply)"),
        "{out}"
    );
    assert!(out.contains("data/connect4-4x4.gtbl"), "{out}");
    // A table given without the parameters sets them, for query and play;
    // a table of another game, or parameters it does not have, are refused.
    let table = ["--table", "data/connect4-4x4.gtbl"];
    let mut args = vec!["query", "connect4"];
    args.extend(table);
    args.extend(["--position", "112233"]);
    assert_eq!(ok(&args, ""), out);
    let mut args = vec!["play", "connect4"];
    args.extend(table);
    let played = ok(&args, "4\n");
    assert!(
        played.starts_with("connect4 (width 4, height 4): you are x"),
        "{played}"
    );
    for (args, message) in [
        (
            &[
                "query",
                "connect4",
                "--table",
                "data/tictactoe.gtbl",
                "--position",
                "1",
            ][..],
            "data/tictactoe.gtbl: a table of tictactoe, not of connect4",
        ),
        (
            &[
                "query",
                "connect4",
                "--width",
                "5",
                "--table",
                "data/connect4-4x4.gtbl",
                "--position",
                "1",
            ][..],
            "data/connect4-4x4.gtbl: a table of connect4 with width = 4, not --width 5",
        ),
    ] {
        let refused = gametable(args, b"");
        assert!(!refused.status.success());
        assert!(
            text(&refused.stderr).contains(message),
            "{}",
            text(&refused.stderr)
        );
    }
}

#[test]
fn query_cards_by_position() {
    let cards = ["query", "cards", "--position", "alice:10000000:00040020"];
    let out = ok(&cards, "");
    assert!(out.contains("alice to move: alice wins in 1 ply."), "{out}");
    assert!(
        out.contains("winning moves for alice: 1+4 (alice wins in 1 ply)"),
        "{out}"
    );
    let mut args = cards.to_vec();
    args.push("--json");
    assert_eq!(
        ok(&args, ""),
        "{\"outcome\": \"win\", \"distance\": 1, \"moves\": [\
         {\"move\": \"1+2\", \"outcome\": \"draw\", \"distance\": null}, \
         {\"move\": \"1+4\", \"outcome\": \"loss\", \"distance\": 0}]}\n"
    );
    // The same answer from the committed table file.
    let mut args = cards.to_vec();
    args.extend(["--json", "--table", "data/cards-8-5.gtbl"]);
    assert!(ok(&args, "").starts_with("{\"outcome\": \"win\", \"distance\": 1,"));
}

#[test]
fn positions_stream_answers_every_line_and_names_bad_ones() {
    let out = gametable(
        &["query", "tictactoe", "--positions", "-"],
        // A byte-order mark opens the input, as some editors write it.
        b"\xef\xbb\xbfxx.oo....\nx..q.....\n\nxxxoo....\r\nx\xff\n.........\n\xef\xbb\xbfx........\n",
    );
    // One answer a line, in order; the status says that some failed.
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("4 of 7 lines could not be answered"),
        "{}",
        text(&out.stderr)
    );
    let out = text(&out.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[0].starts_with("{\"outcome\": \"win\", \"distance\": 1,"));
    assert_eq!(
        lines[1],
        "{\"error\": \"line 2: character 4 'q': expected x, o or .\"}"
    );
    assert_eq!(lines[2], "{\"error\": \"line 3: an empty line\"}");
    // x has three in a row: o to move has lost, with no moves.
    assert_eq!(
        lines[3],
        "{\"outcome\": \"loss\", \"distance\": 0, \"moves\": []}"
    );
    assert_eq!(
        lines[4],
        "{\"error\": \"line 5: not UTF-8 (byte 2 of the line)\"}"
    );
    assert!(lines[5].starts_with("{\"outcome\": \"draw\", \"distance\": null,"));
    // One past the first line is no mark but a character, shown escaped.
    assert_eq!(
        lines[6],
        "{\"error\": \"line 7: character 1 '\\\\u{feff}': expected x, o or .\"}"
    );
}

/// A bad byte on a first line that a byte-order mark opens is placed
/// counting the mark's three bytes, as a byte viewer shows the file.
#[test]
fn positions_stream_places_a_bad_byte_after_a_byte_order_mark() {
    let out = gametable(
        &["query", "tictactoe", "--positions", "-"],
        b"\xef\xbb\xbfxx\xff\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "{\"error\": \"line 1: not UTF-8 (byte 6 of the line)\"}\n"
    );
}

/// An error quoting input shows its control characters escaped, never
/// sent to the terminal as they are.
#[test]
fn errors_quote_control_characters_escaped() {
    let out = gametable(
        &["query", "tictactoe", "--position", "x\u{1b}[31m......."],
        b"",
    );
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("character 2 '\\u{1b}'"), "{stderr}");
}

#[test]
fn malformed_positions_name_the_character_or_move() {
    for (args, message) in [
        (
            vec!["query", "tictactoe", "--position", "x..q....."],
            "character 4 'q': expected x, o or .",
        ),
        (
            vec![
                "query",
                "connect4",
                "--width",
                "4",
                "--height",
                "4",
                "--position",
                "11111",
            ],
            "move 5 '1': column 1 is full",
        ),
        (
            vec!["query", "connect4", "--position", "19"],
            "column 9 is not on a 5-wide board",
        ),
        (
            vec!["query", "cards", "--position", "alice:1000000x:00040020"],
            "character 14 'x'",
        ),
        (
            vec!["query", "connect4", "--width", "12", "--position", "1"],
            "--width 12 is not in 1..=9",
        ),
        // A position starting with '-' is the flag's value, not a flag.
        (
            vec!["query", "connect4", "--position", "-1"],
            "--position '-1': character 1 '-': expected a column digit",
        ),
    ] {
        let out = gametable(&args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn large_games_without_a_table_name_the_generate_command() {
    let out = gametable(&["query", "connect4", "--position", "-"], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("gametable generate connect4 --width 5 --height 4"),
        "{}",
        text(&out.stderr)
    );
    // Not where `generate` would be refused at once: 8 x 7's orbit
    // bitmap alone is 2.5 * 10^17 bytes.
    let out = gametable(
        &[
            "query",
            "connect4",
            "--width",
            "8",
            "--height",
            "7",
            "--position",
            "-",
        ],
        b"",
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("pass --table PATH (solving it is refused here: connect4 (width 8, height 7): too large to solve here:")
            && !err.contains("gametable generate"),
        "{err}"
    );
}

/// A drawn position that comes a third time ends the game: here the
/// person walks a giraffe up and down while perfect play's lion answers
/// in turn (Dobutsu with two giraffes, a draw solved in memory).
#[test]
fn play_ends_a_drawn_position_that_comes_three_times() {
    let moves = "Gc4-c3\nGc3-b3\nGb3-a3\nGa3-a4\nGa4-a3\nGa3-a4\nGa4-a3\nGa3-a4\nquit\n";
    let args = [
        "play",
        "dobutsu",
        "--giraffes",
        "2",
        "--elephants",
        "0",
        "--chicks",
        "0",
    ];
    let out = ok(&args, moves);
    assert_eq!(out.matches("You play ").count(), 7, "{out}");
    assert!(
        out.ends_with(
            "Game over after 14 plies: a draw by repetition (this position has come three times, and neither side can force a win from it).\n"
        ),
        "{out}"
    );
    // Stopped one move short, the position has come twice: no result.
    // Commands take any case.
    let out = ok(
        &args,
        "Gc4-c3\nGc3-b3\nGb3-a3\nGa3-a4\nGa4-a3\nGa3-a4\nHint\nQUIT\n",
    );
    assert!(!out.contains("repetition"), "{out}");
    assert!(out.contains("Best moves: "), "{out}");
    assert!(
        out.ends_with("Game stopped after 12 plies, no result.\n"),
        "{out}"
    );
}

/// A table given sets the parameters left out, even beside others given
/// (which must be the table's), for `query` and `play` alike.
#[test]
fn a_table_sets_the_parameters_left_out() {
    let out = ok(
        &[
            "query",
            "connect4",
            "--table",
            "data/connect4-4x4.gtbl",
            "--height",
            "4",
            "--position",
            "1122",
        ],
        "",
    );
    assert!(out.starts_with("connect4 (width 4, height 4)"), "{out}");
    for command in ["query", "play"] {
        let out = gametable(
            &[
                command,
                "connect4",
                "--table",
                "data/connect4-4x4.gtbl",
                "--width",
                "5",
                "--position",
                "1122",
            ],
            "",
        );
        assert!(!out.status.success());
        let err = text(&out.stderr);
        assert!(
            err.contains(
                "data/connect4-4x4.gtbl: a table of connect4 with width = 4, not --width 5"
            ),
            "{err}"
        );
    }
}

/// `play` refuses an outcome table without its distance table, as `play
/// cards` does: taking any winning move, perfect play could go round in
/// circles in a won game of a game with cycles.
#[test]
fn play_refuses_an_outcome_table_without_distances() {
    let dir = std::env::temp_dir().join(format!("gametable-play-lone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("tictactoe.gtbl");
    std::fs::copy(cli::workspace().join("data/tictactoe.gtbl"), &table).unwrap();
    let out = gametable(
        &["play", "tictactoe", "--table", table.to_str().unwrap()],
        "5\n",
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "{}: playing against perfect play needs the distance table {} beside it (without distances a won game can go round in circles)",
            table.display(),
            dir.join("tictactoe-distance.gtbl").display()
        )),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_a_whole_game_of_tictactoe() {
    // x opens in a corner; perfect play (o) answers in the centre, blocks,
    // and wins when x fails to block in turn. An illegal move and a hint
    // on the way.
    let out = ok(&["play", "tictactoe"], "0\n1\n5\nhint\n2\n7\n9\n");
    assert!(out.contains("you are x, perfect play is o"), "{out}");
    assert!(out.contains("Position: draw."), "{out}");
    assert!(out.contains("o plays 5: draw."), "{out}");
    assert!(
        out.contains(
            "Refused: '0' is not a legal move here (the cells are 1 to 9); legal moves: 1, 2, 3, 4, 5, 6, 7, 8, 9."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "Refused: '5' is not a legal move here (cell 5 holds o already); legal moves: 2, 3, 4, 6, 7, 8, 9."
        ),
        "{out}"
    );
    assert!(out.contains("Best moves: 2 (draw), 3 (draw)"), "{out}");
    assert!(out.contains("o plays 3: draw."), "{out}");
    assert!(out.contains("o plays 4: draw."), "{out}");
    assert!(out.contains("You play 9: o wins in 2 plies."), "{out}");
    assert!(out.contains("o plays 6: o wins in 1 ply."), "{out}");
    assert!(
        out.contains("Game over after 8 plies: o wins (perfect play wins)."),
        "{out}"
    );
    // Connect Four names a full column; a move no rule reads gets the list alone.
    let out = ok(
        &[
            "play",
            "connect4",
            "--width",
            "4",
            "--height",
            "4",
            "--position",
            "1111",
        ],
        "1\nx\nquit\n",
    );
    assert!(
        out.contains(
            "Refused: '1' is not a legal move here (column 1 is full); legal moves: 2, 3, 4."
        ),
        "{out}"
    );
    assert!(
        out.contains("Refused: 'x' is not a legal move here; legal moves: 2, 3, 4."),
        "{out}"
    );

    // Playing second from a given position, stopped by the end of input.
    let out = ok(
        &[
            "play",
            "tictactoe",
            "--side",
            "second",
            "--position",
            "xx.oo....",
        ],
        "",
    );
    assert!(out.contains("x plays 3: x wins in 1 ply."), "{out}");
    assert!(out.contains("x wins (perfect play wins)"), "{out}");
}

#[test]
fn stats_full_and_reduced_tables_in_words() {
    let out = ok(&["stats", "data/tictactoe.gtbl"], "");
    for wanted in [
        "game:      tictactoe",
        "outcome table, one state per orbit of the game's symmetry",
        "stored:    2862 states",
        "longest win: ",
        "reachable from the start: 5478 positions (765 up to symmetry)",
        // The published counts: 765 essentially different positions, 138
        // of them terminal.
        "census: 765 positions up to symmetry, 138 over, 627 not over: ",
        "the start: a draw for the side to move",
    ] {
        assert!(out.contains(wanted), "missing {wanted:?} in\n{out}");
    }
    let dir = scratch_dir("games-stats");
    let full = dir.join("ttt-full.gtbl");
    ok(
        &[
            "generate",
            "tictactoe",
            "--symmetry",
            "none",
            "--quiet",
            "--output",
            full.to_str().unwrap(),
        ],
        "",
    );
    let out = ok(&["stats", full.to_str().unwrap()], "");
    assert!(out.contains("outcome table, every state"), "{out}");
    assert!(out.contains("stored:    19683 states"), "{out}");
    assert!(
        out.contains("reachable from the start: 5478 positions"),
        "{out}"
    );
    assert!(
        out.contains("census: 765 positions up to symmetry, 138 over"),
        "{out}"
    );
    for bad in ["Outcome", "Orbits", "Zstd", " moves,"] {
        assert!(!out.contains(bad), "{bad:?} in\n{out}");
    }
    // A distance table is described as itself, its outcomes read beside it.
    let out = ok(&["stats", "data/tictactoe-distance.gtbl"], "");
    for wanted in [
        "table:     data/tictactoe-distance.gtbl",
        "layout:    distance table, one state per orbit",
        "outcomes:  data/tictactoe.gtbl",
        "wins:      390 (13.63%)",
        "longest win: 5 plies",
    ] {
        assert!(out.contains(wanted), "missing {wanted:?} in\n{out}");
    }
    let alone = dir.join("alone-distance.gtbl");
    std::fs::copy(
        cli::workspace().join("data/tictactoe-distance.gtbl"),
        &alone,
    )
    .unwrap();
    let out = ok(&["stats", alone.to_str().unwrap()], "");
    assert!(
        out.contains("outcomes:  no outcome table beside it"),
        "{out}"
    );
    // Its counts then come from its distances alone: 151 draws and 2097
    // non-positions have none.
    assert!(
        out.contains(
            "wins:      390, losses: 224, without a distance (draws or no position): 2248"
        ),
        "{out}"
    );
    assert!(!out.contains("wins:      390 (13.63%)"), "{out}");
    // Another game's distance table beside it is refused, naming both.
    let paired = dir.join("paired.gtbl");
    std::fs::copy(cli::workspace().join("data/tictactoe.gtbl"), &paired).unwrap();
    std::fs::copy(
        cli::workspace().join("data/connect4-4x4-distance.gtbl"),
        dir.join("paired-distance.gtbl"),
    )
    .unwrap();
    let out = gametable(&["stats", paired.to_str().unwrap()], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("paired-distance.gtbl: not the distance table of ")
            && err.contains(
                "paired.gtbl (the outcome table is of tictactoe, the distance table of connect4 (width = 4, height = 4))"
            ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_verify_round_trip_and_corruption_is_refused() {
    let dir = scratch_dir("games-generate");
    let table = dir.join("connect4-4x3.gtbl");
    let arg = table.to_str().unwrap();
    let out = ok(
        &[
            "generate", "connect4", "--width", "4", "--height", "3", "--quiet", "--output", arg,
        ],
        "",
    );
    assert!(out.contains("connect4 (width 4, height 3): "), "{out}");
    assert!(out.contains("reachable from the start: "), "{out}");
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
            "connect4-4x3-distance.fingerprint",
            "connect4-4x3-distance.gtbl",
            "connect4-4x3.fingerprint",
            "connect4-4x3.gtbl"
        ]
    );
    let fingerprint = std::fs::read_to_string(dir.join("connect4-4x3.fingerprint")).unwrap();
    assert!(fingerprint
        .contains("generate connect4 --width 4 --height 3 --output data/connect4-4x3.gtbl"));
    let out = ok(&["verify", "--deep", arg], "");
    assert!(out.contains("ok    deep "), "{out}");

    // A query from the table given.
    let out = ok(
        &[
            "query",
            "connect4",
            "--width",
            "4",
            "--height",
            "3",
            "--table",
            arg,
            "--position",
            "-",
            "--json",
        ],
        "",
    );
    assert!(out.starts_with("{\"outcome\": "), "{out}");

    let mut bytes = std::fs::read(&table).unwrap();
    let last = bytes.len() - 40;
    bytes[last] ^= 1;
    std::fs::write(&table, &bytes).unwrap();
    let out = gametable(&["verify", arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("FAIL") && text(&out.stdout).contains("checksum mismatch"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_refuses_a_stale_generic_table() {
    let dir = scratch_dir("games-stale");
    let table = dir.join("tictactoe.gtbl");
    let arg = table.to_str().unwrap();
    ok(&["generate", "tictactoe", "--quiet", "--output", arg], "");
    let fingerprint = dir.join("tictactoe.fingerprint");
    let edited = std::fs::read_to_string(&fingerprint)
        .unwrap()
        .replace("wins = ", "wins = 1");
    std::fs::write(&fingerprint, edited).unwrap();
    let out = gametable(&["verify", arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("does not match the table"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reader that has gone (`gametable stats t.gtbl | head -1` once head
/// exits) ends the program quietly: no panic, no message, success. The
/// pipe is closed before the program writes anything, so every write fails.
#[test]
fn a_closed_output_pipe_ends_quietly() {
    use std::process::{Command, Stdio};
    for args in [
        &["stats", "data/connect4-4x4.gtbl"][..],
        &["games"][..],
        &["query", "tictactoe", "--position", "x...o...."][..],
        &["query", "cards", "--position", "alice:10000000:00040020"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// `query cards --table` refuses a table of another game, or of another
/// variant than `--cards` / `--modulus` name.
#[test]
fn query_cards_refuses_a_table_of_another_game_or_variant() {
    for (args, expected) in [
        (
            &[
                "query",
                "cards",
                "--table",
                "data/tictactoe.gtbl",
                "--position",
                "x........",
            ][..],
            "a table of tictactoe, not of cards",
        ),
        (
            &[
                "query",
                "cards",
                "--cards",
                "3",
                "--table",
                "data/cards-8-5.gtbl",
                "--position",
                "alice:100:004",
            ][..],
            "a table of cards (8, 5), but --cards 3 was given",
        ),
    ] {
        let out = gametable(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).contains(expected),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// `verify DIR` checks the tables in it; a checksum list that does not
/// read is a failure naming its line, not passed over, and no list at all
/// fails the table, which lacks its entry.
#[test]
fn verify_takes_a_directory_and_reads_its_checksum_list() {
    let dir = scratch_dir("verify-dir");
    let names = ["tictactoe.gtbl", "tictactoe.fingerprint"];
    for name in names {
        std::fs::copy(cli::workspace().join("data").join(name), dir.join(name)).unwrap();
    }
    let dir_arg = dir.to_str().unwrap();
    let out = gametable(&["verify", dir_arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "but no {} is beside it",
            dir.join("SHA256SUMS").display()
        )),
        "{}",
        text(&out.stdout)
    );
    // The two files' lines of data/SHA256SUMS.
    let sums = std::fs::read_to_string(cli::workspace().join("data").join("SHA256SUMS")).unwrap();
    let listed: String = sums
        .lines()
        .filter(|line| {
            names
                .iter()
                .any(|name| line.ends_with(&format!("  {name}")))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(listed.lines().count(), 2, "{sums}");
    std::fs::write(dir.join("SHA256SUMS"), listed).unwrap();
    let out = ok(&["verify", dir_arg], "");
    assert!(
        out.contains("ok    ") && out.contains("tictactoe.gtbl"),
        "{out}"
    );
    std::fs::write(dir.join("SHA256SUMS"), "garbage\n").unwrap();
    let out = gametable(&["verify", dir_arg], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("SHA256SUMS: line 1: expected `<sha256>  <file>`"),
        "{}",
        text(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--threads` takes 1 to 1024: 0 used to be taken as rayon's default,
/// 100,000 to start that many threads for a minute before anything else.
#[test]
fn thread_counts_past_reason_are_refused_at_once() {
    for (command, threads) in [
        (&["generate", "tictactoe"][..], "0"),
        (&["generate", "cards"][..], "100000"),
        (&["serve"][..], "1025"),
    ] {
        let mut args = command.to_vec();
        args.extend(["--threads", threads]);
        let out = gametable(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(&format!(
                "invalid value '{threads}' for '--threads <THREADS>': expected 1 to 1024 threads"
            )),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// A negative number given to a numeric flag is named as that flag's bad
/// value, not taken for an unknown flag.
#[test]
fn negative_numbers_are_named_as_bad_values() {
    for (args, expected) in [
        (
            &["generate", "connect4", "--width", "-1"][..],
            "invalid value '-1' for '--width <N>': expected a whole number, 1..=9",
        ),
        (
            &["query", "dobutsu", "--giraffes", "-2", "--position", "x"],
            "invalid value '-2' for '--giraffes <N>': expected a whole number, 0 or 2",
        ),
        (
            &["query", "cards", "--cards", "-3"],
            "invalid value '-3' for '--cards <CARDS>'",
        ),
        (
            &["generate", "cards", "--modulus", "-5"],
            "invalid value '-5' for '--modulus <MODULUS>'",
        ),
        (
            &["play", "cards", "--seed", "-1"],
            "invalid value '-1' for '--seed <SEED>'",
        ),
        (
            &["generate", "tictactoe", "--checkpoint-every", "-4"],
            "invalid value '-4' for '--checkpoint-every <CHECKPOINT_EVERY>'",
        ),
    ] {
        let out = gametable(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(expected),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// `generate` refuses, before solving, an output that is not an outcome
/// table's name or a directory whose checksum list does not read.
#[test]
fn generate_refuses_outputs_that_would_clobber_its_own_files() {
    let dir = scratch_dir("outputs");
    for (name, expected) in [
        ("t.fingerprint", "ends in .gtbl"),
        ("SHA256SUMS", "ends in .gtbl"),
        ("t-distance.gtbl", "name the outcome table"),
        (".gtbl", "has something before .gtbl"),
    ] {
        let path = dir.join(name);
        let out = gametable(
            &[
                "generate",
                "tictactoe",
                "--quiet",
                "--output",
                path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            text(&out.stderr).contains(expected),
            "{name}: {}",
            text(&out.stderr)
        );
    }
    std::fs::write(dir.join("SHA256SUMS"), "not a checksum line\n").unwrap();
    let path = dir.join("t.gtbl");
    for game in [
        &["tictactoe"][..],
        &["cards", "--cards", "2", "--modulus", "3"][..],
    ] {
        let mut args = vec!["generate"];
        args.extend_from_slice(game);
        args.extend(["--output", path.to_str().unwrap()]);
        let out = gametable(&args, "");
        assert!(
            text(&out.stderr).contains("line 1: expected"),
            "{game:?}: {}",
            text(&out.stderr)
        );
        assert!(!path.exists(), "{game:?}: nothing is written");
    }
}

/// A line of input is read only up to a bound: a position or move line
/// past it ends the reading there (input without a newline once took all
/// memory, and skipping to an end that never comes would spin for ever).
#[test]
fn overlong_lines_stop_the_reading() {
    let mut input = b"x...o....\n".to_vec();
    input.extend(vec![b'1'; 2 << 20]);
    input.extend_from_slice(b"\nx...o....\n");
    let out = gametable(
        &["query", "tictactoe", "--positions", "-", "--json"],
        &input,
    );
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("{\"outcome\": \"draw\""), "{stdout}");
    assert_eq!(
        lines[1],
        "{\"error\": \"line 2: longer than 1048576 bytes; no position is\"}"
    );
    assert!(
        text(&out.stderr)
            .contains("line 2 of stdin is longer than 1048576 bytes: stopped reading there"),
        "{}",
        text(&out.stderr)
    );
    // Endless input without a newline ends at once.
    let out = gametable(
        &["query", "tictactoe", "--positions", "/dev/zero", "--json"],
        "",
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("line 1 of /dev/zero is longer than"));
    // A folder named for the positions is said to be one, as for a table.
    let folder = std::env::temp_dir();
    let out = gametable(
        &[
            "query",
            "tictactoe",
            "--positions",
            folder.to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(&format!("{}: is a folder, not a file", folder.display())),
        "{}",
        text(&out.stderr)
    );
    // A named pipe is a stream of positions, read as its writer writes.
    #[cfg(unix)]
    {
        let fifo = scratch_dir("positions-fifo").join("positions");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::write(&fifo, "x........\n").unwrap())
        };
        let out = gametable(
            &[
                "query",
                "tictactoe",
                "--positions",
                fifo.to_str().unwrap(),
                "--json",
            ],
            "",
        );
        writer.join().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with("{\"outcome\": \"draw\""),
            "{}",
            text(&out.stdout)
        );
        std::fs::remove_dir_all(fifo.parent().unwrap()).unwrap();
    }
    let mut input = b"\xff\n".to_vec();
    input.extend(vec![b'5'; 10_000]);
    let out = gametable(&["play", "tictactoe"], &input);
    let stdout = text(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        text(&out.stderr).contains("a line of input longer than 4096 bytes: no move is"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("That line is not UTF-8 (byte 1); type a move."),
        "{stdout}"
    );
    assert!(
        stdout.contains("That line is longer than 4096 bytes, which no move is: game stopped after 0 plies, no result."),
        "{stdout}"
    );
}

/// An error quoting a huge input quotes its start, and the reason after
/// it is still printed (a 100 KB position was echoed whole, then cut with
/// its reason); an output name with a line break is refused before it
/// could break SHA256SUMS.
#[test]
fn errors_are_bounded_and_output_names_plain() {
    let position = "x".repeat(100_000);
    let out = gametable(&["query", "tictactoe", "--position", &position], "");
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(
        err.contains("(100000 characters): wrong length: 100000 characters, expected 9"),
        "{err}"
    );
    let dir = scratch_dir("line-break-name");
    let name = dir.join("a\nb.gtbl");
    let out = gametable(
        &["generate", "tictactoe", "--output", name.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("an output table's name holds a control character"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("SHA256SUMS").exists());
    // A name that is not UTF-8 is refused as such (it was told it did not
    // end in .gtbl, which it did).
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = dir.join(std::ffi::OsStr::from_bytes(b"ab\xffc.gtbl"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(["generate", "tictactoe", "--output"])
            .arg(&name)
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains("an output table's name is not valid UTF-8"),
            "{}",
            text(&out.stderr)
        );
        assert!(!dir.join("SHA256SUMS").exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An output folder that is a link to nothing is refused before the
/// sweep, naming the link and its target (it was found when the table was
/// written, as "d: d is not a folder").
#[cfg(unix)]
#[test]
fn an_output_folder_linked_to_nothing_is_refused_first() {
    let dir = scratch_dir("dangling-output");
    let link = dir.join("d");
    std::os::unix::fs::symlink(dir.join("gone"), &link).unwrap();
    let table = link.join("sub").join("t.gtbl");
    let out = gametable(
        &["generate", "tictactoe", "--output", table.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    let expected = format!(
        "{}: a link to {}, which is not there, so the table cannot be written in it",
        link.display(),
        dir.join("gone").display()
    );
    assert!(
        text(&out.stderr).contains(&expected),
        "{}",
        text(&out.stderr)
    );
    // Refused before the sweep, which prints "solved in".
    assert!(
        !text(&out.stdout).contains("solved"),
        "{}",
        text(&out.stdout)
    );
    assert!(!dir.join("gone").exists());
    // Through a chain of links, each is named; a loop is said to be one.
    std::os::unix::fs::symlink(&link, dir.join("e")).unwrap();
    std::os::unix::fs::symlink(dir.join("loop"), dir.join("loop")).unwrap();
    for (name, expected) in [
        (
            "e",
            format!(
                "a link to {}, a link to {}, which is not there",
                link.display(),
                dir.join("gone").display()
            ),
        ),
        (
            "loop",
            format!(
                "a link to {0}, a link to {0}, ...: a loop of links",
                dir.join("loop").display()
            ),
        ),
    ] {
        let table = dir.join(name).join("t.gtbl");
        let out = gametable(
            &["generate", "tictactoe", "--output", table.to_str().unwrap()],
            "",
        );
        assert!(!out.status.success());
        let expected = format!("{}: {expected}", dir.join(name).display());
        assert!(
            text(&out.stderr).contains(&expected),
            "{}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder that does not exist is made, with its parents, as `mkdir -p`
/// would, and the table verifies there.
#[test]
fn missing_output_folders_are_made() {
    let dir = scratch_dir("missing-output-folder");
    let table = dir.join("new").join("deeper").join("t.gtbl");
    let out = gametable(
        &["generate", "tictactoe", "--output", table.to_str().unwrap()],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = gametable(&["verify", table.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.join("new/deeper/SHA256SUMS").is_file());
    // Made by the first file written: a run refused before leaves none.
    let refused = dir.join("other").join("t.gtbl");
    let out = gametable(
        &[
            "generate",
            "connect4",
            "--width",
            "8",
            "--height",
            "7",
            "--output",
            refused.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        text(&out.stderr).contains("too large to solve here"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("other").exists(), "a refused run made its folder");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no probe is left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An output that cannot be written is refused before the sweep, not
/// after it: a folder's name, a folder that takes no new files (`/proc`),
/// a folder that cannot be made, a file where the folder should be, a
/// folder where a companion goes, a name too long for its companions.
#[test]
fn unwritable_outputs_are_refused_before_solving() {
    let dir = scratch_dir("unwritable-output");
    std::fs::create_dir(dir.join("t.gtbl")).unwrap();
    std::fs::create_dir(dir.join("u-distance.gtbl")).unwrap();
    std::fs::create_dir(dir.join("v.fingerprint")).unwrap();
    std::fs::write(dir.join("file"), b"").unwrap();
    // A named pipe where the checksum list's lock file goes (opened to
    // write, it would wait for a reader for ever).
    let piped = dir.join("piped");
    std::fs::create_dir(&piped).unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(piped.join(".SHA256SUMS.lock"))
        .status()
        .is_ok_and(|s| s.success());
    let mut cases = vec![
        (
            dir.join("t.gtbl"),
            "t.gtbl: is a folder; name the table file to write",
        ),
        (
            std::path::PathBuf::from("/proc/t.gtbl"),
            "/proc: the output folder does not take new files (",
        ),
        (
            std::path::PathBuf::from("/proc/missing/t.gtbl"),
            "/proc/missing: the output directory does not exist and cannot be made (",
        ),
        (
            dir.join("file").join("t.gtbl"),
            "file: not a directory, so the table cannot be written in it",
        ),
        (
            dir.join("u.gtbl"),
            "u-distance.gtbl: is a folder where a file written beside the table goes",
        ),
        (
            dir.join("v.gtbl"),
            "v.fingerprint: is a folder where a file written beside the table goes",
        ),
        (
            // 226 bytes is the longest name taken: 221 + `.gtbl`.
            dir.join(format!("{}.gtbl", "w".repeat(222))),
            "the name is too long: the longest file written beside it, the distance table's fingerprint while it is written, would take 256 bytes, past the 255 most file systems take; shorten it by 1",
        ),
    ];
    if fifo {
        cases.push((
            piped.join("t.gtbl"),
            ".SHA256SUMS.lock: not a plain file, where a lock file goes; remove it",
        ));
    }
    for (output, wanted) in cases {
        let out = gametable(
            &["generate", "dobutsu", "--output", output.to_str().unwrap()],
            "",
        );
        assert!(!out.status.success());
        let err = text(&out.stderr);
        assert!(err.contains(wanted), "{err}");
        assert!(
            !text(&out.stdout).contains("solved"),
            "solved before refusing"
        );
    }
    // The longest name taken is written, companions and all.
    let longest = dir.join(format!("{}.gtbl", "w".repeat(221)));
    let out = gametable(
        &[
            "generate",
            "tictactoe",
            "--output",
            longest.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir
        .join(format!("{}-distance.fingerprint", "w".repeat(221)))
        .is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A distance table that cannot be written after its outcome table was (a
/// file size limit stands in for a full disk), through each of the three
/// writers (any game's, Cards' full tables, Cards' layouts): the run fails
/// naming the distance table, and the folder is left as `--no-distances`
/// leaves it. The new outcome table is listed in `SHA256SUMS` and
/// verifies; the distance table of the table it replaced is removed, when
/// it does not pair with the new table and when it does (the same game's:
/// it may be of another solve).
#[test]
fn a_distance_table_that_cannot_be_written_leaves_the_outcome_table_alone() {
    let connect4 = ["connect4", "--width", "4", "--height", "4"];
    let cards = |n: &'static str, m: &'static str| ["cards", "--cards", n, "--modulus", m];
    let none = ["--compression", "none"];
    let orbits = ["--symmetry", "orbits", "--compression", "none"];
    // Each new outcome table fits in 30 KiB, its distance table does not.
    let cases: [(Vec<&str>, Vec<&str>, &str); 5] = [
        (
            vec!["tictactoe"],
            [&connect4[..], &none].concat(),
            "connect4 (width 4, height 4) outcome table",
        ),
        (
            cards("6", "3").to_vec(),
            cards("8", "5").to_vec(),
            "cards (8, 5) outcomes, 245025 states",
        ),
        (
            cards("6", "3").to_vec(),
            [&cards("8", "5")[..], &orbits].concat(),
            "cards (8, 5) outcomes, 61317 orbits",
        ),
        (
            [&connect4[..], &none].concat(),
            [&connect4[..], &none].concat(),
            "connect4 (width 4, height 4) outcome table",
        ),
        (
            cards("8", "5").to_vec(),
            cards("8", "5").to_vec(),
            "cards (8, 5) outcomes, 245025 states",
        ),
    ];
    for (case, (old, new, described)) in cases.iter().enumerate() {
        let dir = scratch_dir(&format!("distance-write-fails-{case}"));
        let output = dir.join("t.gtbl");
        let output = output.to_str().unwrap();
        ok(
            &[&["generate"], &old[..], &["--output", output]].concat(),
            "",
        );
        let out = gametable_under_file_limit(
            30,
            &[&["generate"], &new[..], &["--output", output]].concat(),
        );
        assert!(!out.status.success(), "{case}: wrote past the limit");
        let err = text(&out.stderr);
        assert!(
            err.contains("t-distance.gtbl: File too large"),
            "{case}: {err}"
        );
        // The replaced table's distance table is removed, and the error
        // says so.
        let removed = format!(
            "; cleaning up after it removed {}, {}",
            dir.join("t-distance.gtbl").display(),
            dir.join("t-distance.fingerprint").display()
        );
        assert!(err.contains(&removed), "{case}: {err}");
        let listed: Vec<String> = gametable_gen::store::read_sums(&dir)
            .unwrap()
            .into_iter()
            .map(|(_, name)| name)
            .collect();
        assert_eq!(listed, ["t.fingerprint", "t.gtbl"], "{case}");
        assert!(!dir.join("t-distance.gtbl").exists(), "{case}");
        assert!(!dir.join("t-distance.fingerprint").exists(), "{case}");
        let verified = ok(&["verify", dir.to_str().unwrap()], "");
        assert!(
            verified.contains(&format!("t.gtbl: {described}")),
            "{case}: {verified}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A list as `sha256sum` writes it in binary mode (`<sha256> *name`) or
/// of `./name` lists the same files; a list that is a link to nothing is
/// refused, not taken for no list; a distance table alone under `--deep`
/// is told that it needs its outcome table.
#[cfg(unix)]
#[test]
fn verify_reads_sha256sum_lists_and_refuses_lost_companions() {
    let dir = scratch_dir("verify-lists");
    let data = workspace().join("data");
    let sha = |name: &str| {
        let bytes = std::fs::read(data.join(name)).unwrap();
        gametable_format::hex(&gametable_format::sha256(&bytes))
    };
    for (case, mark, end) in [
        ("binary", " *", "\n"),
        ("dotted", "  ./", "\n"),
        ("slashes", "  .//", "\n"),
        ("returns", "  ", "\r"),
    ] {
        let folder = dir.join(case);
        std::fs::create_dir_all(&folder).unwrap();
        let mut sums = String::new();
        for name in ["tictactoe.gtbl", "tictactoe.fingerprint"] {
            std::fs::copy(data.join(name), folder.join(name)).unwrap();
            sums += &format!("{}{mark}{name}{end}", sha(name));
            if end == "\r" {
                sums += "\n";
            }
        }
        std::fs::write(folder.join("SHA256SUMS"), sums).unwrap();
        let out = ok(&["verify", folder.to_str().unwrap()], "");
        assert!(
            out.contains("2 files listed, each there with its sha256")
                && out.contains("checksums, fingerprint and regeneration agree"),
            "{case}: {out}"
        );
    }
    // The last line's `\r` without its `\n` is no part of the name either.
    let folder = dir.join("returns");
    let sums = std::fs::read_to_string(folder.join("SHA256SUMS")).unwrap();
    std::fs::write(folder.join("SHA256SUMS"), sums.trim_end_matches('\n')).unwrap();
    ok(&["verify", folder.to_str().unwrap()], "");
    // A name that leaves the folder is refused, not checked.
    std::fs::write(
        folder.join("SHA256SUMS"),
        format!("{}  ../x\n", sha("tictactoe.gtbl")),
    )
    .unwrap();
    let out = gametable(&["verify", folder.to_str().unwrap()], b"");
    assert!(
        !out.status.success()
            && text(&out.stdout).contains(&format!(
                "FAIL  {}: line 1: \"../x\" leaves this folder (absolute, or through '..')",
                folder.join("SHA256SUMS").display()
            )),
        "{}",
        text(&out.stdout)
    );
    // A list linked to a link to nothing is refused, naming each link.
    let lost = dir.join("lost");
    std::fs::create_dir_all(&lost).unwrap();
    std::fs::copy(data.join("tictactoe.gtbl"), lost.join("tictactoe.gtbl")).unwrap();
    std::os::unix::fs::symlink("middle", lost.join("SHA256SUMS")).unwrap();
    std::os::unix::fs::symlink("/nonexistent/SHA256SUMS", lost.join("middle")).unwrap();
    let out = gametable(&["verify", lost.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "FAIL  {}: a link to middle, a link to /nonexistent/SHA256SUMS, which is not there\n",
            lost.join("SHA256SUMS").display()
        )),
        "{}",
        text(&out.stdout)
    );
    let alone = dir.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    let distances = alone.join("tictactoe-distance.gtbl");
    std::fs::copy(data.join("tictactoe-distance.gtbl"), &distances).unwrap();
    let out = gametable(&["verify", "--deep", distances.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "FAIL  deep {}: no outcome table {} beside it",
            distances.display(),
            alone.join("tictactoe.gtbl").display()
        )),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `verify DIR` checks the folder's `SHA256SUMS` as a whole, as
/// `sha256sum -c` does: files listed there and gone fail it, each named,
/// though every table left verifies.
#[test]
fn verify_of_a_folder_refuses_a_list_naming_a_file_that_is_gone() {
    let dir = scratch_dir("verify-gone");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    ok(&["generate", "tictactoe", "--output", &at("t.gtbl")], "");
    ok(
        &[
            "generate",
            "tictactoe",
            "--no-distances",
            "--output",
            &at("u.gtbl"),
        ],
        "",
    );
    let verified = ok(&["verify", dir.to_str().unwrap()], "");
    let sums = at("SHA256SUMS");
    assert!(
        verified.contains(&format!(
            "ok    {sums}: 6 files listed, each there with its sha256"
        )),
        "{verified}"
    );
    // A folder named twice is checked once.
    let twice = ok(
        &["verify", dir.to_str().unwrap(), dir.to_str().unwrap()],
        "",
    );
    assert_eq!(twice, verified);
    std::fs::remove_file(at("u.fingerprint")).unwrap();
    std::fs::remove_file(at("u.gtbl")).unwrap();
    let out = gametable(&["verify", dir.to_str().unwrap()], b"");
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    // Each file gone is named, on a line of its own.
    for gone in ["u.fingerprint", "u.gtbl"] {
        assert!(
            stdout.contains(&format!(
                "FAIL  {sums}: {}: listed in SHA256SUMS, not there\n",
                at(gone)
            )),
            "{stdout}"
        );
    }
    assert!(
        stdout.contains(&format!("ok    {}", at("t.gtbl"))),
        "{stdout}"
    );
    assert!(
        text(&out.stderr).contains("1 of 3 checks failed verification"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `verify --deep` refuses an outcome table beside another game's
/// distance table (each file whole and fingerprinted), one of the same
/// game in another layout, and a full Cards table (Cards' own deep check)
/// beside the distance table of other parameters, naming both files; plain
/// `verify` fails the outcome table, as every reader refuses the pair.
#[test]
fn deep_verification_refuses_a_distance_table_that_does_not_pair() {
    let dir = scratch_dir("deep-unpaired");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let connect4 = ["connect4", "--width", "4", "--height", "4"];
    ok(&["generate", "tictactoe", "--output", &at("t.gtbl")], "");
    ok(
        &[&["generate"], &connect4[..], &["--output", &at("u.gtbl")]].concat(),
        "",
    );
    ok(
        &[
            "generate",
            "tictactoe",
            "--symmetry",
            "none",
            "--output",
            &at("v.gtbl"),
        ],
        "",
    );
    for (modulus, name) in [("3", "c.gtbl"), ("4", "d.gtbl")] {
        let cards = ["generate", "cards", "--cards", "6", "--modulus", modulus];
        ok(&[&cards[..], &["--output", &at(name)]].concat(), "");
    }
    let out = gametable(&["verify", &at("t.gtbl")], b"");
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("pairs with t-distance.gtbl beside it"),
        "{}",
        text(&out.stdout)
    );
    // (the table, the one whose distance table is put beside it, what
    // differs in words)
    for (table, other, why) in [
        (
            "t",
            "u",
            "the outcome table is of tictactoe, the distance table of connect4 (width = 4, height = 4)",
        ),
        (
            "t",
            "v",
            "the outcome table stores one state per orbit of the game's symmetry, the distance table every state",
        ),
        (
            "c",
            "d",
            "the outcome table is of cards (cards = 6, modulus = 3), the distance table of cards (cards = 6, modulus = 4)",
        ),
    ] {
        let (outcomes, distances) = (
            at(&format!("{table}.gtbl")),
            at(&format!("{table}-distance.gtbl")),
        );
        std::fs::copy(at(&format!("{other}-distance.gtbl")), &distances).unwrap();
        let out = gametable(&["verify", "--deep", &outcomes], b"");
        assert!(!out.status.success(), "{why}");
        let stdout = text(&out.stdout);
        let expected = format!(
            "FAIL  deep {outcomes} + {distances}: {outcomes} and {distances} are not an outcome table and its distance table ({why})",
        );
        assert!(stdout.contains(&expected), "{why}: {stdout}");
        // (The distance table, copied without its fingerprint, fails on
        // that first.)
        let out = gametable(&["verify", &outcomes], b"");
        assert!(!out.status.success(), "{why}");
        let expected = format!(
            "FAIL  {outcomes}: {table}-distance.gtbl beside it is not its distance table ({why})"
        );
        assert!(
            text(&out.stdout).contains(&expected),
            "{why}: {}",
            text(&out.stdout)
        );
        // The distance table, which fails for itself (the fingerprint
        // beside it is the replaced table's), is told that it does not pair
        // as well.
        let out = gametable(&["verify", &distances], b"");
        let stdout = text(&out.stdout);
        assert!(
            stdout.contains(&format!(
                "{table}.gtbl beside it is not its outcome table ({why}), and readers take \
                 the two together; and fingerprint "
            )) && stdout.contains("does not match the table"),
            "{why}: {stdout}"
        );
    }
    // A damaged partner is named as damage, as every reader of it names
    // it, wherever the damage is: a header that no longer decodes, a field
    // that still does (its game, kind or size), or the payload.
    let cards = ["generate", "cards", "--cards", "6", "--modulus", "3"];
    ok(&[&cards[..], &["--output", &at("e.gtbl")]].concat(), "");
    let distances = at("e-distance.gtbl");
    let original = std::fs::read(&distances).unwrap();
    let header_end = 14 + u32::from_le_bytes(original[10..14].try_into().unwrap()) as usize;
    for position in [
        15,
        16,
        25,
        28,
        header_end - 40,
        header_end + 1,
        original.len() - 1,
    ] {
        let mut bytes = original.clone();
        bytes[position] ^= 0x01;
        std::fs::write(&distances, &bytes).unwrap();
        for deep in [&[][..], &["--deep"]] {
            let out = gametable(&[&["verify"], deep, &[&at("e.gtbl")]].concat(), b"");
            assert!(!out.status.success(), "byte {position} {deep:?}");
            assert!(
                text(&out.stdout).contains("checksum mismatch: the file was changed or damaged"),
                "byte {position} {deep:?}: {}",
                text(&out.stdout)
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Cards run that runs out of memory while solving its distances, in
/// either writer (every state, or a layout), has written nothing: the
/// table it would replace and that table's distance table are left as
/// they were, byte for byte, and still verify. Every state's table: the
/// limit lets the outcome sweep of (10, 7) run (it needs about 40 MiB of
/// address space here) and refuses its 64 MB of distances (a byte a
/// state). Over orbits, whose distances take a byte an orbit: (11, 7)
/// runs its outcomes in about 60 MiB, and refuses its distances at 72.
#[test]
fn a_run_out_of_memory_in_its_distances_writes_nothing() {
    let old = ["cards", "--cards", "6", "--modulus", "3"];
    let every = ["cards", "--cards", "10", "--modulus", "7", "--threads", "1"];
    let orbits = ["cards", "--cards", "11", "--modulus", "7", "--threads", "1"];
    for (case, (layout, new, kib)) in [
        (&[][..], every, 110 * 1024),
        (&["--symmetry", "orbits"], orbits, 72 * 1024),
        (&["--compression", "none"], every, 110 * 1024),
    ]
    .iter()
    .enumerate()
    {
        let dir = scratch_dir(&format!("distances-out-of-memory-{case}"));
        let output = dir.join("t.gtbl");
        let output = output.to_str().unwrap();
        ok(
            &[&["generate"], &old[..], layout, &["--output", output]].concat(),
            "",
        );
        let files = [
            "t.gtbl",
            "t.fingerprint",
            "t-distance.gtbl",
            "t-distance.fingerprint",
            "SHA256SUMS",
        ];
        let before: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(dir.join(f)).unwrap())
            .collect();
        let out = gametable_under_memory_limit(
            *kib,
            &[&["generate"], &new[..], layout, &["--output", output]].concat(),
        );
        assert!(!out.status.success(), "{case}: solved within the limit");
        let err = text(&out.stderr);
        // Rust's abort, or the read-back's refusal: both before any write.
        assert!(
            err.contains("memory allocation") || err.contains("not enough memory"),
            "{case}: {err}"
        );
        // Over orbits, the outcome sweep alone fits the limit with room to
        // spare: what ran out was the distance sweep. (A full table's
        // read-back comes too near the limit to say so reliably.)
        let alone = dir.join("alone").join("t.gtbl");
        if layout.contains(&"orbits") {
            let out = gametable_under_memory_limit(
                *kib,
                &[
                    &["generate"],
                    &new[..],
                    layout,
                    &["--no-distances", "--output", alone.to_str().unwrap()],
                ]
                .concat(),
            );
            assert!(out.status.success(), "{case}: {}", text(&out.stderr));
            std::fs::remove_dir_all(dir.join("alone")).unwrap();
        }
        for (file, bytes) in files.iter().zip(&before) {
            let after = std::fs::read(dir.join(file)).unwrap();
            assert!(&after == bytes, "{case}: {file} changed");
        }
        // The first run's lock on SHA256SUMS stays, as it does after
        // every write.
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != ".SHA256SUMS.lock")
            .collect();
        names.sort();
        let mut expected = files.map(str::to_string).to_vec();
        expected.sort();
        assert_eq!(names, expected, "{case}: files left behind");
        let verified = ok(&["verify", dir.to_str().unwrap()], "");
        assert!(verified.contains("cards (6, 3)"), "{case}: {verified}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A table over orbits re-encoded (its checksums valid) to hold more
/// states than its game has orbits is refused by `stats`, alone or beside
/// its outcome table, as `query` refuses it: before, `stats` named the
/// states past the last orbit and panicked.
#[test]
fn stats_refuses_a_table_over_orbits_of_more_states_than_orbits() {
    let dir = scratch_dir("stats-orbit-count");
    let data = cli::workspace().join("data");
    for name in ["tictactoe.gtbl", "tictactoe-distance.gtbl"] {
        let bytes = std::fs::read(data.join(name)).unwrap();
        let table = gametable_format::decode(&bytes).unwrap();
        assert_eq!(table.header.states, 2862, "{name}");
        let spec = gametable_format::TableSpec {
            game: table.header.game.clone(),
            kind: table.header.kind,
            bits_per_state: table.header.bits_per_state,
            symmetry: table.header.symmetry,
            states: 3000,
            compression: table.header.compression,
            generator: table.header.generator.clone(),
        };
        // 138 more states: draws (code 0) and distances "none".
        let mut payload = table.payload.clone();
        let more = if name.contains("distance") { 138 } else { 34 };
        let fill = if name.contains("distance") { 0xff } else { 0 };
        payload.resize(payload.len() + more, fill);
        let forged = gametable_format::encode(&spec, &payload).unwrap();
        std::fs::write(dir.join(name), forged).unwrap();
    }
    for name in ["tictactoe.gtbl", "tictactoe-distance.gtbl"] {
        let path = dir.join(name);
        let out = gametable(&["stats", path.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "");
        assert!(
            text(&out.stderr).contains(&format!(
                "{}: a table of one state per orbit with 3000 stored states, but tictactoe has 2862 orbits",
                path.display()
            )),
            "{}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table re-encoded (its checksums valid) with a header or payload its
/// game contradicts: `stats` refuses a header the game does not build or
/// whose size is not the game's, as `query` does; `query` refuses
/// distances the rules contradict at the position asked.
#[test]
fn re_signed_tables_are_refused_by_stats_and_query() {
    let dir = scratch_dir("re-signed");
    let data = cli::workspace().join("data");
    let bytes = std::fs::read(data.join("connect4-4x4.gtbl")).unwrap();
    let table = gametable_format::decode(&bytes).unwrap();
    let spec = |game: gametable_format::Game, states: u64| gametable_format::TableSpec {
        game,
        kind: table.header.kind,
        bits_per_state: table.header.bits_per_state,
        symmetry: table.header.symmetry,
        states,
        compression: table.header.compression,
        generator: table.header.generator.clone(),
    };
    let width0 = gametable_format::Game::new("connect4", &[("width", 0), ("height", 4)]);
    let wrong_size = table.header.game.clone();
    // Four states fewer, the bits past the last one cleared as a writer
    // leaves them.
    let mut shorter = table.payload[..table.payload.len() - 1].to_vec();
    let used = (table.header.states - 4) % 4 * 2;
    if let (Some(last), 1..) = (shorter.last_mut(), used) {
        *last &= (1u8 << used) - 1;
    }
    for (name, spec, payload, message) in [
        (
            "w0.gtbl",
            spec(width0, table.header.states),
            table.payload.clone(),
            "connect4: the table's parameter width 0 is not in 1..=9",
        ),
        (
            "size.gtbl",
            spec(wrong_size, table.header.states - 4),
            shorter,
            "stored states, but connect4 has",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, gametable_format::encode(&spec, &payload).unwrap()).unwrap();
        let out = gametable(&["stats", path.to_str().unwrap()], "");
        assert!(!out.status.success(), "{}", text(&out.stdout));
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
    }
    // Tic-tac-toe's distance table with every distance 0, re-encoded.
    std::fs::copy(data.join("tictactoe.gtbl"), dir.join("t.gtbl")).unwrap();
    let bytes = std::fs::read(data.join("tictactoe-distance.gtbl")).unwrap();
    let zeros = cli::re_encoded(&bytes, |payload| vec![0; payload.len()]);
    std::fs::write(dir.join("t-distance.gtbl"), zeros).unwrap();
    let table = dir.join("t.gtbl");
    let out = gametable(
        &[
            "query",
            "tictactoe",
            "--table",
            table.to_str().unwrap(),
            "--position",
            "xx.oo....",
        ],
        "",
    );
    assert!(!out.status.success(), "{}", text(&out.stdout));
    // `stats` refuses the pair state by state before printing anything:
    // a draw or no position with a distance would be counted as a win.
    for asked in ["t.gtbl", "t-distance.gtbl"] {
        let stats = gametable(&["stats", dir.join(asked).to_str().unwrap()], "");
        assert!(!stats.status.success(), "{}", text(&stats.stdout));
        assert_eq!(text(&stats.stdout), "");
        assert!(
            text(&stats.stderr).contains("at ......... the outcome table says a draw but the distance table gives distance 0: they do not pair"),
            "{}",
            text(&stats.stderr)
        );
    }
    assert!(
        text(&out.stderr).contains("the table contradicts the rules at xx.oo....: its move to xx.oox... has a draw at distance 0")
            && text(&out.stderr).contains("t.gtbl and ")
            && !text(&out.stderr).contains("--position"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game's refusal of a move quotes it with its control characters
/// escaped: input must not play escape sequences to the terminal.
#[test]
fn a_refused_move_is_quoted_with_its_control_characters_escaped() {
    let out = gametable(&["play", "tictactoe"], "\u{1b}[2J\nquit\n");
    let shown = text(&out.stdout);
    assert!(
        shown.contains("Refused: '\\u{1b}[2J' is not a legal move here"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}'), "{shown}");
}

/// A write to standard output that fails says it was standard output
/// (a full disk under `> file` said only "No space left on device").
#[test]
fn a_failed_write_to_standard_output_says_so() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    for args in [
        &["solve", "cards"][..],
        &["query", "tictactoe", "--position", "x...o...."],
        &["games"],
        &["--help"],
        &["--version"],
        &["solve", "cards", "--help"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(args)
            .stdin(
                std::fs::File::open(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../tests/data/cards-sample.in"
                ))
                .unwrap(),
            )
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains("writing to standard output: No space left on device"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// Something at a game's default table path that is no table, a link to
/// nothing or a folder, is refused naming it, not taken for no table
/// (which a small game would answer from a solve in memory, and a large
/// one would call "does not exist").
#[cfg(unix)]
#[test]
fn a_lost_default_table_is_refused_not_skipped() {
    use std::process::Command;
    let dir = scratch_dir("lost-default");
    std::fs::create_dir(dir.join("data")).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        (out.status.success(), text(&out.stdout), text(&out.stderr))
    };
    let query = ["query", "tictactoe", "--position", "x...o...."];
    // Nothing there: a solve in memory answers.
    let (fine, stdout, _) = run(&query);
    assert!(fine && stdout.contains("tictactoe: x...o...."), "{stdout}");
    let at = dir.join("data/tictactoe.gtbl");
    std::os::unix::fs::symlink("/nonexistent", &at).unwrap();
    assert_eq!(
        run(&query),
        (
            false,
            String::new(),
            "gametable: error: data/tictactoe.gtbl: a link to /nonexistent, which is not there\n"
                .to_string()
        )
    );
    std::fs::remove_file(&at).unwrap();
    std::fs::create_dir(&at).unwrap();
    assert_eq!(
        run(&query),
        (
            false,
            String::new(),
            "gametable: error: data/tictactoe.gtbl: is a folder, not a file\n".to_string()
        )
    );
    std::os::unix::fs::symlink("/nonexistent", dir.join("data/dobutsu-2-2-2.gtbl")).unwrap();
    let (fine, _, stderr) = run(&["play", "dobutsu", "--side", "first"]);
    assert!(
        !fine
            && stderr
                == "gametable: error: data/dobutsu-2-2-2.gtbl: a link to /nonexistent, which is not there\n",
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `query` without a position asks for one, with a table given as without
/// (it used to read a missing `--position` as an empty one there).
#[test]
fn query_asks_for_a_position_with_or_without_a_table() {
    let expected = "gametable: error: give --position P, or --positions - to read positions \
                    from stdin; `gametable games` shows how tictactoe positions are written\n";
    for args in [
        &["query", "tictactoe", "--json"][..],
        &[
            "query",
            "tictactoe",
            "--table",
            "data/tictactoe.gtbl",
            "--json",
        ][..],
    ] {
        let out = gametable(args, b"");
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(text(&out.stderr), expected, "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
}

/// Every "e.g." position `stats` gives for a committed table's longest
/// win and loss is one `query` reads, at that distance (Connect Four once
/// gave boards no game reaches, written as rows, which no position names).
#[test]
fn stats_examples_are_positions_query_reads() {
    for (table, game, parameters) in [
        (
            "data/connect4-4x4.gtbl",
            "connect4",
            &["--width", "4", "--height", "4"][..],
        ),
        ("data/tictactoe.gtbl", "tictactoe", &[][..]),
        ("data/cards-8-5.gtbl", "cards", &[][..]),
    ] {
        let out = ok(&["stats", table], "");
        for (name, outcome) in [("longest win", "win"), ("longest loss", "loss")] {
            let line = out
                .lines()
                .find(|l| l.starts_with(&format!("{name}: ")))
                .unwrap_or_else(|| panic!("{table}: no {name} in\n{out}"));
            // "longest win: 13 plies, e.g. 343"
            let (plies, position) = line
                .split_once(" plies, e.g. ")
                .unwrap_or_else(|| panic!("{table}: {line}"));
            let distance = plies.rsplit(' ').next().unwrap();
            let mut args = vec!["query", game];
            args.extend_from_slice(parameters);
            args.extend_from_slice(&["--position", position, "--json"]);
            let json = ok(&args, "");
            assert!(
                json.starts_with(&format!(
                    "{{\"outcome\": \"{outcome}\", \"distance\": {distance},"
                )),
                "{table}: {line}: {json}"
            );
        }
    }
}

/// `verify DIR` names a fingerprint whose table is not there (a write that
/// failed and could not clean up leaves one; helper-94), listed or not.
#[test]
fn verify_names_a_fingerprint_without_its_table() {
    let dir = scratch_dir("orphan-fingerprint");
    let at = |name: &str| dir.join(name).display().to_string();
    ok(
        &[
            "generate",
            "tictactoe",
            "--quiet",
            "--output",
            &at("t.gtbl"),
        ],
        "",
    );
    ok(&["verify", dir.to_str().unwrap()], "");
    std::fs::copy(dir.join("t.fingerprint"), dir.join("u.fingerprint")).unwrap();
    let out = gametable(&["verify", dir.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains(&format!(
            "FAIL  {}: a fingerprint without its table: {} is not there (remove it, or write the table again)\n",
            at("u.fingerprint"),
            at("u.gtbl")
        )),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("1 of 4 checks failed verification"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
