//! The `Session` methods for the game tree and its notes (docs/ENGINE-API.md): moving to a
//! node or a sibling, promoting and deleting variations, comments, glyphs and drawings.
//! Also the text file's exports. Arguments are checked as everywhere in this layer (see
//! `mod.rs`).

use super::{
    count_arg, js_error, js_kind, object_entries, short_string, text_arg, thrown_text, JsError,
    WasmSession,
};
use crate::game::shorten;
use crate::session::text::{MAX_TAGS, MAX_TEXT_LEN};
use crate::session::{NodeId, Session};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(js_class = Session)]
impl WasmSession {
    /// Shows node `id` (an id from `view().tree`), on the line through it.
    #[wasm_bindgen(js_name = goToNode)]
    pub fn go_to_node_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<(), JsError> {
        self.go_to_node(count_arg(&id, "the node id")?)
    }

    /// Shows the next variation of the step shown (the sibling after it); false if none.
    #[wasm_bindgen(js_name = nextSibling)]
    pub fn next_sibling(&mut self) -> bool {
        self.0.go_to_sibling(1)
    }

    /// Shows the previous variation of the step shown (the sibling before it); false if none.
    #[wasm_bindgen(js_name = prevSibling)]
    pub fn prev_sibling(&mut self) -> bool {
        self.0.go_to_sibling(-1)
    }

    /// Makes the variation holding node `id` its parent's main continuation.
    #[wasm_bindgen(js_name = promote)]
    pub fn promote_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<(), JsError> {
        self.promote(count_arg(&id, "the node id")?)
    }

    /// Deletes node `id` and every step after it.
    #[wasm_bindgen(js_name = deleteVariation)]
    pub fn delete_variation_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<(), JsError> {
        self.delete_variation(count_arg(&id, "the node id")?)
    }

    /// Sets the comment of node `id` (0: the start); "" removes it.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsError> {
        self.set_comment(
            count_arg(&id, "the node id")?,
            &text_arg(&text, "the comment")?,
        )
    }

    /// Sets the glyph of node `id`: "!", "?", "!!", "??", "!?", "?!", or "" to remove it.
    #[wasm_bindgen(js_name = setGlyph)]
    pub fn set_glyph_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] glyph: JsValue,
    ) -> Result<(), JsError> {
        self.set_glyph(
            count_arg(&id, "the node id")?,
            &text_arg(&glyph, "the glyph")?,
        )
    }

    /// Draws an arrow from cell `from` to cell `to` on node `id`, or removes it.
    #[wasm_bindgen(js_name = toggleArrow)]
    pub fn toggle_arrow_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
    ) -> Result<(), JsError> {
        self.toggle_arrow(
            count_arg(&id, "the node id")?,
            count_arg(&from, "the arrow's first cell")?,
            count_arg(&to, "the arrow's second cell")?,
        )
    }

    /// Circles `cell` on node `id`, or removes the circle.
    #[wasm_bindgen(js_name = toggleCircle)]
    pub fn toggle_circle_js(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
    ) -> Result<(), JsError> {
        self.toggle_circle(
            count_arg(&id, "the node id")?,
            count_arg(&cell, "the cell")?,
        )
    }
}

/// The same methods for Rust callers (the tests), with Rust types.
impl WasmSession {
    pub fn go_to_node(&mut self, id: NodeId) -> Result<(), JsError> {
        self.0.go_to_node(id).map_err(js_error)
    }

    pub fn promote(&mut self, id: NodeId) -> Result<(), JsError> {
        self.0.promote(id).map_err(js_error)
    }

    pub fn delete_variation(&mut self, id: NodeId) -> Result<(), JsError> {
        self.0.delete_variation(id).map_err(js_error)
    }

    pub fn set_comment(&mut self, id: NodeId, text: &str) -> Result<(), JsError> {
        self.0.set_comment(id, text).map_err(js_error)
    }

    pub fn set_glyph(&mut self, id: NodeId, glyph: &str) -> Result<(), JsError> {
        self.0.set_glyph(id, glyph).map_err(js_error)
    }

    pub fn toggle_arrow(&mut self, id: NodeId, from: usize, to: usize) -> Result<(), JsError> {
        self.0.toggle_arrow(id, from, to).map_err(js_error)
    }

    pub fn toggle_circle(&mut self, id: NodeId, cell: usize) -> Result<(), JsError> {
        self.0.toggle_circle(id, cell).map_err(js_error)
    }
}

/// The text file's exports: reading one, writing one with header tags.
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
                "{name} is too long ({} characters; at most {MAX_TEXT_LEN})",
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
    if entries.length() as usize > MAX_TAGS {
        return Err(JsError::new(&format!("at most {MAX_TAGS} tags")));
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
