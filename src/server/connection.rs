//! One page's WebSocket: its frames read and answered, and the events of the games it
//! follows written to it as frames.

use super::hub::{Event, Inbox};
use super::limits::{Addresses, Bucket, CONN_BURST, CONN_RATE, REFUSALS_TO_CLOSE};
use super::live::{new_token, now_ms, token_hash, Live};
use super::protocol::{clean_name, ClientFrame, ServerFrame, MAX_FRAME_BYTES};
use super::table::{Holder, LiveGame, Refusal};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most games one connection follows at once.
const FOLLOWED: usize = 32;
/// The server pings each page this often; one not heard from for `IDLE` (not even the
/// pong its browser sends by itself) is closed.
const PING: Duration = Duration::from_secs(25);
const IDLE: Duration = Duration::from_secs(90);
/// The longest a frame may wait to be taken by a page.
const SEND: Duration = Duration::from_secs(10);

static CONNECTIONS: AtomicU64 = AtomicU64::new(1);
/// Sockets open now: a stopping server waits for them to say goodbye.
pub static OPEN: AtomicUsize = AtomicUsize::new(0);

/// What a connection follows: each game, with the seat this page holds in it.
struct Following {
    games: HashMap<String, Option<usize>>,
    lobby: bool,
}

pub async fn run(
    live: Arc<Live>,
    addresses: Arc<Addresses>,
    mut stopping: tokio::sync::watch::Receiver<bool>,
    socket: WebSocket,
    ip: IpAddr,
) {
    let conn = CONNECTIONS.fetch_add(1, Ordering::Relaxed);
    OPEN.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (inbox, mut events) = Inbox::new();
    let mut following = Following {
        games: HashMap::new(),
        lobby: false,
    };
    let mut bucket = Bucket::new(CONN_RATE, CONN_BURST);
    let mut refused = 0u32;
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval(PING);
    loop {
        let frames: Vec<String> = tokio::select! {
            message = stream.next() => {
                let Some(Ok(message)) = message else { break };
                heard = Instant::now();
                let text = match message {
                    Message::Text(text) => text,
                    Message::Binary(_) => {
                        refused += 1;
                        let refusal = ServerFrame::error("frame", None, "frames are JSON text, not binary");
                        if refused > REFUSALS_TO_CLOSE || sink.send(Message::text(refusal.to_json())).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Message::Close(_) => break,
                    _ => continue,
                };
                if !bucket.take() || !addresses.frame(ip) {
                    refused += 1;
                    if refused > REFUSALS_TO_CLOSE {
                        break;
                    }
                    // One answer per refused burst is enough to say why.
                    if refused % 50 != 1 {
                        continue;
                    }
                    vec![ServerFrame::error("frame", None, "too many frames: slow down").to_json()]
                } else {
                    match handle(&live, &addresses, ip, conn, &inbox, &mut following, &text).await {
                        Ok(frames) => frames,
                        Err((of, id, Refusal(reason))) => {
                            refused += 1;
                            if refused > REFUSALS_TO_CLOSE {
                                break;
                            }
                            vec![ServerFrame::error(&of, id.as_deref(), reason).to_json()]
                        }
                    }
                }
            }
            Some(event) = events.recv() => {
                let mut frames: Vec<String> = render(&live, &following, &event).await.into_iter().collect();
                // Events were missed: each game followed is sent whole, as it is now.
                if inbox.lagged.swap(false, Ordering::Relaxed) {
                    for (id, seat) in &following.games {
                        if let Ok(game) = live.load(id).await {
                            frames.push(state_frame(&live, &game, *seat).await);
                        }
                    }
                }
                frames
            }
            _ = ping.tick() => {
                if heard.elapsed() > IDLE {
                    break;
                }
                // A browser answers a ping by itself: a page that is there is heard from.
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                Vec::new()
            }
            _ = stopping.changed() => {
                // 1012: the server restarts; a page reconnects by itself.
                let close = CloseFrame { code: 1012, reason: "the server is restarting".into() };
                let _ = sink.send(Message::Close(Some(close))).await;
                break;
            }
        };
        let mut broken = false;
        for frame in frames {
            // A page that does not read is let go rather than waited for.
            let sent = tokio::time::timeout(SEND, sink.send(Message::text(frame))).await;
            if !matches!(sent, Ok(Ok(()))) {
                broken = true;
                break;
            }
        }
        if broken {
            break;
        }
    }
    // Gone: stop following, and tell the others its seats are empty.
    live.hub.follow_lobby(conn, None);
    for (id, seat) in following.games.drain() {
        live.hub.unfollow(&id, conn);
        if let Some(seat) = seat {
            live.seat(&id, seat, -1).await;
        }
    }
    addresses.disconnect(ip);
    OPEN.fetch_sub(1, Ordering::Relaxed);
}

type Failure = (String, Option<String>, Refusal);

/// Answers one frame: what to send back, or what was refused.
async fn handle(
    live: &Live,
    addresses: &Addresses,
    ip: IpAddr,
    conn: u64,
    inbox: &Inbox,
    following: &mut Following,
    text: &str,
) -> Result<Vec<String>, Failure> {
    let frame = ClientFrame::parse(text).map_err(|e| {
        let of = if text.len() > MAX_FRAME_BYTES {
            "frame".to_string()
        } else {
            serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("t").and_then(|t| t.as_str()).map(str::to_string))
                .unwrap_or_else(|| "frame".to_string())
        };
        (of, None, Refusal(e.0))
    })?;
    let of = frame.kind().to_string();
    let about = frame.game_id().map(str::to_string);
    // Captures by reference only, so it is Copy: one for every refusal below.
    let fail = |r: Refusal| -> Failure { (of.clone(), about.clone(), r) };
    let follow =
        |following: &mut Following, id: &str, seat: Option<usize>| -> Result<(), Refusal> {
            if !following.games.contains_key(id) && following.games.len() >= FOLLOWED {
                return Err(Refusal(format!(
                    "a page follows at most {FOLLOWED} games at once"
                )));
            }
            Ok(()).map(|()| {
                following.games.insert(id.to_string(), seat);
                live.hub.follow(id, conn, inbox.clone());
            })
        };
    match frame {
        ClientFrame::Ping => Ok(vec![ServerFrame::Pong.to_json()]),
        ClientFrame::Lobby { on } => {
            following.lobby = on;
            live.hub.follow_lobby(conn, on.then(|| inbox.clone()));
            Ok(if on {
                vec![live.lobby_frame().await.to_string()]
            } else {
                Vec::new()
            })
        }
        ClientFrame::Create {
            setup,
            seat,
            clock,
            open,
            name,
        } => {
            if !addresses.create(ip) {
                return Err(fail(Refusal(
                    "too many new games from your address: wait a little".into(),
                )));
            }
            if following.games.len() >= FOLLOWED {
                return Err(fail(Refusal(format!(
                    "a page follows at most {FOLLOWED} games at once"
                ))));
            }
            let token = new_token();
            let hash = token_hash(&token);
            let random = crate::server::live::random_code(1).as_bytes()[0] as usize;
            let mut seat_taken = 0;
            let game = live
                .create(|id| {
                    let holder = Holder {
                        token_hash: Some(hash.clone()),
                        name: clean_name(&name),
                    };
                    let (game, position, s) =
                        LiveGame::create(id, &setup, seat, clock, open, holder, random, now_ms())?;
                    seat_taken = s;
                    Ok((game, position))
                })
                .await
                .map_err(fail)?;
            follow(following, &game.id, Some(seat_taken)).map_err(fail)?;
            live.seat(&game.id, seat_taken, 1).await;
            let state = state_frame(live, &game, Some(seat_taken)).await;
            Ok(vec![
                ServerFrame::Seat {
                    id: game.id.clone(),
                    seat: seat_taken,
                    token,
                }
                .to_json(),
                state,
            ])
        }
        ClientFrame::Join { id, name } => {
            if !following.games.contains_key(&id) && following.games.len() >= FOLLOWED {
                return Err(fail(Refusal(format!(
                    "a page follows at most {FOLLOWED} games at once"
                ))));
            }
            let token = new_token();
            let hash = token_hash(&token);
            let name = clean_name(&name);
            let seat = live
                .change(&id, |game, _, now| {
                    let holder = Holder {
                        token_hash: Some(hash.clone()),
                        name: name.clone(),
                    };
                    Ok((game.join(holder, now)?, None))
                })
                .await
                .map_err(fail)?;
            if let Some(Some(old)) = following.games.get(&id) {
                live.seat(&id, *old, -1).await;
            }
            follow(following, &id, Some(seat)).map_err(fail)?;
            live.seat(&id, seat, 1).await;
            // The change's event went out before this page followed the game.
            let game = live.load(&id).await.map_err(fail)?;
            let state = state_frame(live, &game, Some(seat)).await;
            Ok(vec![ServerFrame::Seat { id, seat, token }.to_json(), state])
        }
        ClientFrame::Watch { id, token } => {
            let game = live.load(&id).await.map_err(fail)?;
            let seat = match &token {
                Some(token) => Some(game.seat_of(&token_hash(token)).ok_or_else(|| {
                    fail(Refusal("that token holds no seat in this game".into()))
                })?),
                None => None,
            };
            let before = following.games.get(&id).copied().flatten();
            follow(following, &id, seat).map_err(fail)?;
            if before != seat {
                if let Some(old) = before {
                    live.seat(&id, old, -1).await;
                }
                if let Some(seat) = seat {
                    live.seat(&id, seat, 1).await;
                }
            }
            Ok(vec![state_frame(live, &game, seat).await])
        }
        ClientFrame::Unwatch { id } => {
            if let Some(seat) = following.games.remove(&id) {
                live.hub.unfollow(&id, conn);
                if let Some(seat) = seat {
                    live.seat(&id, seat, -1).await;
                }
            }
            Ok(Vec::new())
        }
        ClientFrame::Step { id, token, n, step } => {
            let hash = token_hash(&token);
            live.change(&id, |game, position, now| {
                let played = game.step(position, &hash, n, &step, now)?;
                Ok(((), Some(played)))
            })
            .await
            .map_err(fail)?;
            Ok(Vec::new())
        }
        ClientFrame::Resign { id, token } => {
            let hash = token_hash(&token);
            live.change(&id, |game, _, now| Ok((game.resign(&hash, now)?, None)))
                .await
                .map_err(fail)?;
            Ok(Vec::new())
        }
        ClientFrame::Draw { id, token, offer } => {
            let hash = token_hash(&token);
            live.change(&id, |game, _, _| Ok((game.draw(&hash, offer)?, None)))
                .await
                .map_err(fail)?;
            Ok(Vec::new())
        }
        ClientFrame::Cancel { id, token } => {
            let hash = token_hash(&token);
            live.change(&id, |game, _, _| Ok((game.cancel(&hash)?, None)))
                .await
                .map_err(fail)?;
            Ok(Vec::new())
        }
        ClientFrame::Rematch { id, token } => {
            let hash = token_hash(&token);
            let next = live
                .change(&id, |game, _, now| {
                    if !game.ask_rematch(&hash)? {
                        return Ok((None, None));
                    }
                    let next_id = crate::server::live::random_code(crate::server::protocol::ID_LEN);
                    Ok((Some(game.rematch_of(next_id, now)?), None))
                })
                .await
                .map_err(fail)?;
            if let Some(made) = next {
                // Stored first, then named in the old game: a page told of the rematch
                // finds it at once.
                let mut made = Some(made);
                let next = live
                    .create(|_| {
                        made.take()
                            .ok_or_else(|| Refusal("the rematch's id is taken: ask again".into()))
                    })
                    .await
                    .map_err(fail)?;
                live.change(&id, |game, _, _| Ok((game.set_next(&next.id)?, None)))
                    .await
                    .map_err(fail)?;
            }
            Ok(Vec::new())
        }
    }
}

/// The whole game for a page holding `seat`.
async fn state_frame(live: &Live, game: &LiveGame, seat: Option<usize>) -> String {
    let online = live
        .store
        .online(&game.id, game.seats.len())
        .await
        .unwrap_or_else(|_| vec![false; game.seats.len()]);
    ServerFrame::State {
        game: game.view(seat, &online, now_ms()),
    }
    .to_json()
}

/// The frame an event makes for this connection, if it follows what the event is about.
async fn render(live: &Live, following: &Following, event: &Event) -> Option<String> {
    match event {
        Event::Changed { game, step } => {
            let seat = *following.games.get(&game.id)?;
            Some(match step {
                Some((text, by)) => ServerFrame::Step {
                    id: game.id.clone(),
                    v: game.v,
                    n: game.steps.len(),
                    step: text.clone(),
                    by: *by,
                    to_move: game.view(None, &[], 0).to_move,
                    clocks: game.clocks_at(now_ms()),
                    status: game.status,
                    result: game.result.clone(),
                }
                .to_json(),
                None => state_frame(live, game, seat).await,
            })
        }
        Event::Presence { id, seat, online } => {
            following.games.get(id)?;
            Some(
                ServerFrame::Presence {
                    id: id.clone(),
                    seat: *seat,
                    online: *online,
                }
                .to_json(),
            )
        }
        Event::Lobby => {
            if following.lobby {
                Some(live.lobby_frame().await.to_string())
            } else {
                None
            }
        }
    }
}
