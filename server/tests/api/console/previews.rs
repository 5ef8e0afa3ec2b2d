//! Preview links: made, listed, revoked; read by anyone holding one, never cached or indexed.

use super::*;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use tidemark_server::entities::post_previews;

#[tokio::test]
async fn console_preview_links_show_a_post_before_it_is_public() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
        let mut scheduled = post_body("내일 공개", 2, &["예고"], "schedule");
        scheduled["publishAt"] = json!(tomorrow);
        let post = new_post(&app, &master, scheduled).await;
        let previews = format!("/api/v1/posts/{post}/previews");

        let (status, made) = send(&app, &master, Method::POST, &previews, Some(json!({}))).await;
        assert_eq!(status, 200, "{made}");
        let token = made["data"]["token"].as_str().unwrap().to_string();
        assert_eq!(made["data"]["url"], format!("/preview/{token}"));
        let expires: chrono::DateTime<chrono::Utc> =
            made["data"]["expiresAt"].as_str().unwrap().parse().unwrap();
        assert!(
            (expires - chrono::Utc::now() - chrono::Duration::days(7))
                .num_seconds()
                .abs()
                < 60
        );

        // Anyone with the link reads the post as the public detail shows one, never cached.
        let response = reqwest::get(app.url(&format!("/api/v1/previews/{token}")))
            .await
            .unwrap();
        assert_eq!(response.headers()["cache-control"], "no-store");
        assert_eq!(response.headers()["x-robots-tag"], "noindex");
        let (status, shown) = read(response).await;
        assert_eq!(status, 200, "{shown}");
        assert_eq!(
            (
                shown["data"]["postSeq"].as_i64(),
                shown["data"]["status"].as_str()
            ),
            (Some(post), Some("SCHEDULED"))
        );
        assert_eq!(
            (
                shown["data"]["preview"].as_bool(),
                shown["data"].get("version")
            ),
            (Some(true), None)
        );
        let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 404, "still not public");
        let public = new_post(&app, &master, post_body("공개된 글", 2, &[], "publish")).await;
        let (_, public_detail) = app.get(&format!("/api/v1/posts/{public}")).await;
        let expected: std::collections::BTreeSet<String> = public_detail["data"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .chain(["preview".to_string()])
            .collect();
        let got: std::collections::BTreeSet<String> =
            shown["data"].as_object().unwrap().keys().cloned().collect();
        assert_eq!(got, expected);

        // The page: the app's page, not for search engines.
        let page = reqwest::get(app.url(&format!("/preview/{token}")))
            .await
            .unwrap();
        assert_eq!(page.status().as_u16(), 200);
        assert_eq!(page.headers()["x-robots-tag"], "noindex");
        assert_eq!(
            reqwest::get(app.url("/preview/short"))
                .await
                .unwrap()
                .status()
                .as_u16(),
            404
        );

        let (status, one_day) = send(
            &app,
            &master,
            Method::POST,
            &previews,
            Some(json!({"days": 1})),
        )
        .await;
        assert_eq!(status, 200);
        let second = one_day["data"]["previewId"].as_i64().unwrap();
        let second_token = one_day["data"]["token"].as_str().unwrap().to_string();
        for bad in [
            json!({"days": 0}),
            json!({"days": 31}),
            json!({"days": "week"}),
            json!({"hours": 3}),
        ] {
            let (status, body) =
                send(&app, &master, Method::POST, &previews, Some(bad.clone())).await;
            assert_eq!((status, body["code"].as_str()), (400, Some("104")), "{bad}");
        }
        let (status, list) = get(&app, &master, &previews).await;
        assert_eq!(status, 200);
        let items = list["data"]["items"].as_array().unwrap();
        assert_eq!(
            (
                items.len(),
                items[0]["previewId"].as_i64(),
                &items[0]["active"]
            ),
            (2, Some(second), &json!(true))
        );
        assert!(items[0]["revokedAt"].is_null() && items[0].get("token").is_none());

        // Revoked, expired and unknown links show nothing.
        let manager = app.signed_in("manager@tidemark.test").await;
        let (status, revoked) = send(
            &app,
            &manager,
            Method::DELETE,
            &format!("{previews}/{second}"),
            None,
        )
        .await;
        assert_eq!(
            (status, &revoked["data"]["active"]),
            (200, &json!(false)),
            "{revoked}"
        );
        assert!(revoked["data"]["revokedAt"].is_string());
        post_previews::Entity::update_many()
            .col_expr(
                post_previews::Column::ExpiresAt,
                Expr::value(chrono::Utc::now() - chrono::Duration::minutes(1)),
            )
            .filter(post_previews::Column::Id.eq(made["data"]["previewId"].as_i64().unwrap()))
            .exec(&app.state.db)
            .await
            .unwrap();
        for gone in [second_token.as_str(), token.as_str(), "no-such-token"] {
            let (status, body) = app.get(&format!("/api/v1/previews/{gone}")).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("101")),
                "{gone}"
            );
        }
        let (_, list) = get(&app, &master, &previews).await;
        assert!(list["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["active"] == false));

        // A link of one post is not a link of another; a removed post shows through none.
        let (status, _) = send(
            &app,
            &master,
            Method::DELETE,
            &format!("/api/v1/posts/{public}/previews/{second}"),
            None,
        )
        .await;
        assert_eq!(status, 404);
        let (_, fresh) = send(
            &app,
            &master,
            Method::POST,
            &previews,
            Some(json!({"days": 30})),
        )
        .await;
        let fresh = fresh["data"]["token"].as_str().unwrap().to_string();
        let admin = app.signed_in("admin@tidemark.test").await;
        check_password(&app, &admin).await;
        let (status, _) = send(
            &app,
            &admin,
            Method::POST,
            &format!("/api/v1/admin/posts/{post}/remove"),
            Some(json!({"reason": "규정 위반"})),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = app.get(&format!("/api/v1/previews/{fresh}")).await;
        assert_eq!(status, 404);

        let calls = [
            (Method::POST, previews.clone(), Some(json!({}))),
            (Method::GET, previews.clone(), None),
            (Method::DELETE, format!("{previews}/{second}"), None),
        ];
        all_refused(&app, &other_business(&app).await, 403, &calls).await;
        all_refused(
            &app,
            &app.signed_in("reader@tidemark.test").await,
            403,
            &calls,
        )
        .await;
        all_refused(&app, &browser(), 401, &calls).await;
    })
    .await;
}
