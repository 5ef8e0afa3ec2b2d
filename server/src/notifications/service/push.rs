//! A member's browsers for web push and their night-time consent. A subscription names an
//! endpoint at a push service and the browser's keys; the server only ever posts to the push
//! services it knows (`push::allowed_endpoint`), so a member cannot make it post elsewhere.

use crate::entities::{member_consents, push_subscriptions};
use crate::http::error::{ApiError, ApiResult};
use crate::push::{self, Consent};
use crate::state::AppState;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use utoipa::ToSchema;

/// A browser the member turned push on in.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Browser {
    pub id: i64,
    /// The push service's address for it (the browser compares it with its own).
    pub endpoint: String,
    /// When it was turned on (RFC 3339, UTC).
    pub created_at: String,
}

/// The member's answer to the night-time consent, with its date.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentAnswer {
    pub granted: bool,
    /// When the member answered (RFC 3339, UTC).
    pub at: String,
}

/// What the push settings show.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSettings {
    /// The site's VAPID public key (base64url): a browser subscribes with it.
    pub public_key: String,
    pub browsers: Vec<Browser>,
    /// Pushes between 21:00 and 08:00 KST; `null`: never answered (they wait until 08:00).
    pub night: Option<ConsentAnswer>,
}

pub async fn settings(state: &AppState, member_id: i64) -> ApiResult<PushSettings> {
    let browsers = push::subscriptions_of(&state.db, member_id)
        .await?
        .into_iter()
        .map(|row| Browser {
            id: row.id,
            endpoint: row.endpoint,
            created_at: row.created_at.to_rfc3339(),
        })
        .collect();
    let night = push::consent_of(&state.db, member_id, Consent::NightPush)
        .await?
        .map(|row| ConsentAnswer {
            granted: row.granted,
            at: row.created_at.to_rfc3339(),
        });
    Ok(PushSettings {
        public_key: state.pusher.vapid.public_key().to_string(),
        browsers,
        night,
    })
}

/// Turns push on for the browser that subscribed at `endpoint`. A browser belongs to one
/// member at a time: the endpoint of a browser someone else signed in on before moves to
/// this member, with new keys.
pub async fn subscribe(
    state: &AppState,
    member_id: i64,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
) -> ApiResult<PushSettings> {
    if endpoint.len() > 1000 || !push::allowed_endpoint(endpoint, &state.pusher.services) {
        return Err(ApiError::bad_request(
            "endpoint: not the address of a push service this site sends to",
        ));
    }
    let key_ok = URL_SAFE_NO_PAD
        .decode(p256dh)
        .ok()
        .is_some_and(|bytes| web_push_native::p256::PublicKey::from_sec1_bytes(&bytes).is_ok());
    if !key_ok {
        return Err(ApiError::bad_request(
            "keys.p256dh: not the browser's P-256 public key (base64url)",
        ));
    }
    if URL_SAFE_NO_PAD.decode(auth).map(|bytes| bytes.len()) != Ok(16) {
        return Err(ApiError::bad_request(
            "keys.auth: not the browser's 16-byte secret (base64url)",
        ));
    }
    let added =
        push::add_subscription(&state.db, member_id, endpoint, p256dh, auth, Utc::now()).await?;
    if added == push::Added::Full {
        return Err(ApiError::bad_request(format!(
            "push is on in {} browsers already, the most one member may have: turn it off in one first",
            push::MAX_SUBSCRIPTIONS
        )));
    }
    settings(state, member_id).await
}

/// Turns push off for the member's browser at `endpoint` (another member's browser is left as
/// it is).
pub async fn unsubscribe(
    state: &AppState,
    member_id: i64,
    endpoint: &str,
) -> ApiResult<PushSettings> {
    push_subscriptions::Entity::delete_many()
        .filter(push_subscriptions::Column::Endpoint.eq(endpoint))
        .filter(push_subscriptions::Column::MemberId.eq(member_id))
        .exec(&state.db)
        .await?;
    settings(state, member_id).await
}

/// Records the member's answer to the night-time consent, dated now (an answer equal to the
/// standing one adds nothing).
pub async fn answer_night(
    state: &AppState,
    member_id: i64,
    granted: bool,
) -> ApiResult<PushSettings> {
    let standing = push::consent_of(&state.db, member_id, Consent::NightPush).await?;
    if standing.map(|row| row.granted) != Some(granted) {
        member_consents::Entity::insert(member_consents::ActiveModel {
            member_id: Set(member_id),
            purpose: Set(Consent::NightPush.as_str().into()),
            granted: Set(granted),
            created_at: Set(Utc::now()),
            ..Default::default()
        })
        .exec_without_returning(&state.db)
        .await?;
    }
    settings(state, member_id).await
}
