//! The five games, one module each, and [`AnyGame`]: one value that is any of them, for the
//! command line, the records and the web layer, which pick the game at run time.

pub mod merlins_chain;
mod red_blue;
pub mod scattercut;
pub mod unity;
pub mod unlur;
pub mod unravel;

use crate::game::{shorten, BoardView, Error, Game, Outcome, Seat, StepView};
use crate::options::OptionMap;
use crate::rng::Rng;
use serde::Serialize;

/// Which of the five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Unravel,
    Scattercut,
    Unity,
    MerlinsChain,
    Unlur,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Unravel,
        GameKind::Scattercut,
        GameKind::Unity,
        GameKind::MerlinsChain,
        GameKind::Unlur,
    ];

    /// The name used on the command line, in records and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Unravel => "unravel",
            GameKind::Scattercut => "scattercut",
            GameKind::Unity => "unity",
            GameKind::MerlinsChain => "merlins-chain",
            GameKind::Unlur => "unlur",
        }
    }

    /// The game's own name, as its designer gives it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Unravel => "Unravel",
            GameKind::Scattercut => "Scattercut",
            GameKind::Unity => "Unity, Unified Edition",
            GameKind::MerlinsChain => "Merlin's Chain",
            GameKind::Unlur => "Unlur",
        }
    }

    pub fn designer(self) -> &'static str {
        match self {
            GameKind::Unravel | GameKind::Scattercut => "Mark Steere",
            GameKind::Unity => "Néstor Romeral Andrés",
            GameKind::MerlinsChain | GameKind::Unlur => "Jorge Gomez Arrausi",
        }
    }

    pub fn parse(text: &str) -> Result<GameKind, Error> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| {
                let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
                Error::new(format!(
                    "unknown game {:?} (the games are {})",
                    shorten(text),
                    names.join(", ")
                ))
            })
    }

    /// The options a player may set, for building a form.
    pub fn option_specs(self) -> Vec<OptionSpec> {
        let size = |default: usize, min: usize, max: usize| OptionSpec {
            key: "size",
            label: "Board size",
            kind: "number",
            default: default.to_string(),
            min: Some(min),
            max: Some(max),
            choices: vec![],
        };
        match self {
            GameKind::Unravel | GameKind::Scattercut => vec![size(8, 3, 19)],
            GameKind::Unlur => vec![size(6, 4, 12)],
            GameKind::MerlinsChain => vec![],
            GameKind::Unity => vec![
                OptionSpec {
                    choices: vec!["5", "6"],
                    kind: "choice",
                    min: None,
                    max: None,
                    ..size(5, 5, 6)
                },
                OptionSpec::choice("players", "Players", "2", &["2", "3"]),
                OptionSpec::choice(
                    "neutral",
                    "Neutral colour",
                    "green",
                    &["purple", "orange", "green"],
                ),
                OptionSpec {
                    key: "supply",
                    label: "Wall supply",
                    kind: "number",
                    default: "12".into(),
                    min: Some(0),
                    max: Some(999),
                    choices: vec![],
                },
                OptionSpec::text("seed", "Random setup seed", "1"),
                OptionSpec::text("layout", "Layout (one character a cell)", ""),
                OptionSpec::text("walls", "Starting walls", ""),
            ],
        }
    }
}

/// One option of a game, described for a form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    pub label: &'static str,
    /// "number", "choice" or "text".
    pub kind: &'static str,
    pub default: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<&'static str>,
}

impl OptionSpec {
    fn choice(
        key: &'static str,
        label: &'static str,
        default: &str,
        choices: &[&'static str],
    ) -> Self {
        OptionSpec {
            key,
            label,
            kind: "choice",
            default: default.into(),
            min: None,
            max: None,
            choices: choices.to_vec(),
        }
    }

    fn text(key: &'static str, label: &'static str, default: &str) -> Self {
        OptionSpec {
            key,
            label,
            kind: "text",
            default: default.into(),
            min: None,
            max: None,
            choices: vec![],
        }
    }
}

/// A position of any of the five games.
// Positions are plain data cloned whole (history, search); boxing the larger ones would only
// add an allocation to every clone.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Unravel(unravel::Position),
    Scattercut(scattercut::Position),
    Unity(unity::Position),
    MerlinsChain(merlins_chain::Position),
    Unlur(unlur::Position),
}

/// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Unravel($g) => $body,
            $crate::games::AnyGame::Scattercut($g) => $body,
            $crate::games::AnyGame::Unity($g) => $body,
            $crate::games::AnyGame::MerlinsChain($g) => $body,
            $crate::games::AnyGame::Unlur($g) => $body,
        }
    };
}

impl AnyGame {
    /// A new game, and its options in canonical form (what a record stores).
    pub fn new(kind: GameKind, options: &OptionMap) -> Result<(AnyGame, OptionMap), Error> {
        let keys: Vec<&str> = kind.option_specs().iter().map(|o| o.key).collect();
        options.check_keys(kind.name(), &keys)?;
        Ok(match kind {
            GameKind::Unravel => {
                let o = unravel::Options::from_map(options)?;
                (AnyGame::Unravel(unravel::Position::new(&o)?), o.to_map())
            }
            GameKind::Scattercut => {
                let o = scattercut::Options::from_map(options)?;
                (
                    AnyGame::Scattercut(scattercut::Position::new(&o)?),
                    o.to_map(),
                )
            }
            GameKind::Unity => {
                let o = unity::Options::from_map(options)?;
                (AnyGame::Unity(unity::Position::new(&o)?), o.to_map())
            }
            GameKind::MerlinsChain => {
                let o = merlins_chain::Options::from_map(options)?;
                (
                    AnyGame::MerlinsChain(merlins_chain::Position::new(&o)?),
                    o.to_map(),
                )
            }
            GameKind::Unlur => {
                let o = unlur::Options::from_map(options)?;
                (AnyGame::Unlur(unlur::Position::new(&o)?), o.to_map())
            }
        })
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Unravel(_) => GameKind::Unravel,
            AnyGame::Scattercut(_) => GameKind::Scattercut,
            AnyGame::Unity(_) => GameKind::Unity,
            AnyGame::MerlinsChain(_) => GameKind::MerlinsChain,
            AnyGame::Unlur(_) => GameKind::Unlur,
        }
    }

    pub fn players(&self) -> usize {
        with_game!(self, g => g.players())
    }

    /// The seat to move, or None once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        with_game!(self, g => g.outcome().is_none().then(|| g.to_move()))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    pub fn view(&self) -> BoardView {
        with_game!(self, g => g.view())
    }

    /// The legal steps now, as the UI sees them.
    pub fn legal_step_views(&self) -> Vec<StepView> {
        with_game!(self, g => g.legal_step_list().into_iter().map(|s| g.step_view(s)).collect())
    }

    /// The legal steps now, as canonical text.
    pub fn legal_step_texts(&self) -> Vec<String> {
        with_game!(self, g => g.legal_step_list().into_iter().map(|s| g.step_text(s)).collect())
    }

    /// Plays a step given as text; returns how it was made (canonical text included).
    pub fn play_text(&mut self, text: &str) -> Result<StepView, Error> {
        with_game!(self, g => {
            let step = g.parse_step(text.trim())?;
            let view = g.step_view(step);
            g.play(step);
            Ok(view)
        })
    }

    /// Plays a uniformly random legal step; None if the game is over.
    pub fn play_random(&mut self, rng: &mut Rng) -> Option<String> {
        with_game!(self, g => {
            let step = g.random_step(rng, &mut Vec::new())?;
            let text = g.step_text(step);
            g.play(step);
            Some(text)
        })
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => crate::game::perft(g, depth))
    }
}
