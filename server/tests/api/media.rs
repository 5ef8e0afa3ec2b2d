//! Tests of the media API: uploads by a business's people (images re-encoded without
//! metadata, thumbnails, PDFs kept), refusals (role, type, size, pixel bombs), and the
//! serving of stored files with inert headers.

use crate::helpers::*;
use image::{DynamicImage, GenericImageView, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Cursor;
use tidemark_server::entities::{members, uploads};

/// A multipart/form-data body: the `file` field (name, declared type, bytes) and the
/// `purpose` field, when given. Returns the content type (with the boundary) and the body.
fn form(file: Option<(&str, &str, &[u8])>, purpose: Option<&str>) -> (String, Vec<u8>) {
    let boundary = "----tidemark-test-7d2a91";
    let mut body = Vec::new();
    if let Some(purpose) = purpose {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n{purpose}\r\n"
            )
            .as_bytes(),
        );
    }
    if let Some((name, declared, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\
                 Content-Type: {declared}\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub(crate) async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    name: &str,
    bytes: &[u8],
    purpose: Option<&str>,
) -> (u16, Value) {
    let declared = if name.ends_with(".pdf") {
        "application/pdf"
    } else {
        "image/png"
    };
    let (content_type, body) = form(Some((name, declared, bytes)), purpose);
    let response = client
        .post(app.url("/api/v1/uploads"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    read(response).await
}

fn encoded(picture: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut bytes), format)
        .unwrap();
    bytes
}

/// A PNG with a transparent hole in its middle.
pub(crate) fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        let hole = x.abs_diff(width / 2) < 20 && y.abs_diff(height / 2) < 20;
        Rgba([
            (x % 256) as u8,
            (y % 256) as u8,
            90,
            if hole { 0 } else { 255 },
        ])
    });
    encoded(&DynamicImage::ImageRgba8(picture), ImageFormat::Png)
}

/// Text the EXIF block of [`jpeg_with_exif`] carries as the camera maker.
const EXIF_MARKER: &[u8] = b"TIDEMARK-EXIF-SECRET";

/// A JPEG carrying an EXIF block (APP1) with a maker name and orientation 6 (turn 90°
/// clockwise to show).
fn jpeg_with_exif(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    });
    let jpeg = encoded(&DynamicImage::ImageRgb8(picture), ImageFormat::Jpeg);
    let mut make = EXIF_MARKER.to_vec();
    make.push(0);
    // Big-endian TIFF: header, an IFD of two entries (Make, Orientation), then the string.
    let mut tiff = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x0f, 0x00, 0x02]);
    tiff.extend_from_slice(&(make.len() as u32).to_be_bytes());
    tiff.extend_from_slice(&(8u32 + 2 + 24 + 4).to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff.extend_from_slice(&make);
    let mut app1 = b"Exif\x00\x00".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xff, 0xe1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A valid PNG header claiming 100,000 × 100,000 RGBA pixels (40 GB decoded), with no pixel
/// data behind it.
fn png_bomb_header() -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&100_000u32.to_be_bytes());
    ihdr.extend_from_slice(&100_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    png.extend_from_slice(&13u32.to_be_bytes());
    png.extend_from_slice(&ihdr);
    png.extend_from_slice(&crc32(&ihdr).to_be_bytes());
    png.extend_from_slice(&0u32.to_be_bytes());
    png.extend_from_slice(b"IEND");
    png.extend_from_slice(&crc32(b"IEND").to_be_bytes());
    png
}

const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

struct Served {
    status: u16,
    headers: reqwest::header::HeaderMap,
    bytes: Vec<u8>,
}

async fn fetch(app: &TestApp, path: &str) -> Served {
    // A client without a session: media are public.
    let response = reqwest::Client::new()
        .get(app.url(path))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.unwrap().to_vec();
    Served {
        status,
        headers,
        bytes,
    }
}

fn header<'a>(served: &'a Served, name: &str) -> &'a str {
    served
        .headers
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

fn assert_inert_headers(served: &Served) {
    assert_eq!(header(served, "x-content-type-options"), "nosniff");
    assert_eq!(
        header(served, "content-security-policy"),
        "default-src 'none'; sandbox"
    );
    assert_eq!(
        header(served, "cache-control"),
        "public, max-age=31536000, immutable"
    );
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

async fn member_id(app: &TestApp, email: &str) -> i64 {
    members::Entity::find()
        .filter(members::Column::Email.eq(email))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .id
}

/// A raw HTTP request, so the client cannot tidy the path; the whole answer as text.
async fn raw_get(app: &TestApp, path: &str) -> String {
    let address = app.base.trim_start_matches("http://").to_string();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    tokio::task::spawn_blocking(move || {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn a_business_uploads_images_and_reports_that_are_served_inert() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let master_id = member_id(&app, "master@tidemark.test").await;
        let business_id = my_business(&app, &master).await;
        a_png_with_transparency_stays_a_png(&app, &master).await;
        let photo = a_jpeg_is_turned_upright_and_loses_its_metadata(&app, &master).await;
        the_row_names_the_owner_the_business_and_the_contents_hash(
            &app,
            &photo,
            master_id,
            business_id,
        )
        .await;
        the_same_file_again_is_the_same_upload_and_read_by_id(&app, &master, &photo).await;
        let report = a_pdf_report_is_kept_and_downloaded_under_its_korean_name(&app, &master).await;
        a_post_shows_its_cover_and_report_on_its_page_and_its_card(&app, &master, &photo, report)
            .await;
        managers_upload_for_the_business_and_operators_for_the_platform(&app, business_id).await;
        readers_and_strangers_may_not_upload(&app).await;
        the_content_decides_not_the_name_or_the_declared_type(&app, &master).await;
        too_many_pixels_are_refused_from_the_header(&app, &master).await;
        unknown_and_crafted_keys_never_reach_a_file_outside_the_media_folder(&app).await;
    })
    .await;
}

async fn a_png_with_transparency_stays_a_png(app: &TestApp, master: &reqwest::Client) {
    let (status, body) = upload(
        app,
        master,
        "logo.png",
        &png_with_alpha(1000, 600),
        Some("logo"),
    )
    .await;
    assert_eq!(status, 200, "{body} on {}", app.database);
    let data = &body["data"];
    assert_eq!(data["kind"], "image");
    assert_eq!(data["contentType"], "image/png");
    assert_eq!(
        (data["width"].as_i64(), data["height"].as_i64()),
        (Some(1000), Some(600))
    );
    let url = data["url"].as_str().unwrap().to_string();
    assert!(
        url.starts_with("/media/images/") && url.ends_with(".png"),
        "{url}"
    );
    let thumbnail_url = data["thumbnailUrl"].as_str().unwrap().to_string();
    assert_eq!(thumbnail_url, url.replace(".png", "-480.png"));

    let served = fetch(app, &url).await;
    assert_eq!(served.status, 200);
    assert_eq!(header(&served, "content-type"), "image/png");
    assert_eq!(header(&served, "content-disposition"), "inline");
    assert_inert_headers(&served);
    assert_eq!(data["byteSize"].as_u64(), Some(served.bytes.len() as u64));
    let picture = image::load_from_memory(&served.bytes).unwrap();
    assert_eq!(picture.dimensions(), (1000, 600));
    assert_eq!(
        picture.get_pixel(500, 300)[3],
        0,
        "the transparent hole is kept"
    );
    let thumbnail = fetch(app, &thumbnail_url).await;
    assert_eq!(thumbnail.status, 200);
    assert_inert_headers(&thumbnail);
    let small = image::load_from_memory(&thumbnail.bytes).unwrap();
    assert_eq!(small.dimensions(), (480, 288));
}

/// The JPEG of the main scenario: the bytes sent, the upload's id and address, the bytes served.
struct Photo {
    sent: Vec<u8>,
    id: i64,
    url: String,
    served: Vec<u8>,
}

/// A JPEG with EXIF: turned upright, metadata gone, thumbnail at most 480 wide.
async fn a_jpeg_is_turned_upright_and_loses_its_metadata(
    app: &TestApp,
    master: &reqwest::Client,
) -> Photo {
    let photo = jpeg_with_exif(800, 400);
    assert!(contains(&photo, EXIF_MARKER) && contains(&photo, b"Exif"));
    let (status, body) = upload(app, master, "photo.jpg", &photo, None).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["contentType"], "image/jpeg");
    assert_eq!(
        (data["width"].as_i64(), data["height"].as_i64()),
        (Some(400), Some(800))
    );
    let url = data["url"].as_str().unwrap().to_string();
    assert!(url.ends_with(".jpg"), "{url}");
    let served = fetch(app, &url).await;
    assert_eq!(header(&served, "content-type"), "image/jpeg");
    assert_inert_headers(&served);
    assert!(
        !contains(&served.bytes, EXIF_MARKER),
        "the EXIF maker survived"
    );
    assert!(!contains(&served.bytes, b"Exif"), "an EXIF block survived");
    assert_eq!(
        image::load_from_memory(&served.bytes).unwrap().dimensions(),
        (400, 800)
    );
    let thumbnail = fetch(app, data["thumbnailUrl"].as_str().unwrap()).await;
    let small = image::load_from_memory(&thumbnail.bytes).unwrap();
    assert!(small.width() <= 480, "{}", small.width());
    assert!(!contains(&thumbnail.bytes, EXIF_MARKER));
    Photo {
        sent: photo,
        id: data["id"].as_i64().unwrap(),
        url,
        served: served.bytes,
    }
}

async fn the_row_names_the_owner_the_business_and_the_contents_hash(
    app: &TestApp,
    photo: &Photo,
    master_id: i64,
    business_id: i64,
) {
    let row = uploads::Entity::find_by_id(photo.id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.owner_member_id, Some(master_id));
    assert_eq!(row.business_id, Some(business_id));
    assert_eq!(row.kind, "image");
    assert_eq!(row.original_name.as_deref(), Some("photo.jpg"));
    let hash: String = Sha256::digest(&photo.served)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(row.sha256, hash);
    assert_eq!(row.storage_key, format!("images/{hash}.jpg"));
}

async fn the_same_file_again_is_the_same_upload_and_read_by_id(
    app: &TestApp,
    master: &reqwest::Client,
    photo: &Photo,
) {
    let db = &app.state.db;
    // The same file again is the same upload (content-addressed).
    let (status, again) = upload(app, master, "copy.jpg", &photo.sent, Some("body")).await;
    assert_eq!(status, 200);
    assert_eq!(again["data"]["id"].as_i64(), Some(photo.id));

    // Other modules read the addresses by id.
    assert_eq!(
        tidemark_server::media::url_of(db, Some(photo.id)).await,
        Some(photo.url.clone())
    );
    assert_eq!(tidemark_server::media::url_of(db, None).await, None);
    let urls = tidemark_server::media::upload_urls(db, &[photo.id, photo.id, 987_654])
        .await
        .expect("addresses read");
    assert_eq!(urls.len(), 1);
    assert_eq!(urls[&photo.id], photo.url);
}

/// The report's id and address.
async fn a_pdf_report_is_kept_and_downloaded_under_its_korean_name(
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
async fn a_post_shows_its_cover_and_report_on_its_page_and_its_card(
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

async fn managers_upload_for_the_business_and_operators_for_the_platform(
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

async fn readers_and_strangers_may_not_upload(app: &TestApp) {
    let reader = app.signed_in("reader@tidemark.test").await;
    let (status, _) = upload(app, &reader, "r.png", &png_with_alpha(10, 10), None).await;
    assert_eq!(status, 403);
    let (status, body) = upload(app, &browser(), "r.png", &png_with_alpha(10, 10), None).await;
    assert_eq!(status, 401, "{body}");
}

/// Text named .png, BMP, a broken PDF, wrong purposes, no file, not a form.
async fn the_content_decides_not_the_name_or_the_declared_type(
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

async fn too_many_pixels_are_refused_from_the_header(app: &TestApp, master: &reqwest::Client) {
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
async fn unknown_and_crafted_keys_never_reach_a_file_outside_the_media_folder(app: &TestApp) {
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

/// A random-looking image that does not compress: about `width × height × 3` bytes as PNG.
fn noise_png(width: u32, height: u32) -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let picture = RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let [a, b, c, ..] = state.to_le_bytes();
        Rgb([a, b, c])
    });
    encoded(&DynamicImage::ImageRgb8(picture), ImageFormat::Png)
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
    // Nothing listens on this port: an upload fails with 500, and nothing lands on the disk.
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
    assert_eq!(status, 500, "{body}");
    assert!(
        !body.to_string().contains("127.0.0.1"),
        "internal details leaked: {body}"
    );
    assert!(walk_files(&app.state.settings.data_dir.join("media")).is_empty());
}

/// Every file below `folder` (none when it does not exist).
fn walk_files(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(next) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found
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
