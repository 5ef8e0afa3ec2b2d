//! Pages that share well: the UI's index.html answered with the page's own title,
//! description, canonical address, Open Graph and Twitter card, JSON-LD (NewsArticle for
//! posts, Organization for businesses) and the page's data inline, so crawlers, link
//! previews and the first render need no other call. `<page>/_payload.json` answers the same
//! data alone (SPEC §7's prerendered payload).
//!
//! The home page, the popular, latest and category lists, posts and business profiles also
//! carry their first view: the answers of the API calls the page makes first (`calls`, by the
//! exact address the UI asks, each as the call answers a guest in `data`) and the view itself
//! as HTML inside the root element ([`crate::prerender`]), in the reader's language (the
//! `tm_lang` cookie, else Accept-Language). They come from the same functions as the calls
//! themselves, so they hold only what the API shows a guest.
//!
//! A post that is not public (a draft, a scheduled post before its time, a hidden or removed
//! one) gets the plain 404 page: nothing of it leaks into a preview.

use crate::answers::{CachedPage, Shows};
use crate::business::Business;
use crate::catalog::Catalog;
use crate::content::lists::{self, Sort};
use crate::content::posts;
use crate::content::recommend;
use crate::content::view::Card;
use crate::content::view::PostDetail;
use crate::http::paging::{Page, PageQuery};
use crate::kernel::html::escape_html;
use crate::prerender::{self, Frame, ListView};
use crate::state::AppState;
use axum::http::{header, HeaderMap};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use tidemark_core::i18n::{pick_language, Lang};

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
    /// The answers of the GET calls the page makes first, by their exact path and query, each
    /// as the call answers a guest in `data`.
    pub calls: BTreeMap<String, Value>,
    /// The page's first view, for the UI's root element.
    pub prerender: Option<String>,
}

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

const SITE: &str = "Tidemark";
const DEFAULT_DESCRIPTION: &str =
    "Tidemark: 기업이 전하는 인사이트, 성공 사례, 제품 소식을 찾고 팔로우하세요.";

fn category_name(id: i64) -> &'static str {
    tidemark_core::breadcrumbs::category_of(id).map_or("", |c| c.name_ko)
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
            Ok(id) => {
                let public = posts::public_detail(state, id).await.ok()??;
                post_meta(&public, &base)
            }
            Err(_) => None,
        },
        ["business", "profile", id] => match id.parse::<i64>() {
            Ok(id) => business_meta(state, id, &base).await.map(|(meta, _)| meta),
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
        calls: BTreeMap::new(),
        prerender: None,
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

fn post_meta(detail: &PostDetail, base: &str) -> Option<PageMeta> {
    let id = detail.post_seq;
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
    let meta = PageMeta {
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
        calls: BTreeMap::new(),
        prerender: None,
    };
    Some(meta)
}

async fn business_meta(state: &AppState, id: i64, base: &str) -> Option<(PageMeta, Business)> {
    let profile = crate::business::read(state, id, None).await.ok()?;
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
    let meta = PageMeta {
        title: format!("{} | {SITE}", profile.name),
        description,
        canonical_path: format!("/business/profile/{id}"),
        og_type: "profile",
        image,
        json_ld: Some(json_ld),
        data: Some(serde_json::to_value(&profile).ok()?),
        calls: BTreeMap::new(),
        prerender: None,
    };
    Some((meta, profile))
}

/// The key under which the first view of `path` is kept for the next reader, and what it
/// shows, when every reader sees the same one: the pages that read nothing of the reader (the
/// language is in the key). A list keeps its query, whose other parameters its sort links
/// keep; the home page, a post's and a business's page read none of theirs. Other pages (a
/// preview, the reader's own) are made for each request, and so is the page of a post the
/// catalogue does not hold.
pub fn shared_key(
    catalog: &Catalog,
    route: &tidemark_core::route::RouteMatch,
    path: &str,
    query: Option<&str>,
    lang: Lang,
) -> Option<(String, Shows)> {
    let id = || {
        route
            .param
            .as_deref()
            .and_then(|param| param.parse::<i64>().ok())
    };
    let plain = || format!("html:{}:{path}", lang.as_str());
    match route.name {
        "home" => Some((plain(), Shows::Lists)),
        "postDetail" => Some((plain(), catalog.shows_post(id()?)?)),
        "businessProfile" => Some((plain(), Shows::Business(id()?))),
        "popularList" | "latestList" | "categoryList" => Some((
            format!("html:{}:{path}?{}", lang.as_str(), query.unwrap_or("")),
            Shows::Lists,
        )),
        _ => None,
    }
}

/// The meta of a page address with its first view (`calls` and `prerender`) for a reader of
/// `lang`; `query` is the address's query string (the lists' `sort`). `None` as [`meta_of`].
pub async fn first_page(
    state: &AppState,
    path: &str,
    query: Option<&str>,
    lang: Lang,
) -> Option<PageMeta> {
    let Some(route) = tidemark_core::route::match_route(path) else {
        return meta_of(state, path).await;
    };
    let frame = Frame {
        lang,
        now_ms: chrono::Utc::now().timestamp_millis(),
        layout: route.layout,
    };
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    let param = route.param.as_deref().unwrap_or("");
    match route.name {
        "home" => {
            let mut meta = meta_of(state, path).await?;
            home_view(state, &frame, &mut meta).await;
            Some(meta)
        }
        "popularList" | "latestList" | "categoryList" => {
            let mut meta = meta_of(state, path).await?;
            let view = ListView {
                route: route.name,
                path: &route.path,
                query,
                sort: sort_of(query).code(),
                category: param.parse().ok(),
            };
            list_view(state, &frame, &view, &mut meta).await;
            Some(meta)
        }
        "postDetail" => {
            let id: i64 = param.parse().ok()?;
            // The post's row and its related posts' cards in one statement.
            let (detail, related) = match posts::public_page(state, id).await {
                Ok(found) => found?,
                Err(error) => {
                    tracing::warn!(%error, post = id, "first view of a post");
                    return None;
                }
            };
            let mut meta = post_meta(&detail, &base)?;
            // Given once, as the detail call's answer (the UI reads it there first).
            let data = meta.data.take()?;
            meta.calls.insert(format!("/api/v1/posts/{id}"), data);
            if let Some(value) = related
                .as_ref()
                .and_then(|cards| serde_json::to_value(cards).ok())
            {
                meta.calls
                    .insert(format!("/api/v1/posts/{id}/related"), value);
            }
            meta.prerender = Some(prerender::post(&frame, &base, &detail, related.as_deref()));
            Some(meta)
        }
        "businessProfile" => {
            let id: i64 = param.parse().ok()?;
            let (mut meta, profile) = business_meta(state, id, &base).await?;
            let profile_data = meta.data.take()?;
            meta.calls
                .insert(format!("/api/v1/businesses/{id}"), profile_data);
            let first = PageQuery {
                cursor: None,
                size: Some(20),
            };
            let posts = lists::business_page(state, id, None, &first).await;
            if let Some((data, posts)) = answer_of::<Page<Card>>(posts, "business posts") {
                meta.calls
                    .insert(format!("/api/v1/businesses/{id}/posts?size=20"), data);
                meta.prerender = Some(prerender::business(&frame, &profile, &posts));
            }
            Some(meta)
        }
        _ => meta_of(state, path).await,
    }
}

/// The sort a list page shows: LATEST when its `sort` is exactly that; anything else is
/// POPULAR (the UI sends a missing or other value to `sort=POPULAR`, SPEC §2).
fn sort_of(query: Option<&str>) -> tidemark_core::sort::Sort {
    let sort = query
        .unwrap_or("")
        .split('&')
        .filter_map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (prerender::form_decode(name) == "sort").then(|| prerender::form_decode(value))
        })
        .next();
    sort.as_deref()
        .and_then(tidemark_core::sort::Sort::from_list_query)
        .unwrap_or(tidemark_core::sort::DEFAULT_SORT)
}

/// The `data` of a call's cached answer, as it is and read; `None` (logged) when it could not
/// be had.
fn answer_of<T: for<'de> Deserialize<'de>>(
    page: crate::http::error::ApiResult<Arc<CachedPage>>,
    what: &str,
) -> Option<(Value, T)> {
    #[derive(Deserialize)]
    struct Answer {
        data: Value,
    }
    let page = match page {
        Ok(page) => page,
        Err(error) => {
            tracing::warn!(%error, "first view: {what} not loaded");
            return None;
        }
    };
    let data = serde_json::from_slice::<Answer>(&page.plain()).ok()?.data;
    let read = T::deserialize(&data).ok()?;
    Some((data, read))
}

/// `/`: the collections, then the popular and latest previews (eight each).
async fn home_view(state: &AppState, frame: &Frame, meta: &mut PageMeta) {
    let eight = PageQuery {
        cursor: None,
        size: Some(8),
    };
    let (collections, popular, latest) = tokio::join!(
        recommend::home_page(state),
        lists::popular_page(state, &eight),
        lists::latest_page(state, &eight),
    );
    let collections = answer_of::<Vec<recommend::Collection>>(collections, "collections").map(
        |(data, collections)| {
            meta.calls.insert("/api/v1/recommendations".into(), data);
            collections
        },
    );
    let popular = answer_of::<Page<Card>>(popular, "popular posts").map(|(data, cards)| {
        meta.calls
            .insert("/api/v1/posts/popular?size=8".into(), data);
        cards
    });
    let latest = answer_of::<Page<Card>>(latest, "latest posts").map(|(data, cards)| {
        meta.calls
            .insert("/api/v1/posts/latest?size=8".into(), data);
        cards
    });
    if let (Some(collections), Some(popular), Some(latest)) = (collections, popular, latest) {
        meta.prerender = Some(prerender::home(frame, &collections, &popular, &latest));
    }
}

/// The popular, latest and category lists: the first page of the list the sort shows (the
/// popular list's LATEST is the latest list, and the other way round).
async fn list_view(state: &AppState, frame: &Frame, view: &ListView<'_>, meta: &mut PageMeta) {
    use tidemark_core::sort::Sort as Shown;
    let first = PageQuery {
        cursor: None,
        size: Some(20),
    };
    let latest = view.sort == Shown::Latest.code();
    let (address, page) = match view.category {
        Some(category) => {
            let sort = if latest { Sort::Latest } else { Sort::Popular };
            (
                format!(
                    "/api/v1/posts/category/{category}?size=20&sort={}",
                    view.sort
                ),
                lists::category_page(state, category, sort, &first).await,
            )
        }
        None if latest => (
            "/api/v1/posts/latest?size=20".to_string(),
            lists::latest_page(state, &first).await,
        ),
        None => (
            "/api/v1/posts/popular?size=20".to_string(),
            lists::popular_page(state, &first).await,
        ),
    };
    if let Some((data, cards)) = answer_of::<Page<Card>>(page, "list") {
        meta.calls.insert(address, data);
        meta.prerender = Some(prerender::list(frame, view, &cards));
    }
}

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
