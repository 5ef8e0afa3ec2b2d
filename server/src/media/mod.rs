//! Uploaded files: images (checked by content, re-encoded, thumbnails) and PDF reports,
//! behind a storage interface (a folder under the data directory by default).

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// Where uploaded bytes live.
pub trait Storage: Send + Sync {}

/// A folder on the local disk.
pub struct LocalStorage {
    pub root: std::path::PathBuf,
}

impl Storage for LocalStorage {}

pub fn open_storage(settings: &crate::Settings) -> Result<std::sync::Arc<dyn Storage>, String> {
    Ok(std::sync::Arc::new(LocalStorage {
        root: settings.data_dir.join("media"),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
