//! Unity's options: reading them from an option map (checked against the board they
//! describe), their canonical form, and the options form's rules between fields.

use super::*;
use crate::game::shorten;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/// The game's options: board size, seats, and the whole setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Board side: 5 (the default) or 6.
    pub size: usize,
    /// 2 (the default) or 3.
    pub players: usize,
    /// The neutral colour: `Some` (default Green) with 2 players, `None` with 3.
    pub neutral: Option<Color>,
    /// One character a cell in cell order: `.` empty, `P O G` rings, `p o g` asterisks.
    pub layout: String,
    /// Starting walls, as pairs of cell indices (lower first), sorted.
    pub walls: Vec<[usize; 2]>,
    /// Walls the players may place during play.
    pub supply: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            size: DEFAULT_SIZE,
            players: 2,
            neutral: Some(Color::Green),
            layout: random_layout(DEFAULT_SIZE, Some(Color::Green), DEFAULT_SEED)
                .expect("the default setup"),
            walls: Vec::new(),
            supply: DEFAULT_SUPPLY,
        }
    }
}

/// The options form's rules between fields (see `GameKind::option_form`): a hand-made
/// layout fits one board size, so changing the size drops it (and the walls) for a random
/// setup, as does entering a seed; a layout and a seed exclude each other; the neutral
/// colour exists only with two players.
pub(crate) fn form_rules(
    values: &mut OptionMap,
    changed: Option<&str>,
    disabled: &mut Vec<&'static str>,
    placeholders: &mut Vec<(&'static str, &'static str)>,
) {
    if changed == Some("size") || (changed == Some("seed") && values.get("seed").is_some()) {
        values.remove("layout");
        values.remove("walls");
        if values.get("seed").is_none() {
            values.set("seed", DEFAULT_SEED.to_string());
        }
    }
    if values.get("layout").is_some() {
        values.remove("seed");
        placeholders.push(("seed", "from the layout"));
    }
    if values.get("players") == Some("3") {
        disabled.push("neutral");
    }
}

impl Options {
    /// Reads options; a layout is always kept (a `seed` without a layout draws one).
    pub fn from_map(map: &OptionMap) -> Result<Options, Error> {
        map.check_keys(GAME.name, OPTION_KEYS)?;
        let size = match map.get("size") {
            None => DEFAULT_SIZE,
            Some("5") => 5,
            Some("6") => 6,
            Some(other) => {
                return Err(Error::options(format!(
                    "size must be 5 or 6 (got {:?})",
                    shorten(other)
                )))
            }
        };
        let t = tables(size)?;
        let players = match map.get("players") {
            None | Some("2") => 2,
            Some("3") => 3,
            Some(other) => {
                return Err(Error::options(format!(
                    "players must be 2 or 3 (got {:?})",
                    shorten(other)
                )))
            }
        };
        let neutral = if players == 3 {
            if map.get("neutral").is_some() {
                return Err(Error::options(
                    "neutral applies only to 2 players: with 3 players every colour plays",
                ));
            }
            None
        } else {
            let key = map.choice("neutral", &["purple", "orange", "green"], "green")?;
            Color::parse(key)
        };
        let layout = match (map.get("layout"), map.get("seed")) {
            (Some(_), Some(_)) => {
                return Err(Error::options(
                    "give either a layout or a seed for a random setup, not both",
                ))
            }
            (Some(layout), None) => {
                parse_layout(t, layout)?;
                layout.to_string()
            }
            (None, seed) => {
                let seed = match seed {
                    None => DEFAULT_SEED,
                    Some(text) => text.parse::<u64>().map_err(|_| {
                        Error::options(format!(
                            "seed must be a whole number (got {:?})",
                            shorten(text)
                        ))
                    })?,
                };
                random_layout(size, neutral, seed)?
            }
        };
        let walls = match map.get("walls") {
            None => Vec::new(),
            Some(text) => parse_walls(t, text)?,
        };
        let supply = map.number("supply", 0..=t.edges, DEFAULT_SUPPLY)?;
        let options = Options {
            size,
            players,
            neutral,
            layout,
            walls,
            supply,
        };
        options.check_players_have_pieces()?;
        Ok(options)
    }

    /// Canonical options: the layout always, everything else only when not the default.
    pub fn to_map(&self) -> OptionMap {
        let mut map = OptionMap::new();
        if self.size != DEFAULT_SIZE {
            map.set("size", self.size.to_string());
        }
        if self.players != 2 {
            map.set("players", self.players.to_string());
        }
        if let Some(neutral) = self.neutral {
            if neutral != Color::Green {
                map.set("neutral", neutral.key());
            }
        }
        map.set("layout", self.layout.clone());
        if !self.walls.is_empty() {
            if let Ok(t) = tables(self.size) {
                let text: Vec<String> = self
                    .walls
                    .iter()
                    .map(|&[a, b]| format!("{}|{}", t.grid.name(a), t.grid.name(b)))
                    .collect();
                map.set("walls", text.join(","));
            }
        }
        if self.supply != DEFAULT_SUPPLY {
            map.set("supply", self.supply.to_string());
        }
        map
    }

    /// The colours that play, in seat order.
    pub fn seat_colors(&self) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|&c| Some(c) != self.neutral)
            .collect()
    }

    pub(super) fn check_players_have_pieces(&self) -> Result<(), Error> {
        for color in self.seat_colors() {
            let ring = color.letter();
            let asterisk = ring.to_ascii_lowercase();
            if !self.layout.chars().any(|ch| ch == ring || ch == asterisk) {
                return Err(Error::options(format!(
                    "{} has no pieces in the layout: every player needs at least one",
                    color.name()
                )));
            }
        }
        Ok(())
    }
}
