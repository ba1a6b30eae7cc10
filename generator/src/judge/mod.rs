//! Judge formats: parsing contest input in bulk and writing verdicts.

pub mod cards;
pub mod scan;
pub mod stones;
