//! Reports in the main scenario: a PDF kept and downloaded under its Korean name, and a post
//! showing its cover and report on its page and its card.

use super::*;

/// The report's id and address.
pub(super) async fn a_pdf_report_is_kept_and_downloaded_under_its_korean_name(
    app: &TestApp,
    master: &reqwest::Client,
) -> (i64, String) {
    let (status, body) = upload(app, master, "2026 보고서.pdf", PDF, Some("report")).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["kind"], "pdf");
    assert_eq!(data["contentType"], "application/pdf");
    assert_eq!(data["thumbnailUrl"], Value::Null);
    assert_eq!(data["width"], Value::Null);
    let url = data["url"].as_str().unwrap();
    assert!(
        url.starts_with("/media/files/") && url.ends_with(".pdf"),
        "{url}"
    );
    let served = fetch(app, url).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.bytes, PDF);
    assert_eq!(header(&served, "content-type"), "application/pdf");
    assert_inert_headers(&served);
    let disposition = header(&served, "content-disposition");
    assert!(
        disposition.starts_with("attachment; filename=\""),
        "{disposition}"
    );
    assert!(
        disposition.contains("filename*=UTF-8''2026%20%EB%B3%B4%EA%B3%A0%EC%84%9C.pdf"),
        "{disposition}"
    );
    (data["id"].as_i64().unwrap(), url.to_string())
}

/// A reader sees a published post's cover and report on its page, and its cover and the
/// cover's thumbnail on its card in the lists (each read with the post's own row).
pub(super) async fn a_post_shows_its_cover_and_report_on_its_page_and_its_card(
    app: &TestApp,
    master: &reqwest::Client,
    photo: &Photo,
    (report, report_url): (i64, String),
) {
    // The business shows a logo of its own.
    let (status, body) = upload(app, master, "logo.png", &noise_png(24, 24), Some("logo")).await;
    assert_eq!(status, 200, "{body}");
    let (logo, logo_url) = (
        body["data"]["id"].as_i64().unwrap(),
        body["data"]["url"].clone(),
    );
    let business = my_business(app, master).await;
    let (status, body) = call(
        app,
        master,
        reqwest::Method::PUT,
        &format!("/api/v1/businesses/{business}"),
        Some(serde_json::json!({"logoUploadId": logo})),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let (status, body) = call(app, master, reqwest::Method::POST, "/api/v1/posts", Some(serde_json::json!({
        "categoryId": 1, "title": "표지와 보고서가 있는 글", "bodyHtml": "<p>본문</p>",
        "coverUploadId": photo.id, "reportUploadId": report, "isReport": true, "action": "publish"
    }))).await;
    assert_eq!(status, 200, "{body}");
    let post = body["data"]["postSeq"].as_i64().unwrap();

    let (status, page) = app.get(&format!("/api/v1/posts/{post}")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["coverUrl"], photo.url.as_str(), "{page}");
    assert_eq!(page["data"]["reportUrl"], report_url.as_str(), "{page}");
    assert_eq!(page["data"]["business"]["logoUrl"], logo_url, "{page}");

    let (status, list) = app.get("/api/v1/posts/latest").await;
    assert_eq!(status, 200, "{list}");
    let card = list["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["postSeq"] == post)
        .unwrap_or_else(|| panic!("the new post is the latest: {list}"));
    assert_eq!(card["coverUrl"], photo.url.as_str(), "{card}");
    assert_eq!(card["business"]["logoUrl"], logo_url, "{card}");
    let thumbnail = photo.url.replace(".jpg", "-480.jpg");
    assert_eq!(card["coverThumbnailUrl"], thumbnail.as_str(), "{card}");
    // A post without a cover has none on its card.
    let (_, body) = call(
        app,
        master,
        reqwest::Method::POST,
        "/api/v1/posts",
        Some(serde_json::json!({
            "categoryId": 1, "title": "표지 없는 글", "bodyHtml": "<p>본문</p>", "action": "publish"
        })),
    )
    .await;
    let bare = body["data"]["postSeq"].as_i64().unwrap();
    let (_, list) = app.get("/api/v1/posts/latest").await;
    let card = list["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["postSeq"] == bare)
        .cloned();
    assert_eq!(
        card.map(|card| card["coverUrl"].clone()),
        Some(Value::Null),
        "{list}"
    );
}
