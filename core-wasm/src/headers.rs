//! Request headers of SPEC §6–7: every call carries the time-zone offset and the current
//! tokens (empty when absent); a visitor who is not signed in also carries the guest id.

use serde::{Deserialize, Serialize};

pub const OFFSET: &str = "_off_set";
pub const ACCESS: &str = "_tma_token";
pub const REFRESH: &str = "_tmr_token";
pub const GUEST: &str = "_tma_id";

/// The tokens and guest id the client holds. The web client's tokens live in HttpOnly cookies
/// and are absent here; the APP web view and API clients pass them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SessionTokens {
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    pub guest_id: Option<String>,
    /// Some calls send the guest id alongside member tokens (sign-in, logout).
    pub include_guest: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Header {
    pub name: &'static str,
    pub value: String,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// `offset_minutes` is minutes east of UTC (KST is 540), i.e. `-Date#getTimezoneOffset()`.
pub fn request_headers(session: &SessionTokens, offset_minutes: i32) -> Vec<Header> {
    let access = present(&session.access_token);
    let mut headers = vec![
        Header {
            name: OFFSET,
            value: offset_minutes.to_string(),
        },
        Header {
            name: ACCESS,
            value: access.unwrap_or("").to_string(),
        },
        Header {
            name: REFRESH,
            value: present(&session.refresh_token).unwrap_or("").to_string(),
        },
    ];
    if let Some(guest) = present(&session.guest_id) {
        if access.is_none() || session.include_guest {
            headers.push(Header {
                name: GUEST,
                value: guest.to_string(),
            });
        }
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(headers: &[Header]) -> Vec<(&str, &str)> {
        headers.iter().map(|h| (h.name, h.value.as_str())).collect()
    }

    #[test]
    fn guest_sends_offset_empty_tokens_and_guest_id() {
        let guest = SessionTokens {
            guest_id: Some("g-123".into()),
            ..Default::default()
        };
        assert_eq!(
            names(&request_headers(&guest, 540)),
            vec![
                ("_off_set", "540"),
                ("_tma_token", ""),
                ("_tmr_token", ""),
                ("_tma_id", "g-123")
            ]
        );
    }

    #[test]
    fn member_sends_tokens_and_guest_only_when_asked() {
        let mut member = SessionTokens {
            access_token: Some("a".into()),
            refresh_token: Some("r".into()),
            guest_id: Some("g".into()),
            include_guest: false,
        };
        assert_eq!(
            names(&request_headers(&member, -300)),
            vec![
                ("_off_set", "-300"),
                ("_tma_token", "a"),
                ("_tmr_token", "r")
            ]
        );
        member.include_guest = true;
        assert_eq!(request_headers(&member, 0).last().unwrap().name, "_tma_id");
    }

    #[test]
    fn blank_values_count_as_absent() {
        let blank = SessionTokens {
            access_token: Some(" ".into()),
            guest_id: Some("".into()),
            ..Default::default()
        };
        assert_eq!(
            names(&request_headers(&blank, 0)),
            vec![("_off_set", "0"), ("_tma_token", ""), ("_tmr_token", "")]
        );
    }
}
