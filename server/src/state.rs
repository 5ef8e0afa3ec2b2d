//! What every handler can reach.

use crate::http::limits::RateLimits;
use crate::mail::Mailer;
use crate::tokens::TokenKeys;
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
    pub storage: Arc<dyn crate::storage::Storage>,
    pub search: Arc<crate::index::SearchIndex>,
    pub events: crate::events::EventSink,
    /// The public posts in memory, with their list orderings and cached pages.
    pub catalog: Arc<crate::catalog::Catalog>,
}

impl AppState {
    /// Something public changed (a business's name, a collection, a count): the catalogue's
    /// cached pages go.
    pub fn catalog_changed(&self) {
        self.catalog.invalidate();
    }

    /// After a post's row changed: the event intake, the catalogue, the cached pages and the
    /// search index follow.
    pub async fn post_changed(&self, id: i64) {
        // The event intake's post cache forgets it, so a hidden post stops collecting events now.
        self.events.forget_post(id);
        if let Err(error) = self.catalog.sync_post(&self.db, id).await {
            tracing::warn!(%error, post = id, "catalogue: post not synced; the next reload brings it");
        }
        if let Err(error) = self.search.sync_post(&self.db, id).await {
            tracing::warn!(%error, post = id, "search index: post not synced");
        }
    }
}

impl axum::extract::FromRef<AppState> for Arc<Settings> {
    fn from_ref(state: &AppState) -> Self {
        state.settings.clone()
    }
}
