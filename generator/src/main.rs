//! The `gametable` command line.
fn main() {}
