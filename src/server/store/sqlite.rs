//! The default store: one SQLite file (WAL), written by one thread that commits what has
//! come in together (a group commit), so that a thousand steps a second cost a few
//! transactions, and answers each change once its transaction is committed. WAL with
//! `synchronous=NORMAL`: a committed step survives the server's process being killed (what
//! is written is the operating system's); a power cut may lose the last ones.

use super::StoreError;
use crate::server::hub::{Event, Hub};
use crate::server::protocol::Status;
use crate::server::table::LiveGame;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    Load(String, Reply<Option<LiveGame>>),
    /// `from`: None inserts; Some(v) replaces version v.
    Write {
        from: Option<u64>,
        game: Box<LiveGame>,
        reply: Reply<bool>,
    },
    Due(u64, Reply<Vec<String>>),
    Open(usize, Reply<Vec<LiveGame>>),
}

/// The most jobs one transaction takes.
const BATCH: usize = 512;
/// How often the WAL is copied back into the database file besides the writer's own.
const CHECKPOINT: std::time::Duration = std::time::Duration::from_millis(250);

pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    hub: Arc<Hub>,
    /// Games being played, as last written: this server is the file's only writer.
    cache: Mutex<HashMap<String, LiveGame>>,
}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("SQLite: {e}"))
}

impl SqliteStore {
    pub fn open(path: &Path, hub: Arc<Hub>) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(err)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             CREATE TABLE IF NOT EXISTS games (
               id TEXT PRIMARY KEY,
               v INTEGER NOT NULL,
               status TEXT NOT NULL,
               open INTEGER NOT NULL,
               deadline INTEGER,
               created INTEGER NOT NULL,
               record TEXT NOT NULL,
               doc TEXT NOT NULL
             );
             CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline) WHERE status = 'playing';
             CREATE INDEX IF NOT EXISTS games_open ON games (created) WHERE status = 'waiting' AND open = 1;",
        )
        .map_err(err)?;
        // Checkpoints (the WAL copied back into the file, which is then synced to disk) are
        // made by a thread of its own, on a connection of its own, without blocking the
        // writer (PASSIVE), so that the writer's own, when the WAL has grown past 1,000
        // pages, find little left to copy: those hold every step waiting behind them.
        // (The writer's own are still needed: only they let the WAL start again from its
        // beginning, since the writer never pauses while another checkpoints.)
        let checkpoints = Connection::open(path).map_err(err)?;
        std::thread::Builder::new()
            .name("ludus-sqlite-checkpoint".into())
            .spawn(move || loop {
                std::thread::sleep(CHECKPOINT);
                if let Err(e) = checkpoints.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
                    eprintln!("ludus serve: SQLite checkpoint: {e}");
                }
            })
            .map_err(err)?;
        let (jobs, inbox) = mpsc::channel();
        std::thread::Builder::new()
            .name("ludus-sqlite".into())
            .spawn(move || writer(conn, inbox))
            .map_err(err)?;
        Ok(SqliteStore {
            jobs,
            hub,
            cache: Mutex::new(HashMap::new()),
        })
    }

    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    async fn ask<T>(&self, job: impl FnOnce(Reply<T>) -> Job) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(job(reply))
            .map_err(|_| StoreError("the SQLite writer stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the SQLite writer stopped".into()))?
    }

    pub async fn load(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        if let Some(game) = self.cache.lock().unwrap().get(id) {
            return Ok(Some(game.clone()));
        }
        let game = self.ask(|r| Job::Load(id.to_string(), r)).await?;
        if let Some(game) = &game {
            self.remember(game);
        }
        Ok(game)
    }

    /// Keeps the games being played: their steps come fast. A challenge waits in the file
    /// alone, so that challenges nobody takes cost no memory.
    fn remember(&self, game: &LiveGame) {
        let mut cache = self.cache.lock().unwrap();
        if game.status == Status::Playing {
            cache.insert(game.id.clone(), game.clone());
        } else {
            cache.remove(&game.id);
        }
    }

    async fn write(
        &self,
        from: Option<u64>,
        game: &LiveGame,
        event: Event,
    ) -> Result<bool, StoreError> {
        let written = self
            .ask(|reply| Job::Write {
                from,
                game: Box::new(game.clone()),
                reply,
            })
            .await?;
        if written {
            self.remember(game);
            self.hub.deliver(event);
        } else {
            self.cache.lock().unwrap().remove(&game.id);
        }
        Ok(written)
    }

    pub async fn insert(&self, game: &LiveGame, event: Event) -> Result<bool, StoreError> {
        self.write(None, game, event).await
    }

    pub async fn replace(
        &self,
        from: u64,
        game: &LiveGame,
        event: Event,
    ) -> Result<bool, StoreError> {
        self.write(Some(from), game, event).await
    }

    pub async fn due(&self, now_ms: u64) -> Result<Vec<String>, StoreError> {
        self.ask(|r| Job::Due(now_ms, r)).await
    }

    pub async fn open_challenges(&self, limit: usize) -> Result<Vec<LiveGame>, StoreError> {
        self.ask(|r| Job::Open(limit, r)).await
    }
}

fn status_text(status: Status) -> &'static str {
    match status {
        Status::Waiting => "waiting",
        Status::Playing => "playing",
        Status::Ended => "ended",
    }
}

fn read_doc(doc: String) -> Result<LiveGame, StoreError> {
    serde_json::from_str(&doc).map_err(|e| StoreError(format!("a stored game cannot be read: {e}")))
}

/// The writer thread: each round takes what is waiting, writes the changes in one
/// transaction, answers them once it is committed, then answers the reads.
fn writer(mut conn: Connection, inbox: mpsc::Receiver<Job>) {
    while let Ok(first) = inbox.recv() {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match inbox.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let (writes, reads): (Vec<Job>, Vec<Job>) = jobs
            .into_iter()
            .partition(|j| matches!(j, Job::Write { .. }));
        if !writes.is_empty() {
            write_batch(&mut conn, writes);
        }
        for job in reads {
            read(&conn, job);
        }
    }
}

fn write_batch(conn: &mut Connection, writes: Vec<Job>) {
    let mut done = Vec::with_capacity(writes.len());
    let outcome = (|| -> Result<(), rusqlite::Error> {
        let tx = conn.transaction()?;
        for job in writes {
            let Job::Write { from, game, reply } = job else {
                unreachable!("only writes are batched")
            };
            let doc = serde_json::to_string(&*game).expect("a game serializes");
            let deadline = game.deadline_ms().map(|d| d as i64);
            let changed = match from {
                None => tx.execute(
                    "INSERT OR IGNORE INTO games (id, v, status, open, deadline, created, record, doc)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![
                        game.id,
                        game.v as i64,
                        status_text(game.status),
                        game.open,
                        deadline,
                        game.created_ms as i64,
                        game.record(),
                        doc
                    ],
                )?,
                Some(v) => tx.execute(
                    "UPDATE games SET v = ?2, status = ?3, open = ?4, deadline = ?5, record = ?6, doc = ?7
                     WHERE id = ?1 AND v = ?8",
                    params![
                        game.id,
                        game.v as i64,
                        status_text(game.status),
                        game.open,
                        deadline,
                        game.record(),
                        doc,
                        v as i64
                    ],
                )?,
            };
            done.push((reply, changed == 1));
        }
        tx.commit()
    })();
    match outcome {
        Ok(()) => {
            for (reply, written) in done {
                let _ = reply.send(Ok(written));
            }
        }
        Err(e) => {
            for (reply, _) in done {
                let _ = reply.send(Err(err(&e)));
            }
        }
    }
}

fn read(conn: &Connection, job: Job) {
    match job {
        Job::Load(id, reply) => {
            let doc = conn
                .query_row("SELECT doc FROM games WHERE id = ?1", [&id], |r| {
                    r.get::<_, String>(0)
                })
                .optional()
                .map_err(err);
            let _ = reply.send(doc.and_then(|d| d.map(read_doc).transpose()));
        }
        Job::Due(now, reply) => {
            let ids = (|| {
                let mut q = conn.prepare_cached(
                    "SELECT id FROM games WHERE status = 'playing' AND deadline <= ?1 LIMIT 1000",
                )?;
                let rows = q.query_map([now as i64], |r| r.get::<_, String>(0))?;
                rows.collect::<Result<Vec<_>, _>>()
            })()
            .map_err(err);
            let _ = reply.send(ids);
        }
        Job::Open(limit, reply) => {
            let games = (|| {
                let mut q = conn.prepare_cached(
                    "SELECT doc FROM games WHERE status = 'waiting' AND open = 1
                     ORDER BY created DESC LIMIT ?1",
                )?;
                let rows = q.query_map([limit as i64], |r| r.get::<_, String>(0))?;
                rows.collect::<Result<Vec<_>, _>>()
            })()
            .map_err(err)
            .and_then(|docs| docs.into_iter().map(read_doc).collect());
            let _ = reply.send(games);
        }
        Job::Write { .. } => unreachable!("writes go in a batch"),
    }
}
