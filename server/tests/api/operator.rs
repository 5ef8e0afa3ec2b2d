//! The operators' console calls: the queue (with who took what), verification with a note,
//! media review, removal and restoration, collections with their published state, the index
//! rebuild with its progress, readers' reports of a problem with a post and the operators'
//! decisions on them, and the operators' audit log that records each of them and cannot be
//! edited. Everyone else is refused every one of them.

use crate::helpers::*;
use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

fn items(body: &Value) -> Vec<Value> {
    body["data"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn operators_work_the_queue_and_every_action_lands_in_their_log() {
    on_each_database(|app| async move {
        let admin = app.signed_in("admin@tidemark.test").await;
        check_password(&app, &admin).await;
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;

        // A business never decided waits for verification, oldest first; taking it puts the
        // operator's name on it.
        new_member(&app, "newcomer@example.test").await;
        let newcomer = app.signed_in("newcomer@example.test").await;
        let (status, body) = call(&app, &newcomer, Method::POST, "/api/v1/businesses", Some(json!({
            "registrationNumber": "220-81-62517", "name": "검증 대기 회사", "description": "설명", "industry": "제조"
        }))).await;
        assert_eq!(status, 200, "{body}");
        let (status, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert_eq!(status, 200, "{queue}");
        let waiting = queue["data"]["verifications"].as_array().unwrap().clone();
        let since: Vec<&str> = waiting.iter().map(|item| item["since"].as_str().unwrap()).collect();
        let mut sorted = since.clone();
        sorted.sort();
        assert_eq!(since, sorted, "oldest first");
        let Some(first) = waiting.first() else {
            panic!("the new business waits for verification: {queue}")
        };
        let candidate = first["id"].as_i64().unwrap();
        assert!(first["takenBy"].is_null());
        let take = format!("/api/v1/admin/queue/BUSINESS/{candidate}/take");
        let (status, taker) = call(&app, &admin, Method::POST, &take, None).await;
        assert_eq!(status, 200, "{taker}");
        assert_eq!(taker["data"]["email"], "admin@tidemark.test");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        let item = queue["data"]["verifications"].as_array().unwrap().iter().find(|item| item["id"] == candidate).cloned().unwrap();
        assert_eq!(item["takenBy"]["email"], "admin@tidemark.test");

        // Verified with a note: out of the queue, the note in the directory and the file.
        let verify = format!("/api/v1/admin/businesses/{candidate}/verify");
        let (status, body) = call(&app, &admin, Method::POST, &verify, Some(json!({"verified": true, "note": "사업자등록증 확인"}))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["verified"], true);
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert!(queue["data"]["verifications"].as_array().unwrap().iter().all(|item| item["id"] != candidate));
        let (_, took) = call(&app, &admin, Method::POST, &take, None).await;
        assert_eq!(took["code"], "409", "a decided business is no longer waiting: {took}");
        let (status, file) = call(&app, &admin, Method::GET, &format!("/api/v1/admin/businesses/{candidate}"), None).await;
        assert_eq!(status, 200, "{file}");
        assert_eq!(file["data"]["business"]["verificationNote"], "사업자등록증 확인");
        assert!(!file["data"]["people"].as_array().unwrap().is_empty(), "{file}");
        assert_eq!(file["data"]["audit"][0]["action"], "VERIFIED");
        assert_eq!(file["data"]["audit"][0]["detail"]["note"], "사업자등록증 확인");
        let name = file["data"]["business"]["name"].as_str().unwrap().to_string();
        let (_, found) = call(&app, &admin, Method::GET, &format!("/api/v1/admin/businesses?verified=true&q={}", urlencoding(&name)), None).await;
        assert!(items(&found).iter().any(|row| row["id"] == candidate), "{found}");
        let (_, unverified) = call(&app, &admin, Method::GET, "/api/v1/admin/businesses?verified=false&size=50", None).await;
        assert!(items(&unverified).iter().all(|row| row["verified"] == false));

        // A media request through review: the operator who takes it into review holds it.
        let path = format!("/api/v1/businesses/{business}/media-requests");
        let (status, request) = call(&app, &master, Method::POST, &path, Some(json!({"title": "신제품 보도자료", "body": "<p>본문</p>", "mediaTypes": ["ONLINE"]}))).await;
        assert_eq!(status, 200, "{request}");
        let request = request["data"]["id"].as_i64().unwrap();
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        let item = queue["data"]["mediaRequests"].as_array().unwrap().iter().find(|item| item["id"] == request).cloned().unwrap();
        assert_eq!(item["status"], "REQUESTED");
        assert!(item["businessName"].as_str().is_some_and(|name| !name.is_empty()));
        let review = format!("/api/v1/admin/media-requests/{request}/status");
        let (status, body) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "IN_REVIEW"}))).await;
        assert_eq!(status, 200, "{body}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        let item = queue["data"]["mediaRequests"].as_array().unwrap().iter().find(|item| item["id"] == request).cloned().unwrap();
        assert_eq!(item["status"], "IN_REVIEW");
        assert_eq!(item["takenBy"]["email"], "admin@tidemark.test");
        let (status, body) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "PUBLISHED", "links": ["https://news.example/a"]}))).await;
        assert_eq!(status, 200, "{body}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert!(queue["data"]["mediaRequests"].as_array().unwrap().iter().all(|item| item["id"] != request));

        // Removal and restoration: the post goes back to the status it had.
        let post = publish_post(&app, &master, 1, "운영자 검토 대상", "<p>본문</p>", &[]).await;
        let remove = format!("/api/v1/admin/posts/{post}/remove");
        let (status, body) = call(&app, &admin, Method::POST, &remove, Some(json!({"reason": "저작권 침해 신고"}))).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 404);
        let (_, removed) = call(&app, &admin, Method::GET, "/api/v1/admin/posts?status=REMOVED&q=%EC%9A%B4%EC%98%81%EC%9E%90", None).await;
        let row = items(&removed).into_iter().find(|row| row["postSeq"] == post).unwrap();
        assert_eq!(row["removedReason"], "저작권 침해 신고");
        let restore = format!("/api/v1/admin/posts/{post}/restore");
        let (status, body) = call(&app, &admin, Method::POST, &restore, None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["status"], "PUBLISHED", "{body}");
        let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 200, "public again");
        let (status, _) = call(&app, &admin, Method::POST, &restore, None).await;
        assert_eq!(status, 409, "only a removed post is restored");

        // A collection saved unpublished stays off the home page until it is published.
        let (status, saved) = call(&app, &admin, Method::POST, "/api/v1/admin/recommendations", Some(json!({"titleKo": "운영자 추천", "titleEn": "Operators' picks", "postSeqs": [post], "sortOrder": 9, "published": false}))).await;
        assert_eq!(status, 200, "{saved}");
        let collection = saved["data"]["id"].as_i64().unwrap();
        let on_home = |home: &Value| home["data"].as_array().unwrap().iter().any(|c| c["id"] == collection);
        let (_, home) = app.get("/api/v1/recommendations").await;
        assert!(!on_home(&home));
        let (status, _) = app.get(&format!("/api/v1/recommendations/{collection}")).await;
        assert_eq!(status, 404);
        let (_, all) = call(&app, &admin, Method::GET, "/api/v1/admin/recommendations", None).await;
        let mine = all["data"].as_array().unwrap().iter().find(|c| c["id"] == collection).cloned().unwrap();
        assert_eq!(mine["published"], false);
        assert_eq!(mine["sortOrder"], 9);
        assert_eq!(mine["posts"][0]["postSeq"], post);
        assert_eq!(mine["posts"][0]["status"], "PUBLISHED");
        let (status, _) = call(&app, &admin, Method::POST, &format!("/api/v1/admin/recommendations/{collection}/publish"), Some(json!({"published": true}))).await;
        assert_eq!(status, 200);
        let (_, home) = app.get("/api/v1/recommendations").await;
        assert!(on_home(&home));

        // The rebuild answers its counts, and its progress says the same once done.
        let (status, report) = call(&app, &admin, Method::POST, "/api/v1/admin/search/rebuild", None).await;
        assert_eq!(status, 200, "{report}");
        let (status, progress) = call(&app, &admin, Method::GET, "/api/v1/admin/search/rebuild", None).await;
        assert_eq!(status, 200, "{progress}");
        assert_eq!(progress["data"]["running"], false);
        assert_eq!(progress["data"]["last"]["posts"], report["data"]["posts"]);
        assert_eq!(progress["data"]["done"], progress["data"]["total"]);
        assert_eq!(progress["data"]["done"], report["data"]["posts"]);

        // The log: every action above, newest first, by the operator.
        let (status, log) = call(&app, &admin, Method::GET, "/api/v1/admin/audit?size=50", None).await;
        assert_eq!(status, 200, "{log}");
        let actions: Vec<&str> = log["data"]["items"].as_array().unwrap().iter().map(|entry| entry["action"].as_str().unwrap()).collect();
        assert_eq!(
            actions,
            ["SEARCH_REBUILT", "COLLECTION_PUBLISHED", "COLLECTION_CREATED", "POST_RESTORED", "POST_REMOVED", "MEDIA_PUBLISHED", "MEDIA_IN_REVIEW", "BUSINESS_VERIFIED", "ITEM_TAKEN"]
        );
        assert!(items(&log).iter().all(|entry| entry["actorEmail"] == "admin@tidemark.test"));
        let removal = items(&log).into_iter().find(|entry| entry["action"] == "POST_REMOVED").unwrap();
        assert_eq!(removal["targetKind"], "POST");
        assert_eq!(removal["targetId"], post);
        assert_eq!(removal["note"], "저작권 침해 신고");
        let (_, only) = call(&app, &admin, Method::GET, "/api/v1/admin/audit?action=BUSINESS_VERIFIED", None).await;
        assert_eq!(items(&only).len(), 1);
        assert_eq!(items(&only)[0]["note"], "사업자등록증 확인");

        // Not even the server's own connection can edit it.
        for statement in ["UPDATE operator_audit SET note = 'x'", "DELETE FROM operator_audit"] {
            let refused = app.state.db.execute_unprepared(statement).await;
            assert!(refused.is_err(), "{statement} went through");
        }
        let (_, again) = call(&app, &admin, Method::GET, "/api/v1/admin/audit?size=50", None).await;
        assert_eq!(items(&again).len(), actions.len());
    })
    .await;
}

fn flagged_post(queue: &Value, post: i64) -> Option<Value> {
    queue["data"]["flaggedPosts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["postSeq"] == post)
        .cloned()
}

#[tokio::test]
async fn readers_report_a_problem_and_operators_dismiss_it_or_remove_the_post() {
    on_each_database(|app| async move {
        let admin = app.signed_in("admin@tidemark.test").await;
        check_password(&app, &admin).await;
        let master = app.signed_in("master@tidemark.test").await;
        let reader = app.signed_in("reader@tidemark.test").await;
        let post = publish_post(&app, &master, 1, "신고 대상 글", "<p>본문</p>", &[]).await;
        let flags = format!("/api/v1/posts/{post}/flags");

        // One open report per member and post: the second says so and files nothing.
        let (status, body) = call(
            &app,
            &reader,
            Method::POST,
            &flags,
            Some(json!({"reason": "SPAM"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["alreadyFlagged"], false);
        let (status, body) = call(
            &app,
            &reader,
            Method::POST,
            &flags,
            Some(json!({"reason": "ABUSE", "detail": "  "})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["alreadyFlagged"], true);

        // Bad reports are refused in words; a guest must sign in; only a public post.
        for (bad, why) in [
            (json!({"reason": "BORING"}), "an unknown reason"),
            (json!({"reason": "OTHER"}), "OTHER without words"),
            (
                json!({"reason": "OTHER", "detail": "   "}),
                "OTHER with blank words",
            ),
            (
                json!({"reason": "SPAM", "detail": "가".repeat(1001)}),
                "more than 1,000 characters",
            ),
        ] {
            let (status, body) = call(&app, &reader, Method::POST, &flags, Some(bad)).await;
            assert_eq!(status, 400, "{why}: {body}");
            assert!(
                body["message"]
                    .as_str()
                    .is_some_and(|text| !text.is_empty()),
                "{why}: {body}"
            );
        }
        let (status, _) = call(
            &app,
            &browser(),
            Method::POST,
            &flags,
            Some(json!({"reason": "SPAM"})),
        )
        .await;
        assert_eq!(status, 401);
        let hidden = publish_post(&app, &master, 1, "숨긴 글", "<p>본문</p>", &[]).await;
        let (status, _) = call(
            &app,
            &master,
            Method::POST,
            &format!("/api/v1/posts/{hidden}/hide"),
            None,
        )
        .await;
        assert_eq!(status, 200);
        for id in [hidden, 987_654_321] {
            let (status, _) = call(
                &app,
                &reader,
                Method::POST,
                &format!("/api/v1/posts/{id}/flags"),
                Some(json!({"reason": "SPAM"})),
            )
            .await;
            assert_eq!(status, 404, "post {id} is not public");
        }

        // A second member's report with their own words; the queue groups them by post.
        new_member(&app, "second-reader@example.test").await;
        let second = app.signed_in("second-reader@example.test").await;
        let (status, body) = call(
            &app,
            &second,
            Method::POST,
            &flags,
            Some(json!({"reason": "OTHER", "detail": "연락처가 가짜입니다"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        let item = flagged_post(&queue, post)
            .unwrap_or_else(|| panic!("the reported post waits: {queue}"));
        assert_eq!(item["kind"], "POST");
        assert_eq!(item["flags"], 2);
        assert_eq!(
            item["reasons"],
            json!([{"reason": "OTHER", "flags": 1}, {"reason": "SPAM", "flags": 1}])
        );
        assert!(item["takenBy"].is_null());
        assert!(queue["data"]["flaggedPostsWaiting"].as_u64().unwrap() >= 1);
        let take = format!("/api/v1/admin/queue/POST/{post}/take");
        let (status, taker) = call(&app, &admin, Method::POST, &take, None).await;
        assert_eq!(status, 200, "{taker}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert_eq!(
            flagged_post(&queue, post).unwrap()["takenBy"]["email"],
            "admin@tidemark.test"
        );

        // The operators' list narrows to reported posts; a post's reports say who and what.
        let (_, reported) = call(
            &app,
            &admin,
            Method::GET,
            "/api/v1/admin/posts?flagged=true&size=50",
            None,
        )
        .await;
        let rows = items(&reported);
        assert!(
            rows.iter()
                .all(|row| row["openFlags"].as_u64().unwrap() > 0),
            "{reported}"
        );
        assert_eq!(
            rows.iter().find(|row| row["postSeq"] == post).unwrap()["openFlags"],
            2
        );
        let of_post = format!("/api/v1/admin/posts/{post}/flags");
        let (status, file) = call(&app, &admin, Method::GET, &of_post, None).await;
        assert_eq!(status, 200, "{file}");
        assert_eq!(file["data"]["open"], 2);
        let listed = file["data"]["flags"].as_array().unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0]["reporter"]["email"], "second-reader@example.test");
        assert_eq!(listed[0]["detail"], "연락처가 가짜입니다");
        assert_eq!(listed[1]["reporter"]["email"], "reader@tidemark.test");
        assert!(listed.iter().all(|flag| flag["status"] == "OPEN"));

        // Dismissed with a note: out of the queue, the claim freed; nothing left to dismiss.
        let dismiss = format!("/api/v1/admin/posts/{post}/flags/dismiss");
        let (status, body) = call(
            &app,
            &admin,
            Method::POST,
            &dismiss,
            Some(json!({"note": "광고 아님"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["dismissed"], 2);
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert!(flagged_post(&queue, post).is_none(), "{queue}");
        let (status, _) = call(&app, &admin, Method::POST, &dismiss, Some(json!({}))).await;
        assert_eq!(status, 409);
        let (_, file) = call(&app, &admin, Method::GET, &of_post, None).await;
        assert_eq!(file["data"]["open"], 0);
        assert!(file["data"]["flags"]
            .as_array()
            .unwrap()
            .iter()
            .all(|flag| flag["status"] == "DISMISSED" && flag["decisionNote"] == "광고 아님"));

        // Reported again after the decision: it waits again, untaken; removing the post
        // answers it.
        let (_, body) = call(
            &app,
            &reader,
            Method::POST,
            &flags,
            Some(json!({"reason": "MISLEADING"})),
        )
        .await;
        assert_eq!(body["data"]["alreadyFlagged"], false, "{body}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        let item = flagged_post(&queue, post).unwrap();
        assert_eq!(item["flags"], 1);
        assert!(
            item["takenBy"].is_null(),
            "the decision freed the claim: {item}"
        );
        let (status, body) = call(
            &app,
            &admin,
            Method::POST,
            &format!("/api/v1/admin/posts/{post}/remove"),
            Some(json!({"reason": "허위 정보"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/queue", None).await;
        assert!(flagged_post(&queue, post).is_none());
        let (_, file) = call(&app, &admin, Method::GET, &of_post, None).await;
        assert_eq!(file["data"]["flags"][0]["status"], "ACTIONED");
        assert_eq!(file["data"]["flags"][0]["decisionNote"], "허위 정보");
        let (_, log) = call(
            &app,
            &admin,
            Method::GET,
            "/api/v1/admin/audit?size=10",
            None,
        )
        .await;
        let actions: Vec<&str> = log["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions[..3],
            ["POST_REMOVED", "FLAGS_DISMISSED", "ITEM_TAKEN"]
        );
        assert_eq!(items(&log)[0]["detail"]["flags"], 1);
        assert_eq!(items(&log)[1]["detail"]["flags"], 2);
        assert_eq!(items(&log)[1]["note"], "광고 아님");

        // Two clicks at once file one report; a member's eleventh report in a row waits.
        let other = publish_post(&app, &master, 1, "동시 신고", "<p>본문</p>", &[]).await;
        let path = format!("/api/v1/posts/{other}/flags");
        let (first, second_click) = tokio::join!(
            call(
                &app,
                &second,
                Method::POST,
                &path,
                Some(json!({"reason": "SPAM"}))
            ),
            call(
                &app,
                &second,
                Method::POST,
                &path,
                Some(json!({"reason": "SPAM"}))
            ),
        );
        assert_eq!((first.0, second_click.0), (200, 200));
        let (_, file) = call(
            &app,
            &admin,
            Method::GET,
            &format!("/api/v1/admin/posts/{other}/flags"),
            None,
        )
        .await;
        assert_eq!(file["data"]["open"], 1, "{file}");
        let mut statuses = Vec::new();
        for _ in 0..8 {
            statuses.push(
                call(
                    &app,
                    &second,
                    Method::POST,
                    &path,
                    Some(json!({"reason": "SPAM"})),
                )
                .await
                .0,
            );
        }
        assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
        assert!(
            statuses[..statuses.len() - 1]
                .iter()
                .all(|status| *status == 200),
            "{statuses:?}"
        );
    })
    .await;
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn everyone_but_an_operator_is_refused_every_operator_call() {
    let app = TestApp::spawn(None, "sqlite").await;
    let calls: [(Method, &str, Option<Value>); 18] = [
        (Method::GET, "/api/v1/admin/queue", None),
        (Method::POST, "/api/v1/admin/queue/BUSINESS/1/take", None),
        (Method::GET, "/api/v1/admin/businesses", None),
        (Method::GET, "/api/v1/admin/businesses/1", None),
        (
            Method::POST,
            "/api/v1/admin/businesses/1/verify",
            Some(json!({"verified": true})),
        ),
        (Method::GET, "/api/v1/admin/posts", None),
        (
            Method::POST,
            "/api/v1/admin/posts/1/remove",
            Some(json!({"reason": "x"})),
        ),
        (Method::POST, "/api/v1/admin/posts/1/restore", None),
        (Method::GET, "/api/v1/admin/posts/1/flags", None),
        (
            Method::POST,
            "/api/v1/admin/posts/1/flags/dismiss",
            Some(json!({"note": ""})),
        ),
        (Method::GET, "/api/v1/admin/media-requests", None),
        (
            Method::POST,
            "/api/v1/admin/media-requests/1/status",
            Some(json!({"status": "IN_REVIEW"})),
        ),
        (Method::GET, "/api/v1/admin/recommendations", None),
        (
            Method::POST,
            "/api/v1/admin/recommendations",
            Some(json!({"titleKo": "x", "titleEn": "x", "postSeqs": []})),
        ),
        (
            Method::POST,
            "/api/v1/admin/recommendations/1/publish",
            Some(json!({"published": false})),
        ),
        (Method::GET, "/api/v1/admin/search/rebuild", None),
        (Method::POST, "/api/v1/admin/search/rebuild", None),
        (Method::GET, "/api/v1/admin/audit", None),
    ];
    for email in [
        "master@tidemark.test",
        "manager@tidemark.test",
        "reader@tidemark.test",
    ] {
        let client = app.signed_in(email).await;
        for (method, path, body) in &calls {
            let (status, answer) = call(&app, &client, method.clone(), path, body.clone()).await;
            assert_eq!(status, 403, "{email} {method} {path}: {answer}");
        }
    }
    let guest = browser();
    for (method, path, body) in &calls {
        let (status, _) = call(&app, &guest, method.clone(), path, body.clone()).await;
        assert_eq!(status, 401, "a guest: {method} {path}");
    }
}
