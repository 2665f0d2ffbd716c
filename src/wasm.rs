//! The WebAssembly export layer: the only code that knows about JavaScript.
//!
//! Everything here converts values and calls the plain-Rust core. Input from JS is
//! untrusted: every failure becomes a JS `Error` with a message, never a trap.

use crate::ai::{choose_step, PlayerSpec};
use crate::game::Error;
use crate::games::GameKind;
use crate::options::OptionMap;
use crate::rng::Rng;
use crate::session::{Record, Session};
use crate::views::{self, session_view, status_view, ChoiceView, RecordView};
use serde::Serialize;
use wasm_bindgen::prelude::*;

// The view objects' TypeScript definitions (generated from the Rust types by
// tests/typescript.rs) go into the generated ludus.d.ts with the exports that return them.
#[wasm_bindgen(typescript_custom_section)]
const VIEW_TYPES: &str = include_str!("../www/types/ludus-views.d.ts");

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn js_error(e: Error) -> JsError {
    JsError::new(&e.0)
}

/// Plain JS objects (not Maps), null for None.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("internal error: {e}")))
}

/// Reads `{ size: 6, players: "3", … }` into options; strings and whole numbers only.
fn options_from_js(value: &JsValue) -> Result<OptionMap, JsError> {
    let mut map = OptionMap::new();
    if value.is_undefined() || value.is_null() {
        return Ok(map);
    }
    if !value.is_object() {
        return Err(JsError::new("options must be an object"));
    }
    for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
        let pair: js_sys::Array = entry.unchecked_into();
        let key = pair.get(0).as_string().unwrap_or_default();
        let value = pair.get(1);
        let text = if let Some(s) = value.as_string() {
            s
        } else if let Some(n) = value.as_f64() {
            if n.fract() != 0.0 || !(0.0..=1e15).contains(&n) {
                return Err(JsError::new(&format!(
                    "option {key} must be a whole number"
                )));
            }
            format!("{}", n as u64)
        } else if value.is_undefined() || value.is_null() {
            continue;
        } else {
            return Err(JsError::new(&format!(
                "option {key} must be a string or a number"
            )));
        };
        map.set(key, text);
    }
    Ok(map)
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
pub fn check_player(text: &str) -> Result<String, JsError> {
    PlayerSpec::parse(text).map_err(js_error)?;
    Ok(text.trim().to_string())
}

/// Reads a record text into its parts without playing it (the one record parser).
#[wasm_bindgen(js_name = parseRecord, unchecked_return_type = "RecordView")]
pub fn parse_record(text: &str) -> Result<JsValue, JsError> {
    let record = Record::parse(text).map_err(js_error)?;
    to_js(&RecordView::from(record))
}

/// The options form of `game` for the values entered (`{ key: "text" }`), after the user
/// changed the field `changed`: `{ fields, options }` (see `GameKind::option_form`).
#[wasm_bindgen(js_name = optionForm, unchecked_return_type = "OptionForm")]
pub fn option_form(
    game: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string | number>")] values: JsValue,
    changed: Option<String>,
) -> Result<JsValue, JsError> {
    let kind = GameKind::parse(game).map_err(js_error)?;
    let values = options_from_js(&values)?;
    to_js(&kind.option_form(&values, changed.as_deref()))
}

fn ai_choice(s: &Session, player: &str, seed: f64) -> Result<JsValue, JsError> {
    let spec = PlayerSpec::parse(player).map_err(js_error)?;
    let mut rng = Rng::new(seed as u64);
    let now = || js_sys::Date::now() / 1000.0;
    match choose_step(s.current(), &spec, &mut rng, &now) {
        Some(c) => to_js(&ChoiceView::from(c)),
        None => Err(JsError::new("the game is over")),
    }
}

/// A game with its history, kept on the Rust side between calls.
#[wasm_bindgen(js_name = Session)]
pub struct WasmSession(Session);

#[wasm_bindgen(js_class = Session)]
impl WasmSession {
    /// A new game: `Session.create("unlur", { size: 6 })`.
    pub fn create(game: &str, options: JsValue) -> Result<WasmSession, JsError> {
        let kind = GameKind::parse(game).map_err(js_error)?;
        let options = options_from_js(&options)?;
        Session::new(kind, &options)
            .map(WasmSession)
            .map_err(js_error)
    }

    /// Replays a record text (as in a link); the error names the first wrong part.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<WasmSession, JsError> {
        Session::from_record(text)
            .map(WasmSession)
            .map_err(js_error)
    }

    #[wasm_bindgen(unchecked_return_type = "SessionView")]
    pub fn view(&self) -> Result<JsValue, JsError> {
        to_js(&session_view(&self.0))
    }

    /// Whether `step` could be played at the cursor, without playing it: null if so, else
    /// the engine's reason ("c4 is occupied").
    pub fn check(&self, step: &str) -> Option<String> {
        self.0.check(step).err().map(|e| e.0)
    }

    /// Why a click on cell `a` (or on the edge between `a` and `b`) makes no step at the
    /// cursor, in words for the user; empty when there is nothing to say.
    #[wasm_bindgen(js_name = explainClick)]
    pub fn explain_click(&self, a: u32, b: Option<u32>) -> Result<String, JsError> {
        let cells: Vec<usize> = std::iter::once(a).chain(b).map(|c| c as usize).collect();
        self.0.explain_click(&cells).map_err(js_error)
    }

    /// Plays a step at the cursor; throws an Error saying why if it is illegal.
    pub fn play(&mut self, step: &str) -> Result<(), JsError> {
        self.0.play(step).map_err(js_error)
    }

    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }

    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, n: usize) -> bool {
        self.0.go_to(n)
    }

    pub fn record(&self) -> String {
        self.0.record_text()
    }

    /// The computer's step for the seat to move: `{ step, iterations, value }`.
    /// `player` is `quick`, `normal`, `strong`, `random`, `mcts:N` or `mcts:Ss`.
    #[wasm_bindgen(js_name = aiChoose, unchecked_return_type = "ChoiceView")]
    pub fn ai_choose(&self, player: &str, seed: f64) -> Result<JsValue, JsError> {
        ai_choice(&self.0, player, seed)
    }
}

// Record-in, record-out functions for callers that keep the game as text.

/// The record of a new game.
#[wasm_bindgen]
pub fn new_game(game: &str, options: JsValue) -> Result<String, JsError> {
    Ok(WasmSession::create(game, options)?.0.record_text())
}

/// The legal steps in the record's position.
#[wasm_bindgen(unchecked_return_type = "StepView[]")]
pub fn legal_moves(record: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    to_js(&s.current().legal_step_views())
}

/// The record after playing `step` in the record's position.
#[wasm_bindgen]
pub fn apply_move(record: &str, step: &str) -> Result<String, JsError> {
    let mut s = Session::from_record(record).map_err(js_error)?;
    s.play(step).map_err(js_error)?;
    Ok(s.record_text())
}

/// Whose turn it is, the result, and what is asked now.
#[wasm_bindgen(unchecked_return_type = "StatusView")]
pub fn status(record: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    to_js(&status_view(&s))
}

/// Everything for drawing the record's position (as `Session.view()`).
#[wasm_bindgen(unchecked_return_type = "SessionView")]
pub fn board_view(record: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    to_js(&session_view(&s))
}

/// The computer's step in the record's position (see `Session.aiChoose`).
#[wasm_bindgen(unchecked_return_type = "ChoiceView")]
pub fn ai_move(record: &str, player: &str, seed: f64) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    ai_choice(&s, player, seed)
}
