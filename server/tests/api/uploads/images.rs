//! Images in the main scenario: a PNG with transparency stays a PNG, a JPEG is turned upright
//! and loses its metadata, the row names its owner, and the same file again is the same
//! upload.

use super::*;
use sha2::{Digest, Sha256};

pub(super) async fn a_png_with_transparency_stays_a_png(app: &TestApp, master: &reqwest::Client) {
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

/// A JPEG with EXIF: turned upright, metadata gone, thumbnail at most 480 wide.
pub(super) async fn a_jpeg_is_turned_upright_and_loses_its_metadata(
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

pub(super) async fn the_row_names_the_owner_the_business_and_the_contents_hash(
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

pub(super) async fn the_same_file_again_is_the_same_upload_and_read_by_id(
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
        tidemark_server::uploads::url_of(db, Some(photo.id)).await,
        Some(photo.url.clone())
    );
    assert_eq!(tidemark_server::uploads::url_of(db, None).await, None);
    let urls = tidemark_server::uploads::upload_urls(db, &[photo.id, photo.id, 987_654])
        .await
        .expect("addresses read");
    assert_eq!(urls.len(), 1);
    assert_eq!(urls[&photo.id], photo.url);
}
