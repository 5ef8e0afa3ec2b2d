//! The demo's images: covers and logos drawn here, stored the way uploads are.

use crate::entities::{businesses, uploads};
use crate::state::AppState;
use chrono::Utc;
use image::{ImageBuffer, Rgb, Rgba};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

const PALETTE: [[u8; 3]; 10] = [
    [14, 116, 144],
    [30, 64, 175],
    [124, 58, 237],
    [190, 24, 93],
    [194, 65, 12],
    [21, 128, 61],
    [180, 83, 9],
    [15, 118, 110],
    [55, 65, 81],
    [67, 56, 202],
];

/// Draws 16 covers and a logo for every business, gives each business its logo and a cover;
/// answers the covers, which the posts use too.
pub(super) async fn draw_logos_and_covers(
    state: &AppState,
    business_ids: &[(i64, String)],
) -> Result<Vec<uploads::Model>, String> {
    let db = &state.db;
    // Logos and covers, drawn here.
    let mut covers = Vec::new();
    for seed in 0..16 {
        let bytes = tokio::task::spawn_blocking(move || draw_cover(seed))
            .await
            .map_err(|e| e.to_string())?;
        covers.push(
            store_image(
                state,
                business_ids[seed % business_ids.len()].0,
                bytes,
                false,
            )
            .await?,
        );
    }
    for (i, (id, _)) in business_ids.iter().enumerate() {
        let bytes = tokio::task::spawn_blocking(move || draw_logo(i))
            .await
            .map_err(|e| e.to_string())?;
        let logo = store_image(state, *id, bytes, true).await?;
        let cover = &covers[i % covers.len()];
        businesses::Entity::update_many()
            .col_expr(
                businesses::Column::LogoUploadId,
                sea_orm::sea_query::Expr::value(logo.id),
            )
            .col_expr(
                businesses::Column::CoverUploadId,
                sea_orm::sea_query::Expr::value(cover.id),
            )
            .filter(businesses::Column::Id.eq(*id))
            .exec(db)
            .await
            .map_err(|e| e.to_string())?;
    }

    Ok(covers)
}

/// A cover: a diagonal gradient of two palette colours with soft circles.
fn draw_cover(seed: usize) -> Vec<u8> {
    let (width, height) = (960u32, 504u32);
    let a = PALETTE[seed % PALETTE.len()];
    let b = PALETTE[(seed * 7 + 3) % PALETTE.len()];
    let circles: Vec<(f32, f32, f32)> = (0..4)
        .map(|i| {
            let k = (seed * 31 + i * 17) as f32;
            (
                (k * 37.0) % width as f32,
                (k * 53.0) % height as f32,
                60.0 + (k * 13.0) % 140.0,
            )
        })
        .collect();
    let image = ImageBuffer::from_fn(width, height, |x, y| {
        let t = (x as f32 / width as f32 + y as f32 / height as f32) / 2.0;
        let mut pixel = [0u8; 3];
        for c in 0..3 {
            pixel[c] = (a[c] as f32 * (1.0 - t) + b[c] as f32 * t) as u8;
        }
        for (cx, cy, r) in &circles {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if d < *r {
                for value in &mut pixel {
                    *value = value.saturating_add(28);
                }
            }
        }
        Rgb(pixel)
    });
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 82);
    image
        .write_with_encoder(encoder)
        .expect("a drawn cover encodes");
    bytes
}

/// A logo: a coloured rounded square with a white ring.
fn draw_logo(seed: usize) -> Vec<u8> {
    let size = 160u32;
    let color = PALETTE[seed % PALETTE.len()];
    let image = ImageBuffer::from_fn(size, size, |x, y| {
        let (dx, dy) = (x as f32 - 80.0, y as f32 - 80.0);
        let d = (dx * dx + dy * dy).sqrt();
        let corner = (dx.abs() - 56.0).max(0.0).hypot((dy.abs() - 56.0).max(0.0));
        if corner > 24.0 {
            Rgba([0, 0, 0, 0])
        } else if (30.0..42.0).contains(&d) || (seed.is_multiple_of(3) && d < 14.0) {
            Rgba([255, 255, 255, 255])
        } else {
            Rgba([color[0], color[1], color[2], 255])
        }
    });
    let mut bytes = Vec::new();
    image
        .write_with_encoder(image::codecs::png::PngEncoder::new(&mut bytes))
        .expect("a drawn logo encodes");
    bytes
}

/// Stores a drawn image (and its thumbnail) the way uploads are stored; answers the row.
async fn store_image(
    state: &AppState,
    business_id: i64,
    bytes: Vec<u8>,
    png: bool,
) -> Result<uploads::Model, String> {
    let decoded = image::load_from_memory(&bytes).map_err(|e| e.to_string())?;
    let (width, height) = (decoded.width(), decoded.height());
    let extension = if png { "png" } else { "jpg" };
    let content_type = if png { "image/png" } else { "image/jpeg" };
    let sha = hex::encode(Sha256::digest(&bytes));
    let key = format!("images/{sha}.{extension}");
    if let Some(thumbnail_key) = crate::uploads::thumbnail_key(&key) {
        let thumbnail = decoded.thumbnail(480, 480);
        let mut thumb = Vec::new();
        if png {
            thumbnail
                .write_with_encoder(image::codecs::png::PngEncoder::new(&mut thumb))
                .map_err(|e| e.to_string())?;
        } else {
            thumbnail
                .to_rgb8()
                .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(
                    &mut thumb, 80,
                ))
                .map_err(|e| e.to_string())?;
        }
        state
            .storage
            .put(&thumbnail_key, thumb, content_type)
            .await
            .map_err(|e| e.to_string())?;
    }
    let size = bytes.len() as i64;
    state
        .storage
        .put(&key, bytes, content_type)
        .await
        .map_err(|e| e.to_string())?;
    if let Some(row) = uploads::Entity::find()
        .filter(uploads::Column::StorageKey.eq(key.as_str()))
        .filter(uploads::Column::BusinessId.eq(business_id))
        .one(&state.db)
        .await
        .map_err(|e| e.to_string())?
    {
        return Ok(row);
    }
    uploads::ActiveModel {
        owner_member_id: Set(None),
        business_id: Set(Some(business_id)),
        kind: Set("image".into()),
        content_type: Set(content_type.into()),
        storage_key: Set(key),
        byte_size: Set(size),
        width: Set(Some(width as i32)),
        height: Set(Some(height as i32)),
        sha256: Set(sha),
        original_name: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .map_err(|e| e.to_string())
}
