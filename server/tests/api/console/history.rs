//! A post's revisions, restoring one, and the version that refuses an edit made over
//! someone else's.

use super::*;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use tidemark_server::entities::post_revisions;

#[tokio::test]
async fn console_revisions_are_kept_listed_and_restored() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let post = new_post(&app, &master, post_body("첫 초안", 1, &["마케팅"], "draft")).await;
        let (status, edited) = send(
            &app,
            &master,
            Method::PUT,
            &format!("/api/v1/posts/{post}"),
            Some(post_body("둘째 판", 2, &["AI"], "save")),
        )
        .await;
        assert_eq!(
            (status, edited["data"]["version"].as_i64()),
            (200, Some(2)),
            "{edited}"
        );

        let (status, list) = get(&app, &manager, &format!("/api/v1/posts/{post}/revisions")).await;
        assert_eq!(status, 200, "{list}");
        let items = list["data"]["items"].as_array().unwrap();
        let titles: Vec<&str> = items.iter().map(|i| i["title"].as_str().unwrap()).collect();
        assert_eq!(titles, ["둘째 판", "첫 초안"], "newest first");
        assert_eq!(items[0]["authorNickname"], "master");
        assert!(items[0]["createdAt"].is_string() && items[0]["revisionId"].is_i64());
        let first = items[1]["revisionId"].as_i64().unwrap();

        let (status, one) = get(
            &app,
            &manager,
            &format!("/api/v1/posts/{post}/revisions/{first}"),
        )
        .await;
        assert_eq!(status, 200, "{one}");
        assert_eq!(one["data"]["summary"], "첫 초안 요약");
        assert_eq!(one["data"]["body"], "<p>첫 초안 본문</p>");
        assert_eq!(
            (one["data"]["categoryId"].as_i64(), &one["data"]["tags"]),
            (Some(1), &json!(["마케팅"]))
        );

        // Restoring is an edit by the manager: content back, status kept, a new revision.
        let (status, restored) = send(
            &app,
            &manager,
            Method::POST,
            &format!("/api/v1/posts/{post}/revisions/{first}/restore"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{restored}");
        let data = &restored["data"];
        assert_eq!(
            (
                data["title"].as_str(),
                data["categoryId"].as_i64(),
                data["status"].as_str()
            ),
            (Some("첫 초안"), Some(1), Some("DRAFT"))
        );
        assert_eq!(
            (&data["tags"], data["version"].as_i64()),
            (&json!(["마케팅"]), Some(3))
        );
        let (_, list) = get(&app, &master, &format!("/api/v1/posts/{post}/revisions")).await;
        assert_eq!(list["data"]["items"][0]["authorNickname"], "manager");
        assert_eq!(list["data"]["items"].as_array().unwrap().len(), 3);

        // A published post cannot take back an empty draft.
        let empty = new_post(
            &app,
            &master,
            json!({"categoryId": 3, "title": "", "bodyHtml": "", "action": "draft"}),
        )
        .await;
        let (_, revisions) = get(&app, &master, &format!("/api/v1/posts/{empty}/revisions")).await;
        let blank = revisions["data"]["items"][0]["revisionId"]
            .as_i64()
            .unwrap();
        let (status, _) = send(
            &app,
            &master,
            Method::PUT,
            &format!("/api/v1/posts/{empty}"),
            Some(post_body("이제 공개", 3, &[], "publish")),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = send(
            &app,
            &master,
            Method::POST,
            &format!("/api/v1/posts/{empty}/revisions/{blank}/restore"),
            None,
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("104")),
            "{body}"
        );

        // Bad or foreign ids.
        for path in [
            format!("/api/v1/posts/{empty}/revisions/{first}"),
            format!("/api/v1/posts/{post}/revisions/999999"),
        ] {
            let (status, body) = get(&app, &master, &path).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("101")),
                "{path}"
            );
        }
        let (status, _) = get(
            &app,
            &master,
            &format!("/api/v1/posts/{post}/revisions/abc"),
        )
        .await;
        assert_eq!(status, 400);

        let paths = [
            (Method::GET, format!("/api/v1/posts/{post}/revisions"), None),
            (
                Method::GET,
                format!("/api/v1/posts/{post}/revisions/{first}"),
                None,
            ),
            (
                Method::POST,
                format!("/api/v1/posts/{post}/revisions/{first}/restore"),
                None,
            ),
        ];
        let other = other_business(&app).await;
        all_refused(&app, &other, 403, &paths).await;
        all_refused(
            &app,
            &app.signed_in("reader@tidemark.test").await,
            403,
            &paths,
        )
        .await;
        all_refused(&app, &browser(), 401, &paths).await;

        // The newest 50 are kept.
        for round in 0..50 {
            let (status, _) = send(
                &app,
                &master,
                Method::PUT,
                &format!("/api/v1/posts/{post}"),
                Some(post_body(&format!("판 {round}"), 1, &[], "save")),
            )
            .await;
            assert_eq!(status, 200);
        }
        let kept = post_revisions::Entity::find()
            .filter(post_revisions::Column::PostId.eq(post))
            .count(&app.state.db)
            .await
            .unwrap();
        assert_eq!(kept, 50);
        let (_, list) = get(&app, &master, &format!("/api/v1/posts/{post}/revisions")).await;
        assert_eq!(list["data"]["items"].as_array().unwrap().len(), 50);
        assert_eq!(list["data"]["items"][0]["title"], "판 49");
    })
    .await;
}

#[tokio::test]
async fn console_an_edit_over_someone_elses_is_refused_with_the_current_version() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let reader = app.signed_in("reader@tidemark.test").await;
        let post = new_post(&app, &master, post_body("버전 이야기", 1, &[], "publish")).await;
        let path = format!("/api/v1/posts/{post}");

        // The version is for the business's people only.
        for client in [&master, &manager] {
            let (_, detail) = get(&app, client, &path).await;
            assert_eq!(detail["data"]["version"], 1, "{detail}");
        }
        for client in [&reader, &browser()] {
            let (status, detail) = get(&app, client, &path).await;
            assert_eq!(status, 200);
            assert!(detail["data"].get("version").is_none(), "{detail}");
        }

        let with_base = |title: &str, base: Value| {
            let mut body = post_body(title, 1, &[], "save");
            body["baseVersion"] = base;
            body
        };
        let (status, body) = send(
            &app,
            &master,
            Method::PUT,
            &path,
            Some(with_base("고침 1", json!(1))),
        )
        .await;
        assert_eq!(
            (status, body["data"]["version"].as_i64()),
            (200, Some(2)),
            "{body}"
        );
        let (status, body) = send(
            &app,
            &manager,
            Method::PUT,
            &path,
            Some(with_base("늦은 고침", json!(1))),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("2009")),
            "{body}"
        );
        assert!(body["message"]
            .as_str()
            .unwrap()
            .contains("someone else changed"));
        assert_eq!(
            (
                body["data"]["version"].as_i64(),
                body["data"]["editorNickname"].as_str()
            ),
            (Some(2), Some("master"))
        );
        assert!(body["data"]["updatedAt"].is_string());
        let (_, detail) = get(&app, &master, &path).await;
        assert_eq!(
            detail["data"]["title"], "고침 1",
            "the late edit changed nothing"
        );
        // Without baseVersion, the last save wins as before; hiding is no content write.
        let (status, body) = send(
            &app,
            &manager,
            Method::PUT,
            &path,
            Some(post_body("덮어쓰기", 1, &[], "save")),
        )
        .await;
        assert_eq!((status, body["data"]["version"].as_i64()), (200, Some(3)));
        let (_, hidden) = send(&app, &master, Method::POST, &format!("{path}/hide"), None).await;
        assert_eq!(hidden["data"]["version"], 3);

        // Two saves of the same version at once: one wins, the other is told.
        for round in 0..4 {
            let base = 3 + round;
            let (first, second) = tokio::join!(
                send(
                    &app,
                    &master,
                    Method::PUT,
                    &path,
                    Some(with_base("마스터의 판", json!(base)))
                ),
                send(
                    &app,
                    &manager,
                    Method::PUT,
                    &path,
                    Some(with_base("매니저의 판", json!(base)))
                ),
            );
            let mut statuses = [first.0, second.0];
            statuses.sort();
            assert_eq!(
                statuses,
                [200, 409],
                "{} round {round}: {} / {}",
                app.database,
                first.1,
                second.1
            );
            let lost = if first.0 == 409 { &first.1 } else { &second.1 };
            assert_eq!(
                (lost["code"].as_str(), lost["data"]["version"].as_i64()),
                (Some("2009"), Some(base + 1))
            );
        }
        let (_, detail) = get(&app, &master, &path).await;
        assert_eq!(detail["data"]["version"], 7);

        let other = other_business(&app).await;
        let late = with_base("침입", json!(1));
        all_refused(
            &app,
            &other,
            403,
            &[(Method::PUT, path.clone(), Some(late.clone()))],
        )
        .await;
        all_refused(
            &app,
            &reader,
            403,
            &[(Method::PUT, path.clone(), Some(late))],
        )
        .await;
        let (status, _) = send(
            &app,
            &master,
            Method::PUT,
            &path,
            Some(with_base("틀린 값", json!("seven"))),
        )
        .await;
        assert_eq!(status, 400);
    })
    .await;
}
