//! The social sign-in providers' settings: each remote provider's client and addresses.

use super::kind::{Kind, Setting, Value, PLAIN, WEB};

/// The settings of one remote sign-in provider.
pub struct ProviderSettings {
    pub client_id: &'static Setting,
    pub client_secret: &'static Setting,
    pub auth_url: &'static Setting,
    pub token_url: &'static Setting,
    pub userinfo_url: &'static Setting,
}

pub const KAKAO_CLIENT_ID: Setting = Setting {
    name: "TIDEMARK_KAKAO_CLIENT_ID",
    kind: Kind::Text,
    default: None,
    about: "sign-in with Kakao: the app's REST API key",
    ..PLAIN
};

pub const KAKAO_CLIENT_SECRET: Setting = Setting {
    name: "TIDEMARK_KAKAO_CLIENT_SECRET",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "sign-in with Kakao: the client secret, when the app has one",
    ..PLAIN
};

pub const KAKAO_AUTH_URL: Setting = Setting {
    name: "TIDEMARK_KAKAO_AUTH_URL",
    kind: WEB,
    default: Some(Value::Text("https://kauth.kakao.com/oauth/authorize")),
    about: "Kakao's consent page (https in production)",
    ..PLAIN
};

pub const KAKAO_TOKEN_URL: Setting = Setting {
    name: "TIDEMARK_KAKAO_TOKEN_URL",
    kind: WEB,
    default: Some(Value::Text("https://kauth.kakao.com/oauth/token")),
    about: "Kakao's token endpoint (https in production)",
    ..PLAIN
};

pub const KAKAO_USERINFO_URL: Setting = Setting {
    name: "TIDEMARK_KAKAO_USERINFO_URL",
    kind: WEB,
    default: Some(Value::Text("https://kapi.kakao.com/v2/user/me")),
    about: "Kakao's user information endpoint (https in production)",
    ..PLAIN
};

pub const KAKAO: ProviderSettings = ProviderSettings {
    client_id: &KAKAO_CLIENT_ID,
    client_secret: &KAKAO_CLIENT_SECRET,
    auth_url: &KAKAO_AUTH_URL,
    token_url: &KAKAO_TOKEN_URL,
    userinfo_url: &KAKAO_USERINFO_URL,
};

pub const NAVER_CLIENT_ID: Setting = Setting {
    name: "TIDEMARK_NAVER_CLIENT_ID",
    kind: Kind::Text,
    default: None,
    about: "sign-in with Naver: the client id (with its secret)",
    ..PLAIN
};

pub const NAVER_CLIENT_SECRET: Setting = Setting {
    name: "TIDEMARK_NAVER_CLIENT_SECRET",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "sign-in with Naver: the client secret",
    ..PLAIN
};

pub const NAVER_AUTH_URL: Setting = Setting {
    name: "TIDEMARK_NAVER_AUTH_URL",
    kind: WEB,
    default: Some(Value::Text("https://nid.naver.com/oauth2.0/authorize")),
    about: "Naver's consent page (https in production)",
    ..PLAIN
};

pub const NAVER_TOKEN_URL: Setting = Setting {
    name: "TIDEMARK_NAVER_TOKEN_URL",
    kind: WEB,
    default: Some(Value::Text("https://nid.naver.com/oauth2.0/token")),
    about: "Naver's token endpoint (https in production)",
    ..PLAIN
};

pub const NAVER_USERINFO_URL: Setting = Setting {
    name: "TIDEMARK_NAVER_USERINFO_URL",
    kind: WEB,
    default: Some(Value::Text("https://openapi.naver.com/v1/nid/me")),
    about: "Naver's user information endpoint (https in production)",
    ..PLAIN
};

pub const NAVER: ProviderSettings = ProviderSettings {
    client_id: &NAVER_CLIENT_ID,
    client_secret: &NAVER_CLIENT_SECRET,
    auth_url: &NAVER_AUTH_URL,
    token_url: &NAVER_TOKEN_URL,
    userinfo_url: &NAVER_USERINFO_URL,
};

pub const GOOGLE_CLIENT_ID: Setting = Setting {
    name: "TIDEMARK_GOOGLE_CLIENT_ID",
    kind: Kind::Text,
    default: None,
    about: "sign-in with Google: the OAuth client id (with its secret)",
    ..PLAIN
};

pub const GOOGLE_CLIENT_SECRET: Setting = Setting {
    name: "TIDEMARK_GOOGLE_CLIENT_SECRET",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "sign-in with Google: the OAuth client secret",
    ..PLAIN
};

pub const GOOGLE_AUTH_URL: Setting = Setting {
    name: "TIDEMARK_GOOGLE_AUTH_URL",
    kind: WEB,
    default: Some(Value::Text("https://accounts.google.com/o/oauth2/v2/auth")),
    about: "Google's consent page (https in production)",
    ..PLAIN
};

pub const GOOGLE_TOKEN_URL: Setting = Setting {
    name: "TIDEMARK_GOOGLE_TOKEN_URL",
    kind: WEB,
    default: Some(Value::Text("https://oauth2.googleapis.com/token")),
    about: "Google's token endpoint (https in production)",
    ..PLAIN
};

pub const GOOGLE_USERINFO_URL: Setting = Setting {
    name: "TIDEMARK_GOOGLE_USERINFO_URL",
    kind: WEB,
    default: Some(Value::Text(
        "https://openidconnect.googleapis.com/v1/userinfo",
    )),
    about: "Google's user information endpoint (https in production)",
    ..PLAIN
};

pub const GOOGLE: ProviderSettings = ProviderSettings {
    client_id: &GOOGLE_CLIENT_ID,
    client_secret: &GOOGLE_CLIENT_SECRET,
    auth_url: &GOOGLE_AUTH_URL,
    token_url: &GOOGLE_TOKEN_URL,
    userinfo_url: &GOOGLE_USERINFO_URL,
};
