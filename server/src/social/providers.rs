//! The social providers: which are switched on (by settings), their endpoints, and the
//! server-to-server half of the authorization-code flow (code → token → userinfo).
//!
//! Kakao, Naver and Google are reached over HTTPS; the built-in `local` provider lives in this
//! very server, so its token and userinfo steps are called in process (the same functions
//! that answer `/oauth/local/token` and `/oauth/local/userinfo`).

use super::service::local;
use crate::http::error::{ApiError, ApiResult};
use crate::kernel::url::with_query;
use crate::settings::{self, ProviderSettings, LOCAL_OAUTH};
use crate::settings::{Mode, Settings};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::OnceLock;
use std::time::Duration;
use utoipa::ToSchema;

/// A social sign-in channel (SPEC §3 `channel`; `members.signup_channel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Kakao,
    Naver,
    Google,
    Local,
}

impl Channel {
    pub const ALL: [Channel; 4] = [
        Channel::Kakao,
        Channel::Naver,
        Channel::Google,
        Channel::Local,
    ];

    /// A channel as the client names it (trimmed, any case).
    pub fn parse(value: &str) -> ApiResult<Channel> {
        let value = value.trim().to_ascii_lowercase();
        Channel::ALL
            .into_iter()
            .find(|channel| channel.as_str() == value)
            .ok_or_else(|| {
                ApiError::bad_request("channel must be one of kakao, naver, google, local")
            })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Kakao => "kakao",
            Channel::Naver => "naver",
            Channel::Google => "google",
            Channel::Local => "local",
        }
    }

    pub fn display_name(self) -> &'static str {
        match self {
            Channel::Kakao => "Kakao",
            Channel::Naver => "Naver",
            Channel::Google => "Google",
            Channel::Local => "the local provider",
        }
    }

    /// A remote provider's settings (its endpoints default to the provider's real ones);
    /// `None` for the built-in provider.
    fn settings(self) -> Option<&'static ProviderSettings> {
        match self {
            Channel::Kakao => Some(&settings::KAKAO),
            Channel::Naver => Some(&settings::NAVER),
            Channel::Google => Some(&settings::GOOGLE),
            Channel::Local => None,
        }
    }

    /// What we ask for: a stable id, the e-mail and a display name. Naver takes its scope
    /// from the application's console, not from the request.
    fn scope(self) -> Option<&'static str> {
        match self {
            Channel::Kakao => Some("profile_nickname,account_email"),
            Channel::Naver => None,
            Channel::Google => Some("openid email profile"),
            Channel::Local => Some("profile email"),
        }
    }

    /// Kakao's client secret is optional (an app setting); Naver and Google always need one.
    fn secret_required(self) -> bool {
        matches!(self, Channel::Naver | Channel::Google)
    }
}

/// A configured provider, ready for one sign-in.
pub struct Provider {
    pub channel: Channel,
    pub client_id: String,
    client_secret: Option<String>,
    authorize_url: String,
    token_url: String,
    userinfo_url: String,
}

/// Who the provider says the person is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderIdentity {
    /// The provider's stable id of the person.
    pub subject: String,
    /// Normalised, and only when the provider vouches for it.
    pub email: Option<String>,
    pub name: Option<String>,
}

/// The built-in provider: on by default in demo mode, off in production unless
/// `TIDEMARK_LOCAL_OAUTH=true`.
pub fn local_enabled(settings: &Settings) -> bool {
    if settings.is_set(&LOCAL_OAUTH) {
        settings.flag(&LOCAL_OAUTH)
    } else {
        settings.mode == Mode::Demo
    }
}

impl Provider {
    /// The provider of `channel` when its settings are present, otherwise why not.
    pub fn configured(settings: &Settings, channel: Channel) -> ApiResult<Provider> {
        let unavailable = || {
            ApiError::bad_request(format!(
                "sign-in with {} is not available on this site",
                channel.display_name()
            ))
        };
        let Some(named) = channel.settings() else {
            if !local_enabled(settings) {
                return Err(unavailable());
            }
            return Ok(Provider {
                channel,
                client_id: local::CLIENT_ID.into(),
                client_secret: None,
                authorize_url: local::AUTHORIZE_PATH.into(),
                token_url: String::new(),
                userinfo_url: String::new(),
            });
        };
        let client_id = settings.text(named.client_id).ok_or_else(unavailable)?;
        let client_secret = settings.text(named.client_secret);
        if channel.secret_required() && client_secret.is_none() {
            return Err(unavailable());
        }
        let url =
            |setting: &settings::Setting| settings.text(setting).unwrap_or_default().to_string();
        Ok(Provider {
            channel,
            client_id: client_id.to_string(),
            client_secret: client_secret.map(str::to_string),
            authorize_url: url(named.auth_url),
            token_url: url(named.token_url),
            userinfo_url: url(named.userinfo_url),
        })
    }

    /// Where the browser goes: the provider's consent page for this sign-in.
    pub fn authorize_url(&self, redirect_uri: &str, state: &str, code_challenge: &str) -> String {
        let mut params = vec![
            ("response_type", "code"),
            ("client_id", self.client_id.as_str()),
            ("redirect_uri", redirect_uri),
            ("state", state),
            ("code_challenge", code_challenge),
            ("code_challenge_method", "S256"),
        ];
        if let Some(scope) = self.channel.scope() {
            params.push(("scope", scope));
        }
        with_query(&self.authorize_url, &params)
    }

    /// Exchanges the code (with the PKCE verifier) and reads who signed in.
    pub async fn identify(
        &self,
        state: &AppState,
        code: &str,
        code_verifier: &str,
        redirect_uri: &str,
        oauth_state: &str,
    ) -> ApiResult<ProviderIdentity> {
        let refused = || {
            ApiError::bad_request(format!(
                "{} did not complete the sign-in (the code may have expired or been used); please start again",
                self.channel.display_name()
            ))
        };
        if self.channel == Channel::Local {
            let token = local::exchange(
                state,
                local::LocalTokenRequest {
                    grant_type: Some("authorization_code".into()),
                    code: Some(code.into()),
                    redirect_uri: Some(redirect_uri.into()),
                    client_id: Some(self.client_id.clone()),
                    code_verifier: Some(code_verifier.into()),
                },
            )
            .await
            .map_err(|error| {
                tracing::warn!(error = error.error, "local provider refused the code");
                refused()
            })?;
            let info = local::userinfo(state, &token.access_token)
                .await
                .map_err(|error| {
                    tracing::warn!(error = error.error, "local provider refused its token");
                    refused()
                })?;
            return parse_identity(
                self.channel,
                &serde_json::to_value(info).unwrap_or_default(),
            )
            .ok_or_else(refused);
        }

        let client = http_client().map_err(ApiError::internal)?;
        let mut form: Vec<(&str, &str)> = vec![
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", &self.client_id),
            ("code_verifier", code_verifier),
        ];
        if let Some(secret) = &self.client_secret {
            form.push(("client_secret", secret));
        }
        if self.channel == Channel::Naver {
            // Naver checks the state again at its token endpoint.
            form.push(("state", oauth_state));
        }
        let answer = client
            .post(&self.token_url)
            .header(reqwest::header::ACCEPT, "application/json")
            .form(&form)
            .send()
            .await;
        let (status, body) = read_json(answer).await.map_err(|detail| {
            tracing::warn!(channel = self.channel.as_str(), %detail, "token endpoint unreachable");
            refused()
        })?;
        let access_token = body
            .get("access_token")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty() && status.is_success());
        let Some(access_token) = access_token else {
            // Naver answers errors with 200 and an `error` field.
            let error = body.get("error").and_then(Value::as_str).unwrap_or("-");
            let description = body
                .get("error_description")
                .and_then(Value::as_str)
                .unwrap_or("-");
            tracing::warn!(
                channel = self.channel.as_str(),
                status = status.as_u16(),
                error,
                description,
                "token endpoint refused the code"
            );
            return Err(refused());
        };
        let answer = client
            .get(&self.userinfo_url)
            .bearer_auth(access_token)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await;
        let (status, body) = read_json(answer).await.map_err(|detail| {
            tracing::warn!(channel = self.channel.as_str(), %detail, "userinfo endpoint unreachable");
            refused()
        })?;
        if !status.is_success() {
            tracing::warn!(
                channel = self.channel.as_str(),
                status = status.as_u16(),
                "userinfo endpoint refused the token"
            );
            return Err(refused());
        }
        parse_identity(self.channel, &body).ok_or_else(|| {
            tracing::warn!(
                channel = self.channel.as_str(),
                "userinfo answer has no usable subject"
            );
            refused()
        })
    }
}

/// Answers from providers are small; anything larger is refused rather than buffered.
const MAX_PROVIDER_ANSWER: usize = 64 * 1024;

async fn read_json(
    answer: Result<reqwest::Response, reqwest::Error>,
) -> Result<(reqwest::StatusCode, Value), String> {
    let mut response = answer.map_err(|e| e.without_url().to_string())?;
    let status = response.status();
    let mut bytes = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| e.without_url().to_string())?
    {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_PROVIDER_ANSWER {
            return Err(format!("answer larger than {MAX_PROVIDER_ANSWER} bytes"));
        }
    }
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Ok((status, body))
}

/// The one client for provider calls: short time-outs, no redirects followed, HTTPS through
/// rustls with the system's root certificates.
pub fn http_client() -> Result<&'static reqwest::Client, String> {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    if let Some(client) = CLIENT.get() {
        return Ok(client);
    }
    crate::kernel::tls::use_ring();
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("Tidemark/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| format!("HTTP client for the social providers: {e}"))?;
    Ok(CLIENT.get_or_init(|| client))
}

/// The identity in a provider's userinfo answer (Kakao, Naver, or OpenID Connect's shape for
/// Google and the local provider).
pub fn parse_identity(channel: Channel, body: &Value) -> Option<ProviderIdentity> {
    let text = |value: Option<&Value>| -> Option<String> {
        match value? {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
        .filter(|s| !s.is_empty())
    };
    // An e-mail the provider says is unverified is not taken; an absent flag is trusted.
    let vouched = |flag: Option<&Value>| flag.and_then(Value::as_bool) != Some(false);
    let (subject, email, name) = match channel {
        Channel::Kakao => {
            let account = body.get("kakao_account");
            let account_field = |name: &str| account.and_then(|a| a.get(name));
            let email = text(account_field("email")).filter(|_| {
                vouched(account_field("is_email_valid"))
                    && vouched(account_field("is_email_verified"))
            });
            let name = text(account.and_then(|a| a.pointer("/profile/nickname")))
                .or_else(|| text(body.pointer("/properties/nickname")));
            (text(body.get("id")), email, name)
        }
        Channel::Naver => {
            if body
                .get("resultcode")
                .and_then(Value::as_str)
                .is_some_and(|code| code != "00")
            {
                return None;
            }
            let response = body.get("response")?;
            let name = text(response.get("name")).or_else(|| text(response.get("nickname")));
            (text(response.get("id")), text(response.get("email")), name)
        }
        Channel::Google | Channel::Local => {
            let email = text(body.get("email")).filter(|_| vouched(body.get("email_verified")));
            (text(body.get("sub")), email, text(body.get("name")))
        }
    };
    let subject = subject.filter(|s| s.len() <= 255)?;
    let email = email
        .and_then(|e| crate::auth::accounts::Email::of(&e))
        .map(crate::auth::accounts::Email::into_string);
    let name = name.map(|n| {
        n.chars()
            .filter(|c| !c.is_control())
            .take(64)
            .collect::<String>()
    });
    Some(ProviderIdentity {
        subject,
        email,
        name: name.filter(|n| !n.trim().is_empty()),
    })
}

/// Checks the providers' settings at start: a half-configured provider stops the server with
/// the name of what is missing.
pub fn check(settings: &Settings) -> Result<(), String> {
    for channel in [Channel::Kakao, Channel::Naver, Channel::Google] {
        let Some(named) = channel.settings() else {
            continue;
        };
        let (id_name, secret_name) = (named.client_id.name, named.client_secret.name);
        let id = settings.text(named.client_id);
        let secret = settings.text(named.client_secret);
        match (id, secret) {
            (None, Some(_)) => {
                return Err(format!("{secret_name} is set but {id_name} is not"));
            }
            (Some(_), None) if channel.secret_required() => {
                return Err(format!(
                    "{id_name} is set but {secret_name} is not: {} sign-in needs both",
                    channel.display_name()
                ));
            }
            _ => {}
        }
        // Each is an http(s) address (checked at start, with the other settings).
        for setting in [named.auth_url, named.token_url, named.userinfo_url] {
            let url = settings.text(setting).unwrap_or_default();
            if settings.mode == Mode::Production && !url.starts_with("https://") {
                return Err(format!(
                    "{} must be an https:// address in production",
                    setting.name
                ));
            }
        }
        if id.is_some() {
            http_client()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::settings::{
        GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, KAKAO_AUTH_URL, KAKAO_CLIENT_ID, KAKAO_TOKEN_URL,
        NAVER_CLIENT_ID, NAVER_CLIENT_SECRET,
    };

    fn settings(pairs: &[(&settings::Setting, &str)]) -> Settings {
        let mut settings = Settings::default();
        for (setting, value) in pairs {
            settings.set(setting, *value);
        }
        settings
    }

    #[test]
    fn providers_are_on_when_their_settings_are_present() {
        let none = settings(&[]);
        assert!(check(&none).is_ok());
        assert!(Provider::configured(&none, Channel::Kakao).is_err());
        assert!(
            Provider::configured(&none, Channel::Local).is_ok(),
            "demo mode"
        );
        let kakao = settings(&[(&KAKAO_CLIENT_ID, "k-id")]);
        assert!(check(&kakao).is_ok(), "Kakao's secret is optional");
        let provider = Provider::configured(&kakao, Channel::Kakao).unwrap();
        let url = provider.authorize_url("https://t.example/cb?type=join", "st", "ch");
        assert!(url.starts_with("https://kauth.kakao.com/oauth/authorize?response_type=code&client_id=k-id&redirect_uri=https%3A%2F%2Ft.example%2Fcb%3Ftype%3Djoin&state=st&code_challenge=ch&code_challenge_method=S256&scope="), "{url}");
    }

    #[test]
    fn half_configured_providers_are_named() {
        let error = check(&settings(&[(&NAVER_CLIENT_ID, "n")])).unwrap_err();
        assert!(error.contains(NAVER_CLIENT_SECRET.name), "{error}");
        let error = check(&settings(&[(&GOOGLE_CLIENT_SECRET, "g")])).unwrap_err();
        assert!(error.contains(GOOGLE_CLIENT_ID.name), "{error}");
        let error = settings(&[(&KAKAO_TOKEN_URL, "ftp://x")])
            .check()
            .unwrap_err();
        assert!(error.contains(KAKAO_TOKEN_URL.name), "{error}");
        let error = settings(&[(&LOCAL_OAUTH, "maybe")]).check().unwrap_err();
        assert!(error.contains(LOCAL_OAUTH.name), "{error}");
    }

    #[test]
    fn the_local_provider_is_off_in_production_unless_asked_for() {
        let mut production = settings(&[]);
        production.mode = Mode::Production;
        assert!(!local_enabled(&production));
        production.set(&LOCAL_OAUTH, "true");
        assert!(local_enabled(&production));
        let demo_off = settings(&[(&LOCAL_OAUTH, "false")]);
        assert!(!local_enabled(&demo_off));
        let mut production = settings(&[
            (&KAKAO_CLIENT_ID, "k"),
            (&KAKAO_AUTH_URL, "http://k.test/a"),
        ]);
        production.mode = Mode::Production;
        assert!(check(&production).unwrap_err().contains("https"));
    }

    #[test]
    fn userinfo_shapes_of_each_provider() {
        let kakao = json!({"id": 4242, "kakao_account": {"email": "A@Kakao.com", "is_email_valid": true,
            "is_email_verified": true, "profile": {"nickname": "카카오"}}});
        assert_eq!(
            parse_identity(Channel::Kakao, &kakao),
            Some(ProviderIdentity {
                subject: "4242".into(),
                email: Some("a@kakao.com".into()),
                name: Some("카카오".into())
            })
        );
        let unverified =
            json!({"id": 1, "kakao_account": {"email": "a@b.io", "is_email_verified": false}});
        assert_eq!(
            parse_identity(Channel::Kakao, &unverified).unwrap().email,
            None
        );
        let naver = json!({"resultcode": "00", "message": "success",
            "response": {"id": "nv-1", "email": "n@naver.com", "name": "네이버"}});
        let identity = parse_identity(Channel::Naver, &naver).unwrap();
        assert_eq!(
            (identity.subject.as_str(), identity.email.as_deref()),
            ("nv-1", Some("n@naver.com"))
        );
        assert!(parse_identity(
            Channel::Naver,
            &json!({"resultcode": "024", "message": "fail"})
        )
        .is_none());
        let google =
            json!({"sub": "1090", "email": "g@gmail.com", "email_verified": true, "name": "G"});
        assert_eq!(
            parse_identity(Channel::Google, &google).unwrap().subject,
            "1090"
        );
        assert!(parse_identity(Channel::Google, &json!({"email": "g@gmail.com"})).is_none());
        let bad_mail = json!({"sub": "1", "email": "not an address"});
        assert_eq!(
            parse_identity(Channel::Local, &bad_mail).unwrap().email,
            None
        );
    }

    #[test]
    fn the_https_client_builds() {
        assert!(http_client().is_ok());
    }
}
