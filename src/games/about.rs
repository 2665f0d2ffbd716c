//! What Ludus tells about a game besides playing it: its title and designer, the rules in
//! short and how to play them on the board, its keyboard keys, its options as a form shows
//! them, and the characters of a drawn setup. Each game declares its [`About`] beside its
//! engine (`src/games/<game>/about.rs`), from the engine's own limits and defaults; the
//! page reads it through `games()` and holds no game's text.

use crate::options::OptionMap;
use serde::Serialize;

/// Everything Ludus tells about one game.
#[derive(Debug)]
pub struct About {
    /// The game's own name, as its designer gives it.
    pub title: &'static str,
    pub designer: &'static str,
    /// The rules in short, one paragraph an entry: written for Ludus in our own words (the
    /// designer's rule sheet is the authority).
    pub rules: &'static [&'static str],
    /// How to play on Ludus's board: what to click.
    pub board_help: &'static str,
    /// Keys the game adds to the board's keyboard help, if any.
    pub keyboard: Option<&'static str>,
    /// The options a player may set: the one declaration that the form shows and that
    /// `OptionMap::check_keys` judges keys by.
    pub options: &'static [OptionDecl],
    /// The characters of a setup drawn as a layout (one character a cell), for the setup
    /// editor; empty for a game whose setup is not drawn.
    pub layout: &'static [LayoutChar],
    /// The game's rules between its options' fields, if it has any (see
    /// `GameKind::option_form`).
    pub form_rules: Option<FormRules>,
}

/// Rules between an options form's fields: given the values entered and the field just
/// changed, adjusts the values and names the fields that do not apply and the placeholders
/// of fields filled from elsewhere.
pub type FormRules = fn(
    values: &mut OptionMap,
    changed: Option<&str>,
    disabled: &mut Vec<&'static str>,
    placeholders: &mut Vec<(&'static str, &'static str)>,
);

/// One option as a game declares it.
#[derive(Clone, Copy, Debug)]
pub struct OptionDecl {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: OptionKind,
    /// Part of the setup (Unity's seed, layout and walls): chosen for one game, so a new
    /// game draws a fresh setup rather than keep it.
    pub setup: bool,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Number {
        min: usize,
        max: usize,
        default: usize,
    },
    /// One of `choices`.
    Choice {
        choices: &'static [&'static str],
        default: &'static str,
    },
    /// Free text, judged by the game.
    Text { default: &'static str },
}

impl OptionDecl {
    /// The option described for a form.
    pub fn spec(&self) -> OptionSpec {
        let (kind, default, min, max, choices) = match self.kind {
            OptionKind::Number { min, max, default } => {
                ("number", default.to_string(), Some(min), Some(max), vec![])
            }
            OptionKind::Choice { choices, default } => {
                ("choice", default.to_string(), None, None, choices.to_vec())
            }
            OptionKind::Text { default } => ("text", default.to_string(), None, None, vec![]),
        };
        OptionSpec {
            key: self.key,
            label: self.label,
            kind,
            default,
            min,
            max,
            choices,
            setup: self.setup,
        }
    }
}

/// The board-size option of a game whose boards run from `min` to `max` cells a side.
pub const fn size_option(min: usize, max: usize, default: usize) -> OptionDecl {
    OptionDecl {
        key: "size",
        label: "Board size",
        kind: OptionKind::Number { min, max, default },
        setup: false,
    }
}

/// The keys of `decls`, for `OptionMap::check_keys` (`N` is their number, checked when
/// compiled).
pub const fn option_keys<const N: usize>(decls: &[OptionDecl]) -> [&'static str; N] {
    assert!(decls.len() == N);
    let mut keys = [""; N];
    let mut i = 0;
    while i < N {
        keys[i] = decls[i].key;
        i += 1;
    }
    keys
}

/// One character of a drawn setup, and the piece it stands for (none for an empty cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct LayoutChar {
    #[cfg_attr(not(target_arch = "wasm32"), ts(type = "string"))]
    pub symbol: char,
    /// What the setup editor calls it ("Purple ring", "Eraser").
    pub label: &'static str,
    /// The piece's colour and kind, as a board view names them; None for an empty cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub color: Option<crate::game::Color>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub kind: Option<crate::game::PieceKind>,
}

/// One option of a game, described for a form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct OptionSpec {
    pub key: &'static str,
    pub label: &'static str,
    /// "number", "choice" or "text".
    pub kind: &'static str,
    pub default: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub min: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub max: Option<usize>,
    /// The values of a "choice" option (empty for the others).
    pub choices: Vec<&'static str>,
    /// Part of the setup: kept by one game, never carried to the next (a new game draws a
    /// fresh setup).
    pub setup: bool,
}

/// One field of an options form: its spec, the value to show and whether it applies now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct OptionField {
    #[serde(flatten)]
    pub spec: OptionSpec,
    /// The value to show (the default when none was entered; empty for "not given").
    pub value: String,
    /// True when the field does not apply with the other values (and is left out).
    pub disabled: bool,
    /// Shown in an empty field, saying where the value comes from instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub placeholder: Option<&'static str>,
}

/// An options form as the engine reads it (see `GameKind::option_form`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct OptionForm {
    pub fields: Vec<OptionField>,
    /// The options a new game would be started with: the fields that apply, defaults left out.
    #[cfg_attr(not(target_arch = "wasm32"), ts(type = "Record<string, string>"))]
    pub options: OptionMap,
}
