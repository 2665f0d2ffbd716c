//! The study module's exports: analysis, game review, GIF export and the benchmark.
//!
//! Compiled only with the `study` feature, into a second wasm module (`ludus_study.js` +
//! `ludus_study_bg.wasm`, built by the hook in Trunk.toml) that the page loads when a player
//! first asks for analysis or a GIF, so that the module every page loads at start
//! (`ludus.js`, play and the computer opponent) stays small. Arguments are checked as in
//! the parent module.

use super::{
    count_arg, js_error, js_kind, number_arg, seed_arg, text_arg, to_js, JsError, WasmSession,
};
use crate::ai::analyse::{analyse, line_steps, review, Budget};
use crate::ai::solve::solve_any;
use crate::animation::{check_frames, MAX_BYTES};
use crate::games::GameKind;
use crate::session::Session;
use crate::views::{ExplainView, SolveView};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The analysis budget for `iterations` (a JS number), refused unless a whole number from 1
/// to 10 000 000.
fn budget(iterations: f64) -> Result<Budget, JsError> {
    if iterations.fract() != 0.0 || !(1.0..=1e7).contains(&iterations) {
        return Err(JsError::options(&format!(
            "the analysis budget must be a whole number of iterations from 1 to 10000000 (got {iterations})"
        )));
    }
    Budget::for_iterations(iterations as u32).map_err(js_error)
}

fn review_session(
    s: &Session,
    iterations: f64,
    threshold: f64,
    seed: f64,
) -> Result<JsValue, JsError> {
    let steps = review(s, budget(iterations)?, threshold, seed as u64).map_err(js_error)?;
    to_js(&steps)
}

/// Analysis on a session of the play module's kind.
#[wasm_bindgen(js_class = Session)]
impl WasmSession {
    /// How the shown position stands, searched for `iterations` (see docs/ENGINE-API.md):
    /// `{ chances, toMove, best, line, top, iterations, exact }`.
    #[wasm_bindgen(js_name = analyse)]
    pub fn analyse_js(&self, iterations: JsValue, seed: JsValue) -> Result<JsValue, JsError> {
        self.analyse(number_arg(&iterations, "iterations")?, seed_arg(&seed)?)
    }

    /// Every step of the whole game with the mover's chance before and after it, and a
    /// better step where it fell by more than `threshold` (0 to 1).
    #[wasm_bindgen(js_name = review)]
    pub fn review_js(
        &self,
        iterations: JsValue,
        threshold: JsValue,
        seed: JsValue,
    ) -> Result<JsValue, JsError> {
        self.review(
            number_arg(&iterations, "iterations")?,
            number_arg(&threshold, "threshold")?,
            seed_arg(&seed)?,
        )
    }
}

/// The same methods for Rust callers, with Rust types.
impl WasmSession {
    pub fn analyse(&self, iterations: f64, seed: f64) -> Result<JsValue, JsError> {
        to_js(&analyse(self.0.current(), budget(iterations)?, seed as u64))
    }

    pub fn review(&self, iterations: f64, threshold: f64, seed: f64) -> Result<JsValue, JsError> {
        review_session(&self.0, iterations, threshold, seed)
    }
}

// ---------------------------------------------------------------------------------------------
// Benchmark only (scripts/bench.sh); the page never calls it.

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BenchView {
    perft_steps: f64,
    uniform_games: f64,
    playouts: f64,
    mcts_iterations: f64,
}

/// `ludus bench` in wasm: `{ perftSteps, uniformGames, playouts, mctsIterations }` per
/// second for `game` from its start, medians of `runs` runs of about `seconds` each.
#[wasm_bindgen(js_name = bench)]
pub fn bench_js(game: JsValue, seconds: JsValue, runs: JsValue) -> Result<JsValue, JsError> {
    let runs = count_arg(&runs, "runs")?.min(u32::MAX as usize) as u32;
    bench(
        &text_arg(&game, "the game")?,
        number_arg(&seconds, "seconds")?,
        runs,
    )
}

pub fn bench(game: &str, seconds: f64, runs: u32) -> Result<JsValue, JsError> {
    let kind = GameKind::parse(game).map_err(js_error)?;
    if !(seconds > 0.0 && seconds <= 600.0) {
        return Err(JsError::options(
            "seconds must be more than 0 and at most 600",
        ));
    }
    if !(1..=100).contains(&runs) {
        return Err(JsError::options("runs must be 1 to 100"));
    }
    let now = || js_sys::Date::now() / 1000.0;
    let f = crate::bench::measure(kind, seconds, runs, &now).map_err(js_error)?;
    to_js(&BenchView {
        perft_steps: f.perft_steps,
        uniform_games: f.uniform_games,
        playouts: f.playouts,
        mcts_iterations: f.mcts_iterations,
    })
}

/// `Session.analyse` for a record's position.
#[wasm_bindgen(js_name = analyse_position)]
pub fn analyse_position_js(
    record: JsValue,
    iterations: JsValue,
    seed: JsValue,
) -> Result<JsValue, JsError> {
    analyse_position(
        &text_arg(&record, "the record")?,
        number_arg(&iterations, "iterations")?,
        seed_arg(&seed)?,
    )
}

pub fn analyse_position(record: &str, iterations: f64, seed: f64) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    to_js(&analyse(s.current(), budget(iterations)?, seed as u64))
}

/// The most positions one `solve_position` call may search.
pub const MAX_SOLVE_NODES: f64 = 20_000_000.0;

/// The exact result of a record's position (src/ai/solve.rs), searching at most `nodes`
/// positions and for at most `millis` milliseconds: `{ result, steps: [{ step, result }],
/// nodes }`. The puzzles ask it whether a step off the stored line keeps the win.
#[wasm_bindgen(js_name = solve_position)]
pub fn solve_position_js(
    record: JsValue,
    nodes: JsValue,
    millis: JsValue,
) -> Result<JsValue, JsError> {
    let record = text_arg(&record, "the record")?;
    let nodes = number_arg(&nodes, "the node budget")?;
    let millis = number_arg(&millis, "the time limit")?;
    if millis.is_nan() || !(0.0..=600_000.0).contains(&millis) {
        return Err(JsError::options(&format!(
            "the time limit must be 0 to 600000 milliseconds (got {millis})"
        )));
    }
    let deadline = js_sys::Date::now() + millis;
    let mut stop = move || js_sys::Date::now() > deadline;
    to_js(&solve_position(&record, nodes, &mut stop)?)
}

/// [`solve_position_js`] for Rust callers; `stop` is asked now and then whether to give up.
fn solve_position(
    record: &str,
    nodes: f64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<SolveView, JsError> {
    if nodes.fract() != 0.0 || !(1.0..=MAX_SOLVE_NODES).contains(&nodes) {
        return Err(JsError::options(&format!(
            "the node budget must be a whole number from 1 to {MAX_SOLVE_NODES} (got {nodes})"
        )));
    }
    let s = Session::from_record(record).map_err(js_error)?;
    let solution = solve_any(s.current(), nodes as u64, stop).map_err(js_error)?;
    Ok(SolveView::from(solution))
}

/// [`ExplainView`] of a record's position.
#[wasm_bindgen(js_name = explain_position)]
pub fn explain_position_js(record: JsValue) -> Result<JsValue, JsError> {
    let s = Session::from_record(&text_arg(&record, "the record")?).map_err(js_error)?;
    to_js(&ExplainView::of(&s))
}

/// The steps of an analysis' line from a record's position, as the board marks them:
/// `line` holds the step texts separated by commas (as a record's `moves=`); the answer is
/// `[{ step, kind, cells, color }]`, up to the first step that is not legal.
#[wasm_bindgen(js_name = line_steps)]
pub fn line_steps_js(record: JsValue, line: JsValue) -> Result<JsValue, JsError> {
    line_steps_of(
        &text_arg(&record, "the record")?,
        &text_arg(&line, "the line")?,
    )
}

pub fn line_steps_of(record: &str, line: &str) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    let texts: Vec<String> = line
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(String::from)
        .collect();
    to_js(&line_steps(s.current(), &texts))
}

/// `Session.review` for a record.
#[wasm_bindgen(js_name = review_game)]
pub fn review_game_js(
    record: JsValue,
    iterations: JsValue,
    threshold: JsValue,
    seed: JsValue,
) -> Result<JsValue, JsError> {
    review_game(
        &text_arg(&record, "the record")?,
        number_arg(&iterations, "iterations")?,
        number_arg(&threshold, "threshold")?,
        seed_arg(&seed)?,
    )
}

pub fn review_game(
    record: &str,
    iterations: f64,
    threshold: f64,
    seed: f64,
) -> Result<JsValue, JsError> {
    let s = Session::from_record(record).map_err(js_error)?;
    review_session(&s, iterations, threshold, seed)
}

/// An animated GIF from RGBA frames the page drew (`width * height * 4` bytes each, one after
/// the other): each shows `delay_cs` hundredths of a second, the last `last_delay_cs`.
#[wasm_bindgen(js_name = encode_gif)]
pub fn encode_gif_js(
    width: JsValue,
    height: JsValue,
    frames: JsValue,
    delay_cs: JsValue,
    last_delay_cs: JsValue,
) -> Result<Vec<u8>, JsError> {
    // A checked Uint8Array, not `&[u8]`: the glue would size its copy from a garbage length.
    let frames = frames.dyn_into::<js_sys::Uint8Array>().map_err(|v| {
        JsError::new(&format!(
            "the frames must be a Uint8Array (got {})",
            js_kind(&v)
        ))
    })?;
    let whole = |v: &JsValue, name: &str| -> Result<u32, JsError> {
        Ok(count_arg(v, name)?.min(u32::MAX as usize) as u32)
    };
    let (width, height) = (whole(&width, "the width")?, whole(&height, "the height")?);
    let delay_cs = whole(&delay_cs, "the delay")?;
    let last_delay_cs = whole(&last_delay_cs, "the last delay")?;
    // The length is checked before the pixels are copied in: a copy of 2 GiB cannot even be
    // asked for on wasm32, and a smaller one the memory cannot grow to is refused rather
    // than aborting the module.
    // Read as a number: js-sys's `length()` is a u32, which wraps past 4 GiB.
    let length = js_sys::Reflect::get(&frames, &JsValue::from_str("length"))
        .ok()
        .and_then(|n| n.as_f64())
        .unwrap_or(f64::INFINITY);
    if length > MAX_BYTES as f64 {
        return Err(JsError::options(&format!(
            "the frames are too large for one GIF ({length} bytes; at most {MAX_BYTES})"
        )));
    }
    let length = length as usize;
    check_frames(width, height, length).map_err(js_error)?;
    if frames.length() as usize != length {
        return Err(JsError::new(
            "the frames' length is not what the array holds",
        ));
    }
    let mut pixels = Vec::new();
    pixels
        .try_reserve_exact(length)
        .map_err(|_| JsError::new("there is not enough memory for the frames"))?;
    pixels.resize(length, 0);
    frames.copy_to(&mut pixels);
    encode_gif(width, height, &pixels, delay_cs, last_delay_cs)
}

pub fn encode_gif(
    width: u32,
    height: u32,
    frames: &[u8],
    delay_cs: u32,
    last_delay_cs: u32,
) -> Result<Vec<u8>, JsError> {
    crate::animation::encode_gif(width, height, frames, delay_cs, last_delay_cs).map_err(js_error)
}
