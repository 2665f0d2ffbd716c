//! The stores of live games: a change is written only over the version it was made from,
//! so of two changes racing on one game exactly one is written, in SQLite and in Redis (the
//! conditional write, not a lock in one process: the Redis case runs two stores, as two
//! servers would have).
#![cfg(all(feature = "server", not(target_arch = "wasm32")))]

#[path = "common/live.rs"]
mod live;

use ludus::server::hub::{Event, Hub};
use ludus::server::protocol::{ClockSpec, SeatChoice};
use ludus::server::store::{redis::RedisStore, sqlite::SqliteStore, Store};
use ludus::server::table::{Holder, LiveGame};
use std::sync::Arc;

/// These tests are of the store itself: without Redis they fail, saying how to install it.
fn redis_server() -> live::Redis {
    live::Redis::start().expect("/usr/bin/redis-server (scripts/install-tools.sh --redis)")
}

fn holder(token: &str) -> Holder {
    Holder {
        token_hash: Some(token.to_string()),
        name: String::new(),
    }
}

/// An Unlur game on with seats "a" and "b", Red (a) to move.
fn game_on(id: &str) -> LiveGame {
    let clock = ClockSpec::Fischer {
        initial: 600,
        increment: 0,
    };
    let (mut game, _, _) = LiveGame::create(
        id.to_string(),
        "unlur;size=4",
        SeatChoice::Seat(0),
        clock,
        false,
        holder("a"),
        0,
        1,
    )
    .unwrap();
    game.join(holder("b"), 1).unwrap();
    game
}

/// The game after "a" plays `step` on it.
fn stepped(game: &LiveGame, step: &str) -> LiveGame {
    let mut next = game.clone();
    let mut position = next.position().unwrap();
    next.step(&mut position, "a", 0, step, 2).unwrap();
    next
}

/// Two steps from the same version, written at once by `one` and `two`: exactly one is
/// stored, and the stored game is that one's.
async fn race(one: &Store, two: &Store, id: &str) {
    let game = game_on(id);
    assert!(one.insert(&game, Event::Lobby).await.unwrap());
    assert!(
        !two.insert(&game, Event::Lobby).await.unwrap(),
        "an id is taken once"
    );
    let (b2, c3) = (stepped(&game, "b2"), stepped(&game, "c3"));
    let (w1, w2) = tokio::join!(
        one.replace(game.v, &b2, Event::Lobby),
        two.replace(game.v, &c3, Event::Lobby)
    );
    let (w1, w2) = (w1.unwrap(), w2.unwrap());
    assert!(
        w1 ^ w2,
        "exactly one of two racing steps is written ({w1}, {w2})"
    );
    let stored = two.load(id).await.unwrap().unwrap();
    assert_eq!(stored, if w1 { b2 } else { c3 });
    // Written again over the old version, a change is refused: it was made from a game
    // that is no longer there.
    assert!(!one
        .replace(game.v, &stepped(&game, "d4"), Event::Lobby)
        .await
        .unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_writes_one_of_two_racing_steps() {
    let dir = std::env::temp_dir().join(format!("ludus-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.db");
    let store = Store::Sqlite(SqliteStore::open(&path, Arc::new(Hub::default())).unwrap());
    for i in 0..20 {
        race(&store, &store, &format!("sqlite{i:04}")).await;
    }
    drop(store);
    // What was written is read back by a store opened afresh on the file.
    let again = Store::Sqlite(SqliteStore::open(&path, Arc::new(Hub::default())).unwrap());
    assert_eq!(
        again.load("sqlite0000").await.unwrap().unwrap().steps.len(),
        1
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_writes_one_of_two_racing_steps_from_two_servers() {
    let redis = redis_server();
    let one = Store::Redis(
        RedisStore::open(&redis.url, Arc::new(Hub::default()))
            .await
            .unwrap(),
    );
    let two = Store::Redis(
        RedisStore::open(&redis.url, Arc::new(Hub::default()))
            .await
            .unwrap(),
    );
    for i in 0..20 {
        race(&one, &two, &format!("redis{i:05}")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_clock_ran_out_is_due() {
    let dir = std::env::temp_dir().join(format!("ludus-due-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let redis = redis_server();
    let stores = [
        Store::Sqlite(SqliteStore::open(&dir.join("g.db"), Arc::new(Hub::default())).unwrap()),
        Store::Redis(
            RedisStore::open(&redis.url, Arc::new(Hub::default()))
                .await
                .unwrap(),
        ),
    ];
    for store in &stores {
        let game = game_on("duegame001");
        store.insert(&game, Event::Lobby).await.unwrap();
        // Red's 600 s started at time 1.
        assert!(
            store.due(600_000).await.unwrap().is_empty(),
            "{}",
            store.name()
        );
        assert_eq!(
            store.due(600_001).await.unwrap(),
            vec!["duegame001".to_string()]
        );
        let mut ended = game.clone();
        assert!(ended.flag(600_001));
        assert!(store.replace(game.v, &ended, Event::Lobby).await.unwrap());
        assert!(
            store.due(u64::MAX / 2).await.unwrap().is_empty(),
            "an ended game is not due"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
