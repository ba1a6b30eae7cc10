//! A Dobutsu shogi position in the mover's frame ([`Position`]) and its
//! rules: the moves and un-moves of a state, captures, drops, promotion,
//! the try, and the keys that tell successors apart.

use gametable::Outcome;

use super::index;
use super::pieces::*;

/// A move in the mover's frame: a piece from a square (or dropped from
/// hand) to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square moved from, `None` for a drop.
    pub from: Option<u8>,
    /// The square moved to.
    pub to: u8,
    /// The kind of the moving piece before the move (a hen is `HEN`).
    pub kind: u8,
    /// Whether the move takes a piece.
    pub capture: bool,
    /// Whether a chick promotes.
    pub promotes: bool,
}

/// One legal move as the rules list it ([`Position::for_each_step`]).
#[derive(Clone, Copy)]
pub(super) enum Step {
    /// A piece `piece` steps from `from` to `to`, taking `target` (`EMPTY`
    /// for none), and stands there as `placed` (a chick reaching the far
    /// row as a hen).
    Board {
        from: usize,
        to: usize,
        piece: u8,
        target: u8,
        placed: u8,
    },
    /// A piece of hand slot `slot` dropped on `to`.
    Drop { slot: usize, to: usize },
}

/// One un-move as the rules list it ([`Position::for_each_unstep`]), in the
/// frame of the state after it: the opponent's piece goes back.
#[derive(Clone, Copy)]
pub(super) enum Unstep {
    /// The opponent's piece on `to` steps back to `from`, standing there as
    /// `was` (a chick for an un-promotion), and leaves `left` on `to`:
    /// `EMPTY`, or the mover's piece it took (the mover's `LION` when the
    /// state after it is lost), which leaves the opponent's hand.
    Back {
        from: usize,
        to: usize,
        was: u8,
        left: u8,
    },
    /// The opponent's piece on `to` goes back into its hand.
    Undrop { to: usize },
}

/// A state of the game, seen from the side to move (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// The piece code on each square.
    pub cells: [u8; SQUARES],
    /// `hands[0]` the mover's, `hands[1]` the opponent's: how many lions,
    /// giraffes, elephants and chicks each holds. Only the opponent ever
    /// holds a lion, in a state where it has just captured the mover's.
    pub hands: [[u8; 4]; 2],
}

impl Position {
    /// The start position of the whole game, first player to move (a
    /// variant's start leaves out its missing kinds:
    /// [`super::Dobutsu::start_position`]).
    pub const START: Position = Position {
        cells: [
            GIRAFFE | THEIRS,
            LION | THEIRS,
            ELEPHANT | THEIRS,
            EMPTY,
            CHICK | THEIRS,
            EMPTY,
            EMPTY,
            CHICK,
            EMPTY,
            ELEPHANT,
            LION,
            GIRAFFE,
        ],
        hands: [[0; 4]; 2],
    };

    /// The square of `owner`'s lion, if it is on the board.
    pub fn lion(&self, owner: usize) -> Option<usize> {
        let piece = LION | if owner == 0 { 0 } else { THEIRS };
        self.cells.iter().position(|&p| p == piece)
    }

    /// The squares `owner`'s pieces attack.
    pub fn attacked_by(&self, owner_of: usize) -> u16 {
        let mut mask = 0;
        for (square, &piece) in self.cells.iter().enumerate() {
            if piece != EMPTY && owner(piece) == owner_of {
                mask |= targets(piece, square);
            }
        }
        mask
    }

    /// Whether the mover's lion has been captured (the opponent holds it).
    pub fn lion_lost(&self) -> bool {
        self.hands[1][0] > 0
    }

    /// Why this is not a state of the variant with `pieces` of each kind
    /// (lions, giraffes, elephants, chicks: [`super::Dobutsu::pieces`]), or `None`
    /// when it is: every piece accounted for, lions where they may stand.
    pub fn fault(&self, pieces: [u8; 4]) -> Option<&'static str> {
        let mut count = [0u8; 4];
        let mut lions = [0u8; 2];
        for &piece in &self.cells {
            if piece == EMPTY {
                continue;
            }
            if kind(piece) == 0 || kind(piece) > HEN || piece & !(THEIRS | 7) != 0 {
                return Some("unknown piece code");
            }
            count[hand_slot(kind(piece))] += 1;
            if kind(piece) == LION {
                lions[owner(piece)] += 1;
            }
        }
        for hand in &self.hands {
            for (slot, &n) in hand.iter().enumerate() {
                count[slot] += n;
            }
        }
        if count != pieces {
            return Some(
                "each kind of piece must appear exactly twice, or not at all when the variant \
                 has none (a hen counts as a chick)",
            );
        }
        if self.hands[0][0] > 0 {
            return Some("the side to move holds a lion: the game ended before its turn");
        }
        if lions[1] == 2 {
            return Some(
                "both lions on the board are the opponent's: one is the side to move's, on the \
                 board or captured",
            );
        }
        if lions[0] == 2 {
            return Some(
                "both lions on the board are the side to move's: one is the opponent's, on the board",
            );
        }
        if lions[1] != 1 {
            return Some("the opponent of the side to move must have its lion on the board");
        }
        if lions[0] + self.hands[1][0] != 1 {
            return Some("the side to move must have one lion, on the board or captured");
        }
        if let Some(l) = self.lion(0) {
            if row(l) == 0 {
                return Some(
                    "the side to move has its lion on its far row: the try was already decided",
                );
            }
        }
        None
    }

    /// The rules' verdict for the mover: a loss when its lion is captured
    /// or the opposing lion stands unattacked on its home row.
    pub fn ending(&self) -> Option<Outcome> {
        if self.lion_lost() {
            return Some(Outcome::Loss);
        }
        let theirs = self.lion(1)?;
        if row(theirs) == 3 && self.attacked_by(0) >> theirs & 1 == 0 {
            return Some(Outcome::Loss);
        }
        None
    }

    /// Whether the lions alone decide this state ([`index::lions_settle`]).
    pub fn lions_settle(&self) -> bool {
        match self.lion(1) {
            Some(theirs) => index::lions_settle(self.lion(0), theirs),
            None => true,
        }
    }

    /// Whether the mover can capture the opposing lion.
    pub fn can_capture_lion(&self) -> bool {
        match self.lion(1) {
            Some(l) => self.attacked_by(0) >> l & 1 == 1,
            None => false,
        }
    }

    /// Whether the mover wins by the try: its lion can step onto a square
    /// of its far row that holds none of its own pieces and that the
    /// opponent does not attack (the state after it is over: see
    /// [`Position::ending`]).
    pub fn can_try(&self) -> bool {
        let Some(lion) = self.lion(0) else {
            return false;
        };
        let mut far_row_open = 0u16;
        for square in 0..SQUARES {
            let piece = self.cells[square];
            let own = piece != EMPTY && owner(piece) == 0;
            far_row_open |= u16::from(row(square) == 0 && !own) << square;
        }
        targets(LION, lion) & far_row_open & !self.attacked_by(1) != 0
    }

    /// Whether the mover wins in one: it can capture the opposing lion or
    /// win by the try.
    pub fn wins_at_once(&self) -> bool {
        self.can_capture_lion() || self.can_try()
    }

    /// How many distinct states its moves lead to ([`crate::engine::Game::successor_count`]),
    /// counting a state and its mirror image once when `per_orbit`, and
    /// leaving out those whose lions settle them ([`Position::lions_settle`])
    /// when `leave_settled`; `None` past `MAX_MOVES`.
    ///
    /// The moves of [`Position::for_each_move`], without a board per move.
    /// Distinct moves lead to distinct states, so only successors that are
    /// each other's mirror images can meet, and only when the board is
    /// within four squares of its mirror image: then each successor is a
    /// 64-bit key (a nibble per square, two bits per hand count) changed in
    /// the squares and the hand the move touches, with its mirror image's
    /// key beside it, and the smaller keys are sorted and counted. The keys
    /// are taken before the board is turned to the opponent: turning is
    /// one-to-one and commutes with the mirror, so it changes neither
    /// count.
    pub fn distinct_successors(&self, per_orbit: bool, leave_settled: bool) -> Option<usize> {
        let (Some(mine), Some(theirs)) = (self.lion(0), self.lion(1)) else {
            return Some(0);
        };
        let (mut key, mut mirror) = (0u64, 0u64);
        for (square, &piece) in self.cells.iter().enumerate() {
            key |= u64::from(piece) << (4 * square);
            mirror |= u64::from(piece) << (4 * mirror_square(square));
        }
        for (owner, hand) in self.hands.iter().enumerate() {
            for (slot, &n) in hand.iter().enumerate() {
                let hands = u64::from(n) << hand_shift(owner, slot);
                key |= hands;
                mirror |= hands;
            }
        }
        // A successor is settled when the opposing lion is taken, or the
        // mover's lion stands on row 0 (the opponent's home row) or beside
        // the opposing lion.
        let settles = |lion: usize, taken: bool| {
            leave_settled && (taken || row(lion) == 0 || index::lions_settle(Some(lion), theirs))
        };
        // Distinct moves lead to distinct boards. Two lead to mirror images
        // of each other only when the board and its mirror image differ on
        // at most the four squares the two moves touch; otherwise (most
        // states) the moves are counted, with no keys to sort.
        let differing = {
            let x = (key ^ mirror) & ((1 << 48) - 1);
            ((x | x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111).count_ones()
        };
        let may_meet = per_orbit && differing <= 4;
        // The keys of the successor after `step` and of its mirror image.
        let keys_after = |step: Step| match step {
            Step::Board {
                from,
                to,
                piece,
                target,
                placed,
            } => {
                let held = if target == EMPTY {
                    0
                } else {
                    1u64 << hand_shift(0, hand_slot(kind(target)))
                };
                let moved = |k: u64, from: usize, to: usize| {
                    k.wrapping_sub(u64::from(piece) << (4 * from))
                        .wrapping_sub(u64::from(target) << (4 * to))
                        .wrapping_add(u64::from(placed) << (4 * to))
                        .wrapping_add(held)
                };
                (
                    moved(key, from, to),
                    moved(mirror, mirror_square(from), mirror_square(to)),
                )
            }
            Step::Drop { slot, to } => {
                let dropped = u64::from(slot_kind(slot));
                let held = 1u64 << hand_shift(0, slot);
                (
                    key.wrapping_add(dropped << (4 * to)).wrapping_sub(held),
                    mirror
                        .wrapping_add(dropped << (4 * mirror_square(to)))
                        .wrapping_sub(held),
                )
            }
        };
        let mut keys = [0u64; MAX_MOVES];
        let mut n = 0;
        self.for_each_step(|step| {
            let (lion, taken) = match step {
                Step::Board {
                    to, piece, target, ..
                } => (
                    if kind(piece) == LION { to } else { mine },
                    target != EMPTY && kind(target) == LION,
                ),
                Step::Drop { .. } => (mine, false),
            };
            if settles(lion, taken) {
                return;
            }
            if may_meet {
                if let Some(slot) = keys.get_mut(n) {
                    let (k, m) = keys_after(step);
                    *slot = k.min(m);
                }
            }
            n += 1;
        });
        if !may_meet {
            return (n <= MAX_MOVES).then_some(n);
        }
        let keys = keys.get_mut(..n)?;
        keys.sort_unstable();
        Some(keys.first().map_or(0, |_| {
            1 + keys.windows(2).filter(|w| w.first() != w.last()).count()
        }))
    }

    /// Calls `f` with every legal move as the rules give it, in a fixed
    /// order: board moves by square, then drops. None when the state is
    /// over; only the lion captures when there are any. The one list of
    /// the rules' moves, which [`Position::for_each_move`] and
    /// [`Position::distinct_successors`] read.
    pub(super) fn for_each_step(&self, mut f: impl FnMut(Step)) {
        if self.lion_lost() {
            return;
        }
        let Some(theirs) = self.lion(1) else {
            return;
        };
        let captures_only = self.attacked_by(0) >> theirs & 1 == 1;
        if !captures_only && row(theirs) == 3 {
            return;
        }
        for (from, &piece) in self.cells.iter().enumerate() {
            if piece == EMPTY || owner(piece) != 0 {
                continue;
            }
            let mut mask = targets(piece, from);
            while mask != 0 {
                let to = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let target = self.cells[to];
                if target != EMPTY && owner(target) == 0 {
                    continue;
                }
                if captures_only && (target == EMPTY || kind(target) != LION) {
                    continue;
                }
                let placed = if kind(piece) == CHICK && row(to) == 0 {
                    HEN
                } else {
                    piece
                };
                f(Step::Board {
                    from,
                    to,
                    piece,
                    target,
                    placed,
                });
            }
        }
        if captures_only {
            return;
        }
        for slot in 1..4 {
            if self.hands[0][slot] == 0 {
                continue;
            }
            for to in 0..SQUARES {
                if self.cells[to] == EMPTY {
                    f(Step::Drop { slot, to });
                }
            }
        }
    }

    /// The same state seen from the other side: the board turned 180
    /// degrees, owners and hands exchanged.
    pub fn turned(&self) -> Position {
        let mut cells = [EMPTY; SQUARES];
        for (square, &piece) in self.cells.iter().enumerate() {
            // Without a branch: an empty square stays empty.
            cells[turned_square(square)] = piece ^ (u8::from(piece != EMPTY) * THEIRS);
        }
        Position {
            cells,
            hands: [self.hands[1], self.hands[0]],
        }
    }

    /// The board mirrored left to right.
    pub fn mirrored(&self) -> Position {
        let mut cells = [EMPTY; SQUARES];
        for (square, &piece) in self.cells.iter().enumerate() {
            cells[mirror_square(square)] = piece;
        }
        Position {
            cells,
            hands: self.hands,
        }
    }

    /// Calls `f` with every legal move and the state it leads to (seen from
    /// the opponent, who is then to move), in a fixed order: board moves by
    /// square, then drops. None when the state is over; only the lion
    /// captures when there are any.
    pub fn for_each_move(&self, mut f: impl FnMut(Move, Position)) {
        self.for_each_step(|step| {
            let mut next = *self;
            let mv = match step {
                Step::Board {
                    from,
                    to,
                    piece,
                    target,
                    placed,
                } => {
                    next.cells[from] = EMPTY;
                    next.cells[to] = placed;
                    if target != EMPTY {
                        next.hands[0][hand_slot(kind(target))] += 1;
                    }
                    Move {
                        from: Some(from as u8),
                        to: to as u8,
                        kind: kind(piece),
                        capture: target != EMPTY,
                        promotes: placed != piece,
                    }
                }
                Step::Drop { slot, to } => {
                    next.hands[0][slot] -= 1;
                    next.cells[to] = slot_kind(slot);
                    Move {
                        from: None,
                        to: to as u8,
                        kind: slot_kind(slot),
                        capture: false,
                        promotes: false,
                    }
                }
            };
            f(mv, next.turned());
        });
    }

    /// Calls `f` with every state (seen from its own mover, the opponent
    /// here) from which a legal move leads to this one: un-moves of the
    /// opponent's pieces, with un-captures, un-promotions and un-drops.
    pub fn for_each_unmove(&self, mut f: impl FnMut(Position)) {
        self.for_each_unstep(|unstep| f(self.before(unstep)));
    }

    /// The state before un-move `unstep`, seen from its own mover.
    pub(super) fn before(&self, unstep: Unstep) -> Position {
        let mut base = *self;
        match unstep {
            Unstep::Back {
                from,
                to,
                was,
                left,
            } => {
                base.cells[from] = was;
                base.cells[to] = left;
                if left != EMPTY {
                    base.hands[1][hand_slot(kind(left))] -= 1;
                }
            }
            Unstep::Undrop { to } => {
                base.hands[1][hand_slot(kind(self.cells[to]))] += 1;
                base.cells[to] = EMPTY;
            }
        }
        base.turned()
    }

    /// Calls `f` with every un-move as the rules give it, in a fixed order:
    /// by the square the opponent's piece stands on, its steps back (with
    /// each un-capture after the plain one), then its un-drop. The one list
    /// of the rules' un-moves, which [`Position::for_each_unmove`] and the
    /// index's [`index::Index::for_each_unmove_index`] read.
    pub(super) fn for_each_unstep(&self, mut f: impl FnMut(Unstep)) {
        let lost = self.lion_lost();
        let (Some(theirs_now), mine_now) = (self.lion(1), self.lion(0)) else {
            return;
        };
        // What each of the opponent's pieces attacks, and the union of
        // those before and after each square, so that the attacks of all
        // but one are two lookups.
        let mut attacks = [0u16; SQUARES];
        for (square, &p) in self.cells.iter().enumerate() {
            if p != EMPTY && owner(p) == 1 {
                attacks[square] = targets(p, square);
            }
        }
        let mut before = [0u16; SQUARES + 1];
        let mut after = [0u16; SQUARES + 1];
        for square in 0..SQUARES {
            before[square + 1] = before[square] | attacks[square];
            after[SQUARES - 1 - square] = after[SQUARES - square] | attacks[SQUARES - 1 - square];
        }
        for (to, &piece) in self.cells.iter().enumerate() {
            if piece == EMPTY || owner(piece) != 1 {
                continue;
            }
            // The squares the opponent's other pieces attack: with the
            // moved piece's attacks from where it stood, what the opponent
            // attacked before the move.
            let others = before[to] | after[to + 1];
            // Whether the state before `moved` stepped from `from` is kept.
            let keeps = |from: usize, moved: u8| {
                let theirs = if kind(moved) == LION {
                    from
                } else {
                    theirs_now
                };
                let mine = if lost { Some(to) } else { mine_now };
                mine.is_some_and(|mine| {
                    kept_before(theirs, mine, others | targets(moved, from), lost)
                })
            };
            // The kinds it may have been before the move: itself, or a chick
            // that promoted on reaching the opponent's far row (row 3 here).
            let before_kinds: &[u8] = match kind(piece) {
                HEN if row(to) == 3 => &[HEN, CHICK],
                CHICK if row(to) == 3 => &[],
                LION => &[LION],
                GIRAFFE => &[GIRAFFE],
                ELEPHANT => &[ELEPHANT],
                CHICK => &[CHICK],
                _ => &[HEN],
            };
            for &was in before_kinds {
                let moved = was | THEIRS;
                let mut mask = sources(moved, to);
                while mask != 0 {
                    let from = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if self.cells[from] != EMPTY || !keeps(from, moved) {
                        continue;
                    }
                    let back = |left: u8| Unstep::Back {
                        from,
                        to,
                        was: moved,
                        left,
                    };
                    if lost {
                        // The mover's lion was taken: only that capture
                        // leads here.
                        f(back(LION));
                        continue;
                    }
                    f(back(EMPTY));
                    for slot in 1..4 {
                        if self.hands[1][slot] == 0 {
                            continue;
                        }
                        f(back(slot_kind(slot)));
                        if slot == 3 {
                            f(back(HEN));
                        }
                    }
                }
            }
            if !lost && matches!(kind(piece), GIRAFFE | ELEPHANT | CHICK) {
                // The mover's pieces are as they were, and the opponent's
                // attacks lose the dropped piece's.
                if mine_now.is_some_and(|mine| kept_before(theirs_now, mine, others, false)) {
                    f(Unstep::Undrop { to });
                }
            }
        }
    }
}

/// Whether an un-move's earlier state is kept ([`Position::for_each_unstep`]):
/// with the opponent to move, its lion on `theirs` off its far row (row 3
/// in the mover's frame), the state not over (the mover's lion, on `mine`,
/// not unattacked on row 0), and the opponent, attacking `attacks`, able to
/// take the mover's lion exactly when the state after the move is `lost`,
/// so that the move is among its moves.
pub(super) fn kept_before(theirs: usize, mine: usize, attacks: u16, lost: bool) -> bool {
    let attacked = attacks >> mine & 1 == 1;
    row(theirs) != 3 && attacked == lost && (attacked || row(mine) != 0)
}

/// The most moves a state has (see [`crate::engine::Game::max_moves`]).
pub(super) const MAX_MOVES: usize = 66;

/// Where [`Position::distinct_successors`]' keys hold how many of hand slot
/// `slot` `owner` holds: two bits each, past the twelve squares' nibbles.
pub(super) const fn hand_shift(owner: usize, slot: usize) -> usize {
    48 + 2 * (4 * owner + slot)
}
