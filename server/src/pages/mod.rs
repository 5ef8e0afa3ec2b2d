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

mod answer;
mod document;
mod language;

use crate::answers::Shows;
use crate::business::Business;
use crate::catalog::Catalog;
use crate::content::lists::{self, Listing, Sort};
use crate::content::posts;
use crate::content::recommend;
use crate::content::view::PostDetail;
use crate::http::error::ApiResult;
use crate::http::paging::PageQuery;
use crate::prerender::{self, Frame, ListView};
use crate::state::AppState;
pub use answer::answer;
pub use document::{render, script_json};
pub use language::{language_of, LANGUAGE_COOKIE};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use tidemark_core::i18n::Lang;
use tidemark_core::route::{RouteMatch, RouteName};

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

/// The meta of page `route`; `None` when it names data that does not exist or is not public
/// (the caller answers 404).
pub async fn meta_of(state: &AppState, route: &RouteMatch) -> Option<PageMeta> {
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    match route.name {
        RouteName::PostDetail => {
            let public = posts::public_detail(state, route.id()?).await.ok()??;
            post_meta(&public, &base)
        }
        RouteName::BusinessProfile => business_meta(state, route.id()?, &base)
            .await
            .map(|(meta, _)| meta),
        RouteName::CategoryList => {
            let name = category_name(route.id()?);
            Some(simple(
                format!("{name} | {SITE}"),
                format!("{name}: 기업들이 전하는 최신 글을 모아 봅니다."),
                route.path.clone(),
            ))
        }
        _ => Some(simple(
            SITE.to_string(),
            DEFAULT_DESCRIPTION.to_string(),
            route.path.clone(),
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
    route: &RouteMatch,
    query: Option<&str>,
    lang: Lang,
) -> Option<(String, Shows)> {
    let path = &route.path;
    let plain = || format!("html:{}:{path}", lang.as_str());
    match route.name {
        RouteName::Home => Some((plain(), Shows::Lists)),
        RouteName::PostDetail => Some((plain(), catalog.shows_post(route.id()?)?)),
        RouteName::BusinessProfile => Some((plain(), Shows::Business(route.id()?))),
        RouteName::PopularList | RouteName::LatestList | RouteName::CategoryList => Some((
            format!("html:{}:{path}?{}", lang.as_str(), query.unwrap_or("")),
            Shows::Lists,
        )),
        _ => None,
    }
}

/// The meta of page `route` with its first view (`calls` and `prerender`) for a reader of
/// `lang`; `query` is the address's query string (the lists' `sort`). `None` as [`meta_of`].
pub async fn first_page(
    state: &AppState,
    route: &RouteMatch,
    query: Option<&str>,
    lang: Lang,
) -> Option<PageMeta> {
    let frame = Frame {
        lang,
        now_ms: chrono::Utc::now().timestamp_millis(),
        layout: route.layout,
    };
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    match route.name {
        RouteName::Home => {
            let mut meta = meta_of(state, route).await?;
            home_view(state, &frame, &mut meta).await;
            Some(meta)
        }
        RouteName::PopularList | RouteName::LatestList | RouteName::CategoryList => {
            let mut meta = meta_of(state, route).await?;
            let view = ListView {
                route: route.name,
                path: &route.path,
                query,
                sort: sort_of(query).code(),
                category: route.id().and_then(|id| i16::try_from(id).ok()),
            };
            list_view(state, &frame, &view, &mut meta).await;
            Some(meta)
        }
        RouteName::PostDetail => {
            let id = route.id()?;
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
        RouteName::BusinessProfile => {
            let id = route.id()?;
            let (mut meta, profile) = business_meta(state, id, &base).await?;
            let profile_data = meta.data.take()?;
            meta.calls
                .insert(format!("/api/v1/businesses/{id}"), profile_data);
            let first = PageQuery {
                cursor: None,
                size: Some(20),
            };
            let posts = lists::cards_page(state, Listing::Business(id, None), &first).await;
            if let Some((data, posts)) = loaded(posts, "business posts") {
                meta.calls
                    .insert(format!("/api/v1/businesses/{id}/posts?size=20"), data);
                meta.prerender = Some(prerender::business(&frame, &profile, &posts));
            }
            Some(meta)
        }
        _ => meta_of(state, route).await,
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

/// What a first call answers in `data`, with the value it was made from; `None` (logged)
/// when it could not be had.
fn loaded<T: Serialize>(made: ApiResult<T>, what: &str) -> Option<(Value, T)> {
    let made = match made {
        Ok(made) => made,
        Err(error) => {
            tracing::warn!(%error, "first view: {what} not loaded");
            return None;
        }
    };
    let data = serde_json::to_value(&made).ok()?;
    Some((data, made))
}

/// `/`: the collections, then the popular and latest previews (eight each).
async fn home_view(state: &AppState, frame: &Frame, meta: &mut PageMeta) {
    let eight = PageQuery {
        cursor: None,
        size: Some(8),
    };
    let (collections, popular, latest) = tokio::join!(
        recommend::home_collections(state),
        lists::cards_page(state, Listing::Popular, &eight),
        lists::cards_page(state, Listing::Latest, &eight),
    );
    let collections = loaded(collections, "collections").map(|(data, collections)| {
        meta.calls.insert("/api/v1/recommendations".into(), data);
        collections
    });
    let popular = loaded(popular, "popular posts").map(|(data, cards)| {
        meta.calls
            .insert("/api/v1/posts/popular?size=8".into(), data);
        cards
    });
    let latest = loaded(latest, "latest posts").map(|(data, cards)| {
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
                lists::cards_page(state, Listing::Category(category, sort), &first).await,
            )
        }
        None if latest => (
            "/api/v1/posts/latest?size=20".to_string(),
            lists::cards_page(state, Listing::Latest, &first).await,
        ),
        None => (
            "/api/v1/posts/popular?size=20".to_string(),
            lists::cards_page(state, Listing::Popular, &first).await,
        ),
    };
    if let Some((data, cards)) = loaded(page, "list") {
        meta.calls.insert(address, data);
        meta.prerender = Some(prerender::list(frame, view, &cards));
    }
}
