//! The session cookies of SPEC §9, as the server sets them: `tma` and `tmr` HttpOnly, all
//! SameSite=Lax, Secure over https.

use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use tidemark_core::cookies::{
    login_cookie_max_age, ACCESS_TOKEN, AUTO_LOGIN, GUEST_ID, GUEST_MAX_AGE_SECS, REFRESH_TOKEN,
};

/// A cookie living `max_age_secs`, or until the browser closes when `None`.
fn cookie(
    name: &'static str,
    value: String,
    max_age_secs: Option<i64>,
    http_only: bool,
    secure: bool,
) -> Cookie<'static> {
    let mut cookie = Cookie::build((name, value))
        .path("/")
        .http_only(http_only)
        .secure(secure)
        .same_site(SameSite::Lax)
        .build();
    if let Some(seconds) = max_age_secs {
        cookie.set_max_age(time::Duration::seconds(seconds));
    }
    cookie
}

/// The session's cookies: kept 30 days when the member asked to stay signed in, session
/// cookies (gone when the browser closes) when not.
pub fn with_session(
    jar: CookieJar,
    access: &str,
    refresh: &str,
    auto_login: bool,
    secure: bool,
) -> CookieJar {
    let max_age = login_cookie_max_age(auto_login);
    jar.add(cookie(
        ACCESS_TOKEN,
        access.to_string(),
        max_age,
        true,
        secure,
    ))
    .add(cookie(
        REFRESH_TOKEN,
        refresh.to_string(),
        max_age,
        true,
        secure,
    ))
    .add(cookie(
        AUTO_LOGIN,
        if auto_login { "Y" } else { "N" }.to_string(),
        max_age,
        false,
        secure,
    ))
}

pub fn without_session(jar: CookieJar, secure: bool) -> CookieJar {
    [ACCESS_TOKEN, REFRESH_TOKEN, AUTO_LOGIN]
        .into_iter()
        .fold(jar, |jar, name| {
            jar.add(cookie(
                name,
                String::new(),
                Some(0),
                name != AUTO_LOGIN,
                secure,
            ))
        })
}

pub fn with_guest(jar: CookieJar, guest_id: &str, secure: bool) -> CookieJar {
    jar.add(cookie(
        GUEST_ID,
        guest_id.to_string(),
        Some(GUEST_MAX_AGE_SECS),
        false,
        secure,
    ))
}
