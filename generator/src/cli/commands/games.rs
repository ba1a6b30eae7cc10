//! `gametable games`: every game the command line knows, with its
//! parameters and how its positions and moves are written.

use crate::cli::registry::GAMES;
use crate::engine::Notation;

/// Prints the list.
pub fn run() -> crate::cli::Result<()> {
    say_inline!("{}", listing()?);
    Ok(())
}

/// The list, as printed.
///
/// # Errors
/// A game that does not build with its defaults (a bug).
pub fn listing() -> crate::cli::Result<String> {
    let mut text = String::new();
    for entry in GAMES {
        let game = entry.build_default()?;
        let (position, moves) = crate::with_game!(&game, g => (g.position_help(), g.move_help()));
        text.push_str(&format!("{}: {}\n", entry.name, entry.about));
        if entry.parameters.is_empty() {
            text.push_str("  parameters: none\n");
        }
        for p in entry.parameters {
            text.push_str(&format!(
                "  --{} N: {} ({}, default {})\n",
                p.name,
                p.help,
                p.accepted(),
                p.default
            ));
        }
        text.push_str(&format!("  position: {position}\n"));
        text.push_str(&format!("  move: {moves}\n"));
        text.push_str(&format!(
            "  default table: {}\n",
            crate::cli::source::default_table_words(&game)
        ));
        text.push('\n');
    }
    text.push_str(&format!(
        "stones: Stones (ZOJ 3964), answered in closed form: {}\n",
        crate::cli::registry::STONES_QUERY
    ));
    Ok(text)
}
