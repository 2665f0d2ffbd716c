//! The WebAssembly export layer: the only code that knows about JavaScript.
//!
//! One interface: the `Session` class (its tree methods in `tree.rs`) and a few free functions (`games`, `levels`,
//! `checkPlayer`, `parseRecord`, `recordSetup`, `optionForm`, `withRandomSetup`). The package's record-in, record-out functions
//! (`package/records.js`) are written in JS over `Session` (docs/ENGINE-API.md).
//!
//! Everything here converts values and calls the plain-Rust core. Input from JS is
//! untrusted: every failure becomes a JS `Error` with a message and a `kind` (`error.rs`),
//! never a trap.
//!
//! The exported functions take every argument as a `JsValue` and check its type here. A
//! `&str` or number parameter would be converted by wasm-bindgen's JS glue before any check:
//! an array-like `{ length: -1 }` passed as a string makes the glue ask the allocator for 4 GB,
//! which aborts the module (a trap that poisons it for the rest of the page's life). Rust
//! callers (the tests) use the same names with Rust types, in the second `impl` below.

#[cfg(feature = "computer")]
use crate::ai::choose_step;
use crate::ai::PlayerSpec;
use crate::game::{shorten, Error};
use crate::games::GameKind;
use crate::options::OptionMap;
#[cfg(feature = "computer")]
use crate::rng::Rng;
use crate::session::{Record, Session, MAX_RECORD_LEN};
#[cfg(feature = "computer")]
use crate::views::ChoiceView;
use crate::views::{self, session_view_since, session_view_without_legal, RecordView};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

mod error;
#[cfg(feature = "study")]
mod study;
#[cfg(feature = "study")]
mod text;
mod tree;
pub use error::JsError;
#[cfg(feature = "study")]
pub use study::{analyse_position, bench, encode_gif, line_steps_of, review_game};

// The view objects' TypeScript definitions (generated from the Rust types by
// tests/typescript.rs) go into the generated ludus.d.ts with the exports that return them.
#[wasm_bindgen(typescript_custom_section)]
const VIEW_TYPES: &str = include_str!("../../www/types/ludus-views.d.ts");

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn js_error(e: Error) -> JsError {
    JsError::from(e)
}

/// What kind of value a JS caller passed, for error messages ("null", "number", ...).
fn js_kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    if js_sys::Array::is_array(value) {
        return "an array".into();
    }
    value.js_typeof().as_string().unwrap_or_default()
}

/// The longest string taken from JS, in UTF-16 units: as long as the longest record (a
/// record this long in UTF-16 units is at least as long in UTF-8 bytes, so it is refused
/// by the record reader all the same). Every other text argument is far shorter.
const MAX_TEXT_ARG: u32 = MAX_RECORD_LEN as u32;

/// A string argument, or an error naming the parameter. Its length is checked before it is
/// copied into the wasm memory: `as_string` copies the whole of it (up to three bytes a
/// character), and the memory never shrinks again.
fn text_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        if text.length() > MAX_TEXT_ARG {
            return Err(JsError::new(&format!(
                "{name} is too long (at least {} bytes; at most {MAX_TEXT_ARG})",
                text.length()
            )));
        }
    }
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("{name} must be a string (got {})", js_kind(value))))
}

/// A string from JS that is not an argument of its own (an option's key or value, a thrown
/// message): None when it is not a string or is too long to copy (see `text_arg`).
fn short_string(value: &JsValue) -> Option<String> {
    let text = value.dyn_ref::<js_sys::JsString>()?;
    if text.length() > MAX_TEXT_ARG {
        return None;
    }
    text.as_string()
}

/// An optional revision (a view's `revision`): undefined or null for none. A number past
/// any revision is simply not the revision.
fn revision_arg(value: &JsValue) -> Result<Option<u32>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    Ok(u32::try_from(count_arg(value, "the revision")?).ok())
}

/// A number argument that is a whole number from 0 up, for step counts.
fn count_arg(value: &JsValue, name: &str) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(if n > usize::MAX as f64 {
            usize::MAX
        } else {
            n as usize
        }),
        Some(n) => Err(JsError::new(&format!(
            "{name} must be a whole number from 0 up (got {})",
            number_text(n)
        ))),
        None => Err(JsError::new(&format!(
            "{name} must be a number (got {})",
            js_kind(value)
        ))),
    }
}

/// A finite number argument, or an error naming the parameter.
#[cfg(feature = "computer")]
fn number_arg(value: &JsValue, name: &str) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(n) if n.is_finite() => Ok(n),
        Some(n) => Err(JsError::new(&format!(
            "{name} must be a finite number (got {})",
            number_text(n)
        ))),
        None => Err(JsError::new(&format!(
            "{name} must be a number (got {})",
            js_kind(value)
        ))),
    }
}

/// `n` as `format!("{n}")` writes it ("1.5", "-0", "0.0000001", "1000000000000000000000",
/// "NaN", "-inf"), from the shortest digits JavaScript gives: the standard library's float
/// printing is about 20 KB of the play module, for the numbers of a few error messages.
pub fn number_text(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    let sign = if n.is_sign_negative() { "-" } else { "" };
    if n.is_infinite() {
        return format!("{sign}inf");
    }
    let js: String = js_sys::Number::from(n.abs())
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default();
    let (digits, point) = js_digits(&js);
    let mut digits = digits.into_bytes();
    // Where two shortest forms are equally near, JavaScript takes the even last digit and
    // Rust the upper one: a tie shows in the exact value, one digit longer, ending in 5.
    let exact = js_sys::Number::from(n.abs())
        .to_precision(100)
        .map(String::from)
        .unwrap_or_default();
    let (exact, _) = js_digits(&exact);
    if exact.len() == digits.len() + 1 && exact.ends_with('5') {
        let mut up = exact.as_bytes()[..digits.len()].to_vec();
        if let Some(last) = up.iter().rposition(|&d| d != b'9') {
            up[last] += 1;
            up[last + 1..].fill(b'0');
            digits = up;
        }
    }
    let digits = String::from_utf8(digits).unwrap_or_default();
    let digits = digits.trim_end_matches('0');
    let len = digits.len() as i64;
    if digits.is_empty() {
        format!("{sign}0")
    } else if point <= 0 {
        format!(
            "{sign}0.{}{digits}",
            "0".repeat(point.unsigned_abs() as usize)
        )
    } else if point >= len {
        format!("{sign}{digits}{}", "0".repeat((point - len) as usize))
    } else {
        let (a, b) = digits.split_at(point as usize);
        format!("{sign}{a}.{b}")
    }
}

/// The significant digits of a JavaScript number's text ("123.45", "1e+21", "1.5e-7",
/// "0.00012"), without leading or trailing zeros, and where the point goes among them.
fn js_digits(text: &str) -> (String, i64) {
    let (mantissa, exp) = text.split_once('e').unwrap_or((text, "0"));
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{int}{frac}");
    let digits = all.trim_start_matches('0');
    let point =
        int.len() as i64 + exp.parse::<i64>().unwrap_or(0) - (all.len() - digits.len()) as i64;
    (digits.trim_end_matches('0').to_string(), point)
}

/// A random seed: any finite number (its whole part, clamped to 0..2^64, is used).
#[cfg(feature = "computer")]
fn seed_arg(value: &JsValue) -> Result<f64, JsError> {
    number_arg(value, "seed")
}

#[wasm_bindgen]
extern "C" {
    /// `Object.entries`, catching what a hostile object throws (a Proxy trap, a getter):
    /// js-sys's binding lets the exception unwind through the wasm frames.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    fn object_entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;
}

/// The message of something JS threw: an Error's message, or the value as text.
fn thrown_text(value: &JsValue) -> String {
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return short_string(&error.message()).unwrap_or_else(|| "an Error".into());
    }
    short_string(value).unwrap_or_else(|| js_kind(value))
}

/// Plain JS objects (not Maps), null for None.
/// A large value (the session view) as JSON text, parsed by the browser's `JSON.parse`:
/// building the same objects property by property from Rust takes one call into JS for
/// every field of every legal step, about five times as long for Merlin's Chain's 1800.
/// Only for values whose numbers are all finite (JSON has no NaN).
fn large_to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value)
        .map_err(|e| JsError::internal(&format!("internal error: {e}")))?;
    js_sys::JSON::parse(&text)
        .map_err(|_| JsError::internal("internal error: the view is not JSON"))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::internal(&format!("internal error: {e}")))
}

/// More option entries than any game has, by far.
const MAX_OPTIONS: u32 = 64;

/// Reads `{ size: 6, players: "3", … }` into options; strings and whole numbers only.
fn options_from_js(value: &JsValue) -> Result<OptionMap, JsError> {
    let mut map = OptionMap::new();
    if value.is_undefined() || value.is_null() {
        return Ok(map);
    }
    if !value.is_object() {
        return Err(JsError::options("options must be an object"));
    }
    let entries = object_entries(value).map_err(|thrown| {
        JsError::options(&format!(
            "options could not be read ({})",
            shorten(&thrown_text(&thrown))
        ))
    })?;
    // No game has more than a handful of options; a huge object is refused before the
    // (quadratic) duplicate checks.
    if entries.length() > MAX_OPTIONS {
        return Err(JsError::options(&format!(
            "too many options ({}; at most {MAX_OPTIONS})",
            entries.length()
        )));
    }
    for entry in entries.iter() {
        let pair: js_sys::Array = entry.unchecked_into();
        let key = pair.get(0);
        if key.dyn_ref::<js_sys::JsString>().map_or(0, |k| k.length()) > MAX_TEXT_ARG {
            return Err(JsError::options("an option's name is far too long"));
        }
        let key = key.as_string().unwrap_or_default();
        let value = pair.get(1);
        let text = if value.is_string() {
            short_string(&value).ok_or_else(|| {
                JsError::options(&format!("option {} is far too long", shorten(&key)))
            })?
        } else if let Some(n) = value.as_f64() {
            if n.fract() != 0.0 || !(0.0..=1e15).contains(&n) {
                return Err(JsError::options(&format!(
                    "option {} must be a whole number",
                    shorten(&key)
                )));
            }
            format!("{}", n as u64)
        } else if value.is_undefined() || value.is_null() {
            continue;
        } else {
            return Err(JsError::options(&format!(
                "option {} must be a string or a number",
                shorten(&key)
            )));
        };
        map.set(key, text);
    }
    Ok(map)
}

/// More numbers than a layout has (one a cell).
const MAX_LAYOUT: u32 = 1024;

/// A layout (a number from 0 to 255 a cell: a Uint8Array or an array), None when absent.
fn layout_arg(value: &JsValue, name: &str) -> Result<Option<Vec<u8>>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let wrong = || {
        JsError::new(&format!(
            "{name} must be an array of at most {MAX_LAYOUT} whole numbers from 0 to 255 (got {})",
            js_kind(value)
        ))
    };
    if let Some(bytes) = value.dyn_ref::<js_sys::Uint8Array>() {
        if bytes.length() > MAX_LAYOUT {
            return Err(wrong());
        }
        return Ok(Some(bytes.to_vec()));
    }
    let array = value.dyn_ref::<js_sys::Array>().ok_or_else(wrong)?;
    if array.length() > MAX_LAYOUT {
        return Err(wrong());
    }
    let mut out = Vec::with_capacity(array.length() as usize);
    for item in array.iter() {
        match item.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => out.push(n as u8),
            _ => return Err(wrong()),
        }
    }
    Ok(Some(out))
}

/// The work counted on this thread so far (`src/work.rs`): `{ stepViews,
/// arrangementSearches, arrangementChecks }`, for tests and benchmarks that measure what
/// the page's thread does by counting, not by the clock.
#[wasm_bindgen(js_name = workCounts, unchecked_return_type = "WorkCounts")]
pub fn work_counts() -> Result<JsValue, JsError> {
    to_js(&crate::work::counts())
}

/// The five games with their titles, designers and options.
#[wasm_bindgen(unchecked_return_type = "GameInfo[]")]
pub fn games() -> Result<JsValue, JsError> {
    to_js(&views::game_infos())
}

/// The computer's levels, weakest first (`ai/levels.rs`).
#[wasm_bindgen(unchecked_return_type = "LevelView[]")]
pub fn levels() -> Result<JsValue, JsError> {
    to_js(&views::level_views())
}

/// A player name the engine accepts (a level, `random`, `mcts:N`, `mcts:Ss`, …), trimmed;
/// throws an Error saying what is wrong otherwise.
#[wasm_bindgen(js_name = checkPlayer)]
pub fn check_player_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, JsError> {
    check_player(&text_arg(&text, "the player")?)
}

pub fn check_player(text: &str) -> Result<String, JsError> {
    PlayerSpec::parse(text).map_err(js_error)?;
    Ok(text.trim().to_string())
}

/// Reads a record text into its parts without playing it (the one record parser).
#[wasm_bindgen(js_name = parseRecord, unchecked_return_type = "RecordView")]
pub fn parse_record_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsError> {
    parse_record(&text_arg(&text, "the record")?)
}

pub fn parse_record(text: &str) -> Result<JsValue, JsError> {
    let record = Record::parse(text).map_err(js_error)?;
    to_js(&RecordView::from(record))
}

/// The options form of `game` for the values entered (`{ key: "text" }`), after the user
/// changed the field `changed`: `{ fields, options }` (see `GameKind::option_form`).
#[wasm_bindgen(js_name = optionForm, unchecked_return_type = "OptionForm")]
pub fn option_form_js(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string | number>")] values: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | undefined")] changed: JsValue,
) -> Result<JsValue, JsError> {
    let changed = if changed.is_undefined() || changed.is_null() {
        None
    } else {
        Some(text_arg(&changed, "the changed field")?)
    };
    option_form(&text_arg(&game, "the game")?, values, changed)
}

pub fn option_form(
    game: &str,
    values: JsValue,
    changed: Option<String>,
) -> Result<JsValue, JsError> {
    let kind = GameKind::parse(game).map_err(js_error)?;
    let values = options_from_js(&values)?;
    to_js(&kind.option_form(&values, changed.as_deref()))
}

/// The options of a new game of `game`: `options` with the random setup `seed` draws, where
/// the game has one and the options do not fix it (see `GameKind::with_random_setup`).
#[wasm_bindgen(js_name = withRandomSetup, unchecked_return_type = "Record<string, string>")]
pub fn with_random_setup_js(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string | number>")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<JsValue, JsError> {
    let seed = count_arg(&seed, "the seed")? as u64;
    with_random_setup(&text_arg(&game, "the game")?, options, seed)
}

pub fn with_random_setup(game: &str, options: JsValue, seed: u64) -> Result<JsValue, JsError> {
    let kind = GameKind::parse(game).map_err(js_error)?;
    to_js(&kind.with_random_setup(&options_from_js(&options)?, seed))
}

/// The setup part of a record: its game and options as a record writes them, without its
/// steps, notes and the step shown (`unlur;size=8;moves=d4,pass;at=1` -> `unlur;size=8`):
/// what stays the same through a game.
#[wasm_bindgen(js_name = recordSetup)]
pub fn record_setup_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, JsError> {
    record_setup(&text_arg(&text, "the record")?)
}

pub fn record_setup(text: &str) -> Result<String, JsError> {
    Ok(Record::parse(text).map_err(js_error)?.setup().to_text())
}

#[cfg(feature = "computer")]
fn ai_choice(s: &Session, player: &str, seed: f64) -> Result<JsValue, JsError> {
    let spec = PlayerSpec::parse_in(player, s.current().kind()).map_err(js_error)?;
    let mut rng = Rng::new(seed as u64);
    let now = || js_sys::Date::now() / 1000.0;
    match choose_step(s.current(), &spec, &mut rng, &now) {
        Some(c) => to_js(&ChoiceView::from(c)),
        None => Err(Error::game_over("the game is over").into()),
    }
}

/// A game with its history, kept on the Rust side between calls.
#[wasm_bindgen(js_name = Session)]
pub struct WasmSession(Session);

/// The exported methods: arguments checked as described at the top of the file.
#[wasm_bindgen(js_class = Session)]
impl WasmSession {
    /// A new game: `Session.create("unlur", { size: 6 })`.
    #[wasm_bindgen(js_name = create)]
    pub fn create_js(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string | number> | undefined")]
        options: JsValue,
    ) -> Result<WasmSession, JsError> {
        Self::create(&text_arg(&game, "the game")?, options)
    }

    /// Replays a record text (as in a link); the error names the first wrong part.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record_js(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<WasmSession, JsError> {
        Self::from_record(&text_arg(&text, "the record")?)
    }

    /// The view of the position shown. With `known`, the `revision` of a view the caller
    /// holds: while that is still the revision, the parts that depend on it alone come empty
    /// (see `SessionView::revision`), so that a step through a long game costs no more than
    /// one through a short one.
    #[wasm_bindgen(js_name = view, unchecked_return_type = "SessionView")]
    pub fn view_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] known: JsValue,
    ) -> Result<JsValue, JsError> {
        self.view_since(revision_arg(&known)?.map(|k| k as usize))
    }

    /// The view without the legal steps (`legal` left out): what the page draws while the
    /// computer is to move, when nobody can take a step on the page.
    #[wasm_bindgen(js_name = viewWithoutLegal, unchecked_return_type = "SessionView")]
    pub fn view_without_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] known: JsValue,
    ) -> Result<JsValue, JsError> {
        let known = revision_arg(&known)?;
        large_to_js(&session_view_without_legal(&self.0, known))
    }

    /// Where the view shown puts the pieces whose places are its own choice (Merlin's
    /// Chain's grey tiles): a number per cell; undefined for the other games.
    pub fn layout(&self) -> Option<Vec<u8>> {
        self.0.layout()
    }

    /// The layout the view would have after playing `step` here, given `shown`, the layout
    /// of the view here (`layout()`, maybe of the page's session): the costly search a view
    /// after a Merlin's Chain flip needs, run where it freezes nothing (the computer's
    /// worker); undefined for the other games.
    #[wasm_bindgen(js_name = layoutAfter)]
    pub fn layout_after_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] step: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | number[]")] shown: JsValue,
    ) -> Result<Option<Vec<u8>>, JsError> {
        let shown = layout_arg(&shown, "the layout shown")?.unwrap_or_default();
        self.0
            .layout_after(&text_arg(&step, "the step")?, &shown)
            .map_err(js_error)
    }

    /// Whether `step` could be played at the cursor, without playing it: null if so, else
    /// the engine's reason ("c4 is occupied").
    #[wasm_bindgen(js_name = check)]
    pub fn check_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] step: JsValue,
    ) -> Result<Option<String>, JsError> {
        Ok(self.check(&text_arg(&step, "the step")?))
    }

    /// Why a click on cell `a` (or on the edge between `a` and `b`) makes no step at the
    /// cursor, in words for the user; empty when there is nothing to say.
    #[wasm_bindgen(js_name = explainClick)]
    pub fn explain_click_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] b: JsValue,
    ) -> Result<String, JsError> {
        let b = if b.is_undefined() || b.is_null() {
            None
        } else {
            Some(count_arg(&b, "the second cell")?)
        };
        self.explain_click(count_arg(&a, "the cell")?, b)
    }

    /// Why a click on cell `cell` with the piece on cell `from` picked makes no step at the
    /// cursor (`cell == from`: the picked piece's own capture, the Fire button), in words
    /// about the board; empty when the click is a step.
    #[wasm_bindgen(js_name = explainPick)]
    pub fn explain_pick_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
    ) -> Result<String, JsError> {
        self.explain_pick(
            count_arg(&from, "the picked cell")?,
            count_arg(&cell, "the cell")?,
        )
    }

    /// Why direction key `dir` ("NE", "E", "SE", "SW", "W" or "NW", keys 1 to 6) makes no
    /// step at the cursor, in words about the board: with `picked`, the shot of the piece
    /// picked on `cell`; else a wall on that side of the keyboard cursor's `cell`. Empty when
    /// the key is a step or means nothing in the game.
    #[wasm_bindgen(js_name = explainKey)]
    pub fn explain_key_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] dir: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] picked: JsValue,
    ) -> Result<String, JsError> {
        let picked = picked
            .as_bool()
            .ok_or_else(|| JsError::new("whether a piece is picked must be true or false"))?;
        self.explain_key(
            count_arg(&cell, "the cell")?,
            &text_arg(&dir, "the direction")?,
            picked,
        )
    }

    /// Plays a step at the cursor; throws an Error saying why if it is illegal. `layout`
    /// (optional, from `layoutAfter`): the new position is shown with it, if the rules allow
    /// it there, instead of the engine working it out.
    #[wasm_bindgen(js_name = play)]
    pub fn play_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] step: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | number[] | undefined")] layout: JsValue,
    ) -> Result<(), JsError> {
        let step = text_arg(&step, "the step")?;
        match layout_arg(&layout, "the layout")? {
            Some(layout) => self.0.play_with_layout(&step, &layout).map(|_| ()),
            None => self.0.play(&step),
        }
        .map_err(js_error)
    }

    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }

    /// Shows the position after `n` steps; false if there is no such step.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<bool, JsError> {
        Ok(self.go_to(count_arg(&n, "the step number")?))
    }

    pub fn record(&self) -> String {
        self.0.record_text()
    }

    /// The record for a link's fragment: as `record()`, packed (`~…`) when it is long.
    pub fn link(&self) -> String {
        self.0.link_text()
    }

    #[cfg(feature = "computer")]
    /// The computer's step for the seat to move: `{ step, iterations, value }`.
    /// `player` is a level's id (`beginner` to `expert`), `random`, `mcts:N` or `mcts:Ss`.
    #[wasm_bindgen(js_name = aiChoose, unchecked_return_type = "ChoiceView")]
    pub fn ai_choose_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] player: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<JsValue, JsError> {
        self.ai_choose(&text_arg(&player, "the player")?, seed_arg(&seed)?)
    }
}

/// The same methods for Rust callers, with Rust types.
impl WasmSession {
    pub fn view(&self) -> Result<JsValue, JsError> {
        self.view_since(None)
    }

    /// The view; without the revision's parts while `known` is the revision.
    pub fn view_since(&self, known: Option<usize>) -> Result<JsValue, JsError> {
        // A number past any revision is simply not the revision.
        let known = known.and_then(|k| u32::try_from(k).ok());
        large_to_js(&session_view_since(&self.0, known))
    }

    pub fn check(&self, step: &str) -> Option<String> {
        self.0.check(step).err().map(|e| e.to_string())
    }

    pub fn explain_click(&self, a: usize, b: Option<usize>) -> Result<String, JsError> {
        let cells: Vec<usize> = std::iter::once(a).chain(b).collect();
        self.0.explain_click(&cells).map_err(js_error)
    }

    pub fn explain_pick(&self, from: usize, cell: usize) -> Result<String, JsError> {
        self.0.explain_pick(from, cell).map_err(js_error)
    }

    pub fn explain_key(&self, cell: usize, dir: &str, picked: bool) -> Result<String, JsError> {
        self.0.explain_key(cell, dir, picked).map_err(js_error)
    }

    pub fn create(game: &str, options: JsValue) -> Result<WasmSession, JsError> {
        let kind = GameKind::parse(game).map_err(js_error)?;
        let options = options_from_js(&options)?;
        Session::new(kind, &options)
            .map(WasmSession)
            .map_err(js_error)
    }

    pub fn from_record(text: &str) -> Result<WasmSession, JsError> {
        Session::from_record(text)
            .map(WasmSession)
            .map_err(js_error)
    }

    pub fn play(&mut self, step: &str) -> Result<(), JsError> {
        self.0.play(step).map_err(js_error)
    }

    pub fn go_to(&mut self, n: usize) -> bool {
        self.0.go_to(n)
    }

    #[cfg(feature = "computer")]
    pub fn ai_choose(&self, player: &str, seed: f64) -> Result<JsValue, JsError> {
        ai_choice(&self.0, player, seed)
    }
}
