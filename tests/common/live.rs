//! `ludus serve` started for a test, and a WebSocket client of its live protocol
//! (tests/live_protocol.rs, tests/live_load.rs).

// Each test file that includes this module uses only part of it.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use ludus::games::AnyGame;
use ludus::rng::Rng;
use ludus::server::protocol::{ServerFrame, Status};
use ludus::session::Record;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async, WebSocketStream};

/// How long a test waits for an answer before it fails: far more than any answer takes, so
/// that a slow machine never fails a test; only an answer that never comes does.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A folder of its own for a test, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(what: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ludus-{what}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A port nobody listens on now (for servers that must be given one: Redis).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `ludus serve` on 127.0.0.1, a port of its choosing, a page folder and a database of
/// its own; killed when dropped.
pub struct Server {
    child: Option<Child>,
    /// `127.0.0.1:PORT`.
    pub addr: SocketAddr,
    pub dir: PathBuf,
    redis: Option<String>,
    _temp: Option<TempDir>,
}

impl Server {
    /// A server with SQLite in a new folder.
    pub fn start() -> Server {
        let temp = TempDir::new("serve");
        let mut server = Server::start_in(&temp.0, None);
        server._temp = Some(temp);
        server
    }

    /// A server keeping games in `redis` (a URL), its page folder in `dir`.
    pub fn with_redis(dir: &Path, redis: &str) -> Server {
        Server::start_in(dir, Some(redis.to_string()))
    }

    fn start_in(dir: &Path, redis: Option<String>) -> Server {
        let dist = dir.join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(
            dist.join("index.html"),
            "<!doctype html><title>Ludus</title>",
        )
        .unwrap();
        let mut server = Server {
            child: None,
            addr: "127.0.0.1:0".parse().unwrap(),
            dir: dir.to_path_buf(),
            redis,
            _temp: None,
        };
        server.launch();
        server
    }

    /// Starts the process and waits for its ready line (`Ludus is at http://ADDR/ …`).
    fn launch(&mut self) {
        let dist = self.dir.join("dist");
        let db = self.dir.join("ludus.db");
        let mut command = Command::new(env!("CARGO_BIN_EXE_ludus"));
        command.args(["serve", "--address", "127.0.0.1", "--port", "0"]);
        command.arg("--dist").arg(&dist).arg("--db").arg(&db);
        if let Some(url) = &self.redis {
            command.args(["--redis", url]);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ludus serve starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        // Reads the ready line, then the rest, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let deadline = std::time::Instant::now() + PATIENCE;
        let addr = loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("Ludus is at http://") {
                        let addr = rest.split('/').next().unwrap();
                        break addr
                            .parse::<SocketAddr>()
                            .expect("the ready line's address");
                    }
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("ludus serve printed no ready line in {PATIENCE:?}");
                }
            }
        };
        self.addr = addr;
        self.child = Some(child);
    }

    /// `http://127.0.0.1:PORT`, as `ludus loadtest --server` takes it.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Kills the server at once (SIGKILL: no shutdown of any kind).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same database (on a new port).
    pub fn restart(&mut self) {
        self.kill();
        self.launch();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// `redis-server` on a free loopback port, nothing saved; killed when dropped. None when
/// Redis is not installed (Debian's `redis-server`; scripts/install-tools.sh --redis).
pub struct Redis {
    child: Child,
    pub url: String,
}

impl Redis {
    pub fn start() -> Option<Redis> {
        let binary = Path::new("/usr/bin/redis-server");
        if !binary.exists() {
            return None;
        }
        let port = free_port();
        let mut child = Command::new(binary)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("redis-server starts");
        let deadline = std::time::Instant::now() + PATIENCE;
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("redis-server did not listen on {port} in {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(Redis {
            child,
            url: format!("redis://127.0.0.1:{port}"),
        })
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One page's WebSocket at `/live`.
pub struct Client {
    ws: WebSocketStream<TcpStream>,
}

/// An error frame's fields.
#[derive(Debug)]
pub struct Refused {
    pub of: String,
    pub id: Option<String>,
    pub reason: String,
}

impl Client {
    /// A connection from 127.0.0.1.
    pub async fn connect(server: &Server) -> Client {
        Client::connect_from(server, 1).await
    }

    /// A connection from 127.0.0.`host`: the server's per-address limits count each apart.
    pub async fn connect_from(server: &Server, host: u8) -> Client {
        let socket = TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(
                IpAddr::V4(Ipv4Addr::new(127, 0, 0, host)),
                0,
            ))
            .unwrap();
        let stream = socket
            .connect(server.addr)
            .await
            .expect("the server accepts");
        let url = format!("ws://{}/live", server.addr);
        let (ws, _) = tokio::time::timeout(PATIENCE, client_async(url, stream))
            .await
            .expect("a WebSocket handshake in time")
            .expect("the WebSocket handshake");
        Client { ws }
    }

    pub async fn send(&mut self, frame: Value) {
        self.send_text(&frame.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        assert!(self.try_send_text(text).await, "the frame is sent");
    }

    /// Sends a frame the server may cut short by closing the connection: false if it did.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// The next server frame (pings and the like skipped); fails the test after PATIENCE.
    pub async fn next(&mut self) -> ServerFrame {
        // One deadline for all: the server's pings every 25 s must not keep a test waiting.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let message = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a frame in time")
                .expect("the connection is open")
                .expect("the connection works");
            if let Message::Text(text) = message {
                return serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("a frame of the protocol: {e}: {text}"));
            }
        }
    }

    /// The next server frame if one comes within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<ServerFrame> {
        tokio::time::timeout(wait, self.next()).await.ok()
    }

    /// Whether the server closes the connection within PATIENCE (frames before it skipped).
    pub async fn closed(&mut self) -> bool {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The next frame that `pick` takes, the others (presence, lobby, states) skipped.
    pub async fn until<T>(&mut self, mut pick: impl FnMut(ServerFrame) -> Option<T>) -> T {
        let wait = async {
            loop {
                if let Some(t) = pick(self.next().await) {
                    return t;
                }
            }
        };
        tokio::time::timeout(PATIENCE, wait)
            .await
            .expect("the frame waited for, in time")
    }

    /// The next error frame; fails the test if a step comes first (something was played).
    pub async fn refused(&mut self) -> Refused {
        self.until(|f| match f {
            ServerFrame::Error { of, id, reason } => Some(Refused { of, id, reason }),
            ServerFrame::Step { step, n, .. } => panic!("step {step} (n={n}) instead of an error"),
            _ => None,
        })
        .await
    }

    /// The whole game, asked with `watch` (as the seat `token` holds, if given).
    pub async fn state(
        &mut self,
        id: &str,
        token: Option<&str>,
    ) -> ludus::server::protocol::GameView {
        self.send(json!({"t": "watch", "id": id, "token": token}))
            .await;
        self.until(|f| match f {
            ServerFrame::State { game } if game.id == id => Some(game),
            ServerFrame::Error { reason, .. } => panic!("watch refused: {reason}"),
            _ => None,
        })
        .await
    }

    /// Sends `create` for `setup`; the game's id, this client's seat and its token.
    pub async fn create(&mut self, setup: &str) -> (String, usize, String) {
        self.send(create_frame(setup, json!(0))).await;
        self.seat().await
    }

    /// Sends `join`; this client's seat and token.
    pub async fn join(&mut self, id: &str) -> (usize, String) {
        self.send(json!({"t": "join", "id": id, "name": "B"})).await;
        let (_, seat, token) = self.seat().await;
        (seat, token)
    }

    async fn seat(&mut self) -> (String, usize, String) {
        self.until(|f| match f {
            ServerFrame::Seat { id, seat, token } => Some((id, seat, token)),
            ServerFrame::Error { reason, .. } => panic!("refused: {reason}"),
            _ => None,
        })
        .await
    }
}

/// A `create` frame for a two-player game with a clock nobody runs out of.
pub fn create_frame(setup: &str, seat: Value) -> Value {
    json!({
        "t": "create",
        "setup": setup,
        "seat": seat,
        "clock": {"kind": "fischer", "initial": 3600, "increment": 0},
        "open": false,
        "name": "A",
    })
}

/// A game between two clients, with the engine's copy of it to choose steps from.
pub struct Table {
    pub id: String,
    /// The clients by seat, and their tokens.
    pub players: [Client; 2],
    pub tokens: [String; 2],
    pub position: AnyGame,
    pub steps: Vec<String>,
    rng: Rng,
}

impl Table {
    /// A game of `setup` (a record without steps) between clients from 127.0.0.`hosts`.
    pub async fn new(server: &Server, setup: &str, hosts: [u8; 2]) -> Table {
        Table::between([server, server], setup, hosts).await
    }

    /// As `new`, the first player (who creates the game) on one server, the second on the
    /// other.
    pub async fn between(servers: [&Server; 2], setup: &str, hosts: [u8; 2]) -> Table {
        let mut a = Client::connect_from(servers[0], hosts[0]).await;
        let mut b = Client::connect_from(servers[1], hosts[1]).await;
        let (id, seat_a, token_a) = a.create(setup).await;
        let (seat_b, token_b) = b.join(&id).await;
        assert_ne!(seat_a, seat_b);
        let record = Record::parse(setup).unwrap();
        let (position, _) = AnyGame::new(record.kind, &record.options).unwrap();
        let (players, tokens) = if seat_a == 0 {
            ([a, b], [token_a, token_b])
        } else {
            ([b, a], [token_b, token_a])
        };
        Table {
            id,
            players,
            tokens,
            position,
            steps: Vec::new(),
            rng: Rng::new(7),
        }
    }

    /// The seat to move now.
    pub fn mover(&self) -> usize {
        self.position.to_move().expect("the game is on")
    }

    /// A legal step for the seat to move, not played.
    pub fn legal_step(&mut self) -> String {
        self.position.clone().play_random(&mut self.rng).unwrap()
    }

    /// One random legal step by the seat to move; both players must get it, as sent, with
    /// the next `n`.
    pub async fn play(&mut self) -> String {
        let step = self.legal_step();
        let mover = self.mover();
        let frame = json!({
            "t": "step", "id": self.id, "token": self.tokens[mover],
            "n": self.steps.len(), "step": step,
        });
        self.players[mover].send(frame).await;
        self.position.play_text(&step).unwrap();
        self.steps.push(step.clone());
        let n = self.steps.len();
        for client in &mut self.players {
            let (got, got_n) = client
                .until(|f| match f {
                    ServerFrame::Step { step, n, .. } => Some((step, n)),
                    ServerFrame::Error { reason, .. } => panic!("a legal step refused: {reason}"),
                    _ => None,
                })
                .await;
            assert_eq!((got.as_str(), got_n), (step.as_str(), n));
        }
        step
    }

    /// The game as the server has it is the game as played here.
    pub async fn check(&mut self) {
        let id = self.id.clone();
        let token = self.tokens[0].clone();
        let state = self.players[0].state(&id, Some(&token)).await;
        let record = Record::parse(&state.record).unwrap();
        assert_eq!(record.steps, self.steps, "the server's record of {id}");
        assert_eq!(state.n, self.steps.len());
        let on = self.position.to_move().is_some();
        assert_eq!(state.status == Status::Playing, on);
    }
}
