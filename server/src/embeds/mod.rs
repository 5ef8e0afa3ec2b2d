//! Embeds: a link a writer pastes, made into a video block or a link card
//! (`POST /api/v1/embeds`). A video's player comes from the core's providers
//! (`tidemark_core::embed`), its title and thumbnail from the provider's oEmbed; a card's
//! title, text, picture and site from the page's Open Graph tags ([`open_graph`]). Pictures are
//! fetched once, here, and kept as the business's uploads: the body stores the card or the
//! video with them, so nothing is fetched when a reader opens the post (docs/media.md).

pub mod open_graph;
mod routes;
mod service;

pub use routes::router;
pub use service::{Embed, LinkCard, VideoEmbed};
