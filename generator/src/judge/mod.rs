//! Judge formats: the scanner that reads contest input in bulk. Each game's
//! own judge format lives with the game (`games::cards::judge`,
//! `games::stones::judge`).

pub mod scan;
