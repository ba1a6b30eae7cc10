//! Perfect play: an outcome table and a distance table together, the
//! evaluation of every move of a position and the best ones.
//!
//! Nothing here allocates: the moves of a position are at most
//! [`MAX_MOVES`] and come in a fixed-capacity [`Moves`].

use core::fmt;

use crate::distance::DistanceTable;
use crate::error::{PositionError, TableError};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rules::MAX_MOVES;
use crate::table::CardsTable;

/// A position's value for the player to move under perfect play: the outcome
/// and, for a win or a loss, the number of moves to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// The player to move wins, in this many moves at most (0: already won).
    Win(u16),
    /// The player to move loses, in this many moves at least (0: already lost).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Evaluation {
    /// The outcome, without the distance.
    pub const fn outcome(self) -> Outcome {
        match self {
            Evaluation::Win(_) => Outcome::Win,
            Evaluation::Loss(_) => Outcome::Loss,
            Evaluation::Draw => Outcome::Draw,
        }
    }

    /// The distance: `None` for a draw.
    pub const fn distance(self) -> Option<u16> {
        match self {
            Evaluation::Win(d) | Evaluation::Loss(d) => Some(d),
            Evaluation::Draw => None,
        }
    }

    /// The value, one move earlier, of the move that leads here, for the
    /// player who makes it: a loss at `d` for the opponent is a win at `d + 1`.
    pub const fn before_move(self) -> Evaluation {
        match self {
            Evaluation::Win(d) => Evaluation::Loss(d.saturating_add(1)),
            Evaluation::Loss(d) => Evaluation::Win(d.saturating_add(1)),
            Evaluation::Draw => Evaluation::Draw,
        }
    }

    /// A total preference order for the player it belongs to: any win beats
    /// a draw beats any loss; a shorter win and a longer loss are better.
    const fn preference(self) -> u32 {
        match self {
            Evaluation::Win(d) => 0x2_0000 + (u16::MAX - d) as u32,
            Evaluation::Draw => 0x1_0000,
            Evaluation::Loss(d) => d as u32,
        }
    }

    /// True when the player it belongs to prefers `self` to `other`.
    pub const fn is_better_than(self, other: Evaluation) -> bool {
        self.preference() > other.preference()
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Evaluation::Win(d) => write!(f, "win in {d}"),
            Evaluation::Loss(d) => write!(f, "loss in {d}"),
            Evaluation::Draw => f.write_str("draw"),
        }
    }
}

/// One move, named by the values of the two cards it uses, and where it leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The value of the mover's card, which becomes `(mine + theirs) mod m`.
    pub mine: u8,
    /// The value of the opponent's card.
    pub theirs: u8,
    /// The evaluation of the position the move leads to, for the opponent,
    /// who is to move there: its outcome and distance exactly as the tables
    /// hold them.
    pub leads_to: Evaluation,
}

impl Move {
    /// The move's value for the player who makes it: the outcome and the
    /// distance counting this move ([`Evaluation::before_move`] of
    /// [`Move::leads_to`]).
    pub const fn value(&self) -> Evaluation {
        self.leads_to.before_move()
    }
}

/// The moves of one position, at most [`MAX_MOVES`], in a fixed array.
///
/// Compared and shown as the list of its moves ([`Moves::as_slice`]),
/// never with the array's unused slots.
#[derive(Clone, Copy)]
pub struct Moves {
    items: [Move; MAX_MOVES],
    len: usize,
}

impl core::fmt::Debug for Moves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Moves {}

impl Moves {
    const EMPTY: Move = Move {
        mine: 0,
        theirs: 0,
        leads_to: Evaluation::Draw,
    };

    const fn new() -> Moves {
        Moves {
            items: [Moves::EMPTY; MAX_MOVES],
            len: 0,
        }
    }

    fn push(&mut self, item: Move) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// The moves, in increasing order of `mine`, then `theirs`.
    pub fn as_slice(&self) -> &[Move] {
        self.items.get(..self.len).unwrap_or(&[])
    }

    /// The moves, in increasing order of `mine`, then `theirs`.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// How many moves.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when there are none (the game is over).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<'m> IntoIterator for &'m Moves {
    type Item = &'m Move;
    type IntoIter = core::slice::Iter<'m, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// An outcome table and a distance table of one variant: perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectPlay<'a> {
    outcomes: CardsTable<'a>,
    distances: DistanceTable<'a>,
}

impl<'a> PerfectPlay<'a> {
    /// The pair, checking only that both are of one variant.
    ///
    /// For tables already checked against each other (as `build.rs` does for
    /// the embedded ones): a win or loss without a distance reads as
    /// `u16::MAX` moves away.
    ///
    /// # Errors
    /// [`TableError::VariantMismatch`].
    pub const fn check_variant(
        outcomes: CardsTable<'a>,
        distances: DistanceTable<'a>,
    ) -> Result<PerfectPlay<'a>, TableError> {
        let (a, b) = (outcomes.variant(), distances.variant());
        if a.cards() != b.cards() || a.modulus() != b.modulus() {
            return Err(TableError::VariantMismatch);
        }
        Ok(PerfectPlay {
            outcomes,
            distances,
        })
    }

    /// The pair, checked state by state by the rule an outcome and its
    /// distance obey together ([`crate::consistency::fits`]).
    ///
    /// This is a consistency check of the two tables, not a proof of perfect
    /// play; the generator's `verify --deep` checks that against the rules.
    ///
    /// # Errors
    /// [`TableError::VariantMismatch`] or [`TableError::Inconsistent`].
    pub fn new(
        outcomes: CardsTable<'a>,
        distances: DistanceTable<'a>,
    ) -> Result<PerfectPlay<'a>, TableError> {
        let play = PerfectPlay::check_variant(outcomes, distances)?;
        let hands = u64::from(outcomes.variant().hands());
        let bad = (0..outcomes.variant().states()).find(|&index| {
            let distance = distances.distance_at(index);
            !crate::consistency::fits(outcomes.code(index), distance, index, hands)
        });
        match bad {
            Some(index) => Err(TableError::Inconsistent { index }),
            None => Ok(play),
        }
    }

    /// The outcome table.
    pub const fn outcomes(&self) -> CardsTable<'a> {
        self.outcomes
    }

    /// The distance table.
    pub const fn distances(&self) -> DistanceTable<'a> {
        self.distances
    }

    const fn evaluate_index(&self, index: u64) -> Evaluation {
        let distance = match self.distances.distance_at(index) {
            Some(d) => d,
            None => u16::MAX,
        };
        match Outcome::from_code(self.outcomes.code(index)) {
            Some(Outcome::Win) => Evaluation::Win(distance),
            Some(Outcome::Loss) => Evaluation::Loss(distance),
            Some(Outcome::Draw) | None => Evaluation::Draw,
        }
    }

    /// The evaluation of a position for the player to move.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] for a position of another variant.
    pub const fn evaluate(&self, position: &Position) -> Result<Evaluation, PositionError> {
        match self.outcomes.try_outcome(position) {
            Ok(_) => Ok(self.evaluate_index(position.index())),
            Err(e) => Err(e),
        }
    }

    /// Every legal move of a position with where it leads, in increasing
    /// order of `mine`, then `theirs`; none in a terminal position.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] for a position of another variant.
    pub fn moves(&self, position: &Position) -> Result<Moves, PositionError> {
        self.evaluate(position)?;
        let mut moves = Moves::new();
        for (mine, theirs) in position.legal_moves() {
            if let Ok(next) = position.play(mine, theirs) {
                moves.push(Move {
                    mine,
                    theirs,
                    leads_to: self.evaluate_index(next.index()),
                });
            }
        }
        Ok(moves)
    }

    /// The best moves of a position: those of the best [`Move::value`] for
    /// the mover. From a win they keep the win and end it fastest, from a
    /// loss they hold out longest, from a draw they keep the draw. None in a
    /// terminal position.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] for a position of another variant.
    pub fn best_moves(&self, position: &Position) -> Result<Moves, PositionError> {
        let all = self.moves(position)?;
        let mut best: Option<Evaluation> = None;
        for m in &all {
            if best.is_none_or(|b| m.value().is_better_than(b)) {
                best = Some(m.value());
            }
        }
        let mut moves = Moves::new();
        for m in &all {
            if Some(m.value()) == best {
                moves.push(*m);
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
#[cfg(feature = "embedded")]
mod tests {
    use super::*;
    use crate::{Hand, Variant, CLASSIC, CLASSIC_DISTANCES, CLASSIC_PLAY};

    fn position(to_move: &[u8], waiting: &[u8]) -> Position {
        let v = Variant::CLASSIC;
        Position::new(
            Hand::from_cards(v, to_move).unwrap(),
            Hand::from_cards(v, waiting).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn embedded_tables_pass_the_checked_constructors() {
        let distances =
            DistanceTable::from_bytes(Variant::CLASSIC, 8, CLASSIC_DISTANCES.as_bytes()).unwrap();
        PerfectPlay::new(CLASSIC, distances).unwrap();
    }

    #[test]
    fn longest_win_is_45() {
        let p = position(&[3, 4, 4, 4, 4, 4, 4, 4], &[2, 2, 2, 2, 2, 2, 2, 3]);
        assert_eq!(CLASSIC_PLAY.evaluate(&p), Ok(Evaluation::Win(45)));
        let best = CLASSIC_PLAY.best_moves(&p).unwrap();
        assert!(!best.is_empty());
        for m in &best {
            assert_eq!(m.leads_to, Evaluation::Loss(44));
            assert_eq!(m.value(), Evaluation::Win(45));
        }
    }

    #[test]
    fn best_moves_keep_the_value_everywhere() {
        let v = Variant::CLASSIC;
        for index in 1..v.states() {
            let p = Position::from_index(v, index).unwrap();
            let here = CLASSIC_PLAY.evaluate(&p).unwrap();
            let all = CLASSIC_PLAY.moves(&p).unwrap();
            let best = CLASSIC_PLAY.best_moves(&p).unwrap();
            assert_eq!(all.len(), p.legal_moves().len());
            if p.is_terminal() {
                assert!(best.is_empty());
                continue;
            }
            assert!(!best.is_empty());
            for m in &best {
                assert_eq!(m.value(), here, "state {index}");
            }
            for m in &all {
                assert!(!m.value().is_better_than(here), "state {index}");
            }
        }
    }

    #[test]
    fn terminal_and_draw() {
        let p = position(&[0; 8], &[1, 2, 3, 4, 1, 2, 3, 4]);
        assert_eq!(CLASSIC_PLAY.evaluate(&p), Ok(Evaluation::Win(0)));
        let none = CLASSIC_PLAY.moves(&p).unwrap();
        assert!(none.is_empty());
        // Shown and compared as the list of moves, not the array behind it.
        assert_eq!(format!("{none:?}"), "[]");
        assert_eq!(none, Moves::new());
        let some = CLASSIC_PLAY.moves(&position(&[1; 8], &[1; 8])).unwrap();
        assert_eq!(format!("{some:?}").matches("Move {").count(), some.len());
        assert_ne!(some, none);
        let p = position(&[1; 8], &[1; 8]);
        assert_eq!(CLASSIC_PLAY.evaluate(&p), Ok(Evaluation::Draw));
        let best = CLASSIC_PLAY.best_moves(&p).unwrap();
        assert!(best.iter().all(|m| m.leads_to == Evaluation::Draw));
    }

    #[test]
    fn preference_order() {
        use Evaluation::*;
        assert!(Win(3).is_better_than(Win(5)));
        assert!(Win(99).is_better_than(Draw));
        assert!(Draw.is_better_than(Loss(99)));
        assert!(Loss(8).is_better_than(Loss(2)));
        assert_eq!(Loss(4).before_move(), Win(5));
    }

    #[test]
    fn other_variant_is_refused() {
        let v = Variant::new(3, 5).unwrap();
        let p = Position::new(Hand::unrank(v, 3).unwrap(), Hand::unrank(v, 4).unwrap()).unwrap();
        assert_eq!(
            CLASSIC_PLAY.evaluate(&p),
            Err(PositionError::VariantMismatch)
        );
        assert_eq!(
            CLASSIC_PLAY.moves(&p).map(|m| m.len()),
            Err(PositionError::VariantMismatch)
        );
    }
}
