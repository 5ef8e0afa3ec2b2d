//! The whole journey through the built-in local provider, as a browser and the callback page
//! make it: authorize, consent, join once the terms are accepted, sign out and in again; and
//! declining on the provider's page.

use super::*;
use tidemark_core::oauth::AuthType;

#[tokio::test]
async fn a_reader_joins_and_signs_in_with_the_local_provider() {
    on_each_database(|app: TestApp| async move {
        let email = "persona@tidemark.test";
        let (authorize_url, kept) = the_ui_is_told_where_to_send_the_browser(&app).await;
        let auth_token =
            the_provider_returns_a_code_for_the_kept_state(&app, &authorize_url, &kept, email)
                .await;
        let member_id =
            a_new_identity_joins_once_the_terms_are_accepted(&app, &auth_token, email).await;
        the_member_is_signed_in_at_once_and_joins_only_once(&app, &auth_token, email, member_id)
            .await;
        let access =
            signing_out_and_in_again_with_the_provider_sets_the_cookies(&app, email, member_id)
                .await;
        // The access token in the answer works as a header too (APP web view).
        let header_profile = crate::helpers::browser()
            .get(app.url("/oauth/v1/token/profile"))
            .header("_tma_token", access)
            .send()
            .await
            .unwrap();
        assert_eq!(header_profile.status(), 200);
    })
    .await;
}

/// The UI asks where to send the browser: an authorization address with PKCE (S256) and a
/// state the server keeps. Answers the address and the kept state.
async fn the_ui_is_told_where_to_send_the_browser(app: &TestApp) -> (String, oauth_states::Model) {
    let (status, offered) = app.get("/oauth/v1/social/channels").await;
    assert_eq!(
        (status, &offered["data"]["channels"]),
        (200, &json!(["local"])),
        "the local provider is offered in tests, and nothing unconfigured: {offered}"
    );
    let started = authorize(app, "local", "join").await;
    assert_eq!(started["channel"], "local");
    assert_eq!(started["type"], "join");
    assert_eq!(
        started["redirectUrl"], "/post/latest/list?sort=LATEST",
        "echoed for session storage"
    );
    let authorize_url = started["authorizeUrl"].as_str().unwrap();
    let params = query_of(authorize_url);
    assert_eq!(params["response_type"], "code");
    assert_eq!(params["client_id"], "tidemark-local");
    assert_eq!(params["code_challenge_method"], "S256");
    assert_eq!(params["code_challenge"].len(), 43);
    // A path: the browser comes back to the address it is at, whatever the public one.
    assert_eq!(
        params["redirect_uri"],
        "/member/auth/callbackOauth?type=join"
    );
    let kept = oauth_states::Entity::find()
        .filter(oauth_states::Column::State.eq(&params["state"]))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the state is kept");
    assert_eq!(
        (kept.provider.as_str(), kept.purpose.as_str()),
        ("local", "join")
    );
    let verifier = kept.code_verifier.clone().unwrap();
    assert!(verifier.len() >= 43);
    assert_eq!(
        s256(&verifier),
        params["code_challenge"],
        "the challenge is S256 of the kept verifier"
    );
    assert!(kept.expires_at > Utc::now() + Duration::minutes(9));
    (authorize_url.to_string(), kept)
}

/// The person allows; the provider returns to the callback page with code and state, which
/// the callback page trades for an auth token once. Answers the token.
async fn the_provider_returns_a_code_for_the_kept_state(
    app: &TestApp,
    authorize_url: &str,
    kept: &oauth_states::Model,
    email: &str,
) -> String {
    let callback = consent(app, authorize_url, "allow", "테스트 독자", email).await;
    let parsed = parse_oauth_callback(&callback).unwrap();
    assert_eq!(parsed.auth_type, AuthType::Join);
    assert_eq!(parsed.state.as_deref(), Some(kept.state.as_str()));
    assert!(parsed.code.is_some() && parsed.error.is_none());

    let (status, token) = finish(app, "local", &callback).await;
    assert_eq!(status, 200, "{token}");
    let data = &token["data"];
    assert_eq!(data["channel"], "local");
    assert_eq!(data["type"], "join");
    assert_eq!(data["email"], email);
    assert_eq!(data["name"], "테스트 독자");
    assert_eq!(data["accountExists"], false);
    let consumed = oauth_states::Entity::find_by_id(kept.id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert!(consumed.consumed_at.is_some(), "the state is used up");
    data["authToken"].as_str().unwrap().to_string()
}

/// SPEC §5: account status first; no account yet → 2002, the client goes to join, where the
/// terms must be accepted. Answers the new member's id.
async fn a_new_identity_joins_once_the_terms_are_accepted(
    app: &TestApp,
    auth_token: &str,
    email: &str,
) -> i64 {
    let (status, body) = app
        .post(
            "/membership/v1/account/status",
            social_sign_in(auth_token, "local"),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("2002")),
        "{body}"
    );

    let (status, body) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": false}}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "terms must be accepted: {body}"
    );
    let (status, joined) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": true, "marketing": true}}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["data"]["autoLogin"], "N");
    assert!(joined["data"]["accessToken"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    let member_id = joined["data"]["memberId"].as_i64().unwrap();
    let member = members::Entity::find_by_id(member_id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(member.signup_channel, "local");
    assert_eq!(member.email.as_deref(), Some(email));
    assert!(
        member.password_hash.is_none(),
        "a social account has no password"
    );
    assert!(member.marketing_opt_in && member.terms_agreed_at.is_some());
    member_id
}

async fn the_member_is_signed_in_at_once_and_joins_only_once(
    app: &TestApp,
    auth_token: &str,
    email: &str,
    member_id: i64,
) {
    let identity = social_identities::Entity::find()
        .filter(social_identities::Column::MemberId.eq(member_id))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the identity is linked");
    assert_eq!(identity.provider, "local");

    // Signed in at once (cookies).
    let (status, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["data"]["channel"], "local");
    assert_eq!(profile["data"]["email"], email);
    assert_eq!(profile["data"]["memberId"], member_id);

    // Joining twice with the same identity is refused.
    let (status, again) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": true}}),
        )
        .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("2007")),
        "{again}"
    );
}

/// Sign out, then sign in again with the provider: the session cookies of SPEC §3. Answers
/// the access token of the sign-in's answer.
async fn signing_out_and_in_again_with_the_provider_sets_the_cookies(
    app: &TestApp,
    email: &str,
    member_id: i64,
) -> String {
    app.post("/membership/v1/logout", json!({})).await;
    assert_eq!(app.get("/oauth/v1/token/profile").await.0, 401);
    let signin = local_token(app, "signin", "테스트 독자", email).await;
    assert_eq!(signin["type"], "signin");
    assert_eq!(
        signin["accountExists"], true,
        "the same e-mail is the same persona"
    );
    let auth_token = signin["authToken"].as_str().unwrap();
    let (status, body) = app
        .post(
            "/membership/v1/account/status",
            social_sign_in(auth_token, "local"),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (200, Some("0")), "{body}");
    let response = app
        .client
        .post(app.url("/membership/v1/login"))
        .json(&social_sign_in(auth_token, "local"))
        .send()
        .await
        .unwrap();
    let cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    let (status, login) = read(response).await;
    assert_eq!(status, 200, "{login}");
    assert_eq!(login["code"], "0");
    assert_eq!(login["data"]["autoLogin"], "N");
    assert!(login["data"]["refreshToken"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    for name in ["tma=", "tmr=", "tml=N"] {
        assert!(
            cookies.iter().any(|c| c.starts_with(name)),
            "{name} in {cookies:?}"
        );
    }
    assert!(cookies
        .iter()
        .any(|c| c.starts_with("tma=") && c.contains("HttpOnly")));
    let (status, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(
        (status, profile["data"]["memberId"].as_i64()),
        (200, Some(member_id))
    );
    login["data"]["accessToken"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn declining_on_the_provider_page_returns_access_denied() {
    on_each_database(|app: TestApp| async move {
        let started = authorize(&app, "local", "signin").await;
        let authorize_url = started["authorizeUrl"].as_str().unwrap();
        let state = query_of(authorize_url)["state"].clone();
        let callback = consent(&app, authorize_url, "deny", "", "").await;
        assert!(
            callback.starts_with("/member/auth/callbackOauth?type=signin&"),
            "{callback}"
        );
        let parsed = parse_oauth_callback(&callback).unwrap();
        assert_eq!(parsed.error.as_deref(), Some("access_denied"));
        assert_eq!(parsed.state.as_deref(), Some(state.as_str()));
        assert_eq!(parsed.code, None);
        assert_eq!(parsed.auth_type, AuthType::Signin);

        // A bad persona shows the page again with a message, and no code.
        let mut form = query_of(authorize_url);
        form.extend(
            [
                ("decision", "allow"),
                ("name", "누구"),
                ("email", "not-an-address"),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string())),
        );
        let answer = navigator()
            .post(app.url("/oauth/local/authorize"))
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 400);
        let html = answer.text().await.unwrap();
        assert!(
            html.contains("올바른 이메일") && html.contains("not-an-address"),
            "{html}"
        );
    })
    .await;
}
