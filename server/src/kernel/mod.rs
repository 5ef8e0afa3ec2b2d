//! Small pieces every layer may use and that use nothing of the server: HTML escaping,
//! Korean time and id lists for `IN`. Nothing here imports a module above it.

pub mod html;
pub mod ids;
pub mod kst;
