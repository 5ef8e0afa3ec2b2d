//! sitemap.xml (an index of sitemaps of at most 10,000 addresses each), RSS 2.0 feeds of the
//! latest posts (all, per category, per business) and robots.txt. They list public posts
//! only: a scheduled post shows up at its time, not before.

mod routes;
mod service;

use crate::state::AppState;
use axum::routing::get;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(routes::robots))
        .route("/sitemap.xml", get(routes::sitemap_index))
        .route("/sitemaps/{name}", get(routes::sitemap))
        .route("/rss.xml", get(routes::feed_all))
        .route("/rss/category/{file}", get(routes::feed_category))
        .route("/rss/business/{file}", get(routes::feed_business))
}
