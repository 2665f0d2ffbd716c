//! `ludus record`: a game read from a record or a text file, written as a record, a link's
//! record (packed when long) or a text file; and the reading of `--record` for every command.

use crate::Args;
use ludus::game::shorten;
use ludus::session::text::{is_text_file, Tags};
use ludus::session::Session;
use ludus::Error;
use std::io::Read;

/// The text of a record argument: the record itself, or `@FILE` (`@-`: standard input).
fn argument_text(value: &str) -> Result<String, Error> {
    let Some(path) = value.strip_prefix('@') else {
        return Ok(value.to_string());
    };
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    read.map_err(|e| Error::options(format!("cannot read {}: {e}", shorten(path))))?;
    Ok(text)
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
        "record" => println!("{}", session.record_text()),
        "link" => println!("{}", session.link_text()),
        "text" => print!("{}", session.to_text(&tags)?),
        other => {
            return Err(Error::options(format!(
                "--to must be record, link or text (got {:?})",
                shorten(other)
            )))
        }
    }
    Ok(())
}
