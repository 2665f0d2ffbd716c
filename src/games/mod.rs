//! The five games, one folder each (the engine in `mod.rs`, its step text in `notation.rs`,
//! the game's one declaration, [`GameDescription`], in `about.rs`), and the dispatch over
//! them: [`GameKind`] and [`AnyGame`], one value that is any of them, for the command line,
//! the records and the web layer, which pick the game at run time. The list of games is
//! [`for_each_game!`]; the kinds, the dispatch and every list of games are made from it.
//! What the page says about any game's clicks and keys is in `words.rs`.

pub mod about;
pub mod description;
pub mod lesson;
pub mod merlins_chain;
mod red_blue;
pub mod replies;
pub mod scattercut;
pub mod unity;
pub mod unlur;
pub mod unravel;
mod words;

use crate::game::{shorten, BoardView, Describe, Error, Game, Outcome, Seat, StepView};
use crate::options::OptionMap;
use crate::rng::Rng;
pub use about::{About, LayoutChar, OptionDecl, OptionField, OptionForm, OptionKind, OptionSpec};
pub use description::{GameDescription, PuzzlePlan, SearchTuning};

/// The games, in the order Ludus lists them: each game's variant of [`GameKind`] and
/// [`AnyGame`] and its module, whose `GAME` describes it and whose `Options` and `Position`
/// start it. Hands the list to the macro `$callback`, after `$args`.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_game {
    (($($callback:tt)*) $($args:tt)*) => {
        $($callback)*! { $($args)* ;
            Unravel unravel,
            Scattercut scattercut,
            Unity unity,
            MerlinsChain merlins_chain,
            Unlur unlur,
        }
    };
}

/// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::for_each_game!(($crate::with_game) @arms $any, $g, $body)
    };
    (@arms $any:expr, $g:ident, $body:expr ; $($variant:ident $module:ident,)*) => {
        match $any {
            $($crate::games::AnyGame::$variant($g) => $body,)*
        }
    };
}

/// [`GameKind`], [`AnyGame`] and what reads a game's declaration, for the games listed.
// Each field is read as `const { GAME.field }`: a copy of that field alone, so that the wasm
// modules hold only the fields they read (not the lessons and puzzles the page fetches
// separately).
macro_rules! define_games {
    (; $($variant:ident $module:ident,)*) => {
        /// Which game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($variant,)*
        }

        /// A position of any of the games.
        // Positions are plain data cloned whole (history, search); boxing the larger ones
        // would only add an allocation to every clone.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($variant($module::Position),)*
        }

        impl GameKind {
            /// Every game, in the order Ludus lists them.
            pub const ALL: [GameKind; [$(GameKind::$variant,)*].len()] = [$(GameKind::$variant,)*];

            /// The name used on the command line, in records and in URLs.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => const { $module::GAME.name },)*
                }
            }

            /// Whether the rules can end the game in a draw.
            pub fn draws(self) -> bool {
                match self {
                    $(GameKind::$variant => const { $module::GAME.draws },)*
                }
            }

            /// What Ludus tells about the game: title, designer, rules, help, options.
            pub fn about(self) -> &'static About {
                match self {
                    $(GameKind::$variant => &const { $module::GAME.about },)*
                }
            }

            /// The game's lessons, in teaching order (`src/games/<game>/lessons.rs`).
            pub fn lessons(self) -> &'static [lesson::Lesson] {
                match self {
                    $(GameKind::$variant => const { $module::GAME.lessons },)*
                }
            }

            /// Every point of the game's rules, which its lessons cover between them.
            pub fn rule_points(self) -> &'static [lesson::RulePoint] {
                match self {
                    $(GameKind::$variant => const { $module::GAME.rule_points },)*
                }
            }

            /// The shipped puzzles, one JSON object a line (`src/games/<game>/puzzles.jsonl`).
            pub fn puzzles(self) -> &'static str {
                match self {
                    $(GameKind::$variant => const { $module::GAME.puzzles },)*
                }
            }

            /// How `ludus puzzles generate` makes the game's puzzles.
            pub fn puzzle_plan(self) -> PuzzlePlan {
                match self {
                    $(GameKind::$variant => const { $module::GAME.puzzle_plan },)*
                }
            }

            /// How the computer searches the game where it departs from the general search.
            pub fn search_tuning(self) -> SearchTuning {
                match self {
                    $(GameKind::$variant => const { $module::GAME.search },)*
                }
            }
        }

        impl AnyGame {
            /// A new game, and its options in canonical form (what a record stores).
            pub fn new(kind: GameKind, options: &OptionMap) -> Result<(AnyGame, OptionMap), Error> {
                let keys: Vec<&str> = kind.about().options.iter().map(|o| o.key).collect();
                options.check_keys(kind.name(), &keys)?;
                Ok(match kind {
                    $(GameKind::$variant => {
                        let o = $module::Options::from_map(options)?;
                        (AnyGame::$variant($module::Position::new(&o)?), o.to_map())
                    })*
                })
            }

            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$variant(_) => GameKind::$variant,)*
                }
            }
        }
    };
}

for_each_game!((define_games));

impl GameKind {
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

impl AnyGame {
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
