//! The games on this server: every change is made under the game's lock on this server,
//! from the stored game, and written over the version it was made from; a change another
//! server wrote meanwhile makes it start again from the new version.

use super::hub::{Event, Hub};
use super::protocol::{ChallengeView, ServerFrame, Status, ID_ALPHABET, ID_LEN, TOKEN_LEN};
use super::store::{Store, StoreError};
use super::table::{LiveGame, Played, Refusal};
use crate::games::AnyGame;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How many locks the games share (a game's is picked by its id).
const LOCKS: usize = 256;
/// How many positions are kept ready (beyond, the cache starts afresh).
const POSITIONS: usize = 20_000;
/// How often the clocks are checked for games nobody moves in.
pub const SWEEP: Duration = Duration::from_millis(200);
/// The open challenges listed.
const LOBBY_SIZE: usize = 100;
/// A lobby list is made again at most this often.
const LOBBY_FRESH: Duration = Duration::from_millis(250);

pub struct Live {
    pub store: Store,
    pub hub: Arc<Hub>,
    locks: Vec<tokio::sync::Mutex<()>>,
    /// Each game's position after its steps, so a step is not a replay of the game.
    positions: Mutex<HashMap<String, (usize, AnyGame)>>,
    lobby: tokio::sync::Mutex<Option<(Instant, Arc<str>)>>,
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A random code of `len` characters of the id alphabet, from the system's generator.
pub fn random_code(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).expect("the system's random generator");
    // 57 letters: a byte modulo 57 is off uniform by under 1%, which costs a 32-letter
    // token well under one bit of its 186.
    bytes
        .iter()
        .map(|b| ID_ALPHABET[*b as usize % ID_ALPHABET.len()] as char)
        .collect()
}

pub fn new_token() -> String {
    random_code(TOKEN_LEN)
}

pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn stored(e: StoreError) -> Refusal {
    eprintln!("ludus serve: {e}");
    Refusal("the server could not store the game just now: try again".into())
}

impl Live {
    pub fn new(store: Store, hub: Arc<Hub>) -> Live {
        Live {
            store,
            hub,
            locks: (0..LOCKS).map(|_| tokio::sync::Mutex::new(())).collect(),
            positions: Mutex::new(HashMap::new()),
            lobby: tokio::sync::Mutex::new(None),
        }
    }

    fn lock(&self, id: &str) -> &tokio::sync::Mutex<()> {
        let h = id
            .bytes()
            .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
        &self.locks[h % LOCKS]
    }

    pub async fn load(&self, id: &str) -> Result<LiveGame, Refusal> {
        self.store
            .load(id)
            .await
            .map_err(stored)?
            .ok_or_else(|| Refusal(format!("there is no game {id}")))
    }

    fn position_of(&self, game: &LiveGame) -> Result<AnyGame, Refusal> {
        if let Some((n, position)) = self.positions.lock().unwrap().get(&game.id) {
            if *n == game.steps.len() {
                return Ok(position.clone());
            }
        }
        game.position()
    }

    fn keep_position(&self, game: &LiveGame, position: AnyGame) {
        let mut positions = self.positions.lock().unwrap();
        if game.status == Status::Ended {
            positions.remove(&game.id);
            return;
        }
        if positions.len() >= POSITIONS {
            positions.clear();
        }
        positions.insert(game.id.clone(), (game.steps.len(), position));
    }

    /// Stores a new game under a fresh id (drawn again on the rare clash).
    pub async fn create(
        &self,
        mut make: impl FnMut(String) -> Result<(LiveGame, AnyGame), Refusal>,
    ) -> Result<LiveGame, Refusal> {
        for _ in 0..4 {
            let (game, position) = make(random_code(ID_LEN))?;
            if self
                .store
                .insert(&game, Event::changed(&game, None))
                .await
                .map_err(stored)?
            {
                self.keep_position(&game, position);
                if game.open {
                    self.lobby_changed().await;
                }
                return Ok(game);
            }
        }
        Err(Refusal("no free game id was found: try again".into()))
    }

    /// Makes one change to a game: `change` gets the game as stored (its clock already
    /// checked) and its position, and says what it did, or why it did nothing.
    pub async fn change<T>(
        &self,
        id: &str,
        mut change: impl FnMut(&mut LiveGame, &mut AnyGame, u64) -> Result<(T, Option<Played>), Refusal>,
    ) -> Result<T, Refusal> {
        let _guard = self.lock(id).lock().await;
        for _ in 0..8 {
            let mut game = self.load(id).await?;
            let from = game.v;
            let listed = game.open && game.status == Status::Waiting;
            let now = now_ms();
            if game.flag(now) {
                if self.write(from, &game, None, listed).await? {
                    return Err(Refusal("the clock ran out: the game is over".into()));
                }
                continue;
            }
            let mut position = self.position_of(&game)?;
            let (value, played) = change(&mut game, &mut position, now)?;
            if self.write(from, &game, played.as_ref(), listed).await? {
                self.keep_position(&game, position);
                return Ok(value);
            }
        }
        Err(Refusal("the game is changing too fast: try again".into()))
    }

    async fn write(
        &self,
        from: u64,
        game: &LiveGame,
        played: Option<&Played>,
        listed: bool,
    ) -> Result<bool, Refusal> {
        let written = self
            .store
            .replace(from, game, Event::changed(game, played))
            .await
            .map_err(stored)?;
        if written && listed != (game.open && game.status == Status::Waiting) {
            self.lobby_changed().await;
        }
        Ok(written)
    }

    /// Ends on time the games whose clock ran out with nobody moving.
    pub async fn sweep(&self) {
        let due = match self.store.due(now_ms()).await {
            Ok(due) => due,
            Err(e) => return eprintln!("ludus serve: {e}"),
        };
        for id in due {
            // The change itself flags the game; nothing else is changed.
            let _ = self
                .change(&id, |_, _, _| {
                    Err::<((), Option<Played>), _>(Refusal(String::new()))
                })
                .await;
        }
    }

    async fn lobby_changed(&self) {
        *self.lobby.lock().await = None;
        if let Err(e) = self.store.publish(Event::Lobby).await {
            eprintln!("ludus serve: {e}");
        }
    }

    /// The open challenges as a `lobby` frame, made again at most every `LOBBY_FRESH`.
    pub async fn lobby_frame(&self) -> Arc<str> {
        let mut cached = self.lobby.lock().await;
        if let Some((made, frame)) = cached.as_ref() {
            if made.elapsed() < LOBBY_FRESH {
                return frame.clone();
            }
        }
        let games = self
            .store
            .open_challenges(LOBBY_SIZE)
            .await
            .unwrap_or_else(|e| {
                eprintln!("ludus serve: {e}");
                Vec::new()
            });
        // Only challenges whose challenger is here to play: one who left is not listed
        // (the challenge stands, and is listed again when its page comes back).
        let mut challenges: Vec<ChallengeView> = Vec::with_capacity(games.len());
        for game in &games {
            let online = self.store.online(&game.id, game.seats.len()).await;
            if online.is_ok_and(|o| o.contains(&true)) {
                challenges.push(game.challenge());
            }
        }
        let frame: Arc<str> = ServerFrame::Lobby { challenges }.to_json().into();
        *cached = Some((Instant::now(), frame.clone()));
        frame
    }

    /// A seat's holder connected here (`delta` 1) or left (-1): everyone following the game
    /// is told when that changes whether the seat is online.
    pub async fn seat(&self, id: &str, seat: usize, delta: i64) {
        let changed = if delta > 0 {
            self.hub.seat_in(id, seat)
        } else {
            self.hub.seat_out(id, seat)
        };
        if let Err(e) = self.store.seat(id, seat, delta).await {
            eprintln!("ludus serve: {e}");
        }
        if changed {
            let online = match self.store.online(id, seat + 1).await {
                Ok(online) => online[seat],
                Err(_) => delta > 0,
            };
            let event = Event::Presence {
                id: id.to_string(),
                seat,
                online,
            };
            if let Err(e) = self.store.publish(event).await {
                eprintln!("ludus serve: {e}");
            }
            // A challenger who came or went shows or hides the challenge in the lobby.
            if let Ok(Some(game)) = self.store.load(id).await {
                if game.open && game.status == Status::Waiting {
                    self.lobby_changed().await;
                }
            }
        }
    }
}
