//! Dobutsu shogi (`games::dobutsu`) against a move generator written apart
//! from the game module: its own board (characters by rank and file as the
//! notation writes them, with colours, never turned), its own rules.
//!
//! Checks:
//! - notation: the start and positions reached from it write and read back,
//!   gote-to-move positions read as their turned twins, move lists from the
//!   start read, malformed positions and moves give errors naming the
//!   character or move at fault;
//! - every position up to 4 plies from the start: the same moves (names
//!   and successors), the same verdict on positions that are over, the
//!   same census (Tanaka's way of counting);
//! - the engine's contracts (`engine::conformance::check`) on a random
//!   sample of 200,000 indices, and un-moves as exact inverses of moves on
//!   every index up to 4 plies from the start;
//! - the index: its size, and that the start and a lost state decode as
//!   expected;
//! - the variants with fewer kinds of pieces: their parameters, their
//!   start, notation refusing the pieces they lack, the contracts on every
//!   index of the lions and chicks, and the engine's solution against a
//!   retrograde analysis written here over the positions the independent
//!   rules reach (every one of them: outcome and distance); the lions,
//!   elephants and chicks (15.7 M positions, 7.8 M indices) only with
//!   `--ignored`;
//! - (ignored, slow) the states reachable from the start, one per mirror
//!   orbit, against Tanaka's count (246,803,167, of which 99,485,568 not
//!   over: this matches), and the full solve against his outcome counts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use gametable::Outcome;
use gametable_gen::engine::conformance::{check, Sample};
use gametable_gen::engine::{Census, Game, Notation};
use gametable_gen::games::dobutsu::{index, Dobutsu};

// ---------------------------------------------------------------------------
// The independent rules.

/// A position as the players see it: `board[rank][file]` for ranks 1..4 and
/// files a..c, pieces as the notation's letters (`' '` empty), the pieces
/// held by each side as letters in that side's case, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pos {
    board: [[char; 3]; 4],
    hand: Vec<char>,
    sente: bool,
}

fn is_sente_piece(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// Steps (rank, file) of the piece `c` (its case gives the colour): sente
/// moves towards rank 1.
fn piece_steps(c: char) -> Vec<(i32, i32)> {
    let f = if is_sente_piece(c) { -1 } else { 1 };
    match c.to_ascii_uppercase() {
        'L' => vec![
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ],
        'G' => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
        'E' => vec![(-1, -1), (-1, 1), (1, -1), (1, 1)],
        'C' => vec![(f, 0)],
        'R' => vec![(f, -1), (f, 0), (f, 1), (0, -1), (0, 1), (-f, 0)],
        _ => vec![],
    }
}

fn name(rank: usize, file: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Pos {
    fn start() -> Pos {
        Pos {
            board: [
                ['g', 'l', 'e'],
                [' ', 'c', ' '],
                [' ', 'C', ' '],
                ['E', 'L', 'G'],
            ],
            hand: vec![],
            sente: true,
        }
    }

    /// The start without the pieces whose letters (uppercase) are in
    /// `absent`.
    fn start_without(absent: &[char]) -> Pos {
        let mut p = Pos::start();
        for c in p.board.iter_mut().flatten() {
            if absent.contains(&c.to_ascii_uppercase()) {
                *c = ' ';
            }
        }
        p
    }

    fn mine(&self, c: char) -> bool {
        c != ' ' && is_sente_piece(c) == self.sente
    }

    fn text(&self) -> String {
        let mut t = String::from(if self.sente { "S" } else { "G" });
        for rank in &self.board {
            t.push('/');
            for &c in rank {
                t.push(if c == ' ' { '-' } else { c });
            }
        }
        t.push('/');
        if self.hand.is_empty() {
            t.push('-');
        } else {
            t.extend(self.hand.iter());
        }
        t
    }

    /// Squares attacked by the side to move (`mover`) or the other.
    fn attacks(&self, by_sente: bool) -> HashSet<(usize, usize)> {
        let mut set = HashSet::new();
        for r in 0..4 {
            for f in 0..3 {
                let c = self.board[r][f];
                if c == ' ' || is_sente_piece(c) != by_sente {
                    continue;
                }
                for (dr, df) in piece_steps(c) {
                    let (nr, nf) = (r as i32 + dr, f as i32 + df);
                    if (0..4).contains(&nr) && (0..3).contains(&nf) {
                        set.insert((nr as usize, nf as usize));
                    }
                }
            }
        }
        set
    }

    fn find(&self, c: char) -> Option<(usize, usize)> {
        (0..4)
            .flat_map(|r| (0..3).map(move |f| (r, f)))
            .find(|&(r, f)| self.board[r][f] == c)
    }

    /// Over (a loss for the side to move): its lion taken, or the other lion
    /// on its home rank unattacked.
    fn over(&self) -> bool {
        let (mine, theirs) = if self.sente { ('L', 'l') } else { ('l', 'L') };
        if self.find(mine).is_none() {
            return true;
        }
        let home = if self.sente { 3 } else { 0 };
        match self.find(theirs) {
            Some((r, f)) => r == home && !self.attacks(self.sente).contains(&(r, f)),
            None => false,
        }
    }

    /// Every move: its name and the position after it.
    fn moves(&self) -> Vec<(String, Pos)> {
        if self.over() {
            return vec![];
        }
        let theirs_lion = if self.sente { 'l' } else { 'L' };
        let lion_at = self.find(theirs_lion).unwrap();
        let only_lion = self.attacks(self.sente).contains(&lion_at);
        let far = if self.sente { 0 } else { 3 };
        let mut out = vec![];
        for r in 0..4 {
            for f in 0..3 {
                let c = self.board[r][f];
                if !self.mine(c) {
                    continue;
                }
                for (dr, df) in piece_steps(c) {
                    let (nr, nf) = (r as i32 + dr, f as i32 + df);
                    if !(0..4).contains(&nr) || !(0..3).contains(&nf) {
                        continue;
                    }
                    let (nr, nf) = (nr as usize, nf as usize);
                    let target = self.board[nr][nf];
                    if self.mine(target) {
                        continue;
                    }
                    if only_lion && target != theirs_lion {
                        continue;
                    }
                    let mut next = self.clone();
                    next.board[r][f] = ' ';
                    let promote = c.eq_ignore_ascii_case(&'C') && nr == far;
                    next.board[nr][nf] = if promote {
                        if self.sente {
                            'R'
                        } else {
                            'r'
                        }
                    } else {
                        c
                    };
                    if target != ' ' {
                        let mut taken = target.to_ascii_uppercase();
                        if taken == 'R' {
                            taken = 'C';
                        }
                        next.hand.push(if self.sente {
                            taken
                        } else {
                            taken.to_ascii_lowercase()
                        });
                        next.hand.sort_unstable();
                    }
                    next.sente = !self.sente;
                    let letter = match c.to_ascii_uppercase() {
                        'R' => 'C',
                        l => l,
                    };
                    let name = format!(
                        "{letter}{}{}{}{}",
                        name(r, f),
                        if target == ' ' { '-' } else { 'x' },
                        name(nr, nf),
                        if promote { "+" } else { "" }
                    );
                    out.push((name, next));
                }
            }
        }
        if only_lion {
            return out;
        }
        let held: BTreeSet<char> = self
            .hand
            .iter()
            .copied()
            .filter(|&c| is_sente_piece(c) == self.sente)
            .collect();
        for c in held {
            for r in 0..4 {
                for f in 0..3 {
                    if self.board[r][f] != ' ' {
                        continue;
                    }
                    let mut next = self.clone();
                    let at = next.hand.iter().position(|&h| h == c).unwrap();
                    next.hand.remove(at);
                    next.board[r][f] = c;
                    next.sente = !self.sente;
                    out.push((format!("{}*{}", c.to_ascii_uppercase(), name(r, f)), next));
                }
            }
        }
        out
    }
}

/// A move name as sente would write the same move on the turned board.
fn turned_name(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'a' => 'c',
            'c' => 'a',
            '1' => '4',
            '2' => '3',
            '3' => '2',
            '4' => '1',
            other => other,
        })
        .collect()
}

/// Every position up to `plies` plies from the start, by ply.
fn positions_within(plies: usize) -> Vec<Pos> {
    let mut seen: HashSet<Pos> = HashSet::new();
    let mut all = vec![Pos::start()];
    seen.insert(Pos::start());
    let mut frontier = vec![Pos::start()];
    for _ in 0..plies {
        let mut next = vec![];
        for p in &frontier {
            for (_, q) in p.moves() {
                if seen.insert(q.clone()) {
                    all.push(q.clone());
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    all
}

// ---------------------------------------------------------------------------
// An independent solver: every position the rules above reach, and a
// retrograde analysis over them.

/// The letters of pieces on the board, in the order [`pack`] numbers them.
const BOARD_LETTERS: &str = "LlGgEeCcRr";
/// The letters of pieces in hand, in the order [`pack`] counts them.
const HAND_LETTERS: &str = "LlGgEeCc";

/// A position as one number: who moves, 4 bits a square, 2 bits a count in
/// hand (a compact key for millions of positions).
fn pack(p: &Pos) -> u128 {
    let mut key = u128::from(p.sente);
    for &c in p.board.iter().flatten() {
        let code = BOARD_LETTERS.find(c).map_or(0, |i| i + 1);
        key = key << 4 | code as u128;
    }
    for letter in HAND_LETTERS.chars() {
        let n = p.hand.iter().filter(|&&h| h == letter).count();
        key = key << 2 | n as u128;
    }
    key
}

/// The position [`pack`] made `key` of.
fn unpack(mut key: u128) -> Pos {
    let mut hand = vec![];
    for letter in HAND_LETTERS.chars().rev() {
        for _ in 0..key & 3 {
            hand.push(letter);
        }
        key >>= 2;
    }
    hand.sort_unstable();
    let mut board = [[' '; 3]; 4];
    for c in board.iter_mut().flatten().rev() {
        let code = (key & 15) as usize;
        key >>= 4;
        if code > 0 {
            *c = char::from(BOARD_LETTERS.as_bytes()[code - 1]);
        }
    }
    Pos {
        board,
        hand,
        sente: key & 1 == 1,
    }
}

/// Every position reachable from `start` (`keys[0]` is the start) and the
/// moves between them: the successors of position `i` are
/// `succ[first[i]..first[i + 1]]`.
struct Graph {
    keys: Vec<u128>,
    first: Vec<usize>,
    succ: Vec<u32>,
}

fn explore(start: &Pos) -> Graph {
    let mut ids: HashMap<u128, u32> = HashMap::new();
    let mut keys = vec![pack(start)];
    ids.insert(keys[0], 0);
    let mut first = vec![0];
    let mut succ = vec![];
    let mut i = 0;
    while i < keys.len() {
        for (_, q) in unpack(keys[i]).moves() {
            let key = pack(&q);
            let id = *ids.entry(key).or_insert_with(|| {
                keys.push(key);
                (keys.len() - 1) as u32
            });
            succ.push(id);
        }
        first.push(succ.len());
        i += 1;
    }
    Graph { keys, first, succ }
}

/// The value of every position of `graph` for the side to move: a
/// position without moves (over: its lion taken or the try completed) is
/// lost at 0; a win takes one ply more than its quickest lost successor, a
/// loss one more than its slowest successor, all won; the rest are draws
/// (`None`). Worked backwards from the ends, in order of distance.
fn retrograde(graph: &Graph) -> Vec<Option<(Outcome, u32)>> {
    let n = graph.keys.len();
    let mut pred_first = vec![0usize; n + 1];
    for &t in &graph.succ {
        pred_first[t as usize + 1] += 1;
    }
    for i in 0..n {
        pred_first[i + 1] += pred_first[i];
    }
    let mut fill = pred_first.clone();
    let mut pred = vec![0u32; graph.succ.len()];
    for v in 0..n {
        for &t in &graph.succ[graph.first[v]..graph.first[v + 1]] {
            pred[fill[t as usize]] = v as u32;
            fill[t as usize] += 1;
        }
    }
    let mut left: Vec<usize> = (0..n)
        .map(|v| graph.first[v + 1] - graph.first[v])
        .collect();
    let mut value: Vec<Option<(Outcome, u32)>> = vec![None; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if left[v] == 0 {
            value[v] = Some((Outcome::Loss, 0));
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        let (outcome, d) = value[v].unwrap();
        for &u in &pred[pred_first[v]..pred_first[v + 1]] {
            let u = u as usize;
            if value[u].is_some() {
                continue;
            }
            if outcome == Outcome::Loss {
                value[u] = Some((Outcome::Win, d + 1));
                queue.push_back(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    value[u] = Some((Outcome::Loss, d + 1));
                    queue.push_back(u);
                }
            }
        }
    }
    value
}

/// What [`engine_agrees`] found: positions reachable (as the independent
/// rules tell them apart, who moves included), the engine's indices they
/// are, and the start's value.
#[derive(Debug, PartialEq, Eq)]
struct Agreement {
    positions: usize,
    indices: u64,
    start: Option<(Outcome, u32)>,
}

/// Solves variant `g` with the engine and every position reachable from
/// `start` independently, and checks that every position has the same
/// outcome and distance in both.
/// The engine's solve against the independent one, over orbits with
/// un-moves; with `every_way`, also over every state and from the reverse
/// graph (the sweep's shortcuts, wins in one started decided among them,
/// take other paths there).
fn engine_agrees(g: &Dobutsu, start: &Pos, every_way: bool) -> Agreement {
    use gametable_gen::engine::{reach, solve_reporting, SolveOptions};
    let began = std::time::Instant::now();
    let graph = explore(start);
    let value = retrograde(&graph);
    let independent = began.elapsed();
    let mut ways = vec![(true, false)];
    if every_way {
        ways.extend([(true, true), (false, false), (false, true)]);
    }
    let mut solved = None;
    let mut indices = HashSet::new();
    for (symmetry, reverse_graph) in ways {
        let options = SolveOptions {
            symmetry,
            reverse_graph,
        };
        let this = solve_reporting(g, &options, |_, _, _| {}).unwrap();
        indices.clear();
        for (key, &expected) in graph.keys.iter().zip(&value) {
            let p = unpack(*key);
            let text = p.text();
            let i = g
                .parse_position(&text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            indices.insert(i);
            let got = this.outcome(g, i).map(|o| match o {
                Outcome::Draw => None,
                _ => Some((o, u32::from(this.distance(g, i).unwrap()))),
            });
            assert_eq!(
                got,
                Some(expected),
                "{text} (index {i}), symmetry {symmetry}, reverse graph {reverse_graph}"
            );
        }
        solved.get_or_insert(this);
    }
    let solved = solved.unwrap();
    let s = g.start().unwrap();
    assert_eq!(g.write_position(s), start.text());
    let reached = reach::reachable(g, s);
    assert_eq!(reached.positions, indices.len() as u64);
    println!(
        "{:?}: {} positions reachable, {} indices, start {:?}; independent {independent:?}, engine {:?}",
        g.parameters(),
        graph.keys.len(),
        indices.len(),
        value[0],
        solved.time
    );
    Agreement {
        positions: graph.keys.len(),
        indices: indices.len() as u64,
        start: value[0],
    }
}

// ---------------------------------------------------------------------------
// Notation.

#[test]
fn start_and_index_size() {
    let g = Dobutsu::FULL;
    assert_eq!(g.states(), 1_450_708_605);
    assert_eq!(index::LOST_BASE, 1_175_944_473);
    let start = g.start().unwrap();
    assert_eq!(g.write_position(start), "S/gle/-c-/-C-/ELG/-");
    assert_eq!(g.parse_position("S/gle/-c-/-C-/ELG/-").unwrap(), start);
    assert_eq!(g.ending(start), None);
    let names: Vec<String> = g.moves(start).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Cb3xb2", "Lb4-a3", "Lb4-c3", "Gc4-c3"]);
    assert_eq!(g.side_name(gametable_gen::engine::Side::First), "sente");
    assert_eq!(
        g.picture(start),
        "  abc\n +---+\n1|gle|\n2| c |\n3| C |\n4|ELG| (to move)\n +---+"
    );
}

#[test]
fn gote_positions_read_as_their_turned_twins() {
    let g = Dobutsu::FULL;
    let a = g.parse_position("G/gle/-c-/-C-/ELG/-").unwrap();
    // Turned 180 degrees with colours exchanged, sente to move.
    assert_eq!(g.write_position(a), "S/gle/-c-/-C-/ELG/-");
    let b = g.parse_position("G/g-e/-l-/-C-/ELG/C").unwrap();
    assert_eq!(g.write_position(b), "S/gle/-c-/-L-/E-G/c");
}

#[test]
fn move_lists_from_the_start() {
    let g = Dobutsu::FULL;
    let after = g.parse_position("Cb3xb2").unwrap();
    assert_eq!(g.write_position(after), "S/gle/---/-c-/ELG/c");
    let after = g.parse_position("Cb3xb2, Lb1xb2").unwrap();
    assert_eq!(
        g.write_position(after),
        g.parse_position("S/g-e/-l-/---/ELG/Cc")
            .map(|i| g.write_position(i))
            .unwrap()
    );
    // Gote's moves are read in the real coordinates.
    let drop = g.parse_position("Cb3xb2,Lb1xb2,Gc4-c3,C*b3").unwrap();
    assert_eq!(drop, g.parse_position("S/g-e/-l-/-cG/EL-/C").unwrap());
    let err = g.parse_position("Cb3xb2,Lb1-b5").unwrap_err();
    assert!(err.message.starts_with("move 2 'Lb1-b5': "), "{err}");
    let err = g.parse_position("Cb3-b1").unwrap_err();
    assert_eq!(
        err.message,
        "move 1 'Cb3-b1': the chick on b3 does not step to b1 (read as moves from the start, \
         having no '/'; a position is X/r1/r2/r3/r4/hand)"
    );
    // Text meant as a position, but without its '/', says how it was read.
    let err = g.parse_position("S").unwrap_err();
    assert!(
        err.message.starts_with("move 1 'S': ")
            && err.message.ends_with(
                "(read as moves from the start, having no '/'; a position is X/r1/r2/r3/r4/hand)"
            ),
        "{err}"
    );
    // A board and a list of moves are not written together, and nothing
    // follows the pieces in hand: the character named is the first extra.
    let err = g.parse_position("Cb3xb2,S/gle/-c-/-C-/ELG/-").unwrap_err();
    assert!(err.message.contains("not both"), "{err}");
    for (text, at) in [
        ("S/gle/-c-/-C-/ELG/-/", "character 20 '/'"),
        ("S/gle/-c-/-C-/ELG/-,Cb3xb2", "character 20 ','"),
        ("S/gle/-c-/-C-/ELG/-L-/-", "character 20 'L'"),
    ] {
        let err = g.parse_position(text).unwrap_err();
        assert!(
            err.message.starts_with(at) && err.message.contains("nothing follows"),
            "{text}: {err}"
        );
    }
    let err = g.parse_position("Xb3-b2").unwrap_err();
    assert!(err.message.contains("piece letter"), "{err}");
    // The squares name the move; what it does must be written as it is.
    for (text, written) in [
        ("Cb3-b2", "Cb3xb2"),  // a capture written as a move
        ("Cb3b2", "Cb3xb2"),   // no sign
        ("Cb3xb2+", "Cb3xb2"), // a promotion that is none
        ("cb3xb2", "Cb3xb2"),  // the letter in lowercase
        ("Rb3xb2", "Cb3xb2"),  // a Chick's move written as a Hen's
        ("Cb3xb2,Lb1xa2", "Lb1-a2"),
    ] {
        let err = g.parse_position(text).unwrap_err();
        assert!(
            err.message.contains(&format!("written {written} here")),
            "{text}: {err}"
        );
    }
    // A Hen's moves are written with C, and R is read too; a promotion
    // needs its '+'.
    let promoted = "Cb3xb2,Lb1-a2,Cb2-b1+,Ec1-b2";
    let err = g.parse_position("Cb3xb2,Lb1-a2,Cb2-b1").unwrap_err();
    assert!(err.message.contains("written Cb2-b1+ here"), "{err}");
    let by_c = g.parse_position(&format!("{promoted},Cb1-c1")).unwrap();
    let by_r = g.parse_position(&format!("{promoted},Rb1-c1")).unwrap();
    assert_eq!(by_c, by_r);
}

#[test]
fn malformed_positions_name_their_fault() {
    let g = Dobutsu::FULL;
    let cases = [
        ("X/gle/-c-/-C-/ELG/-", "character 1 'X'"),
        ("S/glx/-c-/-C-/ELG/-", "character 5 'x'"),
        ("S/gle-c-/-C-/ELG/-", "character 6 '-'"),
        ("S/gle/-c-/-C-/ELG/R", "character 19 'R': a hen in hand"),
        ("S/gle/-c-/-C-/ELG/C", "character 19 'C': a third piece"),
        ("S/gle/-c-/-C-/ELG", "pieces in hand are missing"),
        ("S/gle/---/-C-/ELG/-", "1 chick found"),
        ("S/gLe/-c-/-C-/ElG/-", "far row"),
        ("S/g-e/-c-/-C-/ELG/L", "holds a lion"),
        ("S/gLe/-l-/-C-/ELG/-", "character 16 'L': a third piece"),
    ];
    for (text, fault) in cases {
        let err = g.parse_position(text).unwrap_err();
        assert!(err.message.contains(fault), "{text}: {err}");
    }
}

#[test]
fn finished_games_read() {
    let g = Dobutsu::FULL;
    // Sente took gote's lion: gote to move has lost.
    let i = g.parse_position("G/g-e/-L-/-C-/E-G/Lc").unwrap();
    assert_eq!(g.ending(i), Some(Outcome::Loss));
    assert!(g.moves(i).is_empty());
    assert!(i >= index::LOST_BASE);
    // Sente to move without its lion (gote holds it).
    let i = g.parse_position("S/gle/-c-/-C-/E-G/l").unwrap();
    assert_eq!(g.ending(i), Some(Outcome::Loss));
    // Gote's lion on rank 4 unattacked with sente to move: a completed try.
    let i = g.parse_position("S/g-e/Lc-/-C-/E-l/g").unwrap();
    assert_eq!(g.ending(i), Some(Outcome::Loss));
    assert!(g.moves(i).is_empty());
    // Attacked by the elephant: sente takes it, its only move.
    let i = g.parse_position("S/g-e/Lc-/-E-/C-l/g").unwrap();
    assert_eq!(g.ending(i), None);
    let moves = g.moves(i);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].0, "Eb3xc4");
    assert_eq!(g.ending(moves[0].1), Some(Outcome::Loss));
    assert_eq!(g.write_position(moves[0].1), "S/e-c/---/-Cl/E-G/Gl");
}

// ---------------------------------------------------------------------------
// Moves against the independent rules.

#[test]
fn moves_agree_within_four_plies() {
    let g = Dobutsu::FULL;
    let positions = positions_within(4);
    assert!(positions.len() > 500, "{}", positions.len());
    let mut over = 0;
    let mut censuses = BTreeSet::new();
    for p in &positions {
        let text = p.text();
        let i = g
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        // Writing and reading back.
        assert_eq!(g.parse_position(&g.write_position(i)).unwrap(), i, "{text}");
        let expected: BTreeMap<String, u64> = p
            .moves()
            .into_iter()
            .map(|(n, q)| {
                let n = if p.sente { n } else { turned_name(&n) };
                (n, g.parse_position(&q.text()).unwrap())
            })
            .collect();
        let got: BTreeMap<String, u64> = g.moves(i).into_iter().collect();
        assert_eq!(got, expected, "{text}");
        let mut succ = vec![];
        g.successors(i, &mut succ);
        let succ: BTreeSet<u64> = succ.into_iter().collect();
        assert_eq!(succ, expected.values().copied().collect(), "{text}");
        if p.over() {
            over += 1;
            assert_eq!(g.ending(i), Some(Outcome::Loss), "{text}");
        } else {
            assert_eq!(g.ending(i), None, "{text}");
        }
        // Tanaka's census: no position once a lion is taken, over when the
        // lion can be taken or the try is complete.
        let (mine, theirs) = if p.sente { ('L', 'l') } else { ('l', 'L') };
        let census = if p.find(mine).is_none() {
            Census::NotCounted
        } else if p.over()
            || p.find(theirs)
                .is_some_and(|sq| p.attacks(p.sente).contains(&sq))
        {
            Census::Over
        } else {
            Census::Open
        };
        assert_eq!(g.census(i), census, "{text}");
        censuses.insert(format!("{census:?}"));
    }
    // The sample holds all three kinds.
    assert_eq!(censuses.len(), 3, "{censuses:?}");
    println!("{} positions within 4 plies, {over} over", positions.len());
}

// ---------------------------------------------------------------------------
// The engine's contracts.

#[test]
fn conformance_on_a_random_sample() {
    let report = check(
        &Dobutsu::FULL,
        Sample::Random {
            count: 200_000,
            seed: 0xd0b5,
        },
    )
    .unwrap_or_else(|f| panic!("{f}"));
    assert!(report.predecessors > 0 && report.canonical > 0, "{report}");
    println!("{report}");
}

#[test]
fn unmoves_invert_moves_near_the_start() {
    let g = Dobutsu::FULL;
    let positions = positions_within(4);
    let mut checked = 0;
    for p in &positions {
        let s = g.parse_position(&p.text()).unwrap();
        let mut succ = vec![];
        g.successors(s, &mut succ);
        for &t in &succ {
            let mut pred = vec![];
            g.predecessors(t, &mut pred);
            assert!(pred.contains(&s), "{} -> {}", p.text(), g.write_position(t));
            for &q in &pred {
                let mut back = vec![];
                g.successors(q, &mut back);
                assert!(
                    back.contains(&t),
                    "{} not a move of {}",
                    g.write_position(t),
                    g.write_position(q)
                );
                checked += 1;
            }
        }
        let c = g.canonical(s);
        let mut a: Vec<u64> = succ.iter().map(|&t| g.canonical(t)).collect();
        let mut b = vec![];
        g.successors(c, &mut b);
        let mut b: Vec<u64> = b.into_iter().map(|t| g.canonical(t)).collect();
        a.sort_unstable();
        a.dedup();
        b.sort_unstable();
        b.dedup();
        assert_eq!(a, b);
    }
    println!("{checked} predecessors checked");
}

// ---------------------------------------------------------------------------
// Slow checks (`--ignored`).

/// Moves and un-moves per second on random indices (one thread).
#[test]
#[ignore = "timing, not a check"]
fn speed() {
    let g = Dobutsu::FULL;
    let mut rng = gametable_gen::engine::rng::SplitMix64::new(7);
    let indices: Vec<u64> = (0..1_000_000).map(|_| rng.below(g.states())).collect();
    let mut out = Vec::new();
    let started = std::time::Instant::now();
    let mut moves = 0;
    for &i in &indices {
        out.clear();
        g.successors(i, &mut out);
        moves += out.len();
    }
    let t = started.elapsed().as_secs_f64();
    println!(
        "successors: {:.0} states/s, {:.0} successors/s",
        indices.len() as f64 / t,
        moves as f64 / t
    );
    let started = std::time::Instant::now();
    let mut unmoves = 0;
    for &i in &indices {
        out.clear();
        g.predecessors(i, &mut out);
        unmoves += out.len();
    }
    let t = started.elapsed().as_secs_f64();
    println!(
        "predecessors: {:.0} states/s, {:.0} predecessors/s",
        indices.len() as f64 / t,
        unmoves as f64 / t
    );
    let started = std::time::Instant::now();
    let mut sum = 0;
    for &i in &indices {
        sum ^= g.canonical(i);
    }
    let t = started.elapsed().as_secs_f64();
    println!(
        "canonical: {:.0} states/s ({sum})",
        indices.len() as f64 / t
    );
}

/// The whole game solved (one state per mirror orbit), compared with
/// Tanaka's published counts over the positions reachable from the start.
#[test]
#[ignore = "solves 1.45 G indices: minutes on every core and several GB"]
fn full_solve_matches_published_counts() {
    use gametable_gen::engine::{census, reach, solve_reporting, SolveOptions};
    let g = Dobutsu::FULL;
    let started = std::time::Instant::now();
    let solved = solve_reporting(
        &g,
        &SolveOptions {
            symmetry: true,
            reverse_graph: false,
        },
        |level, decided, stored| {
            eprintln!(
                "[{:>7.1}s] level {level}: {decided} of {stored} decided",
                started.elapsed().as_secs_f64()
            );
        },
    )
    .unwrap();
    eprintln!(
        "solved in {:?}: {} stored, counts {:?}, {} levels",
        solved.time,
        solved.stored(),
        solved.counts,
        solved.levels
    );
    let start = g.start().unwrap();
    eprintln!(
        "start: {:?} in {:?}",
        solved.outcome(&g, start),
        solved.distance(&g, start)
    );
    let reached = reach::reachable(&g, start);
    eprintln!(
        "[{:>7.1}s] reachable: {} positions, {:?} orbits",
        started.elapsed().as_secs_f64(),
        reached.positions,
        reached.orbits
    );
    // Tanaka's way of counting (`Dobutsu::census`): live positions up to
    // the mirror, over when the lion can be taken or a try is complete.
    let t = census::tally(&g, &reached, |i| {
        Some((solved.outcome(&g, i)?, solved.distance(&g, i)))
    });
    eprintln!("{t:?}");
    assert_eq!(t.positions, 246_803_167);
    assert_eq!(t.open(), 99_485_568);
    assert_eq!(
        (t.wins, t.draws, t.losses),
        (56_474_473, 2_682_700, 40_328_395)
    );
    assert_eq!(t.unknown, 0);
    assert_eq!(t.longest_win, Some(173));
    assert_eq!(solved.outcome(&g, start), Some(Outcome::Loss));
    assert_eq!(solved.distance(&g, start), Some(78));
}

/// Every state reachable from the start, one per mirror orbit (the mirror
/// commutes with moves, so exploring canonical states only finds every
/// orbit), in a parallel breadth-first search: Tanaka's 246,803,167
/// positions, the lost states (his count has none: the capture ends his
/// game) apart.
#[test]
#[ignore = "explores 1.45 G indices: minutes and 200 MB"]
fn reachable_orbits_match_published_count() {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    let g = Dobutsu::FULL;
    let words = g.states().div_ceil(64) as usize;
    let seen: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let visit = |i: u64| -> bool {
        let bit = 1u64 << (i % 64);
        seen[(i / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
    };
    let start = g.canonical(g.start().unwrap());
    visit(start);
    let mut frontier = vec![start];
    let (mut live, mut lost, mut not_over) = (0u64, 0u64, 0u64);
    let mut ply = 0;
    let started = std::time::Instant::now();
    while !frontier.is_empty() {
        for &i in &frontier {
            if i >= index::LOST_BASE {
                lost += 1;
            } else {
                live += 1;
            }
        }
        not_over += frontier
            .par_iter()
            .filter(|&&i| {
                let p = g.position(i).unwrap();
                p.ending().is_none() && !p.can_capture_lion()
            })
            .count() as u64;
        frontier = frontier
            .par_iter()
            .flat_map_iter(|&i| {
                let mut out = Vec::new();
                g.successors(i, &mut out);
                out.into_iter()
                    .map(|t| g.canonical(t))
                    .filter(|&c| visit(c))
                    .collect::<Vec<_>>()
            })
            .collect();
        ply += 1;
        eprintln!(
            "[{:>6.1}s] ply {ply}: {} new; {live} live, {lost} lost so far",
            started.elapsed().as_secs_f64(),
            frontier.len()
        );
    }
    eprintln!("reachable orbits: {live} live ({not_over} not over), {lost} lost, {ply} plies deep");
    assert_eq!(live, 246_803_167);
    assert_eq!(not_over, 99_485_568);
}

// ---------------------------------------------------------------------------
// Variants with fewer kinds of pieces.

/// The variant with `giraffes`, `elephants` and `chicks`.
fn variant(giraffes: u64, elephants: u64, chicks: u64) -> Dobutsu {
    Dobutsu::new(giraffes, elephants, chicks).unwrap()
}

#[test]
fn variants_and_their_parameters() {
    let err = Dobutsu::new(1, 2, 2).unwrap_err();
    assert_eq!(err, "giraffes: a kind comes in pairs, 0 or 2, not 1");
    let err = Dobutsu::new(2, 2, 1).unwrap_err();
    assert!(err.starts_with("chicks:"), "{err}");
    assert_eq!(Dobutsu::new(2, 2, 2).unwrap(), Dobutsu::FULL);
    assert_eq!(Dobutsu::default(), Dobutsu::FULL);
    assert_eq!(
        Dobutsu::FULL.parameters(),
        [("giraffes", 2), ("elephants", 2), ("chicks", 2)]
    );
    let lc = variant(0, 0, 2);
    assert_eq!(
        lc.parameters(),
        [("giraffes", 0), ("elephants", 0), ("chicks", 2)]
    );
    let sizes: Vec<u64> = [(0, 0, 0), (0, 0, 2), (0, 2, 2), (2, 0, 2), (2, 2, 0)]
        .iter()
        .map(|&(a, b, c)| variant(a, b, c).states())
        .collect();
    assert_eq!(sizes, [111, 91_149, 14_171_331, 14_171_331, 4_020_927]);
    let start = lc.start().unwrap();
    assert_eq!(lc.write_position(start), "S/-l-/-c-/-C-/-L-/-");
    let names: Vec<String> = lc.moves(start).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Cb3xb2", "Lb4-a3", "Lb4-c3", "Lb4-a4", "Lb4-c4"]);
    let after = lc.parse_position("Cb3xb2,Lb1xb2").unwrap();
    assert_eq!(lc.write_position(after), "S/---/-l-/---/-L-/Cc");
    let lge = variant(2, 2, 0);
    assert_eq!(
        lge.write_position(lge.start().unwrap()),
        "S/gle/---/---/ELG/-"
    );
}

#[test]
fn variants_refuse_pieces_they_lack() {
    let lc = variant(0, 0, 2);
    let cases = [
        (
            "S/gl-/-c-/-C-/-L-/-",
            "character 3 'g': this variant has no giraffes",
        ),
        (
            "S/-l-/-c-/-C-/EL-/-",
            "character 15 'E': this variant has no elephants",
        ),
        (
            "S/-l-/-c-/-C-/-L-/e",
            "character 19 'e': this variant has no elephants",
        ),
        ("S/-l-/---/-C-/-L-/-", "1 chick found"),
        // Two lions of one colour: named as such, whoever moves.
        (
            "S/-l-/-c-/-C-/-l-/-",
            "both lions on the board are the opponent's: one is the side to move's",
        ),
        (
            "G/-l-/-c-/-C-/-l-/-",
            "both lions on the board are the side to move's: one is the opponent's",
        ),
        (
            "S/-L-/-c-/-C-/-L-/-",
            "both lions on the board are the side to move's: one is the opponent's",
        ),
    ];
    for (text, fault) in cases {
        let err = lc.parse_position(text).unwrap_err();
        assert!(err.message.contains(fault), "{text}: {err}");
    }
    let le = variant(0, 2, 0);
    let err = le.parse_position("S/-le/-c-/-C-/EL-/-").unwrap_err();
    assert!(err.message.contains("this variant has no chicks"), "{err}");
    assert!(le.parse_position("S/-le/---/---/EL-/-").is_ok());
    // The whole game still wants every piece.
    let err = Dobutsu::FULL
        .parse_position("S/-l-/-c-/-C-/-L-/-")
        .unwrap_err();
    assert!(err.message.contains("0 giraffes"), "{err}");
}

#[test]
fn lions_and_chicks_conform_on_every_index() {
    let report = check(&variant(0, 0, 2), Sample::All).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.positions, 91_149);
    assert!(report.predecessors > 0 && report.canonical > 0, "{report}");
    println!("{report}");
}

/// The answers read from an index's lion block alone (the ending, whether
/// the index is its orbit's canonical one) are the board's: on every index
/// of lions and chicks, and every 997th of the whole game.
#[test]
fn lion_block_shortcuts_agree_with_the_board() {
    for (g, step) in [(variant(0, 0, 2), 1), (Dobutsu::FULL, 997)] {
        let mut endings = [0u64; 2];
        for i in (0..g.states()).step_by(step) {
            let p = g.decode(i).expect("every index is a state");
            assert_eq!(g.ending(i), p.ending(), "ending of {i}");
            let mirror = g.encode(&p.mirrored());
            assert_eq!(g.is_canonical(i), i <= mirror, "is_canonical of {i}");
            endings[usize::from(p.ending().is_some())] += 1;
        }
        assert!(
            endings[0] > 0 && endings[1] > 0,
            "both kinds seen: {endings:?}"
        );
    }
}

/// Every variant's numbering and rules against the engine's contracts:
/// every index of the small ones, a sample of the others.
#[test]
fn every_variant_conforms() {
    for (g, e, c) in [
        (0, 0, 0),
        (2, 0, 0),
        (0, 2, 0),
        (2, 0, 2),
        (2, 2, 0),
        (0, 2, 2),
        (2, 2, 2),
    ] {
        let v = variant(g, e, c);
        let sample = if v.states() < 1_000_000 {
            Sample::All
        } else {
            Sample::Random {
                count: 20_000,
                seed: 7,
            }
        };
        let report = check(&v, sample).unwrap_or_else(|f| panic!("{g} {e} {c}: {f}"));
        assert!(report.positions > 0, "{g} {e} {c}: {report}");
    }
}

#[test]
fn lions_and_chicks_solve_as_the_independent_solver_does() {
    let agreement = engine_agrees(&variant(0, 0, 2), &Pos::start_without(&['G', 'E']), true);
    assert_eq!(
        agreement,
        Agreement {
            positions: 114_440,
            indices: 57_220,
            start: Some((Outcome::Win, 15)),
        }
    );
}

#[test]
#[ignore = "15.7 M positions: 90 s and 2.2 GB in a release build"]
fn lions_elephants_and_chicks_solve_as_the_independent_solver_does() {
    let agreement = engine_agrees(&variant(0, 2, 2), &Pos::start_without(&['G']), false);
    assert_eq!(
        agreement,
        Agreement {
            positions: 15_678_124,
            indices: 7_839_062,
            start: None,
        }
    );
}

/// Dobutsu numbers its orbits itself from the lion blocks, leaving out
/// the states its lions settle; the numbers must be the engine's otherwise
/// (orbits in the order of their canonical index): on every index of the
/// variants up to a million states, the game's orbit of each index and
/// representative of each orbit against the canonical indices listed
/// here, each settled state answered by the rules; on the whole game, the
/// count and a sample.
#[test]
fn orbit_numbering_is_the_engines() {
    for (g, e, c) in [(0, 0, 0), (2, 0, 0), (0, 2, 0), (0, 0, 2), (2, 0, 2)] {
        let v = variant(g, e, c);
        let count = v.orbit_count().expect("Dobutsu numbers its orbits");
        let mut numbered = Vec::new();
        let mut settled = [0u64; 2];
        for i in 0..v.states() {
            let p = v.decode(i).unwrap();
            let lions_decide = p.lion(0).is_none()
                || p.lion(1).is_some_and(|t| t / 3 == 3)
                || p.can_capture_lion() && {
                    let (m, t) = (p.lion(0).unwrap(), p.lion(1).unwrap());
                    (m / 3).abs_diff(t / 3) <= 1 && (m % 3).abs_diff(t % 3) <= 1
                };
            if lions_decide {
                let expected = match p.ending() {
                    Some(o) => (o, 0),
                    None => {
                        assert!(p.can_capture_lion(), "{g} {e} {c}: {i}");
                        (Outcome::Win, 1)
                    }
                };
                assert_eq!(v.settled(i), Some(expected), "{g} {e} {c}: settled {i}");
                assert!(v.orbit(i) >= count, "{g} {e} {c}: {i} is left out");
                settled[usize::from(expected.1 == 1)] += 1;
            } else {
                assert_eq!(v.settled(i), None, "{g} {e} {c}: {i}");
                if v.canonical(i) == i {
                    numbered.push(i);
                }
            }
        }
        assert!(settled[0] > 0 && settled[1] > 0, "{g} {e} {c}: {settled:?}");
        assert_eq!(count, numbered.len() as u64, "{g} {e} {c}");
        for (k, &r) in numbered.iter().enumerate() {
            assert_eq!(v.representative(k as u64), r, "{g} {e} {c}: {k}");
            assert_eq!(v.orbit(r), k as u64, "{g} {e} {c}: {r}");
        }
        for i in 0..v.states() {
            if v.settled(i).is_none() {
                assert_eq!(v.orbit(i), v.orbit(v.canonical(i)), "{g} {e} {c}: {i}");
            }
        }
    }
    let g = Dobutsu::FULL;
    let count = g.orbit_count().expect("Dobutsu numbers its orbits");
    println!("{count} orbits stored");
    let mut previous = None;
    for k in (0..count).step_by(99_991).chain([count - 1]) {
        let r = g.representative(k);
        assert_eq!(g.canonical(r), r, "representative of {k}");
        assert_eq!(g.settled(r), None, "representative of {k}");
        assert_eq!(g.orbit(r), k, "orbit of the representative of {k}");
        assert!(previous < Some(r), "representatives in increasing order");
        previous = Some(r);
    }
    for i in (0..g.states()).step_by(10_007) {
        let c = g.canonical(i);
        if g.settled(i).is_some() {
            assert!(g.orbit(i) >= count, "{i} is left out");
            continue;
        }
        assert_eq!(
            g.orbit(i),
            g.orbit(c),
            "orbit of {i} and of its canonical index"
        );
        assert_eq!(g.representative(g.orbit(i)), c, "{i}");
    }
}

/// Where the side to move is known, a state is written, drawn and its
/// moves named as the players see it: every move named for gote in a
/// position reached by moves reads back, appended to that list, as the
/// state the move leads to; and a `G/...` position writes back as given.
#[test]
fn moves_are_named_as_the_side_to_move_writes_them() {
    let g = Dobutsu::FULL;
    let (index, side) = g.parse_spot("Cb3xb2").unwrap();
    assert_eq!(side, gametable_gen::engine::Side::Second);
    assert_eq!(g.write_spot(index, side), "G/gle/-C-/---/ELG/C");
    let picture = g.picture_spot(index, side);
    assert!(picture.contains("1|gle| (to move)"), "{picture}");
    assert!(picture.contains("4|ELG| C"), "{picture}");
    // The same state with sente to move: its turned twin.
    assert_eq!(g.write_position(index), "S/gle/---/-c-/ELG/c");
    // Every line of play of up to five plies, every move named on it.
    let mut lines = vec![(
        Vec::<String>::new(),
        g.parse_spot("S/gle/-c-/-C-/ELG/-").unwrap(),
    )];
    let mut checked = 0;
    while let Some((line, (index, side))) = lines.pop() {
        for (name, next) in g.moves_spot(index, side) {
            let mut list = line.clone();
            list.push(name);
            let read = g.parse_spot(&list.join(",")).unwrap();
            assert_eq!(read, (next, side.other()), "{list:?}");
            assert_eq!(g.parse_spot(&g.write_spot(read.0, read.1)).unwrap(), read);
            checked += 1;
            if list.len() < 5 {
                lines.push((list, read));
            }
        }
    }
    assert!(checked > 3000, "{checked} moves");
}
