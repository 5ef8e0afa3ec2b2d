//! Search over contents and businesses (tantivy), suggestions and popular searches
//! (PRODUCT "Search"). The index is derived data: it follows every write and can be rebuilt
//! from the database.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub struct SearchIndex {}

impl SearchIndex {
    /// Opens (or creates) the index of these settings.
    pub fn open(_settings: &crate::Settings) -> Result<Self, String> {
        Ok(SearchIndex {})
    }

    /// Brings the post's entry in line with the database: added, replaced, or removed when
    /// the post is not public.
    pub async fn sync_post(
        &self,
        _db: &sea_orm::DatabaseConnection,
        _post_id: i64,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Brings the business's entry (and the business name on its posts) in line with the
    /// database.
    pub async fn sync_business(
        &self,
        _db: &sea_orm::DatabaseConnection,
        _business_id: i64,
    ) -> Result<(), String> {
        Ok(())
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
