//! The dense index of Dobutsu states, seen from the side to move, for the
//! whole game or a variant with fewer kinds of pieces ([`Index`]).
//!
//! Layout, most significant first:
//! 1. the lions: 99 blocks for both lions on the board (the mover's on one
//!    of the 9 squares off its far row, the opponent's on one of the 11
//!    others), then 12 blocks for the states where the mover's lion has
//!    been captured (the opponent's lion on any square);
//! 2. the giraffes, then the elephants, then the chicks, each kind as an
//!    unordered pair over the squares still free (in increasing order) and
//!    the two hands. A kind with `k` pieces on `n` free squares has
//!    `3` arrangements for `k = 0` (the opponent holds 0, 1 or 2),
//!    `2·S·n` for `k = 1` (square, state, whose hand holds the other) and
//!    `S²·n(n−1)/2` for `k = 2`, where a piece's state `S` is its owner (2)
//!    or, for chicks, owner and promotion (4). The kinds after it are
//!    numbered on the `n − k` squares left. A kind the variant does not
//!    have contributes one arrangement: nothing, on the board or in hand.
//!
//! Every index below [`Index::states`] is a state of the variant; the whole
//! game has [`STATES`] (1,450,708,605: [`LOST_BASE`] = 1,175,944,473 with
//! both lions on the board).

use super::{
    hand_slot, kind, mirror_square, owner, turned_square, Position, Unstep, CHICK, ELEPHANT, EMPTY,
    GIRAFFE, HEN, LION, SQUARES, THEIRS,
};

/// The kinds after the lions in index order, with the states a piece of
/// the kind takes on the board.
const KINDS: [(u8, u64); 3] = [(GIRAFFE, 2), (ELEPHANT, 2), (CHICK, 4)];

/// Arrangements of one kind with `k` pieces on the board among `n` free
/// squares, each piece on the board in one of `s` states.
const fn arrangements(s: u64, n: u64, k: usize) -> u64 {
    match k {
        0 => 3,
        1 => 2 * s * n,
        _ => s * s * n * n.saturating_sub(1) / 2,
    }
}

/// Lion blocks with both lions on the board.
const LION_PAIRS: u64 = 9 * 11;

/// The lion block of the mover's lion on `mine` (off its far row) and the
/// opponent's on `theirs`: the mover's square, then the opponent's among
/// the 11 others.
const fn lion_block(mine: usize, theirs: usize) -> usize {
    let other = if theirs > mine { theirs - 1 } else { theirs };
    mine.saturating_sub(3) * 11 + other
}

/// The squares of the mover's and the opponent's lion in lion block
/// `block` (below [`LION_PAIRS`]): the inverse of [`lion_block`].
const fn block_lions(block: usize) -> (usize, usize) {
    let (mine, other) = (block / 11 + 3, block % 11);
    (mine, if other >= mine { other + 1 } else { other })
}

/// How the lion block of the mover's lion on `mine` (`None` when captured)
/// and the opponent's on `theirs` orders against its mirror image's (see
/// [`Index::lions_against_mirror`]).
fn lions_against_mirror(mine: Option<usize>, theirs: usize) -> core::cmp::Ordering {
    match mine {
        Some(mine) => {
            lion_block(mine, theirs).cmp(&lion_block(mirror_square(mine), mirror_square(theirs)))
        }
        None => theirs.cmp(&mirror_square(theirs)),
    }
}

/// A lion block of the index: the states with the lions on two given
/// squares (or the mover's captured).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LionBlock {
    /// Its first index.
    pub start: u64,
    /// How many indices it holds.
    pub len: u64,
    /// How it orders against its mirror image's block (see
    /// [`Index::lions_against_mirror`]).
    pub against_mirror: core::cmp::Ordering,
    /// Whether its lions settle its states at once ([`lions_settle`]).
    pub settled: bool,
}

/// Whether the rules decide a state from its lions alone, the mover's on
/// `mine` (`None` when captured) and the opponent's on `theirs`: the
/// mover's lion is taken (a loss at distance 0), the lions stand side by
/// side (the mover takes the opposing lion: a win in 1), or the opposing
/// lion stands on the mover's home row (a completed try, a loss at 0, or
/// the mover takes it, a win in 1). Every such state is a lost ending or
/// a win at once, for the game's orbit numbering to leave out.
pub fn lions_settle(mine: Option<usize>, theirs: usize) -> bool {
    match mine {
        None => true,
        Some(mine) => {
            let (dr, dc) = (
                (mine / 3).abs_diff(theirs / 3),
                (mine % 3).abs_diff(theirs % 3),
            );
            theirs / 3 == 3 || dr.max(dc) == 1
        }
    }
}

/// The numbering of the states of one variant: which kinds it has and
/// the counts that follow from them, computed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Index {
    /// Whether the variant has the giraffes, the elephants, the chicks.
    present: [bool; 3],
    /// `rest[level][n]`: the states of kinds number `level` and after on
    /// `n` free squares (`rest[3]` is all ones).
    rest: [[u64; 12]; 4],
    /// `rest` as divisors, for decoding.
    rest_div: [[Divisor; 12]; 4],
    /// `offsets[level][n][k]`: where the block for `k` pieces on the board
    /// starts within kind number `level` on `n` free squares (`k` up to 3,
    /// the end of the level).
    offsets: [[[u64; 4]; 12]; 3],
    /// The first index whose mover's lion is captured.
    lost_base: u64,
    /// How many indices there are.
    states: u64,
}

impl Index {
    /// The index of the variant with the kinds `present` (giraffes,
    /// elephants, chicks).
    pub const fn new(present: [bool; 3]) -> Index {
        let mut rest = [[1u64; 12]; 4];
        let mut offsets = [[[0u64; 4]; 12]; 3];
        let mut level = 3;
        while level > 0 {
            level -= 1;
            let s = KINDS[level].1;
            let mut n = 0;
            while n < 12 {
                if present[level] {
                    let mut k = 1;
                    while k < 4 {
                        let j = k - 1;
                        let next = if j > n { 0 } else { rest[level + 1][n - j] };
                        offsets[level][n][k] =
                            offsets[level][n][j] + arrangements(s, n as u64, j) * next;
                        k += 1;
                    }
                    rest[level][n] = offsets[level][n][3];
                } else {
                    rest[level][n] = rest[level + 1][n];
                }
                n += 1;
            }
        }
        let lost_base = LION_PAIRS * rest[0][10];
        let mut rest_div = [[Divisor::new(1); 12]; 4];
        let mut level = 0;
        while level < 4 {
            let mut n = 0;
            while n < 12 {
                rest_div[level][n] = Divisor::new(rest[level][n]);
                n += 1;
            }
            level += 1;
        }
        Index {
            present,
            rest,
            rest_div,
            offsets,
            lost_base,
            states: lost_base + 12 * rest[0][11],
        }
    }

    /// How many indices there are.
    pub const fn states(&self) -> u64 {
        self.states
    }

    /// The index of `p` (a state of this variant: see
    /// [`Position::fault`]).
    pub fn encode(&self, p: &Position) -> u64 {
        self.number(&Pieces::of(p), &p.hands[1])
    }

    /// The smaller index of `p` and of its mirror image, from one look at
    /// the board.
    pub fn canonical(&self, p: &Position) -> u64 {
        self.canonical_number(&Pieces::of(p), &p.hands[1])
    }

    /// The smaller index of the state with `pieces` on the board and the
    /// opponent holding `theirs`, and of its mirror image.
    fn canonical_number(&self, pieces: &Pieces, theirs: &[u8; 4]) -> u64 {
        let [mine, their_lion] = pieces.lions;
        let mine = (mine != NONE).then_some(usize::from(mine));
        // The lions settle it unless both stand on the middle file: then
        // both are numbered.
        match lions_against_mirror(mine, usize::from(their_lion)) {
            core::cmp::Ordering::Less => self.number(pieces, theirs),
            core::cmp::Ordering::Greater => self.number(&pieces.mirrored(), theirs),
            core::cmp::Ordering::Equal => self
                .number(pieces, theirs)
                .min(self.number(&pieces.mirrored(), theirs)),
        }
    }

    /// Calls `f` with the index of every state from which a legal move
    /// leads to state `index` (the canonical index of its orbit when
    /// `canonical`), in the order of [`Position::for_each_unmove`], without
    /// building their boards: the state's pieces, turned, are read once, and
    /// each un-move edits the one or two squares it touches.
    pub fn for_each_unmove_index(&self, index: u64, canonical: bool, mut f: impl FnMut(u64)) {
        let Some((p, pieces)) = self.decode_with_pieces(index) else {
            return;
        };
        let turned = pieces.turned();
        // The earlier state's opponent is this state's mover, whose hand
        // no un-move changes.
        let theirs = &p.hands[0];
        // Squares and owners as the earlier state's mover sees them.
        let at = |square: usize| TURNED[square];
        p.for_each_unstep(|unstep| {
            let mut pieces = turned;
            match unstep {
                Unstep::Back {
                    from,
                    to,
                    was,
                    left,
                } => {
                    pieces.take(p.cells[to] ^ THEIRS, at(to));
                    pieces.put(was ^ THEIRS, at(from));
                    if left != EMPTY {
                        pieces.put(left | THEIRS, at(to));
                    }
                }
                Unstep::Undrop { to } => pieces.take(p.cells[to] ^ THEIRS, at(to)),
            }
            f(if canonical {
                self.canonical_number(&pieces, theirs)
            } else {
                self.number(&pieces, theirs)
            });
        });
    }

    /// The index of the state with `pieces` on the board and the opponent
    /// holding `theirs`: the kinds numbered in index order on the squares
    /// still free.
    fn number(&self, pieces: &Pieces, theirs: &[u8; 4]) -> u64 {
        let lions = pieces.lions;
        let theirs_at = if lions[1] == NONE { 0 } else { lions[1] };
        let mut free: u16 = 0xfff & !(1 << theirs_at);
        let mut index = if lions[0] == NONE {
            self.lost_base + u64::from(theirs_at) * self.rest[0][11]
        } else {
            let mine = lions[0];
            free &= !(1 << mine);
            lion_block(usize::from(mine), usize::from(theirs_at)) as u64 * self.rest[0][10]
        };
        for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
            if !self.present[level] {
                continue;
            }
            let n = squares_in(free);
            let k = usize::from(pieces.counts[level]);
            let squares = &pieces.squares[level];
            let place = |i: usize| squares_in(free & ((1u16 << squares[i]) - 1)) as u64;
            let state = |i: usize| u64::from(pieces.states[level][i]);
            let held = u64::from(theirs[hand_slot(k_ind)]);
            let local = match k {
                0 => held,
                1 => (place(0) * s + state(0)) * 2 + held,
                _ => {
                    let (q, p0) = (place(1), place(0));
                    let pair = q * (q - 1) / 2 + p0;
                    (pair * s + state(0)) * s + state(1)
                }
            };
            index += self.offsets[level][n][k] + local * self.rest[level + 1][n - k];
            for &square in &squares[..k] {
                free &= !(1 << square);
            }
        }
        index
    }

    /// The lions' squares in state `index`, read from its lion block alone:
    /// the mover's (`None` when captured) and the opponent's. `None` out of
    /// range. (In 32 bits, as [`Index::decode`].)
    pub fn lions(&self, index: u64) -> Option<(Option<usize>, usize)> {
        if index >= self.states {
            return None;
        }
        let index = index as u32;
        Some(if index < self.lost_base as u32 {
            let (block, _) = self.rest_div[0][10].div_rem(index);
            let (mine, theirs) = block_lions(block as usize);
            (Some(mine), theirs)
        } else {
            let (theirs, _) = self.rest_div[0][11].div_rem(index - self.lost_base as u32);
            (None, theirs as usize)
        })
    }

    /// How the lion block of index `index` (the lions' squares, which lead
    /// the index) orders against the block of its mirror image: `Less` when
    /// every index of its block is below every index of the mirror's, so
    /// that `index` is the smaller of the two; `Equal` when the lions stand
    /// on the middle file, where the other pieces decide. `None` out of
    /// range.
    pub fn lions_against_mirror(&self, index: u64) -> Option<core::cmp::Ordering> {
        let (mine, theirs) = self.lions(index)?;
        Some(lions_against_mirror(mine, theirs))
    }

    /// The lion blocks in index order: the 99 blocks with both lions on
    /// the board, then the 12 with the mover's lion captured.
    pub fn blocks(&self) -> impl Iterator<Item = LionBlock> + '_ {
        let on_board = (0..LION_PAIRS as usize).map(|block| {
            let (mine, theirs) = block_lions(block);
            let len = self.rest[0][10];
            LionBlock {
                start: block as u64 * len,
                len,
                against_mirror: lions_against_mirror(Some(mine), theirs),
                settled: lions_settle(Some(mine), theirs),
            }
        });
        let lost = (0..SQUARES).map(|theirs| {
            let len = self.rest[0][11];
            LionBlock {
                start: self.lost_base + theirs as u64 * len,
                len,
                against_mirror: lions_against_mirror(None, theirs),
                settled: true,
            }
        });
        on_board.chain(lost)
    }

    /// Whether the lions of state `index` settle it at once
    /// ([`lions_settle`]); `None` out of range.
    pub fn settled(&self, index: u64) -> Option<bool> {
        let (mine, theirs) = self.lions(index)?;
        Some(lions_settle(mine, theirs))
    }

    /// The number of the lion block that holds index `index` (below
    /// [`Index::states`]), in the order of [`Index::blocks`].
    pub fn block_of(&self, index: u64) -> usize {
        // Below 2^32, as in `Index::decode`.
        if index < self.lost_base {
            self.rest_div[0][10].div_rem(index as u32).0 as usize
        } else {
            let (block, _) = self.rest_div[0][11].div_rem((index - self.lost_base) as u32);
            LION_PAIRS as usize + block as usize
        }
    }

    /// The state of index `index`, `None` out of range.
    pub fn decode(&self, index: u64) -> Option<Position> {
        self.decode_with_pieces(index).map(|(p, _)| p)
    }

    /// [`Index::decode`], with the pieces as [`Index::number`] reads them.
    #[inline(always)]
    fn decode_with_pieces(&self, index: u64) -> Option<(Position, Pieces)> {
        if index >= self.states {
            return None;
        }
        let mut p = Position {
            cells: [EMPTY; SQUARES],
            hands: [[0; 4]; 2],
        };
        let mut pieces = Pieces {
            lions: [NONE; 2],
            squares: [[0; 2]; 3],
            states: [[0; 2]; 3],
            counts: [0; 3],
        };
        // Every variant has fewer than 2^32 states (the whole game, the
        // largest, is checked at compile time beside `STATES`), as the
        // reciprocal divisors ([`Divisor`]) need.
        let small = |x: u64| x as u32;
        let mut free: u16 = 0xfff;
        let mut rest;
        if index < self.lost_base {
            let block;
            (block, rest) = self.rest_div[0][10].div_rem(small(index));
            let (mine, theirs) = block_lions(block as usize);
            p.cells[mine] = LION;
            p.cells[theirs] = LION | THEIRS;
            pieces.lions = [mine as u8, theirs as u8];
            free &= !(1 << mine) & !(1 << theirs);
        } else {
            let theirs;
            (theirs, rest) = self.rest_div[0][11].div_rem(small(index - self.lost_base));
            let theirs = theirs as usize;
            p.cells[theirs] = LION | THEIRS;
            p.hands[1][0] = 1;
            pieces.lions[1] = theirs as u8;
            free &= !(1 << theirs);
        }
        for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
            if !self.present[level] {
                continue;
            }
            let n = squares_in(free);
            let offsets = &self.offsets[level][n];
            let mut k = 0;
            while k < 2 && k < n && rest >= small(offsets[k + 1]) {
                k += 1;
            }
            let local;
            (local, rest) = self.rest_div[level + 1][n - k].div_rem(rest - small(offsets[k]));
            let slot = hand_slot(k_ind);
            // A piece's states are 2 or 4: shifts and masks, not divisions.
            let (bits, mask) = (s.trailing_zeros(), s as u32 - 1);
            let piece = |state: u32| -> u8 {
                let base = if state & 2 != 0 { HEN } else { k_ind };
                if state & 1 != 0 {
                    base | THEIRS
                } else {
                    base
                }
            };
            match k {
                0 => {
                    p.hands[1][slot] = local as u8;
                    p.hands[0][slot] = 2 - local as u8;
                }
                1 => {
                    let held = local & 1;
                    let state = (local >> 1) & mask;
                    let place = local >> 1 >> bits;
                    let square = select(free, place);
                    p.cells[square] = piece(state);
                    pieces.squares[level][0] = square as u8;
                    pieces.states[level][0] = state as u8;
                    free &= !(1 << square);
                    p.hands[1][slot] = held as u8;
                    p.hands[0][slot] = 1 - held as u8;
                }
                _ => {
                    let second = local & mask;
                    let first = (local >> bits) & mask;
                    let (p0, q) = PAIRS[(local >> bits >> bits) as usize];
                    let (a, b) = (select(free, p0.into()), select(free, q.into()));
                    p.cells[a] = piece(first);
                    p.cells[b] = piece(second);
                    pieces.squares[level] = [a as u8, b as u8];
                    pieces.states[level] = [first as u8, second as u8];
                    free &= !((1 << a) | (1 << b));
                }
            }
            pieces.counts[level] = k as u8;
        }
        Some((p, pieces))
    }
}

/// `SQUARE_COUNTS[set]`: how many squares the set of squares `set` holds.
/// A table, because the portable x86-64 target has no population-count
/// instruction and counting bits without one is the index's largest cost.
static SQUARE_COUNTS: [u8; 1 << SQUARES] = {
    let mut t = [0u8; 1 << SQUARES];
    let mut set = 1;
    while set < t.len() {
        t[set] = t[set >> 1] + (set & 1) as u8;
        set += 1;
    }
    t
};

/// How many squares the set `set` (a mask of the 12 squares) holds.
#[inline]
fn squares_in(set: u16) -> usize {
    usize::from(SQUARE_COUNTS[usize::from(set & 0xfff)])
}

/// `ROW_AND_STATE[piece]`: the row of [`Pieces::of`]'s table that piece
/// code `piece` goes to, and its state in the index (its owner, plus 2 for
/// a hen).
const ROW_AND_STATE: [(u8, u8); 16] = {
    let mut t = [(5u8, 0u8); 16];
    let mut piece = 0;
    while piece < 16 {
        let o = owner(piece as u8) as u8;
        t[piece] = match kind(piece as u8) {
            LION => (3 + o, 0),
            GIRAFFE => (0, o),
            ELEPHANT => (1, o),
            CHICK => (2, o),
            HEN => (2, o + 2),
            _ => (5, 0),
        };
        piece += 1;
    }
    t
};

/// No square: a lion that is not on the board.
const NONE: u8 = u8::MAX;

/// `MIRRORED[square]`: the square mirrored left to right, [`NONE`] for
/// `NONE` (and for the other bytes, which name no square).
static MIRRORED: [u8; 256] = square_table(false);

/// `TURNED[square]`: the square turned 180 degrees, [`NONE`] for `NONE`
/// (and for the other bytes).
static TURNED: [u8; 256] = square_table(true);

/// A table of each square turned (`turn`) or mirrored, [`NONE`] elsewhere:
/// a lookup without a branch for a missing lion.
const fn square_table(turn: bool) -> [u8; 256] {
    let mut t = [NONE; 256];
    let mut square = 0;
    while square < SQUARES {
        t[square] = if turn {
            turned_square(square)
        } else {
            mirror_square(square)
        } as u8;
        square += 1;
    }
    t
}

/// Where a state's pieces stand, as the index reads them: the lions (the
/// mover's, the opponent's; [`NONE`] when captured) and, for each kind in
/// index order, up to two squares in increasing order with each piece's
/// state (its owner, plus 2 for a hen).
#[derive(Clone, Copy)]
struct Pieces {
    lions: [u8; 2],
    squares: [[u8; 2]; 3],
    states: [[u8; 2]; 3],
    counts: [u8; 3],
}

impl Pieces {
    /// The same pieces seen from the other side: squares turned 180
    /// degrees (which reverses the order of a kind's two squares), owners
    /// exchanged.
    fn turned(&self) -> Pieces {
        let turn = |square: u8| TURNED[usize::from(square)];
        let mut t = *self;
        t.lions = [turn(self.lions[1]), turn(self.lions[0])];
        for level in 0..3 {
            let (squares, states) = (self.squares[level], self.states[level]);
            match self.counts[level] {
                1 => {
                    t.squares[level][0] = turn(squares[0]);
                    t.states[level][0] = states[0] ^ 1;
                }
                2 => {
                    t.squares[level] = [turn(squares[1]), turn(squares[0])];
                    t.states[level] = [states[1] ^ 1, states[0] ^ 1];
                }
                _ => {}
            }
        }
        t
    }

    /// Takes piece code `piece` off `square`.
    fn take(&mut self, piece: u8, square: u8) {
        let (row, _) = ROW_AND_STATE[usize::from(piece & 15)];
        match row {
            3 | 4 => self.lions[usize::from(row - 3)] = NONE,
            _ => {
                let level = usize::from(row);
                if self.squares[level][0] == square {
                    self.squares[level][0] = self.squares[level][1];
                    self.states[level][0] = self.states[level][1];
                }
                self.counts[level] -= 1;
            }
        }
    }

    /// Puts piece code `piece` on the empty square `square`, keeping its
    /// kind's squares in increasing order.
    fn put(&mut self, piece: u8, square: u8) {
        let (row, state) = ROW_AND_STATE[usize::from(piece & 15)];
        match row {
            3 | 4 => self.lions[usize::from(row - 3)] = square,
            _ => {
                let level = usize::from(row);
                let (squares, states) = (&mut self.squares[level], &mut self.states[level]);
                let at = if self.counts[level] == 1 && squares[0] > square {
                    squares[1] = squares[0];
                    states[1] = states[0];
                    0
                } else {
                    usize::from(self.counts[level])
                };
                squares[at] = square;
                states[at] = state;
                self.counts[level] += 1;
            }
        }
    }

    /// The pieces on `p`'s board, from one pass over it without branches
    /// (the kinds on a board are too irregular to predict): each square is
    /// written to its piece's row of a table, whose rows for the lions and
    /// for empty squares are scratch.
    fn of(p: &Position) -> Pieces {
        // Rows 0-2 the kinds in index order, 3 and 4 the mover's and the
        // opponent's lion, 5 empty squares; a row's third slot is scratch.
        let mut squares = [[0u8; 3]; 6];
        let mut states = [[0u8; 3]; 6];
        let mut counts = [0usize; 6];
        for (square, &piece) in p.cells.iter().enumerate() {
            let (row, state) = ROW_AND_STATE[usize::from(piece & 15)];
            let row = usize::from(row);
            let k = counts[row].min(2);
            squares[row][k] = square as u8;
            states[row][k] = state;
            counts[row] += 1;
        }
        let lion = |row: usize| {
            if counts[row] > 0 {
                squares[row][0]
            } else {
                NONE
            }
        };
        let pair = |rows: &[[u8; 3]; 6], row: usize| [rows[row][0], rows[row][1]];
        Pieces {
            lions: [lion(3), lion(4)],
            squares: [pair(&squares, 0), pair(&squares, 1), pair(&squares, 2)],
            states: [pair(&states, 0), pair(&states, 1), pair(&states, 2)],
            counts: [0, 1, 2].map(|row| counts[row].min(2) as u8),
        }
    }

    /// The same pieces on the board mirrored left to right.
    fn mirrored(&self) -> Pieces {
        // A lookup, without a branch; unused slots map to anything.
        let flip = |square: u8| MIRRORED[usize::from(square)];
        let mut m = *self;
        m.lions = self.lions.map(flip);
        for level in 0..3 {
            let [a, b] = self.squares[level].map(flip);
            let [first, second] = self.states[level];
            (m.squares[level], m.states[level]) = if self.counts[level] == 2 && a > b {
                ([b, a], [second, first])
            } else {
                ([a, b], [first, second])
            };
        }
        m
    }
}

/// The index of the whole game.
const FULL: Index = Index::new([true; 3]);
/// The first index of the whole game whose mover's lion is captured.
pub const LOST_BASE: u64 = FULL.lost_base;
/// How many indices the whole game has.
pub const STATES: u64 = FULL.states;

// `Index::decode` divides in 32 bits ([`Divisor`]): the whole game, the
// largest variant, must fit them.
const _: () = assert!(STATES <= u32::MAX as u64);

/// `PAIRS[pair]`: the places `(p, q)`, `p < q`, of the pair numbered
/// `pair = q(q − 1)/2 + p` among the free squares (see [`Index::number`]).
static PAIRS: [(u8, u8); 66] = {
    let mut t = [(0u8, 0u8); 66];
    let mut q = 1;
    while q < 12 {
        let mut p = 0;
        while p < q {
            t[q * (q - 1) / 2 + p] = (p as u8, q as u8);
            p += 1;
        }
        q += 1;
    }
    t
};

/// A divisor below 2^32 with its reciprocal: a 32-bit number divided by it
/// in two multiplications instead of a division, which was the decoding's
/// largest cost (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019: with `m` = ⌈2^64 / d⌉, ⌊n / d⌋ = ⌊n·m / 2^64⌋ for
/// every 32-bit `n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Divisor {
    d: u32,
    /// ⌈2^64 / d⌉, or 0 for `d` = 1 (which would need 2^64).
    m: u64,
}

impl Divisor {
    /// The divisor `d`, from 1 to 2^32 − 1.
    const fn new(d: u64) -> Divisor {
        assert!(d >= 1 && d <= u32::MAX as u64);
        Divisor {
            d: d as u32,
            m: if d > 1 { u64::MAX / d + 1 } else { 0 },
        }
    }

    /// `n / d` and `n % d`.
    #[inline]
    fn div_rem(self, n: u32) -> (u32, u32) {
        if self.m == 0 {
            return (n, 0);
        }
        let q = ((u128::from(self.m) * u128::from(n)) >> 64) as u32;
        (q, n - q * self.d)
    }
}

/// The `place`-th (0-based) square set in `free`.
fn select(free: u16, place: u32) -> usize {
    let mut mask = free;
    for _ in 0..place {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dobutsu::Dobutsu;

    /// The reciprocal divides as the division does: every divisor of the
    /// whole game's index, and others, at the edges and on a spread of
    /// dividends.
    #[test]
    fn divisors_divide() {
        let mut divisors: Vec<u64> = Dobutsu::FULL.index.rest.iter().flatten().copied().collect();
        divisors.extend([
            1,
            2,
            3,
            7,
            1 << 20,
            (1 << 31) - 1,
            1 << 31,
            u64::from(u32::MAX),
        ]);
        for d in divisors {
            let div = Divisor::new(d);
            let d = d as u32;
            let spread = (0..u32::MAX).step_by(104_729);
            for n in spread.chain([0, 1, d - 1, d, d.wrapping_add(1), u32::MAX - 1, u32::MAX]) {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    /// The un-moves numbered from their squares are the un-moves' boards
    /// numbered, one by one and in order, across the whole game's index
    /// (a spread sample) and every index of a small variant.
    #[test]
    fn unmove_indices_are_the_boards_indices() {
        let check = |index: &Index, at: u64| {
            let Some(p) = index.decode(at) else {
                return 0;
            };
            let mut boards = Vec::new();
            p.for_each_unmove(|before| boards.push(before));
            for canonical in [false, true] {
                let mut fast = Vec::new();
                index.for_each_unmove_index(at, canonical, |i| fast.push(i));
                let slow: Vec<u64> = boards
                    .iter()
                    .map(|b| {
                        if canonical {
                            index.canonical(b)
                        } else {
                            index.encode(b)
                        }
                    })
                    .collect();
                assert_eq!(fast, slow, "index {at}, canonical {canonical}");
            }
            boards.len()
        };
        let full = Dobutsu::FULL.index;
        let mut seen = 0;
        for at in (0..full.states()).step_by(2003) {
            seen += check(full, at);
        }
        let small = Dobutsu::new(0, 0, 2).expect("a variant").index;
        for at in 0..small.states() {
            seen += check(small, at);
        }
        assert!(seen > 1_000_000, "{seen} un-moves compared");
    }
}
