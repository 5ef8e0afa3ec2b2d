//! The WebAuthn library's side of passkeys: the relying party (the site's public address),
//! the ceremonies in flight kept in `webauthn_ceremonies` for every process behind the
//! address, and a credential's stored record.

use crate::entities::webauthn_ceremonies as ceremonies;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::tokens::hash_token;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use webauthn_rp::bin::{Decode, Encode};
use webauthn_rp::request::register::UserHandle16;
use webauthn_rp::request::{AsciiDomain, RpId};
use webauthn_rp::response::register::{CompressedPubKey, DynamicState, StaticState};
use webauthn_rp::response::{AuthTransports, SentChallenge};

/// How long a ceremony waits for the browser: the library's own time-out (five minutes).
const CEREMONY_MINUTES: i64 = 5;

/// What a ceremony is for; a ceremony begun for one purpose does not finish another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Adding a passkey on my page.
    Register,
    /// Signing in with a passkey alone, nothing typed.
    SignIn,
    /// The second step of a sign-in that began with a password.
    SecondStep,
    /// "Confirm it's you" before what cannot be undone.
    Proof,
}

impl Purpose {
    fn kind(self) -> &'static str {
        match self {
            Purpose::Register => "REGISTER",
            Purpose::SignIn => "SIGN_IN",
            Purpose::SecondStep => "SECOND_STEP",
            Purpose::Proof => "PROOF",
        }
    }
}

/// The relying party: the RP ID (the public address's host) and the one origin accepted.
pub(super) struct Party {
    pub rp_id: RpId,
    pub origin: String,
}

impl Party {
    /// The party of the site's public address (`TIDEMARK_PUBLIC_URL`). Browsers take passkeys
    /// only for a domain name (`localhost` included), never for an IP address.
    pub fn of(state: &AppState) -> ApiResult<Party> {
        let origin = state.settings.public_url.trim_end_matches('/').to_string();
        let host = origin
            .split_once("://")
            .map(|(_, rest)| rest)
            .and_then(|rest| rest.split(['/', ':']).next())
            .unwrap_or_default();
        let is_domain =
            !host.is_empty() && host.parse::<std::net::IpAddr>().is_err() && !host.starts_with('[');
        let rp_id = is_domain
            .then(|| AsciiDomain::try_from(host.to_ascii_lowercase()).ok())
            .flatten()
            .ok_or_else(|| {
                ApiError::Conflict(
                    "passkeys need the site's public address to be a domain name \
                     (TIDEMARK_PUBLIC_URL), not an IP address"
                        .into(),
                )
            })?;
        Ok(Party {
            rp_id: RpId::Domain(rp_id),
            origin,
        })
    }
}

/// Keeps a ceremony's state for whichever process the browser's answer reaches, under the
/// hash of its challenge; the expired ones of every member go at the same time.
pub(super) async fn keep(
    state: &AppState,
    purpose: Purpose,
    member_id: Option<i64>,
    challenge: SentChallenge,
    server_state: Vec<u8>,
) -> ApiResult<()> {
    let now = Utc::now();
    ceremonies::Entity::delete_many()
        .filter(ceremonies::Column::ExpiresAt.lt(now))
        .exec(&state.db)
        .await?;
    ceremonies::ActiveModel {
        ceremony_hash: Set(challenge_key(challenge)),
        member_id: Set(member_id),
        kind: Set(purpose.kind().into()),
        state: Set(URL_SAFE_NO_PAD.encode(server_state)),
        expires_at: Set(now + Duration::minutes(CEREMONY_MINUTES)),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(())
}

/// Takes the ceremony of `challenge` begun for `purpose` (and for `member_id`, when it was
/// begun by a member): its state, once. Of two answers to one challenge one finishes; the row
/// goes in one DELETE, so the other finds none, on any process.
pub(super) async fn take(
    state: &AppState,
    purpose: Purpose,
    member_id: Option<i64>,
    challenge: SentChallenge,
) -> ApiResult<Vec<u8>> {
    let expired =
        || ApiError::Unauthorized("the passkey request has expired or was used: try again".into());
    let row = ceremonies::Entity::find()
        .filter(ceremonies::Column::CeremonyHash.eq(challenge_key(challenge)))
        .filter(ceremonies::Column::Kind.eq(purpose.kind()))
        .one(&state.db)
        .await?
        .filter(|row| row.member_id == member_id && row.expires_at > Utc::now())
        .ok_or_else(expired)?;
    let taken = ceremonies::Entity::delete_many()
        .filter(ceremonies::Column::Id.eq(row.id))
        .exec(&state.db)
        .await?;
    if taken.rows_affected != 1 {
        return Err(expired());
    }
    URL_SAFE_NO_PAD
        .decode(row.state)
        .map_err(|_| ApiError::internal("a passkey ceremony's state"))
}

fn challenge_key(challenge: SentChallenge) -> String {
    hash_token(&challenge.0.to_string())
}

/// A passkey as stored (`passkeys.credential`): the handle the browser knows the member by,
/// the public key with its algorithm, and the signature counter and flags the library
/// checks at each use. Base64url, as the library encodes them.
#[derive(Serialize, Deserialize)]
pub(super) struct Record {
    user: String,
    key: String,
    state: String,
    /// How the browser reached the authenticator (USB, NFC, the device itself…), as the
    /// library encodes the set: given back to browsers with the passkey's id.
    #[serde(default)]
    transports: u8,
}

/// A stored key, as the library reads it back.
pub(super) type StoredKey = StaticState<CompressedPubKey<[u8; 32], [u8; 32], [u8; 48], Vec<u8>>>;

impl Record {
    pub fn new(
        user: &UserHandle16,
        key: Vec<u8>,
        dynamic: DynamicState,
        transports: AuthTransports,
    ) -> Record {
        let user = user.encode().unwrap_or_else(|never| match never {});
        let dynamic = dynamic.encode().unwrap_or_else(|never| match never {});
        Record {
            user: URL_SAFE_NO_PAD.encode(user),
            key: URL_SAFE_NO_PAD.encode(key),
            state: URL_SAFE_NO_PAD.encode(dynamic),
            transports: transports.encode().unwrap_or_else(|never| match never {}),
        }
    }

    pub fn transports(&self) -> AuthTransports {
        AuthTransports::decode(self.transports)
            .or_else(|_| AuthTransports::decode(0))
            .expect("no transport is a set")
    }

    pub fn read(text: &str) -> ApiResult<Record> {
        serde_json::from_str(text).map_err(|_| ApiError::internal("a stored passkey"))
    }

    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("a passkey record serializes")
    }

    pub fn user(&self) -> ApiResult<UserHandle16> {
        let bytes: [u8; 16] = bytes_of(&self.user)?
            .try_into()
            .map_err(|_| ApiError::internal("a stored passkey's user handle"))?;
        Ok(UserHandle16::decode(bytes).unwrap_or_else(|never| match never {}))
    }

    pub fn key(&self) -> ApiResult<StoredKey> {
        StoredKey::decode(bytes_of(&self.key)?.as_slice())
            .map_err(|_| ApiError::internal("a stored passkey's key"))
    }

    pub fn dynamic(&self) -> ApiResult<DynamicState> {
        let bytes: [u8; 7] = bytes_of(&self.state)?
            .try_into()
            .map_err(|_| ApiError::internal("a stored passkey's counter"))?;
        DynamicState::decode(bytes).map_err(|_| ApiError::internal("a stored passkey's counter"))
    }

    /// The record after a use moved its counter or flags.
    pub fn with_dynamic(mut self, dynamic: DynamicState) -> Record {
        let dynamic = dynamic.encode().unwrap_or_else(|never| match never {});
        self.state = URL_SAFE_NO_PAD.encode(dynamic);
        self
    }
}

fn bytes_of(text: &str) -> ApiResult<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|_| ApiError::internal("a stored passkey"))
}

/// A credential id as the `passkeys` table keeps it: base64url without padding.
pub(super) fn credential_key(raw_id: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(raw_id)
}
