//! Small pieces every layer may use and that use nothing of the server: HTML escaping,
//! Korean time, id lists for `IN` and query strings, fixed word lists as enums, the
//! cryptography of outgoing HTTPS. Nothing here imports a module above it.

pub mod html;
pub mod ids;
pub mod kst;
pub mod names;
pub mod schema;
pub mod tls;
pub mod url;
