//! A stored body in feeds ([`for_feed`]): the site's own addresses made absolute, and each
//! video a link to its page at the provider under its thumbnail, since a feed reader shows no
//! player. (The post page's body is `tidemark_core::reading::reader_body`, which the server's
//! first view and the app share.)

use crate::kernel::html::escape_html;
use tidemark_core::embed::video_of;
use tidemark_core::markup::{decode_entities, pieces, write, Piece};

/// A feed's body: `/media/…` images and relative links made absolute on `base`; each player a
/// link to the video's page (`watch` and the provider's name as its text).
pub fn for_feed(stored: &str, base: &str, watch: &str) -> String {
    let mut out = String::with_capacity(stored.len() + 256);
    for piece in pieces(stored) {
        match piece {
            Piece::Start {
                name: "iframe",
                attributes,
            } => {
                let src = attributes
                    .iter()
                    .find(|(name, _)| *name == "src")
                    .map(|(_, value)| decode_entities(value).into_owned())
                    .unwrap_or_default();
                let title = attributes
                    .iter()
                    .find(|(name, _)| *name == "title")
                    .map(|(_, value)| decode_entities(value).into_owned())
                    .unwrap_or_default();
                if let Some(video) = video_of(&src) {
                    let text = if title.is_empty() {
                        format!("▶ {watch} ({})", video.provider.label)
                    } else {
                        format!("▶ {title} — {watch} ({})", video.provider.label)
                    };
                    out.push_str(&format!(
                        "<p><a href=\"{}\">{}</a></p>",
                        escape_html(&video.page()),
                        escape_html(&text)
                    ));
                }
            }
            Piece::End("iframe") => {}
            Piece::Start { name, attributes } => {
                out.push('<');
                out.push_str(name);
                for (attribute, value) in attributes {
                    let absolute = matches!(attribute, "src" | "href")
                        && value.starts_with('/')
                        && !value.starts_with("//");
                    if absolute {
                        out.push_str(&format!(
                            " {attribute}=\"{}{value}\"",
                            base.trim_end_matches('/')
                        ));
                    } else {
                        out.push_str(&format!(" {attribute}=\"{value}\""));
                    }
                }
                out.push('>');
            }
            piece => write(&mut out, &piece),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::sanitize::sanitize;
    use super::*;

    const VIDEO: &str = "<figure class=\"video\"><img src=\"/media/images/t.jpg\" alt=\"출시 영상\"><iframe src=\"https://youtu.be/dQw4w9WgXcQ\" title=\"출시 &amp; 소개\"></iframe><figcaption>신제품</figcaption></figure>";

    #[test]
    fn feeds_link_to_the_video_and_use_absolute_addresses() {
        let stored = sanitize(&format!("<p><a href=\"/post/3\">앞 글</a></p>{VIDEO}"));
        let feed = for_feed(&stored, "https://tidemark.kr/", "동영상 보기");
        assert!(!feed.contains("<iframe"), "{feed}");
        assert!(feed.contains("<a href=\"https://tidemark.kr/post/3\" rel=\"noopener noreferrer nofollow ugc\">앞 글</a>"), "{feed}");
        assert!(
            feed.contains("<img src=\"https://tidemark.kr/media/images/t.jpg\" alt=\"출시 영상\">"),
            "{feed}"
        );
        assert!(feed.contains("<p><a href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\">▶ 출시 &amp; 소개 — 동영상 보기 (YouTube)</a></p>"), "{feed}");
    }
}
