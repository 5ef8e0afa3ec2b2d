//! The UI's index.html made into a page's document: its head (title, description, canonical
//! address, Open Graph and Twitter card, JSON-LD), its inline data and its first view.

use super::{PageMeta, DATA_ELEMENT_ID, SITE};
use crate::kernel::html::escape_html;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// JSON that is safe inside a `<script>` element: nothing in it can close the element or
/// start a comment, whatever a post's text holds.
pub fn script_json<T: Serialize>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 64);
    // Copied a run at a time between the few bytes that need an escape (U+2028 and U+2029
    // are E2 80 A8 and E2 80 A9 in UTF-8), so a 20 KB post costs a scan, not a char loop.
    let mut from = 0;
    for (at, byte) in bytes.iter().enumerate() {
        let (escape, width) = match byte {
            b'<' => ("\\u003c", 1),
            b'>' => ("\\u003e", 1),
            b'&' => ("\\u0026", 1),
            0xE2 if bytes.get(at + 1) == Some(&0x80) => match bytes.get(at + 2) {
                Some(0xA8) => ("\\u2028", 3),
                Some(0xA9) => ("\\u2029", 3),
                _ => continue,
            },
            _ => continue,
        };
        out.push_str(&text[from..at]);
        out.push_str(escape);
        from = at + width;
    }
    out.push_str(&text[from..]);
    out
}

/// The UI's index.html with the page's head and inline data.
pub fn render(index_html: &str, meta: &PageMeta, base: &str) -> String {
    let url = format!("{}{}", base.trim_end_matches('/'), meta.canonical_path);
    let mut head = String::with_capacity(2048);
    let mut tag = |line: String| {
        head.push_str("    ");
        head.push_str(&line);
        head.push('\n');
    };
    tag(format!("<title>{}</title>", escape_html(&meta.title)));
    tag(format!(
        r#"<meta name="description" content="{}" />"#,
        escape_html(&meta.description)
    ));
    tag(format!(
        r#"<link rel="canonical" href="{}" />"#,
        escape_html(&url)
    ));
    tag(format!(
        r#"<meta property="og:site_name" content="{SITE}" />"#
    ));
    tag(r#"<meta property="og:locale" content="ko_KR" />"#.to_string());
    tag(format!(
        r#"<meta property="og:type" content="{}" />"#,
        meta.og_type
    ));
    tag(format!(
        r#"<meta property="og:title" content="{}" />"#,
        escape_html(&meta.title)
    ));
    tag(format!(
        r#"<meta property="og:description" content="{}" />"#,
        escape_html(&meta.description)
    ));
    tag(format!(
        r#"<meta property="og:url" content="{}" />"#,
        escape_html(&url)
    ));
    let card = if meta.image.is_some() {
        "summary_large_image"
    } else {
        "summary"
    };
    tag(format!(r#"<meta name="twitter:card" content="{card}" />"#));
    tag(format!(
        r#"<meta name="twitter:title" content="{}" />"#,
        escape_html(&meta.title)
    ));
    tag(format!(
        r#"<meta name="twitter:description" content="{}" />"#,
        escape_html(&meta.description)
    ));
    if let Some(image) = &meta.image {
        tag(format!(
            r#"<meta property="og:image" content="{}" />"#,
            escape_html(image)
        ));
        tag(format!(
            r#"<meta name="twitter:image" content="{}" />"#,
            escape_html(image)
        ));
    }
    if let Some(json_ld) = &meta.json_ld {
        tag(format!(
            r#"<script type="application/ld+json">{}</script>"#,
            script_json(json_ld)
        ));
    }
    if meta.data.is_some() || !meta.calls.is_empty() {
        /// What the UI reads first (ui/src/lib/inline.ts), written from the meta as it is.
        #[derive(Serialize)]
        struct Inline<'a> {
            #[serde(skip_serializing_if = "BTreeMap::is_empty")]
            calls: &'a BTreeMap<String, Value>,
            #[serde(skip_serializing_if = "Option::is_none")]
            data: Option<&'a Value>,
            path: &'a str,
        }
        let inline = Inline {
            calls: &meta.calls,
            data: meta.data.as_ref(),
            path: &meta.canonical_path,
        };
        tag(format!(
            r#"<script id="{DATA_ELEMENT_ID}" type="application/json">{}</script>"#,
            script_json(&inline)
        ));
    }
    // The shell's own title and description give way to the page's.
    let mut html = strip_element(index_html, "<title>", "</title>");
    html = strip_meta_description(&html);
    if let Some(view) = &meta.prerender {
        html = fill_root(&html, view);
    }
    match html.find("</head>") {
        Some(at) => {
            html.insert_str(at, &head);
            html
        }
        None => format!("{head}{html}"),
    }
}

/// The shell's empty root element with the first view inside.
fn fill_root(html: &str, view: &str) -> String {
    for open in [r#"<div id="root">"#, "<div id=root>"] {
        let empty = format!("{open}</div>");
        if let Some(at) = html.find(&empty) {
            let mut out = String::with_capacity(html.len() + view.len());
            out.push_str(&html[..at + open.len()]);
            out.push_str(view);
            out.push_str(&html[at + open.len()..]);
            return out;
        }
    }
    html.to_string()
}

fn strip_element(html: &str, open: &str, close: &str) -> String {
    match (html.find(open), html.find(close)) {
        (Some(start), Some(end)) if end > start => {
            let mut out = String::with_capacity(html.len());
            out.push_str(&html[..start]);
            out.push_str(&html[end + close.len()..]);
            out
        }
        _ => html.to_string(),
    }
}

fn strip_meta_description(html: &str) -> String {
    let Some(start) = html.find(r#"<meta name="description""#) else {
        return html.to_string();
    };
    let Some(length) = html[start..].find('>') else {
        return html.to_string();
    };
    format!("{}{}", &html[..start], &html[start + length + 1..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::simple;
    use serde_json::json;

    #[test]
    fn inline_json_cannot_close_its_script_element() {
        let text = script_json(
            &json!({"title": "</script><script>alert(1)</script><!--", "line": "a\u{2028}b"}),
        );
        assert!(!text.contains('<') && !text.contains('>'));
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["title"], "</script><script>alert(1)</script><!--");
        assert_eq!(back["line"], "a\u{2028}b");
    }

    #[test]
    fn inline_json_escapes_every_dangerous_character_and_keeps_the_rest() {
        let value =
            json!({"body": "한국어 <b>본문</b> & 표\u{2028}줄\u{2029}끝 \u{2027}\u{202A} ≥ 😀"});
        let text = script_json(&value);
        for raw in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!text.contains(raw), "{raw:?} in {text}");
        }
        assert!(text.contains("\u{2027}\u{202A} ≥ 😀"), "{text}");
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }

    #[test]
    fn the_page_head_replaces_the_shells_title_and_description() {
        let shell = "<html><head><meta name=\"description\" content=\"shell\" /><title>Tidemark</title></head><body></body></html>";
        let meta = PageMeta {
            title: "\"따옴표\" & <태그>".into(),
            description: "설명".into(),
            canonical_path: "/post/7".into(),
            og_type: "article",
            image: Some("https://tidemark.test/media/images/a.jpg".into()),
            json_ld: Some(json!({"@type": "NewsArticle"})),
            data: Some(json!({"postSeq": 7})),
            calls: BTreeMap::new(),
            prerender: None,
        };
        let html = render(shell, &meta, "https://tidemark.test/");
        assert_eq!(html.matches("<title>").count(), 1);
        assert!(!html.contains("content=\"shell\""));
        assert!(html.contains("<title>&quot;따옴표&quot; &amp; &lt;태그&gt;</title>"));
        assert!(html.contains(r#"<link rel="canonical" href="https://tidemark.test/post/7" />"#));
        assert!(html.contains(r#"<meta name="twitter:card" content="summary_large_image" />"#));
        assert!(html.contains(r#"<script id="tidemark-data" type="application/json">{"data":{"postSeq":7},"path":"/post/7"}</script>"#));
    }

    #[test]
    fn the_first_view_goes_into_the_root_and_the_calls_beside_the_data() {
        let shell =
            "<html><head><title>Tidemark</title></head><body><div id=\"root\"></div></body></html>";
        let mut calls = BTreeMap::new();
        calls.insert(
            "/api/v1/posts/popular?size=8".to_string(),
            json!({"items": []}),
        );
        let meta = PageMeta {
            calls,
            prerender: Some("<div class=\"layout\">보기</div>".into()),
            ..simple("T".into(), "D".into(), "/".into())
        };
        let html = render(shell, &meta, "https://tidemark.test");
        assert!(
            html.contains(r#"<div id="root"><div class="layout">보기</div></div>"#),
            "{html}"
        );
        assert!(html.contains(r#"<script id="tidemark-data" type="application/json">{"calls":{"/api/v1/posts/popular?size=8":{"items":[]}},"path":"/"}</script>"#), "{html}");
        assert_eq!(
            fill_root("<div id=root></div>", "x"),
            "<div id=root>x</div>"
        );
        assert_eq!(fill_root("<main></main>", "x"), "<main></main>");
    }
}
