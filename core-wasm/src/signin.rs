//! The sign-in request of SPEC §3 and §5: credentials plus device information, sent only
//! after the account status call answered code 0.

use crate::device::{detect_device, DeviceOs, DeviceType};
use crate::empty::is_blank;
use crate::Fault;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", deny_unknown_fields)]
pub enum Credentials {
    Email {
        email: String,
        password: String,
        #[serde(default)]
        auto_login: bool,
    },
    /// After the server exchanged the provider's code: `authToken` and the provider `channel`.
    Social { auth_token: String, channel: String },
    /// With a passkey: no e-mail, password or token (the browser's answer goes beside the
    /// body); `autoLogin` asks to stay signed in.
    Passkey {
        #[serde(default)]
        auto_login: bool,
    },
}

/// What the device adds to the body; the user agent is the caller's, the rest the core derives.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceContext {
    pub user_agent: String,
    pub device_id: String,
    pub push_token: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SignInBody {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth_token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channel: Option<String>,
    /// 'Y' or 'N'; social sign-in always sends 'N' (SPEC §3).
    pub auto_login: &'static str,
    pub device_type: DeviceType,
    pub device_os: Option<DeviceOs>,
    pub browser: String,
    pub browser_ver: String,
    pub browser_agent: String,
    pub os_version: String,
    pub device_id: String,
    pub push_token: String,
}

/// Social channels the product signs in with (PRODUCT "Members").
pub const CHANNELS: [&str; 4] = ["kakao", "naver", "google", "local"];

pub fn sign_in_body(
    credentials: &Credentials,
    device: &DeviceContext,
) -> Result<SignInBody, Fault> {
    let info = detect_device(&device.user_agent);
    let mut body = SignInBody {
        email: None,
        password: None,
        auth_token: None,
        channel: None,
        auto_login: "N",
        device_type: info.device_type,
        device_os: info.device_os,
        browser: info.browser,
        browser_ver: info.browser_ver,
        browser_agent: device.user_agent.clone(),
        os_version: info.os_version,
        device_id: device.device_id.clone(),
        push_token: device.push_token.clone(),
    };
    match credentials {
        Credentials::Email {
            email,
            password,
            auto_login,
        } => {
            if is_blank(Some(email)) || password.is_empty() {
                return Err(Fault::new("104", "email and password are required"));
            }
            body.email = Some(email.trim().to_string());
            body.password = Some(password.clone());
            body.auto_login = if *auto_login { "Y" } else { "N" };
        }
        Credentials::Social {
            auth_token,
            channel,
        } => {
            if is_blank(Some(auth_token)) {
                // SPEC §8: a social sign-in without a token is the default error.
                return Err(Fault::new("999", "social sign-in without a token"));
            }
            let channel = channel.trim().to_ascii_lowercase();
            if !CHANNELS.contains(&channel.as_str()) {
                return Err(Fault::new("104", format!("unknown channel: {channel}")));
            }
            body.auth_token = Some(auth_token.clone());
            body.channel = Some(channel);
        }
        Credentials::Passkey { auto_login } => {
            body.auto_login = if *auto_login { "Y" } else { "N" };
        }
    }
    Ok(body)
}

/// SPEC §5: sign in only if the account status call answered code 0.
pub fn may_sign_in(account_status_code: &str) -> bool {
    account_status_code.trim() == "0"
}

#[cfg(test)]
mod tests {
    use super::*;

    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1";

    fn device() -> DeviceContext {
        DeviceContext {
            user_agent: IPHONE.into(),
            device_id: "dev-1".into(),
            push_token: String::new(),
        }
    }

    #[test]
    fn email_body_carries_device_info() {
        let credentials = Credentials::Email {
            email: " reader@tidemark.test ".into(),
            password: "Demo-pass-2026".into(),
            auto_login: true,
        };
        let body = sign_in_body(&credentials, &device()).unwrap();
        assert_eq!(body.email.as_deref(), Some("reader@tidemark.test"));
        assert_eq!(body.auto_login, "Y");
        assert_eq!(body.browser_agent, IPHONE);
        assert_eq!(body.device_type, DeviceType::Mobile);
        assert_eq!(body.device_os, Some(DeviceOs::Ios));
        assert_eq!(body.device_id, "dev-1");
        let json = serde_json::to_value(&body).unwrap();
        for field in [
            "deviceType",
            "deviceOs",
            "browser",
            "browserVer",
            "browserAgent",
            "osVersion",
            "deviceId",
            "pushToken",
        ] {
            assert!(json.get(field).is_some(), "{field}");
        }
        assert!(json.get("authToken").is_none());
    }

    #[test]
    fn passkey_body_carries_the_device_and_no_secret() {
        let body = sign_in_body(&Credentials::Passkey { auto_login: true }, &device()).unwrap();
        assert_eq!(body.auto_login, "Y");
        assert_eq!(body.device_os, Some(DeviceOs::Ios));
        let json = serde_json::to_value(&body).unwrap();
        for field in ["email", "password", "authToken", "channel"] {
            assert!(json.get(field).is_none(), "{field}");
        }
    }

    #[test]
    fn social_body_sends_auto_login_n() {
        let credentials = Credentials::Social {
            auth_token: "tok".into(),
            channel: "Kakao".into(),
        };
        let body = sign_in_body(&credentials, &device()).unwrap();
        assert_eq!(body.auto_login, "N");
        assert_eq!(body.channel.as_deref(), Some("kakao"));
        assert!(body.email.is_none());
    }

    #[test]
    fn missing_parts_are_faults() {
        let no_token = Credentials::Social {
            auth_token: " ".into(),
            channel: "naver".into(),
        };
        assert_eq!(sign_in_body(&no_token, &device()).unwrap_err().code, "999");
        let no_password = Credentials::Email {
            email: "a@b.io".into(),
            password: String::new(),
            auto_login: false,
        };
        assert_eq!(
            sign_in_body(&no_password, &device()).unwrap_err().code,
            "104"
        );
        let odd_channel = Credentials::Social {
            auth_token: "t".into(),
            channel: "myspace".into(),
        };
        assert_eq!(
            sign_in_body(&odd_channel, &device()).unwrap_err().code,
            "104"
        );
    }

    #[test]
    fn account_status_gate() {
        assert!(may_sign_in("0"));
        assert!(!may_sign_in("2002"));
        assert!(!may_sign_in(""));
    }
}
