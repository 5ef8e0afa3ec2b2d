//! Password hashing: argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum), on a blocking thread.

use crate::error::ApiError;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::OnceLock;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        argon2()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// `hash` is `None` for an unknown account: a hash of a random password is checked instead, so
/// known and unknown e-mails take the same time.
pub async fn verify(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    let known = hash.is_some();
    let hash = match hash {
        Some(hash) => hash,
        None => dummy_hash().to_string(),
    };
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash).map_err(ApiError::internal)?;
        Ok(known
            && argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
    })
    .await
    .map_err(ApiError::internal)?
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        argon2()
            .hash_password(crate::auth::tokens::random_token().as_bytes())
            .map(|h| h.to_string())
            .expect("hashing a random password works")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_use_argon2id_at_19_mib() {
        let hash = hash("Demo-pass-2026".into()).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify("Demo-pass-2026".into(), Some(hash.clone()))
            .await
            .unwrap());
        assert!(!verify("demo-pass-2026".into(), Some(hash)).await.unwrap());
        assert!(!verify("anything".into(), None).await.unwrap());
    }
}
