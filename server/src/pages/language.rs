//! The reader's language, as the UI picks it, for the first view.

use axum::http::{header, HeaderMap};
use tidemark_core::i18n::{pick_language, Lang};

/// The cookie the UI sets when the reader picks a language (`ko` | `en`).
pub const LANGUAGE_COOKIE: &str = "tm_lang";

/// The reader's language, as the UI picks it: the saved choice (the `tm_lang` cookie), else
/// the browser's languages (Accept-Language, by preference), through the core's picker.
pub fn language_of(headers: &HeaderMap) -> Lang {
    let saved = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == LANGUAGE_COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|value| matches!(*value, "ko" | "en"));
    let mut preferred: Vec<(f32, String)> = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let quality = parts
                .filter_map(|part| part.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (!tag.is_empty() && quality > 0.0).then(|| (quality, tag.to_string()))
        })
        .collect();
    // Stable: equal preferences keep the header's order.
    preferred.sort_by(|a, b| b.0.total_cmp(&a.0));
    let preferred: Vec<String> = preferred.into_iter().map(|(_, tag)| tag).collect();
    pick_language(saved, &preferred)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_cookie_wins_over_the_browsers_languages() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.append(*name, value.parse().unwrap());
            }
            map
        };
        assert_eq!(language_of(&headers(&[])), Lang::Ko);
        assert_eq!(
            language_of(&headers(&[("accept-language", "en-US,en;q=0.9,ko;q=0.8")])),
            Lang::En
        );
        assert_eq!(
            language_of(&headers(&[(
                "accept-language",
                "ja;q=0.9, ko;q=0.5, en;q=0.7"
            )])),
            Lang::En,
            "by preference, not by place"
        );
        assert_eq!(
            language_of(&headers(&[("accept-language", "en;q=0, ko;q=0.1")])),
            Lang::Ko
        );
        assert_eq!(
            language_of(&headers(&[
                ("accept-language", "en-US"),
                ("cookie", "a=1; tm_lang=ko")
            ])),
            Lang::Ko
        );
        assert_eq!(language_of(&headers(&[("cookie", "tm_lang=en")])), Lang::En);
        assert_eq!(
            language_of(&headers(&[
                ("accept-language", "en"),
                ("cookie", "tm_lang=fr")
            ])),
            Lang::En
        );
    }
}
