//! The WebAssembly export layer: the only code that knows about JavaScript.
//!
//! Everything here converts values and calls the plain-Rust core. Input from JS is
//! untrusted: every failure becomes a JS `Error` with a message, never a trap.

use crate::ai::{choose_step, PlayerSpec};
use crate::game::{BoardView, Error, Outcome, Seat, StepView};
use crate::games::{GameKind, OptionSpec};
use crate::options::OptionMap;
use crate::rng::Rng;
use crate::session::Session;
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

#[derive(Serialize)]
struct GameInfo {
    name: &'static str,
    title: &'static str,
    designer: &'static str,
    options: Vec<OptionSpec>,
}

/// The five games with their titles, designers and options.
#[wasm_bindgen]
pub fn games() -> Result<JsValue, JsError> {
    let list: Vec<GameInfo> = GameKind::ALL
        .iter()
        .map(|&k| GameInfo {
            name: k.name(),
            title: k.title(),
            designer: k.designer(),
            options: k.option_specs(),
        })
        .collect();
    to_js(&list)
}

/// A session as the page draws it: the board, the legal steps at the cursor, the history.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionView {
    #[serde(flatten)]
    board: BoardView,
    game: &'static str,
    title: &'static str,
    designer: &'static str,
    /// Steps legal in the position shown (also when it is not the last one: playing one
    /// there starts a new line and drops the later steps).
    legal: Vec<StepView>,
    last_turn: Vec<usize>,
    steps: Vec<String>,
    /// The seat that made each step.
    movers: Vec<Seat>,
    cursor: usize,
    record: String,
}

fn session_view(s: &Session) -> SessionView {
    let kind = s.kind();
    SessionView {
        board: s.current().view(),
        game: kind.name(),
        title: kind.title(),
        designer: kind.designer(),
        legal: s.current().legal_step_views(),
        last_turn: s.last_turn_cells(),
        steps: s.step_texts(),
        movers: s.movers().to_vec(),
        cursor: s.cursor(),
        record: s.record_text(),
    }
}

#[derive(Serialize)]
struct ChoiceView {
    step: String,
    iterations: u32,
    value: f64,
}

fn ai_choice(s: &Session, player: &str, seed: f64) -> Result<JsValue, JsError> {
    let spec = PlayerSpec::parse(player).map_err(js_error)?;
    let mut rng = Rng::new(seed as u64);
    let now = || js_sys::Date::now() / 1000.0;
    match choose_step(s.current(), &spec, &mut rng, &now) {
        Some(c) => to_js(&ChoiceView {
            step: c.step,
            iterations: c.iterations,
            value: c.value,
        }),
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

    pub fn view(&self) -> Result<JsValue, JsError> {
        to_js(&session_view(&self.0))
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
    #[wasm_bindgen(js_name = aiChoose)]
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
#[wasm_bindgen]
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    to_move: Option<Seat>,
    outcome: Option<Outcome>,
    prompt: String,
}

/// Whose turn it is, the result, and what is asked now.
#[wasm_bindgen]
pub fn status(record: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    let view = s.current().view();
    to_js(&Status {
        to_move: view.to_move,
        outcome: view.outcome,
        prompt: view.prompt,
    })
}

/// Everything for drawing the record's position (as `Session.view()`).
#[wasm_bindgen]
pub fn board_view(record: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    to_js(&session_view(&s))
}

/// The computer's step in the record's position (see `Session.aiChoose`).
#[wasm_bindgen]
pub fn ai_move(record: &str, player: &str, seed: f64) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    ai_choice(&s, player, seed)
}

/// An animated GIF from RGBA frames the page drew (`width * height * 4` bytes each, one after
/// the other): each shows `delay_cs` hundredths of a second, the last `last_delay_cs`.
#[wasm_bindgen]
pub fn encode_gif(
    width: u32,
    height: u32,
    frames: &[u8],
    delay_cs: u32,
    last_delay_cs: u32,
) -> Result<Vec<u8>, JsError> {
    crate::animation::encode_gif(width, height, frames, delay_cs, last_delay_cs).map_err(js_error)
}
