//! The dense index of Dobutsu states, seen from the side to move.
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
//!    numbered on the `n − k` squares left.
//!
//! Every index below [`STATES`] is a state of the game (1,450,708,605 of
//! them: 1,175,944,473 with both lions on the board).

use super::{hand_slot, kind, owner, Position, CHICK, EMPTY, GIRAFFE, HEN, LION, SQUARES, THEIRS};

/// Arrangements of one kind with `k` pieces on the board among `n` free
/// squares, each piece on the board in one of `s` states.
const fn arrangements(s: u64, n: u64, k: usize) -> u64 {
    match k {
        0 => 3,
        1 => 2 * s * n,
        _ => s * s * n * n.saturating_sub(1) / 2,
    }
}

/// Per number of free squares `n` (0..=11): the states of the chicks alone.
const CHICKS: [u64; 12] = {
    let mut t = [0u64; 12];
    let mut n = 0;
    while n < 12 {
        t[n] = arrangements(4, n as u64, 0)
            + arrangements(4, n as u64, 1)
            + arrangements(4, n as u64, 2);
        n += 1;
    }
    t
};

/// Per `n`: the states of a two-state kind followed by `next`.
const fn level(next: &[u64; 12]) -> [u64; 12] {
    let mut t = [0u64; 12];
    let mut n = 0;
    while n < 12 {
        let mut k = 0;
        while k <= 2 && k <= n {
            t[n] += arrangements(2, n as u64, k) * next[n - k];
            k += 1;
        }
        n += 1;
    }
    t
}

/// Per `n`: elephants and chicks.
const ELEPHANTS: [u64; 12] = level(&CHICKS);
/// Per `n`: giraffes, elephants and chicks.
const GIRAFFES: [u64; 12] = level(&ELEPHANTS);

/// Lion blocks with both lions on the board.
const LION_PAIRS: u64 = 9 * 11;
/// The first index whose mover's lion is captured.
pub const LOST_BASE: u64 = LION_PAIRS * GIRAFFES[10];
/// How many indices there are.
pub const STATES: u64 = LOST_BASE + 12 * GIRAFFES[11];

/// The kinds in index order, with the states a piece on the board takes
/// and the table of what follows them.
const KINDS: [(u8, u64); 3] = [(GIRAFFE, 2), (super::ELEPHANT, 2), (CHICK, 4)];

/// How many states the kinds after kind number `level` have on `n` free
/// squares.
fn after(level: usize, n: usize) -> u64 {
    match level {
        0 => ELEPHANTS[n],
        1 => CHICKS[n],
        _ => 1,
    }
}

/// `OFFSETS[level][n][k]`: where the block for `k` pieces on the board
/// starts within kind number `level` on `n` free squares (`k` up to 3, the
/// end of the level).
const OFFSETS: [[[u64; 4]; 12]; 3] = {
    let mut t = [[[0u64; 4]; 12]; 3];
    let mut level = 0;
    while level < 3 {
        let s = if level == 2 { 4 } else { 2 };
        let mut n = 0;
        while n < 12 {
            let mut k = 1;
            while k < 4 {
                let j = k - 1;
                let next = if j > n {
                    0
                } else {
                    match level {
                        0 => ELEPHANTS[n - j],
                        1 => CHICKS[n - j],
                        _ => 1,
                    }
                };
                t[level][n][k] = t[level][n][j] + arrangements(s, n as u64, j) * next;
                k += 1;
            }
            n += 1;
        }
        level += 1;
    }
    t
};

/// Where the block for `k` pieces on the board starts within a kind's
/// level on `n` free squares.
#[inline]
fn offset(level: usize, _s: u64, n: usize, k: usize) -> u64 {
    OFFSETS[level][n][k]
}

/// The index of `p` (a state: see [`Position::fault`]).
pub fn encode(p: &Position) -> u64 {
    let theirs = p.lion(1).unwrap_or(0);
    let mut free: u16 = 0xfff & !(1 << theirs);
    let mut index = match p.lion(0) {
        Some(mine) => {
            free &= !(1 << mine);
            let other = if theirs > mine { theirs - 1 } else { theirs };
            ((mine as u64).saturating_sub(3) * 11 + other as u64) * GIRAFFES[10]
        }
        None => LOST_BASE + theirs as u64 * GIRAFFES[11],
    };
    for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
        let n = free.count_ones() as usize;
        let mut found = [(0u64, 0u64); 2];
        let mut k = 0;
        for (square, &piece) in p.cells.iter().enumerate() {
            if piece == EMPTY {
                continue;
            }
            let kd = kind(piece);
            let matches = kd == k_ind || (k_ind == CHICK && kd == HEN);
            if !matches || k >= 2 {
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
        index += offset(level, s, n, k) + local * after(level, n - k);
        for (square, &piece) in p.cells.iter().enumerate() {
            let kd = kind(piece);
            if piece != EMPTY && (kd == k_ind || (k_ind == CHICK && kd == HEN)) {
                free &= !(1 << square);
            }
        }
    }
    index
}

/// The `place`-th (0-based) square set in `free`.
fn select(free: u16, place: u64) -> usize {
    let mut mask = free;
    for _ in 0..place {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as usize
}

/// The state of index `index`, `None` out of range.
pub fn decode(index: u64) -> Option<Position> {
    if index >= STATES {
        return None;
    }
    let mut p = Position {
        cells: [EMPTY; SQUARES],
        hands: [[0; 4]; 2],
    };
    let mut free: u16 = 0xfff;
    let mut rest;
    if index < LOST_BASE {
        let block = index / GIRAFFES[10];
        rest = index % GIRAFFES[10];
        let mine = (block / 11 + 3) as usize;
        let other = (block % 11) as usize;
        let theirs = if other >= mine { other + 1 } else { other };
        p.cells[mine] = LION;
        p.cells[theirs] = LION | THEIRS;
        free &= !(1 << mine) & !(1 << theirs);
    } else {
        let t = index - LOST_BASE;
        let theirs = (t / GIRAFFES[11]) as usize;
        rest = t % GIRAFFES[11];
        p.cells[theirs] = LION | THEIRS;
        p.hands[1][0] = 1;
        free &= !(1 << theirs);
    }
    for (level, &(k_ind, s)) in KINDS.iter().enumerate() {
        let n = free.count_ones() as usize;
        let mut k = 0;
        while k < 2 && k < n && rest >= offset(level, s, n, k + 1) {
            k += 1;
        }
        let t = rest - offset(level, s, n, k);
        let size = after(level, n - k);
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
        let mut taken = 0u16;
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
                taken |= 1 << square;
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
                taken |= (1 << a) | (1 << b);
            }
        }
        free &= !taken;
    }
    Some(p)
}
