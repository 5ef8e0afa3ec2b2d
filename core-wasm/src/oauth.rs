//! The social sign-in return page (SPEC §4, §5): the `type` query value decides the flow and
//! is then stripped from the address bar.

use crate::i18n::{text, Lang, Text};
use crate::route::split_full_path;
use crate::sort::decode_component;
use crate::Fault;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthType {
    /// Perform the social sign-in.
    Signin,
    /// Check the account state, then continue joining.
    Join,
    /// Only hand the data back (re-authentication).
    Auth,
}

impl AuthType {
    fn parse(value: &str) -> Option<AuthType> {
        match value {
            "signin" => Some(AuthType::Signin),
            "join" => Some(AuthType::Join),
            "auth" => Some(AuthType::Auth),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OAuthCallback {
    #[serde(rename = "type")]
    pub auth_type: AuthType,
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's `error` (e.g. `access_denied`) when the person declined.
    pub error: Option<String>,
    /// The address to put in the address bar: the same, without `type`.
    pub cleaned_url: String,
}

/// `url` is the full return address or its path and query. A missing or unknown `type` is a
/// fault whose message is SPEC's 'query string error'.
pub fn parse_oauth_callback(url: &str) -> Result<OAuthCallback, Fault> {
    let (origin, rest) = match url.find("://") {
        Some(scheme_end) => {
            let path_start = url[scheme_end + 3..]
                .find('/')
                .map_or(url.len(), |p| scheme_end + 3 + p);
            url.split_at(path_start)
        }
        None => ("", url),
    };
    let (path, search, hash) = split_full_path(rest);
    let pairs: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .collect();
    let key_of = |pair: &str| decode_component(pair.split('=').next().unwrap_or(""));
    let value_of = |name: &str| {
        pairs
            .iter()
            .find(|pair| key_of(pair) == name)
            .map(|pair| decode_component(pair.split_once('=').map_or("", |(_, v)| v)))
    };
    let query_error = || Fault::new("query_string_error", text(Text::QueryStringError, Lang::En));
    let auth_type = value_of("type")
        .as_deref()
        .and_then(AuthType::parse)
        .ok_or_else(query_error)?;
    let kept: Vec<&str> = pairs
        .iter()
        .copied()
        .filter(|pair| key_of(pair) != "type")
        .collect();
    let query = if kept.is_empty() {
        String::new()
    } else {
        format!("?{}", kept.join("&"))
    };
    let non_empty = |value: Option<String>| value.filter(|v| !v.trim().is_empty());
    Ok(OAuthCallback {
        auth_type,
        code: non_empty(value_of("code")),
        state: non_empty(value_of("state")),
        error: non_empty(value_of("error")),
        cleaned_url: format!("{origin}{path}{query}{hash}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_type_and_cleans_the_address() {
        let parsed =
            parse_oauth_callback("/member/auth/callbackOauth?type=signin&code=abc%2B1&state=s1")
                .unwrap();
        assert_eq!(parsed.auth_type, AuthType::Signin);
        assert_eq!(parsed.code.as_deref(), Some("abc+1"));
        assert_eq!(parsed.state.as_deref(), Some("s1"));
        assert_eq!(
            parsed.cleaned_url,
            "/member/auth/callbackOauth?code=abc%2B1&state=s1"
        );
    }

    #[test]
    fn keeps_origin_and_hash_and_handles_only_type() {
        let parsed =
            parse_oauth_callback("https://tidemark.test/member/auth/callbackOauth?type=join#x")
                .unwrap();
        assert_eq!(parsed.auth_type, AuthType::Join);
        assert_eq!(
            parsed.cleaned_url,
            "https://tidemark.test/member/auth/callbackOauth#x"
        );
        let declined = parse_oauth_callback("/cb?error=access_denied&type=auth").unwrap();
        assert_eq!(declined.auth_type, AuthType::Auth);
        assert_eq!(declined.error.as_deref(), Some("access_denied"));
        assert_eq!(declined.code, None);
        assert_eq!(declined.cleaned_url, "/cb?error=access_denied");
    }

    #[test]
    fn missing_or_unknown_type_is_a_query_string_error() {
        for url in [
            "/member/auth/callbackOauth?code=1",
            "/cb",
            "/cb?type=",
            "/cb?type=SIGNIN",
            "/cb?type=hack",
        ] {
            let fault = parse_oauth_callback(url).unwrap_err();
            assert_eq!(fault.message, "query string error", "{url}");
            assert_eq!(fault.code, "query_string_error");
        }
    }
}
