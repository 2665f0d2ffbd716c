//! The record text, read and written without the rules (docs/RECORD.md).
//!
//! A game that is one line with no notes is written as `game;key=value;…;moves=s1,s2,…;at=N`.
//! A game with variations or notes adds `v=2` and writes the whole tree in `moves=`:
//! `unravel;size=4;v=2;moves={Start}a1!{Strong}[a1-b2,c3](d4,c3),b1;at=3`, a variation in
//! parentheses after the step it is played instead of, a comment in braces, drawings in
//! brackets; `at` is the shown step's number in the order the steps are written.

use super::moves::{self, Escape, MoveTree};
use crate::game::{shorten, Error, ErrorKind};
use crate::games::GameKind;
use crate::options::OptionMap;

/// Records longer than this, in bytes of UTF-8, are refused before any work is done (a
/// hostile link); the session refuses an edit that would make its record longer.
pub const MAX_RECORD_LEN: usize = 200_000;

/// More options than any game has, by far; a record with more is refused.
pub const MAX_RECORD_OPTIONS: usize = 64;

/// The one version of the tree form; a record without `v=` is the plain form.
pub const RECORD_VERSION: &str = "2";

/// The parts of a record text, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    pub options: OptionMap,
    /// The steps of the line shown: from the start through the shown step and on along
    /// each step's first continuation.
    pub steps: Vec<String>,
    /// How many of `steps` lead to the position shown; None at the end of the line.
    pub at: Option<usize>,
    /// The whole tree with its notes, for a record in the tree form (None for a plain one).
    pub tree: Option<MoveTree>,
}

impl Record {
    /// A plain record: one line, no notes.
    pub fn line(kind: GameKind, options: OptionMap, steps: Vec<String>, at: Option<usize>) -> Self {
        Record {
            kind,
            options,
            steps,
            at,
            tree: None,
        }
    }

    /// A record from a tree: the plain form when the tree is one line without notes.
    pub fn from_tree(kind: GameKind, options: OptionMap, tree: MoveTree) -> Self {
        let (steps, at) = tree.shown_line();
        let tree = (!tree.is_plain()).then_some(tree);
        Record {
            kind,
            options,
            steps,
            at,
            tree,
        }
    }

    /// The tree of the record: its own, or its one line.
    pub fn move_tree(&self) -> MoveTree {
        match &self.tree {
            Some(t) => t.clone(),
            None => MoveTree::from_line(&self.steps, self.at),
        }
    }

    /// Reads a record: the plain form, the tree form (`v=2`) or either packed (`~…`, see
    /// `pack`).
    pub fn parse(text: &str) -> Result<Record, Error> {
        if text.len() > MAX_RECORD_LEN {
            return Err(Error::record(format!(
                "the record is too long ({} bytes; at most {MAX_RECORD_LEN})",
                text.len()
            )));
        }
        let text = text.trim();
        if let Some(packed) = text.strip_prefix(super::pack::MARK) {
            let unpacked = super::pack::unpack(packed)?;
            if unpacked.trim_start().starts_with(super::pack::MARK) {
                return Err(Error::record(
                    "the packed record holds another packed record",
                ));
            }
            return Record::parse(&unpacked);
        }
        if text.is_empty() {
            return Err(Error::record("the record is empty"));
        }
        let mut parts = text.split(';');
        let kind = GameKind::parse(parts.next().unwrap_or("").trim())
            .map_err(|e| e.with_kind(ErrorKind::Record))?;
        let mut fields = Fields::default();
        for part in parts {
            fields.read(part)?;
        }
        let Fields {
            options,
            moves,
            at,
            version,
        } = fields;
        if version.is_none() {
            return Ok(Record::line(
                kind,
                options,
                split_steps(moves.unwrap_or("")),
                at,
            ));
        }
        let tree = read_tree(moves.unwrap_or(""), at)?;
        Ok(Record::from_tree(kind, options, tree.canonical()))
    }

    /// The record's game and options alone: what stays the same through a game.
    pub fn setup(&self) -> Record {
        Record::line(self.kind, self.options.clone(), Vec::new(), None)
    }

    /// The `at=` the record writes, or None (the end of the main line is shown).
    pub fn at_written(&self) -> Option<usize> {
        match &self.tree {
            None => self.at,
            Some(tree) => (tree.shown != tree.main_end()).then_some(tree.shown),
        }
    }

    pub fn to_text(&self) -> String {
        let mut text = self.kind.name().to_string();
        for (key, value) in self.options.entries() {
            text.push_str(&format!(";{key}={value}"));
        }
        match &self.tree {
            None => {
                if !self.steps.is_empty() {
                    text.push_str(";moves=");
                    text.push_str(&self.steps.join(","));
                }
                if let Some(at) = self.at_written() {
                    text.push_str(&format!(";at={at}"));
                }
            }
            Some(tree) => {
                text.push_str(";v=");
                text.push_str(RECORD_VERSION);
                text.push_str(";moves=");
                text.push_str(&moves::write(tree, Escape::Record));
                if let Some(at) = self.at_written() {
                    text.push_str(&format!(";at={at}"));
                }
            }
        }
        text
    }
}

/// The `key=value` parts of a record after its game, as read so far.
#[derive(Default)]
struct Fields<'a> {
    options: OptionMap,
    moves: Option<&'a str>,
    at: Option<usize>,
    version: Option<&'a str>,
}

impl<'a> Fields<'a> {
    /// Reads one part (empty parts are skipped).
    fn read(&mut self, part: &'a str) -> Result<(), Error> {
        let part = part.trim();
        if part.is_empty() {
            return Ok(());
        }
        let Some((key, value)) = part.split_once('=') else {
            return Err(Error::record(format!(
                "{:?} in the record is not of the form key=value",
                shorten(part)
            )));
        };
        let (key, value) = (key.trim(), value.trim());
        // A second `moves=`, `at=` or `v=` would silently replace the first: refused,
        // as options are.
        match key {
            "moves" if self.moves.is_some() => Err(Error::record("moves= is given twice")),
            "at" if self.at.is_some() => Err(Error::record("at= is given twice")),
            "v" if self.version.is_some() => Err(Error::record("v= is given twice")),
            "moves" => {
                self.moves = Some(value);
                Ok(())
            }
            "v" => {
                if value != RECORD_VERSION {
                    return Err(Error::record(format!(
                        "this record is of version {} (this Ludus reads version {RECORD_VERSION} and plain records)",
                        shorten(value)
                    )));
                }
                self.version = Some(value);
                Ok(())
            }
            "at" => match step_number(value) {
                Some(n) => {
                    self.at = Some(n);
                    Ok(())
                }
                None => Err(Error::record(format!(
                    "at= must be a step number (got {:?})",
                    shorten(value)
                ))),
            },
            _ => self.option(key, value),
        }
    }

    /// An option's `key=value`: its name checked, and neither given twice nor one too many.
    fn option(&mut self, key: &str, value: &str) -> Result<(), Error> {
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            return Err(Error::record(format!(
                "{:?} is not an option name",
                shorten(key)
            )));
        }
        // Each new key is checked against all earlier ones: keep that small.
        if self.options.entries().count() >= MAX_RECORD_OPTIONS {
            return Err(Error::record(format!(
                "the record has more than {MAX_RECORD_OPTIONS} options"
            )));
        }
        if self.options.get(key).is_some() {
            return Err(Error::record(format!(
                "option {} is given twice",
                shorten(key)
            )));
        }
        self.options.set(key, value);
        Ok(())
    }
}

/// The tree of a record in the tree form, from its `moves=` and `at=`.
fn read_tree(moves: &str, at: Option<usize>) -> Result<MoveTree, Error> {
    let mut tree = moves::read(moves, Escape::Record).map_err(|e| {
        let column = moves.get(..e.at).map_or(0, |m| m.chars().count()) + 1;
        Error::record(format!("moves=, character {column}: {}", e.message))
    })?;
    if let Some(at) = at {
        if at >= tree.len() {
            return Err(Error::record(format!(
                "at={at} is past the last step ({} steps)",
                tree.len() - 1
            )));
        }
        tree.shown = at;
    }
    Ok(tree)
}

/// A step number written in digits only (`+1` is not one), or None.
pub fn step_number(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Steps separated by commas or white space.
pub fn split_steps(text: &str) -> Vec<String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}
