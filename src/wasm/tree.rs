//! The `Session` methods for the game tree and its notes (docs/ENGINE-API.md): moving to a
//! node or a sibling, promoting and deleting variations, comments, glyphs and drawings.
//! Arguments are checked as everywhere in this layer (see `mod.rs`).

use super::{count_arg, js_error, text_arg, JsError, WasmSession};
use crate::session::NodeId;
use wasm_bindgen::prelude::*;

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
