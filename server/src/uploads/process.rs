//! What an upload is and what is kept of it: images are recognised by their content, decoded
//! under limits (a decompression bomb is refused from its header, before the pixels are
//! allocated) and re-encoded, which drops EXIF and every other piece of metadata; PDFs are
//! checked for their header and trailer and kept as they are.
//!
//! Everything here is synchronous and CPU-bound: callers run it on a blocking thread.

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// Largest image accepted, in bytes as uploaded.
pub const IMAGE_MAX_BYTES: usize = 10 * 1024 * 1024;
/// Largest PDF accepted.
pub const PDF_MAX_BYTES: usize = 20 * 1024 * 1024;
/// Longest side of an image, in pixels.
pub const MAX_SIDE: u32 = 10_000;
/// Most pixels in an image (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;
/// Most memory a decoder may take: 40 megapixels of 8-bit RGBA, with room to spare.
const MAX_DECODER_ALLOC: u64 = 256 * 1024 * 1024;
/// Width of thumbnails (never wider than the image itself).
pub const THUMBNAIL_WIDTH: u32 = 480;
/// Quality of re-encoded JPEG images.
pub const JPEG_QUALITY: u8 = 85;
/// The PDF trailer must appear within this many bytes of the end.
const PDF_TRAILER_WINDOW: usize = 1024;

/// What the bytes of an upload are, judged by their content alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detected {
    Image(ImageFormat),
    Pdf,
}

/// The kind of an upload from its first bytes: PNG, JPEG, GIF and WebP images, PDF
/// documents; `None` for anything else (the name and declared type are never consulted).
pub fn detect(bytes: &[u8]) -> Option<Detected> {
    if bytes.starts_with(b"%PDF-") {
        return Some(Detected::Pdf);
    }
    match image::guess_format(bytes).ok()? {
        format @ (ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif | ImageFormat::WebP) => {
            Some(Detected::Image(format))
        }
        _ => None,
    }
}

/// Why an upload is refused (told to the uploader) or could not be handled (logged).
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    Refused(String),
    Internal(String),
}

/// An encoded picture, ready to store.
#[derive(Debug)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    /// `jpg` or `png`.
    pub extension: &'static str,
    pub width: u32,
    pub height: u32,
}

/// An image as it is kept: the re-encoded picture and its thumbnail.
#[derive(Debug)]
pub struct Processed {
    pub image: Encoded,
    pub thumbnail: Encoded,
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODER_ALLOC);
    limits
}

fn too_large() -> Failure {
    Failure::Refused(format!(
        "the image is too large: at most {MAX_SIDE} pixels a side and {} megapixels",
        MAX_PIXELS / 1_000_000
    ))
}

/// Decodes an image of `format` under the limits, turns it upright (EXIF orientation), and
/// re-encodes it: JPEG (quality 85) when every pixel is opaque, PNG when some are not; plus a
/// thumbnail 480 pixels wide at most, in the same format.
pub fn process_image(bytes: &[u8], format: ImageFormat) -> Result<Processed, Failure> {
    if bytes.len() > IMAGE_MAX_BYTES {
        return Err(Failure::Refused(format!(
            "images are limited to {} MB",
            IMAGE_MAX_BYTES / (1024 * 1024)
        )));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits());
    // The decoder reads the header only: sizes are checked before any pixel is allocated.
    let mut decoder = reader.into_decoder().map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(Failure::Refused("the image has no pixels".into()));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_large());
    }
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    picture.apply_orientation(orientation);

    let transparent = has_transparency(&picture);
    let thumbnail = if picture.width() > THUMBNAIL_WIDTH {
        let scaled_height = (u64::from(picture.height()) * u64::from(THUMBNAIL_WIDTH)
            + u64::from(picture.width()) / 2)
            / u64::from(picture.width());
        let scaled_height = u32::try_from(scaled_height.max(1)).unwrap_or(u32::MAX);
        Some(picture.resize_exact(
            THUMBNAIL_WIDTH,
            scaled_height,
            image::imageops::FilterType::Triangle,
        ))
    } else {
        None
    };
    let image = encode(picture, transparent)?;
    let thumbnail = match thumbnail {
        Some(thumbnail) => encode(thumbnail, transparent)?,
        // Narrow images are their own thumbnail.
        None => Encoded {
            bytes: image.bytes.clone(),
            ..image
        },
    };
    Ok(Processed { image, thumbnail })
}

/// What the uploader is told about an image the decoder could not read.
pub const UNREADABLE_IMAGE: &str =
    "this image could not be read: upload a PNG, JPEG, GIF or WebP file";

/// A decoder error: the limits (too large) or a broken file. The decoder's own message may
/// quote bytes of the file, so the uploader gets the product's sentence and the log gets
/// only the kind of failure.
fn unreadable(error: image::ImageError) -> Failure {
    let kind = match &error {
        image::ImageError::Limits(_) => return too_large(),
        image::ImageError::Decoding(_) => "decoding",
        image::ImageError::Unsupported(_) => "unsupported",
        image::ImageError::Parameter(_) => "parameter",
        image::ImageError::Encoding(_) => "encoding",
        // Reading from memory fails only on a truncated or broken file.
        image::ImageError::IoError(_) => "truncated",
    };
    tracing::info!(kind, "upload refused: the image could not be decoded");
    Failure::Refused(UNREADABLE_IMAGE.into())
}

/// Whether any pixel is not fully opaque (an alpha channel that is opaque everywhere does
/// not count: such an image is stored as JPEG).
fn has_transparency(picture: &DynamicImage) -> bool {
    if !picture.color().has_alpha() {
        return false;
    }
    match picture {
        DynamicImage::ImageLumaA8(buffer) => buffer.pixels().any(|p| p[1] < u8::MAX),
        DynamicImage::ImageRgba8(buffer) => buffer.pixels().any(|p| p[3] < u8::MAX),
        DynamicImage::ImageLumaA16(buffer) => buffer.pixels().any(|p| p[1] < u16::MAX),
        DynamicImage::ImageRgba16(buffer) => buffer.pixels().any(|p| p[3] < u16::MAX),
        other => other.to_rgba8().pixels().any(|p| p[3] < u8::MAX),
    }
}

fn encode(picture: DynamicImage, transparent: bool) -> Result<Encoded, Failure> {
    let (width, height) = (picture.width(), picture.height());
    let mut bytes = Vec::new();
    let written = if transparent {
        let rgba = picture.into_rgba8();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new(&mut bytes),
            rgba.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgba8,
        )
    } else {
        let rgb = picture.into_rgb8();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY).encode(
            rgb.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
    };
    written.map_err(|error| Failure::Internal(format!("image encoding: {error}")))?;
    let (content_type, extension) = if transparent {
        ("image/png", "png")
    } else {
        ("image/jpeg", "jpg")
    };
    Ok(Encoded {
        bytes,
        content_type,
        extension,
        width,
        height,
    })
}

/// A PDF is kept as uploaded when it starts with `%PDF-`, ends (give or take trailing white
/// space) with `%%EOF`, and fits the size limit.
pub fn check_pdf(bytes: &[u8]) -> Result<(), Failure> {
    if bytes.len() > PDF_MAX_BYTES {
        return Err(Failure::Refused(format!(
            "PDF files are limited to {} MB",
            PDF_MAX_BYTES / (1024 * 1024)
        )));
    }
    if !bytes.starts_with(b"%PDF-") {
        return Err(Failure::Refused("this is not a PDF file".into()));
    }
    let tail = &bytes[bytes.len().saturating_sub(PDF_TRAILER_WINDOW)..];
    if !tail.windows(5).any(|window| window == b"%%EOF") {
        return Err(Failure::Refused(
            "the PDF file is incomplete (no %%EOF at its end)".into(),
        ));
    }
    Ok(())
}

/// The name an uploader gave a file, fit to store and to show: the last path segment, no
/// control characters, quotes or backslashes, at most 100 characters; `None` when nothing is
/// left.
pub fn clean_name(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\' | '/'))
        .take(100)
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim();
    (!cleaned.is_empty()).then(|| cleaned.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    fn png(picture: &DynamicImage) -> Vec<u8> {
        let mut bytes = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn content_decides_the_kind() {
        let picture = DynamicImage::ImageRgb8(RgbImage::new(2, 2));
        assert_eq!(
            detect(&png(&picture)),
            Some(Detected::Image(ImageFormat::Png))
        );
        assert_eq!(detect(b"%PDF-1.7\n"), Some(Detected::Pdf));
        assert_eq!(detect(b"hello, I am text"), None);
        assert_eq!(detect(b"BM\0\0\0\0"), None, "BMP is not accepted");
    }

    #[test]
    fn opaque_images_become_jpeg_and_transparent_ones_png_with_a_thumbnail() {
        let opaque =
            DynamicImage::ImageRgba8(RgbaImage::from_pixel(960, 300, Rgba([9, 8, 7, 255])));
        let kept = process_image(&png(&opaque), ImageFormat::Png).unwrap();
        assert_eq!(
            (kept.image.content_type, kept.image.width, kept.image.height),
            ("image/jpeg", 960, 300)
        );
        assert_eq!((kept.thumbnail.width, kept.thumbnail.height), (480, 150));
        assert_eq!(
            detect(&kept.thumbnail.bytes),
            Some(Detected::Image(ImageFormat::Jpeg))
        );

        let mut clear = RgbaImage::from_pixel(100, 50, Rgba([9, 8, 7, 255]));
        clear.put_pixel(3, 3, Rgba([0, 0, 0, 0]));
        let kept = process_image(&png(&DynamicImage::ImageRgba8(clear)), ImageFormat::Png).unwrap();
        assert_eq!(kept.image.content_type, "image/png");
        assert_eq!(
            kept.thumbnail.bytes, kept.image.bytes,
            "narrow images are not upscaled"
        );
        assert_eq!((kept.thumbnail.width, kept.thumbnail.height), (100, 50));
    }

    #[test]
    fn gif_and_webp_are_read_too() {
        let mut picture = RgbaImage::from_pixel(600, 20, Rgba([200, 10, 10, 255]));
        picture.put_pixel(0, 0, Rgba([0, 0, 0, 0]));
        let picture = DynamicImage::ImageRgba8(picture);
        for format in [ImageFormat::Gif, ImageFormat::WebP] {
            let mut bytes = Vec::new();
            picture
                .write_to(&mut Cursor::new(&mut bytes), format)
                .unwrap();
            assert_eq!(detect(&bytes), Some(Detected::Image(format)));
            let kept = process_image(&bytes, format).unwrap();
            assert_eq!(kept.image.content_type, "image/png", "{format:?}");
            assert_eq!(
                (
                    kept.image.width,
                    kept.thumbnail.width,
                    kept.thumbnail.height
                ),
                (600, 480, 16)
            );
        }
    }

    #[test]
    fn oversized_images_are_refused() {
        let wide = DynamicImage::ImageRgb8(RgbImage::from_pixel(10_001, 1, Rgb([1, 2, 3])));
        assert!(matches!(
            process_image(&png(&wide), ImageFormat::Png),
            Err(Failure::Refused(_))
        ));
    }

    #[test]
    fn a_broken_image_is_answered_without_the_decoders_words() {
        // A PNG signature, then a chunk whose bytes the decoder would quote back.
        let broken = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDRSECRET-BYTES";
        for format in [
            ImageFormat::Png,
            ImageFormat::Jpeg,
            ImageFormat::Gif,
            ImageFormat::WebP,
        ] {
            assert_eq!(
                process_image(broken, format).unwrap_err(),
                Failure::Refused(UNREADABLE_IMAGE.into()),
                "{format:?}"
            );
        }
    }

    #[test]
    fn pdfs_need_header_and_trailer() {
        assert_eq!(check_pdf(b"%PDF-1.4\n1 0 obj\n%%EOF\n"), Ok(()));
        assert!(check_pdf(b"%PDF-1.4\n1 0 obj\n").is_err());
        assert!(check_pdf(b"hello %%EOF").is_err());
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(
            clean_name("C:\\fakepath\\보고서 2026.pdf").as_deref(),
            Some("보고서 2026.pdf")
        );
        assert_eq!(clean_name("../../etc/passwd").as_deref(), Some("passwd"));
        assert_eq!(clean_name("a\"b\r\nc.png").as_deref(), Some("abc.png"));
        assert_eq!(clean_name("...").as_deref(), None);
        assert_eq!(
            clean_name(&"가".repeat(300)).map(|n| n.chars().count()),
            Some(100)
        );
    }
}
