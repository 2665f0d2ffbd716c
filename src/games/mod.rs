//! The five games, one folder each (the engine in `mod.rs`, what Ludus tells about the game
//! in `about.rs`), and the dispatch over them (what the page says about any game's clicks
//! is in `words.rs`): [`GameKind`] and [`AnyGame`], one value that
//! is any of them, for the command line, the records and the web layer, which pick the game
//! at run time.

pub mod about;
pub mod lesson;
pub mod merlins_chain;
mod red_blue;
pub mod scattercut;
pub mod unity;
pub mod unlur;
pub mod unravel;
mod words;

use crate::game::{shorten, BoardView, Describe, Error, Game, Outcome, Seat, StepView};
use crate::options::OptionMap;
use crate::rng::Rng;
pub use about::{About, LayoutChar, OptionDecl, OptionField, OptionForm, OptionKind, OptionSpec};

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

    /// What Ludus tells about the game: title, designer, rules, help, options.
    pub fn about(self) -> &'static About {
        match self {
            GameKind::Unravel => &unravel::ABOUT,
            GameKind::Scattercut => &scattercut::ABOUT,
            GameKind::Unity => &unity::ABOUT,
            GameKind::MerlinsChain => &merlins_chain::ABOUT,
            GameKind::Unlur => &unlur::ABOUT,
        }
    }

    /// The game's lessons, in teaching order (`src/games/<game>/lessons.rs`).
    pub fn lessons(self) -> &'static [lesson::Lesson] {
        match self {
            GameKind::Unravel => unravel::lessons::LESSONS,
            GameKind::Scattercut => scattercut::lessons::LESSONS,
            GameKind::Unity => unity::lessons::LESSONS,
            GameKind::MerlinsChain => merlins_chain::lessons::LESSONS,
            GameKind::Unlur => unlur::lessons::LESSONS,
        }
    }

    /// Every point of the game's rules, which its lessons cover between them.
    pub fn rule_points(self) -> &'static [lesson::RulePoint] {
        match self {
            GameKind::Unravel => unravel::lessons::RULE_POINTS,
            GameKind::Scattercut => scattercut::lessons::RULE_POINTS,
            GameKind::Unity => unity::lessons::RULE_POINTS,
            GameKind::MerlinsChain => merlins_chain::lessons::RULE_POINTS,
            GameKind::Unlur => unlur::lessons::RULE_POINTS,
        }
    }

    /// The game's own name, as its designer gives it.
    pub fn title(self) -> &'static str {
        self.about().title
    }

    pub fn designer(self) -> &'static str {
        self.about().designer
    }

    pub fn parse(text: &str) -> Result<GameKind, Error> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| {
                let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
                Error::options(format!(
                    "unknown game {:?} (the games are {})",
                    shorten(text),
                    names.join(", ")
                ))
            })
    }

    /// Keys the game adds to the board's keyboard help, if any.
    pub fn keyboard_help(self) -> Option<&'static str> {
        self.about().keyboard
    }

    /// The options form for the values a user has entered (`values`, as typed; empty means
    /// "not given"), after the user changed the field `changed`: what each field shows and
    /// whether it applies, and the options a game would start with. The rules between
    /// options are the game's own (`About::form_rules`), applied here so that the page holds
    /// none; the engine still judges the options when the game starts.
    pub fn option_form(self, values: &OptionMap, changed: Option<&str>) -> OptionForm {
        let specs = self.option_specs();
        let mut values: OptionMap = specs
            .iter()
            .filter_map(|spec| {
                let value = values.get(spec.key)?.trim();
                (!value.is_empty()).then(|| (spec.key, value.to_string()))
            })
            .fold(OptionMap::new(), |map, (k, v)| map.with(k, v));
        let mut disabled: Vec<&str> = Vec::new();
        let mut placeholders: Vec<(&str, &'static str)> = Vec::new();
        if let Some(rules) = self.about().form_rules {
            rules(&mut values, changed, &mut disabled, &mut placeholders);
        }
        let mut options = OptionMap::new();
        let fields = specs
            .into_iter()
            .map(|spec| {
                let off = disabled.contains(&spec.key);
                let value = values.get(spec.key).map(str::to_string);
                if let Some(v) = &value {
                    if !off && *v != spec.default {
                        options.set(spec.key, v.clone());
                    }
                }
                let placeholder = placeholders
                    .iter()
                    .find(|(k, _)| *k == spec.key)
                    .map(|(_, p)| *p);
                OptionField {
                    // A field with a placeholder is empty when not given (it comes from
                    // elsewhere); the others show their default.
                    value: value.unwrap_or_else(|| match placeholder {
                        Some(_) => String::new(),
                        None => spec.default.clone(),
                    }),
                    disabled: off,
                    placeholder,
                    spec,
                }
            })
            .collect();
        OptionForm { fields, options }
    }

    /// `options` with the random setup `seed` draws, for a game that has one (Unity's
    /// `seed`), unless the options already fix the setup (a `seed` or a `layout` of their
    /// own); other games' options come back unchanged. Runs of many games (soak, match)
    /// use it so they do not all start from the one default setup.
    pub fn with_random_setup(self, options: &OptionMap, seed: u64) -> OptionMap {
        let mut options = options.clone();
        let has_random_setup = self.option_specs().iter().any(|o| o.key == "seed");
        if has_random_setup && options.get("seed").is_none() && options.get("layout").is_none() {
            options.set("seed", seed.to_string());
        }
        options
    }

    /// The options a player may set, for building a form.
    pub fn option_specs(self) -> Vec<OptionSpec> {
        self.about().options.iter().map(OptionDecl::spec).collect()
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
        let keys: Vec<&str> = kind.about().options.iter().map(|o| o.key).collect();
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

    /// The view shown after `previous` (see [`Describe::view_after`]).
    pub fn view_after(&self, previous: &BoardView) -> BoardView {
        with_game!(self, g => g.view_after(previous))
    }

    /// Whether its views follow the one before (see [`Describe::view_follows_previous`]).
    pub fn view_follows_previous(&self) -> bool {
        with_game!(self, g => g.view_follows_previous())
    }

    /// Where `view` shows the pieces whose places are the view's choice (Merlin's Chain's
    /// grey tiles): a number per cell, or None for a game whose views are fixed by the
    /// position. `view_after` makes the next view from it.
    pub fn layout_of(&self, view: &BoardView) -> Option<Vec<u8>> {
        match self {
            AnyGame::MerlinsChain(_) => Some(merlins_chain::layout_of(view).to_vec()),
            _ => None,
        }
    }

    /// The layout of `view_after` a view with layout `shown` (the costly part of a view that
    /// follows the one before: Merlin's Chain searches for the arrangement nearest `shown`),
    /// or None for a game without layouts.
    pub fn layout_after(&self, shown: &[u8]) -> Option<Vec<u8>> {
        match self {
            AnyGame::MerlinsChain(p) => Some(p.arrangement_near(shown).to_vec()),
            _ => None,
        }
    }

    /// The view with `layout` (made by `layout_after`, maybe on another thread), if the
    /// rules allow it here; checked without a search.
    pub fn view_with_layout(&self, layout: &[u8]) -> Option<BoardView> {
        match self {
            AnyGame::MerlinsChain(p) => p.view_with_layout(layout),
            _ => None,
        }
    }

    /// Whether `text` is a legal step now, without playing it; the error says why not.
    pub fn check_text(&self, text: &str) -> Result<(), Error> {
        if self.to_move().is_none() {
            return Err(Error::game_over("the game is over"));
        }
        with_game!(self, g => g.parse_step(text.trim()).map(|_| ()))
    }

    /// The legal steps now, as the UI sees them.
    pub fn legal_step_views(&self) -> Vec<StepView> {
        let views: Vec<StepView> = with_game!(self, g => g.legal_step_list().into_iter().map(|s| g.step_view(s)).collect());
        crate::work::step_views(views.len());
        views
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
