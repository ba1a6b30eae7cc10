//! `gametable stats`: what a table file holds.

use std::path::Path;

use crate::store::cards::{self as table_file, DistanceFile, OutcomeFile};
use gametable::code;
use gametable_format::TableKind;

/// Prints the parameters and outcome counts of the table at `path`, and for
/// a distance table the longest win and loss and the distance histogram.
pub fn run(path: &Path) -> crate::cli::Result<()> {
    let bytes = table_file::read_bytes(path)?;
    if table_file::kind_of(path, &bytes)? == TableKind::Distance {
        return distances(path, &bytes);
    }
    let file = OutcomeFile::from_bytes(path, &bytes)?;
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

fn distances(path: &Path, bytes: &[u8]) -> crate::cli::Result<()> {
    let file = DistanceFile::from_bytes(path, bytes)?;
    let stats = file.stats();
    let v = file.variant;
    println!("table:     {}", path.display());
    println!(
        "game:      cards, {} cards per hand, values mod {}",
        v.cards(),
        v.modulus()
    );
    println!(
        "states:    {} ({:?} table, {} bits each)",
        v.states(),
        file.header.kind,
        file.header.bits_per_state
    );
    println!(
        "wins:      {}, losses: {}, draws: {}",
        stats.wins, stats.losses, stats.draws
    );
    for (name, longest) in [
        ("longest win", stats.longest_win),
        ("longest loss", stats.longest_loss),
    ] {
        if let Some((index, d)) = longest {
            println!(
                "{name}: {d} moves, e.g. {}",
                table_file::describe_state(v, index)
            );
        }
    }
    println!("distance      wins    losses");
    for (d, (wins, losses)) in stats.histogram.iter().enumerate() {
        println!("{d:>8} {wins:>9} {losses:>9}");
    }
    println!(
        "payload sha256: {}",
        gametable_format::hex(&file.header.payload_sha256)
    );
    println!("generator: {}", file.header.generator);
    Ok(())
}
