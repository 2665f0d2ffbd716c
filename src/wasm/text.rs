//! The text file's exports (docs/RECORD.md): reading one, writing one with header tags. Only
//! in the study module (loaded on first use), so that the page's first load stays small: the
//! page passes the record across (`study.Session.fromRecord(view.record).toText(tags)`,
//! `study.Session.fromText(text).record()`).

use super::{js_error, js_kind, object_entries, short_string, thrown_text, JsError, WasmSession};
use crate::game::shorten;
use crate::session::text::{tag_count_problem, MAX_TEXT_LEN};
use crate::session::Session;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(js_class = Session)]
impl WasmSession {
    /// Reads a text file (docs/RECORD.md); the error names the line and column.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text_js(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<WasmSession, JsError> {
        Self::from_text(&long_text_arg(&text, "the text file")?)
    }

    /// The game as a text file. `tags` (`{ Player1: "Ann", Date: "2026-11-26" }`) go into
    /// the header; without it, the tags of the file the game was read from.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string> | undefined")] tags: JsValue,
    ) -> Result<String, JsError> {
        let tags = if tags.is_undefined() || tags.is_null() {
            self.0.tags().to_vec()
        } else {
            tags_from_js(&tags)?
        };
        self.to_text(&tags)
    }

    /// The header tags of the text file the game was read from: `{ Player1: "Ann", … }`.
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn tags(&self) -> Result<JsValue, JsError> {
        let object = js_sys::Object::new();
        for (name, value) in self.0.tags() {
            js_sys::Reflect::set(&object, &JsValue::from_str(name), &JsValue::from_str(value))
                .map_err(|_| JsError::internal("internal error: tags"))?;
        }
        Ok(object.into())
    }
}

impl WasmSession {
    pub fn from_text(text: &str) -> Result<WasmSession, JsError> {
        Session::from_text(text)
            .map(|(s, _)| WasmSession(s))
            .map_err(js_error)
    }

    pub fn to_text(&self, tags: &[(String, String)]) -> Result<String, JsError> {
        self.0.to_text(tags).map_err(js_error)
    }
}

/// A text file argument: as `text_arg`, up to the longest text file.
fn long_text_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        if text.length() as usize > MAX_TEXT_LEN {
            return Err(JsError::new(&format!(
                "{name} is too long (at least {} bytes; at most {MAX_TEXT_LEN})",
                text.length()
            )));
        }
    }
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("{name} must be a string (got {})", js_kind(value))))
}

/// `{ Name: "value", … }` as header tags, in the object's order; strings only.
fn tags_from_js(value: &JsValue) -> Result<Vec<(String, String)>, JsError> {
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(JsError::new(&format!(
            "the tags must be an object (got {})",
            js_kind(value)
        )));
    }
    let entries = object_entries(value).map_err(|thrown| {
        JsError::new(&format!(
            "the tags could not be read ({})",
            shorten(&thrown_text(&thrown))
        ))
    })?;
    // Checked before the tags are copied; the same limit, in the same words, as the writer's.
    if let Some(problem) = tag_count_problem(entries.length() as usize) {
        return Err(JsError::new(&problem));
    }
    let mut tags = Vec::new();
    for entry in entries.iter() {
        let pair: js_sys::Array = entry.unchecked_into();
        let name = short_string(&pair.get(0)).unwrap_or_default();
        let Some(value) = short_string(&pair.get(1)) else {
            return Err(JsError::new(&format!(
                "the tag {} must be a string",
                shorten(&name)
            )));
        };
        tags.push((name, value));
    }
    Ok(tags)
}
