//! The demo content of the embedded default.

use crate::state::AppState;

/// Fills an empty database with the demo content (demo mode only).
pub async fn fill(_state: &AppState) -> Result<(), String> {
    Ok(())
}
