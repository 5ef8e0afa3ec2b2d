//! Tests of the media API: uploads by a business's people (images re-encoded without
//! metadata, thumbnails, PDFs kept), refusals (role, type, size, pixel bombs), and the
//! serving of stored files with inert headers.

mod checks;
mod images;
mod reports;
mod s3;

use crate::helpers::*;
use image::{DynamicImage, GenericImageView, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;
use std::io::Cursor;
use tidemark_server::entities::{members, uploads};

use checks::{
    managers_upload_for_the_business_and_operators_for_the_platform,
    readers_and_strangers_may_not_upload, the_content_decides_not_the_name_or_the_declared_type,
    too_many_pixels_are_refused_from_the_header,
    unknown_and_crafted_keys_never_reach_a_file_outside_the_media_folder,
};
use images::{
    a_jpeg_is_turned_upright_and_loses_its_metadata, a_png_with_transparency_stays_a_png,
    the_row_names_the_owner_the_business_and_the_contents_hash,
    the_same_file_again_is_the_same_upload_and_read_by_id,
};
use reports::{
    a_pdf_report_is_kept_and_downloaded_under_its_korean_name,
    a_post_shows_its_cover_and_report_on_its_page_and_its_card,
};

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

/// The JPEG of the main scenario: the bytes sent, the upload's id and address, the bytes served.
struct Photo {
    sent: Vec<u8>,
    id: i64,
    url: String,
    served: Vec<u8>,
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
