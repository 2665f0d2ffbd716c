//! `ludus loadtest`: many games played at once against a running `ludus serve`, through
//! the real protocol (docs/ONLINE.md), checking that every confirmed step reaches the
//! opponent, in order.
//!
//! Each game is two WebSocket connections in one task (a [`Pair`]): player A creates a game
//! (the five games in turn, small or default boards, a clock nobody runs out of), player B
//! joins it, and each plays random legal steps when its own copy of the game (replayed from
//! the frames it got, with the engine) says it is its turn, about `rate` steps a second.
//! Every step frame must carry `n` one more than the last, the step its mover sent, and the
//! seat to move and the status the engine gives. A step confirmed to its mover and never
//! seen by the opponent (by the end of the game, or the run and a grace period) is lost.
//! With two servers, each game's players are on different instances.
//!
//! With `hostile`, a few more connections send that many refusable frames during the run
//! (malformed, unknown, oversize, wrong tokens, replayed and out-of-turn steps on the honest
//! games' ids, floods); the honest games must not notice. Only servers on this machine
//! (loopback) are accepted: this is a test of one's own server, not a tool to load others.

use super::protocol::{ServerFrame, Status, ID_ALPHABET, ID_LEN, MAX_FRAME_BYTES, TOKEN_LEN};
use crate::games::{AnyGame, GameKind};
use crate::options::OptionMap;
use crate::rng::Rng;
use crate::session::Record;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::{sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async_with_config, WebSocketStream};

type Ws = WebSocketStream<TcpStream>;

/// How long an answer may take before it counts as missing (a create's seat, a step's echo).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(15);
/// After the run (or a game's last step), how long steps in flight may take to arrive.
const GRACE: Duration = Duration::from_secs(10);
/// Connections opened at once: the server's accept queue stays short at the start.
const CONNECTING_AT_ONCE: usize = 32;
/// Hostile connections (each from its own address when the server is on 127.0.0.1).
const HOSTILE_CONNECTIONS: usize = 4;
/// A connection that sends nothing for this long pings (the server closes idle ones).
const KEEPALIVE: Duration = Duration::from_secs(30);
/// The most error messages shown on standard error, and of one kind; the rest are counted.
const SHOWN_ERRORS: usize = 40;
const SHOWN_OF_A_KIND: usize = 3;

/// What `ludus loadtest` was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// `http://HOST:PORT` (or `ws://`), one or two.
    pub servers: Vec<String>,
    pub games: usize,
    pub seconds: f64,
    pub seed: u64,
    /// Steps a second in each game.
    pub rate: f64,
    /// Hostile frames to send during the run (0: none).
    pub hostile: usize,
}

impl Options {
    /// Reads the command's arguments (after `loadtest`); `--server` may be given twice.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut servers = Vec::new();
        let mut values: Vec<(&str, &str)> = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let Some(name) = arg.strip_prefix("--") else {
                return Err(format!("loadtest takes no argument {arg:?}"));
            };
            let value = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
            match name {
                "server" => servers.push(value.clone()),
                "games" | "seconds" | "seed" | "rate" | "hostile" => {
                    if values.iter().any(|(k, _)| *k == name) {
                        return Err(format!("--{name} is given twice"));
                    }
                    values.push((name, value));
                }
                _ => return Err(format!("loadtest has no flag --{name}")),
            }
        }
        if servers.is_empty() || servers.len() > 2 {
            return Err("loadtest needs --server once or twice".into());
        }
        let get = |name: &str| values.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
        fn number<T: std::str::FromStr>(name: &str, v: Option<&str>) -> Result<Option<T>, String> {
            v.map(|v| {
                v.parse()
                    .map_err(|_| format!("--{name} must be a number (got {v:?})"))
            })
            .transpose()
        }
        let options = Options {
            servers,
            games: number("games", get("games"))?.ok_or("--games is required")?,
            seconds: number("seconds", get("seconds"))?.ok_or("--seconds is required")?,
            seed: number("seed", get("seed"))?.unwrap_or(1),
            rate: number("rate", get("rate"))?.unwrap_or(1.0),
            hostile: number("hostile", get("hostile"))?.unwrap_or(0),
        };
        if !(1..=20_000).contains(&options.games) {
            return Err("--games must be 1 to 20000".into());
        }
        if !(options.seconds > 0.0 && options.seconds <= 86_400.0) {
            return Err("--seconds must be above 0 and at most a day".into());
        }
        if !(options.rate > 0.0 && options.rate <= 100.0) {
            return Err("--rate must be above 0 and at most 100".into());
        }
        if options.hostile > 10_000_000 {
            return Err("--hostile must be at most 10000000".into());
        }
        Ok(options)
    }
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games started (both seats taken).
    pub games: usize,
    /// Games that ended by the rules.
    pub ended: usize,
    /// Steps confirmed to their mover.
    pub steps: usize,
    pub errors: usize,
    pub lost: usize,
    /// From a step sent to its `step` frame at the opponent, in milliseconds.
    pub p50_ms: Option<f64>,
    pub p99_ms: Option<f64>,
    pub hostile: Option<HostileReport>,
}

/// What the hostile connections sent and how the server answered.
#[derive(Clone, Debug, Default)]
pub struct HostileReport {
    pub sent: usize,
    /// Answered by an `error` frame.
    pub refused: usize,
    /// Answered by anything else (a hostile frame the server took).
    pub taken: usize,
    /// Connections the server closed.
    pub closed: usize,
    /// Connections the server would not open.
    pub not_opened: usize,
}

impl Report {
    /// The one line the command prints.
    pub fn line(&self) -> String {
        let ms = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
        format!(
            "games {}, steps {}, errors {}, lost {}, p50 {} ms, p99 {} ms",
            self.games,
            self.steps,
            self.errors,
            self.lost,
            ms(self.p50_ms),
            ms(self.p99_ms)
        )
    }

    pub fn passed(&self) -> bool {
        self.errors == 0 && self.lost == 0
    }
}

/// A server to connect to.
#[derive(Clone, Debug)]
struct Target {
    addr: SocketAddr,
    /// `ws://HOST:PORT/live`, as the request names it.
    url: String,
    /// Connections come from 127.0.0.2 to 127.0.0.254 (a server on 127.0.0.1 then sees
    /// many addresses, as it does real players, and its per-address limits hold per player).
    spread: bool,
}

async fn resolve(server: &str) -> Result<Target, String> {
    let rest = server
        .strip_prefix("http://")
        .or_else(|| server.strip_prefix("ws://"))
        .ok_or_else(|| format!("--server {server:?}: give http://HOST:PORT"))?;
    let host_port = rest.trim_end_matches('/').trim_end_matches("/live");
    if host_port.contains('/') || !host_port.contains(':') {
        return Err(format!("--server {server:?}: give http://HOST:PORT"));
    }
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host(host_port)
        .await
        .map_err(|e| format!("--server {server:?}: {e}"))?
        .collect();
    // `localhost` may name ::1 first, where a server on 127.0.0.1 does not listen.
    let addr = *addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or(addrs.first())
        .ok_or_else(|| format!("--server {server:?}: no address"))?;
    if !addrs.iter().all(|a| a.ip().is_loopback()) {
        return Err(format!(
            "--server {server:?} is not on this machine: loadtest only runs against a loopback address"
        ));
    }
    Ok(Target {
        addr,
        url: format!("ws://{host_port}/live"),
        spread: addr.ip() == IpAddr::V4(Ipv4Addr::LOCALHOST),
    })
}

/// The counts every task adds to.
#[derive(Default)]
struct Counters {
    games: AtomicUsize,
    ended: AtomicUsize,
    steps: AtomicUsize,
    errors: AtomicUsize,
    lost: AtomicUsize,
    /// Latencies in microseconds.
    latencies: Mutex<Vec<u32>>,
    hostile_sent: AtomicUsize,
    hostile_refused: AtomicUsize,
    hostile_taken: AtomicUsize,
    hostile_closed: AtomicUsize,
    hostile_not_opened: AtomicUsize,
    shown: AtomicU64,
    /// How many errors of each kind (the message without its numbers and quotes).
    kinds: Mutex<std::collections::BTreeMap<String, usize>>,
}

impl Counters {
    fn error(&self, pair: usize, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let seen = {
            let mut kinds = self.kinds.lock().unwrap();
            let count = kinds.entry(kind_of(&what)).or_default();
            *count += 1;
            *count
        };
        // The first few of each kind: one kind of error does not hide the others.
        if seen <= SHOWN_OF_A_KIND {
            self.say(format!("game slot {pair}: {what}"));
        }
    }

    fn lost(&self, pair: usize, count: usize, id: &str) {
        self.lost.fetch_add(count, Ordering::Relaxed);
        self.say(format!(
            "game slot {pair}: {count} confirmed step(s) of game {id:?} never reached the opponent"
        ));
    }

    fn say(&self, message: String) {
        let shown = self.shown.fetch_add(1, Ordering::Relaxed) as usize;
        if shown < SHOWN_ERRORS {
            eprintln!("loadtest: {}", crate::game::visible(&message));
        } else if shown == SHOWN_ERRORS {
            eprintln!("loadtest: (further errors counted, not shown)");
        }
    }
}

/// An error's kind: its message with numbers as `#`, and quoted text (ids, steps) and ids
/// or tokens written bare (the server's reasons name a game so) as `…`.
fn kind_of(message: &str) -> String {
    let looks_like_code = |word: &str| {
        (word.len() == ID_LEN || word.len() == TOKEN_LEN)
            && word.bytes().all(|b| ID_ALPHABET.contains(&b))
            && word
                .bytes()
                .any(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
    };
    let mut kind = String::new();
    let mut quoted = false;
    let mut word = String::new();
    let flush = |word: &mut String, kind: &mut String| {
        if looks_like_code(word) {
            kind.push('…');
        } else {
            for c in word.chars() {
                match c {
                    '0'..='9' if kind.ends_with('#') => {}
                    '0'..='9' => kind.push('#'),
                    _ => kind.push(c),
                }
            }
        }
        word.clear();
    };
    for c in message.chars() {
        if c == '"' {
            flush(&mut word, &mut kind);
            if !quoted {
                kind.push('…');
            }
            quoted = !quoted;
        } else if quoted {
            continue;
        } else if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut kind);
            kind.push(c);
        }
    }
    flush(&mut word, &mut kind);
    kind
}

/// Runs the load test; Err only for what keeps it from starting (a bad server address, no
/// runtime).
pub fn run(options: &Options) -> Result<Report, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("no runtime: {e}"))?;
    runtime.block_on(run_async(options.clone()))
}

async fn run_async(options: Options) -> Result<Report, String> {
    let mut targets = Vec::new();
    for server in &options.servers {
        targets.push(resolve(server).await?);
    }
    let targets = Arc::new(targets);
    let counters = Arc::new(Counters::default());
    let registry: Registry = Arc::new(Mutex::new(vec![None; options.games]));
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(options.seconds);
    let connecting = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
    let mut tasks = Vec::new();
    for slot in 0..options.games {
        let pair = Pair::new(
            slot,
            &options,
            targets.clone(),
            counters.clone(),
            registry.clone(),
            end,
        );
        let connecting = connecting.clone();
        tasks.push(tokio::spawn(pair.run(connecting)));
    }
    let hostile = (options.hostile > 0).then(|| {
        tokio::spawn(hostile::run(
            options.hostile,
            options.seed,
            targets.clone(),
            counters.clone(),
            registry.clone(),
            end,
        ))
    });
    let progress = tokio::spawn(progress(counters.clone(), start));
    for task in tasks {
        if let Err(e) = task.await {
            counters.error(usize::MAX, format!("a game's task failed: {e}"));
        }
    }
    if let Some(task) = hostile {
        if let Err(e) = task.await {
            counters.error(usize::MAX, format!("the hostile task failed: {e}"));
        }
    }
    progress.abort();
    for (kind, count) in counters.kinds.lock().unwrap().iter() {
        eprintln!("loadtest: {count} error(s): {}", crate::game::visible(kind));
    }
    Ok(report(&counters, options.hostile > 0))
}

/// A line on standard error every 10 seconds, to follow a long run.
async fn progress(counters: Arc<Counters>, start: Instant) {
    let mut tick =
        tokio::time::interval_at(start + Duration::from_secs(10), Duration::from_secs(10));
    loop {
        tick.tick().await;
        eprintln!(
            "loadtest: {:>4.0}s: games {}, steps {}, errors {}, lost {}",
            start.elapsed().as_secs_f64(),
            counters.games.load(Ordering::Relaxed),
            counters.steps.load(Ordering::Relaxed),
            counters.errors.load(Ordering::Relaxed),
            counters.lost.load(Ordering::Relaxed)
        );
    }
}

fn report(counters: &Counters, hostile: bool) -> Report {
    let mut latencies = std::mem::take(&mut *counters.latencies.lock().unwrap());
    latencies.sort_unstable();
    let percentile = |p: f64| {
        (!latencies.is_empty()).then(|| {
            let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
            f64::from(latencies[i]) / 1000.0
        })
    };
    let load = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    Report {
        games: load(&counters.games),
        ended: load(&counters.ended),
        steps: load(&counters.steps),
        errors: load(&counters.errors),
        lost: load(&counters.lost),
        p50_ms: percentile(0.5),
        p99_ms: percentile(0.99),
        hostile: hostile.then(|| HostileReport {
            sent: load(&counters.hostile_sent),
            refused: load(&counters.hostile_refused),
            taken: load(&counters.hostile_taken),
            closed: load(&counters.hostile_closed),
            not_opened: load(&counters.hostile_not_opened),
        }),
    }
}

/// The honest games as the hostile connections may aim at them: id, the tokens by seat,
/// the steps so far and whether it ended. A slot per pair.
type Registry = Arc<Mutex<Vec<Option<Honest>>>>;

#[derive(Clone, Debug)]
struct Honest {
    target: usize,
    id: String,
    tokens: [String; 2],
    /// The seat of each token (tokens[i] holds seats[i]).
    seats: [usize; 2],
    steps: Vec<String>,
    to_move: Option<usize>,
    ended: bool,
}

/// Opens one connection to `target`, from `source` when given.
async fn connect(target: &Target, source: Option<Ipv4Addr>) -> Result<Ws, String> {
    let socket = match target.addr {
        SocketAddr::V4(_) => TcpSocket::new_v4(),
        SocketAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(|e| format!("no socket: {e}"))?;
    if let Some(ip) = source {
        socket
            .bind(SocketAddr::new(IpAddr::V4(ip), 0))
            .map_err(|e| format!("cannot bind to {ip}: {e}"))?;
    }
    let open = async {
        let stream = socket
            .connect(target.addr)
            .await
            .map_err(|e| format!("cannot connect to {}: {e}", target.addr))?;
        stream.set_nodelay(true).ok();
        // tungstenite reads into a 128 KiB buffer by default: for thousands of connections
        // of frames under 4 KiB, a small one (it grows for a larger frame).
        let config = WebSocketConfig::default().read_buffer_size(4096);
        let (ws, _) = client_async_with_config(target.url.as_str(), stream, Some(config))
            .await
            .map_err(|e| format!("WebSocket handshake with {} failed: {e}", target.url))?;
        Ok(ws)
    };
    timeout(ANSWER_TIMEOUT, open)
        .await
        .map_err(|_| format!("no connection to {} in {ANSWER_TIMEOUT:?}", target.url))?
}

/// The loopback address a connection comes from, when the server is on 127.0.0.1: the
/// honest ones over 127.0.0.2–127.0.0.250, the hostile ones from 127.0.0.251–254.
fn honest_source(target: &Target, connection: usize) -> Option<Ipv4Addr> {
    target
        .spread
        .then(|| Ipv4Addr::new(127, 0, 0, 2 + (connection % 249) as u8))
}

async fn send(ws: &mut Ws, frame: serde_json::Value) -> Result<(), String> {
    send_text(ws, frame.to_string()).await
}

async fn send_text(ws: &mut Ws, text: String) -> Result<(), String> {
    ws.send(Message::Text(text.into()))
        .await
        .map_err(|e| format!("send failed: {e}"))
}

/// What a connection got: a server frame, something else to ignore, or its end.
enum Received {
    Frame(Box<ServerFrame>),
    Unreadable(String),
    Ignore,
    Closed(String),
}

fn received(message: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>) -> Received {
    match message {
        None => Received::Closed("the server closed the connection".into()),
        Some(Err(e)) => Received::Closed(format!("the connection failed: {e}")),
        Some(Ok(Message::Text(text))) => match serde_json::from_str::<ServerFrame>(&text) {
            Ok(frame) => Received::Frame(Box::new(frame)),
            Err(e) => Received::Unreadable(format!(
                "the server sent a frame the protocol does not have ({e}): {}",
                crate::game::shorten(&text)
            )),
        },
        Some(Ok(Message::Close(c))) => {
            Received::Closed(format!("the server closed the connection ({c:?})"))
        }
        Some(Ok(_)) => Received::Ignore,
    }
}

/// The setups a game slot plays, in turn: the five games, small boards most often (their
/// games end sooner, so new games are made during a run too), default ones otherwise.
fn setup(kind: GameKind, rng: &mut Rng) -> String {
    let small = rng.below(4) != 0;
    let mut options = OptionMap::new();
    match kind {
        GameKind::Unravel | GameKind::Scattercut | GameKind::Unlur if small => {
            options.set("size", "4");
        }
        _ => {}
    }
    let options = kind.with_random_setup(&options, rng.next_u64());
    let canonical = AnyGame::new(kind, &options)
        .map(|(_, canonical)| canonical)
        .unwrap_or(options);
    Record::line(kind, canonical, Vec::new(), None).to_text()
}

/// The game from a `state` frame's record.
fn game_of(record: &str) -> Result<(AnyGame, Vec<String>), String> {
    let record =
        Record::parse(record).map_err(|e| format!("the state's record is refused: {e}"))?;
    let (mut game, _) = AnyGame::new(record.kind, &record.options)
        .map_err(|e| format!("the state's setup is refused: {e}"))?;
    for step in &record.steps {
        game.play_text(step)
            .map_err(|e| format!("the state's step {step} is refused: {e}"))?;
    }
    Ok((game, record.steps))
}

/// One player of a pair: its connection and its own copy of the game.
struct Player {
    ws: Option<Ws>,
    seat: Option<usize>,
    token: Option<String>,
    game: Option<AnyGame>,
    /// The steps of the game it got, in order.
    seen: Vec<String>,
    /// The steps it made that the server confirmed (their indexes in `seen`).
    confirmed: Vec<usize>,
    /// A step sent and not yet answered: steps before it, its text, when sent.
    pending: Option<(usize, String, Instant)>,
    /// When it last sent a frame.
    last_sent: Instant,
    /// In a rematch: it asked to watch the new game.
    watching_next: bool,
    /// When its seat frame came, and whether it had to ask for the state itself.
    seated_at: Option<Instant>,
    rewatched: bool,
}

impl Player {
    fn new() -> Player {
        Player {
            ws: None,
            seat: None,
            token: None,
            game: None,
            seen: Vec::new(),
            confirmed: Vec::new(),
            pending: None,
            last_sent: Instant::now(),
            watching_next: false,
            seated_at: None,
            rewatched: false,
        }
    }

    fn reset(&mut self) {
        self.seat = None;
        self.token = None;
        self.game = None;
        self.seen.clear();
        self.confirmed.clear();
        self.pending = None;
        self.watching_next = false;
        self.seated_at = None;
        self.rewatched = false;
    }

    /// Whether its copy says it is to move (and it has no step in flight).
    fn to_move(&self) -> bool {
        self.pending.is_none()
            && self.seat.is_some()
            && self.game.as_ref().and_then(AnyGame::to_move) == self.seat
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// A's `create` sent: waiting for its seat.
    Creating(Instant),
    /// B's `join` sent: waiting for both to get the game playing.
    Joining(Instant),
    /// Both asked for a rematch: waiting for the new game, then for both to watch it.
    Rematching(Instant),
    Playing,
    /// The game ended, or the run did: waiting for steps in flight (until then).
    Draining(Instant),
}

/// One game slot: two players, a game after another until the run ends.
struct Pair {
    slot: usize,
    targets: Arc<Vec<Target>>,
    counters: Arc<Counters>,
    registry: Registry,
    end: Instant,
    period: Duration,
    rng: Rng,
    round: usize,
    players: [Player; 2],
    id: Option<String>,
    /// The rematch's id, once the old game's state names it.
    next_id: Option<String>,
    /// When each step (by its index) was sent.
    sent_at: Vec<Option<Instant>>,
    next_due: Instant,
    phase: Phase,
    /// Whether the game counted in `games` yet.
    started: bool,
}

/// What woke a pair.
enum Event {
    Got(usize, Received),
    Tick,
}

impl Pair {
    fn new(
        slot: usize,
        options: &Options,
        targets: Arc<Vec<Target>>,
        counters: Arc<Counters>,
        registry: Registry,
        end: Instant,
    ) -> Pair {
        Pair {
            slot,
            targets,
            counters,
            registry,
            end,
            period: Duration::from_secs_f64(1.0 / options.rate),
            rng: Rng::new(options.seed ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            round: 0,
            players: [Player::new(), Player::new()],
            id: None,
            next_id: None,
            sent_at: Vec::new(),
            next_due: Instant::now(),
            phase: Phase::Playing,
            started: false,
        }
    }

    /// Player `p`'s server: with two, B is on the other one.
    fn target(&self, p: usize) -> &Target {
        &self.targets[(self.slot + p) % self.targets.len()]
    }

    async fn run(mut self, connecting: Arc<Semaphore>) {
        let mut failures = 0;
        while Instant::now() < self.end && failures < 5 {
            match self.connect_both(&connecting).await {
                Ok(()) => {
                    if self.play_games().await.is_ok() {
                        break;
                    }
                }
                Err(e) => self.counters.error(self.slot, e),
            }
            failures += 1;
            self.players = [Player::new(), Player::new()];
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        for player in &mut self.players {
            if let Some(mut ws) = player.ws.take() {
                let _ = timeout(Duration::from_secs(2), ws.close(None)).await;
            }
        }
        self.registry.lock().unwrap()[self.slot] = None;
    }

    async fn connect_both(&mut self, connecting: &Semaphore) -> Result<(), String> {
        let _turn = connecting.acquire().await.map_err(|e| e.to_string())?;
        for p in 0..2 {
            let target = self.target(p).clone();
            let ws = connect(&target, honest_source(&target, 2 * self.slot + p)).await?;
            self.players[p].ws = Some(ws);
        }
        Ok(())
    }

    /// Games one after another until the run's end; Err after a connection failed.
    async fn play_games(&mut self) -> Result<(), ()> {
        self.new_game().await?;
        loop {
            let now = Instant::now();
            if self.act(now).await.is_err() {
                return Err(());
            }
            if let Phase::Draining(until) = self.phase {
                if self.settled() || now >= until {
                    self.settle();
                    if now >= self.end {
                        return Ok(());
                    }
                    self.new_game().await?;
                    continue;
                }
            }
            let event = self.next_event().await;
            match event {
                Event::Tick => {}
                Event::Got(p, Received::Frame(frame)) => self.frame(p, *frame).await?,
                Event::Got(_, Received::Ignore) => {}
                Event::Got(_, Received::Unreadable(e)) => self.counters.error(self.slot, e),
                Event::Got(p, Received::Closed(e)) => {
                    let who = ["A", "B"][p];
                    self.counters.error(self.slot, format!("player {who}: {e}"));
                    self.players[p].ws = None;
                    return Err(());
                }
            }
        }
    }

    async fn next_event(&mut self) -> Event {
        let wake = match self.phase {
            Phase::Creating(at) | Phase::Joining(at) | Phase::Rematching(at) => at + ANSWER_TIMEOUT,
            Phase::Playing => self.next_due.min(self.end),
            Phase::Draining(until) => until,
        }
        .min(Instant::now() + Duration::from_secs(1));
        let [a, b] = &mut self.players;
        let (Some(a), Some(b)) = (a.ws.as_mut(), b.ws.as_mut()) else {
            return Event::Got(0, Received::Closed("no connection".into()));
        };
        tokio::select! {
            m = a.next() => Event::Got(0, received(m)),
            m = b.next() => Event::Got(1, received(m)),
            _ = sleep_until(wake) => Event::Tick,
        }
    }

    /// The next game: every other one a rematch of the one that ended (the seats turned
    /// round, no new challenge, as players who liked a game do), the others a new challenge
    /// of the next game in turn.
    async fn new_game(&mut self) -> Result<(), ()> {
        let ended = self
            .players
            .iter()
            .all(|p| p.game.as_ref().is_some_and(|g| g.outcome().is_some()) && p.token.is_some());
        if let (true, 1, Some(id)) = (ended, self.round % 2, self.id.clone()) {
            self.round += 1;
            return self.rematch(id).await;
        }
        if let Some(old) = self.id.clone() {
            for p in 0..2 {
                self.send(p, json!({"t": "unwatch", "id": old})).await?;
            }
        }
        for p in &mut self.players {
            p.reset();
        }
        self.id = None;
        self.next_id = None;
        self.sent_at.clear();
        self.started = false;
        self.registry.lock().unwrap()[self.slot] = None;
        let kind = GameKind::ALL[(self.slot + self.round) % GameKind::ALL.len()];
        self.round += 1;
        let setup = setup(kind, &mut self.rng);
        let frame = json!({
            "t": "create",
            "setup": setup,
            "seat": "random",
            "clock": {"kind": "fischer", "initial": 3600, "increment": 0},
            "open": false,
            "name": format!("load {}", self.slot),
        });
        self.phase = Phase::Creating(Instant::now());
        self.send(0, frame).await
    }

    async fn rematch(&mut self, old: String) -> Result<(), ()> {
        // Each keeps its token (it holds the other seat in the rematch) and nothing else:
        // the new game begins once both have its state.
        for p in &mut self.players {
            let token = p.token.take();
            p.reset();
            p.token = token;
        }
        self.sent_at.clear();
        self.started = false;
        self.registry.lock().unwrap()[self.slot] = None;
        self.phase = Phase::Rematching(Instant::now());
        for p in 0..2 {
            let token = self.players[p].token.clone();
            self.send(p, json!({"t": "rematch", "id": old, "token": token}))
                .await?;
        }
        Ok(())
    }

    /// The old game's state names the rematch: player `p` leaves it and watches the new one
    /// with its token (which holds the other seat there).
    async fn watch_next(&mut self, p: usize, old: &str, next: String) -> Result<(), ()> {
        if self.players[p].watching_next {
            return Ok(());
        }
        let token = self.players[p].token.clone();
        self.players[p].watching_next = true;
        self.send(p, json!({"t": "unwatch", "id": old})).await?;
        self.send(p, json!({"t": "watch", "id": next, "token": token}))
            .await
    }

    async fn send(&mut self, p: usize, frame: serde_json::Value) -> Result<(), ()> {
        self.players[p].last_sent = Instant::now();
        let Some(ws) = self.players[p].ws.as_mut() else {
            return Err(());
        };
        if let Err(e) = send(ws, frame).await {
            self.counters
                .error(self.slot, format!("player {}: {e}", ["A", "B"][p]));
            self.players[p].ws = None;
            return Err(());
        }
        Ok(())
    }

    /// What is due now: a step, or giving up on an answer that did not come.
    async fn act(&mut self, now: Instant) -> Result<(), ()> {
        for p in 0..2 {
            if now >= self.players[p].last_sent + KEEPALIVE {
                self.send(p, json!({"t": "ping"})).await?;
            }
        }
        match self.phase {
            Phase::Creating(at) | Phase::Joining(at) | Phase::Rematching(at)
                if now >= at + ANSWER_TIMEOUT =>
            {
                let what = match self.phase {
                    Phase::Creating(_) => "create",
                    Phase::Joining(_) => "join",
                    _ => "rematch",
                };
                self.counters.error(
                    self.slot,
                    format!("no game from a {what} in {ANSWER_TIMEOUT:?}"),
                );
                if now >= self.end {
                    self.phase = Phase::Draining(now);
                    return Ok(());
                }
                self.id = None;
                self.new_game().await
            }
            Phase::Joining(_) => self.state_after_join(now).await,
            Phase::Playing if now >= self.end => {
                self.phase = Phase::Draining(now + GRACE);
                Ok(())
            }
            Phase::Playing if now >= self.next_due => self.step(now).await,
            _ => Ok(()),
        }
    }

    /// The protocol has everyone get the state after a join: a joiner still without it
    /// after a while is an error, and it asks for the state itself (as a page would on a
    /// reload) so that the run goes on to test the rest.
    async fn state_after_join(&mut self, now: Instant) -> Result<(), ()> {
        let b = &self.players[1];
        let waited = b
            .seated_at
            .is_some_and(|at| now >= at + Duration::from_secs(3));
        if !waited || b.game.is_some() || b.rewatched {
            return Ok(());
        }
        self.counters.error(
            self.slot,
            format!("player B got no state 3 s after joining game {:?}", self.id),
        );
        self.players[1].rewatched = true;
        let (id, token) = (self.id.clone(), self.players[1].token.clone());
        self.send(1, json!({"t": "watch", "id": id, "token": token}))
            .await
    }

    /// The player to move plays a random legal step, if its copy says one is to move.
    async fn step(&mut self, now: Instant) -> Result<(), ()> {
        let Some(p) = (0..2).find(|&p| self.players[p].to_move()) else {
            return Ok(());
        };
        let player = &self.players[p];
        let mut copy = player.game.clone().expect("a player to move has a game");
        let Some(text) = copy.play_random(&mut self.rng) else {
            return Ok(());
        };
        let n = player.seen.len();
        let frame = json!({
            "t": "step",
            "id": self.id,
            "token": player.token,
            "n": n,
            "step": text,
        });
        self.players[p].pending = Some((n, text, now));
        if self.sent_at.len() <= n {
            self.sent_at.resize(n + 1, None);
        }
        self.sent_at[n] = Some(now);
        self.next_due = now + self.period;
        self.send(p, frame).await
    }

    async fn frame(&mut self, p: usize, frame: ServerFrame) -> Result<(), ()> {
        match frame {
            ServerFrame::Seat { id, seat, token } => self.seat(p, id, seat, token).await,
            ServerFrame::State { game } => {
                let is = |id: &Option<String>| id.as_deref() == Some(game.id.as_str());
                let playing = game.status == Status::Playing && self.players[p].game.is_none();
                match self.phase {
                    Phase::Joining(_) if is(&self.id) && playing => {
                        self.ready(p, &game.record, game.you);
                    }
                    Phase::Rematching(_) if is(&self.id) => {
                        if let Some(next) = game.next {
                            self.next_id = Some(next.clone());
                            self.watch_next(p, &game.id, next).await?;
                        }
                    }
                    Phase::Rematching(_)
                        if is(&self.next_id) && playing && self.players[p].watching_next =>
                    {
                        self.ready(p, &game.record, game.you);
                    }
                    _ => {}
                }
                Ok(())
            }
            ServerFrame::Step {
                id,
                n,
                step,
                by,
                to_move,
                status,
                ..
            } => {
                if self.id.as_deref() == Some(id.as_str()) {
                    self.got_step(p, n, step, by, to_move, status);
                } else {
                    self.counters
                        .error(self.slot, format!("a step of game {id:?}, not this one's"));
                }
                Ok(())
            }
            ServerFrame::Error { of, id, reason } => {
                self.refused(p, &of, id.as_deref(), &reason).await
            }
            ServerFrame::Presence { .. } | ServerFrame::Lobby { .. } | ServerFrame::Pong => Ok(()),
        }
    }

    async fn seat(&mut self, p: usize, id: String, seat: usize, token: String) -> Result<(), ()> {
        match (p, self.phase) {
            (0, Phase::Creating(_)) if self.id.is_none() => {
                self.players[0].seat = Some(seat);
                self.players[0].token = Some(token);
                self.id = Some(id.clone());
                self.phase = Phase::Joining(Instant::now());
                let name = format!("load {}b", self.slot);
                self.send(1, json!({"t": "join", "id": id, "name": name}))
                    .await
            }
            (1, Phase::Joining(_)) if self.id.as_deref() == Some(id.as_str()) => {
                self.players[1].seat = Some(seat);
                self.players[1].token = Some(token);
                self.players[1].seated_at = Some(Instant::now());
                Ok(())
            }
            _ => {
                self.counters
                    .error(self.slot, format!("a seat in game {id:?} nobody asked for"));
                Ok(())
            }
        }
    }

    /// Player `p` has the game playing: its copy from the record. Its seat is the one
    /// its seat frame gave, or in a rematch the one its token holds now.
    fn ready(&mut self, p: usize, record: &str, you: Option<usize>) {
        let rematch = matches!(self.phase, Phase::Rematching(_));
        let Some(you) = you.filter(|&you| rematch || Some(you) == self.players[p].seat) else {
            if !rematch && self.players[p].seat.is_none() {
                // B's state before its seat frame: not possible on one connection, but the
                // seat frame is what says which seat is B's.
                return;
            }
            self.counters.error(
                self.slot,
                format!(
                    "the state says seat {you:?}, the seat frame {:?}",
                    self.players[p].seat
                ),
            );
            return;
        };
        self.players[p].seat = Some(you);
        match game_of(record) {
            Ok((game, steps)) => {
                self.players[p].game = Some(game);
                self.players[p].seen = steps;
            }
            Err(e) => {
                self.counters.error(self.slot, e);
                self.phase = Phase::Draining(Instant::now());
                return;
            }
        }
        if self.players.iter().all(|p| p.game.is_some()) {
            self.begin();
        }
    }

    fn begin(&mut self) {
        if let Some(next) = self.next_id.take() {
            self.id = Some(next);
        }
        self.phase = Phase::Playing;
        self.started = true;
        self.counters.games.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        let offset = self.period.mul_f64(self.rng.unit());
        self.next_due = now + offset;
        let [a, b] = &self.players;
        let honest = Honest {
            target: self.slot % self.targets.len(),
            id: self.id.clone().unwrap_or_default(),
            tokens: [
                a.token.clone().unwrap_or_default(),
                b.token.clone().unwrap_or_default(),
            ],
            seats: [a.seat.unwrap_or(0), b.seat.unwrap_or(1)],
            steps: a.seen.clone(),
            to_move: a.game.as_ref().and_then(AnyGame::to_move),
            ended: false,
        };
        self.registry.lock().unwrap()[self.slot] = Some(honest);
    }

    /// A `step` frame at player `p`: the next one, legal, and as its mover sent it.
    fn got_step(
        &mut self,
        p: usize,
        n: usize,
        step: String,
        by: usize,
        to_move: Option<usize>,
        status: Status,
    ) {
        let now = Instant::now();
        let slot = self.slot;
        let player = &mut self.players[p];
        let Some(game) = player.game.as_mut() else {
            self.counters
                .error(slot, format!("step {n} before the game began"));
            return;
        };
        if n != player.seen.len() + 1 {
            self.counters.error(
                slot,
                format!(
                    "step n={n} after {} steps (game {:?})",
                    player.seen.len(),
                    self.id
                ),
            );
            self.phase = Phase::Draining(now);
            return;
        }
        let mover = game.to_move();
        if let Err(e) = game.play_text(&step) {
            self.counters.error(
                slot,
                format!("the server confirmed step {n} {step}, which the engine refuses: {e}"),
            );
            self.phase = Phase::Draining(now);
            return;
        }
        player.seen.push(step.clone());
        let mut problems = Vec::new();
        if mover != Some(by) {
            problems.push(format!("by seat {by}, but seat {mover:?} was to move"));
        }
        if to_move != game.to_move() {
            problems.push(format!(
                "toMove {to_move:?}, the engine says {:?}",
                game.to_move()
            ));
        }
        let ended = game.outcome().is_some();
        if (status == Status::Ended) != ended {
            problems.push(format!("status {status:?}, the engine says ended: {ended}"));
        }
        if player.seat == Some(by) {
            match player.pending.take() {
                Some((sent_n, text, _)) if sent_n + 1 == n && text == step => {
                    player.confirmed.push(n - 1);
                    self.counters.steps.fetch_add(1, Ordering::Relaxed);
                }
                Some((sent_n, text, _)) => problems.push(format!(
                    "its mover sent {text} at n={sent_n}, got {step} n={n}"
                )),
                None => problems.push(format!("step {step} by this player's seat, never sent")),
            }
        } else if let Some(Some(sent)) = self.sent_at.get(n - 1) {
            let micros = now
                .duration_since(*sent)
                .as_micros()
                .min(u128::from(u32::MAX)) as u32;
            self.counters.latencies.lock().unwrap().push(micros);
        }
        for problem in problems {
            self.counters.error(
                slot,
                format!("step n={n} {step} of {:?}: {problem}", self.id),
            );
        }
        if p == 0 {
            if let Some(h) = self.registry.lock().unwrap()[slot].as_mut() {
                h.steps.push(step);
                h.to_move = to_move;
                h.ended = ended;
            }
        }
        if ended && matches!(self.phase, Phase::Playing) {
            self.counters.ended.fetch_add(1, Ordering::Relaxed);
            self.phase = Phase::Draining(now + GRACE);
        }
    }

    async fn refused(
        &mut self,
        p: usize,
        of: &str,
        id: Option<&str>,
        reason: &str,
    ) -> Result<(), ()> {
        let who = ["A", "B"][p];
        self.counters.error(
            self.slot,
            format!("player {who}: the server refused its {of} (game {id:?}): {reason}"),
        );
        match of {
            "step" => {
                self.players[p].pending = None;
                Ok(())
            }
            "create" | "join" if Instant::now() < self.end => {
                tokio::time::sleep(Duration::from_secs(1)).await;
                self.new_game().await
            }
            _ => Ok(()),
        }
    }

    /// Nothing more in flight: no step unanswered, both players have the same steps.
    fn settled(&self) -> bool {
        let [a, b] = &self.players;
        a.pending.is_none() && b.pending.is_none() && a.seen.len() == b.seen.len()
    }

    /// The game is over for this pair: what one player had confirmed and the other never
    /// saw is lost; a step that got no answer at all is an error.
    fn settle(&mut self) {
        let id = self.id.clone().unwrap_or_default();
        if !self.started {
            return;
        }
        for p in 0..2 {
            let (me, other) = (&self.players[p], &self.players[1 - p]);
            let lost = me
                .confirmed
                .iter()
                .filter(|&&i| i >= other.seen.len())
                .count();
            if lost > 0 {
                self.counters.lost(self.slot, lost, &id);
                if std::env::var_os("LUDUS_LOADTEST_DEBUG").is_some() {
                    eprintln!(
                        "DEBUG slot {} p{p} seat {:?} seen {:?} confirmed {:?} / other seat {:?} seen {:?} phase {:?} round {}",
                        self.slot, me.seat, me.seen, me.confirmed, other.seat, other.seen, self.phase, self.round
                    );
                }
            }
            if let Some((n, text, _)) = &me.pending {
                self.counters.error(
                    self.slot,
                    format!("step {text:?} at n={n} of game {id:?}: no answer"),
                );
            }
        }
        let [a, b] = &self.players;
        let differ = a.seen.iter().zip(&b.seen).filter(|(x, y)| x != y).count();
        if differ > 0 {
            self.counters.error(
                self.slot,
                format!("game {id:?}: the players got {differ} different steps"),
            );
        }
        self.started = false;
    }
}

/// Random text from the ids' alphabet (a well-formed id or token that is nobody's).
fn code(rng: &mut Rng, len: usize) -> String {
    (0..len)
        .map(|_| char::from(ID_ALPHABET[rng.below(ID_ALPHABET.len())]))
        .collect()
}

mod hostile {
    //! The hostile connections: refusable frames, sent during the run.
    use super::*;

    /// Each connection's share of the frames, sent in bursts over the run.
    pub(super) async fn run(
        frames: usize,
        seed: u64,
        targets: Arc<Vec<Target>>,
        counters: Arc<Counters>,
        registry: Registry,
        end: Instant,
    ) {
        let mut tasks = Vec::new();
        for c in 0..HOSTILE_CONNECTIONS {
            let share =
                frames / HOSTILE_CONNECTIONS + usize::from(c < frames % HOSTILE_CONNECTIONS);
            let target = targets[c % targets.len()].clone();
            let source = target
                .spread
                .then(|| Ipv4Addr::new(127, 0, 0, 251 + c as u8));
            let (counters, registry) = (counters.clone(), registry.clone());
            let rng = Rng::new(seed.wrapping_add(0xA5A5_0000 + c as u64));
            tasks.push(tokio::spawn(connection(
                share,
                c % targets.len(),
                target,
                source,
                rng,
                counters,
                registry,
                end,
            )));
        }
        for t in tasks {
            let _ = t.await;
        }
        let load = |a: &AtomicUsize| a.load(Ordering::Relaxed);
        eprintln!(
            "loadtest: hostile: sent {}, refused {} (error frames), taken {}, connections closed by the server {}, not opened {}",
            load(&counters.hostile_sent),
            load(&counters.hostile_refused),
            load(&counters.hostile_taken),
            load(&counters.hostile_closed),
            load(&counters.hostile_not_opened)
        );
    }

    #[allow(clippy::too_many_arguments)]
    async fn connection(
        mut left: usize,
        target_index: usize,
        target: Target,
        source: Option<Ipv4Addr>,
        mut rng: Rng,
        counters: Arc<Counters>,
        registry: Registry,
        end: Instant,
    ) {
        // The frames are spread over most of the run, so they meet games in every phase.
        let start = Instant::now();
        let span = end.saturating_duration_since(start).mul_f64(0.8);
        let total = left.max(1);
        while left > 0 && Instant::now() < end {
            let ws = match connect(&target, source).await {
                Ok(ws) => ws,
                Err(_) => {
                    counters.hostile_not_opened.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            };
            let (mut write, mut read) = ws.split();
            let reader_counters = counters.clone();
            let reader = tokio::spawn(async move {
                while let Some(m) = read.next().await {
                    match received(Some(m)) {
                        Received::Frame(f) => match *f {
                            ServerFrame::Error { .. } => {
                                reader_counters
                                    .hostile_refused
                                    .fetch_add(1, Ordering::Relaxed);
                            }
                            _ => {
                                reader_counters
                                    .hostile_taken
                                    .fetch_add(1, Ordering::Relaxed);
                            }
                        },
                        Received::Closed(_) => break,
                        _ => {}
                    }
                }
            });
            let mut closed = false;
            while left > 0 && Instant::now() < end && !reader.is_finished() {
                let burst = if rng.below(10) == 0 {
                    1 + rng.below(50)
                } else {
                    1
                };
                for _ in 0..burst.min(left) {
                    let frame = hostile_frame(&mut rng, target_index, &registry);
                    if write.send(Message::Text(frame.into())).await.is_err() {
                        closed = true;
                        break;
                    }
                    left -= 1;
                    counters.hostile_sent.fetch_add(1, Ordering::Relaxed);
                }
                if closed {
                    break;
                }
                let done = total - left;
                let due = start + span.mul_f64(done as f64 / total as f64);
                sleep_until(due.min(end)).await;
            }
            if closed || reader.is_finished() {
                counters.hostile_closed.fetch_add(1, Ordering::Relaxed);
            } else {
                // Answers to the last frames, then a clean close.
                tokio::time::sleep(Duration::from_secs(2)).await;
                let _ = write.close().await;
            }
            let _ = timeout(Duration::from_secs(2), reader).await;
        }
    }

    /// One hostile frame; the ones about honest games use their ids, and for replayed and
    /// out-of-turn steps their real tokens (a seat's holder may send from anywhere), so
    /// only the server's checks of `n` and the turn stand between them and the game.
    fn hostile_frame(rng: &mut Rng, target: usize, registry: &Registry) -> String {
        let honest = {
            let games = registry.lock().unwrap();
            let live: Vec<&Honest> = games
                .iter()
                .flatten()
                .filter(|h| h.target == target)
                .collect();
            rng.choose(&live).map(|h| (*h).clone())
        };
        let random_id = code(rng, ID_LEN);
        let random_token = code(rng, TOKEN_LEN);
        let kind = rng.below(12);
        let Some(h) = honest.filter(|_| kind >= 4) else {
            return unaimed(rng, kind % 4, &random_id, &random_token);
        };
        match kind {
            4 => json!({"t": "step", "id": h.id, "token": random_token, "n": h.steps.len(), "step": "a1"}),
            5 if !h.steps.is_empty() => {
                // A step already played, sent again with its n (a replay).
                let k = rng.below(h.steps.len());
                let token = &h.tokens[rng.below(2)];
                json!({"t": "step", "id": h.id, "token": token, "n": k, "step": h.steps[k]})
            }
            6 => match h.to_move {
                // The token of the seat not to move, at the current n.
                Some(seat) if !h.ended => {
                    let other = usize::from(h.seats[0] == seat);
                    let step = h.steps.last().cloned().unwrap_or_else(|| "a1".into());
                    json!({"t": "step", "id": h.id, "token": h.tokens[other], "n": h.steps.len(), "step": step})
                }
                _ => json!({"t": "step", "id": h.id, "token": h.tokens[0], "n": h.steps.len(), "step": "a1"}),
            },
            7 => json!({"t": "join", "id": h.id, "name": "intruder"}),
            8 => json!({"t": "resign", "id": h.id, "token": random_token}),
            9 => json!({"t": "rematch", "id": h.id, "token": random_token}),
            10 => json!({"t": "draw", "id": h.id, "token": random_token, "offer": true}),
            _ => json!({"t": "step", "id": h.id, "token": h.tokens[0], "n": h.steps.len() + 5, "step": "a1"}),
        }
        .to_string()
    }

    /// Frames about no honest game: malformed, unknown, oversize, unknown game ids.
    fn unaimed(rng: &mut Rng, kind: usize, id: &str, token: &str) -> String {
        match kind {
            0 => {
                let valid = json!({"t": "step", "id": id, "token": token, "n": 0, "step": "a1"})
                    .to_string();
                let cut = 1 + rng.below(valid.len() - 1);
                valid[..cut].to_string()
            }
            1 => json!({"t": "teleport", "id": id}).to_string(),
            2 => format!(
                r#"{{"t":"create","setup":"unlur","seat":0,"clock":{{"kind":"fischer","initial":60,"increment":0}},"name":"{}"}}"#,
                "x".repeat(MAX_FRAME_BYTES + rng.below(4096))
            ),
            _ => json!({"t": "watch", "id": id, "token": token}).to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn reads_its_arguments() {
        let o = Options::parse(&args(
            "--server http://127.0.0.1:1 --games 3 --seconds 2 --server http://127.0.0.1:2 --rate 0.5",
        ))
        .unwrap();
        assert_eq!(o.servers.len(), 2);
        assert_eq!(
            (o.games, o.seconds, o.rate, o.hostile, o.seed),
            (3, 2.0, 0.5, 0, 1)
        );
        let refused = |text: &str| Options::parse(&args(text)).unwrap_err();
        assert!(refused("--games 3 --seconds 2").contains("--server"));
        assert!(
            refused("--server a --server b --server c --games 1 --seconds 1").contains("twice")
        );
        assert!(refused("--server a --games 1 --games 2 --seconds 1").contains("given twice"));
        assert!(refused("--server a --games 0 --seconds 1").contains("--games"));
        assert!(refused("--server a --games 1 --seconds 1 --rate 0").contains("--rate"));
        assert!(refused("--server a --games 1 --seconds x").contains("number"));
        assert!(refused("--server a --games 1 --seconds 1 --fast 1").contains("no flag"));
    }

    #[test]
    fn the_line_and_the_kinds_of_errors() {
        let report = Report {
            games: 2,
            steps: 10,
            p50_ms: Some(0.5),
            ..Report::default()
        };
        assert_eq!(
            report.line(),
            "games 2, steps 10, errors 0, lost 0, p50 0.5 ms, p99 - ms"
        );
        assert!(report.passed());
        assert_eq!(
            kind_of(r#"step n=12 after 10 steps (game Some("ab3"))"#),
            "step n=# after # steps (game Some(…))"
        );
        assert_eq!(
            kind_of("there is no game Hdbup2cHjj, nor everything"),
            "there is no game …, nor everything"
        );
    }

    #[test]
    fn only_loopback_servers() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let target = runtime.block_on(resolve("http://127.0.0.1:8080/")).unwrap();
        assert!(target.spread);
        assert_eq!(target.url, "ws://127.0.0.1:8080/live");
        let e = runtime
            .block_on(resolve("http://192.0.2.1:80"))
            .unwrap_err();
        assert!(e.contains("loopback"), "{e}");
        assert!(runtime.block_on(resolve("ftp://127.0.0.1:1")).is_err());
    }
}
