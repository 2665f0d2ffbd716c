//! `ludus record`: a game read from a record or a text file, written as a record, a link's
//! record (packed when long) or a text file; and the reading of `--record` for every command.

use crate::Args;
use ludus::game::shorten;
use ludus::session::text::{is_text_file, Tags, MAX_TEXT_LEN};
use ludus::session::Session;
use ludus::Error;
use std::io::Read;

/// The text of a record argument: the record itself, or `@FILE` (`@-`: standard input). At
/// most one byte more than the longest text file is read: a longer one is refused unread.
fn argument_text(value: &str) -> Result<String, Error> {
    let Some(path) = value.strip_prefix('@') else {
        return Ok(value.to_string());
    };
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        shorten(path).to_string()
    };
    let cannot = |e: std::io::Error| Error::options(format!("cannot read {name}: {e}"));
    let limit = MAX_TEXT_LEN as u64 + 1;
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    }
    .map_err(cannot)?;
    if bytes.len() > MAX_TEXT_LEN {
        return Err(Error::options(format!(
            "{name} is too long (more than {MAX_TEXT_LEN} bytes, the most a text file holds)"
        )));
    }
    String::from_utf8(bytes).map_err(|_| Error::options(format!("{name} is not UTF-8 text")))
}

/// A game from `--record`: a record (plain, tree form or packed) or a text file, given as
/// it is or as `@FILE`; with the text file's tags.
pub fn read_game(value: &str) -> Result<(Session, Tags), Error> {
    let text = argument_text(value)?;
    if is_text_file(&text) {
        Session::from_text(&text)
    } else {
        Session::from_record(text.trim()).map(|s| (s, Tags::new()))
    }
}

/// `ludus record TEXT [--to record|link|text] [--player1 NAME ...]`.
pub fn record(args: &Args) -> Result<(), Error> {
    args.only(&[
        "to", "player1", "player2", "player3", "date", "result", "event",
    ])?;
    args.at_most_positionals(1, "`ludus record` takes one record or @FILE")?;
    let (session, mut tags) = read_game(args.positional(0, "the record or @FILE")?)?;
    for (flag, tag) in [
        ("player1", "Player1"),
        ("player2", "Player2"),
        ("player3", "Player3"),
        ("date", "Date"),
        ("result", "Result"),
        ("event", "Event"),
    ] {
        if let Some(value) = args.flag(flag) {
            tags.retain(|(n, _)| n != tag);
            tags.push((tag.to_string(), value.to_string()));
        }
    }
    match args.flag("to").unwrap_or("record") {
        "record" => say!("{}", session.record_text()),
        "link" => say!("{}", session.link_text()),
        "text" => say_raw!("{}", session.to_text(&tags)?),
        other => {
            return Err(Error::options(format!(
                "--to must be record, link or text (got {:?})",
                shorten(other)
            )))
        }
    }
    Ok(())
}
