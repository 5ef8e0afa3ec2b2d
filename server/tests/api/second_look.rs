//! A second look before what cannot be undone: removing a member of the team, an operator's
//! verification of a business and removal of a post answer 403/2013 until this session has
//! checked the password, and again once that check is over five minutes old; a check made on
//! another session of the same member does not count (docs/security.md).

use crate::helpers::*;
use reqwest::Method;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use tidemark_server::entities::refresh_token_families;

/// Makes every password check of `email`'s sessions six minutes old.
async fn age_checks(app: &TestApp, email: &str) {
    let member = member_id_of(app, email).await;
    refresh_token_families::Entity::update_many()
        .col_expr(
            refresh_token_families::Column::PasswordCheckedAt,
            Expr::value(chrono::Utc::now() - chrono::Duration::minutes(6)),
        )
        .filter(refresh_token_families::Column::MemberId.eq(member))
        .exec(&app.state.db)
        .await
        .unwrap();
}

/// The call is refused with "confirm it's you", in the product's words.
fn asks_to_confirm(status: u16, body: &Value) {
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "2013", "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("confirm it's you"),
        "{body}"
    );
}

#[tokio::test]
async fn what_cannot_be_undone_asks_to_confirm_its_you() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let manager = member_id_of(&app, "manager@tidemark.test").await;
        let team = format!("/api/v1/businesses/{business}/managers");
        let remove_manager = format!("{team}/{manager}");

        // Signed in a moment ago is not a check: the manager stays.
        let (status, body) = call(&app, &master, Method::DELETE, &remove_manager, None).await;
        asks_to_confirm(status, &body);
        // A check on another session of the master opens nothing on this one.
        let elsewhere = app.signed_in("master@tidemark.test").await;
        check_password(&app, &elsewhere).await;
        let (status, body) = call(&app, &master, Method::DELETE, &remove_manager, None).await;
        asks_to_confirm(status, &body);
        let (_, people) = call(&app, &master, Method::GET, &team, None).await;
        assert!(
            people["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["memberId"] == manager),
            "{people}"
        );
        check_password(&app, &master).await;
        let (status, body) = call(&app, &master, Method::DELETE, &remove_manager, None).await;
        assert_eq!(status, 200, "{body}");
        let (_, people) = call(&app, &master, Method::GET, &team, None).await;
        assert!(
            people["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["memberId"] != manager),
            "{people}"
        );

        // The operator's badge: refused, then given after the check.
        let admin = app.signed_in("admin@tidemark.test").await;
        let verify = format!("/api/v1/admin/businesses/{business}/verify");
        let badge = json!({"verified": false, "note": "서류 재확인"});
        let (status, body) = call(&app, &admin, Method::POST, &verify, Some(badge.clone())).await;
        asks_to_confirm(status, &body);
        check_password(&app, &admin).await;
        let (status, body) = call(&app, &admin, Method::POST, &verify, Some(badge)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["verified"], false, "{body}");

        // The removal of a post, once the operator's check is six minutes old: refused, and
        // the post is still there; after a new check it goes.
        let post = publish_post(&app, &master, 1, "다시 확인할 글", "<p>본문</p>", &[]).await;
        age_checks(&app, "admin@tidemark.test").await;
        let remove = format!("/api/v1/admin/posts/{post}/remove");
        let reason = json!({"reason": "저작권 침해 신고"});
        let (status, body) = call(&app, &admin, Method::POST, &remove, Some(reason.clone())).await;
        asks_to_confirm(status, &body);
        let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 200, "the post is still there");
        check_password(&app, &admin).await;
        let (status, body) = call(&app, &admin, Method::POST, &remove, Some(reason)).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 404);
    })
    .await;
}
