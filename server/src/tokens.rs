//! Access tokens (signed, 30 minutes), refresh tokens (opaque, 256 bits, stored hashed) and
//! guest ids (signed by this server, so analytics count only visitors it met).

use crate::settings::Settings;
use aes_gcm::aead::{Aead, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const ACCESS_TTL_SECS: i64 = 30 * 60;
/// Hex digits of the keyed hash a signed link carries ([`TokenKeys::sign_link`]).
pub const LINK_SIGNATURE_LEN: usize = 32;
/// token/check renews the access token when less than this is left (the client checks every 10
/// minutes, so a token never lapses between two checks).
pub const RENEW_WHEN_LEFT_SECS: i64 = 12 * 60;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    /// The member id.
    pub sub: String,
    /// The refresh-token family (one sign-in on one device).
    pub fam: i64,
    pub iat: i64,
    pub exp: i64,
    pub typ: String,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// HMAC-SHA256 keyed with a key derived from the secret for guest ids only, so a guest
    /// id's signature can never stand for any other token.
    guest: Hmac<Sha256>,
    /// HMAC-SHA256 keyed with the secret, for keyed hashes of identifiers
    /// ([`TokenKeys::pseudonym`]).
    pseudonyms: Hmac<Sha256>,
    /// AES-256-GCM keyed with a key derived from the secret, for secrets the server must read
    /// back (an authenticator app's): [`TokenKeys::seal`].
    sealing: Aes256Gcm,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        let mut derive = <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("any key length");
        derive.update(GUEST_KEY_LABEL);
        let guest_key = derive.finalize().into_bytes();
        let mut derive = <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("any key length");
        derive.update(SEALING_KEY_LABEL);
        let sealing_key = derive.finalize().into_bytes();
        Self {
            sealing: <Aes256Gcm as aes_gcm::KeyInit>::new_from_slice(&sealing_key)
                .expect("a 256-bit key"),
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            guest: <Hmac<Sha256> as KeyInit>::new_from_slice(&guest_key).expect("any key length"),
            pseudonyms: <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("any key length"),
        }
    }

    /// A keyed hash (HMAC-SHA256 with the token secret, 64 hex digits) of `value` for
    /// `purpose`: the same inputs always give the same pseudonym, and nobody without the
    /// secret can tell whose it is or make one for a given value. The purpose separates uses,
    /// so a pseudonym of one never matches one of another.
    pub fn pseudonym(&self, purpose: &str, value: &str) -> String {
        let mut mac = self.pseudonyms.clone();
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(value.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// `plain` sealed for `purpose`: `{nonce}.{ciphertext}` in base64url, a fresh 96-bit nonce
    /// each time; the purpose is authenticated with it, so a sealed value of one purpose never
    /// opens as another's. Whoever has the database but not the token secret learns nothing.
    pub fn seal(&self, purpose: &str, plain: &[u8]) -> String {
        let nonce: [u8; 12] = rand::rng().random();
        let sealed = self
            .sealing
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: plain,
                    aad: purpose.as_bytes(),
                },
            )
            .expect("AES-GCM seals any length a secret has");
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(nonce),
            URL_SAFE_NO_PAD.encode(sealed)
        )
    }

    /// What [`TokenKeys::seal`] sealed for `purpose`, or nothing when `sealed` was not sealed
    /// by this secret for this purpose (or was changed).
    pub fn open(&self, purpose: &str, sealed: &str) -> Option<Vec<u8>> {
        let (nonce, body) = sealed.split_once('.')?;
        let nonce: [u8; 12] = URL_SAFE_NO_PAD.decode(nonce).ok()?.try_into().ok()?;
        let body = URL_SAFE_NO_PAD.decode(body).ok()?;
        self.sealing
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: &body,
                    aad: purpose.as_bytes(),
                },
            )
            .ok()
    }

    /// `{body}.{signature}`: `body` signed for `purpose` (a keyed hash of [`LINK_SIGNATURE_LEN`]
    /// hex digits, 128 bits), for the links of mails and pushes, which never expire.
    pub fn sign_link(&self, purpose: &str, body: &str) -> String {
        let signature = self.pseudonym(purpose, body);
        format!("{body}.{}", &signature[..LINK_SIGNATURE_LEN])
    }

    /// The body of `token` when this server signed it for `purpose` (compared in constant
    /// time).
    pub fn verify_link<'t>(&self, purpose: &str, token: &'t str) -> Option<&'t str> {
        let (body, signature) = token.rsplit_once('.')?;
        let expected = self.pseudonym(purpose, body);
        let same = signature.len() == LINK_SIGNATURE_LEN
            && signature
                .bytes()
                .zip(expected[..LINK_SIGNATURE_LEN].bytes())
                .fold(0u8, |diff, (a, b)| diff | (a ^ b))
                == 0;
        same.then_some(body)
    }

    /// The configured secret, or in demo mode one generated once into the data folder.
    pub fn load(settings: &Settings) -> Result<Self, String> {
        if let Some(secret) = &settings.token_secret {
            return Ok(Self::from_secret(secret.as_bytes()));
        }
        let path = settings.data_dir.join("token.secret");
        let secret = match std::fs::read_to_string(&path) {
            Ok(text) if text.trim().len() >= 32 => text.trim().to_string(),
            _ => {
                std::fs::create_dir_all(&settings.data_dir)
                    .map_err(|e| format!("data folder: {e}"))?;
                let secret = random_token();
                std::fs::write(&path, &secret)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
                }
                secret
            }
        };
        Ok(Self::from_secret(secret.as_bytes()))
    }

    pub fn issue_access(&self, member_id: i64, family_id: i64, now: i64) -> Result<String, String> {
        let claims = Claims {
            sub: member_id.to_string(),
            fam: family_id,
            iat: now,
            exp: now + ACCESS_TTL_SECS,
            typ: "access".into(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| e.to_string())
    }

    /// The claims of a valid, unexpired access token signed with our key.
    pub fn verify_access(&self, token: &str, now: i64) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()?
            .claims;
        (claims.typ == "access" && claims.exp > now).then_some(claims)
    }
}

/// A short-lived signed ticket for one step of a flow (e.g. "this e-mail was verified"):
/// `kind` says which step, `subject` what it vouches for.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ticket {
    pub kind: String,
    pub sub: String,
    pub exp: i64,
}

impl TokenKeys {
    pub fn issue_ticket(
        &self,
        kind: &str,
        subject: &str,
        ttl_secs: i64,
        now: i64,
    ) -> Result<String, String> {
        let ticket = Ticket {
            kind: kind.into(),
            sub: subject.into(),
            exp: now + ttl_secs,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &ticket, &self.encoding)
            .map_err(|e| e.to_string())
    }

    /// The subject of a valid ticket of this kind.
    pub fn verify_ticket(&self, kind: &str, token: &str, now: i64) -> Option<String> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let ticket = jsonwebtoken::decode::<Ticket>(token, &self.decoding, &validation)
            .ok()?
            .claims;
        (ticket.kind == kind && ticket.exp > now).then_some(ticket.sub)
    }
}

/// What the guest-id key is derived with.
const GUEST_KEY_LABEL: &[u8] = b"tidemark guest id v1";
/// What the sealing key is derived with.
const SEALING_KEY_LABEL: &[u8] = b"tidemark sealed secrets v1";
/// How long a guest id counts after it was issued: its cookie's day (SPEC §9), plus a day
/// for a page left open or a client keeping it in the `_tma_id` header.
pub const GUEST_ID_VALID_SECS: i64 = 2 * tidemark_core::cookies::GUEST_MAX_AGE_SECS;
/// Clock skew tolerated on the issue time (servers behind one balancer).
const GUEST_ID_SKEW_SECS: i64 = 300;
/// Bytes of the HMAC kept in the id (128 bits).
const GUEST_SIGNATURE_BYTES: usize = 16;

/// Guest ids: `{nonce}.{issued}.{signature}`, e.g.
/// `q3V0c2Vw1y6mB0l1kXxN0A.1795400000.Zk1vY0dxUjJ3a2l0c1B6RQ`: 128 random bits, the issue
/// time (Unix seconds) and the first 128 bits of an HMAC-SHA256 of both, all in characters
/// a cookie and a header carry unchanged (base64url, digits and dots). Nothing is looked up
/// to check one, so counting costs no query.
impl TokenKeys {
    /// A new guest id, issued `now` (Unix seconds).
    pub fn issue_guest_id(&self, now: i64) -> String {
        let nonce: [u8; 16] = rand::rng().random();
        self.sign_guest_id(&URL_SAFE_NO_PAD.encode(nonce), now)
    }

    /// The guest id of `nonce` (base64url characters, 1 to 32) issued at `issued`: for the
    /// demo data, whose guests must be the same from one run to the next.
    pub fn sign_guest_id(&self, nonce: &str, issued: i64) -> String {
        let payload = format!("{nonce}.{issued}");
        let signature = self.guest_signature(&payload);
        format!("{payload}.{signature}")
    }

    fn guest_signature(&self, payload: &str) -> String {
        let mut mac = self.guest.clone();
        mac.update(payload.as_bytes());
        URL_SAFE_NO_PAD.encode(&mac.finalize().into_bytes()[..GUEST_SIGNATURE_BYTES])
    }

    /// Whether `id` is a guest id this server issued and still counts at `now`.
    pub fn verify_guest_id(&self, id: &str, now: i64) -> bool {
        let Some((payload, signature)) = id.rsplit_once('.') else {
            return false;
        };
        let Some((nonce, issued)) = payload.split_once('.') else {
            return false;
        };
        let nonce_ok = (1..=32).contains(&nonce.len())
            && nonce
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        let Ok(issued) = issued.parse::<i64>() else {
            return false;
        };
        let fresh = issued <= now + GUEST_ID_SKEW_SECS && now - issued <= GUEST_ID_VALID_SECS;
        let Ok(signature) = URL_SAFE_NO_PAD.decode(signature) else {
            return false;
        };
        if !(nonce_ok && fresh && signature.len() == GUEST_SIGNATURE_BYTES) {
            return false;
        }
        let mut mac = self.guest.clone();
        mac.update(payload.as_bytes());
        mac.verify_truncated_left(&signature).is_ok()
    }
}

/// 256 random bits, URL-safe.
pub fn random_token() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// How tokens and codes are stored: SHA-256, hex. Tokens are random, so no salt is needed.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A six-digit code for mail verification.
pub fn six_digit_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_only_with_its_key_and_purpose() {
        let keys = TokenKeys::from_secret(b"a secret of the right length for tests");
        let sealed = keys.seal("totp", b"twenty bytes secret!");
        assert_eq!(
            keys.open("totp", &sealed).as_deref(),
            Some(&b"twenty bytes secret!"[..])
        );
        assert_ne!(
            sealed,
            keys.seal("totp", b"twenty bytes secret!"),
            "a fresh nonce each time"
        );
        assert!(!sealed.contains("twenty"));
        assert_eq!(keys.open("other purpose", &sealed), None);
        let other = TokenKeys::from_secret(b"another secret of the right length too");
        assert_eq!(other.open("totp", &sealed), None);
        let (nonce, body) = sealed.split_once('.').unwrap();
        let mut tampered = URL_SAFE_NO_PAD.decode(body).unwrap();
        tampered[0] ^= 1;
        let tampered = format!("{nonce}.{}", URL_SAFE_NO_PAD.encode(tampered));
        assert_eq!(keys.open("totp", &tampered), None);
        assert_eq!(keys.open("totp", "not sealed"), None);
    }

    #[test]
    fn access_tokens_verify_until_they_expire() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue_access(7, 3, 1_000).unwrap();
        let claims = keys
            .verify_access(&token, 1_000 + ACCESS_TTL_SECS - 1)
            .unwrap();
        assert_eq!((claims.sub.as_str(), claims.fam), ("7", 3));
        assert!(keys
            .verify_access(&token, 1_000 + ACCESS_TTL_SECS)
            .is_none());
        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        assert!(
            other.verify_access(&token, 1_000).is_none(),
            "a token signed with another key is refused"
        );
        assert!(keys.verify_access("not.a.token", 1_000).is_none());
    }

    #[test]
    fn pseudonyms_are_keyed_and_separated_by_purpose() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let one = keys.pseudonym("search-visitor 2026-03-01", "m:7");
        assert_eq!(one.len(), 64);
        assert_eq!(one, keys.pseudonym("search-visitor 2026-03-01", "m:7"));
        assert_ne!(one, keys.pseudonym("search-visitor 2026-03-02", "m:7"));
        assert_ne!(one, keys.pseudonym("search-visitor 2026-03-01", "m:8"));
        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        assert_ne!(one, other.pseudonym("search-visitor 2026-03-01", "m:7"));
        assert!(!one.contains("m:7"));
    }

    #[test]
    fn tickets_are_bound_to_their_kind_and_time() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let ticket = keys.issue_ticket("join", "a@b.io", 60, 100).unwrap();
        assert_eq!(
            keys.verify_ticket("join", &ticket, 159).as_deref(),
            Some("a@b.io")
        );
        assert!(keys.verify_ticket("join", &ticket, 160).is_none());
        assert!(keys.verify_ticket("reset", &ticket, 100).is_none());
        let access = keys.issue_access(1, 1, 100).unwrap();
        assert!(
            keys.verify_ticket("join", &access, 100).is_none(),
            "an access token is no ticket"
        );
    }

    #[test]
    fn guest_ids_are_ours_and_fresh_or_nothing() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let now = 1_795_400_000;
        let id = keys.issue_guest_id(now);
        assert!(id.len() <= 64, "fits the event log's guest column: {id}");
        assert!(id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
        assert!(keys.verify_guest_id(&id, now));
        assert!(keys.verify_guest_id(&id, now + GUEST_ID_VALID_SECS));
        assert!(
            !keys.verify_guest_id(&id, now + GUEST_ID_VALID_SECS + 1),
            "expired"
        );
        assert!(
            !keys.verify_guest_id(&id, now - 3600),
            "issued in the future"
        );
        assert_ne!(keys.issue_guest_id(now), id);

        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        assert!(!other.verify_guest_id(&id, now), "another server's id");
        let (payload, signature) = id.rsplit_once('.').unwrap();
        let (nonce, _) = payload.split_once('.').unwrap();
        for forged in [
            format!("{nonce}.{}.{signature}", now + 1),
            // The nonce's first character changed (to one it is not: the nonce is random).
            format!(
                "{}{}",
                if id.starts_with('x') { 'y' } else { 'x' },
                &id[1..]
            ),
            format!("{payload}.AAAAAAAAAAAAAAAAAAAAAA"),
            format!("{payload}.{}", &signature[..10]),
            payload.to_string(),
            "3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b".into(),
            String::new(),
        ] {
            assert!(!keys.verify_guest_id(&forged, now), "{forged}");
        }
        assert_eq!(
            keys.sign_guest_id("demo17", now),
            keys.sign_guest_id("demo17", now)
        );
        assert!(keys.verify_guest_id(&keys.sign_guest_id("demo17", now), now));
        assert!(!keys.verify_guest_id(&keys.sign_guest_id("a.b", now), now));
    }

    #[test]
    fn refresh_tokens_are_long_and_hashed() {
        let token = random_token();
        assert!(token.len() >= 43, "256 bits in base64url");
        assert_ne!(random_token(), token);
        assert_eq!(hash_token(&token).len(), 64);
        assert_eq!(hash_token("a"), hash_token("a"));
        let code = six_digit_code();
        assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()));
    }
}
