//! The games built into the generator, each a [`crate::engine::Game`].

pub mod connect4;
