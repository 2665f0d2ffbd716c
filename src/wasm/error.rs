//! What the exports throw: a JS `Error` with the engine's message and a `kind` property
//! saying what went wrong (`LudusError` in the TypeScript definitions), so that a caller can
//! tell a bad step from a bad record without reading the words.

use crate::game::{Error, ErrorKind};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const ERROR_TYPES: &str = r#"
/**
 * The kind of a thrown `LudusError`: the engine's kinds (`ErrorKind`), and two of the
 * export layer's own: "argument" (a value of the wrong type or size was passed) and
 * "internal" (a view could not be handed over; a bug).
 */
export type LudusErrorKind = ErrorKind | "argument" | "internal";

/** Every export throws a `LudusError`: an `Error` whose message is meant for a person. */
export interface LudusError extends Error {
  kind: LudusErrorKind;
}
"#;

/// A JS `Error` with a `kind`, as the exports return it (wasm-bindgen throws it).
#[derive(Debug)]
pub struct JsError(JsValue);

impl JsError {
    /// An error the export layer finds in an argument itself (kind "argument").
    pub fn new(message: &str) -> JsError {
        JsError::with_kind(message, "argument")
    }

    /// A refused option or setting found by the export layer (kind "options").
    pub fn options(message: &str) -> JsError {
        JsError::with_kind(message, ErrorKind::Options.name())
    }

    /// A value that could not be handed to JS (kind "internal").
    pub fn internal(message: &str) -> JsError {
        JsError::with_kind(message, "internal")
    }

    fn with_kind(message: &str, kind: &str) -> JsError {
        let error = js_sys::Error::new(message);
        // Setting a property on a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("kind"), &JsValue::from_str(kind));
        JsError(error.into())
    }
}

impl From<Error> for JsError {
    fn from(e: Error) -> JsError {
        JsError::with_kind(e.message(), e.kind().name())
    }
}

impl From<JsError> for JsValue {
    fn from(e: JsError) -> JsValue {
        e.0
    }
}
