//! What every handler can reach.

use crate::auth::tokens::TokenKeys;
use crate::limits::RateLimits;
use crate::mail::Mailer;
use crate::Settings;
use sea_orm::DatabaseConnection;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Arc<Settings>,
    pub tokens: Arc<TokenKeys>,
    pub limits: Arc<RateLimits>,
    pub mailer: Arc<Mailer>,
    pub storage: Arc<dyn crate::media::Storage>,
    pub search: Arc<crate::search::SearchIndex>,
    pub events: crate::analytics::events::EventSink,
    /// The public posts in memory, with their list orderings and cached pages.
    pub catalog: Arc<crate::content::Catalog>,
}
