//! Tidemark's client rules.
//!
//! Every decision the web client makes lives here as a plain Rust function or type: no I/O,
//! no clock (time is an argument), no globals. The UI calls these through the WebAssembly
//! bindings in `bindings` (compiled only for `wasm32`); the server links the same crate
//! natively so both sides apply the very same validators.

pub mod analytics;
pub mod blocks;
pub mod breadcrumbs;
pub mod business;
pub mod calendar;
pub mod certify;
pub mod cookies;
pub mod device;
pub mod embed;
pub mod empty;
pub mod error_screen;
pub mod filter;
pub mod format;
pub mod headers;
pub mod i18n;
pub mod korean;
pub mod markup;
pub mod nickname;
pub mod oauth;
pub mod password;
pub mod reading;
pub mod route;
pub mod signin;
pub mod sort;
pub mod strip;
pub mod throttle;
pub mod writing;

mod fault;
pub use fault::Fault;

#[cfg(target_arch = "wasm32")]
mod bindings;
