//! The business's own posts, narrowed by status, category and title; tag suggestions.

use super::*;

#[tokio::test]
async fn console_own_posts_filter_and_tags_are_suggested() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        new_post(
            &app,
            &master,
            post_body("봄 마케팅 Report", 1, &["마케팅", "Marketing"], "publish"),
        )
        .await;
        new_post(
            &app,
            &master,
            post_body("가을 마케팅 노트", 3, &["마케팅"], "publish"),
        )
        .await;
        new_post(
            &app,
            &master,
            post_body("여름 캠페인", 2, &["마케팅전략"], "draft"),
        )
        .await;
        new_post(
            &app,
            &master,
            post_body("Spring REPORT 100%", 1, &[], "draft"),
        )
        .await;

        let titles = |body: &Value| -> Vec<String> {
            body["data"]["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["title"].as_str().unwrap().to_string())
                .collect()
        };
        for (query, expected) in [
            ("q=report", vec!["Spring REPORT 100%", "봄 마케팅 Report"]),
            (
                "q=%20REPORT%20&categoryId=1&status=DRAFT",
                vec!["Spring REPORT 100%"],
            ),
            ("categoryId=2", vec!["여름 캠페인"]),
            ("q=100%25", vec!["Spring REPORT 100%"]),
            ("q=_", vec![]),
            ("q=마케팅", vec!["가을 마케팅 노트", "봄 마케팅 Report"]),
        ] {
            let (status, body) = get(&app, &master, &format!("/api/v1/mypage/posts?{query}")).await;
            assert_eq!(status, 200, "{query}: {body}");
            assert_eq!(titles(&body), expected, "{} {query}", app.database);
        }
        let (_, body) = get(&app, &master, "/api/v1/mypage/posts?q=봄").await;
        let item = body["data"]["items"][0].as_object().unwrap();
        for key in [
            "postSeq",
            "status",
            "publishAt",
            "publishedAt",
            "updatedAt",
            "removedReason",
            "viewCount",
            "bookmarkCount",
            "categoryId",
        ] {
            assert!(item.contains_key(key), "{key}: {item:?}");
        }
        for bad in [
            "categoryId=10",
            "categoryId=x",
            &format!("q={}", "가".repeat(101)),
            "status=GONE",
        ] {
            let (status, body) = get(&app, &master, &format!("/api/v1/mypage/posts?{bad}")).await;
            assert_eq!((status, body["code"].as_str()), (400, Some("104")), "{bad}");
        }
        let (status, _) = get(
            &app,
            &app.signed_in("reader@tidemark.test").await,
            "/api/v1/mypage/posts?q=봄",
        )
        .await;
        assert_eq!(status, 403);
        let (status, _) = get(&app, &browser(), "/api/v1/mypage/posts").await;
        assert_eq!(status, 401);
        let other = other_business(&app).await;
        let (_, theirs) = get(&app, &other, "/api/v1/mypage/posts?q=마케팅").await;
        assert!(
            titles(&theirs).is_empty(),
            "another business's list has its own posts only"
        );

        // Suggestions: public uses for everyone; a business's own drafts for its people only.
        let suggest = |client: Client, prefix: &'static str| {
            let app = &app;
            async move {
                get(
                    app,
                    &client,
                    &format!("/api/v1/tags/suggest?prefix={prefix}"),
                )
                .await
            }
        };
        let (status, body) = suggest(browser(), "마").await;
        assert_eq!(
            (status, &body["data"]["items"]),
            (200, &json!(["마케팅"])),
            "{body}"
        );
        let (_, body) = suggest(master.clone(), "%23마").await;
        assert_eq!(
            body["data"]["items"],
            json!(["마케팅", "마케팅전략"]),
            "most used first"
        );
        let (_, body) = suggest(other.clone(), "마").await;
        assert_eq!(
            body["data"]["items"],
            json!(["마케팅"]),
            "another business's draft tag stays private"
        );
        let (_, body) = suggest(browser(), "MAR").await;
        assert_eq!(body["data"]["items"], json!(["Marketing"]));
        let (_, body) = suggest(browser(), "%25").await;
        assert_eq!(body["data"]["items"], json!([]));
        for bad in [
            "/api/v1/tags/suggest?prefix=",
            "/api/v1/tags/suggest",
            "/api/v1/tags/suggest?prefix=%20%23%20",
        ] {
            let (status, _) = app.get(bad).await;
            assert_eq!(status, 400, "{bad}");
        }
        let (status, _) = app
            .get(&format!("/api/v1/tags/suggest?prefix={}", "a".repeat(31)))
            .await;
        assert_eq!(status, 400);
    })
    .await;
}
