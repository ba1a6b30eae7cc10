//! Every built-in game passes the engine's conformance check: on every
//! index of small variants, and on a seeded random sample of large ones.
//! Each report is checked to have exercised the hooks the game provides.

use gametable::Variant;
use gametable_gen::engine::conformance::{check, Report, Sample};
use gametable_gen::engine::Game;
use gametable_gen::games::cards::game::Cards;
use gametable_gen::games::connect4::ConnectFour;
use gametable_gen::games::tictactoe::TicTacToe;

#[allow(clippy::panic)] // a failure names the broken contract
fn passes<G: Game>(game: &G, sample: Sample) -> Report {
    let report = check(game, sample).unwrap_or_else(|failure| panic!("{failure}"));
    assert!(report.positions > 0, "{report}");
    assert_eq!(report.predecessors > 0, game.has_unmoves(), "{report}");
    assert_eq!(report.canonical > 0, game.has_symmetry(), "{report}");
    report
}

#[test]
fn cards_conforms() {
    for (n, m) in [(1, 2), (3, 5), (4, 7), (8, 5), (2, 16), (5, 6)] {
        let game = Cards::new(Variant::new(n, m).unwrap());
        let report = passes(&game, Sample::All);
        assert_eq!(report.indices, game.states());
        // Every index but the both-zero pair is a position.
        assert_eq!(report.positions, game.states() - 1);
    }
    passes(
        &Cards::new(Variant::new(16, 7).unwrap()),
        Sample::Random {
            count: 20_000,
            seed: 7,
        },
    );
}

#[test]
fn tictactoe_conforms() {
    let report = passes(&TicTacToe, Sample::All);
    assert_eq!(report.indices, 19_683);
    assert_eq!(report.positions, 5_478);
}

#[test]
fn connect4_conforms() {
    for (w, h) in [(1, 1), (3, 3), (4, 4)] {
        let game = ConnectFour::new(w, h).unwrap();
        let report = passes(&game, Sample::All);
        assert_eq!(report.indices, game.states());
    }
    for (w, h, seed) in [(5, 4, 1), (5, 5, 2), (6, 4, 3), (7, 6, 4)] {
        passes(
            &ConnectFour::new(w, h).unwrap(),
            Sample::Random {
                count: 20_000,
                seed,
            },
        );
    }
}
