//! The JavaScript surface: every `#[wasm_bindgen]` item of the crate lives in this module,
//! one file per area of the UI it serves.
//!
//! Decisions come back as plain objects (typed in the TypeScript section, `types.rs`); a caller
//! that breaks a contract gets a real `Error` with a `code` property. Names are camelCase.

mod analytics;
mod formatting;
mod forms;
mod input;
mod routes;
mod session;
mod signin;
mod types;
mod writing;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}
