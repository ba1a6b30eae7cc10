//! `gametable stats`: what a table file holds.

use std::path::Path;

use gametable::code;
use gametable_gen::table_file::OutcomeFile;

/// Prints the parameters and outcome counts of the table at `path`.
pub fn run(path: &Path) -> crate::Result<()> {
    let file = OutcomeFile::read(path)?;
    let counts = file.counts();
    let states = file.variant.states();
    let share = |n: u64| 100.0 * n as f64 / states as f64;
    println!("table:     {}", path.display());
    println!(
        "game:      cards, {} cards per hand, values mod {}",
        file.variant.cards(),
        file.variant.modulus()
    );
    println!("hands:     {}", file.variant.hands());
    println!(
        "states:    {states} ({:?} table, {} bits each)",
        file.header.kind, file.header.bits_per_state
    );
    for (name, c) in [
        ("wins", code::WIN),
        ("losses", code::LOSS),
        ("draws", code::DRAW),
    ] {
        let n = counts[c as usize];
        println!("{:<10} {n} ({:.2}%)", format!("{name}:"), share(n));
    }
    println!("not a position: {}", counts[code::NOT_A_POSITION as usize]);
    println!(
        "payload sha256: {}",
        gametable_format::hex(&file.header.payload_sha256)
    );
    println!("generator: {}", file.header.generator);
    Ok(())
}
