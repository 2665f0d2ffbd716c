//! The live-play protocol: the frames a page and the server send each other over the
//! WebSocket at `/live` (docs/ONLINE.md, "Protocol"), and the reader of what a client sends.
//!
//! Every frame is one JSON object with its type in `t`. Everything a client sends is
//! untrusted: [`ClientFrame::parse`] checks sizes and shapes and answers what is wrong, and
//! never panics (the `live_frame` fuzz target holds it to that). Plain Rust with serde alone,
//! so the fuzz crate and the tests read frames without the server's runtime.

use serde::{Deserialize, Serialize};

/// The most bytes a client frame may have.
pub const MAX_FRAME_BYTES: usize = 4096;
/// The most characters of a player's name; longer names are refused.
pub const MAX_NAME_CHARS: usize = 24;
/// The most bytes of a step's text.
pub const MAX_STEP_BYTES: usize = 64;
/// The most bytes of a game's setup (a record without steps: Unity's layout and walls).
pub const MAX_SETUP_BYTES: usize = 1024;
/// A game id: this many characters of [`ID_ALPHABET`].
pub const ID_LEN: usize = 10;
/// A seat token: this many characters of [`ID_ALPHABET`] (about 190 bits).
pub const TOKEN_LEN: usize = 32;
/// The characters of ids and tokens (URL-safe, no look-alikes to mistype in a link).
pub const ID_ALPHABET: &[u8] = b"23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/// Clock limits: a Fischer clock's start (seconds) and increment, and a per-move clock.
pub const FISCHER_INITIAL_S: std::ops::RangeInclusive<u64> = 5..=3 * 3600;
pub const FISCHER_INCREMENT_S: std::ops::RangeInclusive<u64> = 0..=180;
pub const PER_MOVE_S: std::ops::RangeInclusive<u64> = 60..=14 * 86_400;

/// How a game's time is kept. A turn of several steps (Unity's walls, Unravel's swap
/// chains) is one turn on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ClockSpec {
    /// `initial` seconds each, `increment` seconds added after each of one's turns.
    Fischer { initial: u64, increment: u64 },
    /// `seconds` for each turn, whatever was left of the last one (days per move).
    Move { seconds: u64 },
}

impl ClockSpec {
    /// Refuses a clock outside the limits above, saying which.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            ClockSpec::Fischer { initial, increment } => {
                if !FISCHER_INITIAL_S.contains(&initial) {
                    return Err(format!(
                        "a clock's initial time must be {} to {} seconds (got {initial})",
                        FISCHER_INITIAL_S.start(),
                        FISCHER_INITIAL_S.end()
                    ));
                }
                if !FISCHER_INCREMENT_S.contains(&increment) {
                    return Err(format!(
                        "a clock's increment must be {} to {} seconds (got {increment})",
                        FISCHER_INCREMENT_S.start(),
                        FISCHER_INCREMENT_S.end()
                    ));
                }
            }
            ClockSpec::Move { seconds } => {
                if !PER_MOVE_S.contains(&seconds) {
                    return Err(format!(
                        "a per-move clock must be {} to {} seconds (got {seconds})",
                        PER_MOVE_S.start(),
                        PER_MOVE_S.end()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The seat a challenger asks for: a number (0 is the game's first player) or any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SeatChoice {
    Seat(usize),
    Random(RandomSeat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RandomSeat {
    Random,
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientFrame {
    /// A new game: `setup` is a record without steps (`unlur;size=5`, Unity's layout and
    /// walls included). `open`: listed in the open challenges for anyone to accept.
    Create {
        setup: String,
        seat: SeatChoice,
        clock: ClockSpec,
        #[serde(default)]
        open: bool,
        #[serde(default)]
        name: String,
    },
    /// Takes a free seat of a game (the link's reader, or a challenge accepted).
    Join {
        id: String,
        #[serde(default)]
        name: String,
    },
    /// Follows a game: with a token, as the seat it holds (a reload, a reconnect); without,
    /// as a spectator.
    Watch {
        id: String,
        #[serde(default)]
        token: Option<String>,
    },
    /// Stops following a game.
    Unwatch {
        id: String,
    },
    /// One step; `n` is the number of steps played before it (a step sent twice, or after
    /// the game moved on, is refused rather than played twice).
    Step {
        id: String,
        token: String,
        n: usize,
        step: String,
    },
    Resign {
        id: String,
        token: String,
    },
    /// `offer: true` offers a draw, or accepts the one offered; `false` declines or takes
    /// one's own offer back. Only in a game whose rules have a draw.
    Draw {
        id: String,
        token: String,
        offer: bool,
    },
    /// Asks for a rematch, seats turned round; the game is made once every player asked.
    Rematch {
        id: String,
        token: String,
    },
    /// Withdraws a challenge nobody has accepted yet.
    Cancel {
        id: String,
        token: String,
    },
    /// Follows the list of open challenges (`on: false` stops).
    Lobby {
        #[serde(default = "yes")]
        on: bool,
    },
    Ping,
}

fn yes() -> bool {
    true
}

/// What is wrong with a client's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameError(pub String);

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl ClientFrame {
    /// Reads one frame, checking every field's size and shape.
    pub fn parse(text: &str) -> Result<ClientFrame, FrameError> {
        if text.len() > MAX_FRAME_BYTES {
            return Err(FrameError(format!(
                "the frame is too long ({} bytes; at most {MAX_FRAME_BYTES})",
                text.len()
            )));
        }
        let frame: ClientFrame = serde_json::from_str(text).map_err(|e| {
            let e = e.to_string();
            FrameError(if e.starts_with("unknown variant") {
                format!("unknown frame type: {e}")
            } else {
                format!("the frame cannot be read: {e}")
            })
        })?;
        frame.check()?;
        Ok(frame)
    }

    /// The frame's type, as sent (for errors that say what they answer).
    pub fn kind(&self) -> &'static str {
        match self {
            ClientFrame::Create { .. } => "create",
            ClientFrame::Join { .. } => "join",
            ClientFrame::Watch { .. } => "watch",
            ClientFrame::Unwatch { .. } => "unwatch",
            ClientFrame::Step { .. } => "step",
            ClientFrame::Resign { .. } => "resign",
            ClientFrame::Draw { .. } => "draw",
            ClientFrame::Rematch { .. } => "rematch",
            ClientFrame::Cancel { .. } => "cancel",
            ClientFrame::Lobby { .. } => "lobby",
            ClientFrame::Ping => "ping",
        }
    }

    /// The game the frame is about, if any.
    pub fn game_id(&self) -> Option<&str> {
        match self {
            ClientFrame::Join { id, .. }
            | ClientFrame::Watch { id, .. }
            | ClientFrame::Unwatch { id }
            | ClientFrame::Step { id, .. }
            | ClientFrame::Resign { id, .. }
            | ClientFrame::Draw { id, .. }
            | ClientFrame::Rematch { id, .. }
            | ClientFrame::Cancel { id, .. } => Some(id),
            ClientFrame::Create { .. } | ClientFrame::Lobby { .. } | ClientFrame::Ping => None,
        }
    }

    fn check(&self) -> Result<(), FrameError> {
        if let Some(id) = self.game_id() {
            check_code("game id", id, ID_LEN)?;
        }
        match self {
            ClientFrame::Create {
                setup, clock, name, ..
            } => {
                if setup.len() > MAX_SETUP_BYTES {
                    return Err(FrameError(format!(
                        "the setup is too long ({} bytes; at most {MAX_SETUP_BYTES})",
                        setup.len()
                    )));
                }
                clock.check().map_err(FrameError)?;
                check_name(name)?;
            }
            ClientFrame::Join { name, .. } => check_name(name)?,
            ClientFrame::Watch { token, .. } => {
                if let Some(token) = token {
                    check_code("token", token, TOKEN_LEN)?;
                }
            }
            ClientFrame::Step { token, step, .. } => {
                check_code("token", token, TOKEN_LEN)?;
                if step.is_empty() || step.len() > MAX_STEP_BYTES {
                    return Err(FrameError(format!(
                        "a step is 1 to {MAX_STEP_BYTES} bytes (got {})",
                        step.len()
                    )));
                }
            }
            ClientFrame::Resign { token, .. }
            | ClientFrame::Draw { token, .. }
            | ClientFrame::Rematch { token, .. }
            | ClientFrame::Cancel { token, .. } => check_code("token", token, TOKEN_LEN)?,
            ClientFrame::Unwatch { .. } | ClientFrame::Lobby { .. } | ClientFrame::Ping => {}
        }
        Ok(())
    }
}

/// An id or a token: exactly `len` characters of [`ID_ALPHABET`].
fn check_code(what: &str, text: &str, len: usize) -> Result<(), FrameError> {
    if text.len() != len || !text.bytes().all(|b| ID_ALPHABET.contains(&b)) {
        return Err(FrameError(format!(
            "a {what} is {len} letters and digits (got {:?})",
            crate::game::shorten(text)
        )));
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), FrameError> {
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(FrameError(format!(
            "a name is at most {MAX_NAME_CHARS} characters (got {chars})"
        )));
    }
    Ok(())
}

/// A player's name as kept: trimmed, whitespace runs made one space. Control and
/// bidirectional characters are kept as sent; the page escapes them when it shows a name.
pub fn clean_name(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveResult {
    /// The seats that won: one, two in a three-player game where a player resigned or ran
    /// out of time, none for a draw or a withdrawn challenge.
    pub winners: Vec<usize>,
    pub reason: EndReason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    /// The rules ended it (a win, or a draw the rules make).
    Rules,
    Resign,
    /// A player's clock ran out; `loser` in the state says whose.
    Time,
    /// Drawn by agreement.
    Agreed,
    /// The challenger withdrew it before anyone took the seat.
    Cancelled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Seats free: a challenge.
    Waiting,
    Playing,
    Ended,
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub name: String,
    pub taken: bool,
    /// Whether the seat's holder has a page connected now.
    pub online: bool,
}

/// A game as a page is shown it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub id: String,
    /// Counts every change of the game: a page ignores a frame older than what it has.
    pub v: u64,
    /// The game's record in today's record format (`unlur;size=5;moves=d4,c3`).
    pub record: String,
    pub game: String,
    /// The number of steps played.
    pub n: usize,
    pub seats: Vec<SeatView>,
    /// The reader's seat, or None for a spectator.
    pub you: Option<usize>,
    pub status: Status,
    /// The seat to move while the game is on.
    pub to_move: Option<usize>,
    pub clock: ClockSpec,
    /// Each seat's time left, in milliseconds, when the frame was sent.
    pub clocks: Vec<u64>,
    pub result: Option<LiveResult>,
    /// Who lost on time or resigned (None otherwise).
    pub loser: Option<usize>,
    /// Whether the game's rules have a draw (draw offers are made only then).
    pub can_draw: bool,
    pub draw_offers: Vec<bool>,
    pub rematch: Vec<bool>,
    /// The rematch's id, once made.
    pub next: Option<String>,
    /// Listed in the open challenges.
    pub open: bool,
}

/// An open challenge, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeView {
    pub id: String,
    pub game: String,
    /// The challenge's setup: a record without steps.
    pub setup: String,
    pub clock: ClockSpec,
    /// The seats still free (0 is the game's first player).
    pub free: Vec<usize>,
    pub players: usize,
    /// The challenger's name.
    pub name: String,
    pub created_ms: u64,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerFrame {
    /// To the player alone, after `create` or `join`: the seat and its token (kept by the
    /// page, never put in a link).
    Seat {
        id: String,
        seat: usize,
        token: String,
    },
    /// The whole game: after `watch`, and after every change but a step.
    State {
        game: GameView,
    },
    /// One step, confirmed: it is in the database. `n` steps are played after it.
    Step {
        id: String,
        v: u64,
        n: usize,
        step: String,
        by: usize,
        #[serde(rename = "toMove")]
        to_move: Option<usize>,
        clocks: Vec<u64>,
        status: Status,
        result: Option<LiveResult>,
    },
    /// A seat's holder connected or left.
    Presence {
        id: String,
        seat: usize,
        online: bool,
    },
    Lobby {
        challenges: Vec<ChallengeView>,
    },
    /// A frame refused: `ref` is its type; the game is as it was.
    Error {
        #[serde(rename = "ref")]
        of: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        reason: String,
    },
    Pong,
}

impl ServerFrame {
    pub fn error(of: &str, id: Option<&str>, reason: impl Into<String>) -> ServerFrame {
        ServerFrame::Error {
            of: of.to_string(),
            id: id.map(str::to_string),
            reason: reason.into(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server frames serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "abcdefghijkmnopqrstuvwxyz2345678";

    #[test]
    fn reads_each_frame() {
        let f = ClientFrame::parse(
            r#"{"t":"create","setup":"unlur;size=5","seat":"random","clock":{"kind":"fischer","initial":180,"increment":2},"open":true,"name":"Ann"}"#,
        )
        .unwrap();
        assert!(matches!(
            f,
            ClientFrame::Create {
                seat: SeatChoice::Random(_),
                open: true,
                ..
            }
        ));
        let f = ClientFrame::parse(&format!(
            r#"{{"t":"step","id":"abcdefghij","token":"{TOKEN}","n":3,"step":"d4"}}"#
        ))
        .unwrap();
        assert_eq!(f.kind(), "step");
        assert_eq!(
            ClientFrame::parse(r#"{"t":"ping"}"#).unwrap(),
            ClientFrame::Ping
        );
        assert_eq!(
            ClientFrame::parse(r#"{"t":"lobby"}"#).unwrap(),
            ClientFrame::Lobby { on: true }
        );
    }

    #[test]
    fn refuses_with_a_reason() {
        let reason = |text: &str| ClientFrame::parse(text).unwrap_err().0;
        assert!(reason("{").contains("cannot be read"));
        assert!(reason(r#"{"t":"fly"}"#).contains("unknown frame type"));
        assert!(reason(r#"{"t":"watch","id":"short"}"#).contains("game id"));
        assert!(reason(&format!(
            r#"{{"t":"step","id":"abcdefghij","token":"{TOKEN}","n":3,"step":""}}"#
        ))
        .contains("a step is"));
        assert!(reason(&"x".repeat(MAX_FRAME_BYTES + 1)).contains("too long"));
        let long_name = "é".repeat(MAX_NAME_CHARS + 1);
        assert!(reason(&format!(
            r#"{{"t":"join","id":"abcdefghij","name":"{long_name}"}}"#
        ))
        .contains("at most 24 characters"));
        assert!(reason(
            r#"{"t":"create","setup":"unlur","seat":0,"clock":{"kind":"fischer","initial":1,"increment":0}}"#
        )
        .contains("initial time"));
        assert!(
            reason(r#"{"t":"step","id":"abcdefghij","token":"x","n":-1,"step":"a"}"#)
                .contains("cannot be read")
        );
    }

    #[test]
    fn names_are_trimmed() {
        assert_eq!(clean_name("  Ann \t Lee "), "Ann Lee");
    }
}
