//! Stones ("Yet Another Game of Stones", ZOJ 3964): answered in closed form
//! by the lookup crate (`gametable::stones`); here are its judge format
//! ([`judge`]), the explanations `query stones` prints ([`query`]) and the
//! game for the exhaustive solver that the closed form is checked against
//! ([`oracle`]).

pub mod judge;
pub mod oracle;
pub mod query;
