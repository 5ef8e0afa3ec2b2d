//! The provider interface: which provider is configured, and what a provider reports about one
//! certification. `local` keeps its record in our own row (see `local.rs`); `portone` is asked
//! over its v1 REST API (token, then the certification by `imp_uid`).

use crate::settings::Settings;
use crate::settings::{
    Setting, CERTIFY_PROVIDER, PORTONE_API_BASE, PORTONE_API_KEY, PORTONE_API_SECRET,
    PORTONE_IMP_CODE,
};
use serde::Deserialize;
use std::sync::OnceLock;
use std::time::Duration;

/// The configured provider, read from the settings (checked at start by `check_settings`).
#[derive(Clone)]
pub enum Provider {
    Local,
    PortOne(PortOne),
}

#[derive(Clone)]
pub struct PortOne {
    pub api_base: String,
    api_key: String,
    api_secret: String,
    /// The store code (`imp…`) the browser initialises PortOne's window with; not a secret.
    pub imp_code: String,
}

impl std::fmt::Debug for Provider {
    // Keys never reach logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Provider::Local => f.write_str("local"),
            Provider::PortOne(p) => write!(f, "portone({})", p.api_base),
        }
    }
}

impl Provider {
    pub fn from_settings(settings: &Settings) -> Result<Provider, String> {
        let provider = CERTIFY_PROVIDER.name;
        let required = |setting: &Setting| {
            settings
                .text(setting)
                .map(str::to_string)
                .ok_or_else(|| format!("{provider}=portone needs {}", setting.name))
        };
        if settings.choice(&CERTIFY_PROVIDER) == "local" {
            if settings.mode == crate::settings::Mode::Production {
                return Err(format!(
                    "{provider}=local certifies anyone as anybody: it is for development and \
                     tests; production needs {provider}=portone"
                ));
            }
            return Ok(Provider::Local);
        }
        // `portone`, the kind's other word. Its address is an http(s) one (checked at start).
        let api_base = settings
            .text(&PORTONE_API_BASE)
            .unwrap_or_default()
            .trim_end_matches('/')
            .to_string();
        if !api_base.starts_with("https://") && settings.mode == crate::settings::Mode::Production {
            return Err(format!(
                "production needs an https:// {}",
                PORTONE_API_BASE.name
            ));
        }
        Ok(Provider::PortOne(PortOne {
            api_base,
            api_key: required(&PORTONE_API_KEY)?,
            api_secret: required(&PORTONE_API_SECRET)?,
            imp_code: required(&PORTONE_IMP_CODE)?,
        }))
    }

    /// The name stored in `certifications.provider`.
    pub fn name(&self) -> &'static str {
        match self {
            Provider::Local => "local",
            Provider::PortOne(_) => "portone",
        }
    }
}

/// What a provider knows about one certification, as PortOne's v1 API reports it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ProviderResult {
    pub imp_uid: String,
    /// The request id we gave the provider: our certifyNo.
    pub merchant_uid: Option<String>,
    pub certified: bool,
    pub name: Option<String>,
    /// Digits, e.g. `01012345678`.
    pub phone: Option<String>,
    /// `yyyy-MM-dd`.
    pub birthday: Option<String>,
    /// `male` or `female`.
    pub gender: Option<String>,
    /// The person's key (CI): the same person always has the same one.
    pub unique_key: Option<String>,
}

#[derive(Debug)]
pub enum LookupError {
    /// The provider knows no certification by that id.
    NotFound,
    /// The provider could not be asked or answered nonsense; the detail is for the log only.
    Unavailable(String),
}

impl From<sea_orm::DbErr> for LookupError {
    fn from(error: sea_orm::DbErr) -> Self {
        LookupError::Unavailable(format!("database: {error}"))
    }
}

/// PortOne's answers all come in `{code, message, response}`; `code` 0 is success.
#[derive(Deserialize)]
struct PortOneAnswer<T> {
    code: i64,
    message: Option<String>,
    response: Option<T>,
}

#[derive(Deserialize)]
struct PortOneToken {
    access_token: String,
}

/// One client for the process: connection reuse, short time-outs (the browser gives the whole
/// call 20 s), no redirects (an API that redirects is not the API we were configured with).
fn http_client() -> Result<&'static reqwest::Client, String> {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    if let Some(client) = CLIENT.get() {
        return Ok(client);
    }
    crate::kernel::tls::use_ring();
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(8))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("tidemark/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| format!("HTTP client: {e}"))?;
    Ok(CLIENT.get_or_init(|| client))
}

/// An HTTP failure with its causes (refused connection, TLS certificate, time-out), for the log.
fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl PortOne {
    /// `POST /users/getToken`, then `GET /certifications/{imp_uid}` with the token in
    /// `Authorization`.
    pub async fn lookup(&self, imp_uid: &str) -> Result<ProviderResult, LookupError> {
        let client = http_client().map_err(LookupError::Unavailable)?;
        let unavailable = |what: &str, detail: String| {
            LookupError::Unavailable(format!("PortOne {what}: {detail}"))
        };
        let answer = client
            .post(format!("{}/users/getToken", self.api_base))
            .json(&serde_json::json!({ "imp_key": self.api_key, "imp_secret": self.api_secret }))
            .send()
            .await
            .map_err(|e| unavailable("getToken", describe(&e)))?;
        let status = answer.status();
        let token: PortOneAnswer<PortOneToken> = answer
            .json()
            .await
            .map_err(|e| unavailable("getToken", format!("HTTP {status}, unreadable: {e}")))?;
        let token = match (status.is_success(), token.code, token.response) {
            (true, 0, Some(token)) if !token.access_token.is_empty() => token.access_token,
            (_, code, _) => {
                return Err(unavailable(
                    "getToken",
                    format!(
                        "HTTP {status}, code {code}: {} (are the API key and secret right?)",
                        token.message.unwrap_or_default()
                    ),
                ))
            }
        };

        let answer = client
            .get(format!("{}/certifications/{imp_uid}", self.api_base))
            .header(reqwest::header::AUTHORIZATION, token)
            .send()
            .await
            .map_err(|e| unavailable("certifications", describe(&e)))?;
        let status = answer.status();
        if status == reqwest::StatusCode::NOT_FOUND {
            return Err(LookupError::NotFound);
        }
        let found: PortOneAnswer<ProviderResult> = answer.json().await.map_err(|e| {
            unavailable("certifications", format!("HTTP {status}, unreadable: {e}"))
        })?;
        match (status.is_success(), found.code, found.response) {
            (true, 0, Some(result)) => Ok(result),
            (_, code, _) => Err(unavailable(
                "certifications",
                format!(
                    "HTTP {status}, code {code}: {}",
                    found.message.unwrap_or_default()
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&Setting, &str)]) -> Settings {
        let mut settings = Settings::default();
        for (setting, value) in pairs {
            settings.set(setting, *value);
        }
        settings
    }

    #[test]
    fn local_is_the_default_and_unknown_names_are_refused() {
        assert!(matches!(
            Provider::from_settings(&settings(&[])),
            Ok(Provider::Local)
        ));
        assert!(matches!(
            Provider::from_settings(&settings(&[(&CERTIFY_PROVIDER, " ")])),
            Ok(Provider::Local)
        ));
        let error = settings(&[(&CERTIFY_PROVIDER, "nice")])
            .check()
            .unwrap_err();
        assert!(
            error.contains(CERTIFY_PROVIDER.name) && error.contains("nice"),
            "{error}"
        );
    }

    #[test]
    fn portone_needs_its_key_secret_and_store_code() {
        let all: [(&Setting, &str); 4] = [
            (&CERTIFY_PROVIDER, "portone"),
            (&PORTONE_API_KEY, "key"),
            (&PORTONE_API_SECRET, "secret"),
            (&PORTONE_IMP_CODE, "imp12345678"),
        ];
        let provider = Provider::from_settings(&settings(&all)).unwrap();
        let Provider::PortOne(portone) = &provider else {
            panic!("portone expected")
        };
        assert_eq!(
            Some(portone.api_base.as_str()),
            PORTONE_API_BASE.default_text()
        );
        assert!(
            !format!("{provider:?}").contains("secret"),
            "keys never reach logs"
        );
        for missing in [&PORTONE_API_KEY, &PORTONE_API_SECRET, &PORTONE_IMP_CODE] {
            let some: Vec<_> = all.iter().copied().filter(|(s, _)| *s != missing).collect();
            let error = Provider::from_settings(&settings(&some)).unwrap_err();
            assert!(error.contains(missing.name), "{error}");
        }
        let mut bad_base = all.to_vec();
        bad_base.push((&PORTONE_API_BASE, "ftp://example"));
        let error = settings(&bad_base).check().unwrap_err();
        assert!(error.contains(PORTONE_API_BASE.name), "{error}");
    }

    #[test]
    fn production_refuses_the_local_provider_and_plain_http() {
        let mut production = settings(&[]);
        production.mode = crate::settings::Mode::Production;
        let error = Provider::from_settings(&production).unwrap_err();
        assert!(error.contains("portone"), "{error}");
        for (setting, value) in [
            (&CERTIFY_PROVIDER, "portone"),
            (&PORTONE_API_KEY, "key"),
            (&PORTONE_API_SECRET, "secret"),
            (&PORTONE_IMP_CODE, "imp12345678"),
            (&PORTONE_API_BASE, "http://127.0.0.1:9"),
        ] {
            production.set(setting, value);
        }
        let error = Provider::from_settings(&production).unwrap_err();
        assert!(error.contains("https"), "{error}");
    }

    #[test]
    fn portone_answers_parse_with_nulls_and_extra_fields() {
        let answer: PortOneAnswer<ProviderResult> = serde_json::from_value(serde_json::json!({
            "code": 0, "message": null,
            "response": {
                "imp_uid": "imp_1", "merchant_uid": "m_1", "pg_tid": null, "pg_provider": "danal",
                "name": "홍길동", "gender": null, "birth": 631152000, "birthday": "1990-01-01",
                "foreigner": false, "phone": "01012345678", "carrier": "SKT", "certified": true,
                "certified_at": 1700000000, "unique_key": "ci==", "unique_in_site": "di==",
                "origin": "https://tidemark.example", "foreigner_v2": null
            }
        }))
        .unwrap();
        let result = answer.response.unwrap();
        assert_eq!(
            (
                result.certified,
                result.gender,
                result.unique_key.as_deref()
            ),
            (true, None, Some("ci=="))
        );
    }
}
