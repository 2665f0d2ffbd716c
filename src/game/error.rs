//! The one error type of the engine: what went wrong, in words for a person, and of which
//! kind, so that a caller can act on it without reading the words.

use serde::Serialize;
use std::fmt;

/// What kind of thing went wrong. Serialised (and given to JS as an Error's `kind`) as
/// "syntax", "illegal-step", "options", "record" or "game-over".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// Text that no position of the game would take as a step ("z9" on an 8×8 board, "c4~c4",
    /// words), or a board diagram that does not read.
    Syntax,
    /// A step that reads but is not legal now ("c4 is occupied").
    IllegalStep,
    /// A choice made before play that is refused: a game name, an option, a player or level,
    /// a search, analysis or export setting.
    Options,
    /// A record (a link's game) that does not read or does not replay.
    Record,
    /// A step, or the computer's choice, asked for once the game is over.
    GameOver,
}

impl ErrorKind {
    /// The kind as JS sees it ("illegal-step"), the same as its serialised form.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::IllegalStep => "illegal-step",
            ErrorKind::Options => "options",
            ErrorKind::Record => "record",
            ErrorKind::GameOver => "game-over",
        }
    }
}

/// Why something could not be done, and its kind. The message is a whole sentence fragment
/// meant for a person ("c4 is occupied").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// A step text that does not read ([`ErrorKind::Syntax`]).
    pub fn syntax(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Syntax, message)
    }

    /// A step that is not legal now ([`ErrorKind::IllegalStep`]).
    pub fn illegal(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::IllegalStep, message)
    }

    /// A refused option or setting ([`ErrorKind::Options`]).
    pub fn options(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Options, message)
    }

    /// A record that does not read or replay ([`ErrorKind::Record`]).
    pub fn record(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Record, message)
    }

    /// Play asked for after the end ([`ErrorKind::GameOver`]).
    pub fn game_over(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::GameOver, message)
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same message as another kind: an error met on the way to something larger (a
    /// step of a record that cannot be played is a bad record).
    pub fn with_kind(self, kind: ErrorKind) -> Self {
        Error { kind, ..self }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
