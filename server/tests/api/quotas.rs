//! Storage that cannot be abused (docs/media.md, "Quotas"): a member without a business keeps
//! a few images for a future logo and cover, a member uploads at a bounded rate (shared by
//! every process), a business keeps a bounded number of bytes, and uploads nothing uses are
//! deleted after a day, with their stored files.

use crate::helpers::{call, my_business, on_each_database, publish_post, TestApp};
use crate::uploads::{png_with_alpha, upload};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use tidemark_server::entities::uploads;

/// A different picture for each `n` (uploads are stored by content).
fn picture(n: u32) -> Vec<u8> {
    png_with_alpha(48 + n, 40)
}

#[tokio::test]
async fn a_member_without_a_business_keeps_only_a_few_images_for_its_logo_and_cover() {
    let app = TestApp::spawn(None, "sqlite").await;
    let reader = app.signed_in("reader@tidemark.test").await;
    for n in 0..6 {
        let purpose = if n % 2 == 0 { "logo" } else { "cover" };
        let (status, body) = upload(&app, &reader, "logo.png", &picture(n), Some(purpose)).await;
        assert_eq!(status, 200, "upload {n}: {body}");
    }
    // The same picture again is the same upload: it costs nothing.
    let (status, _) = upload(&app, &reader, "logo.png", &picture(0), Some("logo")).await;
    assert_eq!(status, 200);
    let (status, body) = upload(&app, &reader, "logo.png", &picture(6), Some("logo")).await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("logo and cover"),
        "{body}"
    );
    // Body images stay a business's.
    let (status, _) = upload(&app, &reader, "body.png", &picture(7), None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn uploads_are_rate_limited_per_member_on_every_database() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let burst = tidemark_server::http::limits::UPLOAD_MEMBER_BURST;
        for n in 0..burst {
            let (status, body) = upload(&app, &master, "p.png", &picture(100 + n), None).await;
            assert_eq!(status, 200, "upload {n} on {}: {body}", app.database);
        }
        let response = master
            .post(app.url("/api/v1/uploads"))
            .header("content-type", "multipart/form-data; boundary=x")
            .body("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--x--\r\n")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 429, "on {}", app.database);
        assert!(response.headers().contains_key("retry-after"));
        // Another member of the same business is not held back by the first one's uploads.
        let manager = app.signed_in("manager@tidemark.test").await;
        let (status, body) = upload(&app, &manager, "p.png", &picture(900), None).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_business_s_files_are_bounded_in_bytes() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    // What the business already keeps, nearly its quota.
    uploads::ActiveModel {
        owner_member_id: Set(None),
        business_id: Set(Some(business)),
        kind: Set("pdf".into()),
        content_type: Set("application/pdf".into()),
        storage_key: Set("reports/big-archive.pdf".into()),
        byte_size: Set(tidemark_server::uploads::quota::BUSINESS_BYTES - 100),
        sha256: Set("0".repeat(64)),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let (status, body) = upload(&app, &master, "p.png", &picture(1), None).await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("files are full"),
        "{body}"
    );
}

#[tokio::test]
async fn uploads_nothing_uses_are_deleted_after_a_day_with_their_files() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let reader = app.signed_in("reader@tidemark.test").await;
    let admin = app.signed_in("admin@tidemark.test").await;
    let id_and_url = |body: serde_json::Value| {
        (
            body["data"]["id"].as_i64().unwrap(),
            body["data"]["url"].as_str().unwrap().to_string(),
        )
    };
    let (_, used_in_body) = upload(&app, &master, "in-body.png", &picture(1), None).await;
    let (_, unused) = upload(&app, &master, "unused.png", &picture(2), None).await;
    let (_, cover) = upload(&app, &master, "cover.png", &picture(3), Some("cover")).await;
    let (_, tried_logo) = upload(&app, &reader, "logo.png", &picture(4), Some("logo")).await;
    let (_, platform) = upload(&app, &admin, "banner.png", &picture(5), Some("cover")).await;
    let (used_in_body, unused, cover, tried_logo, platform) = (
        id_and_url(used_in_body),
        id_and_url(unused),
        id_and_url(cover),
        id_and_url(tried_logo),
        id_and_url(platform),
    );
    let body = format!("<p>사진</p><img src=\"{}\" alt=\"사진\">", used_in_body.1);
    publish_post(&app, &master, 1, "사진이 있는 글", &body, &[]).await;
    let business = my_business(&app, &master).await;
    let (status, body) = call(
        &app,
        &master,
        reqwest::Method::PUT,
        &format!("/api/v1/businesses/{business}"),
        Some(serde_json::json!({ "coverUploadId": cover.0 })),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // Within the day nothing goes.
    let soon = chrono::Utc::now() + chrono::Duration::hours(1);
    let swept = tidemark_server::uploads::sweep_unused(&app.state, soon)
        .await
        .unwrap();
    assert_eq!(swept, tidemark_server::uploads::Swept::default());

    let later =
        chrono::Utc::now() + tidemark_server::uploads::UNUSED_FOR + chrono::Duration::minutes(5);
    let swept = tidemark_server::uploads::sweep_unused(&app.state, later)
        .await
        .unwrap();
    assert_eq!(swept.rows, 2, "{swept:?}");
    assert!(
        swept.objects >= 2,
        "the files and their thumbnails: {swept:?}"
    );
    let served = |url: String| {
        let client = app.client.clone();
        let address = app.url(&url);
        async move { client.get(address).send().await.unwrap().status().as_u16() }
    };
    assert_eq!(served(unused.1.clone()).await, 404, "unused: gone");
    assert_eq!(
        served(tried_logo.1.clone()).await,
        404,
        "a logo tried before registering: gone"
    );
    assert_eq!(
        served(used_in_body.1.clone()).await,
        200,
        "shown in a post's body: kept"
    );
    assert_eq!(
        served(cover.1.clone()).await,
        200,
        "the business's cover: kept"
    );
    assert_eq!(served(platform.1.clone()).await, 200, "an operator's: kept");
    for (id, _) in [unused, tried_logo] {
        assert!(uploads::Entity::find_by_id(id)
            .one(&app.state.db)
            .await
            .unwrap()
            .is_none());
    }
}
