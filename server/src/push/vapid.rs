//! The server's VAPID key (RFC 8292): it signs a short token with every push, so a push
//! service delivers only what this site sends to the browsers that subscribed with its public
//! key. Made on the first start and kept like the token secret: `TIDEMARK_VAPID_PRIVATE_KEY`
//! (the P-256 scalar, base64url) when set, the same on every process; otherwise generated
//! once into the data folder (`vapid.key`, readable by the owner only). Changing it ends every
//! browser's subscription: they were made for the old public key.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use rand::RngExt;

use crate::settings::Settings;

/// The file the generated key is kept in, in the data folder.
pub const KEY_FILE: &str = "vapid.key";
/// How long a signed token is good for (RFC 8292 allows up to a day).
const TOKEN_LIFE_SECS: i64 = 12 * 60 * 60;

pub struct Vapid {
    key: SigningKey,
    /// The uncompressed public point, base64url: what browsers subscribe with
    /// (`applicationServerKey`) and what each push names (`k=`).
    public: String,
    /// Who runs the site, for push services that need to reach us (`sub`).
    contact: String,
}

impl Vapid {
    pub fn from_bytes(secret: &[u8], contact: String) -> Result<Self, String> {
        let key = SigningKey::from_slice(secret).map_err(|_| "not a P-256 private key")?;
        let point = key.verifying_key().as_affine().to_encoded_point(false);
        Ok(Self {
            public: URL_SAFE_NO_PAD.encode(point.as_bytes()),
            key,
            contact,
        })
    }

    /// The configured key, or the one generated into the data folder (made now if absent).
    pub fn load(settings: &Settings) -> Result<Self, String> {
        let contact = contact_of(&settings.mail_from, &settings.public_url);
        let name = crate::settings::VAPID_PRIVATE_KEY.name;
        if let Some(text) = settings.text(&crate::settings::VAPID_PRIVATE_KEY) {
            let bytes = URL_SAFE_NO_PAD
                .decode(text)
                .map_err(|_| format!("{name} is not base64url"))?;
            return Self::from_bytes(&bytes, contact).map_err(|e| format!("{name}: {e}"));
        }
        if settings.database_url.is_some() {
            // Processes on one PostgreSQL database share their subscribers: each must sign
            // with the key those browsers subscribed with.
            tracing::warn!(
                "{name} is not set: this process signs pushes with the key in its own data \
                 folder; with several processes, set the same key on every one"
            );
        }
        let path = settings.data_dir.join(KEY_FILE);
        if let Ok(text) = std::fs::read_to_string(&path) {
            if let Ok(bytes) = URL_SAFE_NO_PAD.decode(text.trim()) {
                return Self::from_bytes(&bytes, contact)
                    .map_err(|e| format!("{}: {e}", path.display()));
            }
        }
        let made = loop {
            let bytes: [u8; 32] = rand::rng().random();
            // All but about 2⁻¹²⁸ of 32-byte strings are valid scalars.
            if let Ok(made) = Self::from_bytes(&bytes, contact.clone()) {
                break (made, bytes);
            }
        };
        std::fs::create_dir_all(&settings.data_dir).map_err(|e| format!("data folder: {e}"))?;
        std::fs::write(&path, URL_SAFE_NO_PAD.encode(made.1))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        Ok(made.0)
    }

    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// `Authorization: vapid t=…, k=…` for a push to `endpoint`'s origin, good for 12 hours
    /// from `now` (seconds).
    pub fn authorization(&self, origin: &str, now: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": origin,
            "exp": now + TOKEN_LIFE_SECS,
            "sub": self.contact,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.key.sign(signed.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

/// `mailto:` the site's sender address, or its address when that has none.
fn contact_of(mail_from: &str, public_url: &str) -> String {
    let address = mail_from
        .rsplit_once('<')
        .map(|(_, rest)| rest.trim_end_matches('>'))
        .unwrap_or(mail_from)
        .trim();
    if address.contains('@') {
        format!("mailto:{address}")
    } else {
        public_url.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier;
    use p256::ecdsa::VerifyingKey;

    #[test]
    fn a_push_names_the_public_key_and_carries_a_token_it_verifies() {
        let vapid =
            Vapid::from_bytes(&[7; 32], contact_of("Tidemark <no-reply@t.test>", "")).unwrap();
        let header = vapid.authorization("https://push.example", 1_000);
        let (token, key) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        assert_eq!(key, vapid.public_key());
        let point = URL_SAFE_NO_PAD.decode(key).unwrap();
        assert_eq!(point.len(), 65, "an uncompressed P-256 point");
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let verifying = VerifyingKey::from_sec1_bytes(&point).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        verifying.verify(signed.as_bytes(), &signature).unwrap();
        let claims = signed.split('.').nth(1).unwrap();
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example");
        assert_eq!(claims["exp"], 1_000 + TOKEN_LIFE_SECS);
        assert_eq!(claims["sub"], "mailto:no-reply@t.test");
    }

    #[test]
    fn a_generated_key_is_kept_and_read_back() {
        let dir = std::env::temp_dir().join(format!("vapid-{}", uuid::Uuid::new_v4().simple()));
        let settings = Settings {
            data_dir: dir.clone(),
            ..Settings::default()
        };
        let first = Vapid::load(&settings).unwrap();
        let again = Vapid::load(&settings).unwrap();
        assert_eq!(first.public_key(), again.public_key());
        let _ = std::fs::remove_dir_all(dir);
    }
}
