//! Links the lookup crate alone and answers the Codeforces 919F sample from
//! the embedded table: `cargo run --example judge_sample`.

use gametable::{Hand, Player, Variant, CLASSIC};

const SAMPLE: [(u8, [u8; 8], [u8; 8]); 4] = [
    (1, [0, 0, 0, 0, 0, 0, 0, 0], [1, 2, 3, 4, 1, 2, 3, 4]),
    (1, [0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 4, 0, 0, 0]),
    (0, [1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 4, 0, 0, 2, 0]),
    (1, [1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1]),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for (first, alice, bob) in SAMPLE {
        let first = if first == 0 {
            Player::Alice
        } else {
            Player::Bob
        };
        let alice = Hand::from_cards(Variant::CLASSIC, &alice)?;
        let bob = Hand::from_cards(Variant::CLASSIC, &bob)?;
        println!("{}", CLASSIC.verdict(first, alice, bob)?);
    }
    Ok(())
}
