//! Password hashing: argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum), on a blocking thread.

use crate::http::error::ApiError;
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
    tokio::task::spawn_blocking(move || verify_now(&password, hash.as_deref()))
        .await
        .map_err(ApiError::internal)?
}

/// [`verify`] on the calling thread. The hash always runs, then the answers combine:
/// `known && verify(…)` would skip the work for unknown accounts and tell them apart by time.
fn verify_now(password: &str, hash: Option<&str>) -> Result<bool, ApiError> {
    let known = hash.is_some();
    let parsed = PasswordHash::new(hash.unwrap_or(dummy_hash())).map_err(ApiError::internal)?;
    let matches = argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    #[cfg(test)]
    HASHES_RUN.with(|count| count.set(count.get() + 1));
    Ok(matches && known)
}

#[cfg(test)]
thread_local! {
    /// Hashes [`verify_now`] computed on this thread.
    static HASHES_RUN: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        argon2()
            .hash_password(crate::tokens::random_token().as_bytes())
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

    #[test]
    fn unknown_accounts_cost_one_hash_like_known_ones() {
        let hash = argon2().hash_password(b"Right-pass-1").unwrap().to_string();
        let runs = || HASHES_RUN.with(std::cell::Cell::get);
        for (password, stored, expected) in [
            ("Right-pass-1", Some(hash.as_str()), true),
            ("Wrong-pass-1", Some(hash.as_str()), false),
            ("Right-pass-1", None, false),
            // The dummy hash's own password still fails for an unknown account.
            ("", None, false),
        ] {
            let before = runs();
            assert_eq!(verify_now(password, stored).unwrap(), expected);
            assert_eq!(
                runs() - before,
                1,
                "{password:?} {stored:?}: one hash, always"
            );
        }
    }
}
