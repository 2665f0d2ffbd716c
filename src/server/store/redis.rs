//! The shared store for several servers: Redis holds every game (a hash of its version and
//! its JSON), the clocks' deadlines and the open challenges (sorted sets), and carries each
//! change to every server by publish/subscribe. A change is one Lua script: it writes only
//! over the version it was made from and publishes in the same step, so two servers racing
//! on one game have exactly one change written, and every server sees a game's changes in
//! the order they were written.

use super::StoreError;
use crate::server::hub::{Event, Hub};
use crate::server::table::LiveGame;
use futures_util::StreamExt;
use redis::aio::MultiplexedConnection;
use redis::AsyncCommands;
use std::sync::Arc;
use std::time::Duration;

const EVENTS: &str = "ludus:events";
const DUE: &str = "ludus:due";
const OPEN: &str = "ludus:open";

fn game_key(id: &str) -> String {
    format!("ludus:game:{id}")
}

fn online_key(id: &str) -> String {
    format!("ludus:online:{id}")
}

fn instance_key(instance: &str) -> String {
    format!("ludus:instance:{instance}")
}

/// A server says it is alive this often, and is taken for gone after `ALIVE_FOR` without.
const HEARTBEAT: Duration = Duration::from_secs(5);
const ALIVE_FOR: Duration = Duration::from_secs(15);

const WRITE: &str = r"
local cur = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if cur then return 0 end
elseif cur ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3])
if ARGV[5] == '' then redis.call('ZREM', KEYS[2], ARGV[4]) else redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4]) end
if ARGV[6] == '1' then redis.call('ZADD', KEYS[3], ARGV[7], ARGV[4]) else redis.call('ZREM', KEYS[3], ARGV[4]) end
redis.call('PUBLISH', KEYS[4], ARGV[8])
return 1
";

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("Redis: {e}"))
}

pub struct RedisStore {
    conn: MultiplexedConnection,
    write: redis::Script,
    /// This server's name among those sharing the store: who is connected is counted per
    /// server, so that the seats held on a server that died stop counting once its
    /// heartbeat lapses.
    instance: String,
}

impl RedisStore {
    /// Connects, and starts the subscriber that hands every server's events to `hub`.
    pub async fn open(url: &str, hub: Arc<Hub>) -> Result<RedisStore, StoreError> {
        let client = redis::Client::open(url).map_err(err)?;
        let conn = client
            .get_multiplexed_async_connection()
            .await
            .map_err(err)?;
        let (ready, started) = tokio::sync::oneshot::channel();
        tokio::spawn(subscribe(client, hub, Some(ready)));
        started
            .await
            .map_err(|_| StoreError("Redis: the subscriber did not start".into()))??;
        let instance = crate::server::live::random_code(12);
        tokio::spawn(heartbeat(conn.clone(), instance_key(&instance)));
        Ok(RedisStore {
            conn,
            write: redis::Script::new(WRITE),
            instance,
        })
    }

    pub async fn load(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        let doc: Option<String> = self
            .conn
            .clone()
            .hget(game_key(id), "doc")
            .await
            .map_err(err)?;
        doc.map(|d| {
            serde_json::from_str(&d)
                .map_err(|e| StoreError(format!("a stored game cannot be read: {e}")))
        })
        .transpose()
    }

    async fn write(
        &self,
        from: Option<u64>,
        game: &LiveGame,
        event: Event,
    ) -> Result<bool, StoreError> {
        let doc = serde_json::to_string(game).expect("a game serializes");
        let event = serde_json::to_string(&event).expect("an event serializes");
        let written: i64 = self
            .write
            .key(game_key(&game.id))
            .key(DUE)
            .key(OPEN)
            .key(EVENTS)
            .arg(from.map(|v| v.to_string()).unwrap_or_default())
            .arg(game.v)
            .arg(doc)
            .arg(&game.id)
            .arg(
                game.deadline_ms()
                    .map(|d| d.to_string())
                    .unwrap_or_default(),
            )
            .arg(
                if game.open && game.status == crate::server::protocol::Status::Waiting {
                    "1"
                } else {
                    "0"
                },
            )
            .arg(game.created_ms)
            .arg(event)
            .invoke_async(&mut self.conn.clone())
            .await
            .map_err(err)?;
        Ok(written == 1)
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

    pub async fn publish(&self, event: &Event) -> Result<(), StoreError> {
        let event = serde_json::to_string(event).expect("an event serializes");
        let _: i64 = self
            .conn
            .clone()
            .publish(EVENTS, event)
            .await
            .map_err(err)?;
        Ok(())
    }

    pub async fn due(&self, now_ms: u64) -> Result<Vec<String>, StoreError> {
        self.conn
            .clone()
            .zrangebyscore_limit(DUE, "-inf", now_ms, 0, 1000)
            .await
            .map_err(err)
    }

    pub async fn open_challenges(&self, limit: usize) -> Result<Vec<LiveGame>, StoreError> {
        let ids: Vec<String> = self
            .conn
            .clone()
            .zrevrange(OPEN, 0, limit as isize - 1)
            .await
            .map_err(err)?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(game) = self.load(&id).await? {
                games.push(game);
            }
        }
        Ok(games)
    }

    /// Counts a seat's connection on this server in or out.
    pub async fn seat(&self, id: &str, seat: usize, delta: i64) -> Result<(), StoreError> {
        let _: i64 = self
            .conn
            .clone()
            .hincr(online_key(id), format!("{seat}:{}", self.instance), delta)
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Which seats have a connection on some server that is alive.
    pub async fn online(&self, id: &str, seats: usize) -> Result<Vec<bool>, StoreError> {
        let mut conn = self.conn.clone();
        let counts: Vec<(String, i64)> = conn.hgetall(online_key(id)).await.map_err(err)?;
        let mut online = vec![false; seats];
        for (field, count) in counts {
            let Some((seat, instance)) = field.split_once(':') else {
                continue;
            };
            let Ok(seat) = seat.parse::<usize>() else {
                continue;
            };
            if count <= 0 || seat >= seats || online[seat] {
                continue;
            }
            let alive: bool = instance == self.instance
                || conn.exists(instance_key(instance)).await.map_err(err)?;
            online[seat] = alive;
        }
        Ok(online)
    }
}

/// Tells the other servers this one is alive, until it stops.
async fn heartbeat(mut conn: MultiplexedConnection, key: String) {
    let mut tick = tokio::time::interval(HEARTBEAT);
    loop {
        tick.tick().await;
        let result: redis::RedisResult<()> = conn
            .set_options(
                &key,
                1,
                redis::SetOptions::default()
                    .with_expiration(redis::SetExpiry::PX(ALIVE_FOR.as_millis() as u64)),
            )
            .await;
        if let Err(e) = result {
            eprintln!("ludus serve: Redis heartbeat: {e}");
        }
    }
}

/// Hands every server's events to this server's hub, subscribing again after a broken
/// connection (what was missed meanwhile, pages catch up on: see `hub::INBOX`).
async fn subscribe(
    client: redis::Client,
    hub: Arc<Hub>,
    mut ready: Option<tokio::sync::oneshot::Sender<Result<(), StoreError>>>,
) {
    let mut pause = Duration::from_millis(100);
    loop {
        let subscribed = async {
            let mut pubsub = client.get_async_pubsub().await.map_err(err)?;
            pubsub.subscribe(EVENTS).await.map_err(err)?;
            Ok::<_, StoreError>(pubsub)
        }
        .await;
        match subscribed {
            Ok(mut pubsub) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Ok(()));
                }
                pause = Duration::from_millis(100);
                let mut messages = pubsub.on_message();
                while let Some(message) = messages.next().await {
                    let Ok(text) = message.get_payload::<String>() else {
                        continue;
                    };
                    if let Ok(event) = serde_json::from_str::<Event>(&text) {
                        hub.deliver(event);
                    }
                }
                eprintln!("ludus serve: the Redis subscription broke; subscribing again");
            }
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(e));
                    return;
                }
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}
