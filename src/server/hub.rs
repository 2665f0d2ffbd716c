//! Fan-out on one server: which of its connections follow which game (and the open
//! challenges), and who of each game's seats is connected here. Events come from the store
//! once a change is stored (SQLite: this server's own writes; Redis: every server's, by
//! publish/subscribe), and each connection writes its own frames from them.

use super::table::{LiveGame, Played};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// What a server tells its connections.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A game changed; `step` when the change was a step.
    Changed {
        game: Box<LiveGame>,
        step: Option<(String, usize)>,
    },
    /// A seat's holder connected or left (on some server).
    Presence {
        id: String,
        seat: usize,
        online: bool,
    },
    /// The open challenges changed.
    Lobby,
}

impl Event {
    pub fn changed(game: &LiveGame, step: Option<&Played>) -> Event {
        Event::Changed {
            game: Box::new(game.clone()),
            step: step.map(|p| (p.text.clone(), p.by)),
        }
    }

    fn game_id(&self) -> Option<&str> {
        match self {
            Event::Changed { game, .. } => Some(&game.id),
            Event::Presence { id, .. } => Some(id),
            Event::Lobby => None,
        }
    }
}

/// A connection's inbox. Bounded: a connection that reads too slowly misses events, and
/// is then marked `lagged`, on which it sends each game it follows whole again.
#[derive(Clone)]
pub struct Inbox {
    pub events: mpsc::Sender<Arc<Event>>,
    pub lagged: Arc<AtomicBool>,
}

impl Inbox {
    pub fn new() -> (Inbox, mpsc::Receiver<Arc<Event>>) {
        let (events, received) = mpsc::channel(INBOX);
        let inbox = Inbox {
            events,
            lagged: Arc::new(AtomicBool::new(false)),
        };
        (inbox, received)
    }
}

/// How many events a connection may have unread.
pub const INBOX: usize = 256;

#[derive(Default)]
pub struct Hub {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    games: HashMap<String, Vec<(u64, Inbox)>>,
    lobby: Vec<(u64, Inbox)>,
    /// Connections here holding each game's seats.
    seated: HashMap<(String, usize), usize>,
}

impl Hub {
    pub fn follow(&self, id: &str, conn: u64, inbox: Inbox) {
        let mut inner = self.inner.lock().unwrap();
        let list = inner.games.entry(id.to_string()).or_default();
        if !list.iter().any(|(c, _)| *c == conn) {
            list.push((conn, inbox));
        }
    }

    pub fn unfollow(&self, id: &str, conn: u64) {
        let mut inner = self.inner.lock().unwrap();
        if let Some(list) = inner.games.get_mut(id) {
            list.retain(|(c, _)| *c != conn);
            if list.is_empty() {
                inner.games.remove(id);
            }
        }
    }

    pub fn follow_lobby(&self, conn: u64, inbox: Option<Inbox>) {
        let mut inner = self.inner.lock().unwrap();
        inner.lobby.retain(|(c, _)| *c != conn);
        if let Some(inbox) = inbox {
            inner.lobby.push((conn, inbox));
        }
    }

    /// Hands an event to the connections here that follow its game (or the lobby).
    pub fn deliver(&self, event: Event) {
        let event = Arc::new(event);
        let inner = self.inner.lock().unwrap();
        let list = match event.game_id() {
            Some(id) => inner.games.get(id).map(Vec::as_slice).unwrap_or_default(),
            None => &inner.lobby,
        };
        for (_, inbox) in list {
            if inbox.events.try_send(event.clone()).is_err() {
                inbox.lagged.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Counts a connection holding a seat here; true if it is the first.
    pub fn seat_in(&self, id: &str, seat: usize) -> bool {
        let mut inner = self.inner.lock().unwrap();
        let count = inner.seated.entry((id.to_string(), seat)).or_default();
        *count += 1;
        *count == 1
    }

    /// Counts one leaving; true if it was the last here.
    pub fn seat_out(&self, id: &str, seat: usize) -> bool {
        let mut inner = self.inner.lock().unwrap();
        let key = (id.to_string(), seat);
        match inner.seated.get_mut(&key) {
            Some(count) if *count > 1 => {
                *count -= 1;
                false
            }
            Some(_) => {
                inner.seated.remove(&key);
                true
            }
            None => false,
        }
    }

    /// Which of a game's seats have a connection here.
    pub fn seated_here(&self, id: &str, seats: usize) -> Vec<bool> {
        let inner = self.inner.lock().unwrap();
        (0..seats)
            .map(|s| inner.seated.contains_key(&(id.to_string(), s)))
            .collect()
    }

    /// How many connections follow something here (for /live/info).
    pub fn followers(&self) -> usize {
        let inner = self.inner.lock().unwrap();
        inner.games.values().map(Vec::len).sum::<usize>() + inner.lobby.len()
    }
}
