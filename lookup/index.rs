//! How a game's states map to a table's stored states: the one thing a
//! reader needs from a game to query a table of it by dense index.
//!
//! A table stores either every state by its dense index (a *full* table) or
//! one state per orbit of the game's symmetry (a *reduced* table), the
//! orbits numbered densely in increasing order of their canonical dense
//! index: the member the game's `canonical` picks, whichever that is, not
//! necessarily the least. Opening
//! checks a numbering's name and count, not its order, so a
//! [`StateIndex`] must number orbits exactly so. A [`StateIndex`] names the game as headers do and maps a
//! dense index to the stored state that answers for it: the identity for a
//! full table, the orbit number for a reduced one. Nothing else about the
//! game (its rules, its positions) is needed to read its tables, so a game
//! crate implements this small trait and gets [`crate::AnyTable`]'s checked
//! opening and lookups (feature `open`) for free.
//!
//! [`FullIndex`] is the index of any game's full table; [`CardsIndex`] the
//! index of Cards tables, full or reduced.

use crate::variant::Variant;

/// How a game's dense state indices map to a table's stored states.
///
/// Contract: `stored(i)` is `None` for `i >= states()` and otherwise below
/// `stored_states()` (or `None` where the table stores nothing for `i`, as
/// for an index that is not a position in a reduced table); for a full
/// table (`reduced()` false) `stored(i) == Some(i)` for every `i` in range.
pub trait StateIndex {
    /// The game's name as table headers write it (`cards`, `connect4`).
    fn name(&self) -> &str;

    /// The game's parameters in the header's order
    /// (`[("cards", 8), ("modulus", 5)]`); empty for a game without any.
    fn parameters(&self) -> &[(&'static str, u64)];

    /// How many dense indices the game has: every index is below this.
    fn states(&self) -> u64;

    /// Whether the table stores one state per orbit (`Symmetry::Orbits`)
    /// rather than every state.
    fn reduced(&self) -> bool;

    /// How many states the table stores: [`StateIndex::states`] for a full
    /// table, the number of orbits for a reduced one.
    fn stored_states(&self) -> u64;

    /// The stored state that answers for dense index `index`, or `None`
    /// when there is none (out of range, or not stored).
    fn stored(&self, index: u64) -> Option<u64>;
}

/// The index of a full table of any game: every dense index stored as itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FullIndex<'a> {
    name: &'a str,
    parameters: &'a [(&'static str, u64)],
    states: u64,
}

impl<'a> FullIndex<'a> {
    /// The full index of game `name` with `parameters` and `states` states.
    pub const fn new(
        name: &'a str,
        parameters: &'a [(&'static str, u64)],
        states: u64,
    ) -> FullIndex<'a> {
        FullIndex {
            name,
            parameters,
            states,
        }
    }
}

impl StateIndex for FullIndex<'_> {
    fn name(&self) -> &str {
        self.name
    }

    fn parameters(&self) -> &[(&'static str, u64)] {
        self.parameters
    }

    fn states(&self) -> u64 {
        self.states
    }

    fn reduced(&self) -> bool {
        false
    }

    fn stored_states(&self) -> u64 {
        self.states
    }

    #[inline]
    fn stored(&self, index: u64) -> Option<u64> {
        (index < self.states).then_some(index)
    }
}

/// The index of a Cards table: dense index `rank(to_move) * hands +
/// rank(waiting)` ([`crate::Position::index`]); a reduced table stores one
/// state per orbit under multiplying every card by a unit, numbered by
/// [`crate::symmetry::Orbits`] (the both-zero state keeps its orbit).
pub struct CardsIndex {
    variant: Variant,
    parameters: [(&'static str, u64); 2],
    #[cfg(feature = "alloc")]
    orbits: Option<alloc::boxed::Box<crate::symmetry::Orbits>>,
}

impl CardsIndex {
    /// The index of `variant`'s full tables.
    pub fn full(variant: Variant) -> CardsIndex {
        CardsIndex {
            variant,
            parameters: [
                ("cards", u64::from(variant.cards())),
                ("modulus", u64::from(variant.modulus())),
            ],
            #[cfg(feature = "alloc")]
            orbits: None,
        }
    }

    /// The index of `variant`'s reduced tables (builds the orbit numbering,
    /// linear in the hands).
    ///
    /// # Panics
    /// As [`crate::symmetry::Orbits::new`]: for a variant whose units times hands
    /// pass 2^32, such as (17, 16), whose table over orbits no format holds.
    #[cfg(feature = "alloc")]
    pub fn orbits(variant: Variant) -> CardsIndex {
        CardsIndex {
            orbits: Some(alloc::boxed::Box::new(crate::symmetry::Orbits::new(
                variant,
            ))),
            ..CardsIndex::full(variant)
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }
}

impl core::fmt::Debug for CardsIndex {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CardsIndex")
            .field("variant", &self.variant)
            .field("reduced", &self.reduced())
            .finish()
    }
}

impl StateIndex for CardsIndex {
    fn name(&self) -> &str {
        "cards"
    }

    fn parameters(&self) -> &[(&'static str, u64)] {
        &self.parameters
    }

    fn states(&self) -> u64 {
        self.variant.states()
    }

    fn reduced(&self) -> bool {
        #[cfg(feature = "alloc")]
        return self.orbits.is_some();
        #[cfg(not(feature = "alloc"))]
        false
    }

    fn stored_states(&self) -> u64 {
        #[cfg(feature = "alloc")]
        if let Some(orbits) = &self.orbits {
            return orbits.states();
        }
        self.variant.states()
    }

    #[inline]
    fn stored(&self, index: u64) -> Option<u64> {
        if index >= self.variant.states() {
            return None;
        }
        #[cfg(feature = "alloc")]
        if let Some(orbits) = &self.orbits {
            let hands = u64::from(self.variant.hands());
            return orbits.index((index / hands) as usize, (index % hands) as usize);
        }
        Some(index)
    }
}
