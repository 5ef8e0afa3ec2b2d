//! The first view of a page as HTML, put into the UI's `<div id="root">` so the page paints
//! from the server's first answer. React starts with the same data (the page's inline calls,
//! [`crate::pages`]) and replaces these nodes in one commit with `createRoot`, so the markup
//! here need not be React's byte for byte, but it looks the same: the class names, the
//! structure and the image sizes of the components named on each function (ui/src/…), as a
//! guest sees them (the session is unknown here: its placeholder shows).
//!
//! Every text and attribute goes through `escape_html`; the one exception is a post's body,
//! which the server's HTML policy sanitised when it was written (content/sanitize.rs).
//!
//! This file holds the frame, the layout, the pieces the pages share (buttons, marks,
//! encodings), the home page and the lists; `cards.rs` the post cards and their grids,
//! `post.rs` a post's page, `business.rs` a business's profile, and `texts.rs` the texts
//! shared with the UI.

mod business;
mod cards;
mod post;
mod texts;

pub use business::business;
pub use post::post;

use cards::{grid, Grid};

use crate::content::recommend::Collection;
use crate::content::view::Card;
use crate::http::paging::Page;
use crate::kernel::html::escape_html as e;
use chrono::{DateTime, Utc};
use std::fmt::Write;
// Dates show in Korean time (the UI then shows the reader's own zone).
use texts::{texts, Texts};
use tidemark_core::breadcrumbs::{breadcrumbs, category};
use tidemark_core::calendar::KST_OFFSET_MINUTES;
use tidemark_core::format::{abbreviate_count, format_wall, to_wall};
use tidemark_core::i18n::Lang;
use tidemark_core::route::{Layout, RouteName};

/// Cards at the top of a page load at once; the others when they come near the view.
const EAGER_CARDS: usize = 2;

/// What every prerendered page shares: the reader's language, the time (the category links
/// carry it, as the UI's do) and the route's layout.
#[derive(Clone, Copy)]
pub struct Frame {
    pub lang: Lang,
    pub now_ms: i64,
    pub layout: Layout,
}

impl Frame {
    fn t(&self) -> &'static Texts {
        texts(self.lang)
    }

    fn category_name(&self, id: i16) -> Option<&'static str> {
        let category = category(u8::try_from(id).ok()?)?;
        Some(category.name(self.lang))
    }
}

/// Which cards still load at once: the first [`EAGER_CARDS`] of a page.
struct Eager(usize);

impl Eager {
    fn next(&mut self) -> bool {
        if self.0 > 0 {
            self.0 -= 1;
            true
        } else {
            false
        }
    }
}

/// ui/src/app/Layout.tsx around `main`, as a guest sees it before the session is known (with
/// the empty region of AppErrorMessage.tsx).
fn layout(frame: &Frame, main: &str) -> String {
    let t = frame.t();
    let layout = match frame.layout {
        Layout::Default => "default",
        Layout::Empty => "empty",
    };
    let mut html = String::with_capacity(main.len() + 3072);
    let _ = write!(
        html,
        r##"<div class="layout layout-{layout}"><a class="skip-link" href="#main">{skip}</a><header class="site-header"><a href="/" class="brand" aria-label="{brand}">Tidemark</a><nav aria-label="{menu}" class="header-nav"><a href="/post/popular/list?sort=POPULAR">{popular}</a><a href="/post/latest/list?sort=LATEST">{latest}</a><details class="category-menu only-wide"><summary>{categories}</summary><ul>"##,
        skip = e(t.site.skip_to_content.as_str()),
        brand = e(&format!("Tidemark {}", t.site.home.as_str())),
        menu = e(t.site.main_menu.as_str()),
        popular = e(t.site.popular.as_str()),
        latest = e(t.site.latest.as_str()),
        categories = e(t.site.categories.as_str()),
    );
    for crumb in breadcrumbs(frame.now_ms, frame.lang) {
        let _ = write!(
            html,
            r#"<li><a href="{}">{}</a></li>"#,
            e(&crumb.href),
            e(crumb.label)
        );
    }
    let other = match frame.lang {
        Lang::Ko => "en",
        Lang::En => "ko",
    };
    let _ = write!(
        html,
        r#"</ul></details><a href="/mobile/category" class="only-small">{categories}</a><a href="/interest/bookmark">{interests}</a></nav><div class="header-actions">"#,
        categories = e(t.site.categories.as_str()),
        interests = e(t.site.my_interests.as_str()),
    );
    if frame.layout != Layout::Default {
        let _ = write!(
            html,
            r#"<a href="/search?sort=POPULAR" class="header-search-link">{}</a>"#,
            e(t.site.search.as_str())
        );
    }
    let _ = write!(
        html,
        r#"<button type="button" class="link-button header-language" lang="{other}" title="{switch}"><span class="label-long">{switch}</span><span class="label-short">{switch_short}</span></button><span class="session-pending" aria-hidden="true" data-session=""></span></div></header><main id="main" class="site-main">{main}</main><div class="app-error-region" role="status" aria-live="polite"></div><footer class="site-footer"><p>{footer}</p><nav aria-label="{footer_menu}" class="footer-nav"><a href="/b2b">{for_business}</a><a href="/post/report/list?sort=POPULAR">{reports}</a><a href="/mobile/category">{categories}</a><a href="/rss.xml">RSS</a></nav></footer></div>"#,
        switch = e(t.site.switch_language.as_str()),
        switch_short = e(t.site.switch_language_short.as_str()),
        footer = e(t.site.footer.as_str()),
        footer_menu = e(t.site.footer_menu.as_str()),
        for_business = e(t.site.for_business.as_str()),
        reports = e(t.site.reports.as_str()),
        categories = e(t.site.categories.as_str()),
    );
    html
}

/// `yyyy-MM-dd` in Korean time, by the core's formatting.
fn date(at: &DateTime<Utc>) -> String {
    format_wall(
        &to_wall(at.timestamp_millis(), KST_OFFSET_MINUTES),
        "yyyy-MM-dd",
        Lang::Ko,
    )
}

/// The `datetime` attribute: the timestamp as the API writes it.
fn datetime(at: &DateTime<Utc>) -> String {
    serde_json::to_value(at)
        .ok()
        .and_then(|value| value.as_str().map(str::to_string))
        .unwrap_or_else(|| at.to_rfc3339())
}

fn count(n: i64) -> String {
    abbreviate_count(n as f64)
}

/// The first character of a name (the UI's `name.slice(0, 1)`), shown when there is no logo.
fn initial(name: &str) -> String {
    name.chars().next().map(String::from).unwrap_or_default()
}

/// A home section (ui/src/features/posts/components/HomeSections.tsx `Section`).
fn section(
    frame: &Frame,
    id: &str,
    title: &str,
    href: &str,
    cards: &[Card],
    eager: &mut Eager,
    html: &mut String,
) {
    let _ = write!(
        html,
        r#"<section class="home-section" aria-labelledby="{id}-title"><div class="section-head"><h2 id="{id}-title">{title}</h2><a href="{href}">{see_all}</a></div>"#,
        id = e(id),
        title = e(title),
        href = e(href),
        see_all = e(frame.t().site.see_all.as_str()),
    );
    grid(frame, cards, eager, "", Grid::PLAIN, html);
    html.push_str("</section>");
}

/// `/`: ui/src/features/posts/HomePage.tsx with its HomeSections.
pub fn home(
    frame: &Frame,
    collections: &[Collection],
    popular: &Page<Card>,
    latest: &Page<Card>,
) -> String {
    let t = frame.t();
    let mut html = String::with_capacity(32 * 1024);
    let _ = write!(
        html,
        r#"<div class="page home"><section class="hero"><h1>{}</h1><p>{}</p></section><section aria-labelledby="categories-title"><h2 id="categories-title">{}</h2><ul class="category-grid">"#,
        e(t.home.tagline.as_str()),
        e(t.home.intro.as_str()),
        e(t.site.categories.as_str())
    );
    for crumb in breadcrumbs(frame.now_ms, frame.lang) {
        let _ = write!(
            html,
            r#"<li><a href="{}">{}</a></li>"#,
            e(&crumb.href),
            e(crumb.label)
        );
    }
    html.push_str("</ul></section>");
    let mut eager = Eager(EAGER_CARDS);
    for collection in collections.iter().filter(|c| !c.items.is_empty()) {
        let title = match frame.lang {
            Lang::Ko => &collection.title_ko,
            Lang::En => &collection.title_en,
        };
        let shown = &collection.items[..collection.items.len().min(4)];
        section(
            frame,
            &format!("collection-{}", collection.id),
            title,
            &format!("/post/recommend/list/{}", collection.id),
            shown,
            &mut eager,
            &mut html,
        );
    }
    section(
        frame,
        "popular",
        t.site.popular_posts.as_str(),
        "/post/popular/list?sort=POPULAR",
        &popular.items,
        &mut eager,
        &mut html,
    );
    section(
        frame,
        "latest",
        t.site.latest_posts.as_str(),
        "/post/latest/list?sort=LATEST",
        &latest.items,
        &mut eager,
        &mut html,
    );
    html.push_str("</div>");
    layout(frame, &html)
}

/// A list route's view (ui/src/features/posts/ListPage.tsx).
pub struct ListView<'a> {
    /// The route: the popular, latest or a category list.
    pub route: RouteName,
    pub path: &'a str,
    /// The page's query string (without `?`), whose other parameters the sort links keep.
    pub query: Option<&'a str>,
    /// The sort shown: `POPULAR` | `LATEST` (the UI sends any other value to POPULAR first).
    pub sort: &'static str,
    pub category: Option<i16>,
}

/// The popular, latest and category lists: title, sort switch and the first page's cards.
pub fn list(frame: &Frame, view: &ListView, page: &Page<Card>) -> String {
    let t = frame.t();
    let title = match (view.route, view.category) {
        (_, Some(id)) => frame
            .category_name(id)
            .unwrap_or(t.site.popular_posts.as_str()),
        (RouteName::LatestList, None) => t.site.latest_posts.as_str(),
        _ => t.site.popular_posts.as_str(),
    };
    let mut html = String::with_capacity(24 * 1024);
    let _ = write!(
        html,
        r#"<div class="page list"><h1>{}</h1><nav class="sort-switch" aria-label="{}">"#,
        e(title),
        e(t.site.sort.as_str())
    );
    for (code, label) in [
        ("POPULAR", t.site.popular.as_str()),
        ("LATEST", t.site.latest.as_str()),
    ] {
        let href = format!("{}?{}", view.path, with_sort(view.query, code));
        let current = if code == view.sort {
            r#" aria-current="page""#
        } else {
            ""
        };
        let _ = write!(html, r#"<a href="{}"{current}>{}</a>"#, e(&href), e(label));
    }
    html.push_str("</nav>");
    if page.items.is_empty() {
        let _ = write!(
            html,
            r#"<p class="empty-state">{}</p>"#,
            e(t.site.empty_list.as_str())
        );
    } else {
        grid(
            frame,
            &page.items,
            &mut Eager(EAGER_CARDS),
            r#" data-testid="post-list""#,
            Grid::PLAIN,
            &mut html,
        );
        html.push_str(r#"<div class="list-end" aria-hidden="true"></div>"#);
    }
    html.push_str("</div>");
    layout(frame, &html)
}

/// The sort link's query: the page's query with `sort` set, as the UI's `URLSearchParams.set`
/// does (the first `sort` takes the value in its place, the others go, or it comes last).
fn with_sort(query: Option<&str>, sort: &str) -> String {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut placed = false;
    for pair in query
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = form_decode(name);
        if name == "sort" {
            if !placed {
                pairs.push((name, sort.to_string()));
                placed = true;
            }
        } else {
            pairs.push((name, form_decode(value)));
        }
    }
    if !placed {
        pairs.push(("sort".into(), sort.to_string()));
    }
    pairs
        .iter()
        .map(|(name, value)| format!("{}={}", form_encode(name), form_encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// application/x-www-form-urlencoded decoding (`+` is a space; bad escapes stay as written),
/// the same as the core's sort redirect reads a query.
pub fn form_decode(raw: &str) -> String {
    tidemark_core::sort::decode_component(raw)
}

/// application/x-www-form-urlencoded encoding, as `URLSearchParams.toString()` writes it.
fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(byte as char)
            }
            b' ' => out.push('+'),
            _ => {
                let _ = write!(out, "%{byte:02X}");
            }
        }
    }
    out
}

/// `encodeURIComponent`.
fn uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => out.push(byte as char),
            _ => {
                let _ = write!(out, "%{byte:02X}");
            }
        }
    }
    out
}

/// The verified mark of the detail and the profile.
fn verified_mark(t: &Texts, class: &str) -> String {
    format!(
        r#"<span class="{class}" role="img" aria-label="{v}" title="{v}">✓</span>"#,
        v = e(t.site.verified.as_str())
    )
}

/// ui/src/components/engagement/FollowButton.tsx before the session is known: pending, neither
/// "+" nor "✓" (the document is the same for every visitor, and a guest's answer shown to a
/// follower would be false).
fn follow_button(t: &Texts, business: i64, followers: i64) -> String {
    format!(
        r#"<button type="button" class="tie-button follow-button" aria-disabled="true" aria-busy="true" data-business-id="{business}"><span class="tie-icon" aria-hidden="true">…</span><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        label = e(t.engagement.follow.as_str()),
        sr = e(t.engagement.followers.as_str()),
        count = e(&count(followers)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_links_keep_the_other_parameters() {
        assert_eq!(with_sort(None, "LATEST"), "sort=LATEST");
        assert_eq!(
            with_sort(Some("sort=POPULAR&timestamp=17"), "LATEST"),
            "sort=LATEST&timestamp=17"
        );
        assert_eq!(
            with_sort(Some("a=%ED%95%9C+b&sort=x&sort=y"), "POPULAR"),
            "a=%ED%95%9C+b&sort=POPULAR"
        );
        assert_eq!(
            with_sort(Some("q=<x>"), "POPULAR"),
            "q=%3Cx%3E&sort=POPULAR"
        );
    }

    #[test]
    fn share_addresses_are_uri_components() {
        assert_eq!(
            uri_component("https://t.test/post/1 '가'"),
            "https%3A%2F%2Ft.test%2Fpost%2F1%20'%EA%B0%80'"
        );
    }

    fn a_card(id: i64, title: &str) -> Card {
        Card {
            post_seq: id,
            title: title.into(),
            summary: "요약 <b>".into(),
            category_id: 2,
            cover_url: Some(format!("/media/images/{id}.jpg")),
            cover_thumbnail_url: Some(format!("/media/images/{id}-480.jpg")),
            business: crate::content::view::BusinessBadge {
                id: 3,
                name: "타이드 & 코".into(),
                logo_url: None,
                verified: true,
            },
            tags: vec![],
            is_report: false,
            series_order: None,
            published_at: DateTime::parse_from_rfc3339("2026-03-01T16:30:00Z")
                .ok()
                .map(|at| at.with_timezone(&Utc)),
            view_count: 1_250,
            bookmark_count: 7,
        }
    }

    #[test]
    fn cards_are_the_post_cards_markup_and_only_the_first_two_load_at_once() {
        let frame = Frame {
            lang: Lang::Ko,
            now_ms: 1_700_000_000_000,
            layout: Layout::Empty,
        };
        let page = Page {
            items: (1..=4).map(|id| a_card(id, "<i>제목</i>")).collect(),
            next_cursor: None,
        };
        let html = home(&frame, &[], &page, &page);
        assert_eq!(html.matches("<article").count(), 8);
        assert_eq!(html.matches(r#"loading="lazy""#).count(), 6);
        assert!(html.contains(r#"<article class="post-card" data-post-seq="1"><a href="/post/1" class="post-card-link"><div class="post-card-cover" aria-hidden="true"><img src="/media/images/1-480.jpg" alt="" width="480" height="270"></div><div class="post-card-body"><span class="post-card-category">성공 사례</span><h3 class="post-card-title">&lt;i&gt;제목&lt;/i&gt;</h3><p class="post-card-summary">요약 &lt;b&gt;</p></div></a><footer class="post-card-meta"><div class="post-card-by"><a href="/business/profile/3" class="post-card-business">타이드 &amp; 코<span class="verified" aria-label="인증된 기업" title="인증된 기업">✓</span></a><button type="button" class="tie-button follow-button tie-compact post-card-follow" aria-disabled="true" aria-busy="true" data-business-id="3"><span class="tie-icon" aria-hidden="true">…</span><span class="tie-label">팔로우</span> <span class="visually-hidden">타이드 &amp; 코</span></button></div><div class="post-card-facts"><time datetime="2026-03-01T16:30:00Z">2026-03-02</time><span>조회수 1.3k</span><button type="button" class="tie-button bookmark-button tie-compact post-card-bookmark" aria-disabled="true" aria-busy="true" data-post-seq="1"><span class="tie-icon" aria-hidden="true">…</span><span class="visually-hidden">북마크</span> <span class="visually-hidden">&lt;i&gt;제목&lt;/i&gt;</span><span class="tie-count"><span class="visually-hidden">북마크 수 </span>7</span></button></div></footer></article>"#), "{html}");
        // A grid of four in its frame: whole rows of four, two or one.
        assert!(html.contains(r#"<div class="post-grid-frame"><div class="post-grid"><article"#));
        assert!(html
            .contains(r#"<details class="category-menu only-wide"><summary>카테고리</summary>"#));
        assert!(html.contains(r#"<a href="/post/category/list/6">공지사항</a>"#));
        assert!(html.contains(r#"<a href="/post/category/list/1?sort=POPULAR&amp;timestamp=1700000000000">인사이트</a>"#));

        // No cover: the designed one. Six cards: rows of three; a business's own page: no
        // follow buttons.
        let bare = Card {
            cover_url: None,
            cover_thumbnail_url: None,
            ..a_card(9, "표지 없는 글")
        };
        let mut six = String::new();
        let cards: Vec<Card> = (0..6).map(|_| bare.clone()).collect();
        grid(
            &frame,
            &cards,
            &mut Eager(0),
            "",
            Grid {
                follow: false,
                row: true,
            },
            &mut six,
        );
        assert!(six.starts_with(r#"<div class="post-grid-frame"><div class="post-grid post-grid-3 post-grid-scroll">"#), "{six}");
        assert!(six.contains(r#"<div class="post-card-cover" aria-hidden="true"><div class="cover-art" data-category="2" aria-hidden="true"><span class="cover-art-category">성공 사례</span><span class="cover-art-title">표지 없는 글</span><span class="cover-art-business">타이드 &amp; 코</span></div></div>"#), "{six}");
        assert!(!six.contains("follow-button"));
        assert_eq!(six.matches("bookmark-button").count(), 6);
    }
}
