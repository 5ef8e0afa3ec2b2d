//! Pages that share well: the UI's index.html answered with the page's own title,
//! description, canonical address, Open Graph and Twitter card, JSON-LD (NewsArticle for
//! posts, Organization for businesses) and the page's data inline, so crawlers, link
//! previews and the first render need no other call. `<page>/_payload.json` answers the same
//! data alone (SPEC §7's prerendered payload).
//!
//! A post that is not public (a draft, a scheduled post before its time, a hidden or removed
//! one) gets the plain 404 page: nothing of it leaks into a preview.

use crate::content::posts::{self, PostDetail};
use crate::state::AppState;
use serde::Serialize;
use serde_json::{json, Value};

/// The id of the inline data's script element; the UI reads it at start.
pub const DATA_ELEMENT_ID: &str = "tidemark-data";

/// What the server knows of a page before the UI runs.
pub struct PageMeta {
    pub title: String,
    pub description: String,
    /// Path and query of the canonical address.
    pub canonical_path: String,
    /// `article` | `profile` | `website`
    pub og_type: &'static str,
    pub image: Option<String>,
    pub json_ld: Option<Value>,
    /// The page's data, as the matching API call would answer it in `data`.
    pub data: Option<Value>,
}

const SITE: &str = "Tidemark";
const DEFAULT_DESCRIPTION: &str =
    "Tidemark: 기업이 전하는 인사이트, 성공 사례, 제품 소식을 찾고 팔로우하세요.";

/// The Korean name of a category.
pub fn category_label(id: i16) -> &'static str {
    category_name(i64::from(id))
}

fn category_name(id: i64) -> &'static str {
    match id {
        1 => "인사이트",
        2 => "성공 사례",
        3 => "제품 소식",
        4 => "기업 문화",
        5 => "채용",
        6 => "공지사항",
        7 => "보도자료",
        8 => "오리지널 시리즈",
        9 => "플러스 시리즈",
        _ => "",
    }
}

fn clip(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        text
    } else {
        let mut clipped: String = text.chars().take(max - 1).collect();
        clipped.push('…');
        clipped
    }
}

/// The meta of a page address; `None` when the address names data that does not exist or
/// is not public (the caller answers 404).
pub async fn meta_of(state: &AppState, path: &str) -> Option<PageMeta> {
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    match segments.as_slice() {
        ["post", id] => match id.parse::<i64>() {
            Ok(id) => post_meta(state, id, &base).await,
            Err(_) => None,
        },
        ["business", "profile", id] => match id.parse::<i64>() {
            Ok(id) => business_meta(state, id, &base).await,
            Err(_) => None,
        },
        ["post", "category", "list", id] => {
            let name = category_name(id.parse().unwrap_or(0));
            Some(simple(
                format!("{name} | {SITE}"),
                format!("{name}: 기업들이 전하는 최신 글을 모아 봅니다."),
                path.to_string(),
            ))
        }
        _ => Some(simple(
            SITE.to_string(),
            DEFAULT_DESCRIPTION.to_string(),
            path.to_string(),
        )),
    }
}

fn simple(title: String, description: String, canonical_path: String) -> PageMeta {
    PageMeta {
        title,
        description,
        canonical_path,
        og_type: "website",
        image: None,
        json_ld: None,
        data: None,
    }
}

fn absolute(base: &str, url: Option<&str>) -> Option<String> {
    url.map(|url| {
        if url.starts_with("http://") || url.starts_with("https://") {
            url.to_string()
        } else {
            format!("{base}{url}")
        }
    })
}

async fn post_meta(state: &AppState, id: i64, base: &str) -> Option<PageMeta> {
    let public = posts::public_detail(state, id).await.ok()??;
    let detail: &PostDetail = &public.detail;
    let url = format!("{base}/post/{id}");
    let image = absolute(base, detail.cover_url.as_deref());
    let logo = absolute(base, detail.business.badge.logo_url.as_deref());
    let description = if detail.summary.trim().is_empty() {
        clip(&crate::content::sanitize::text_of(&detail.body_html), 160)
    } else {
        clip(&detail.summary, 160)
    };
    let json_ld = json!({
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": clip(&detail.title, 110),
        "description": description,
        "url": url,
        "mainEntityOfPage": url,
        "image": image.iter().collect::<Vec<_>>(),
        "datePublished": detail.published_at.map(|at| at.to_rfc3339()),
        "dateModified": detail.updated_at.to_rfc3339(),
        "articleSection": category_name(i64::from(detail.category_id)),
        "keywords": detail.tags.join(", "),
        "inLanguage": "ko-KR",
        "author": {"@type": "Organization", "name": detail.business.badge.name, "url": format!("{base}/business/profile/{}", detail.business.badge.id)},
        "publisher": {"@type": "Organization", "name": SITE, "url": base, "logo": logo.map(|url| json!({"@type": "ImageObject", "url": url}))},
    });
    Some(PageMeta {
        title: format!(
            "{} | {}",
            clip(&detail.title, 80),
            detail.business.badge.name
        ),
        description,
        canonical_path: format!("/post/{id}"),
        og_type: "article",
        image,
        json_ld: Some(json_ld),
        data: Some(serde_json::to_value(detail).ok()?),
    })
}

async fn business_meta(state: &AppState, id: i64, base: &str) -> Option<PageMeta> {
    use sea_orm::EntityTrait;
    let row = crate::entities::businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await
        .ok()??;
    let profile = crate::business::profile::profile(state, row, None)
        .await
        .ok()?;
    let url = format!("{base}/business/profile/{id}");
    let logo = absolute(base, profile.logo_url.as_deref());
    let image = absolute(base, profile.cover_url.as_deref()).or(logo.clone());
    let description = clip(&profile.description, 160);
    let json_ld = json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": profile.name,
        "description": description,
        "url": url,
        "sameAs": profile.homepage.iter().collect::<Vec<_>>(),
        "logo": logo,
        "foundingDate": profile.founded_year.map(|year| year.to_string()),
        "address": profile.location.as_ref().map(|place| json!({"@type": "PostalAddress", "streetAddress": place, "addressCountry": "KR"})),
        "taxID": profile.registration_number,
    });
    Some(PageMeta {
        title: format!("{} | {SITE}", profile.name),
        description,
        canonical_path: format!("/business/profile/{id}"),
        og_type: "profile",
        image,
        json_ld: Some(json_ld),
        data: Some(serde_json::to_value(&profile).ok()?),
    })
}

/// Text made safe for HTML element content and quoted attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element: nothing in it can close the element or
/// start a comment, whatever a post's text holds.
pub fn script_json<T: Serialize>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
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
    if let Some(data) = &meta.data {
        tag(format!(
            r#"<script id="{DATA_ELEMENT_ID}" type="application/json">{}</script>"#,
            script_json(&json!({"path": meta.canonical_path, "data": data}))
        ));
    }
    // The shell's own title and description give way to the page's.
    let mut html = strip_element(index_html, "<title>", "</title>");
    html = strip_meta_description(&html);
    match html.find("</head>") {
        Some(at) => {
            html.insert_str(at, &head);
            html
        }
        None => format!("{head}{html}"),
    }
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
        };
        let html = render(shell, &meta, "https://tidemark.test/");
        assert_eq!(html.matches("<title>").count(), 1);
        assert!(!html.contains("content=\"shell\""));
        assert!(html.contains("<title>&quot;따옴표&quot; &amp; &lt;태그&gt;</title>"));
        assert!(html.contains(r#"<link rel="canonical" href="https://tidemark.test/post/7" />"#));
        assert!(html.contains(r#"<meta name="twitter:card" content="summary_large_image" />"#));
        assert!(html.contains(r#"<script id="tidemark-data" type="application/json">{"data":{"postSeq":7},"path":"/post/7"}</script>"#));
    }
}
