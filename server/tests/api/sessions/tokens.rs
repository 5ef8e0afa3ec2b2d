//! After sign-in: refresh tokens rotate and a reused one revokes its family, the token check
//! leaves a fresh access token alone, and sign-out ends the session.

use super::*;
use crate::helpers::call;
use serde_json::Value;

#[tokio::test]
async fn refresh_rotates_and_a_reused_token_revokes_the_family() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let (_, body) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        let first = body["data"]["refreshToken"].as_str().unwrap().to_string();

        // An APP client with only the refresh token: rotation gives a new pair.
        let check = |refresh: String| {
            let url = app.url("/oauth/v1/token/check");
            async move {
                read(
                    browser()
                        .post(url)
                        .header("_tmr_token", refresh)
                        .json(&json!({}))
                        .send()
                        .await
                        .unwrap(),
                )
                .await
            }
        };
        let (status, rotated) = check(first.clone()).await;
        assert_eq!(status, 200, "{rotated}");
        let second = rotated["data"]["refreshToken"]
            .as_str()
            .unwrap()
            .to_string();
        assert_ne!(second, first);
        assert!(rotated["data"]["accessToken"].as_str().is_some());

        // The first token again: a reuse. Its whole family is revoked, the newer token too.
        let (status, _) = check(first).await;
        assert_eq!(status, 401);
        let (status, _) = check(second).await;
        assert_eq!(status, 401, "the family is revoked");
        let family = refresh_token_families::Entity::find()
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(family.revoked_reason.as_deref(), Some("reuse"));
    })
    .await;
}

#[tokio::test]
async fn a_fresh_access_token_is_left_alone_by_token_check() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let member = app.signed_in("member@tidemark.test").await;
        let (status, body) = call(
            &app,
            &member,
            reqwest::Method::POST,
            "/oauth/v1/token/check",
            Some(json!({})),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["accessToken"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn sign_out_ends_the_session() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let (_, body) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        let response = app
            .client
            .post(app.url("/membership/v1/logout"))
            .send()
            .await
            .unwrap();
        assert!(set_cookie(response.headers(), "tma").contains("Max-Age=0"));
        assert_eq!(response.status(), 200);
        // Even a copy of the access token stops working at once.
        let (status, _) = read(
            browser()
                .get(app.url("/oauth/v1/token/profile"))
                .header("_tma_token", access)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 401);
    })
    .await;
}
