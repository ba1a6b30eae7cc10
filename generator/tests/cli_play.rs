//! The `gametable` binary end to end: play (piped games), query with
//! distances and best moves, and verify --deep on good and corrupted tables.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

#[path = "support/cli.rs"]
mod cli;

use cli::*;

const SAMPLE: [&str; 20] = [
    "--alice", "1", "0", "0", "0", "0", "0", "0", "0", "--bob", "0", "0", "0", "4", "0", "0", "2",
    "0", "--first", "alice",
];

#[test]
fn a_person_wins_in_one() {
    let mut args = vec!["play", "cards"];
    args.extend(SAMPLE);
    let out = gametable(&args, "1 4\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("Position: Alice wins in 1."), "{stdout}");
    assert!(
        stdout.contains("Your legal moves (your card, Bob's card): 1 2, 1 4"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Result: Alice holds only zeros: Alice wins (you win) after 1 move."),
        "{stdout}"
    );
}

#[test]
fn perfect_play_wins_a_piped_game() {
    // The person plays Alice from a lost position, trying every pair in turn:
    // illegal ones are refused, legal ones played, until the game ends.
    let mut args = vec!["play", "cards", "--first", "bob"];
    args.extend(&SAMPLE[..18]);
    let mut input = String::new();
    for _ in 0..40 {
        for a in 1..5 {
            for b in 1..5 {
                input.push_str(&format!("{a} {b}\n"));
            }
        }
    }
    let out = gametable(&args, &input);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("Bob plays 4 1"), "{stdout}");
    assert!(stdout.contains(": Bob wins in 3."), "{stdout}");
    assert!(stdout.contains("Refused: "), "{stdout}");
    assert!(
        stdout
            .contains("Result: Bob holds only zeros: Bob wins (perfect play wins) after 3 moves."),
        "{stdout}"
    );
}

#[test]
fn illegal_and_malformed_moves_are_refused_and_end_of_input_stops() {
    let mut args = vec!["play", "cards"];
    args.extend(SAMPLE);
    let out = gametable(&args, "7 4\n0 4\n2 4\n1 3\n1\nx 4\n1 999\nhint\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    for refusal in [
        "Refused: your card: 7 is not a card value (values are 0..=4).",
        "Refused: your card: 0 cannot be played (a move uses non-zero cards only).",
        "Refused: your card: you hold no card showing 2.",
        "Refused: Bob's card: Bob holds no card showing 3.",
        "Refused: expected two card values, yours then Bob's (e.g. '3 4' or '3+4'), not '1'.",
        "Refused: your card: 'x' is not a card value.",
        "Refused: Bob's card: '999' is not a card value.",
        "Best moves: 1 4 (Alice wins in 1)",
        "End of input: game stopped after 0 moves, no result.",
    ] {
        assert!(
            stdout.contains(refusal),
            "missing '{refusal}' in:\n{stdout}"
        );
    }
}

/// Both sides keeping a draw go round: the third time a drawn position
/// comes with the same player to move, the game ends as a deal. The
/// person's moves are found here from the lookup crate (each side plays
/// its first best move, as perfect play does), the point where play ends
/// by counting positions apart from the command.
#[test]
fn a_drawn_position_that_comes_three_times_ends_as_a_deal() {
    use gametable::{Evaluation, Hand, Position, Variant, CLASSIC_PLAY};
    let ones = Hand::from_cards(Variant::CLASSIC, &[1; 8]).unwrap();
    let mut position = Position::new(ones, ones).unwrap();
    let mut person_to_move = true;
    let mut seen = std::collections::HashMap::new();
    let (mut input, mut moves) = (String::new(), 0);
    loop {
        assert_eq!(CLASSIC_PLAY.evaluate(&position), Ok(Evaluation::Draw));
        let count = seen.entry((position.index(), person_to_move)).or_insert(0);
        *count += 1;
        if *count == 3 {
            break;
        }
        let best = CLASSIC_PLAY.best_moves(&position).unwrap();
        let first = best.iter().next().unwrap();
        if person_to_move {
            input.push_str(&format!("{} {}\n", first.mine, first.theirs));
        }
        position = position.play(first.mine, first.theirs).unwrap();
        person_to_move = !person_to_move;
        moves += 1;
        assert!(moves < 10_000, "no position came three times");
    }
    let ones: Vec<&str> = vec!["1"; 8];
    let mut args = vec!["play", "cards", "--first", "alice", "--alice"];
    args.extend(&ones);
    args.push("--bob");
    args.extend(&ones);
    let out = gametable(&args, &input);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.ends_with(&format!(
            "Result: a deal (a draw) by repetition after {moves} moves: this position has come three times, and neither side can force a win from it.\n"
        )),
        "{stdout}"
    );
}

#[test]
fn random_starts_are_reproducible_by_seed() {
    let a = gametable(&["play", "cards", "--seed", "42", "--side", "bob"], "");
    let b = gametable(&["play", "cards", "--seed", "42", "--side", "bob"], "");
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert!(text(&a.stdout).contains("Dealing random hands with seed 42"));
}

#[test]
fn bad_play_arguments_name_the_field() {
    let out = gametable(&["play", "cards", "--alice", "1", "2"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--alice given without --bob"));
    let out = gametable(
        &[
            "play", "cards", "--alice", "1", "2", "--bob", "1", "1", "1", "1", "1", "1", "1", "1",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--alice: 2 cards given, but a hand of this variant holds 8"),
        "{}",
        text(&out.stderr)
    );
    let out = gametable(
        &[
            "play", "cards", "--alice", "0", "0", "0", "0", "0", "0", "0", "0", "--bob", "0", "0",
            "0", "0", "0", "0", "0", "0",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("both hands are all zeros"));
}

#[test]
fn query_shows_distance_and_best_moves() {
    let out = gametable(
        &[
            "query", "cards", "--first", "alice", "--alice", "3", "4", "4", "4", "4", "4", "4",
            "4", "--bob", "2", "2", "2", "2", "2", "2", "2", "3",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("alice to move: alice wins in 45 plies."),
        "{stdout}"
    );
    assert!(
        stdout.contains("winning moves for alice: 3+2 (alice wins in 45 plies)\n"),
        "{stdout}"
    );
}

#[test]
fn verify_deep_passes_on_the_committed_tables() {
    let out = gametable(&["verify", "--deep"], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("ok    deep data/cards-8-5.gtbl + data/cards-8-5-distance.gtbl"),
        "{stdout}"
    );
}

#[test]
fn verify_deep_names_a_corrupted_state_in_a_file() {
    let dir = std::env::temp_dir().join(format!("gametable-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = workspace().join("data");
    std::fs::copy(data.join("cards-8-5.gtbl"), dir.join("cards-8-5.gtbl")).unwrap();
    // Re-encode the distance table with one state off by two: the file's
    // checksums are valid, only the deep check and regeneration can see it.
    let bytes = std::fs::read(data.join("cards-8-5-distance.gtbl")).unwrap();
    let table = gametable_format::decode(&bytes).unwrap();
    let mut payload = table.payload.clone();
    let index = payload.iter().position(|&d| d == 17).unwrap();
    payload[index] = 19;
    let spec = gametable_format::TableSpec {
        game: table.header.game.clone(),
        kind: table.header.kind,
        bits_per_state: table.header.bits_per_state,
        symmetry: table.header.symmetry,
        states: table.header.states,
        compression: table.header.compression,
        generator: table.header.generator.clone(),
    };
    let corrupted = gametable_format::encode(&spec, &payload).unwrap();
    std::fs::write(dir.join("cards-8-5-distance.gtbl"), corrupted).unwrap();
    let path = dir.join("cards-8-5.gtbl");
    let out = gametable(&["verify", "--deep", path.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!out.status.success(), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("FAIL  deep"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        line.contains("to move holds [") && line.contains("waiting holds ["),
        "{line}"
    );
    assert!(
        line.contains("win in 19") || line.contains("loss in 18") || line.contains("in 19"),
        "{line}"
    );
}

/// `play` uses no answer of the tables it has not checked one move deep
/// against the rules: a distance table re-encoded with the sample's win
/// in 1 read as a win in 3 (its parity kept, so the pair still passes the
/// lookup crate's state-by-state check) stops the game at that position.
#[test]
fn play_refuses_tables_that_contradict_the_rules() {
    let dir = scratch_dir("play-lie");
    let data = workspace().join("data");
    std::fs::copy(data.join("cards-8-5.gtbl"), dir.join("cards-8-5.gtbl")).unwrap();
    // Without its distance table, play says what it needs.
    let alone = dir.join("cards-8-5.gtbl");
    let mut args = vec!["play", "cards", "--table", alone.to_str().unwrap()];
    args.extend(SAMPLE);
    let out = gametable(&args, "");
    assert!(!out.status.success());
    let expected = format!(
        "{}: playing against perfect play needs the distance table {} beside it",
        alone.display(),
        dir.join("cards-8-5-distance.gtbl").display()
    );
    assert!(
        text(&out.stderr).contains(&expected),
        "{}",
        text(&out.stderr)
    );
    let v = gametable::Variant::CLASSIC;
    let sample = gametable::Position::new(
        gametable::Hand::from_cards(v, &[1, 0, 0, 0, 0, 0, 0, 0]).unwrap(),
        gametable::Hand::from_cards(v, &[0, 0, 0, 4, 0, 0, 2, 0]).unwrap(),
    )
    .unwrap();
    let bytes = std::fs::read(data.join("cards-8-5-distance.gtbl")).unwrap();
    let lie = re_encoded(&bytes, |payload| {
        let mut payload = payload.to_vec();
        let at = sample.index() as usize;
        assert_eq!(payload[at], 1, "the sample is a win in 1");
        payload[at] = 3;
        payload
    });
    std::fs::write(dir.join("cards-8-5-distance.gtbl"), lie).unwrap();
    let table = dir.join("cards-8-5.gtbl");
    let table = table.to_str().unwrap();
    for side in ["alice", "bob"] {
        // As Alice the person asks for a hint; as Bob perfect play moves.
        let mut args = vec!["play", "cards", "--table", table, "--side", side];
        args.extend(SAMPLE);
        let out = gametable(&args, "hint\n1 4\n");
        let stdout = text(&out.stdout);
        assert!(!out.status.success(), "{side}: {stdout}");
        assert!(
            !stdout.contains("wins in 3") && !stdout.contains("Best moves"),
            "{side}: {stdout}"
        );
        assert!(
            text(&out.stderr)
                .contains("the table contradicts the rules at alice:10000000:42000000: the table says win in 3 but its moves make it win in 1"),
            "{side}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table of one state per orbit plays as the table of every state does:
/// the same games, move for move, hints and refusals included, for either
/// side; without its distance table it is refused as the full one is.
#[test]
fn play_reads_tables_over_orbits() {
    let dir = scratch_dir("play-orbits");
    let full = dir.join("full/cards-6-5.gtbl");
    let orbits = dir.join("orbits/cards-6-5.gtbl");
    for (path, symmetry) in [(&full, "none"), (&orbits, "orbits")] {
        let out = generate_cards(6, 5, path, &["--symmetry", symmetry]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let mut input = String::from("hint\n");
    for a in 1..5 {
        for b in 1..5 {
            input.push_str(&format!("{a} {b}\nhint\n"));
        }
    }
    let mut games = 0;
    for seed in ["1", "2", "3", "4"] {
        for side in ["alice", "bob"] {
            let play = |table: &std::path::Path| {
                let args = [
                    "play",
                    "cards",
                    "--table",
                    table.to_str().unwrap(),
                    "--seed",
                    seed,
                    "--side",
                    side,
                ];
                let out = gametable(&args, &input);
                assert!(out.status.success(), "{}", text(&out.stderr));
                text(&out.stdout)
            };
            let (a, b) = (play(&full), play(&orbits));
            assert_eq!(a, b, "seed {seed}, {side}");
            assert!(a.contains("Best moves: "), "{a}");
            games += usize::from(a.contains("plays "));
        }
    }
    assert!(games > 0, "perfect play moved in none of the games");
    std::fs::remove_file(dir.join("orbits/cards-6-5-distance.gtbl")).unwrap();
    let out = gametable(&["play", "cards", "--table", orbits.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("needs the distance table"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play cards` takes its moves from the engine's analysis of the
/// embedded tables (`Analysis::best`, `best_moves`); the lookup crate's
/// `PerfectPlay` picks the same best moves, in the same order, at every
/// one of 20,000 positions spread over the (8, 5) variant.
#[test]
fn play_picks_the_best_moves_perfect_play_picks() {
    use gametable::{Evaluation, Outcome, Position, CLASSIC_PLAY};
    use gametable_gen::cli::registry::BuiltIn;
    use gametable_gen::cli::source;
    use gametable_gen::engine::Side;
    use gametable_gen::games::cards::game::Cards;

    let variant = gametable::Variant::CLASSIC;
    let game = BuiltIn::Cards(Cards::new(variant));
    let source = source::open(&game, None).unwrap();
    let BuiltIn::Cards(cards) = &game else {
        unreachable!()
    };
    let evaluation = |outcome, distance: Option<u16>| match outcome {
        Outcome::Win => Evaluation::Win(distance.unwrap()),
        Outcome::Loss => Evaluation::Loss(distance.unwrap()),
        Outcome::Draw => Evaluation::Draw,
    };
    let (mut compared, mut with_moves) = (0, 0);
    for index in (1..variant.states()).step_by(12) {
        let Ok(position) = Position::from_index(variant, index) else {
            continue;
        };
        let analysis = source.analyse(cards, index, Side::First).unwrap();
        let mine: Vec<(u64, Evaluation)> = analysis
            .best_moves()
            .iter()
            .map(|m| (m.index, evaluation(m.outcome, m.distance)))
            .collect();
        let theirs: Vec<(u64, Evaluation)> = CLASSIC_PLAY
            .best_moves(&position)
            .unwrap()
            .iter()
            .map(|m| {
                let next = position.play(m.mine, m.theirs).unwrap();
                (next.index(), m.leads_to)
            })
            .collect();
        assert_eq!(mine, theirs, "at index {index}");
        assert_eq!(
            analysis.best().map(|m| m.index),
            theirs.first().map(|m| m.0),
            "at index {index}"
        );
        compared += 1;
        with_moves += usize::from(!theirs.is_empty());
    }
    assert!(
        compared > 20_000 && with_moves > 15_000,
        "{compared} {with_moves}"
    );
}
