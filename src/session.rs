//! A game being played: its options, every step so far, and a cursor for stepping through
//! history; plus the record text that carries all of it in a link.
//!
//! Record text: `game;key=value;…;moves=s1,s2,…;at=N`, for example
//! `unity;players=3;layout=GoG…;walls=c3|c4,d3|d4;moves=c3-c6,c3|c4`. Options are the game's
//! canonical options; `moves` lists canonical steps; `at` (omitted at the end) is the number
//! of steps applied in the position shown. It uses no character that needs escaping in a URL
//! fragment except `|`.

use crate::game::{shorten, BoardView, Color, Error, ErrorKind, Seat, StepKind, StepView};
use crate::games::{AnyGame, GameKind};
use crate::options::OptionMap;
use std::cell::RefCell;

/// Records longer than this are refused before any work is done (a hostile link).
pub const MAX_RECORD_LEN: usize = 200_000;

/// More options than any game has, by far; a record with more is refused.
pub const MAX_RECORD_OPTIONS: usize = 64;

/// The parts of a record text, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    pub options: OptionMap,
    pub steps: Vec<String>,
    pub at: Option<usize>,
}

impl Record {
    pub fn parse(text: &str) -> Result<Record, Error> {
        if text.len() > MAX_RECORD_LEN {
            return Err(Error::record(format!(
                "the record is too long ({} characters; at most {MAX_RECORD_LEN})",
                text.len()
            )));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::record("the record is empty"));
        }
        let mut parts = text.split(';');
        let kind = GameKind::parse(parts.next().unwrap_or("").trim())
            .map_err(|e| e.with_kind(ErrorKind::Record))?;
        let mut record = Record {
            kind,
            options: OptionMap::new(),
            steps: Vec::new(),
            at: None,
        };
        // A second `moves=` or `at=` would silently replace the first: refused, as options are.
        let mut seen_moves = false;
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let Some((key, value)) = part.split_once('=') else {
                return Err(Error::record(format!(
                    "{:?} in the record is not of the form key=value",
                    shorten(part)
                )));
            };
            let (key, value) = (key.trim(), value.trim());
            match key {
                "moves" if seen_moves => return Err(Error::record("moves= is given twice")),
                "at" if record.at.is_some() => return Err(Error::record("at= is given twice")),
                "moves" => {
                    seen_moves = true;
                    record.steps = split_steps(value);
                }
                "at" => match value.parse::<usize>() {
                    Ok(n) => record.at = Some(n),
                    Err(_) => {
                        return Err(Error::record(format!(
                            "at= must be a step number (got {:?})",
                            shorten(value)
                        )))
                    }
                },
                _ if key.is_empty()
                    || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') =>
                {
                    return Err(Error::record(format!(
                        "{:?} is not an option name",
                        shorten(key)
                    )));
                }
                _ => {
                    // Each new key is checked against all earlier ones: keep that small.
                    if record.options.entries().count() >= MAX_RECORD_OPTIONS {
                        return Err(Error::record(format!(
                            "the record has more than {MAX_RECORD_OPTIONS} options"
                        )));
                    }
                    if record.options.get(key).is_some() {
                        return Err(Error::record(format!(
                            "option {} is given twice",
                            shorten(key)
                        )));
                    }
                    record.options.set(key, value)
                }
            }
        }
        Ok(record)
    }

    pub fn to_text(&self) -> String {
        let mut text = self.kind.name().to_string();
        for (key, value) in self.options.entries() {
            text.push_str(&format!(";{key}={value}"));
        }
        if !self.steps.is_empty() {
            text.push_str(";moves=");
            text.push_str(&self.steps.join(","));
        }
        if let Some(at) = self.at {
            text.push_str(&format!(";at={at}"));
        }
        text
    }
}

/// Steps separated by commas or white space.
pub fn split_steps(text: &str) -> Vec<String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A game with its whole history.
#[derive(Clone, Debug)]
pub struct Session {
    kind: GameKind,
    options: OptionMap,
    /// positions[i] is the position after i steps.
    positions: Vec<AnyGame>,
    /// How each step was made, canonical text included.
    steps: Vec<StepView>,
    /// The seat that made each step.
    movers: Vec<Seat>,
    /// The colour of the piece each step put on an empty cell (None for other steps), which
    /// is not always the mover's colour (Unlur's contract stones are black for both seats).
    colors: Vec<Option<Color>>,
    cursor: usize,
    /// For a game that draws a position with some freedom (Merlin's Chain's grey tiles):
    /// the views shown so far, `shown[i]` after `i` steps, each made from the one before so
    /// that a step moves as little as possible on screen. Filled on demand.
    shown: RefCell<Vec<BoardView>>,
}

impl Session {
    pub fn new(kind: GameKind, options: &OptionMap) -> Result<Session, Error> {
        let (start, options) = AnyGame::new(kind, options)?;
        Ok(Session {
            kind,
            options,
            positions: vec![start],
            steps: Vec::new(),
            movers: Vec::new(),
            colors: Vec::new(),
            cursor: 0,
            shown: RefCell::new(Vec::new()),
        })
    }

    /// Replays a record; an error names the first step that is wrong and why.
    pub fn from_record(text: &str) -> Result<Session, Error> {
        let record = Record::parse(text)?;
        // A record whose options are refused is a bad record.
        let mut session = Session::new(record.kind, &record.options)
            .map_err(|e| e.with_kind(ErrorKind::Record))?;
        for (i, step) in record.steps.iter().enumerate() {
            if let Err(e) = session.play(step) {
                return Err(Error::record(format!(
                    "step {} ({}) cannot be played: {e}",
                    i + 1,
                    shorten(step)
                )));
            }
        }
        if let Some(at) = record.at {
            if at > session.len() {
                return Err(Error::record(format!(
                    "at={at} is past the last step ({} steps)",
                    session.len()
                )));
            }
            session.cursor = at;
        }
        Ok(session)
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The canonical options.
    pub fn options(&self) -> &OptionMap {
        &self.options
    }

    /// The position shown (after `cursor` steps).
    pub fn current(&self) -> &AnyGame {
        &self.positions[self.cursor]
    }

    /// The view of the position shown. A game whose views follow the one before (Merlin's
    /// Chain's grey tiles, see [`crate::Game::view_after`]) has each made from the views
    /// before it, so that the same game always shows the same.
    pub fn view(&self) -> BoardView {
        if !self.current().view_follows_previous() {
            return self.current().view();
        }
        let mut shown = self.shown.borrow_mut();
        if shown.is_empty() {
            shown.push(self.positions[0].view());
        }
        while shown.len() <= self.cursor {
            let next = self.positions[shown.len()].view_after(&shown[shown.len() - 1]);
            shown.push(next);
        }
        shown[self.cursor].clone()
    }

    /// Number of steps in the whole game.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Canonical text of every step.
    pub fn step_texts(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.text.clone()).collect()
    }

    /// The seat that made each step.
    pub fn movers(&self) -> &[Seat] {
        &self.movers
    }

    /// The kind of each step.
    pub fn step_kinds(&self) -> Vec<StepKind> {
        self.steps.iter().map(|s| s.kind).collect()
    }

    /// The colour of the piece each step put on the board, where it put one on an empty cell.
    pub fn step_colors(&self) -> &[Option<Color>] {
        &self.colors
    }

    /// Plays a step at the cursor, dropping any steps after it (as a new line of play).
    pub fn play(&mut self, text: &str) -> Result<(), Error> {
        let mut next = self.current().clone();
        let Some(mover) = next.to_move() else {
            return Err(Error::game_over("the game is over"));
        };
        let placed = next.placement_color();
        let view = next.play_text(text)?;
        let color = matches!(view.kind, StepKind::Place | StepKind::Replace)
            .then_some(placed)
            .flatten();
        self.positions.truncate(self.cursor + 1);
        self.steps.truncate(self.cursor);
        self.movers.truncate(self.cursor);
        self.colors.truncate(self.cursor);
        self.shown.get_mut().truncate(self.cursor + 1);
        self.positions.push(next);
        self.steps.push(view);
        self.movers.push(mover);
        self.colors.push(color);
        self.cursor += 1;
        Ok(())
    }

    /// Whether `text` could be played at the cursor, without playing it; the error says why
    /// not ("c4 is occupied").
    pub fn check(&self, text: &str) -> Result<(), Error> {
        self.current().check_text(text)
    }

    /// Why a click at the cursor makes no step (see [`AnyGame::explain_click`]).
    pub fn explain_click(&self, cells: &[usize]) -> Result<String, Error> {
        self.current().explain_click(cells)
    }

    pub fn undo(&mut self) -> bool {
        self.go_to(self.cursor.wrapping_sub(1))
    }

    pub fn redo(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    /// Shows the position after `n` steps; false (and no change) if there is no such step.
    pub fn go_to(&mut self, n: usize) -> bool {
        if n > self.len() || n == self.cursor {
            return false;
        }
        self.cursor = n;
        true
    }

    /// Cells touched by the last turn before the cursor: the trailing steps by one seat.
    pub fn last_turn_cells(&self) -> Vec<usize> {
        let mut cells = Vec::new();
        let Some(&seat) = self.movers[..self.cursor].last() else {
            return cells;
        };
        for i in (0..self.cursor).rev() {
            if self.movers[i] != seat {
                break;
            }
            cells.extend(&self.steps[i].cells);
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The record of the whole game, with `at` when the cursor is not at the end.
    pub fn record(&self) -> Record {
        Record {
            kind: self.kind,
            options: self.options.clone(),
            steps: self.step_texts(),
            at: (self.cursor < self.len()).then_some(self.cursor),
        }
    }

    pub fn record_text(&self) -> String {
        self.record().to_text()
    }
}
