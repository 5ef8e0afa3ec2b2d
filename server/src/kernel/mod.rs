//! Small pieces every layer may use and that use nothing of the server: HTML escaping and
//! Korean time. Nothing here imports a module above it.

pub mod html;
pub mod kst;
