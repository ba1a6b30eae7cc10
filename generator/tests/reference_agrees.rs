//! The independent [`reference`] solver against the published counts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use gametable::{code, Variant};
use gametable_gen::reference;

#[test]
fn classic_counts() {
    let t = std::time::Instant::now();
    let codes = reference::solve_codes(Variant::CLASSIC).unwrap();
    let count = |c: u8| codes.iter().filter(|&&x| x == c).count();
    eprintln!("reference (8,5): {:?}", t.elapsed());
    assert_eq!(count(code::WIN), 121_365);
    assert_eq!(count(code::LOSS), 74_605);
    assert_eq!(count(code::DRAW), 49_054);
    assert_eq!(count(code::NOT_A_POSITION), 1);
}
