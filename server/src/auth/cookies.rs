//! The session cookies of SPEC §9, as the server sets them: `tma` and `tmr` HttpOnly, all
//! SameSite=Lax, Secure over https.

use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use tidemark_core::cookies::{
    ACCESS_TOKEN, AUTO_LOGIN, GUEST_ID, GUEST_MAX_AGE_SECS, LOGIN_MAX_AGE_SECS, REFRESH_TOKEN,
};

fn cookie(
    name: &'static str,
    value: String,
    max_age_secs: i64,
    http_only: bool,
    secure: bool,
) -> Cookie<'static> {
    Cookie::build((name, value))
        .path("/")
        .http_only(http_only)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(max_age_secs))
        .build()
}

pub fn with_session(
    jar: CookieJar,
    access: &str,
    refresh: &str,
    auto_login: bool,
    secure: bool,
) -> CookieJar {
    jar.add(cookie(
        ACCESS_TOKEN,
        access.to_string(),
        LOGIN_MAX_AGE_SECS,
        true,
        secure,
    ))
    .add(cookie(
        REFRESH_TOKEN,
        refresh.to_string(),
        LOGIN_MAX_AGE_SECS,
        true,
        secure,
    ))
    .add(cookie(
        AUTO_LOGIN,
        if auto_login { "Y" } else { "N" }.to_string(),
        LOGIN_MAX_AGE_SECS,
        false,
        secure,
    ))
}

pub fn without_session(jar: CookieJar, secure: bool) -> CookieJar {
    [ACCESS_TOKEN, REFRESH_TOKEN, AUTO_LOGIN]
        .into_iter()
        .fold(jar, |jar, name| {
            jar.add(cookie(name, String::new(), 0, name != AUTO_LOGIN, secure))
        })
}

pub fn with_guest(jar: CookieJar, guest_id: &str, secure: bool) -> CookieJar {
    jar.add(cookie(
        GUEST_ID,
        guest_id.to_string(),
        GUEST_MAX_AGE_SECS,
        false,
        secure,
    ))
}
