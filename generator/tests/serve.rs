//! `gametable serve` through the binary and plain HTTP/1.1 over
//! `TcpStream`: the API answers exactly what `gametable query --json`
//! prints, bad input gets the right 4xx naming the fault, and the pages
//! show the verdict and link every move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "support/cli.rs"]
mod cli;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cli::{gametable, text, workspace};

/// A server on 127.0.0.1 and a free port, with the committed tables;
/// stopped when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// As [`Server::start`], with more arguments (`--table PATH`).
    fn start_with(more: &[&str]) -> Server {
        Server::start_to(more, Stdio::null())
    }

    /// As [`Server::start_with`], its stderr going to `stderr`.
    fn start_to(more: &[&str], stderr: Stdio) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(["serve", "--bind", "127.0.0.1:0", "--tables", "data"])
            .args(more)
            .current_dir(workspace())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// Sends `request` as is and returns the whole response.
    fn response(&self, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(request).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        text(&response)
    }

    /// Sends `request` as is and returns the status and the body.
    fn raw(&self, request: &[u8]) -> (u16, String) {
        let response = self.response(request);
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {response:?}"));
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    fn get(&self, target: &str) -> (u16, String) {
        self.raw(
            format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` percent-encoded for a query string.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Positions of every game served, with the flags `query` takes for it
/// and the API's parameters.
fn samples() -> Vec<(
    &'static str,
    Vec<&'static str>,
    &'static str,
    Vec<&'static str>,
)> {
    vec![
        (
            "tictactoe",
            vec![],
            "",
            vec![
                ".........",
                "x........",
                "x...o....",
                "xx..o....",
                "xx.oo....",
                "xo.......",
                "xoxoxo...",
                "xxo.o....",
                "xox.o.x..",
                "xxxoo....",
                "xoxxoxoxo",
            ],
        ),
        (
            "connect4",
            vec!["--width", "4", "--height", "4"],
            "&width=4&height=4",
            vec![
                "-", "1", "12", "1122", "2323", "1234", "11223", "2233441", "1212",
            ],
        ),
        (
            "cards",
            vec![],
            "",
            vec![
                "alice:10000000:00040020",
                "bob:10000000:00040020",
                "alice:12340000:43210000",
                "bob:11111111:22222222",
                "alice:00000000:12340000",
                "alice:44444444:11111111",
                "bob:10203040:01020304",
            ],
        ),
    ]
}

#[test]
fn api_answers_what_query_json_prints() {
    let server = Server::start();
    for (game, flags, parameters, positions) in samples() {
        // One `query --positions -` per game: one JSON line per position.
        let mut args = vec!["query", game];
        args.extend(flags.iter().copied());
        args.extend(["--positions", "-", "--json"]);
        let out = gametable(&args, positions.join("\n"));
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let expected = text(&out.stdout);
        let expected: Vec<&str> = expected.lines().collect();
        assert_eq!(expected.len(), positions.len());
        for (position, want) in positions.iter().zip(expected) {
            assert!(!want.contains("\"error\""), "{game} {position}: {want}");
            let (status, body) = server.get(&format!(
                "/api/query?game={game}&position={}{parameters}",
                encode(position)
            ));
            assert_eq!(status, 200, "{game} {position}: {body}");
            assert_eq!(body.trim_end(), want, "{game} {position}");
        }
        // The same answer with --position, word for word.
        let mut args = vec!["query", game];
        args.extend(flags.iter().copied());
        args.extend(["--position", positions[1], "--json"]);
        let out = gametable(&args, "");
        let (_, body) = server.get(&format!(
            "/api/query?game={game}&position={}{parameters}",
            encode(positions[1])
        ));
        assert_eq!(body, text(&out.stdout));
    }
    // Without a position: the start, where the game has one.
    let (status, body) = server.get("/api/query?game=tictactoe");
    assert_eq!(status, 200);
    let (_, start) = server.get("/api/query?game=tictactoe&position=.........");
    assert_eq!(body, start);
    // Explicit default parameters are the same game.
    let (status, body) =
        server.get("/api/query?game=cards&cards=8&modulus=5&position=alice%3A10000000%3A00040020");
    assert_eq!(status, 200);
    assert!(
        body.starts_with("{\"outcome\": \"win\", \"distance\": 1,"),
        "{body}"
    );
}

/// Dobutsu, served from a table given with `--table` (lions and chicks,
/// small enough to write here), answers as `query` does, and its pages
/// draw the board and link the moves.
#[test]
fn dobutsu_from_a_table_answers_what_query_json_prints() {
    let dir = cli::scratch_dir("serve-dobutsu");
    let table = dir.join("lions-chicks.gtbl");
    let flags = ["--giraffes", "0", "--elephants", "0"];
    let mut args = vec![
        "generate",
        "dobutsu",
        "--quiet",
        "--output",
        table.to_str().unwrap(),
    ];
    args.extend(flags);
    let out = gametable(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let server = Server::start_with(&["--table", table.to_str().unwrap()]);
    let positions = [
        "S/-l-/-c-/-C-/-L-/-",
        "G/-l-/-C-/---/-L-/C",
        "S/-l-/---/-L-/---/Cc",
        "G/l--/--c/-C-/L--/-",
        "S/-l-/-C-/---/-L-/c",
    ];
    let mut args = vec!["query", "dobutsu", "--table", table.to_str().unwrap()];
    args.extend(flags);
    args.extend(["--positions", "-", "--json"]);
    let out = gametable(&args, positions.join("\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = text(&out.stdout);
    for (position, want) in positions.iter().zip(expected.lines()) {
        assert!(!want.contains("\"error\""), "{position}: {want}");
        let (status, body) = server.get(&format!(
            "/api/query?game=dobutsu&giraffes=0&elephants=0&chicks=2&position={}",
            encode(position)
        ));
        assert_eq!(status, 200, "{position}: {body}");
        assert_eq!(body.trim_end(), want, "{position}");
    }
    // The start: sente wins in 15 plies; the page draws it and links on.
    let (status, body) = server.get("/api/query?game=dobutsu&giraffes=0&elephants=0");
    assert_eq!(status, 200, "{body}");
    assert!(
        body.starts_with("{\"outcome\": \"win\", \"distance\": 15,"),
        "{body}"
    );
    let (status, page) = server.get("/dobutsu/0-0-2");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("board dobutsu"), "{page}");
    assert!(page.contains("href=\"/dobutsu/0-0-2/"), "{page}");
    // The full game is not served without its table.
    let (status, body) = server.get("/api/query?game=dobutsu");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("served: /dobutsu/0-0-2"), "{body}");
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_gets_a_4xx_naming_the_fault() {
    let server = Server::start();
    let long = format!("/api/query?game=tictactoe&position={}", "x".repeat(5000));
    let cases: Vec<(String, u16, &str)> = vec![
        // Unknown game, on the API and as a page.
        ("/api/query?game=chess".into(), 400, "no game named 'chess'"),
        (
            "/api/query?game=stones".into(),
            400,
            "Stones (ZOJ 3964) has no tables: it is answered in closed form, by gametable query stones --piles",
        ),
        ("/chess/8x8/e4".into(), 404, "no game named"),
        // Control characters in a game's name or parameters are shown
        // escaped, never echoed raw into the page.
        ("/tic%00/3x3".into(), 404, "no game named &#39;tic\\u{0}&#39;"),
        ("/tictactoe/3x3%00".into(), 404, "tictactoe &#39;3x3\\u{0}&#39; is not served here"),
        ("/api/query".into(), 400, "give the game"),
        // A game or parameters without a table here.
        (
            "/api/query?game=dobutsu".into(),
            404,
            "dobutsu is not served here",
        ),
        (
            "/api/query?game=connect4&width=5&height=4".into(),
            404,
            "not served here",
        ),
        ("/connect4/7x6/44".into(), 404, "not served here"),
        // Checked without building the game: Cards (16, 16)'s tables
        // would take 300 GB.
        (
            "/api/query?game=cards&cards=16&modulus=16".into(),
            404,
            "cards (cards 16, modulus 16) is not served here",
        ),
        // A position both in the path and the query; an API path named
        // as asked.
        (
            "/connect4/4x4/1122?play=first&position=9".into(),
            400,
            "the position is in the path",
        ),
        ("/api/query/x".into(), 404, "no API at /api/query/x"),
        ("/api".into(), 404, "{\"error\": \"no page at /api"),
        // Malformed positions.
        (
            "/api/query?game=tictactoe&position=xx".into(),
            400,
            "wrong length",
        ),
        (
            "/api/query?game=tictactoe&position=xq.......".into(),
            400,
            "character 2 'q'",
        ),
        ("/tictactoe/3x3/xxx......".into(), 400, "impossible counts"),
        (
            "/api/query?game=cards&position=carol:10000000:00040020".into(),
            400,
            "position 'carol",
        ),
        ("/cards/8-5/alice:1000:0004".into(), 400, "position"),
        // Illegal moves.
        (
            "/api/query?game=connect4&width=4&height=4&position=11111".into(),
            400,
            "column 1 is full",
        ),
        (
            "/connect4/4x4/1259".into(),
            400,
            "column 5 is not on a 4-wide board",
        ),
        // Odd parameters.
        (
            "/api/query?game=connect4&width=abc".into(),
            400,
            "width='abc': expected a whole number",
        ),
        (
            "/api/query?game=connect4&width=99".into(),
            400,
            "width=99 is not in",
        ),
        (
            "/api/query?game=tictactoe&table=data/tictactoe.gtbl".into(),
            400,
            "unknown query parameter 'table'",
        ),
        (
            "/api/query?game=tictactoe&game=cards".into(),
            400,
            "game is given more than once",
        ),
        // A key or value that is no UTF-8 once decoded is named as sent,
        // not quoted with U+FFFD in place of its bytes.
        (
            "/api/query?game=tictactoe&position=x%FF".into(),
            400,
            "{\"error\": \"the query string does not read: 'x%FF' is not UTF-8 once its %-escapes are decoded\"}",
        ),
        (
            "/tictactoe/3x3/x........?play%C3=first".into(),
            400,
            "the query string does not read: &#39;play%C3&#39; is not UTF-8",
        ),
        (
            "/tictactoe/3x3/x........?play=both".into(),
            400,
            "play=&#39;both&#39;: expected play=first or play=second",
        ),
        // Control characters in the query are shown escaped, on the API
        // (inside JSON's own escaping) and on a page.
        (
            "/api/query?game=tictactoe&%1b%5b2Jx=1".into(),
            400,
            "unknown query parameter '\\\\u{1b}[2Jx' for tictactoe",
        ),
        (
            "/api/query?game=connect4&width=%1b%5b2J".into(),
            400,
            "width='\\\\u{1b}[2J': expected a whole number",
        ),
        (
            "/tictactoe/3x3?play=%1b%5b2J".into(),
            400,
            "play=&#39;\\u{1b}[2J&#39;",
        ),
        (
            "/tictactoe/3x3?%00x=1".into(),
            400,
            "unknown query parameter &#39;\\u{0}x&#39;",
        ),
        (
            "/cards/8-5?table=/etc/passwd".into(),
            400,
            "unknown query parameter",
        ),
        // Path traversal: nothing names a file; these are positions or no page.
        (
            "/tictactoe/3x3/..%2F..%2Fetc%2Fpasswd".into(),
            400,
            "expected x, o or .",
        ),
        (
            "/api/query?game=tictactoe&position=..%2F..%2Fetc%2Fpasswd".into(),
            400,
            "position '../../etc/passwd'",
        ),
        ("/static/../../etc/passwd".into(), 404, ""),
        ("/%2e%2e/%2e%2e/etc/passwd".into(), 404, "no game named"),
        ("/api/../../Cargo.toml".into(), 404, ""),
        ("/api/nothing".into(), 404, "no API at /api/nothing"),
        // A path that is no UTF-8 once decoded, refused as its route's
        // faults are; an API path named as sent.
        (
            "/tictactoe/3x3/%ff".into(),
            400,
            "the path &#39;/tictactoe/3x3/%ff&#39; does not read: a part of it is not UTF-8",
        ),
        (
            "/api/%ff".into(),
            400,
            "{\"error\": \"the path '/api/%ff' does not read",
        ),
        (
            "/api/%71uery?game=tictactoe".into(),
            404,
            "no API at /api/%71uery: the API is /api/query (written so",
        ),
        // Routes without parameters take none.
        ("/?foo=1".into(), 400, "/ takes no query parameters"),
        (
            "/api/openapi.json?x=1".into(),
            400,
            "{\"error\": \"/api/openapi.json takes no query parameters",
        ),
        ("/style.css?v=2".into(), 400, "/style.css takes no query"),
        // A game without a start needs a position: the request's fault.
        (
            "/api/query?game=cards".into(),
            400,
            "cards has no start position: give one (position=...)",
        ),
        // Too long.
        (long, 414, "at most 2048"),
    ];
    for (target, status, message) in &cases {
        let (got, body) = server.get(target);
        assert_eq!(got, *status, "{target}: {body}");
        assert!(
            body.contains(message),
            "{target}: {message:?} not in {body}"
        );
        assert!(!body.contains("root:"), "{target}: {body}");
    }
    // Methods other than GET, bodies over the limit, garbage.
    let (status, body) = server.raw(
        b"POST /api/query?game=tictactoe HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    assert_eq!(status, 405, "{body}");
    assert!(body.contains("only GET and HEAD"), "{body}");
    // Faults of the limits come as the rest do: JSON from the API, a page
    // elsewhere.
    assert!(body.starts_with("{\"error\": "), "{body}");
    let (status, body) =
        server.raw(b"DELETE /tictactoe/3x3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 405, "{body}");
    assert!(
        body.contains("<html") && body.contains("only GET and HEAD"),
        "{body}"
    );
    let (status, body) = server.raw(
        b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 413, "{body}");
    assert!(
        body.starts_with("{\"error\": \"a body of 1000000 bytes"),
        "{body}"
    );
    let (status, _) = server.raw(b"GARBAGE\r\n\r\n");
    assert_eq!(status, 400);
    // Methods whose target is no path: 405 too.
    for request in [
        &b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n"[..],
        b"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ] {
        let response = server.response(request);
        assert!(response.starts_with("HTTP/1.1 405 "), "{response}");
        assert!(
            response.contains("is not answered here: only GET and HEAD"),
            "{response}"
        );
        assert!(response.contains("allow: GET,HEAD\r\n"), "{response}");
    }
    // A long method is quoted by its start and length, not echoed whole.
    let mut request = vec![b'A'; 100_000];
    request.extend_from_slice(b" /api/query HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let response = server.response(&request);
    assert!(response.starts_with("HTTP/1.1 405 "), "{response}");
    assert!(
        response.contains("...' (100000 characters) is not answered here"),
        "{response}"
    );
    assert!(response.len() < 2_000, "{} bytes", response.len());
    // The API's answers, as the pages', are not to be sniffed as HTML.
    let response = server.response(
        b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(
        response.contains("x-content-type-options: nosniff"),
        "{response}"
    );
    // Still up, and still right.
    let (status, body) = server.get("/api/query?game=tictactoe&position=x...o....");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn pages_show_the_verdict_and_link_every_move() {
    let server = Server::start();
    let (status, index) = server.get("/");
    assert_eq!(status, 200);
    for link in [
        "href=\"/cards/8-5\"",
        "href=\"/tictactoe/3x3\"",
        "href=\"/connect4/4x4\"",
    ] {
        assert!(index.contains(link), "{link} not in\n{index}");
    }

    let (status, page) = server.get("/tictactoe/3x3");
    assert_eq!(status, 200);
    assert!(page.contains("x to move: draw."), "{page}");
    assert!(page.contains("Drawing moves for x"), "{page}");
    for cell in 1..=9 {
        let mut board = ['.'; 9];
        board[cell - 1] = 'x';
        let target: String = board.iter().collect();
        assert!(
            page.contains(&format!("href=\"/tictactoe/3x3/{target}\"")),
            "{target}"
        );
    }

    let (status, page) = server.get("/tictactoe/3x3/xx.oo....");
    assert_eq!(status, 200);
    assert!(page.contains("x to move: x wins in 1 ply."), "{page}");
    assert!(page.contains("Winning moves for x"), "{page}");
    assert!(page.contains("data-move=\"3\" data-outcome=\"loss\" data-distance=\"0\" href=\"/tictactoe/3x3/xxxoo....\""), "{page}");
    let (_, over) = server.get("/tictactoe/3x3/xxxoo....");
    assert!(over.contains("The game is over: x has won."), "{over}");

    let (status, page) = server.get("/connect4/4x4/1122");
    assert_eq!(status, 200);
    assert!(page.contains("x to move: draw."), "{page}");
    assert!(page.contains("href=\"/connect4/4x4/11221\""), "{page}");
    assert!(page.contains("<svg"), "{page}");

    let (status, page) = server.get("/cards/8-5/alice:10000000:00040020");
    assert_eq!(status, 200);
    assert!(
        page.contains("alice to move: alice wins in 1 ply."),
        "{page}"
    );
    assert!(page.contains("Winning moves for alice"), "{page}");
    assert!(page.contains("Drawing moves for alice"), "{page}");
    assert!(
        page.contains("data-move=\"1+4\" data-outcome=\"loss\" data-distance=\"0\" href=\"/cards/8-5/bob:00000000:42000000\""),
        "{page}"
    );
    assert!(page.contains("class=\"card\""), "{page}");

    // Cards has no start: its page asks for a position, and the form's
    // answer is a page.
    let (status, page) = server.get("/cards/8-5");
    assert_eq!(status, 200);
    assert!(page.contains("<form"), "{page}");
    let (status, page) = server.get("/cards/8-5?position=bob%3A10000000%3A00040020");
    assert_eq!(status, 200);
    assert!(page.contains("bob to move"), "{page}");

    // Play mode keeps ?play in the move links and loads the script.
    let (_, page) = server.get("/tictactoe/3x3/x...o....?play=first");
    assert!(
        page.contains("href=\"/tictactoe/3x3/xx..o....?play=first\""),
        "{page}"
    );
    assert!(page.contains("<script src=\"/explorer.js\""), "{page}");
    let (status, script) = server.get("/explorer.js");
    assert_eq!(status, 200);
    assert!(script.contains("/api/") || script.contains("dataset.api"));

    let (status, icon) = server.get("/favicon.ico");
    assert_eq!((status, icon.as_str()), (204, ""));
    let (status, doc) = server.get("/api/openapi.json");
    assert_eq!(status, 200);
    assert!(doc.contains("\"openapi\": \"3.0.3\""), "{doc}");
    assert!(doc.contains("\"/api/query\""), "{doc}");
    // Every game and every parameter the command line knows is described.
    for entry in gametable_gen::cli::registry::GAMES {
        assert!(
            doc.contains(&format!("\"{}\"", entry.name)),
            "{}",
            entry.name
        );
        for parameter in entry.parameters {
            let described = format!("{{\"name\": \"{}\", \"in\": \"query\"", parameter.name);
            assert!(doc.contains(&described), "{} not in\n{doc}", parameter.name);
            // With the values the registry accepts, which the document
            // repeats for its readers: held to them here.
            let schema = if parameter.step <= 1 {
                format!(
                    "\"schema\": {{\"type\": \"integer\", \"minimum\": {}, \"maximum\": {}}}",
                    parameter.min, parameter.max
                )
            } else {
                let values: Vec<String> = parameter.values().map(|v| v.to_string()).collect();
                format!(
                    "\"schema\": {{\"type\": \"integer\", \"enum\": [{}]}}",
                    values.join(", ")
                )
            };
            let line = doc
                .lines()
                .find(|line| line.contains(&described))
                .unwrap_or_default();
            assert!(line.contains(&schema), "{schema} not in\n{line}");
        }
    }
}

/// A folder of tables with none to serve is refused at start, not
/// served silently without them; one with a distance table alone too.
#[test]
fn a_tables_folder_with_no_outcome_table_is_refused() {
    let dir = std::env::temp_dir().join(format!("gametable-serve-empty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/");
    for fill in [None, Some("tictactoe-distance.gtbl")] {
        if let Some(name) = fill {
            std::fs::copy(format!("{data}{name}"), dir.join(name)).unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
            .args(["serve", "--bind", "127.0.0.1:0", "--tables"])
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Not a measure of speed: a server that starts never ends, and
        // this test must end to say so.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("serve started with no table to serve");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains(": no outcome tables (.gtbl) to serve"),
            "{}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Past modulus 10 a Cards page shows the card values moves name (15),
/// not the position string's hex digits (f).
#[test]
fn cards_pages_show_values_in_decimal() {
    let dir = std::env::temp_dir().join(format!("gametable-serve-hex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("c.gtbl");
    let out = gametable(
        &[
            "generate",
            "cards",
            "--cards",
            "2",
            "--modulus",
            "16",
            "--quiet",
            "--output",
            table.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let server = Server::start_with(&["--table", table.to_str().unwrap()]);
    let (status, page) = server.get("/cards/2-16/alice:f0:10");
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("<span class=\"card\">15</span><span class=\"card zero\">0</span>"),
        "{page}"
    );
    assert!(!page.contains("<span class=\"card\">f</span>"), "{page}");
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An outcome table served without its distance table has no play mode:
/// taking any winning move, perfect play could go round in circles in a
/// won game (Dobutsu shogi's reduced variant did, for hundreds of plies).
#[test]
fn no_play_mode_without_distances() {
    let dir = std::env::temp_dir().join(format!("gametable-serve-lone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("tictactoe.gtbl");
    std::fs::copy(workspace().join("data/tictactoe.gtbl"), &table).unwrap();
    let server = Server::start_with(&["--table", table.to_str().unwrap()]);
    let (status, page) = server.get("/tictactoe/3x3");
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("Needs the distance table beside the outcome table served"),
        "{page}"
    );
    assert!(!page.contains("?play=first"), "{page}");
    let (status, page) = server.get("/tictactoe/3x3?play=first");
    assert_eq!(status, 400, "{page}");
    assert!(
        page.contains(
            "playing against perfect play needs this game&#39;s distance table, which this \
             server does not have"
        ) || page.contains(
            "playing against perfect play needs this game's distance table, which this \
             server does not have"
        ),
        "{page}"
    );
    // Visitors are told the table's file name, never the server's folders.
    let folder = dir.display().to_string();
    for path in ["/", "/tictactoe/3x3", "/tictactoe/3x3?play=first"] {
        let (_, page) = server.get(path);
        assert!(!page.contains(&folder), "{path}: {page}");
    }
    assert!(server
        .get("/")
        .1
        .contains("answers from tictactoe.gtbl (no distance table beside it)"));
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A page about a game served that cannot be answered (a position that
/// does not read) says which game, links to it and gives the position
/// form again with what was asked; the form sent empty shows the game's
/// start (or, for a game without one, the form); a finished position
/// offers no game from it.
#[test]
fn faults_about_a_game_lead_back_to_it() {
    let server = Server::start();
    let (status, page) = server.get("/cards/8-5?position=alice%3A1234%3A4321");
    assert_eq!(status, 400, "{page}");
    assert!(
        page.contains("<title>cards (cards 8, modulus 5): 400 Bad Request"),
        "{page}"
    );
    assert!(page.contains("<a href=\"/cards/8-5\">"), "{page}");
    assert!(
        page.contains("<input name=\"position\" value=\"alice:1234:4321\""),
        "{page}"
    );
    assert!(page.contains("4 cards, expected 8"), "{page}");
    let (status, page) = server.get("/connect4/4x4/11111");
    assert_eq!(status, 400, "{page}");
    assert!(page.contains("<a href=\"/connect4/4x4\">"), "{page}");
    // Empty: Cards has no start, so its form again; tic-tac-toe's start.
    let (status, page) = server.get("/cards/8-5?position=");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("This game has no single start"), "{page}");
    let (status, page) = server.get("/tictactoe/3x3?position=+");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("x to move: draw."), "{page}");
    // Over: no "Play as ... from here"; in play mode, the way out.
    let (status, page) = server.get("/tictactoe/3x3/xxoooxxox");
    assert_eq!(status, 200, "{page}");
    assert!(!page.contains("from here"), "{page}");
    let (status, page) = server.get("/tictactoe/3x3/xxoooxxox?play=first");
    assert_eq!(status, 200, "{page}");
    assert!(
        !page.contains("from here") && page.contains("stop playing"),
        "{page}"
    );
    // A game being played offers both sides.
    let (_, page) = server.get("/tictactoe/3x3/x........");
    assert!(
        page.contains("id=\"play-first\"") && page.contains("from here"),
        "{page}"
    );
}

/// A request never finished, and a keep-alive connection left idle, are
/// closed after `--idle-timeout` seconds (at least 6: longer than the 5 s a
/// request may take); the server answers on.
#[test]
fn silent_connections_are_closed() {
    let refused = gametable(&["serve", "--idle-timeout", "5"], b"");
    assert!(
        text(&refused.stderr).contains("expected 6 to 3600 seconds"),
        "{}",
        text(&refused.stderr)
    );
    let server = Server::start_with(&["--idle-timeout", "6"]);
    let read_all = |stream: &mut TcpStream| {
        // Far longer than the limit: EOF must come from the server.
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut got = Vec::new();
        stream
            .read_to_end(&mut got)
            .expect("the server closes the connection");
        text(&got)
    };
    // Headers begun, never ended: closed with nothing sent. A kept-alive
    // connection: answered, then closed once silent. Both at once.
    let mut half = TcpStream::connect(&server.address).unwrap();
    half.write_all(b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: a\r\n")
        .unwrap();
    let mut kept = TcpStream::connect(&server.address).unwrap();
    kept.write_all(b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: a\r\n\r\n")
        .unwrap();
    // A head sent a byte at a time, each well within the idle limit: closed
    // once the head has taken longer than the limit (the writes then fail).
    let mut trickle = TcpStream::connect(&server.address).unwrap();
    trickle
        .write_all(b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: a\r\nX-Slow: ")
        .unwrap();
    let trickle = std::thread::spawn(move || {
        (0..240).find(|_| {
            std::thread::sleep(Duration::from_millis(250));
            trickle.write_all(b"a").is_err()
        })
    });
    let half = std::thread::spawn(move || read_all(&mut half));
    let answer = read_all(&mut kept);
    assert_eq!(half.join().unwrap(), "");
    assert!(
        trickle.join().unwrap().is_some(),
        "a head trickling in for a minute was not cut off"
    );
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains("\"outcome\": \"draw\""), "{answer}");
    let (status, body) = server.get("/api/query?game=tictactoe");
    assert_eq!(status, 200, "{body}");
}

/// A table served that its game's moves contradict (re-encoded with every
/// distance 0, its checksums valid) is the server's fault: 500, naming what
/// is wrong, never an answer.
#[test]
fn a_damaged_table_is_the_server_s_fault() {
    let dir = std::env::temp_dir().join(format!("gametable-serve-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = workspace().join("data");
    std::fs::copy(data.join("tictactoe.gtbl"), dir.join("t.gtbl")).unwrap();
    let bytes = std::fs::read(data.join("tictactoe-distance.gtbl")).unwrap();
    let zeros = cli::re_encoded(&bytes, |payload| vec![0; payload.len()]);
    std::fs::write(dir.join("t-distance.gtbl"), zeros).unwrap();
    let server = Server::start_with(&["--table", dir.join("t.gtbl").to_str().unwrap()]);
    let (status, body) = server.get("/api/query?game=tictactoe&position=xx.oo....");
    assert_eq!(status, 500, "{body}");
    assert!(
        body.contains("the table contradicts the rules at xx.oo....: its move to xx.oox... has a draw at distance 0"),
        "{body}"
    );
    let (status, body) = server.get("/tictactoe/3x3/xx.oo....");
    assert_eq!(status, 500, "{body}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SIGTERM (a service manager, `docker stop`) or SIGINT stops the server
/// gracefully: a kept-alive connection left idle is closed at once, not
/// after `--idle-timeout`, no new connection is taken, and it exits 0
/// saying why.
#[cfg(unix)]
#[test]
fn a_signal_stops_the_server_gracefully() {
    for signal in ["TERM", "INT"] {
        let mut server = Server::start_to(&["--idle-timeout", "600"], Stdio::piped());
        let mut kept = TcpStream::connect(&server.address).unwrap();
        kept.write_all(b"GET /api/query?game=tictactoe HTTP/1.1\r\nHost: a\r\n\r\n")
            .unwrap();
        // The answer, whole, on a connection kept alive.
        let mut reader = BufReader::new(kept.try_clone().unwrap());
        let mut head = String::new();
        while !head.ends_with("\r\n\r\n") {
            assert_ne!(reader.read_line(&mut head).unwrap(), 0, "{head}");
        }
        assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &server.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let exit = server.child.wait().unwrap();
        assert_eq!(exit.code(), Some(0), "SIG{signal}: {exit:?}");
        let mut said = String::new();
        server
            .child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut said)
            .unwrap();
        // The idle connection was closed when asked, not cut at the end.
        let after: Vec<&str> = said
            .lines()
            .filter(|line| !line.starts_with("serving /"))
            .collect();
        assert_eq!(
            after,
            [format!(
                "gametable serve: SIG{signal}: no new connections; the answers under way go out"
            )],
            "{said}"
        );
        // The idle connection was closed by the server (the rest of the
        // body, then the end), and no new one is taken.
        kept.set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut rest = Vec::new();
        reader
            .read_to_end(&mut rest)
            .expect("the server closed the connection");
        assert!(TcpStream::connect(&server.address).is_err());
    }
}

/// A request head never finished holds the graceful stop up to its limit;
/// a second signal ends the wait at once. (Linux: the test waits on the
/// kernel's socket queues.)
#[cfg(target_os = "linux")]
#[test]
fn a_second_signal_cuts_the_wait() {
    let mut server = Server::start_to(&["--idle-timeout", "600"], Stdio::piped());
    let mut half = TcpStream::connect(&server.address).unwrap();
    half.write_all(b"GET /api/query?game=tictactoe HTTP/1.1\r\n")
        .unwrap();
    // Until the server has read the bytes, its connection holds no request
    // begun, and the stop would close it at once.
    read_by_server(&half);
    let pid = server.child.id().to_string();
    let kill = |signal: &str| {
        assert!(Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success());
    };
    kill("-TERM");
    let mut said = BufReader::new(server.child.stderr.take().unwrap());
    let mut line = String::new();
    while line.is_empty() || line.starts_with("serving /") {
        line.clear();
        said.read_line(&mut line).unwrap();
    }
    assert_eq!(
        line,
        "gametable serve: SIGTERM: no new connections; the answers under way go out\n"
    );
    kill("-TERM");
    let exit = server.child.wait().unwrap();
    assert_eq!(exit.code(), Some(0), "{exit:?}");
    let mut rest = String::new();
    said.read_to_string(&mut rest).unwrap();
    assert_eq!(
        rest,
        "gametable serve: SIGTERM while stopping: open connections closed at once\n"
    );
}

/// The send and receive queues (bytes) of the TCP socket from `local` to
/// `remote`, from `/proc/net/tcp` (IPv4), if there is one.
#[cfg(target_os = "linux")]
fn socket_queues(local: std::net::SocketAddr, remote: std::net::SocketAddr) -> Option<(u64, u64)> {
    let hex = |address: std::net::SocketAddr| match address.ip() {
        std::net::IpAddr::V4(ip) => format!(
            "{:08X}:{:04X}",
            u32::from_ne_bytes(ip.octets()),
            address.port()
        ),
        std::net::IpAddr::V6(_) => panic!("IPv4 only: {address}"),
    };
    let (local, remote) = (hex(local), hex(remote));
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
    table.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        (fields.get(1) == Some(&local.as_str()) && fields.get(2) == Some(&remote.as_str())).then(
            || {
                let (tx, rx) = fields[4].split_once(':').unwrap();
                (
                    u64::from_str_radix(tx, 16).unwrap(),
                    u64::from_str_radix(rx, 16).unwrap(),
                )
            },
        )
    })
}

/// Waits until every byte `client` sent has been read by the process at
/// the other end: acknowledged (nothing left to send) and taken from the
/// server socket's queue. Not a measure of speed: a minute, then a
/// failure rather than a hang.
#[cfg(target_os = "linux")]
fn read_by_server(client: &TcpStream) {
    let (me, server) = (client.local_addr().unwrap(), client.peer_addr().unwrap());
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let unsent = socket_queues(me, server).map(|q| q.0);
        let unread = socket_queues(server, me).map(|q| q.1);
        if unsent == Some(0) && unread == Some(0) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "after a minute: bytes not acknowledged {unsent:?}, not read by the server {unread:?} (None: no such socket in /proc/net/tcp)"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
}
