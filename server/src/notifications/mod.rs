//! A member's notices (PRODUCT "Notifications"; docs/notifications.md): the bell's unread
//! count, the list of the last 90 days, read and "mark all read" (`notices`); how the member
//! hears by e-mail of each followed business, and the unsubscribe links of the mails, which
//! work without signing in (`mail`); the browsers a member turned web push on in, and their
//! night-time consent (`push`). The notices and the mails are made below the domains
//! (`fanout`: the fan-out of a post to its business's followers, the digests, the
//! one-recipient notices in the transactions of the decisions they tell of).

mod routes;
mod service;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::notices::router())
        .merge(routes::mail::router())
        .merge(routes::push::router())
}
