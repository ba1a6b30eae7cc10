//! `gametable serve`: the explorer in the browser.
//!
//! Every table is opened once at start-up ([`Explorer::load`]) and shared
//! by the request handlers in an [`Arc`]. Routes:
//!
//! - `/`: the games served;
//! - `/<game>/<parameters>`: the start (or a form for a position), and
//!   `/<game>/<parameters>/<position>`: one position in the game's notation
//!   with its verdict and every move, grouped and linked (`pages`);
//! - `/api/query?game=G&position=P&<parameter>=N`: exactly what `gametable
//!   query G --position P --json` prints; `/api/openapi.json` describes it;
//! - `/explorer.js` (play against perfect play) and `/style.css`.
//!
//! No request names a file: positions are only ever read by the games'
//! notations. Bad input gets a 4xx naming the fault; URLs, bodies and the
//! time a request may take are bounded (`limits`); a connection whose
//! request head has not arrived whole within `--idle-timeout` seconds is
//! closed (hyper's header timeout, set in [`run`]), and so is one that
//! moves no byte for as long (`idle`). SIGTERM or SIGINT stops it
//! gracefully (`stop`).

mod idle;
mod pages;
mod stop;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{DefaultBodyLimit, Path as UrlPath, Query, RawQuery, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::query::Unanswered;
use crate::cli::args::ServeArgs;
use crate::cli::registry::{self, BuiltIn, Entry};
use crate::cli::source::{self, Source};
use crate::engine::analysis::Analysis;
use crate::engine::{quote, Game, Notation, Side};
use crate::report;
use gametable_format::TableKind;

/// The longest URL (path and query) answered: longer ones get 414.
pub const MAX_URL: usize = 2048;
/// The most bytes of a request body read (no route reads one).
pub const MAX_BODY: usize = 1024;
/// The longest a request may take before it gets 408.
pub const REQUEST_TIME: Duration = Duration::from_secs(5);

/// One game served: the game, where its answers come from, and how its
/// parameters are written in URLs.
pub struct Served {
    /// The game.
    pub game: BuiltIn,
    /// Its answers.
    pub source: Source,
    /// Its parameter values, in the registry's order.
    pub values: Vec<u64>,
    /// Its parameters in URLs: `8-5`, `4x4`, `3x3`.
    pub label: String,
    /// Whether a table given on the command line answers it (not a
    /// built-in default).
    pub given: bool,
}

/// Every game served, opened once.
pub struct Explorer {
    /// The games, in the order the index lists them.
    pub served: Vec<Served>,
}

/// A request that cannot be answered: the status (4xx, or 500 for a
/// damaged table) and the message naming the fault.
#[derive(Debug)]
pub struct Fault {
    /// A 4xx status, or 500.
    pub status: StatusCode,
    /// What is wrong, for a person.
    pub message: String,
}

impl Fault {
    fn bad(message: impl Into<String>) -> Fault {
        Fault {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A table served that cannot answer truly (damaged past its
    /// checksums): the server's fault, not the request's.
    fn table(message: impl Into<String>) -> Fault {
        Fault {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }

    fn not_found(message: impl Into<String>) -> Fault {
        Fault {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
}

/// How a game's parameters are written in URLs: the values joined as in
/// default file names (`8-5`, `4x4`, `2-2-2`), or the board's size for
/// games without parameters (`3x3`).
pub fn label(game: &BuiltIn) -> String {
    let parameters = crate::with_game!(game, g => g.parameters());
    if parameters.is_empty() {
        return match game {
            BuiltIn::TicTacToe(_) => "3x3".to_string(),
            _ => "-".to_string(),
        };
    }
    let values: Vec<String> = parameters.iter().map(|(_, v)| v.to_string()).collect();
    values.join(game.entry().joiner)
}

impl Explorer {
    /// The built-in sources (Cards (8, 5) embedded or from `data/`,
    /// tic-tac-toe from `data/` or solved in memory), then every table
    /// given; a table replaces a source of the same game and parameters.
    ///
    /// # Errors
    /// A table given that does not open, or a folder that does not read.
    pub fn load(args: &ServeArgs) -> crate::cli::Result<Explorer> {
        let mut explorer = Explorer { served: Vec::new() };
        for name in ["cards", "tictactoe"] {
            let game = registry::entry(name)?.build_default()?;
            match source::open(&game, None) {
                Ok(source) => explorer.add(game, source, false),
                Err(e) => {
                    crate::stderr::line(format_args!("gametable serve: not serving {name}: {e}"))
                }
            }
        }
        // Folders first, then the tables named one by one: a table named
        // wins over one of the same game found in a folder.
        let mut paths: Vec<PathBuf> = Vec::new();
        for dir in &args.tables {
            paths.extend(outcome_tables(dir)?);
        }
        paths.extend(args.table.iter().cloned());
        for path in &paths {
            let (game, source) = source::open_file(path)?;
            explorer.add(game, source, true);
        }
        Ok(explorer)
    }

    /// Serves `game` from `source`; a table given replaces a default, and
    /// of two tables given for the same game the last is served (and the
    /// choice is said).
    fn add(&mut self, game: BuiltIn, source: Source, given: bool) {
        let values = crate::with_game!(&game, g => g.parameters())
            .iter()
            .map(|(_, v)| *v)
            .collect();
        let served = Served {
            label: label(&game),
            values,
            game,
            source,
            given,
        };
        let name = served.name();
        match self
            .served
            .iter_mut()
            .find(|s| s.name() == name && s.values == served.values)
        {
            Some(slot) => {
                if !(slot.given && served.given) {
                    *slot = served;
                    return;
                }
                crate::stderr::line(format_args!(
                    "gametable serve: /{}/{} from {}, not from {}",
                    name,
                    served.label,
                    served.source.describe(),
                    slot.source.describe()
                ));
                *slot = served;
            }
            None => self.served.push(served),
        }
    }

    /// The game served under `/<name>/<label>`.
    ///
    /// # Errors
    /// 404 naming the unknown game or the parameters not served.
    pub fn by_label(&self, name: &str, label: &str) -> Result<&Served, Fault> {
        let entry = registry::entry(name).map_err(Fault::not_found)?;
        self.served
            .iter()
            .find(|s| s.name() == name && s.label == label)
            .ok_or_else(|| self.not_served(entry, &quote(label)))
    }

    /// The game served with parameter values `values`.
    ///
    /// # Errors
    /// 404 naming the parameters not served.
    pub fn by_values(&self, entry: &Entry, values: &[u64]) -> Result<&Served, Fault> {
        self.served
            .iter()
            .find(|s| s.name() == entry.name && s.values == values)
            .ok_or_else(|| {
                let words: Vec<String> = entry
                    .parameters
                    .iter()
                    .zip(values)
                    .map(|(p, v)| format!("{} {v}", p.name))
                    .collect();
                self.not_served(entry, &format!("({})", words.join(", ")))
            })
    }

    fn not_served(&self, entry: &Entry, what: &str) -> Fault {
        let here: Vec<String> = self
            .served
            .iter()
            .filter(|s| s.name() == entry.name)
            .map(|s| format!("/{}/{}", entry.name, s.label))
            .collect();
        Fault::not_found(if here.is_empty() {
            format!(
                "{} is not served here (start the server with --table for it)",
                entry.name
            )
        } else {
            format!(
                "{} {what} is not served here; served: {}",
                entry.name,
                here.join(", ")
            )
        })
    }
}

impl Served {
    /// The game's name.
    pub fn name(&self) -> &'static str {
        crate::with_game!(&self.game, g => g.name())
    }

    /// The answer for one position written in the game's notation (the
    /// start when `None`): the same function as `gametable query`.
    ///
    /// # Errors
    /// 400 naming a malformed position; 404 for no start.
    pub fn analyse(&self, position: Option<&str>) -> Result<Analysis, Fault> {
        crate::with_game!(&self.game, g => analyse_in(g, &self.source, position))
    }
}

fn analyse_in<G: Notation>(
    game: &G,
    source: &Source,
    position: Option<&str>,
) -> Result<Analysis, Fault> {
    // The table's fault is the operator's to mend: said where they look,
    // as well as answered 500.
    let table_fault = |e: String| {
        crate::stderr::line(format_args!("gametable serve: {}: {e}", source.describe()));
        Fault::table(e)
    };
    match position {
        Some(text) => super::query::explain(game, source, text).map_err(|e| match e {
            Unanswered::Position(e) => Fault::bad(format!("position {}: {e}", quote(text))),
            Unanswered::Table(e) => table_fault(e),
        }),
        None => {
            let start = game.start().ok_or_else(|| {
                Fault::bad(format!(
                    "{} has no start position: give one (position=...)",
                    game.name()
                ))
            })?;
            source
                .analyse(game, start, game.to_move(start))
                .map_err(table_fault)
        }
    }
}

/// Every outcome table in `dir` (distance tables are opened beside
/// them), told by its header alone: each is read whole once, when served.
///
/// # Errors
/// A folder that does not read or holds no outcome table, or a `.gtbl`
/// file that is no table.
fn outcome_tables(dir: &Path) -> crate::cli::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "gtbl") {
            // The store's errors name the file.
            let kind = crate::store::read_header_or_damage(&path)?.kind;
            if kind == TableKind::Outcome {
                paths.push(path);
            }
        }
    }
    if paths.is_empty() {
        return Err(format!("{}: no outcome tables (.gtbl) to serve", dir.display()).into());
    }
    paths.sort();
    Ok(paths)
}

/// `gametable serve`.
///
/// # Errors
/// A table that does not open, an address that does not bind.
pub fn run(args: &ServeArgs) -> crate::cli::Result<()> {
    let explorer = Arc::new(Explorer::load(args)?);
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    // As many threads answer (`answer_in_time`) as do the network.
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    runtime
        .worker_threads(threads.max(1))
        .max_blocking_threads(threads.max(1));
    let runtime = runtime.enable_all().build()?;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.bind)
            .await
            .map_err(|e| format!("--bind {}: {e}", args.bind))?;
        let address = listener.local_addr()?;
        let mut stop = stop::Stop::listen()?;
        {
            use std::io::Write as _;
            let mut out = crate::cli::stdout();
            writeln!(out, "listening on http://{address}")?;
            out.flush()?;
        }
        for served in &explorer.served {
            crate::stderr::line(format_args!(
                "serving /{}/{} from {}",
                served.name(),
                served.label,
                served.source.describe()
            ));
        }
        // Answers are small and go out whole: no waiting to coalesce them.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let idle = Duration::from_secs(u64::from(args.idle_timeout));
        let mut listener = idle::Closing::new(listener, idle);
        let app = router(explorer);
        let connections = hyper_util::server::graceful::GracefulShutdown::new();
        let signal = loop {
            // axum's listener retries failed accepts (out of descriptors)
            // itself, after a pause.
            let (io, _) = match stop.or(axum::serve::Listener::accept(&mut listener)).await {
                Ok(accepted) => accepted,
                Err(signal) => break signal,
            };
            let service = hyper_util::service::TowerToHyperService::new(app.clone());
            let mut http = hyper::server::conn::http1::Builder::new();
            // A request's head must arrive whole within the idle limit,
            // however it trickles in; hyper then closes.
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(idle);
            let connection =
                connections.watch(http.serve_connection(hyper_util::rt::TokioIo::new(io), service));
            // A connection's end, orderly or not, concerns no one else.
            tokio::spawn(async move {
                let _ = connection.await;
            });
        };
        drop(listener);
        crate::stderr::line(format_args!(
            "gametable serve: {signal}: no new connections; the answers under way go out"
        ));
        // An idle connection closes at once, a busy one after its answer;
        // none outlives the time an answer may take, and a head still
        // arriving then is cut. A second signal stops the wait.
        let grace = REQUEST_TIME + Duration::from_secs(1);
        match stop
            .or(tokio::time::timeout(grace, connections.shutdown()))
            .await
        {
            Ok(Ok(())) => {}
            Ok(Err(_)) => crate::stderr::line(format_args!(
                "gametable serve: connections still open after {} s were closed",
                grace.as_secs()
            )),
            Err(again) => crate::stderr::line(format_args!(
                "gametable serve: {again} while stopping: open connections closed at once"
            )),
        }
        Ok(())
    });
    // Answers still running on the blocking pool (given up on with a 408)
    // are not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}

/// Every route, with the limits around them.
pub fn router(explorer: Arc<Explorer>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/query", get(api_query))
        .route("/api/openapi.json", get(openapi))
        .route("/explorer.js", get(script))
        .route("/style.css", get(style))
        .route("/favicon.ico", get(no_icon))
        .route("/{game}/{parameters}", get(start_page))
        .route("/{game}/{parameters}/{*position}", get(position_page))
        .fallback(unknown_route)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(explorer)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(limits))
}

/// Refuses long URLs and bodies, and bounds the time of every request.
async fn limits(request: Request, next: Next) -> Response {
    let uri = request.uri();
    let api = is_api(uri.path());
    let text_fault = |fault: &Fault| fault_at(api, fault);
    let length = uri.path().len() + uri.query().map_or(0, |q| q.len() + 1);
    if length > MAX_URL {
        return text_fault(&Fault {
            status: StatusCode::URI_TOO_LONG,
            message: format!("the URL is {length} bytes long; at most {MAX_URL} are read"),
        });
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return text_fault(&Fault {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "a body of {} bytes; at most {MAX_BODY} are read",
                declared.unwrap_or(0)
            ),
        });
    }
    answer_in_time(request, next, text_fault).await
}

/// The answer to `request`, or 408 once it has taken [`REQUEST_TIME`].
/// The handlers answer without pausing (the tables are in memory), so a
/// timeout around the answer in its own task could never fire, nor one
/// in another task where the worker blocked is the one that would drive
/// the timers: the answer is made on the runtime's blocking pool (as many
/// threads as `--threads` gives workers, [`run`]), leaving every worker
/// free to time it. An answer given up on runs to its end there, unseen;
/// answers that find the pool busy wait, and are timed while they wait.
async fn answer_in_time(
    request: Request,
    next: Next,
    fault: impl Fn(&Fault) -> Response,
) -> Response {
    let runtime = tokio::runtime::Handle::current();
    let answer = tokio::task::spawn_blocking(move || runtime.block_on(next.run(request)));
    match tokio::time::timeout(REQUEST_TIME, answer).await {
        Ok(Ok(response)) => response,
        Ok(Err(_)) => fault(&Fault {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "internal error: the answer failed".into(),
        }),
        Err(_) => fault(&Fault {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!("the request took longer than {} s", REQUEST_TIME.as_secs()),
        }),
    }
}

/// Whether `path` is the API's: its faults are JSON, a page's are HTML.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// A fault as the API (JSON) or a page (HTML) gives it.
fn fault_at(api: bool, fault: &Fault) -> Response {
    if api {
        json_fault(fault)
    } else {
        html_fault(fault)
    }
}

fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

fn json_fault(fault: &Fault) -> Response {
    json_response(fault.status, report::json_error(&fault.message) + "\n")
}

/// The content security policy of the pages: their own script and style only.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'";

fn html_response(status: StatusCode, body: String) -> Response {
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn html_fault(fault: &Fault) -> Response {
    html_response(fault.status, pages::fault(fault))
}

async fn index(
    State(explorer): State<Arc<Explorer>>,
    uri: Uri,
    RawQuery(query): RawQuery,
) -> Response {
    if let Some(response) = refused_query(&uri, query) {
        return response;
    }
    html_response(StatusCode::OK, pages::index(&explorer))
}

/// The refusal of a query string on a route that takes none, if it has
/// one.
fn refused_query(uri: &Uri, query: Option<String>) -> Option<Response> {
    // Empty pairs (`?&`) are nothing, as on every route.
    let query = query.filter(|q| q.split('&').any(|pair| !pair.is_empty()))?;
    Some(fault_at(
        is_api(uri.path()),
        &Fault::bad(format!(
            "{} takes no query parameters (found the query {})",
            uri.path(),
            quote(&query)
        )),
    ))
}

/// The refusal of a query string whose key or value is no UTF-8 once its
/// %-escapes are decoded, naming it as sent: axum's `Query` would read it
/// with U+FFFD in place of the bytes, and a fault would quote that.
fn unread_query(uri: &Uri) -> Option<Fault> {
    let part = uri
        .query()?
        .split('&')
        .flat_map(|pair| pair.splitn(2, '='))
        .find(|part| {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .is_err()
        })?;
    Some(Fault::bad(format!(
        "the query string does not read: {} is not UTF-8 once its %-escapes are decoded",
        quote(part)
    )))
}

/// A path whose parts do not read (a `%`-escape that decodes to no UTF-8):
/// refused as the route's faults are, naming the path as sent.
fn unread_path(uri: &Uri, rejection: &PathRejection) -> Response {
    let why = match rejection {
        PathRejection::FailedToDeserializePathParams(_) => {
            "a part of it is not UTF-8 once its %-escapes are decoded".to_string()
        }
        other => other.body_text(),
    };
    fault_at(
        is_api(uri.path()),
        &Fault::bad(format!(
            "the path {} does not read: {why}",
            quote(uri.path())
        )),
    )
}

async fn start_page(
    State(explorer): State<Arc<Explorer>>,
    uri: Uri,
    path: Result<UrlPath<(String, String)>, PathRejection>,
    Query(query): Query<Vec<(String, String)>>,
) -> Response {
    let UrlPath((game, parameters)) = match path {
        Ok(path) => path,
        Err(rejection) => return unread_path(&uri, &rejection),
    };
    if let Some(fault) = unread_query(&uri) {
        return fault_at(is_api(uri.path()), &fault);
    }
    let position = match single(&query, "position") {
        Ok(p) => p,
        Err(fault) => return fault_at(is_api(uri.path()), &fault),
    };
    page(&explorer, &uri, &game, &parameters, position, &query)
}

async fn position_page(
    State(explorer): State<Arc<Explorer>>,
    uri: Uri,
    path: Result<UrlPath<(String, String, String)>, PathRejection>,
    Query(query): Query<Vec<(String, String)>>,
) -> Response {
    let UrlPath((game, parameters, position)) = match path {
        Ok(path) => path,
        Err(rejection) => return unread_path(&uri, &rejection),
    };
    if let Some(fault) = unread_query(&uri) {
        return fault_at(is_api(uri.path()), &fault);
    }
    if game != "api" && query.iter().any(|(key, _)| key == "position") {
        return html_fault(&Fault::bad(
            "the position is in the path: a page at /<game>/<parameters>/<position> takes no position= (only play=)",
        ));
    }
    page(&explorer, &uri, &game, &parameters, Some(&position), &query)
}

fn page(
    explorer: &Explorer,
    uri: &Uri,
    game: &str,
    parameters: &str,
    position: Option<&str>,
    query: &[(String, String)],
) -> Response {
    if is_api(uri.path()) || game == "api" {
        // The path as sent: `/api/%71uery` is not the API's path.
        return json_fault(&Fault::not_found(format!(
            "no API at {}: the API is /api/query (written so, without %-escapes), described by \
             /api/openapi.json",
            uri.path()
        )));
    }
    let served = match explorer.by_label(game, parameters) {
        Ok(served) => served,
        Err(fault) => return html_fault(&fault),
    };
    // The position form sent empty asks for the game's start, or for the
    // form again where the game has none.
    let position = position.filter(|p| !p.trim().is_empty());
    let result = (|| {
        let play = match single(query, "play")? {
            None => None,
            Some("first") => Some(Side::First),
            Some("second") => Some(Side::Second),
            Some(other) => {
                return Err(Fault::bad(format!(
                    "play={}: expected play=first or play=second",
                    quote(other)
                )))
            }
        };
        if play.is_some() {
            // Told to the visitor without the server's paths or the
            // operator's remedy (`check_playable` says both, to the CLI).
            if !served.source.has_distances() {
                return Err(Fault::bad(format!(
                    "playing against perfect play needs this game's distance table, which this \
                     server does not have ({})",
                    crate::cli::source::PLAY_NEEDS_DISTANCES
                )));
            }
        }
        if let Some((key, _)) = query.iter().find(|(k, _)| k != "play" && k != "position") {
            return Err(Fault::bad(format!(
                "unknown query parameter {} (pages take play and position)",
                quote(key)
            )));
        }
        match (position, served.game.start_or_none()) {
            (None, None) => Ok(pages::ask_position(served)),
            (position, _) => {
                let analysis = served.analyse(position)?;
                Ok(pages::position(served, &analysis, position, play))
            }
        }
    })();
    match result {
        Ok(body) => html_response(StatusCode::OK, body),
        Err(fault) => html_response(fault.status, pages::game_fault(served, &fault, position)),
    }
}

impl BuiltIn {
    fn start_or_none(&self) -> Option<u64> {
        crate::with_game!(self, g => g.start())
    }
}

/// The one value of query parameter `key`, if given.
fn single<'a>(query: &'a [(String, String)], key: &str) -> Result<Option<&'a str>, Fault> {
    let mut values = query.iter().filter(|(k, _)| k == key);
    let first = values.next().map(|(_, v)| v.as_str());
    if values.next().is_some() {
        return Err(Fault::bad(format!("{key} is given more than once")));
    }
    Ok(first)
}

/// `/api/query`: the JSON `gametable query --json` prints.
async fn api_query(
    State(explorer): State<Arc<Explorer>>,
    uri: Uri,
    query: Result<Query<Vec<(String, String)>>, axum::extract::rejection::QueryRejection>,
) -> Response {
    if let Some(fault) = unread_query(&uri) {
        return json_fault(&fault);
    }
    let result = query
        .map_err(|e| Fault::bad(format!("the query string does not read: {e}")))
        .and_then(|Query(query)| answer_query(&explorer, &query));
    match result {
        Ok(analysis) => json_response(StatusCode::OK, report::json(&analysis) + "\n"),
        Err(fault) => json_fault(&fault),
    }
}

fn answer_query(explorer: &Explorer, query: &[(String, String)]) -> Result<Analysis, Fault> {
    let name = single(query, "game")?.ok_or_else(|| {
        let names: Vec<&str> = registry::GAMES.iter().map(|e| e.name).collect();
        Fault::bad(format!("give the game: game={}", names.join(", game=")))
    })?;
    let entry = registry::entry(name).map_err(Fault::bad)?;
    for (key, _) in query {
        if key != "game" && key != "position" && !entry.parameters.iter().any(|p| p.name == key) {
            let known: Vec<&str> = entry.parameters.iter().map(|p| p.name).collect();
            return Err(Fault::bad(format!(
                "unknown query parameter {} for {name} (it takes game, position{}{})",
                quote(key),
                if known.is_empty() { "" } else { ", " },
                known.join(", ")
            )));
        }
    }
    let mut values = Vec::with_capacity(entry.parameters.len());
    for p in entry.parameters {
        let value = match single(query, p.name)? {
            None => p.default,
            Some(text) => p
                .parse(text)
                .map_err(|e| Fault::bad(format!("{}={}: {e}", p.name, quote(text))))?,
        };
        values.push(value);
    }
    let position = single(query, "position")?;
    match explorer.by_values(entry, &values) {
        Ok(served) => served.analyse(position),
        Err(not_served) => {
            // A game not served: built only for the registry's range
            // checks (`width=10 is not in 1..=9`), to say what is wrong.
            entry
                .build_named(&values, |name, value| format!("{name}={value}"))
                .map_err(Fault::bad)?;
            Err(not_served)
        }
    }
}

async fn openapi(uri: Uri, RawQuery(query): RawQuery) -> Response {
    if let Some(response) = refused_query(&uri, query) {
        return response;
    }
    json_response(StatusCode::OK, OPENAPI.to_string())
}

/// The OpenAPI 3 document of the API.
pub const OPENAPI: &str = include_str!("openapi.json");

async fn script(uri: Uri, RawQuery(query): RawQuery) -> Response {
    static_file(
        &uri,
        query,
        "text/javascript; charset=utf-8",
        include_str!("explorer.js"),
    )
}

async fn style(uri: Uri, RawQuery(query): RawQuery) -> Response {
    static_file(
        &uri,
        query,
        "text/css; charset=utf-8",
        include_str!("style.css"),
    )
}

fn static_file(
    uri: &Uri,
    query: Option<String>,
    kind: &'static str,
    body: &'static str,
) -> Response {
    if let Some(response) = refused_query(uri, query) {
        return response;
    }
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "max-age=300"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

/// `/favicon.ico`: 204, so that a browser asking for an icon gets no
/// 404 page (the explorer has none).
async fn no_icon() -> Response {
    (StatusCode::NO_CONTENT, Body::empty()).into_response()
}

async fn unknown_route(request: Request) -> Response {
    // `CONNECT host:port` and `OPTIONS *` name no path: their method is
    // the fault, as anywhere else.
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return method_not_allowed(request).await;
    }
    let path = request.uri().path().to_string();
    let fault = Fault::not_found(format!(
        "no page at {path}: pages are /<game>/<parameters>/<position>, the API /api/query"
    ));
    fault_at(is_api(&path), &fault)
}

async fn method_not_allowed(request: Request) -> Response {
    let mut response = fault_at(
        is_api(request.uri().path()),
        &Fault {
            status: StatusCode::METHOD_NOT_ALLOWED,
            // Quoted as any input is, bounded: a method may be as long as
            // hyper's head limit.
            message: format!(
                "{} is not answered here: only GET and HEAD",
                crate::engine::notation::quote(request.method().as_str())
            ),
        },
    );
    // RFC 9110: a 405 says what is allowed.
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
    response
}

#[cfg(test)]
mod tests {
    use super::{limits, OPENAPI, REQUEST_TIME};
    use crate::cli::registry::GAMES;

    /// An answer that takes longer than [`REQUEST_TIME`] without ever
    /// pausing gets 408 (the timeout could not fire around such a handler
    /// in the same task, and fired only now and then with the answer in a
    /// task of its own), on one worker thread as on several.
    #[test]
    fn a_slow_answer_gets_408() {
        use std::io::{Read as _, Write as _};
        for workers in [1, 2] {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(workers)
                .max_blocking_threads(workers)
                .enable_all()
                .build()
                .unwrap();
            let listener = runtime
                .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
                .unwrap();
            let address = listener.local_addr().unwrap();
            let slow = || async {
                std::thread::sleep(REQUEST_TIME + std::time::Duration::from_secs(1));
                "done"
            };
            let app = axum::Router::new()
                .route("/slow", axum::routing::get(slow))
                .route("/fast", axum::routing::get(|| async { "fast" }))
                .layer(axum::middleware::from_fn(limits));
            runtime.spawn(async move { axum::serve(listener, app).await });
            let get = |path: &str| {
                let mut stream = std::net::TcpStream::connect(address).unwrap();
                write!(
                    stream,
                    "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                )
                .unwrap();
                let mut answer = String::new();
                stream.read_to_string(&mut answer).unwrap();
                answer
            };
            let answer = get("/slow");
            assert!(answer.starts_with("HTTP/1.1 408"), "{workers}: {answer}");
            assert!(
                answer.contains("the request took longer than 5 s"),
                "{answer}"
            );
            let answer = get("/fast");
            assert!(answer.starts_with("HTTP/1.1 200"), "{workers}: {answer}");
            assert!(answer.ends_with("fast"), "{answer}");
            runtime.shutdown_background();
        }
    }

    /// The document states every game and every parameter's range as the
    /// registry has them (the document is written by hand; this keeps it
    /// from drifting).
    #[test]
    fn the_openapi_ranges_are_the_registry_s() {
        let names: Vec<String> = GAMES.iter().map(|e| format!("\"{}\"", e.name)).collect();
        let games = format!("\"enum\": [{}]", names.join(", "));
        assert!(OPENAPI.contains(&games), "the document lacks {games}");
        for entry in GAMES {
            for p in entry.parameters {
                let line = OPENAPI
                    .lines()
                    .find(|l| l.contains(&format!("{{\"name\": \"{}\"", p.name)))
                    .unwrap_or_else(|| panic!("{} {} is not in the document", entry.name, p.name));
                let range = if p.step > 1 {
                    let values: Vec<String> = p.values().map(|v| v.to_string()).collect();
                    format!("\"enum\": [{}]", values.join(", "))
                } else {
                    format!("\"minimum\": {}, \"maximum\": {}", p.min, p.max)
                };
                assert!(line.contains(&range), "{}: {line} lacks {range}", p.name);
            }
        }
    }
}
