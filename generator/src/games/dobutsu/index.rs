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
    hand_slot, kind, owner, Position, CHICK, ELEPHANT, EMPTY, GIRAFFE, HEN, LION, SQUARES, THEIRS,
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

/// The numbering of the states of one variant: which kinds it has and
/// the counts that follow from them, computed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Index {
    /// Whether the variant has the giraffes, the elephants, the chicks.
    present: [bool; 3],
    /// `rest[level][n]`: the states of kinds number `level` and after on
    /// `n` free squares (`rest[3]` is all ones).
    rest: [[u64; 12]; 4],
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
        Index {
            present,
            rest,
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
        let theirs = p.lion(1).unwrap_or(0);
        let mut free: u16 = 0xfff & !(1 << theirs);
        let mut index = match p.lion(0) {
            Some(mine) => {
                free &= !(1 << mine);
                let other = if theirs > mine { theirs - 1 } else { theirs };
                ((mine as u64).saturating_sub(3) * 11 + other as u64) * self.rest[0][10]
            }
            None => self.lost_base + theirs as u64 * self.rest[0][11],
        };
        for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
            if !self.present[level] {
                continue;
            }
            let n = free.count_ones() as usize;
            let mut found = [(0u64, 0u64); 2];
            let mut k = 0;
            let mut taken = 0u16;
            for (square, &piece) in p.cells.iter().enumerate() {
                let kd = kind(piece);
                if piece == EMPTY || !(kd == k_ind || (k_ind == CHICK && kd == HEN)) {
                    continue;
                }
                taken |= 1 << square;
                if k >= 2 {
                    continue;
                }
                let place = u64::from((free & ((1u16 << square) - 1)).count_ones());
                let state = owner(piece) as u64 + if kd == HEN { 2 } else { 0 };
                found[k] = (place, state);
                k += 1;
            }
            let held = u64::from(p.hands[1][hand_slot(k_ind)]);
            let local = match k {
                0 => held,
                1 => (found[0].0 * s + found[0].1) * 2 + held,
                _ => {
                    let (q, p0) = (found[1].0, found[0].0);
                    let pair = q * (q - 1) / 2 + p0;
                    (pair * s + found[0].1) * s + found[1].1
                }
            };
            index += self.offsets[level][n][k] + local * self.rest[level + 1][n - k];
            free &= !taken;
        }
        index
    }

    /// The state of index `index`, `None` out of range.
    pub fn decode(&self, index: u64) -> Option<Position> {
        if index >= self.states {
            return None;
        }
        let mut p = Position {
            cells: [EMPTY; SQUARES],
            hands: [[0; 4]; 2],
        };
        let mut free: u16 = 0xfff;
        let mut rest;
        if index < self.lost_base {
            let block = index / self.rest[0][10];
            rest = index % self.rest[0][10];
            let mine = (block / 11 + 3) as usize;
            let other = (block % 11) as usize;
            let theirs = if other >= mine { other + 1 } else { other };
            p.cells[mine] = LION;
            p.cells[theirs] = LION | THEIRS;
            free &= !(1 << mine) & !(1 << theirs);
        } else {
            let t = index - self.lost_base;
            let theirs = (t / self.rest[0][11]) as usize;
            rest = t % self.rest[0][11];
            p.cells[theirs] = LION | THEIRS;
            p.hands[1][0] = 1;
            free &= !(1 << theirs);
        }
        for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
            if !self.present[level] {
                continue;
            }
            let n = free.count_ones() as usize;
            let offsets = &self.offsets[level][n];
            let mut k = 0;
            while k < 2 && k < n && rest >= offsets[k + 1] {
                k += 1;
            }
            let t = rest - offsets[k];
            let size = self.rest[level + 1][n - k];
            let local = t / size;
            rest = t % size;
            let slot = hand_slot(k_ind);
            let piece = |state: u64| -> u8 {
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
                    let held = local % 2;
                    let state = (local / 2) % s;
                    let place = local / 2 / s;
                    let square = select(free, place);
                    p.cells[square] = piece(state);
                    free &= !(1 << square);
                    p.hands[1][slot] = held as u8;
                    p.hands[0][slot] = 1 - held as u8;
                }
                _ => {
                    let second = local % s;
                    let first = (local / s) % s;
                    let pair = local / s / s;
                    let mut q = 1;
                    while (q + 1) * q / 2 <= pair {
                        q += 1;
                    }
                    let p0 = pair - q * (q - 1) / 2;
                    let (a, b) = (select(free, p0), select(free, q));
                    p.cells[a] = piece(first);
                    p.cells[b] = piece(second);
                    free &= !((1 << a) | (1 << b));
                }
            }
        }
        Some(p)
    }
}

/// The index of the whole game.
const FULL: Index = Index::new([true; 3]);
/// The first index of the whole game whose mover's lion is captured.
pub const LOST_BASE: u64 = FULL.lost_base;
/// How many indices the whole game has.
pub const STATES: u64 = FULL.states;

/// The `place`-th (0-based) square set in `free`.
fn select(free: u16, place: u64) -> usize {
    let mut mask = free;
    for _ in 0..place {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as usize
}
