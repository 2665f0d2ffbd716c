//! The live protocol against a real `ludus serve` (docs/ONLINE.md): every hostile frame is
//! answered by an `error` that says what is wrong, and changes nothing in a game played on
//! the same server at the same time; a server killed mid-game goes on, once started again
//! on its database, from the last step it confirmed.
#![cfg(all(feature = "server", not(target_arch = "wasm32")))]

#[path = "common/live.rs"]
mod live;

use live::{create_frame, Client, Server, Table};
use ludus::server::protocol::{ServerFrame, MAX_FRAME_BYTES};
use serde_json::json;

/// The honest game every test plays beside its hostile frames: long enough (Unravel's
/// random games at the default size take over 50 steps) not to end during a test.
const HONEST: &str = "unravel";

/// A server, an honest game between 127.0.0.2 and .3, and a hostile client from .9.
async fn setting() -> (Server, Table, Client) {
    let server = Server::start();
    let table = Table::new(&server, HONEST, [2, 3]).await;
    let hostile = Client::connect_from(&server, 9).await;
    (server, table, hostile)
}

/// `text` from `hostile` is refused (an `error` for `of`, its reason containing `says`),
/// and the honest game then plays on as if nothing had been sent.
async fn refused_alone(hostile: &mut Client, table: &mut Table, text: &str, of: &str, says: &str) {
    hostile.send_text(text).await;
    let refused = hostile.refused().await;
    assert_eq!(refused.of, of, "{text}: {refused:?}");
    assert!(
        refused.reason.contains(says),
        "{text}: the reason {:?} does not say {says:?}",
        refused.reason
    );
    table.play().await;
    table.check().await;
}

fn step_frame(table: &Table, token: &str, n: usize, step: &str) -> String {
    json!({"t": "step", "id": table.id, "token": token, "n": n, "step": step}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    // The refusal names the frame's type when it has one.
    for (text, of) in [
        (r#"{"t":"step","id":"#, "frame"),
        ("not json at all", "frame"),
        ("[1,2,3]", "frame"),
        (r#"{"id":"abcdefghij"}"#, "frame"),
        (
            r#"{"t":"step","id":"abcdefghij","token":"x","n":-1,"step":"a1"}"#,
            "step",
        ),
        (r#"{"t":"step","id":"abcdefghij"}"#, "step"),
    ] {
        refused_alone(&mut hostile, &mut table, text, of, "cannot be read").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversize_frame_is_refused_and_a_huge_one_closes_its_connection() {
    let (server, mut table, mut hostile) = setting().await;
    let name = "x".repeat(MAX_FRAME_BYTES);
    let text = create_frame("unlur", json!(0))
        .to_string()
        .replace(r#""name":"A""#, &format!(r#""name":"{name}""#));
    refused_alone(&mut hostile, &mut table, &text, "frame", "too long").await;
    // Past what the server reads at all, it closes the connection rather than read on,
    // which may be while the frame is still being sent.
    let sent = hostile.try_send_text(&"x".repeat(1 << 20)).await;
    assert!(
        !sent || hostile.closed().await,
        "a 1 MB frame left the connection open"
    );
    table.play().await;
    let mut again = Client::connect_from(&server, 9).await;
    refused_alone(&mut again, &mut table, "{", "frame", "cannot be read").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_game_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    let unknown = "zzzzzzzzzz";
    for text in [
        json!({"t": "watch", "id": unknown}).to_string(),
        json!({"t": "join", "id": unknown}).to_string(),
        step_frame(&table, &table.tokens[0].clone(), 0, "a1").replace(&table.id, unknown),
    ] {
        let of = if text.contains("watch") {
            "watch"
        } else if text.contains("join") {
            "join"
        } else {
            "step"
        };
        refused_alone(&mut hostile, &mut table, &text, of, "there is no game").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_frame_type_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    let text = json!({"t": "teleport", "id": table.id}).to_string();
    refused_alone(
        &mut hostile,
        &mut table,
        &text,
        "teleport",
        "unknown frame type",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_step_is_refused() {
    let (_server, mut table, _hostile) = setting().await;
    table.play().await;
    // An occupied cell, a cell off the board, no step at all: from the mover itself.
    let taken = table.steps[0].clone();
    for step in [taken.as_str(), "z99", "pass"] {
        let mover = table.mover();
        let token = table.tokens[mover].clone();
        let text = step_frame(&table, &token, table.steps.len(), step);
        refused_alone_by(&mut table, mover, &text, "cannot be played").await;
    }
}

/// As `refused_alone`, the frame sent by the honest player at `seat` itself.
async fn refused_alone_by(table: &mut Table, seat: usize, text: &str, says: &str) {
    table.players[seat].send_text(text).await;
    let refused = table.players[seat].refused().await;
    assert_eq!(refused.of, "step");
    assert_eq!(refused.id.as_deref(), Some(table.id.as_str()));
    assert!(
        refused.reason.contains(says),
        "{text}: {:?}",
        refused.reason
    );
    table.play().await;
    table.check().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_out_of_turn_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    table.play().await;
    let waiting = 1 - table.mover();
    let step = table.legal_step();
    let text = step_frame(
        &table,
        &table.tokens[waiting].clone(),
        table.steps.len(),
        &step,
    );
    // From the waiting player's own page, and from another address with its token.
    refused_alone_by(&mut table, waiting, &text, "not your turn").await;
    let waiting = 1 - table.mover();
    let step = table.legal_step();
    let text = step_frame(
        &table,
        &table.tokens[waiting].clone(),
        table.steps.len(),
        &step,
    );
    refused_alone(&mut hostile, &mut table, &text, "step", "not your turn").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_with_a_wrong_token_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    let step = table.legal_step();
    let wrong = "23456789abcdefghijkmnopqrstuvwxy";
    let text = step_frame(&table, wrong, 0, &step);
    refused_alone(
        &mut hostile,
        &mut table,
        &text,
        "step",
        "token holds no seat",
    )
    .await;
    let text = step_frame(&table, "short", table.steps.len(), &step);
    refused_alone(&mut hostile, &mut table, &text, "step", "token is 32").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replayed_step_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    let first_mover = table.mover();
    let first = table.play().await;
    table.play().await;
    // The first step again, with its n and its mover's real token (a resent frame).
    let text = step_frame(&table, &table.tokens[first_mover].clone(), 0, &first);
    refused_alone_by(&mut table, first_mover, &text, "not 0").await;
    refused_alone(&mut hostile, &mut table, &text, "step", "not 0").await;
    // And the last step sent again at once, as a double click would.
    let mover = table.mover();
    let token = table.tokens[mover].clone();
    let last = table.play().await;
    let n = table.steps.len() - 1;
    let text = step_frame(&table, &token, n, &last);
    refused_alone_by(&mut table, mover, &text, "sent for another position").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_after_the_game_ended_is_refused() {
    let (server, mut table, mut hostile) = setting().await;
    let mut ended = Table::new(&server, "unlur", [4, 5]).await;
    ended.play().await;
    let resigner = ended.tokens[0].clone();
    ended.players[0]
        .send(json!({"t": "resign", "id": ended.id, "token": resigner}))
        .await;
    ended.players[1]
        .until(|f| match f {
            ServerFrame::State { game } if game.result.is_some() => Some(()),
            _ => None,
        })
        .await;
    let mover = ended.mover();
    let step = ended.legal_step();
    let text = step_frame(&ended, &ended.tokens[mover].clone(), 1, &step);
    refused_alone(&mut hostile, &mut table, &text, "step", "the game is over").await;
    ended.players[mover].send_text(&text).await;
    assert!(ended.players[mover].refused().await.reason.contains("over"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joining_a_full_game_is_refused() {
    let (_server, mut table, mut hostile) = setting().await;
    let text = json!({"t": "join", "id": table.id, "name": "C"}).to_string();
    refused_alone(
        &mut hostile,
        &mut table,
        &text,
        "join",
        "every seat is taken",
    )
    .await;
    // A seat's holder joining again gets no second seat either.
    table.players[0].send_text(&text).await;
    let refused = table.players[0].refused().await;
    assert!(refused.reason.contains("seat"), "{refused:?}");
    table.play().await;
    table.check().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_challenges_from_one_address_is_refused_past_the_limit() {
    let (server, mut table, mut hostile) = setting().await;
    const SENT: usize = 30;
    let mut made = 0;
    let mut refused = Vec::new();
    for _ in 0..SENT {
        hostile.send(create_frame("unlur", json!(0))).await;
        let answer = hostile
            .until(|f| match f {
                ServerFrame::Seat { .. } => Some(Ok(())),
                ServerFrame::Error { reason, .. } => Some(Err(reason)),
                _ => None,
            })
            .await;
        match answer {
            Ok(()) => made += 1,
            Err(reason) => refused.push(reason),
        }
    }
    assert!(made >= 1, "not one challenge was made");
    assert!(
        !refused.is_empty(),
        "all {SENT} challenges from one address were made"
    );
    assert!(
        refused.iter().all(|r| r.contains("too many new games")),
        "{refused:?}"
    );
    // Another address still makes its challenge, and the game on is untouched.
    let mut other = Client::connect_from(&server, 10).await;
    other.create("unlur").await;
    table.play().await;
    table.check().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_frames_is_rate_limited() {
    let (server, mut table, mut hostile) = setting().await;
    const SENT: usize = 300;
    for _ in 0..SENT {
        hostile.send_text(r#"{"t":"ping"}"#).await;
    }
    // Once its allowance is back, the connection's frames are read again: the answer to one
    // of these marks the end of the answers to the flood (one a second until then).
    hostile.send_text(r#"{"t":"teleport"}"#).await;
    let (mut pongs, mut slow_down, mut tries) = (0, 0, 0);
    loop {
        match hostile.next_within(std::time::Duration::from_secs(1)).await {
            Some(ServerFrame::Pong) => pongs += 1,
            Some(ServerFrame::Error { reason, .. }) if reason.contains("too many frames") => {
                slow_down += 1
            }
            Some(ServerFrame::Error { reason, .. }) if reason.contains("unknown frame type") => {
                break
            }
            Some(ServerFrame::Error { reason, .. }) => panic!("{reason}"),
            Some(_) => {}
            None => {
                tries += 1;
                assert!(
                    tries < 60,
                    "no answer to a frame for a minute after the flood"
                );
                hostile.send_text(r#"{"t":"teleport"}"#).await;
            }
        }
    }
    assert!(
        slow_down >= 1,
        "{SENT} pings at once, none refused ({pongs} answered)"
    );
    assert!(pongs < SENT, "every one of {SENT} pings at once answered");
    table.play().await;
    table.check().await;
    // Other addresses are not slowed by it.
    let mut other = Client::connect_from(&server, 11).await;
    other.send(json!({"t": "ping"})).await;
    assert_eq!(other.next().await, ServerFrame::Pong);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_goes_on_from_the_last_confirmed_step() {
    let mut server = Server::start();
    let mut table = Table::new(&server, HONEST, [2, 3]).await;
    for _ in 0..5 {
        table.play().await;
    }
    // SIGKILL: whatever the server had confirmed must already be in its database.
    server.restart();
    table.players = [
        Client::connect_from(&server, 2).await,
        Client::connect_from(&server, 3).await,
    ];
    for seat in 0..2 {
        let (id, token) = (table.id.clone(), table.tokens[seat].clone());
        let state = table.players[seat].state(&id, Some(&token)).await;
        assert_eq!(state.you, Some(seat));
        assert_eq!(state.n, 5);
        assert_eq!(state.to_move, table.position.to_move());
    }
    table.check().await;
    for _ in 0..3 {
        table.play().await;
    }
    table.check().await;
}
