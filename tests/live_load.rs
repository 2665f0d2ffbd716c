//! `ludus loadtest` against servers the tests start: many games at once, with hostile frames
//! beside them, must lose no step and meet no error, on SQLite and on two servers sharing
//! Redis. Nothing here is timed: a slow machine makes fewer steps, never a failure.
#![cfg(all(feature = "server", not(target_arch = "wasm32")))]

#[path = "common/cli.rs"]
mod cli;
#[path = "common/live.rs"]
mod live;

use live::{Client, Redis, Server, Table, TempDir};
use std::sync::Mutex;

/// The load runs one at a time: two at once on a small machine would only slow each other.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `ludus loadtest` with `args`; its last line must report no error and no lost step.
fn load(args: &[&str]) {
    let (ok, stdout, stderr) = cli::ludus(&[&["loadtest"], args].concat());
    let line = stdout.lines().last().unwrap_or_default();
    eprintln!("{stderr}{line}");
    assert!(
        line.starts_with("games ") && line.contains(", errors 0, lost 0,"),
        "loadtest reported {line:?}\n{stderr}"
    );
    assert!(ok, "loadtest failed: {line}\n{stderr}");
    let games: usize = line["games ".len()..]
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(games >= 1, "{line}");
    let steps: usize = line
        .split(", steps ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(steps >= 1, "{line}");
}

#[test]
fn two_hundred_games_on_sqlite_lose_no_step() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start();
    let url = server.url();
    load(&[
        "--server",
        &url,
        "--games",
        "200",
        "--seconds",
        "20",
        "--hostile",
        "2000",
    ]);
}

/// A Redis of the test's own, or None where there is none to start: the test says it
/// skipped, and fails instead where Redis must be tested (`LUDUS_TEST_REDIS`, which
/// scripts/test.sh sets after installing it).
fn redis_or_skip() -> Option<Redis> {
    let redis = Redis::start();
    if redis.is_none() {
        assert!(
            std::env::var_os("LUDUS_TEST_REDIS").is_none(),
            "LUDUS_TEST_REDIS is set but /usr/bin/redis-server is missing"
        );
        eprintln!("SKIPPED: no /usr/bin/redis-server (scripts/install-tools.sh --redis)");
    }
    redis
}

/// Each game's two players on different servers, which share the games through Redis.
#[test]
fn two_servers_on_redis_lose_no_step() {
    let Some(redis) = redis_or_skip() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (dir_a, dir_b) = (TempDir::new("redis-a"), TempDir::new("redis-b"));
    let a = Server::with_redis(&dir_a.0, &redis.url);
    let b = Server::with_redis(&dir_b.0, &redis.url);
    let (url_a, url_b) = (a.url(), b.url());
    load(&[
        "--server",
        &url_a,
        "--server",
        &url_b,
        "--games",
        "100",
        "--seconds",
        "20",
        "--hostile",
        "1000",
    ]);
}

/// The loadtest's own check: a server that is not there is an error, not a pass.
#[test]
fn a_loadtest_without_a_server_fails() {
    let port = live::free_port().to_string();
    let url = format!("http://127.0.0.1:{port}");
    let (ok, stdout, stderr) = cli::ludus(&[
        "loadtest",
        "--server",
        &url,
        "--games",
        "2",
        "--seconds",
        "1",
    ]);
    assert!(!ok, "{stdout}{stderr}");
    assert!(!stdout.contains("errors 0,"), "{stdout}");
    let (ok, _, stderr) = cli::ludus(&[
        "loadtest",
        "--server",
        "http://192.0.2.1:80",
        "--games",
        "1",
        "--seconds",
        "1",
    ]);
    assert!(!ok && stderr.contains("loopback"), "{stderr}");
}

/// Two servers on one Redis, a game's players one on each: the first server is killed
/// (SIGKILL) mid-game, its player comes back through the other, and the game goes on from
/// its last confirmed step, the second player never disturbed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_through_the_other_server_when_one_is_killed() {
    let Some(redis) = redis_or_skip() else {
        return;
    };
    let (dir_a, dir_b) = (TempDir::new("redis-a"), TempDir::new("redis-b"));
    let mut a = Server::with_redis(&dir_a.0, &redis.url);
    let b = Server::with_redis(&dir_b.0, &redis.url);
    let mut table = Table::between([&a, &b], "unravel", [2, 3]).await;
    for _ in 0..4 {
        table.play().await;
    }
    a.kill();
    table.players[0] = Client::connect_from(&b, 2).await;
    let (id, token) = (table.id.clone(), table.tokens[0].clone());
    let state = table.players[0].state(&id, Some(&token)).await;
    assert_eq!((state.you, state.n), (Some(0), 4));
    for _ in 0..4 {
        table.play().await;
    }
    table.check().await;
}
