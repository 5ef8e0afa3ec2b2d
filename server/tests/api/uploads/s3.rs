//! Media in an S3 bucket when one is configured, and a clear error when it cannot be
//! reached.

use super::*;

/// A server whose media live in `s3`'s bucket under the prefix `uploads`.
async fn app_on_s3(s3: &S3Server) -> TestApp {
    let (endpoint, bucket) = (s3.endpoint(), s3.bucket.clone());
    TestApp::spawn_custom(None, "sqlite", move |settings| {
        for (name, value) in [
            ("TIDEMARK_S3_BUCKET", bucket.as_str()),
            ("TIDEMARK_S3_ENDPOINT", endpoint.as_str()),
            ("TIDEMARK_S3_REGION", "ap-northeast-2"),
            ("TIDEMARK_S3_ACCESS_KEY_ID", "tidemark-test"),
            ("TIDEMARK_S3_SECRET_ACCESS_KEY", "tidemark-test-secret"),
            ("TIDEMARK_S3_PREFIX", "uploads"),
        ] {
            settings.raw.insert(name.into(), value.into());
        }
    })
    .await
}

#[tokio::test]
async fn uploads_live_in_an_s3_bucket_when_one_is_configured() {
    let s3 = S3Server::start("tidemark-media").await;
    let app = app_on_s3(&s3).await;
    let master = app.signed_in("master@tidemark.test").await;

    let picture = png_with_alpha(640, 400);
    let (status, body) = upload(&app, &master, "cover.png", &picture, Some("cover")).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap().to_string();
    let thumbnail_url = body["data"]["thumbnailUrl"].as_str().unwrap().to_string();
    let (status, body) = upload(&app, &master, "report.pdf", PDF, Some("report")).await;
    assert_eq!(status, 200, "{body}");
    let pdf_url = body["data"]["url"].as_str().unwrap().to_string();

    let served =
        served_from_the_bucket_with_inert_headers(&app, &url, &thumbnail_url, &pdf_url).await;
    the_bytes_are_in_the_bucket_under_the_prefix_and_none_on_the_disk(&app, &s3, &url, &served)
        .await;
    the_storage_keeps_its_contract_against_the_bucket(&app).await;
}

/// Served from the bucket with the same inert headers as from the disk; answers the image.
async fn served_from_the_bucket_with_inert_headers(
    app: &TestApp,
    url: &str,
    thumbnail_url: &str,
    pdf_url: &str,
) -> Served {
    let served = fetch(app, url).await;
    assert_eq!(served.status, 200);
    assert_eq!(header(&served, "content-type"), "image/png");
    assert_inert_headers(&served);
    assert_eq!(
        image::load_from_memory(&served.bytes).unwrap().dimensions(),
        (640, 400)
    );
    assert_eq!(fetch(app, thumbnail_url).await.status, 200);
    let pdf = fetch(app, pdf_url).await;
    assert_eq!(
        (pdf.status, header(&pdf, "content-type")),
        (200, "application/pdf")
    );
    assert_eq!(pdf.bytes, PDF);
    served
}

/// The bytes are in the bucket under the prefix, with their content type; none on the disk.
async fn the_bytes_are_in_the_bucket_under_the_prefix_and_none_on_the_disk(
    app: &TestApp,
    s3: &S3Server,
    url: &str,
    served: &Served,
) {
    let key = url.trim_start_matches("/media/");
    let bucket_reader =
        tidemark_server::storage::S3Storage::connect(&tidemark_server::storage::S3Config {
            bucket: s3.bucket.clone(),
            endpoint: Some(s3.endpoint()),
            access_key_id: Some("another-reader".into()),
            secret_access_key: Some("another-secret".into()),
            ..Default::default()
        })
        .unwrap();
    let object = tidemark_server::storage::Storage::get(&bucket_reader, &format!("uploads/{key}"))
        .await
        .unwrap()
        .expect("the object under the prefix");
    assert_eq!(object.content_type, "image/png");
    assert_eq!(object.bytes, served.bytes);
    assert_eq!(
        tidemark_server::storage::Storage::get(&bucket_reader, key)
            .await
            .unwrap(),
        None,
        "nothing outside the prefix"
    );
    let on_disk = walk_files(&app.state.settings.data_dir.join("media"));
    assert!(on_disk.is_empty(), "files on the disk: {on_disk:?}");
    assert_eq!(
        fetch(app, "/media/images/nothing-here.png").await.status,
        404
    );
}

/// The storage's own contract against the same server: put replaces, get reads back the
/// content type, a missing key is None, delete is idempotent, bad keys are refused.
async fn the_storage_keeps_its_contract_against_the_bucket(app: &TestApp) {
    let storage = &app.state.storage;
    assert_eq!(storage.get("files/missing.pdf").await.unwrap(), None);
    storage
        .put("files/a.pdf", b"one".to_vec(), "application/pdf")
        .await
        .unwrap();
    storage
        .put("files/a.pdf", b"two".to_vec(), "application/pdf")
        .await
        .unwrap();
    let read_back = storage.get("files/a.pdf").await.unwrap().unwrap();
    assert_eq!(
        (read_back.bytes.as_slice(), read_back.content_type.as_str()),
        (&b"two"[..], "application/pdf")
    );
    storage.delete("files/a.pdf").await.unwrap();
    storage.delete("files/a.pdf").await.unwrap();
    assert_eq!(storage.get("files/a.pdf").await.unwrap(), None);
    let refused = storage
        .put("../escape.pdf", vec![1], "application/pdf")
        .await;
    assert_eq!(
        refused.unwrap_err().kind(),
        std::io::ErrorKind::InvalidInput
    );
}

#[tokio::test]
async fn an_unreachable_bucket_is_a_clear_error_not_a_silent_fallback() {
    // Nothing listens on this port: an upload answers 503 (try again shortly), no row names
    // an object that is not there, and nothing lands on the disk.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = TestApp::spawn_custom(None, "sqlite", move |settings| {
        settings
            .raw
            .insert("TIDEMARK_S3_BUCKET".into(), "nowhere".into());
        settings.raw.insert(
            "TIDEMARK_S3_ENDPOINT".into(),
            format!("http://127.0.0.1:{port}"),
        );
        settings
            .raw
            .insert("TIDEMARK_S3_ACCESS_KEY_ID".into(), "x".into());
        settings
            .raw
            .insert("TIDEMARK_S3_SECRET_ACCESS_KEY".into(), "y".into());
    })
    .await;
    let master = app.signed_in("master@tidemark.test").await;
    let (status, body) = upload(&app, &master, "logo.png", &png_with_alpha(64, 64), None).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        body["message"],
        "storage is unavailable for a moment; please try again shortly"
    );
    assert!(
        !body.to_string().contains("127.0.0.1"),
        "internal details leaked: {body}"
    );
    assert!(walk_files(&app.state.settings.data_dir.join("media")).is_empty());
    let rows = sea_orm::PaginatorTrait::count(uploads::Entity::find(), &app.state.db)
        .await
        .unwrap();
    assert_eq!(rows, 0, "no upload row without its object");
}

#[tokio::test]
async fn a_stored_file_answers_503_with_retry_after_while_the_bucket_is_away() {
    let mut s3 = S3Server::start("tidemark-away").await;
    let app = app_on_s3(&s3).await;
    let master = app.signed_in("master@tidemark.test").await;
    let (status, body) = upload(&app, &master, "cover.png", &png_with_alpha(64, 64), None).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap().to_string();
    assert_eq!(fetch(&app, &url).await.status, 200);

    s3.stop();
    let response = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 503);
    assert_eq!(response.headers()["retry-after"], "10");
    let (_, body) = read(response).await;
    assert!(
        body["message"].as_str().unwrap().contains("try again"),
        "{body}"
    );
}
