//! Where live games are kept: SQLite (one server, the default) or Redis (several servers
//! sharing the games). Either way a change is written only over the version it was made
//! from (`replace`), so when two changes of one game race, exactly one is written; and an
//! event reaches every server's subscribers only once the change is stored.

pub mod redis;
pub mod sqlite;

use super::hub::Event;
use super::table::LiveGame;

/// A failure of the store itself (not of a player's frame).
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The store the server was started with.
pub enum Store {
    Sqlite(sqlite::SqliteStore),
    Redis(redis::RedisStore),
}

impl Store {
    pub async fn load(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(id).await,
            Store::Redis(s) => s.load(id).await,
        }
    }

    /// Stores a new game; false if its id is taken.
    pub async fn insert(&self, game: &LiveGame, event: Event) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.insert(game, event).await,
            Store::Redis(s) => s.insert(game, event).await,
        }
    }

    /// Writes `game` over version `from`; false (and nothing written) if the stored game is
    /// no longer at that version. Once written, `event` goes to every server's subscribers.
    pub async fn replace(
        &self,
        from: u64,
        game: &LiveGame,
        event: Event,
    ) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.replace(from, game, event).await,
            Store::Redis(s) => s.replace(from, game, event).await,
        }
    }

    /// Sends an event that goes with no change of a stored game (a seat's holder came or
    /// went, the open challenges changed) to every server's subscribers.
    pub async fn publish(&self, event: Event) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                s.hub().deliver(event);
                Ok(())
            }
            Store::Redis(s) => s.publish(&event).await,
        }
    }

    /// Counts a connection holding a seat in (`delta` 1) or out (-1), where other servers
    /// see it too; `hub` counts this server's own.
    pub async fn seat(&self, id: &str, seat: usize, delta: i64) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Redis(s) => s.seat(id, seat, delta).await,
        }
    }

    /// Which of a game's seats have a connected holder, on any server.
    pub async fn online(&self, id: &str, seats: usize) -> Result<Vec<bool>, StoreError> {
        match self {
            Store::Sqlite(s) => Ok(s.hub().seated_here(id, seats)),
            Store::Redis(s) => s.online(id, seats).await,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Redis(_) => "redis",
        }
    }

    /// The games on whose clock the time ran out by `now_ms`.
    pub async fn due(&self, now_ms: u64) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.due(now_ms).await,
            Store::Redis(s) => s.due(now_ms).await,
        }
    }

    /// The open challenges, newest first.
    pub async fn open_challenges(&self, limit: usize) -> Result<Vec<LiveGame>, StoreError> {
        match self {
            Store::Sqlite(s) => s.open_challenges(limit).await,
            Store::Redis(s) => s.open_challenges(limit).await,
        }
    }
}
