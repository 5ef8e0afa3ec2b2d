//! Who may upload and what is refused: managers and operators may, readers and strangers may
//! not; the content decides, not the name; too many pixels, crafted keys and oversized bodies
//! are refused; and a business uses only its own uploads.

use super::*;

pub(super) async fn managers_upload_for_the_business_and_operators_for_the_platform(
    app: &TestApp,
    business_id: i64,
) {
    let db = &app.state.db;
    let manager = app.signed_in("manager@tidemark.test").await;
    let (status, body) = upload(app, &manager, "m.png", &png_with_alpha(30, 30), None).await;
    assert_eq!(status, 200, "{body}");
    let row = uploads::Entity::find_by_id(body["data"]["id"].as_i64().unwrap())
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.business_id, Some(business_id));
    let admin = app.signed_in("admin@tidemark.test").await;
    let (status, body) = upload(app, &admin, "a.pdf", b"%PDF-1.7\nadmin\n%%EOF", None).await;
    assert_eq!(status, 200, "{body}");
    let row = uploads::Entity::find_by_id(body["data"]["id"].as_i64().unwrap())
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.business_id, None);
    assert_eq!(row.kind, "pdf");
}

pub(super) async fn readers_and_strangers_may_not_upload(app: &TestApp) {
    let reader = app.signed_in("reader@tidemark.test").await;
    let (status, _) = upload(app, &reader, "r.png", &png_with_alpha(10, 10), None).await;
    assert_eq!(status, 403);
    let (status, body) = upload(app, &browser(), "r.png", &png_with_alpha(10, 10), None).await;
    assert_eq!(status, 401, "{body}");
}

/// Text named .png, BMP, a broken PDF, wrong purposes, no file, not a form.
pub(super) async fn the_content_decides_not_the_name_or_the_declared_type(
    app: &TestApp,
    master: &reqwest::Client,
) {
    let (status, body) = upload(app, master, "fake.png", b"just some text, honestly", None).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("not accepted"),
        "{body}"
    );
    // A BMP header: an image format, but not one of the four.
    let mut bmp = b"BM".to_vec();
    bmp.resize(70, 0);
    assert_eq!(upload(app, master, "b.png", &bmp, None).await.0, 400);
    let (status, body) = upload(app, master, "cut.pdf", b"%PDF-1.4\n1 0 obj", Some("report")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        upload(app, master, "c.pdf", PDF, Some("cover")).await.0,
        400
    );
    let small = png_with_alpha(10, 10);
    assert_eq!(
        upload(app, master, "r.png", &small, Some("report")).await.0,
        400
    );
    assert_eq!(
        upload(app, master, "r.png", &small, Some("banner")).await.0,
        400
    );
    let (content_type, empty_form) = form(None, Some("body"));
    let response = master
        .post(app.url("/api/v1/uploads"))
        .header("content-type", content_type)
        .body(empty_form)
        .send()
        .await
        .unwrap();
    assert_eq!(read(response).await.0, 400);
    let (status, _) = app
        .post("/api/v1/uploads", serde_json::json!({"file": "x"}))
        .await;
    assert!(status == 400 || status == 401, "{status}");
}

pub(super) async fn too_many_pixels_are_refused_from_the_header(
    app: &TestApp,
    master: &reqwest::Client,
) {
    // Refused from the header, before decoding.
    let wide = encoded(
        &DynamicImage::ImageRgb8(RgbImage::new(20_000, 1)),
        ImageFormat::Png,
    );
    let (status, body) = upload(app, master, "wide.png", &wide, None).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("too large"),
        "{body}"
    );
    let (status, body) = upload(app, master, "bomb.png", &png_bomb_header(), None).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("too large"),
        "{body}"
    );
}

/// Unknown and crafted keys: JSON 404, never a file outside the media folder.
pub(super) async fn unknown_and_crafted_keys_never_reach_a_file_outside_the_media_folder(
    app: &TestApp,
) {
    let (status, body) = app.get("/media/images/0000.jpg").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("101")));
    for path in [
        "/media/..%2Ftidemark.db",
        "/media/images%2F..%2F..%2Ftidemark.db",
        "/media/%2E%2E/tidemark.db",
        "/media/images",
        "/media/IMAGES/A.JPG",
    ] {
        let served = fetch(app, path).await;
        assert!(
            served.status == 404 || served.status == 400,
            "{path}: {}",
            served.status
        );
        assert!(!contains(&served.bytes, b"SQLite format"), "{path}");
    }
    if app.database == "sqlite" {
        for path in [
            "/media/../tidemark.db",
            "/media/images/../../tidemark.db",
            "/media//etc/passwd",
        ] {
            let answer = raw_get(app, path).await;
            assert!(
                answer.starts_with("HTTP/1.1 404") || answer.starts_with("HTTP/1.1 400"),
                "{path}: {answer}"
            );
            assert!(!answer.contains("SQLite format"), "{path}");
        }
    }
}

#[tokio::test]
async fn uploads_have_their_own_body_limit() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let (_, doc) = app.get("/api-docs/openapi.json").await;
    assert!(
        doc["paths"]["/api/v1/uploads"]["post"]["requestBody"]["content"]["multipart/form-data"]
            .is_object(),
        "the upload call is documented as a multipart form"
    );

    // Far beyond the API's 256 KB limit, within the upload's.
    let big = noise_png(1300, 1300);
    assert!(big.len() > 5_000_000, "{}", big.len());
    let (status, body) = upload(&app, &master, "big.png", &big, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["width"].as_i64(), Some(1300));

    // An image over 10 MB is refused, with a clear answer.
    let mut heavy = b"\x89PNG\r\n\x1a\n".to_vec();
    heavy.resize(11 * 1024 * 1024, 0);
    let (status, body) = upload(&app, &master, "heavy.png", &heavy, None).await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("10 MB"),
        "{body}"
    );

    // 25 MB: a clean refusal, quickly, not a hang.
    let mut huge = b"%PDF-1.7\n".to_vec();
    huge.resize(25 * 1024 * 1024, b' ');
    let answer = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        upload(&app, &master, "huge.pdf", &huge, Some("report")),
    )
    .await
    .expect("an answer within a minute");
    assert_eq!(answer.0, 413, "{}", answer.1);
    assert!(
        answer.1["message"].as_str().unwrap().contains("20 MB"),
        "{}",
        answer.1
    );
}

#[tokio::test]
async fn a_business_uses_only_its_own_uploads_even_of_the_same_file() {
    use reqwest::Method;
    use serde_json::json;
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let pdf = b"%PDF-1.7\nquarterly numbers, not yet published\n%%EOF".as_slice();
        let (status, body) = upload(&app, &master, "Q3-내부.pdf", pdf, Some("report")).await;
        assert_eq!(status, 200, "{body}");
        let their_pdf = body["data"]["id"].as_i64().unwrap();
        let picture = png_with_alpha(32, 32);
        let (_, body) = upload(&app, &master, "cover.png", &picture, Some("cover")).await;
        let their_image = body["data"]["id"].as_i64().unwrap();

        new_member(&app, "rival@example.test").await;
        let rival = app.signed_in("rival@example.test").await;
        // Before it has a business, the rival may upload a logo of its own, not a body file.
        let (status, body) = upload(&app, &rival, "logo.png", &noise_png(24, 24), Some("logo")).await;
        assert_eq!(status, 200, "{body}");
        let own_logo = body["data"]["id"].as_i64().unwrap();
        assert_eq!(upload(&app, &rival, "x.png", &noise_png(20, 20), None).await.0, 403);
        // Registering with the other business's image is refused; with its own, accepted.
        let registration = |logo: i64| {
            json!({
                "registrationNumber": "220-81-62517", "name": "경쟁사", "description": "설명",
                "industry": "제조", "logoUploadId": logo
            })
        };
        let (status, body) = call(&app, &rival, Method::POST, "/api/v1/businesses", Some(registration(their_image))).await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = call(&app, &rival, Method::POST, "/api/v1/businesses", Some(registration(own_logo))).await;
        assert_eq!(status, 200, "{body}");
        let rival_business = body["data"]["id"].as_i64().unwrap();
        assert!(body["data"]["logoUrl"].as_str().is_some(), "{body}");

        // Naming the other business's uploads: refused like ids that do not exist.
        let post = |field: &str, id: i64| {
            let mut body = json!({"categoryId": 1, "title": "보고서", "bodyHtml": "<p>본문</p>",
                "action": "publish", "isReport": true});
            body[field] = json!(id);
            body
        };
        for (field, id) in [("reportUploadId", their_pdf), ("coverUploadId", their_image)] {
            let (status, answer) = call(&app, &rival, Method::POST, "/api/v1/posts", Some(post(field, id))).await;
            assert_eq!(status, 400, "{field}: {answer}");
            assert!(!answer.to_string().contains("/media/"), "{answer}");
            let (_, missing) = call(&app, &rival, Method::POST, "/api/v1/posts", Some(post(field, 9_999_999))).await;
            assert_eq!(answer["message"], missing["message"], "no way to tell another's upload from none");
        }
        let (status, answer) = call(&app, &rival, Method::PUT, &format!("/api/v1/businesses/{rival_business}"),
            Some(json!({"logoUploadId": their_image}))).await;
        assert_eq!(status, 400, "{answer}");
        let (status, answer) = call(&app, &rival, Method::POST, &format!("/api/v1/businesses/{rival_business}/media-requests"),
            Some(json!({"title": "보도자료", "body": "본문", "mediaTypes": ["ONLINE"], "attachmentIds": [their_pdf]}))).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["message"].as_str().unwrap().contains("attachmentIds"), "{answer}");

        // The same bytes uploaded by the rival are the rival's own upload: another id, the
        // same stored object, and usable by the rival alone.
        let (status, body) = upload(&app, &rival, "copy.pdf", pdf, Some("report")).await;
        assert_eq!(status, 200, "{body}");
        let copy = body["data"]["id"].as_i64().unwrap();
        assert_ne!(copy, their_pdf);
        let (status, answer) = call(&app, &rival, Method::POST, "/api/v1/posts", Some(post("reportUploadId", copy))).await;
        assert_eq!(status, 200, "{answer}");
        let rows = uploads::Entity::find()
            .filter(uploads::Column::Id.is_in([their_pdf, copy]))
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].storage_key, rows[1].storage_key, "stored once");
        // The first uploader's name still names the download.
        let served = fetch(&app, &format!("/media/{}", rows[0].storage_key)).await;
        assert!(header(&served, "content-disposition").contains("Q3-"), "{}", header(&served, "content-disposition"));
        // And the demo master cannot use the rival's copy either.
        let (status, _) = call(&app, &master, Method::POST, "/api/v1/posts", Some(post("reportUploadId", copy))).await;
        assert_eq!(status, 400);
    })
    .await;
}
