//! How people write Dobutsu shogi: the [`Notation`] of [`Dobutsu`], after
//! the notation of Robert Clausecker's `dobutsu` program.
//!
//! A position is `X/r1/r2/r3/r4/hand`: `X` the side to move (`S` sente,
//! the first player, or `G` gote), then ranks 1 to 4, three characters
//! each for files a, b, c (`-` empty; `L` lion, `G` giraffe, `E` elephant,
//! `C` chick, `R` hen; uppercase sente's, lowercase gote's), then the
//! pieces held (uppercase held by sente, any order) or `-`. The start is
//! `S/gle/-c-/-C-/ELG/-`. A captured lion shows in its capturer's hand.
//!
//! The index sees every state from the side to move, so a state alone is
//! written with sente to move: `G/...` reads as the same position turned
//! 180 degrees with the colours exchanged. Where the side to move is known
//! (a `G/...` position, a list of moves, a game in play), the state is
//! written, drawn and its moves named as the players see it, gote's in the
//! real coordinates ([`Notation::parse_spot`] and the other `_spot` methods).
//!
//! A move is written as that program writes it: the piece letter
//! (uppercase; a hen's moves are written with `C`, as the program does;
//! `R` is read too), the square moved from, `-` or `x` for a capture, the
//! square moved to and `+` for a promotion (`Cb3xb2`, `Cb2xb1+`), or the
//! letter, `*` and the square for a drop (`C*a3`). Where a position is
//! expected, a comma-separated list of moves from the start is read too.
//!
//! A variant without some kinds of pieces writes its positions the same
//! way (the lions and chicks alone start as `S/-l-/-c-/-C-/-L-/-`) and
//! refuses a position naming a piece it does not have.

use super::{
    hand_slot, kind, owner, targets, turned_square, Dobutsu, Move, Position, CHICK, ELEPHANT,
    EMPTY, GIRAFFE, HEN, LION, THEIRS,
};
use crate::engine::{quote, quote_char, Notation, NotationError, Side};

/// The letter of a piece kind, uppercase.
const fn letter(kind: u8) -> char {
    match kind {
        LION => 'L',
        GIRAFFE => 'G',
        ELEPHANT => 'E',
        CHICK => 'C',
        HEN => 'R',
        _ => '-',
    }
}

/// The kind of an uppercase letter.
const fn kind_of(letter: char) -> Option<u8> {
    match letter {
        'L' => Some(LION),
        'G' => Some(GIRAFFE),
        'E' => Some(ELEPHANT),
        'C' => Some(CHICK),
        'R' => Some(HEN),
        _ => None,
    }
}

/// The kind of piece a position string's letter names, in words (`e` or
/// `E`: `elephant`); `None` for no piece letter.
pub fn letter_word(letter: char) -> Option<&'static str> {
    kind_of(letter.to_ascii_uppercase()).map(word)
}

/// The board of a state as the players see it: owner 0 sente, turned
/// when gote is to move.
fn absolute(p: &Position, side: Side) -> Position {
    match side {
        Side::First => *p,
        Side::Second => p.turned(),
    }
}

/// The name of square `square` (in the mover's frame) for `side`.
fn square_name(square: usize, side: Side) -> String {
    let a = match side {
        Side::First => square,
        Side::Second => turned_square(square),
    };
    format!("{}{}", char::from(b'a' + (a % 3) as u8), a / 3 + 1)
}

/// Writes state `p` (mover's frame) with `side` to move.
pub fn write(p: &Position, side: Side) -> String {
    let a = absolute(p, side);
    let mut text = String::from(match side {
        Side::First => "S",
        Side::Second => "G",
    });
    for r in 0..4 {
        text.push('/');
        for c in 0..3 {
            let piece = a.cells[3 * r + c];
            let ch = letter(kind(piece));
            text.push(if piece != EMPTY && owner(piece) == 1 {
                ch.to_ascii_lowercase()
            } else {
                ch
            });
        }
    }
    text.push('/');
    let mut hand = String::new();
    for (who, held) in a.hands.iter().enumerate() {
        for slot in [3, 1, 2, 0] {
            for _ in 0..held[slot] {
                let ch = letter(super::slot_kind(slot));
                hand.push(if who == 1 {
                    ch.to_ascii_lowercase()
                } else {
                    ch
                });
            }
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    text + &hand
}

/// The name of move `m` (mover's frame) for `side`.
pub fn move_name(m: &Move, side: Side) -> String {
    let ch = if m.kind == HEN { 'C' } else { letter(m.kind) };
    let to = square_name(usize::from(m.to), side);
    match m.from {
        None => format!("{ch}*{to}"),
        Some(from) => format!(
            "{ch}{}{}{to}{}",
            square_name(usize::from(from), side),
            if m.capture { 'x' } else { '-' },
            if m.promotes { "+" } else { "" }
        ),
    }
}

/// Every legal move of `p` (mover's frame) named for `side`, with the state
/// it leads to.
pub fn named_moves(p: &Position, side: Side) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    p.for_each_move(|m, next| out.push((move_name(&m, side), next)));
    out
}

/// An error at character `place` (1-based) `ch`.
fn err<T>(place: usize, ch: char, what: &str) -> Result<T, NotationError> {
    Err(NotationError::new(format!(
        "character {place} {}: {what}",
        quote_char(ch)
    )))
}

/// The names of the kinds, by hand slot.
const NAMES: [&str; 4] = ["lion", "giraffe", "elephant", "chick"];

/// Reads a position string of `game`: the state in the mover's frame and
/// who moves.
pub fn parse(game: &Dobutsu, text: &str) -> Result<(Position, Side), NotationError> {
    let pieces = game.pieces();
    let chars: Vec<char> = text.chars().collect();
    let side = match chars.first() {
        Some('S') => Side::First,
        Some('G') => Side::Second,
        Some(&ch) if text.contains(',') => {
            return err(
                1,
                ch,
                "expected S or G (the side to move): a position is a board or a list \
                 of moves from the start, not both",
            )
        }
        Some(&ch) => return err(1, ch, "expected S or G (the side to move)"),
        None => return Err(NotationError::new("empty position")),
    };
    let mut a = Position::default();
    let mut count = [0u8; 4];
    let mut place = 1;
    let mut add = |kind: u8, place: usize, ch: char| -> Result<(), NotationError> {
        let slot = hand_slot(kind);
        if pieces[slot] == 0 {
            return err(place, ch, &format!("this variant has no {}s", NAMES[slot]));
        }
        count[slot] += 1;
        if count[slot] > 2 {
            return err(
                place,
                ch,
                "a third piece of this kind (there are two of each)",
            );
        }
        Ok(())
    };
    for r in 0..4 {
        match chars.get(place) {
            Some('/') => {}
            Some(&ch) => return err(place + 1, ch, "expected '/' before a rank"),
            None => {
                return Err(NotationError::new(format!(
                    "too short: rank {} missing",
                    r + 1
                )))
            }
        }
        place += 1;
        for c in 0..3 {
            let Some(&ch) = chars.get(place) else {
                return Err(NotationError::new(format!(
                    "too short: rank {} has fewer than three squares",
                    r + 1
                )));
            };
            place += 1;
            if ch == '-' {
                continue;
            }
            let Some(k) = kind_of(ch.to_ascii_uppercase()) else {
                return err(
                    place,
                    ch,
                    "expected a piece (L, G, E, C, R; lowercase for gote) or '-'",
                );
            };
            add(k, place, ch)?;
            a.cells[3 * r + c] = k | if ch.is_ascii_lowercase() { THEIRS } else { 0 };
        }
    }
    match chars.get(place) {
        Some('/') => {}
        Some(&ch) => return err(place + 1, ch, "expected '/' before the pieces in hand"),
        None => {
            return Err(NotationError::new(
                "too short: the pieces in hand are missing",
            ))
        }
    }
    place += 1;
    let hand = &chars[place.min(chars.len())..];
    if hand.is_empty() {
        return Err(NotationError::new(
            "too short: the pieces in hand are missing ('-' for none)",
        ));
    }
    let ends = "nothing follows the pieces in hand ('-' alone for none; \
                a list of moves is written from the start, without a board)";
    if hand[0] == '-' && hand.len() > 1 {
        return err(place + 2, hand[1], ends);
    }
    if hand != ['-'] {
        for (i, &ch) in hand.iter().enumerate() {
            let at = place + i + 1;
            let k = match kind_of(ch.to_ascii_uppercase()) {
                Some(HEN) => return err(at, ch, "a hen in hand (a captured hen becomes a chick)"),
                Some(k) => k,
                None if matches!(ch, '/' | ',' | '-') => return err(at, ch, ends),
                None => {
                    return err(
                        at,
                        ch,
                        "expected a piece in hand (L, G, E, C; lowercase for gote's) or '-' alone",
                    )
                }
            };
            add(k, at, ch)?;
            a.hands[usize::from(ch.is_ascii_lowercase())][hand_slot(k)] += 1;
        }
    }
    if count != pieces {
        let missing: Vec<String> = count
            .iter()
            .zip(pieces)
            .zip(NAMES)
            .filter(|((&n, want), _)| n != *want)
            .map(|((n, _), name)| format!("{n} {name}{}", if *n == 1 { "" } else { "s" }))
            .collect();
        return Err(NotationError::new(format!(
            "{} found; there are two of each kind the game has (a hen counts as a chick)",
            missing.join(", ")
        )));
    }
    let p = absolute(&a, side);
    match p.fault(pieces) {
        Some(fault) => Err(NotationError::new(format!("not a position: {fault}"))),
        None => Ok((p, side)),
    }
}

/// Reads move `text` in state `p` (mover's frame) with `side` to move; an
/// error quotes the move and says why.
pub fn parse_move(p: &Position, side: Side, text: &str) -> Result<Position, NotationError> {
    move_or_why(p, side, text)
        .map_err(|why| NotationError::new(format!("{}: {why}", quote(text.trim()))))
}

/// [`parse_move`]'s work: the state after move `text`, or why there is
/// none, in words.
fn move_or_why(p: &Position, side: Side, text: &str) -> Result<Position, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = |why: &str| Err(why.to_string());
    let mut chars = compact.chars();
    let Some(k) = chars.next().and_then(|c| kind_of(c.to_ascii_uppercase())) else {
        return bad("expected a piece letter (L, G, E, C or R) first");
    };
    let rest: String = chars.collect();
    let square = |s: &str| -> Option<usize> {
        let mut cs = s.chars();
        let file = cs.next()?;
        let rank = cs.next()?;
        if !('a'..='c').contains(&file) || !('1'..='4').contains(&rank) {
            return None;
        }
        let a = (rank as usize - '1' as usize) * 3 + (file as usize - 'a' as usize);
        Some(match side {
            Side::First => a,
            Side::Second => turned_square(a),
        })
    };
    let (from, to) = if let Some(target) = rest.strip_prefix('*') {
        match square(target) {
            Some(to) if target.len() == 2 => (None, to),
            _ => return bad("expected a square (a1 to c4) after '*'"),
        }
    } else {
        let Some(from) = square(&rest) else {
            return bad("expected the square moved from (a1 to c4) or '*' for a drop");
        };
        let tail = rest.get(2..).unwrap_or("");
        let tail = tail
            .strip_prefix('x')
            .or_else(|| tail.strip_prefix('-'))
            .unwrap_or(tail);
        let tail = tail.strip_suffix('+').unwrap_or(tail);
        match square(tail) {
            Some(to) if tail.len() == 2 => (Some(from as u8), to),
            _ => return bad("expected the square moved to (a1 to c4)"),
        }
    };
    let mut found = None;
    p.for_each_move(|m, next| {
        if m.from == from && usize::from(m.to) == to && chick_class(m.kind) == chick_class(k) {
            found = Some((move_name(&m, side), m.kind, next));
        }
    });
    // The squares name the move; the rest must say what it does, as
    // `move_name` writes it (a Hen's `R` read as its `C`, a Chick's not).
    let written = match (compact.strip_prefix('R'), &found) {
        (Some(rest), Some((_, HEN, _))) => format!("C{rest}"),
        _ => compact.clone(),
    };
    match found {
        Some((name, _, _)) if name != written => bad(&format!(
            "written {name} here ('-' for a move, 'x' for a capture, '+' for a promotion; the letter uppercase for both sides)"
        )),
        Some((_, _, next)) => Ok(next),
        None if p.ending().is_some() => bad("the game is over"),
        None if p.can_capture_lion() => {
            bad("not a move here: the lion can be taken, and only lion captures are played")
        }
        None => bad(&illegal_why(p, side, from, to, k)),
    }
}

/// Why no piece of kind `k` moves from `from` (`None`: is dropped) to
/// `to` (squares in the mover's frame) in `p`, in words.
fn illegal_why(p: &Position, side: Side, from: Option<u8>, to: usize, k: u8) -> String {
    let at = |square: usize| square_name(square, side);
    let mine = |piece: u8| piece != EMPTY && owner(piece) == 0;
    let target = p.cells.get(to).copied().unwrap_or(EMPTY);
    match from.map(usize::from) {
        None if target != EMPTY => format!("{} is taken", at(to)),
        None if p.hands[0][hand_slot(k)] == 0 => {
            format!("you hold no {} to drop", word(chick_class(k)))
        }
        Some(from) => {
            let piece = p.cells.get(from).copied().unwrap_or(EMPTY);
            if !mine(piece) || chick_class(kind(piece)) != chick_class(k) {
                format!("you have no {} on {}", word(k), at(from))
            } else if mine(target) {
                format!("{} holds your own {}", at(to), word(kind(target)))
            } else if targets(piece, from) & (1 << to) == 0 {
                format!(
                    "the {} on {} does not step to {}",
                    word(kind(piece)),
                    at(from),
                    at(to)
                )
            } else {
                NOT_LEGAL.to_string()
            }
        }
        None => NOT_LEGAL.to_string(),
    }
}

/// Why a move is refused when nothing more particular can be said.
const NOT_LEGAL: &str = "not a legal move here";

/// A hen's kind read as the chick it was (a move names either by its
/// squares), any other kind as itself.
const fn chick_class(kind: u8) -> u8 {
    if kind == HEN {
        CHICK
    } else {
        kind
    }
}

/// A piece kind in words.
const fn word(kind: u8) -> &'static str {
    match kind {
        LION => "lion",
        GIRAFFE => "giraffe",
        ELEPHANT => "elephant",
        CHICK => "chick",
        HEN => "hen",
        _ => "piece",
    }
}

/// Reads a position of `game`, or a comma-separated list of moves from its
/// start: the state in the mover's frame and who moves.
pub fn parse_any(game: &Dobutsu, text: &str) -> Result<(Position, Side), NotationError> {
    let text = text.trim();
    if text.contains('/') {
        return parse(game, text);
    }
    let mut p = game.start_position();
    let mut side = Side::First;
    for (n, m) in text.split(',').enumerate() {
        p = parse_move(&p, side, m).map_err(|e| {
            // Text that fails as its first move may have been meant as a
            // position: say how it was read.
            let read_as = if n == 0 {
                " (read as moves from the start, having no '/'; a position is X/r1/r2/r3/r4/hand)"
            } else {
                ""
            };
            NotationError::new(format!("move {} {}{read_as}", n + 1, e.message))
        })?;
        side = side.other();
    }
    Ok((p, side))
}

impl Notation for Dobutsu {
    fn position_help(&self) -> &'static str {
        "X/r1/r2/r3/r4/hand: side to move (S or G), ranks 1 to 4 as files a-c \
         (L G E C R, lowercase for gote, - empty), pieces in hand or - \
         (e.g. S/gle/-c-/-C-/ELG/-), or moves from the start (Cb3xb2,Ec1xb2)"
    }

    fn move_help(&self) -> &'static str {
        "piece, from, - or x, to, + on promotion (Cb3xb2, Lb4-c3, Cb2xb1+), or a \
         drop: piece * square (C*a3); squares a1 to c4 as sente sees them, for \
         both sides"
    }

    fn parse_position(&self, text: &str) -> Result<u64, NotationError> {
        self.parse_spot(text).map(|(index, _)| index)
    }

    fn write_position(&self, index: u64) -> String {
        self.write_spot(index, Side::First)
    }

    fn moves(&self, index: u64) -> Vec<(String, u64)> {
        self.moves_spot(index, Side::First)
    }

    fn refuse_move(&self, index: u64, side: Side, text: &str) -> Option<String> {
        let why = move_or_why(&self.decode(index)?, side, text).err()?;
        (why != NOT_LEGAL).then_some(why)
    }

    fn picture(&self, index: u64) -> String {
        self.picture_spot(index, Side::First)
    }

    fn parse_spot(&self, text: &str) -> Result<(u64, Side), NotationError> {
        parse_any(self, text).map(|(p, side)| (self.encode(&p), side))
    }

    fn write_spot(&self, index: u64, side: Side) -> String {
        match self.decode(index) {
            Some(p) => write(&p, side),
            None => format!("(index {index} is not a dobutsu state)"),
        }
    }

    fn moves_spot(&self, index: u64, side: Side) -> Vec<(String, u64)> {
        self.decode(index)
            .map(|p| named_moves(&p, side))
            .unwrap_or_default()
            .into_iter()
            .map(|(name, next)| (name, self.encode(&next)))
            .collect()
    }

    // Sente's side at the bottom, each side's hand beside its home rank,
    // the side to move marked.
    fn picture_spot(&self, index: u64, side: Side) -> String {
        let Some(p) = self.decode(index) else {
            return self.write_position(index);
        };
        let text = write(&p, side);
        let hand = text.rsplit('/').next().unwrap_or("-");
        let (gote, sente): (String, String) = (
            hand.chars().filter(char::is_ascii_lowercase).collect(),
            hand.chars().filter(char::is_ascii_uppercase).collect(),
        );
        let mover_rank = match side {
            Side::First => 3,
            Side::Second => 0,
        };
        let mut lines = vec!["  abc".to_string(), " +---+".to_string()];
        for (r, rank) in text.split('/').skip(1).take(4).enumerate() {
            let rank = rank.replace('-', " ");
            let hand = match r {
                0 => gote.as_str(),
                3 => sente.as_str(),
                _ => "",
            };
            let mark = if r == mover_rank { "(to move)" } else { "" };
            let extra: Vec<&str> = [hand, mark].into_iter().filter(|w| !w.is_empty()).collect();
            let line = format!("{}|{rank}| {}", r + 1, extra.join(" "));
            lines.push(line.trim_end().to_string());
        }
        lines.push(" +---+".to_string());
        lines.join("\n")
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "sente",
            Side::Second => "gote",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let (p, side) = parse(&Dobutsu::FULL, "S/gle/-c-/-C-/ELG/-").unwrap();
        assert_eq!(p, Position::START);
        assert_eq!(side, Side::First);
        assert_eq!(write(&p, Side::First), "S/gle/-c-/-C-/ELG/-");
    }

    /// An illegal move is refused with what is wrong with it, named in
    /// the squares of the side that plays it.
    #[test]
    fn illegal_moves_say_why() {
        let why = |p: &Position, side, text| move_or_why(p, side, text).err();
        let start = Position::START;
        for (text, wanted) in [
            ("Lb4-b3", "b3 holds your own chick"),
            ("Lb4-b2", "the lion on b4 does not step to b2"),
            ("Eb4-b3", "you have no elephant on b4"),
            ("C*a3", "you hold no chick to drop"),
            ("Ea4-a3", "the elephant on a4 does not step to a3"),
            ("Cb3-b1", "the chick on b3 does not step to b1"),
        ] {
            assert_eq!(
                why(&start, Side::First, text).as_deref(),
                Some(wanted),
                "{text}"
            );
        }
        // After sente's Cb3xb2, gote names squares as sente sees them.
        let gote = move_or_why(&start, Side::First, "Cb3xb2").unwrap();
        assert_eq!(
            why(&gote, Side::Second, "Ga1-b2").as_deref(),
            Some("the giraffe on a1 does not step to b2")
        );
        assert_eq!(
            why(&gote, Side::Second, "Lb1-c1").as_deref(),
            Some("c1 holds your own elephant")
        );
        assert_eq!(
            why(&gote, Side::Second, "Cb3xb2").as_deref(),
            Some("you have no chick on b3")
        );
        assert_eq!(
            why(&gote, Side::Second, "C*b2").as_deref(),
            Some("b2 is taken")
        );
        // Every legal move reads, and no reason is given for one.
        Dobutsu::FULL
            .moves_spot(Dobutsu::FULL.encode(&start), Side::First)
            .iter()
            .for_each(|(name, _)| assert!(why(&start, Side::First, name).is_none(), "{name}"));
    }
}
