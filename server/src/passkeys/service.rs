//! Passkeys (docs/security.md, "Passkeys"): a member's list on my page, adding one after a
//! recent check, naming and removing one; and the assertions that sign in, finish a sign-in's
//! second step or confirm it's you, each checked by the WebAuthn library against the key
//! stored, the ceremony taken once.

use super::party::{self, credential_key, Party, Purpose, Record};
use crate::auth::session::Checked;
use crate::auth::{session, AuthUser};
use crate::entities::passkeys;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::two_step::service::record;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use webauthn_rp::bin::{Decode, Encode};
use webauthn_rp::request::auth::AuthenticationVerificationOptions;
use webauthn_rp::request::register::{
    CredProtect, Nickname, PublicKeyCredentialUserEntity, RegistrationVerificationOptions,
    UserHandle16, Username,
};
use webauthn_rp::request::{PublicKeyCredentialDescriptor, TimedCeremony};
use webauthn_rp::response::CredentialId;
use webauthn_rp::{
    AuthenticatedCredential, DiscoverableAuthentication16, DiscoverableAuthenticationServerState,
    DiscoverableCredentialRequestOptions, PublicKeyCredentialCreationOptions, Registration,
    RegistrationServerState,
};

/// Passkeys a member may keep: one for each device and a spare, with room to spare.
const MOST_PASSKEYS: u64 = 10;
/// The longest name of a passkey (the column's length).
const NAME_CHARS: usize = 60;

/// A passkey on my page: the member's name for it and its dates, never its key.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PasskeyItem {
    id: i64,
    name: String,
    added_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
}

impl From<passkeys::Model> for PasskeyItem {
    fn from(row: passkeys::Model) -> Self {
        PasskeyItem {
            id: row.id,
            name: row.name,
            added_at: row.created_at,
            last_used_at: row.last_used_at,
        }
    }
}

/// What the browser is asked: `PublicKeyCredentialCreationOptionsJSON` or
/// `PublicKeyCredentialRequestOptionsJSON`, for `PublicKeyCredential.parse…FromJSON`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyOptions {
    #[schema(value_type = Object)]
    public_key: Value,
}

async fn of_member(state: &AppState, member_id: i64) -> ApiResult<Vec<passkeys::Model>> {
    Ok(passkeys::Entity::find()
        .filter(passkeys::Column::MemberId.eq(member_id))
        .order_by_asc(passkeys::Column::Id)
        .all(&state.db)
        .await?)
}

pub(super) async fn list(state: &AppState, member_id: i64) -> ApiResult<Vec<PasskeyItem>> {
    Ok(of_member(state, member_id)
        .await?
        .into_iter()
        .map(PasskeyItem::from)
        .collect())
}

/// Whether the member has a passkey (a sign-in's second step may then take one).
pub async fn has_passkey(state: &AppState, member_id: i64) -> ApiResult<bool> {
    Ok(passkeys::Entity::find()
        .filter(passkeys::Column::MemberId.eq(member_id))
        .count(&state.db)
        .await?
        > 0)
}

/// Begins adding a passkey, after a recent check: the browser's creation options. The
/// member's passkeys share one user handle (the browser keeps one entry for the account),
/// and the ones it has are excluded (the same authenticator is not added twice).
pub(super) async fn start_adding(state: &AppState, user: &AuthUser) -> ApiResult<PasskeyOptions> {
    session::require_recent_check(state, user).await?;
    let party = Party::of(state)?;
    let mine = of_member(state, user.member.id).await?;
    if mine.len() as u64 >= MOST_PASSKEYS {
        return Err(ApiError::Conflict(format!(
            "a member keeps at most {MOST_PASSKEYS} passkeys: remove one first"
        )));
    }
    let handle = match mine.first() {
        Some(first) => Record::read(&first.credential)?.user()?,
        None => UserHandle16::new(),
    };
    let mut exclude = Vec::with_capacity(mine.len());
    for row in &mine {
        let id = URL_SAFE_NO_PAD
            .decode(&row.credential_id)
            .ok()
            .and_then(|id| CredentialId::<Vec<u8>>::decode(id).ok())
            .ok_or_else(|| ApiError::internal("a stored passkey's id"))?;
        let transports = Record::read(&row.credential)?.transports();
        exclude.push(PublicKeyCredentialDescriptor { id, transports });
    }
    let email = user.member.email.clone().unwrap_or_default();
    let fallback = format!("member-{}", user.member.id);
    let name = Username::try_from(email.as_str())
        .or_else(|_| Username::try_from(fallback.as_str()))
        .map_err(ApiError::internal)?;
    let display = user
        .member
        .nickname
        .as_deref()
        .and_then(|nickname| Nickname::try_from(nickname).ok());
    let entity = PublicKeyCredentialUserEntity {
        name,
        id: &handle,
        display_name: display,
    };
    let mut options = PublicKeyCredentialCreationOptions::passkey(&party.rp_id, entity, exclude);
    // No credProtect demand: the browser would refuse an authenticator that lacks the
    // extension (older security keys); every assertion requires user verification anyway.
    options.extensions.cred_protect = CredProtect::None;
    let (server, client) = options.start_ceremony().map_err(ApiError::internal)?;
    let public_key = serde_json::to_value(&client).map_err(ApiError::internal)?;
    let kept = server.encode().map_err(ApiError::internal)?;
    party::keep(
        state,
        Purpose::Register,
        Some(user.member.id),
        server.sent_challenge(),
        kept,
    )
    .await?;
    Ok(PasskeyOptions { public_key })
}

/// The browser's answer is not one a browser gives.
fn not_an_answer() -> ApiError {
    ApiError::bad_request("the passkey's answer could not be read: try again")
}

/// Finishes adding a passkey with the browser's answer and the member's name for it.
pub(super) async fn finish_adding(
    state: &AppState,
    user: &AuthUser,
    name: &str,
    credential: &Value,
) -> ApiResult<PasskeyItem> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "name the passkey in 1 to {NAME_CHARS} characters"
        )));
    }
    let party = Party::of(state)?;
    let answer = serde_json::to_vec(credential).map_err(|_| not_an_answer())?;
    let registration = Registration::from_json_relaxed(&answer).map_err(|_| not_an_answer())?;
    let challenge = registration
        .challenge_relaxed()
        .map_err(|_| not_an_answer())?;
    let kept = party::take(state, Purpose::Register, Some(user.member.id), challenge).await?;
    let server = RegistrationServerState::<16>::decode(kept.as_slice())
        .map_err(|_| ApiError::internal("a passkey ceremony's state"))?;
    let options = RegistrationVerificationOptions::<&str, &str> {
        allowed_origins: &[party.origin.as_str()],
        ..Default::default()
    };
    let registered = server
        .verify(&party.rp_id, &registration, &options)
        .map_err(|error| {
            tracing::info!(%error, "a passkey was not added");
            ApiError::bad_request("the passkey was not accepted: try again, or use another one")
        })?;
    let (id, transports, handle, key, dynamic, _) = registered.into_parts();
    let credential_id = credential_key(id.as_ref());
    let known = passkeys::Entity::find()
        .filter(passkeys::Column::CredentialId.eq(&credential_id))
        .count(&state.db)
        .await?;
    if known > 0 {
        return Err(ApiError::Conflict("this passkey is added already".into()));
    }
    let key = key.encode().unwrap_or_else(|never| match never {});
    let now = Utc::now();
    let row = passkeys::ActiveModel {
        member_id: Set(user.member.id),
        credential_id: Set(credential_id),
        name: Set(name.to_string()),
        credential: Set(Record::new(&handle, key, dynamic, transports).text()),
        created_at: Set(now),
        last_used_at: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    record(
        &state.db,
        user.member.id,
        "PASSKEY_ADDED",
        Some(name.to_string()),
        now,
    )
    .await?;
    Ok(row.into())
}

/// Removes one of the member's own passkeys, after a recent check (another member's answers
/// 404, as one that does not exist).
pub(super) async fn remove(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<()> {
    session::require_recent_check(state, user).await?;
    let row = passkeys::Entity::find_by_id(id)
        .filter(passkeys::Column::MemberId.eq(user.member.id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such passkey".into()))?;
    passkeys::Entity::delete_by_id(row.id)
        .exec(&state.db)
        .await?;
    record(
        &state.db,
        user.member.id,
        "PASSKEY_REMOVED",
        Some(row.name),
        Utc::now(),
    )
    .await
}

/// Begins an assertion for `purpose`: the browser's request options (no credentials listed:
/// the browser offers the member's passkeys for this site). `member_id`: the member it is
/// begun for, when signed in.
pub async fn start_assertion(
    state: &AppState,
    purpose: Purpose,
    member_id: Option<i64>,
) -> ApiResult<PasskeyOptions> {
    let party = Party::of(state)?;
    let (server, client) = DiscoverableCredentialRequestOptions::passkey(&party.rp_id)
        .start_ceremony()
        .map_err(ApiError::internal)?;
    let public_key = serde_json::to_value(&client).map_err(ApiError::internal)?;
    let kept = server.encode().map_err(ApiError::internal)?;
    party::keep(state, purpose, member_id, server.sent_challenge(), kept).await?;
    Ok(PasskeyOptions { public_key })
}

/// Checks an assertion begun for `purpose` (by `member_id`, when signed in) and answers the
/// passkey's member. `owner`: the member the passkey must be of (a second step's, a
/// confirming member's): another member's passkey is refused as an unknown one. The key's
/// counter and flags move on.
pub async fn take_assertion(
    state: &AppState,
    purpose: Purpose,
    member_id: Option<i64>,
    credential: &Value,
    owner: Option<i64>,
) -> ApiResult<i64> {
    let refused = || {
        ApiError::Unauthorized(
            "this passkey could not confirm it's you: use another one or your password".into(),
        )
    };
    let party = Party::of(state)?;
    let answer = serde_json::to_vec(credential).map_err(|_| not_an_answer())?;
    let assertion =
        DiscoverableAuthentication16::from_json_relaxed(&answer).map_err(|_| not_an_answer())?;
    let challenge = assertion.challenge_relaxed().map_err(|_| not_an_answer())?;
    let kept = party::take(state, purpose, member_id, challenge).await?;
    let server = DiscoverableAuthenticationServerState::decode(kept.as_slice())
        .map_err(|_| ApiError::internal("a passkey ceremony's state"))?;
    let row = passkeys::Entity::find()
        .filter(passkeys::Column::CredentialId.eq(credential_key(assertion.raw_id().as_ref())))
        .one(&state.db)
        .await?
        .filter(|row| owner.is_none_or(|owner| owner == row.member_id))
        .ok_or_else(refused)?;
    let stored = Record::read(&row.credential)?;
    let handle = stored.user()?;
    let mut key = AuthenticatedCredential::new(
        assertion.raw_id(),
        &handle,
        stored.key()?,
        stored.dynamic()?,
    )
    .map_err(|_| ApiError::internal("a stored passkey"))?;
    let options = AuthenticationVerificationOptions::<&str, &str> {
        allowed_origins: &[party.origin.as_str()],
        ..Default::default()
    };
    let moved = match server.verify(&party.rp_id, &assertion, &mut key, &options) {
        Ok(moved) => moved,
        Err(error) => {
            // A known passkey's answer that fails the checks: another site's page, another
            // key, a counter that went back. The member's record says so.
            tracing::info!(%error, passkey = row.id, "a passkey assertion was refused");
            record(
                &state.db,
                row.member_id,
                "PASSKEY_REFUSED",
                Some(row.name),
                Utc::now(),
            )
            .await?;
            return Err(refused());
        }
    };
    let dynamic = key.dynamic_state();
    let member = row.member_id;
    let mut update: passkeys::ActiveModel = row.into();
    update.last_used_at = Set(Some(Utc::now()));
    if moved {
        update.credential = Set(stored.with_dynamic(dynamic).text());
    }
    update.update(&state.db).await?;
    Ok(member)
}

/// "Confirm it's you" with a passkey: as a password check, counted with them, it marks this
/// session checked for the next minutes.
pub(super) async fn confirm(
    state: &AppState,
    user: &AuthUser,
    credential: &Value,
) -> ApiResult<Checked> {
    let member = user.member.id;
    session::confirm_it_is(state, user, async {
        take_assertion(
            state,
            Purpose::Proof,
            Some(member),
            credential,
            Some(member),
        )
        .await
        .map(drop)
    })
    .await
}
