//! Dobutsu shogi's pieces and board geometry: how a piece is encoded (its
//! kind and owner in one byte), the hand slots, and the squares each piece
//! attacks from each square, computed when the program is built.

/// Squares on the board: 3 columns by 4 rows.
pub const SQUARES: usize = 12;

/// An empty square.
pub const EMPTY: u8 = 0;
/// The lion.
pub const LION: u8 = 1;
/// The giraffe.
pub const GIRAFFE: u8 = 2;
/// The elephant.
pub const ELEPHANT: u8 = 3;
/// The chick.
pub const CHICK: u8 = 4;
/// The hen (a promoted chick).
pub const HEN: u8 = 5;
/// Added to a piece's kind when it belongs to the opponent of the mover.
pub const THEIRS: u8 = 8;

/// The kind of piece code `piece` (`EMPTY` for an empty square).
pub const fn kind(piece: u8) -> u8 {
    piece & 7
}

/// The owner of piece code `piece`: 0 the mover, 1 the opponent.
pub const fn owner(piece: u8) -> usize {
    (piece >> 3) as usize & 1
}

/// The kind a piece goes into a hand as (a hen becomes a chick), as an
/// index into a hand: 0 lion, 1 giraffe, 2 elephant, 3 chick.
pub const fn hand_slot(kind: u8) -> usize {
    match kind {
        LION => 0,
        GIRAFFE => 1,
        ELEPHANT => 2,
        _ => 3,
    }
}

/// The kind of piece dropped from hand slot `slot` (1 to 3).
pub const fn slot_kind(slot: usize) -> u8 {
    match slot {
        0 => LION,
        1 => GIRAFFE,
        2 => ELEPHANT,
        _ => CHICK,
    }
}

/// The steps `(rows, columns)` a piece of kind `kind` takes, for the mover
/// (forward is row − 1).
pub(super) const fn steps(kind: u8) -> &'static [(i8, i8)] {
    match kind {
        LION => &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ],
        GIRAFFE => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
        ELEPHANT => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        CHICK => &[(-1, 0)],
        HEN => &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)],
        _ => &[],
    }
}

/// The squares a piece of kind `kind` owned by `owner` on `square` attacks,
/// as a bit mask.
pub(super) const fn targets_of(kind: u8, owner: usize, square: usize) -> u16 {
    let s = steps(kind);
    let (row, col) = ((square / 3) as i8, (square % 3) as i8);
    let mut mask = 0u16;
    let mut i = 0;
    while i < s.len() {
        let (dr, dc) = s[i];
        let dr = if owner == 0 { dr } else { -dr };
        let (r, c) = (row + dr, col + dc);
        if r >= 0 && r < 4 && c >= 0 && c < 3 {
            mask |= 1 << (r * 3 + c);
        }
        i += 1;
    }
    mask
}

/// `TARGETS[owner][kind][square]`: the squares attacked.
const TARGETS: [[[u16; SQUARES]; 8]; 2] = {
    let mut t = [[[0u16; SQUARES]; 8]; 2];
    let mut o = 0;
    while o < 2 {
        let mut k = 1;
        while k <= HEN as usize {
            let mut s = 0;
            while s < SQUARES {
                t[o][k][s] = targets_of(k as u8, o, s);
                s += 1;
            }
            k += 1;
        }
        o += 1;
    }
    t
};

/// The squares piece code `piece` on `square` attacks.
#[inline]
pub fn targets(piece: u8, square: usize) -> u16 {
    TARGETS[owner(piece)][usize::from(kind(piece))][square]
}

/// The squares from which piece code `piece` could have stepped to
/// `square` (every piece's steps are symmetric left to right, so these are
/// the targets of the same piece for the other owner).
#[inline]
pub(super) fn sources(piece: u8, square: usize) -> u16 {
    TARGETS[owner(piece) ^ 1][usize::from(kind(piece))][square]
}

/// Square `square` mirrored left to right (file a and file c exchanged).
pub const fn mirror_square(square: usize) -> usize {
    square + 2 - 2 * (square % 3)
}

/// Square `square` turned 180 degrees: where it is seen from the other
/// side of the board.
pub const fn turned_square(square: usize) -> usize {
    SQUARES - 1 - square
}

/// The row of `square` (0 the mover's far row, 3 its home row).
pub(super) const fn row(square: usize) -> usize {
    square / 3
}
