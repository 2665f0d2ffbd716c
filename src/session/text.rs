//! The text file: a game kept or passed around outside the browser (docs/RECORD.md).
//!
//! ```text
//! [Game "unravel"]
//! [Options "size=4"]
//! [Player1 "Ann"]
//! [Player2 "Bob"]
//! [Date "2026-11-26"]
//! [Result "White wins"]
//!
//! {A quiet start} 1. a1!? {Corner first} [a1-b2,d4] 2. b1 (2. d4? 3. c4) 3. a2
//! ```
//!
//! A header of `[Name "value"]` lines (Game first; Options as in a record; any other tags
//! are kept), then the steps numbered from the start, with comments, glyphs, drawings and
//! variations as in the record's tree form, comments written as typed (`\` before `}`, `{`
//! and `\`). `At` names the step shown, by its number in the order written, when it is
//! not the end of the main line.

use super::moves::{self, Escape};
use super::record::{Record, MAX_RECORD_LEN};
use super::Session;
use crate::game::{shorten, Error};
use crate::games::GameKind;

/// The longest text file read and written, in bytes: room for the game of the longest
/// record, whose comments may take twice their bytes (`\` before `{`, `}` and `\`), with a
/// number before each of its steps and a full header.
pub const MAX_TEXT_LEN: usize = 3 * MAX_RECORD_LEN;
/// The most header tags, and the longest tag value in characters.
pub const MAX_TAGS: usize = 32;
pub const MAX_TAG_CHARS: usize = 200;

/// A header's tags, in order: `("Player1", "Ann")`.
pub type Tags = Vec<(String, String)>;

/// Tags the writer makes itself from the game.
const OWN_TAGS: [&str; 3] = ["Game", "Options", "At"];

fn at(text: &str, offset: usize) -> String {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("line {line}, column {column}")
}

fn fail<T>(text: &str, offset: usize, message: impl std::fmt::Display) -> Result<T, Error> {
    Err(Error::record(format!("{}: {message}", at(text, offset))))
}

/// Whether `text` looks like a text file rather than a record: it starts with a tag.
pub fn is_text_file(text: &str) -> bool {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .trim_start()
        .starts_with('[')
}

/// Why a header cannot hold `count` tags besides Game, Options and At, or None: the one
/// limit of the reader and the writer, so that a file read can be written again.
pub fn tag_count_problem(count: usize) -> Option<String> {
    (count > MAX_TAGS).then(|| format!("more than {MAX_TAGS} tags besides Game, Options and At"))
}

/// Why a tag cannot be written, or None.
pub fn tag_problem(name: &str, value: &str) -> Option<String> {
    if name.is_empty() || name.len() > 32 || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Some(format!(
            "{:?} is not a tag name (letters and digits)",
            shorten(name)
        ));
    }
    if value.chars().count() > MAX_TAG_CHARS {
        return Some(format!(
            "the {name} tag is too long (at most {MAX_TAG_CHARS} characters)"
        ));
    }
    if value.chars().any(char::is_control) {
        return Some(format!("the {name} tag holds a control character"));
    }
    None
}

impl Session {
    /// The game as a text file, with `tags` (players, date, result, anything else) in the
    /// header after Game and Options. Result, when not given, is the prompt of a finished
    /// main line, when the header has room for it. Tags that cannot be written, and a file
    /// longer than the reader takes, are refused.
    pub fn to_text(&self, tags: &[(String, String)]) -> Result<String, Error> {
        if let Some(problem) = tag_count_problem(tags.len()) {
            return Err(Error::options(problem));
        }
        let mut out = format!("[Game \"{}\"]\n", self.kind().name());
        let options = Record::line(self.kind(), self.options().clone(), vec![], None).to_text();
        if let Some((_, opts)) = options.split_once(';') {
            out.push_str(&format!("[Options \"{}\"]\n", quote(opts)));
        }
        for (name, value) in tags {
            if let Some(problem) = tag_problem(name, value) {
                return Err(Error::options(problem));
            }
            if OWN_TAGS.contains(&name.as_str()) {
                return Err(Error::options(format!(
                    "the {name} tag is written from the game itself"
                )));
            }
            if tags.iter().filter(|(n, _)| n == name).count() > 1 {
                return Err(Error::options(format!("the {name} tag is given twice")));
            }
            out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
        }
        let tree = self.move_tree();
        // The Result the writer adds is a tag like any other: only while there is room.
        if !tags.iter().any(|(n, _)| n == "Result") && tag_count_problem(tags.len() + 1).is_none() {
            let end = self.main_line_end();
            if end.outcome().is_some() {
                out.push_str(&format!("[Result \"{}\"]\n", quote(&end.view().prompt)));
            }
        }
        if tree.shown != tree.main_end() {
            out.push_str(&format!("[At \"{}\"]\n", tree.shown));
        }
        out.push('\n');
        out.push_str(&moves::write(&tree, Escape::Text));
        out.push('\n');
        if out.len() > MAX_TEXT_LEN {
            return Err(Error::options(format!(
                "the text file would be too long ({} bytes; at most {MAX_TEXT_LEN})",
                out.len()
            )));
        }
        Ok(out)
    }

    /// Reads a text file: the game and the header's other tags. An error names the line and
    /// column.
    pub fn from_text(text: &str) -> Result<(Session, Tags), Error> {
        if text.len() > MAX_TEXT_LEN {
            return Err(Error::record(format!(
                "the text file is too long ({} bytes; at most {MAX_TEXT_LEN})",
                text.len()
            )));
        }
        let text = text.replace("\r\n", "\n");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut tags: Tags = Vec::new();
        let mut offset = 0;
        let mut body = text.len();
        for line in text.split_inclusive('\n') {
            let trimmed = line.trim();
            if trimmed.is_empty() && tags.is_empty() {
                offset += line.len();
                continue;
            }
            if !trimmed.starts_with('[') || !trimmed.ends_with(']') || trimmed.len() < 2 {
                body = offset;
                break;
            }
            let start = offset + (line.len() - line.trim_start().len());
            let (name, value) = read_tag(text, start, &trimmed[1..trimmed.len() - 1])?;
            if tags.iter().any(|(n, _)| *n == name) {
                return fail(text, start, format!("the {name} tag is given twice"));
            }
            if !OWN_TAGS.contains(&name.as_str()) {
                let others = tags.iter().filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()));
                if let Some(problem) = tag_count_problem(others.count() + 1) {
                    return fail(text, start, problem);
                }
            }
            tags.push((name, value));
            offset += line.len();
        }
        let take = |tags: &mut Tags, name: &str| {
            let i = tags.iter().position(|(n, _)| n == name)?;
            Some(tags.remove(i).1)
        };
        let Some(game) = take(&mut tags, "Game") else {
            return fail(text, 0, "the file has no [Game \"…\"] tag");
        };
        let kind = GameKind::parse(&game)
            .map_err(|e| Error::record(format!("the Game tag: {}", e.message())))?;
        let options = take(&mut tags, "Options").unwrap_or_default();
        // The options are read as a record's are: the same checks, the same messages.
        let setup = if options.is_empty() {
            kind.name().to_string()
        } else {
            format!("{};{options}", kind.name())
        };
        let r = Record::parse(&setup)
            .map_err(|e| Error::record(format!("the Options tag: {}", e.message())))?;
        if !r.steps.is_empty() || r.at.is_some() || r.tree.is_some() {
            return Err(Error::record("the Options tag holds more than options"));
        }
        let mut session = Session::new(kind, &r.options)
            .map_err(|e| Error::record(format!("the Options tag: {}", e.message())))?;
        let mut tree = moves::read(&text[body..], Escape::Text)
            .or_else(|e| fail(text, body + e.at, e.message))?;
        if let Some(shown) = take(&mut tags, "At") {
            match super::record::step_number(&shown) {
                Some(n) if n < tree.len() => tree.shown = n,
                _ => {
                    return Err(Error::record(format!(
                        "the At tag must be a step number from 0 to {} (got {:?})",
                        tree.len() - 1,
                        shorten(&shown)
                    )))
                }
            }
        }
        session.load_tree(&tree)?;
        let mut session = session.check_read()?;
        session.tags = tags.clone();
        Ok((session, tags))
    }

    /// The tags of the text file the game was read from (none for a game from a record).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The position at the end of the main line.
    fn main_line_end(&self) -> &crate::games::AnyGame {
        let mut id = 0;
        while let Some(&c) = self.node(id).children.first() {
            id = c;
        }
        &self.node(id).position
    }
}

/// A tag's value with `"` and `\` escaped.
fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `Name "value"` (inside the brackets), read; `start` is the line's offset for messages.
fn read_tag(text: &str, start: usize, inner: &str) -> Result<(String, String), Error> {
    let Some((name, rest)) = inner.split_once(' ') else {
        return fail(text, start, "a tag must be [Name \"value\"]");
    };
    let rest = rest.trim();
    if rest.len() < 2 || !rest.starts_with('"') || !rest.ends_with('"') {
        return fail(text, start, "a tag's value must be in double quotes");
    }
    let mut value = String::new();
    let mut chars = rest[1..rest.len() - 1].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                _ => return fail(text, start, "a \\ in a tag must be followed by \" or \\"),
            },
            '"' => {
                return fail(
                    text,
                    start,
                    "a \" inside a tag's value must be written \\\"",
                )
            }
            c => value.push(c),
        }
    }
    if let Some(problem) = tag_problem(name, &value) {
        return fail(text, start, problem);
    }
    Ok((name.to_string(), value))
}
