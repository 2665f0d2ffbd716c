//! `ludus lessons GAME`: a game's lessons, one JSON object a line, as the page ships them in
//! `www/learn/<game>-lessons.json`.

use super::Args;
use ludus::games::{lesson, GameKind};
use ludus::{game::shorten, Error};

pub fn print(args: &Args) -> Result<(), Error> {
    if let Some((flag, _)) = args.flags.first() {
        return Err(Error::options(format!(
            "lessons takes no flags (got --{})",
            shorten(flag)
        )));
    }
    if let Some(switch) = args.switches.first() {
        return Err(Error::options(format!(
            "lessons takes no flags (got --{})",
            shorten(switch)
        )));
    }
    args.at_most_positionals(1, "`ludus lessons` takes one GAME")?;
    let kind = GameKind::parse(args.positional(0, "GAME")?)?;
    for entry in lesson::entries(kind) {
        let line = serde_json::to_string(&entry)
            .map_err(|e| Error::options(format!("a lesson cannot be written as JSON: {e}")))?;
        say!("{line}");
    }
    Ok(())
}
