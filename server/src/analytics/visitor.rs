//! Who an analytics call counts for, and how much it may send: the one gate every intake
//! (`/visit/v1`, `/click/v1`, `/api/v1/events`) passes before anything is stored.
//!
//! - The visitor is the signed-in member, else a guest id **this server issued**
//!   (`TokenKeys::verify_guest_id`: signed, at most two days old). A made-up, forged, expired
//!   or other server's guest id is no visitor: its events are not stored, so they count
//!   nowhere (views, unique readers, clicks, shares, the popular score).
//! - Limits, one cell per event: per client address ([`RateLimits::beacon_ip`], every call,
//!   counted or not) and per visitor ([`RateLimits::beacon_visitor`]). Over a limit the call
//!   answers 429 with the usual message and `Retry-After`; pages send these calls as
//!   beacons and never read the answer, so the reader sees nothing of it.
//! - While the database is away, a session cannot be checked: the events count for the
//!   guest id the call carries (every page has one), and are held until the database
//!   returns (`crate::event_sink`).

use super::device::Device;
use crate::auth::MaybeAuthUser;
use crate::event_sink::{Event, EventKind};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::cookie::CookieJar;
use chrono::Utc;

/// The guest id header, for clients that keep it outside the cookie (SPEC §6).
const GUEST_HEADER: &str = "_tma_id";

/// A visitor the counts may trust.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visitor {
    pub member_id: Option<i64>,
    /// Verified; kept beside a member too (the same person before signing in).
    pub guest_id: Option<String>,
}

/// What a call presented: its address, its session's member and the guest ids of its
/// header and cookie (not checked yet).
pub struct Sender {
    ip: String,
    member_id: Option<i64>,
    guest_ids: Vec<String>,
}

/// The outcome of [`Sender::admit`].
pub enum Admitted {
    /// Count the events for this visitor.
    Visitor(Visitor),
    /// The call named a guest id this server did not issue (or no longer counts), and no
    /// session: answer as usual, store nothing.
    Unverified,
    /// Neither a session nor any guest id.
    Nobody,
}

impl FromRequestParts<AppState> for Sender {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let ClientIp(ip) = match ClientIp::from_request_parts(parts, state).await {
            Ok(ip) => ip,
            Err(never) => match never {},
        };
        // A session is checked in the database: while it is away, the events count for the
        // guest id they carry (docs/operations.md, "When the database is away").
        let member_id = if state.reach.up() {
            MaybeAuthUser::from_request_parts(parts, state)
                .await?
                .0
                .map(|user| user.member.id)
        } else {
            None
        };
        let header = parts
            .headers
            .get(GUEST_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let cookie = CookieJar::from_headers(&parts.headers)
            .get(tidemark_core::cookies::GUEST_ID)
            .map(|c| c.value().to_string());
        Ok(Sender {
            ip,
            member_id,
            guest_ids: [header, cookie].into_iter().flatten().collect(),
        })
    }
}

impl Sender {
    /// Checks the limits for `events` events and finds the visitor they count for.
    /// `carried` are guest ids the payload itself names (the visit record's `tmaId`, the
    /// click record's `tmsId`); they come first, then the header, then the cookie, and the
    /// first one this server issued is the guest.
    pub async fn admit(
        self,
        state: &AppState,
        carried: &[Option<&str>],
        events: usize,
    ) -> ApiResult<Admitted> {
        let cells = u32::try_from(events).unwrap_or(u32::MAX);
        RateLimits::check_n(&state.limits.beacon_ip, &self.ip, cells, "analytics events").await?;
        let now = Utc::now().timestamp();
        // The iterator's closures end here, before the next wait.
        let (any_guest, guest_id) = {
            let mut presented = carried
                .iter()
                .flatten()
                .map(|id| id.trim())
                .chain(self.guest_ids.iter().map(|id| id.trim()))
                .filter(|id| !id.is_empty())
                .peekable();
            let any_guest = presented.peek().is_some();
            let guest_id = presented
                .find(|id| state.tokens.verify_guest_id(id, now))
                .map(str::to_string);
            (any_guest, guest_id)
        };
        // The limit's key is the roll-up's visitor: the member first.
        let key = match (self.member_id, &guest_id) {
            (Some(member), _) => format!("m{member}"),
            (None, Some(guest)) => format!("g{guest}"),
            (None, None) if any_guest => return Ok(Admitted::Unverified),
            (None, None) => return Ok(Admitted::Nobody),
        };
        RateLimits::check_n(
            &state.limits.beacon_visitor,
            &key,
            cells,
            "analytics events from this visitor",
        )
        .await?;
        Ok(Admitted::Visitor(Visitor {
            member_id: self.member_id,
            guest_id,
        }))
    }
}

impl Visitor {
    /// An event of this visitor, now, about nothing yet (the caller names the post).
    pub fn event(&self, kind: EventKind, device: Device, offset_minutes: i32) -> Event {
        Event {
            kind,
            post_id: None,
            business_id: None,
            member_id: self.member_id,
            guest_id: self.guest_id.clone(),
            device_type: device.device_type,
            device_os: device.device_os,
            browser: device.browser,
            offset_minutes,
            occurred_at: Utc::now(),
            detail: None,
        }
    }
}
