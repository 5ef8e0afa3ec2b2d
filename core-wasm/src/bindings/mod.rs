//! The JavaScript surface: every `#[wasm_bindgen]` item of the crate lives in this module,
//! one file per area it serves.
//!
//! The package has two entries, each its own WebAssembly module, built from this crate with
//! different features: `tidemark-core` (feature `app`, the default: every rule the app asks
//! for) and `tidemark-core/korean` (feature `korean`: the Korean search helpers alone, so a
//! page that does not filter Korean text as it is typed does not load them).
//!
//! Decisions come back as plain objects (typed in the TypeScript section, `types.rs`); a caller
//! that breaks a contract gets a real `Error` with a `code` property. Names, parameters
//! included, are camelCase.

#[cfg(feature = "app")]
mod analytics;
#[cfg(feature = "app")]
mod formatting;
#[cfg(feature = "app")]
mod forms;
#[cfg(feature = "app")]
mod input;
#[cfg(feature = "korean")]
mod korean;
#[cfg(feature = "app")]
mod routes;
#[cfg(feature = "app")]
mod session;
#[cfg(feature = "app")]
mod signin;
#[cfg(feature = "app")]
mod types;
#[cfg(feature = "app")]
mod writing;
