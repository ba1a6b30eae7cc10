//! Cards through the engine's generic seam ([`Game`]): the same game the
//! fast path solves, asked state by state, so that the generic path can be
//! checked against the fast one table for table and timed beside it.
//!
//! The index is the lookup crate's: `rank(to_move) * hands +
//! rank(waiting)`. Moves and un-moves come from the per-hand tables of the
//! rules ([`HandTables`]); the symmetry is multiplying every card by a unit
//! of Z/m, canonicalised by the lookup crate's orbit numbering. Both are
//! built on first use: naming a variant (to parse a position, check a
//! range, or refuse one too large to solve) costs nothing, whereas the
//! tables of (16, 16) alone would take 300 GB.

use std::sync::OnceLock;

use gametable::symmetry::{self, Orbits};
use gametable::{Outcome, Position, Variant};

use super::hand_tables::HandTables;
use super::space::RowDivider;
use crate::engine::{Game, Parameter, Side};

/// One Cards variant as a generic game.
pub struct Cards {
    variant: Variant,
    hands: u64,
    /// Splits an index into its hands without a division.
    rows: RowDivider,
    tables: OnceLock<HandTables>,
    orbits: OnceLock<Orbits>,
}

impl Cards {
    /// The game of `variant`.
    pub fn new(variant: Variant) -> Cards {
        Cards {
            variant,
            hands: u64::from(variant.hands()),
            rows: RowDivider::new(variant.hands() as usize),
            tables: OnceLock::new(),
            orbits: OnceLock::new(),
        }
    }

    /// The per-hand tables, built on first use.
    fn tables(&self) -> &HandTables {
        self.tables.get_or_init(|| HandTables::new(self.variant))
    }

    /// The orbit numbering, built on first use.
    fn orbits(&self) -> &Orbits {
        self.orbits.get_or_init(|| Orbits::new(self.variant))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The hand ranks (to move, waiting) of state `index`.
    #[inline]
    fn hands_of(&self, index: u64) -> (usize, usize) {
        let a = self.rows.row_of(index as usize);
        (a, (index - a as u64 * self.hands) as usize)
    }
}

impl Game for Cards {
    type Position = Position;

    fn name(&self) -> &'static str {
        "cards"
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![
            ("cards", u64::from(self.variant.cards())),
            ("modulus", u64::from(self.variant.modulus())),
        ]
    }

    fn states(&self) -> u64 {
        self.variant.states()
    }

    fn position(&self, index: u64) -> Option<Position> {
        Position::from_index(self.variant, index).ok()
    }

    fn index(&self, position: &Position) -> u64 {
        position.index()
    }

    fn is_position(&self, index: u64) -> bool {
        index != 0 && index < self.states()
    }

    // The index does not say whose turn it is: states are seen from the
    // player to move, who is named by the caller.
    fn to_move(&self, _index: u64) -> Side {
        Side::First
    }

    fn ending(&self, index: u64) -> Option<Outcome> {
        match self.hands_of(index) {
            (0, _) => Some(Outcome::Win),
            (_, 0) => Some(Outcome::Loss),
            _ => None,
        }
    }

    fn successors(&self, index: u64, out: &mut Vec<u64>) {
        let (a, b) = self.hands_of(index);
        let tables = self.tables();
        let mut mine = tables.nonzero(a);
        while mine != 0 {
            let card = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let mut theirs = tables.nonzero(b);
            while theirs != 0 {
                let other = theirs.trailing_zeros() as usize;
                theirs &= theirs - 1;
                let after = tables.forward(a, card, other);
                out.push(b as u64 * self.hands + u64::from(after));
            }
        }
    }

    // Every pair of a card value of the mover's and one of the waiting
    // player's gives its own hand: replacing a card of value c by c + o
    // determines c and o. Per orbit, two of them share one only through a
    // unit other than 1 that fixes the waiting hand: those states list.
    fn successor_count(&self, index: u64, per_orbit: bool) -> Option<usize> {
        let (a, b) = self.hands_of(index);
        let tables = self.tables();
        (!per_orbit || !self.orbits().has_symmetry(b))
            .then(|| (tables.moves(a) * tables.moves(b)) as usize)
    }

    fn max_moves(&self) -> usize {
        let m = usize::from(self.variant.modulus());
        (m - 1) * (m - 1)
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let (x, y) = self.hands_of(index);
        out.reserve(self.max_unmoves());
        self.tables().for_each_unmove(x, y, |before| {
            out.push(before as u64 * self.hands + x as u64)
        });
    }

    fn max_unmoves(&self) -> usize {
        let m = usize::from(self.variant.modulus());
        m * (m - 1)
    }

    fn has_symmetry(&self) -> bool {
        symmetry::units(self.variant.modulus()).nth(1).is_some()
    }

    fn canonical(&self, index: u64) -> u64 {
        self.representative(self.orbit(index))
    }

    // The lookup crate's numbering: orbits in increasing order of their
    // canonical index, the both-zero pair among them.
    fn orbit_count(&self) -> Option<u64> {
        Some(symmetry::orbit_count(self.variant))
    }

    // Inlined: the sweep asks it of every predecessor.
    #[inline(always)]
    fn orbit(&self, index: u64) -> u64 {
        let (a, b) = self.hands_of(index);
        match self.orbits().index(a, b) {
            Some(orbit) => orbit,
            // The engine asks only of states below `states()`: both ranks
            // are below the hands.
            None => unreachable!("state {index} past the variant's states"),
        }
    }

    fn representative(&self, orbit: u64) -> u64 {
        let (a, b) = self.orbits().state(orbit);
        a as u64 * self.hands + b as u64
    }
}
