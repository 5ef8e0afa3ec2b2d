//! What every handler can reach ([`AppState`]), and this process as the others on the
//! database know it ([`Node`]). How a change reaches every process is `crate::sync`'s.

use crate::http::limits::RateLimits;
use crate::outbox::Mailer;
use crate::settings::Settings;
use crate::tokens::TokenKeys;
use sea_orm::DatabaseConnection;
use std::sync::atomic::{AtomicBool, AtomicI64};
use std::sync::Arc;
use tokio::sync::Notify;

/// What every handler can reach: one shared [`Shared`], so handing it to a handler is one
/// reference count, not one per part (a kept answer's whole request clones it several times;
/// a dozen counts shared between the cores took 3% of a list's answer).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }

    /// Where the links of this site's notice mails lead, signed with its token secret.
    pub fn notice_links(&self) -> crate::fanout::Links<'_> {
        crate::fanout::Links {
            public_url: &self.settings.public_url,
            keys: &self.tokens,
        }
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The parts of [`AppState`].
pub struct Shared {
    pub db: DatabaseConnection,
    /// The embedded database's reads on the asking thread (`None` on PostgreSQL): the
    /// statements of a reader's miss.
    pub direct: Option<Arc<crate::db::direct::DirectReads>>,
    pub settings: Arc<Settings>,
    pub tokens: Arc<TokenKeys>,
    pub limits: Arc<RateLimits>,
    pub mailer: Arc<Mailer>,
    /// Web push: the VAPID key and the client that posts to push services.
    pub pusher: Arc<crate::push::sender::Pusher>,
    pub storage: Arc<dyn crate::storage::Storage>,
    pub search: Arc<crate::search_index::SearchIndex>,
    pub events: crate::event_sink::EventSink,
    /// The public posts in memory, with their list orderings and cached pages.
    pub catalog: Arc<crate::catalog::Catalog>,
    /// This process among the others on the database: its name and where it stands in the
    /// change log.
    pub node: Arc<Node>,
    /// Whether the database can be reached (`/ready`, and writes refused at once while not).
    pub reach: Arc<crate::db::reach::Reach>,
}

/// This server process, as the change log and the job claims know it.
pub struct Node {
    /// A name of its own for this run (a new one at every start).
    pub id: String,
    /// The name of its data folder (kept in the folder): its heartbeat's, so a process
    /// restarted on the same folder after a crash takes its own place rather than counting as
    /// another process.
    pub folder: String,
    /// The change log's position applied here.
    pub applied: AtomicI64,
    /// True once the change log, as it stood when the process started, has been applied.
    pub caught_up: AtomicBool,
    /// Wakes the change follower (a PostgreSQL notification, or a test).
    pub wake: Notify,
    /// When this process started (its heartbeat says it).
    pub started_at: chrono::DateTime<chrono::Utc>,
}

impl Node {
    pub fn new(folder: String) -> Node {
        Node {
            id: uuid::Uuid::new_v4().simple().to_string(),
            folder,
            applied: AtomicI64::new(0),
            caught_up: AtomicBool::new(false),
            wake: Notify::new(),
            started_at: chrono::Utc::now(),
        }
    }
}

impl axum::extract::FromRef<AppState> for Arc<Settings> {
    fn from_ref(state: &AppState) -> Self {
        state.settings.clone()
    }
}
