//! The explorer's pages, rendered on the server: HTML and CSS (SVG for
//! Connect Four's discs), readable without JavaScript.

use std::fmt::Write as _;

use gametable::Outcome;

use super::{Explorer, Fault, Served};
use crate::cli::registry::BuiltIn;
use crate::engine::analysis::{Analysis, MoveResult};
use crate::engine::{Game, Notation, Side};
use crate::report;

/// `text` escaped for HTML text and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` percent-encoded for a URL, keeping `keep` as they are.
fn pct(text: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) || keep.contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The page path of `position` of `served`.
fn href(served: &Served, position: &str, play: Option<Side>) -> String {
    format!(
        "/{}/{}/{}{}",
        served.name(),
        served.label,
        pct(position, b"/:+*"),
        play_query(play)
    )
}

fn play_query(play: Option<Side>) -> &'static str {
    match play {
        None => "",
        Some(Side::First) => "?play=first",
        Some(Side::Second) => "?play=second",
    }
}

/// The API URL answering `position` of `served`.
fn api_href(served: &Served, position: &str) -> String {
    let mut url = format!(
        "/api/query?game={}&position={}",
        served.name(),
        pct(position, b"")
    );
    let parameters = crate::with_game!(&served.game, g => g.parameters());
    for (name, value) in parameters {
        let _ = write!(url, "&{name}={value}");
    }
    url
}

fn head(title: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} · gametable explorer</title>\n\
         <link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n",
        esc(title)
    )
}

fn nav(trail: &[(String, String)]) -> String {
    let mut out = String::from("<nav><a href=\"/\">gametable explorer</a>");
    for (link, words) in trail {
        let _ = write!(out, " › <a href=\"{}\">{}</a>", esc(link), esc(words));
    }
    out.push_str("</nav>\n<main>\n");
    out
}

const FOOT: &str = "</main>\n<footer>Perfect play from retrograde analysis. \
                    JSON: <a href=\"/api/openapi.json\">/api/openapi.json</a></footer>\n\
                    <script src=\"/explorer.js\" defer></script>\n</body>\n</html>\n";

/// The index: every game served.
pub fn index(explorer: &Explorer) -> String {
    let mut out = head("games");
    out.push_str(&nav(&[]));
    out.push_str(
        "<h1>Solved games</h1>\n<p>Every position below is answered from a table \
                  solved by retrograde analysis: the outcome with perfect play, how many plies \
                  it takes, and the value of every move.</p>\n<ul class=\"games\">\n",
    );
    for served in &explorer.served {
        let (title, about) = (served.game.title(), served.game.entry().about);
        let _ = writeln!(
            out,
            "<li><a href=\"/{}/{}\">{}</a><br><span class=\"about\">{}</span><br>\
             <span class=\"source\">answers from {}</span></li>",
            served.name(),
            esc(&served.label),
            esc(&title),
            esc(about),
            esc(&served.source.describe_by_name()),
        );
    }
    out.push_str("</ul>\n");
    out.push_str(FOOT);
    out
}

/// A page for a request that cannot be answered.
pub fn fault(fault: &Fault) -> String {
    let mut out = head(&fault.status.to_string());
    out.push_str(&nav(&[]));
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p class=\"fault\">{}</p>",
        esc(&fault.status.to_string()),
        esc(&fault.message)
    );
    out.push_str(FOOT);
    out
}

/// A page for a request about a game served that cannot be answered (a
/// position that does not read, say): it names the game, links to it, and
/// gives the position form again with what was asked in it.
pub fn game_fault(served: &Served, fault: &Fault, asked: Option<&str>) -> String {
    let title = served.game.title();
    let mut out = game_top(served, &format!("{title}: {}", fault.status));
    let _ = writeln!(
        out,
        "<h1>{}: {}</h1>\n<p class=\"fault\">{}</p>",
        esc(&title),
        esc(&fault.status.to_string()),
        esc(&fault.message)
    );
    out.push_str(&position_form(served, asked.unwrap_or("")));
    out.push_str(FOOT);
    out
}

/// The top of a page about a game served: its head, titled `title`, and
/// the trail to the game's page.
fn game_top(served: &Served, title: &str) -> String {
    let mut out = head(title);
    out.push_str(&nav(&[(
        format!("/{}/{}", served.name(), served.label),
        served.game.title(),
    )]));
    out
}

fn position_form(served: &Served, value: &str) -> String {
    let help = crate::with_game!(&served.game, g => g.position_help());
    format!(
        "<form class=\"goto\" method=\"get\" action=\"/{}/{}\">\
         <label>Position <input name=\"position\" value=\"{}\" size=\"28\" spellcheck=\"false\"></label> \
         <button>Show</button><br><small>{}</small></form>\n",
        served.name(),
        esc(&served.label),
        esc(value),
        esc(help)
    )
}

/// The page of a game without a start: a form for a position.
pub fn ask_position(served: &Served) -> String {
    let title = served.game.title();
    let mut out = game_top(served, &title);
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p>{}</p>\n<p>This game has no single start: give a position.</p>",
        esc(&title),
        esc(served.game.entry().about)
    );
    if let BuiltIn::Cards(_) = &served.game {
        let sample = "alice:10000000:00040020";
        let _ = writeln!(
            out,
            "<p>For example <a href=\"{}\">{sample}</a>.</p>",
            esc(&href(served, sample, None))
        );
    }
    out.push_str(&position_form(served, ""));
    out.push_str(FOOT);
    out
}

/// The page of one position.
///
/// `asked` is the position as the request wrote it: Connect Four's
/// positions are the moves played, so its links extend them (another order
/// reaching the same board would lose the game's history).
pub fn position(served: &Served, a: &Analysis, asked: Option<&str>, play: Option<Side>) -> String {
    let history = match (&served.game, asked.map(str::trim)) {
        (BuiltIn::ConnectFour(_), Some(t))
            if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Some(t)
        }
        _ => None,
    };
    crate::with_game!(&served.game, g => position_in(g, served, a, history, play))
}

fn position_in<G: Notation>(
    game: &G,
    served: &Served,
    a: &Analysis,
    history: Option<&str>,
    play: Option<Side>,
) -> String {
    let title = served.game.title();
    let here = match history {
        Some(moves) => moves.to_string(),
        None => game.write_spot(a.index, a.side),
    };
    let mover = game.side_name(a.side);
    let next = a.side.other();
    let links: Vec<(String, String)> = a
        .moves
        .iter()
        .map(|m| {
            let after = match history {
                Some(moves) => format!("{moves}{}", m.name),
                None => game.write_spot(m.index, next),
            };
            (m.name.clone(), href(served, &after, play))
        })
        .collect();
    let mut out = game_top(served, &format!("{title}: {here}"));
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p class=\"spot\">Position <code id=\"position\">{}</code> \
         (<a href=\"{}\">JSON</a>)</p>",
        esc(&title),
        esc(&here),
        esc(&api_href(served, &here))
    );
    out.push_str(&board(
        &served.game,
        &here,
        &game.picture_spot(a.index, a.side),
        &links,
    ));
    let verdict = report::in_words(game, a.side, a.outcome, a.distance);
    let over = a.moves.is_empty();
    let sentence = if over {
        format!("The game is over: {verdict}.")
    } else {
        format!("{mover} to move: {verdict}.")
    };
    let _ = writeln!(
        out,
        "<p id=\"verdict\" class=\"verdict {}\" data-outcome=\"{}\" data-distance=\"{}\">{}</p>",
        a.outcome,
        a.outcome,
        a.distance.map(|d| d.to_string()).unwrap_or_default(),
        esc(&sentence)
    );
    // Play against perfect play: explorer.js reads these.
    let side_word = |s: Side| match s {
        Side::First => "first",
        Side::Second => "second",
    };
    // Without distances perfect play can go round in circles in a won
    // game (`Source::check_playable`): no play mode then.
    let stop = || {
        format!(
            "<a href=\"{}\">stop playing</a>",
            esc(&href(served, &here, None))
        )
    };
    // A game over offers no game from here; a game being played there
    // offers the way out of play mode.
    let choose = match (over, play) {
        (true, None) => String::new(),
        (true, Some(_)) => format!("<p>Then {}.</p>\n", stop()),
        (false, _) => format!(
            "<p>Play as <a class=\"side\" id=\"play-first\" href=\"{}\">{}</a> or \
             <a class=\"side\" id=\"play-second\" href=\"{}\">{}</a> from here{}.</p>\n",
            esc(&href(served, &here, Some(Side::First))),
            game.side_name(Side::First),
            esc(&href(served, &here, Some(Side::Second))),
            game.side_name(Side::Second),
            if play.is_some() {
                format!(" (or {})", stop())
            } else {
                String::new()
            },
        ),
    };
    let play_section = if over && play.is_none() {
        String::new()
    } else if served.source.has_distances() {
        format!(
            "<section id=\"play\" data-api=\"{}\" data-to-move=\"{}\" data-over=\"{over}\" \
             data-first=\"{}\" data-second=\"{}\"{}>\n<h2>Play against perfect play</h2>\n\
             {choose}<p id=\"status\" aria-live=\"polite\">{}</p>\n</section>\n",
            esc(&api_href(served, &here)),
            side_word(a.side),
            game.side_name(Side::First),
            game.side_name(Side::Second),
            play.map(|s| format!(" data-mode=\"{}\"", side_word(s)))
                .unwrap_or_default(),
            match play {
                None => String::new(),
                Some(s) if over => {
                    format!("{} You played {}.", esc(&sentence), game.side_name(s))
                }
                Some(s) if s == a.side => {
                    format!("You are {}: your move.", game.side_name(s))
                }
                Some(_) => "Perfect play is to move (needs JavaScript).".to_string(),
            }
        )
    } else {
        format!(
            "<section id=\"no-play\">\n<h2>Play against perfect play</h2>\n<p class=\"note\">\
             Needs the distance table beside the outcome table served: {}.</p>\n</section>\n",
            crate::cli::source::PLAY_NEEDS_DISTANCES
        )
    };
    if !over {
        let mut moves: Vec<(&MoveResult, &String)> =
            a.moves.iter().zip(links.iter().map(|(_, h)| h)).collect();
        moves.sort_by_key(|(m, _)| m.rank());
        out.push_str("<section id=\"moves\">\n");
        for (label, outcome) in [
            ("Winning", Outcome::Loss),
            ("Drawing", Outcome::Draw),
            ("Losing", Outcome::Win),
        ] {
            let group: Vec<&(&MoveResult, &String)> =
                moves.iter().filter(|(m, _)| m.outcome == outcome).collect();
            if group.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "<h2 class=\"{}\">{label} moves for {}</h2>\n<ul class=\"moves\">",
                label.to_lowercase(),
                esc(mover)
            );
            for (m, link) in group {
                let after = report::in_words(game, next, m.outcome, m.distance.map(|d| d + 1));
                let _ = writeln!(
                    out,
                    "<li><a class=\"move\" data-move=\"{}\" data-outcome=\"{}\" \
                     data-distance=\"{}\" href=\"{}\">{}</a> <span class=\"after\">{}</span></li>",
                    esc(&m.name),
                    m.outcome,
                    m.distance.map(|d| d.to_string()).unwrap_or_default(),
                    esc(link),
                    esc(&m.name),
                    esc(&after)
                );
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str(&play_section);
    if !served.source.has_distances() {
        out.push_str("<p class=\"note\">No distance table: distances not shown.</p>\n");
    }
    out.push_str(&position_form(served, &here));
    let _ = writeln!(
        out,
        "<p class=\"note\">Answers from {}.</p>",
        esc(&served.source.describe_by_name())
    );
    out.push_str(FOOT);
    out
}

/// The link of move `name`, if it is legal.
fn link_of<'a>(links: &'a [(String, String)], name: &str) -> Option<&'a str> {
    links
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, h)| h.as_str())
}

/// The position drawn: a grid for boards, the hands for Cards.
fn board(game: &BuiltIn, here: &str, picture: &str, links: &[(String, String)]) -> String {
    match game {
        BuiltIn::TicTacToe(_) => tictactoe(here, links),
        BuiltIn::ConnectFour(_) => connect4(picture, links),
        BuiltIn::Cards(_) => cards(here),
        BuiltIn::Dobutsu(_) => dobutsu(here),
    }
}

fn tictactoe(here: &str, links: &[(String, String)]) -> String {
    // Each cell named for screen readers: its number and what it holds.
    let mut out = String::from(
        "<div class=\"board ttt\" role=\"group\" aria-label=\"the board, cells 1 to 9 row by row\">\n",
    );
    for (i, c) in here.chars().enumerate() {
        let name = (i + 1).to_string();
        match (c, link_of(links, &name)) {
            ('.', Some(link)) => {
                let _ = write!(
                    out,
                    "<a class=\"cell empty\" data-cell=\"{name}\" href=\"{}\" \
                     title=\"play {name}\" aria-label=\"cell {name}, empty: play it\"></a>",
                    esc(link)
                );
            }
            (mark, _) => {
                let (mark, says) = if mark == '.' {
                    (' ', "empty".to_string())
                } else {
                    (mark, mark.to_string())
                };
                let _ = write!(
                    out,
                    "<span class=\"cell mark-{mark}\" role=\"img\" \
                     aria-label=\"cell {name}, {says}\">{mark}</span>"
                );
            }
        }
    }
    out.push_str("\n</div>\n");
    out
}

fn connect4(picture: &str, links: &[(String, String)]) -> String {
    let rows: Vec<&str> = picture.lines().filter(|l| !l.is_empty()).collect();
    let width = rows.first().map_or(0, |r| r.chars().count());
    let height = rows.len();
    let (cell, top) = (48, 36);
    let (w, h) = (width * cell, height * cell + top);
    // The drawing is a group holding the column links; what it shows is
    // told in words beside it, row by row, for screen readers.
    let mut out = format!(
        "<div class=\"board c4\"><svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         role=\"group\" aria-label=\"Connect Four board\">\n\
         <rect x=\"0\" y=\"{top}\" width=\"{w}\" height=\"{}\" rx=\"8\" fill=\"#2456b3\" \
         aria-hidden=\"true\"/>\n",
        height * cell
    );
    for c in 0..width {
        let name = (c + 1).to_string();
        let x = c * cell + cell / 2;
        match link_of(links, &name) {
            Some(link) => {
                let _ = writeln!(
                    out,
                    "<a class=\"drop\" data-column=\"{name}\" href=\"{}\" \
                     aria-label=\"drop a disc in column {name}\"><circle cx=\"{x}\" \
                     cy=\"18\" r=\"14\" fill=\"#eee\" stroke=\"#2456b3\"/><text x=\"{x}\" y=\"23\" \
                     text-anchor=\"middle\" font-size=\"15\">{name}</text></a>",
                    esc(link)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "<text x=\"{x}\" y=\"23\" text-anchor=\"middle\" font-size=\"15\" \
                     fill=\"#999\">{name}</text>"
                );
            }
        }
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let fill = match ch {
                'x' => "#e0312b",
                'o' => "#f3c623",
                _ => "#fff",
            };
            let _ = writeln!(
                out,
                "<circle class=\"disc disc-{ch}\" cx=\"{}\" cy=\"{}\" r=\"19\" fill=\"{fill}\" \
                 aria-hidden=\"true\"/>",
                c * cell + cell / 2,
                top + r * cell + cell / 2
            );
        }
    }
    let _ = writeln!(
        out,
        "</svg><p class=\"legend\">x red, o yellow; columns 1 to {width} from the left.</p>"
    );
    out.push_str("<ol class=\"sr-only\" aria-label=\"the board in words, top row first\">");
    for row in &rows {
        let cells: Vec<&str> = row
            .chars()
            .map(|ch| match ch {
                'x' => "x",
                'o' => "o",
                _ => "empty",
            })
            .collect();
        let _ = write!(out, "<li>{}</li>", cells.join(", "));
    }
    out.push_str("</ol></div>\n");
    out
}

fn cards(here: &str) -> String {
    let mut parts = here.split(':');
    let mover = parts.next().unwrap_or("");
    let mut out = String::from("<div class=\"board hands\">\n");
    for (who, digits) in ["alice", "bob"].iter().zip(parts) {
        let _ = write!(
            out,
            "<div class=\"hand{}\"><span class=\"who\">{}{}</span>",
            if *who == mover { " to-move" } else { "" },
            if *who == "alice" { "Alice" } else { "Bob" },
            if *who == mover { " (to move)" } else { "" }
        );
        for d in digits.chars() {
            // The position's hex digit shown as the value moves name (15, not f).
            let value = d
                .to_digit(16)
                .map_or_else(|| d.to_string(), |v| v.to_string());
            let _ = write!(
                out,
                "<span class=\"card{}\">{}</span>",
                if d == '0' { " zero" } else { "" },
                esc(&value)
            );
        }
        out.push_str("</div>\n");
    }
    out.push_str(
        "<p class=\"legend\">A move adds one of the opponent's cards to one of yours (mod m); \
                  whoever holds only zeros wins.</p></div>\n",
    );
    out
}

fn dobutsu(here: &str) -> String {
    let parts: Vec<&str> = here.split('/').collect();
    let mut out = String::from("<div class=\"board dobutsu\">\n");
    let hand = parts.get(5).copied().unwrap_or("-");
    let held = |upper: bool| -> String {
        hand.chars()
            .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
            .map(|c| piece(c, "held"))
            .collect()
    };
    let _ = writeln!(
        out,
        "<div class=\"held gote\">gote holds {}</div>",
        held(false)
    );
    out.push_str("<div class=\"grid\" role=\"group\" aria-label=\"the board\">");
    for (r, rank) in parts.iter().skip(1).take(4).enumerate() {
        for (f, c) in rank.chars().enumerate() {
            // Named as the moves name squares: file a-c, rank 1-4.
            let square = format!("{}{}", char::from(b'a' + f as u8), r + 1);
            if c == '-' {
                let _ = write!(
                    out,
                    "<span class=\"square\" role=\"img\" aria-label=\"{square}: empty\"></span>"
                );
            } else {
                let _ = write!(
                    out,
                    "<span class=\"square\" role=\"img\" aria-label=\"{square}: {}\">{}</span>",
                    piece_words(c),
                    piece(c, "on")
                );
            }
        }
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<div class=\"held sente\">sente holds {}</div>\n<p class=\"legend\">L lion, G giraffe, \
         E elephant, C chick, R hen; gote's pieces point down (lowercase in the position). Files \
         a-c from the left, ranks 1-4 from the top.</p></div>",
        held(true)
    );
    out
}

/// Whose a piece of the position string is: lowercase letters are gote's.
fn owner(c: char) -> &'static str {
    if c.is_ascii_lowercase() {
        "gote"
    } else {
        "sente"
    }
}

/// A piece in words: its owner and kind (`gote elephant`).
fn piece_words(c: char) -> String {
    let kind = crate::games::dobutsu::notation::letter_word(c).unwrap_or("piece");
    format!("{} {kind}", owner(c))
}

fn piece(c: char, class: &str) -> String {
    format!(
        "<span class=\"piece {class} {}\" role=\"img\" aria-label=\"{}\">{}</span>",
        owner(c),
        piece_words(c),
        esc(&c.to_ascii_uppercase().to_string())
    )
}
