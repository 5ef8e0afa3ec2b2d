//! The first view of a page as HTML, put into the UI's `<div id="root">` so the page paints
//! from the server's first answer. React starts with the same data (the page's inline calls,
//! [`crate::pages`]) and replaces these nodes in one commit with `createRoot`, so the markup
//! here need not be React's byte for byte, but it looks the same: the class names, the
//! structure and the image sizes of the components named on each function (ui/src/…), as a
//! guest sees them (the session is unknown here: its placeholder shows).
//!
//! Every text and attribute goes through [`escape_html`]; the one exception is a post's body,
//! which the server's HTML policy sanitised when it was written (content/sanitize.rs).

mod texts;

use crate::business::Business;
use crate::catalog::{Card, PostDetail};
use crate::content::recommend::Collection;
use crate::http::paging::Page;
use crate::kernel::html::escape_html as e;
use chrono::{DateTime, Utc};
use std::fmt::Write;
// Dates show in Korean time (the UI then shows the reader's own zone).
use texts::{texts, Texts};
use tidemark_core::breadcrumbs::{breadcrumbs, category, CATEGORIES};
use tidemark_core::calendar::KST_OFFSET_MINUTES;
use tidemark_core::format::{abbreviate_count, format_number, format_wall, to_wall};
use tidemark_core::i18n::Lang;
use tidemark_core::route::Layout;

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
        r#"<button type="button" class="link-button" lang="{other}">{switch}</button><span class="session-pending" aria-hidden="true" data-session=""></span></div></header><main id="main" class="site-main">{main}</main><div class="app-error-region" role="status" aria-live="polite"></div><footer class="site-footer"><p>{footer}</p><nav aria-label="{footer_menu}" class="footer-nav"><a href="/b2b">{for_business}</a><a href="/post/report/list?sort=POPULAR">{reports}</a><a href="/mobile/category">{categories}</a><a href="/rss.xml">RSS</a></nav></footer></div>"#,
        switch = e(t.site.switch_language.as_str()),
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

/// ui/src/features/posts/components/PostCard.tsx.
fn card(frame: &Frame, card: &Card, eager: bool, html: &mut String) {
    let t = frame.t();
    let _ = write!(
        html,
        r#"<article class="post-card" data-post-seq="{id}"><a href="/post/{id}" class="post-card-link"><div class="post-card-cover" aria-hidden="true">"#,
        id = card.post_seq
    );
    if let Some(cover) = card
        .cover_thumbnail_url
        .as_ref()
        .or(card.cover_url.as_ref())
    {
        let loading = if eager { "" } else { r#" loading="lazy""# };
        let _ = write!(
            html,
            r#"<img src="{}" alt=""{loading} width="480" height="270">"#,
            e(cover)
        );
    }
    html.push_str(r#"</div><div class="post-card-body">"#);
    if let Some(name) = frame.category_name(card.category_id) {
        let _ = write!(
            html,
            r#"<span class="post-card-category">{}</span>"#,
            e(name)
        );
    }
    let _ = write!(
        html,
        r#"<h3 class="post-card-title">{}</h3>"#,
        e(&card.title)
    );
    if !card.summary.is_empty() {
        let _ = write!(
            html,
            r#"<p class="post-card-summary">{}</p>"#,
            e(&card.summary)
        );
    }
    let _ = write!(
        html,
        r#"</div></a><footer class="post-card-meta"><a href="/business/profile/{}" class="post-card-business">{}"#,
        card.business.id,
        e(&card.business.name)
    );
    if card.business.verified {
        let _ = write!(
            html,
            r#"<span class="verified" aria-label="{v}" title="{v}">✓</span>"#,
            v = e(t.site.verified.as_str())
        );
    }
    html.push_str("</a>");
    if let Some(at) = &card.published_at {
        let _ = write!(
            html,
            r#"<time datetime="{}">{}</time>"#,
            e(&datetime(at)),
            e(&date(at))
        );
    }
    let _ = write!(
        html,
        r#"<span class="post-card-counts"><span>{} {}</span><span>{} {}</span></span></footer></article>"#,
        e(t.site.views.as_str()),
        e(&count(card.view_count)),
        e(t.site.bookmarks.as_str()),
        e(&count(card.bookmark_count)),
    );
}

/// A `post-grid` of cards.
fn grid(frame: &Frame, cards: &[Card], eager: &mut Eager, extra: &str, html: &mut String) {
    let _ = write!(html, r#"<div class="post-grid"{extra}>"#);
    for one in cards {
        card(frame, one, eager.next(), html);
    }
    html.push_str("</div>");
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
    grid(frame, cards, eager, "", html);
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
        e(t.site.tagline.as_str()),
        e(t.site.intro.as_str()),
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
    /// The route's name: `popularList` | `latestList` | `categoryList`.
    pub route: &'a str,
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
        ("latestList", None) => t.site.latest_posts.as_str(),
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

/// ui/src/components/engagement/BookmarkButton.tsx before the session is known.
fn bookmark_button(t: &Texts, post: &PostDetail) -> String {
    format!(
        r#"<button type="button" class="tie-button bookmark-button" aria-pressed="{pressed}" aria-disabled="true" data-post-seq="{id}"><svg class="tie-icon" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false"><path d="M4 1.5h8a.5.5 0 0 1 .5.5v12.2L8 11.4l-4.5 2.8V2a.5.5 0 0 1 .5-.5Z"></path></svg><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        pressed = post.bookmarked,
        id = post.post_seq,
        label = e(t.engagement.bookmark.as_str()),
        sr = e(t.engagement.bookmarks.as_str()),
        count = e(&count(post.bookmark_count)),
    )
}

/// ui/src/components/engagement/FollowButton.tsx before the session is known.
fn follow_button(t: &Texts, business: i64, following: bool, followers: i64) -> String {
    format!(
        r#"<button type="button" class="tie-button follow-button" aria-pressed="{following}" aria-disabled="true" data-business-id="{business}"><span class="tie-icon" aria-hidden="true">{icon}</span><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        icon = if following { "✓" } else { "+" },
        label = e(t.engagement.follow.as_str()),
        sr = e(t.engagement.followers.as_str()),
        count = e(&count(followers)),
    )
}

/// `/post/{id}`: ui/src/features/posts/PostDetailPage.tsx for a guest. The body goes into its
/// host as plain HTML (React then moves it into the host's shadow root). `related` is `None`
/// when its call has no answer inline (the UI asks it).
pub fn post(frame: &Frame, base: &str, post: &PostDetail, related: Option<&[Card]>) -> String {
    let t = frame.t();
    let mut html = String::with_capacity(post.body_html.len() + 16 * 1024);
    let _ = write!(
        html,
        r#"<div class="page post-detail-page"><article class="post-detail" data-post-seq="{}" aria-labelledby="post-title"><header class="post-head"><p class="post-kicker">"#,
        post.post_seq
    );
    if let Some(name) = frame.category_name(post.category_id) {
        let href = breadcrumbs(frame.now_ms, frame.lang)
            .into_iter()
            .find(|crumb| i16::from(crumb.category_id) == post.category_id)
            .map(|crumb| crumb.href);
        match href {
            Some(href) => {
                let _ = write!(
                    html,
                    r#"<a href="{}" class="post-category">{}</a>"#,
                    e(&href),
                    e(name)
                );
            }
            None => {
                let _ = write!(html, r#"<span class="post-category">{}</span>"#, e(name));
            }
        }
    }
    if let Some(order) = post.series_order {
        let _ = write!(
            html,
            r#"<span class="post-series">{} {order}</span>"#,
            e(t.detail.series_order.as_str())
        );
    }
    if post.is_report {
        let _ = write!(
            html,
            r#"<span class="post-report-flag">{}</span>"#,
            e(t.detail.report.as_str())
        );
    }
    let _ = write!(
        html,
        r#"</p><h1 id="post-title" class="post-title">{}</h1>"#,
        e(&post.title)
    );
    if !post.summary.is_empty() {
        let _ = write!(html, r#"<p class="post-summary">{}</p>"#, e(&post.summary));
    }
    let business = &post.business;
    let _ = write!(
        html,
        r#"<div class="post-byline"><a href="/business/profile/{}" class="post-byline-business"><span class="post-byline-logo" aria-hidden="true">"#,
        business.badge.id
    );
    match &business.badge.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="32" height="32">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.badge.name))),
    }
    let _ = write!(html, "</span>{}</a>", e(&business.badge.name));
    if business.badge.verified {
        html.push_str(&verified_mark(t, "detail-verified"));
    }
    html.push_str(r#"<dl class="post-facts">"#);
    if let Some(at) = &post.published_at {
        let _ = write!(
            html,
            r#"<div><dt class="visually-hidden">{}</dt><dd><time datetime="{}">{}</time></dd></div>"#,
            e(t.detail.published.as_str()),
            e(&datetime(at)),
            e(&date(at))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd>{}</dd></div><div><dt>{}</dt><dd>{}</dd></div></dl></div><div class="post-actions" role="group" aria-label="{}">{}</div></header>"#,
        e(t.detail.views.as_str()),
        e(&count(post.view_count)),
        e(t.detail.bookmarks.as_str()),
        e(&count(post.bookmark_count)),
        e(t.detail.actions.as_str()),
        bookmark_button(t, post),
    );
    if let Some(cover) = &post.cover_url {
        let _ = write!(
            html,
            r#"<figure class="post-cover"><img src="{}" alt="" width="960" height="504" fetchpriority="high"></figure>"#,
            e(cover)
        );
    }
    // Sanitised when it was written (the server's one HTML policy).
    let _ = write!(
        html,
        r#"<div class="post-body" role="region" aria-label="{}" data-testid="post-body">{}</div><div class="post-body-end" aria-hidden="true"></div>"#,
        e(t.detail.body.as_str()),
        post.body_html
    );
    if !post.tags.is_empty() || post.report_url.is_some() {
        html.push_str(r#"<footer class="post-foot">"#);
        if !post.tags.is_empty() {
            let _ = write!(
                html,
                r#"<ul class="post-tags" aria-label="{}">"#,
                e(t.detail.tags.as_str())
            );
            for tag in &post.tags {
                let _ = write!(html, "<li>#{}</li>", e(tag));
            }
            html.push_str("</ul>");
        }
        if let Some(report) = &post.report_url {
            let _ = write!(
                html,
                r#"<a class="post-report-link" href="{}" target="_blank" rel="noopener" type="application/pdf"><svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3 M6 8.5h4.5 M6 11h4.5"></path></svg>{}</a>"#,
                e(report),
                e(t.detail.download_report.as_str())
            );
        }
        html.push_str("</footer>");
    }
    html.push_str(r#"</article><aside class="post-aside">"#);
    business_card(t, post, &mut html);
    share_box(t, base, post, &mut html);
    let _ = write!(
        html,
        r#"</aside><section class="post-related" aria-labelledby="related-title"><h2 id="related-title">{}</h2>"#,
        e(t.detail.related.as_str())
    );
    match related {
        None => {
            let _ = write!(
                html,
                r#"<p class="loading" role="status">{}</p>"#,
                e(t.site.loading.as_str())
            );
        }
        Some([]) => {
            let _ = write!(
                html,
                r#"<p class="empty-state">{}</p>"#,
                e(t.detail.related_empty.as_str())
            );
        }
        Some(cards) => grid(frame, cards, &mut Eager(0), "", &mut html),
    }
    html.push_str("</section></div>");
    layout(frame, &html)
}

/// ui/src/features/posts/detail/BusinessCard.tsx.
fn business_card(t: &Texts, post: &PostDetail, html: &mut String) {
    let business = &post.business;
    let profile = format!("/business/profile/{}", business.badge.id);
    let _ = write!(
        html,
        r#"<section class="detail-business" aria-labelledby="detail-business-title"><h2 id="detail-business-title" class="visually-hidden">{}</h2><div class="detail-business-head"><span class="detail-business-logo" aria-hidden="true">"#,
        e(t.detail.business_title.as_str())
    );
    match &business.badge.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="56" height="56" loading="lazy">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.badge.name))),
    }
    let _ = write!(
        html,
        r#"</span><div class="detail-business-name"><a href="{}" class="detail-business-link">{}</a>"#,
        e(&profile),
        e(&business.badge.name)
    );
    if business.badge.verified {
        html.push_str(&verified_mark(t, "detail-verified"));
    }
    let _ = write!(
        html,
        r#"<p class="detail-business-sub">{}</p></div></div>"#,
        e(&business.industry)
    );
    if !business.description.is_empty() {
        let _ = write!(
            html,
            r#"<p class="detail-business-description">{}</p>"#,
            e(&business.description)
        );
    }
    let _ = write!(
        html,
        r#"<div class="detail-business-actions">{}<a href="{}" class="detail-profile-link">{}</a></div></section>"#,
        follow_button(
            t,
            business.badge.id,
            business.following,
            business.follower_count
        ),
        e(&profile),
        e(t.detail.view_profile.as_str())
    );
}

/// ui/src/features/posts/detail/ShareBox.tsx (the address is the site's public one).
fn share_box(t: &Texts, base: &str, post: &PostDetail, html: &mut String) {
    let url = format!("{}/post/{}", base.trim_end_matches('/'), post.post_seq);
    let address = uri_component(&url);
    let _ = write!(
        html,
        r#"<section class="share-box" aria-labelledby="share-title"><h2 id="share-title" class="share-title">{}</h2><ul class="share-list"><li><button type="button" class="share-item share-copy"><span class="share-mark" aria-hidden="true"><svg viewBox="0 0 16 16" focusable="false"><path d="M6.6 9.4a2.8 2.8 0 0 0 4 0l2.2-2.2a2.8 2.8 0 0 0-4-4l-.9.9"></path><path d="M9.4 6.6a2.8 2.8 0 0 0-4 0L3.2 8.8a2.8 2.8 0 0 0 4 4l.9-.9"></path></svg></span>{}</button></li>"#,
        e(t.detail.share.as_str()),
        e(t.detail.copy_link.as_str())
    );
    let services = [
        (
            "kakao",
            t.detail.share_kakao.as_str(),
            "K",
            format!("https://story.kakao.com/share?url={address}"),
        ),
        (
            "linkedin",
            t.detail.share_linked_in.as_str(),
            "in",
            format!("https://www.linkedin.com/sharing/share-offsite/?url={address}"),
        ),
        (
            "x",
            t.detail.share_x.as_str(),
            "𝕏",
            format!(
                "https://twitter.com/intent/tweet?url={address}&text={}",
                uri_component(&post.title)
            ),
        ),
    ];
    for (service, name, mark, href) in services {
        let _ = write!(
            html,
            r#"<li><a class="share-item share-{service}" href="{}" target="_blank" rel="noopener noreferrer" data-share="{service}"><span class="share-mark" aria-hidden="true">{mark}</span>{}<span class="visually-hidden">{}</span></a></li>"#,
            e(&href),
            e(name),
            e(t.detail.share_on.as_str())
        );
    }
    html.push_str(r#"</ul><p class="share-status share-status-idle" role="status"></p></section>"#);
}

/// "11-50" → "11~50명" / "11–50"; "1000+" → "1,000명 이상" / "1,000+" (the profile page's
/// `employeeText`).
fn employee_text(band: &str, lang: Lang) -> String {
    let number = |digits: &str| -> Option<String> {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<f64>().ok().map(format_number))
            .flatten()
    };
    if let Some((from, to)) = band.split_once('-') {
        if let (Some(from), Some(to)) = (number(from), number(to)) {
            return match lang {
                Lang::Ko => format!("{from}~{to}명"),
                Lang::En => format!("{from}–{to}"),
            };
        }
    }
    if let Some(from) = band.strip_suffix('+').and_then(number) {
        return match lang {
            Lang::Ko => format!("{from}명 이상"),
            Lang::En => format!("{from}+"),
        };
    }
    band.to_string()
}

/// The homepage as people write it: no scheme, no trailing slash.
fn short_address(url: &str) -> &str {
    let lower = url.to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        url
    };
    rest.strip_suffix('/').unwrap_or(rest)
}

/// `/business/profile/{id}`: ui/src/features/business/BusinessProfilePage.tsx for a guest,
/// with the first page of its posts (all categories).
pub fn business(frame: &Frame, business: &Business, posts: &Page<Card>) -> String {
    let t = frame.t();
    let mut html = String::with_capacity(24 * 1024);
    html.push_str(r#"<div class="page business-page"><header class="business-hero"><div class="business-cover" aria-hidden="true">"#);
    if let Some(cover) = &business.cover_url {
        let _ = write!(
            html,
            r#"<img src="{}" alt="" width="960" height="504" fetchpriority="high">"#,
            e(cover)
        );
    }
    html.push_str(
        r#"</div><div class="business-identity"><span class="business-logo" aria-hidden="true">"#,
    );
    match &business.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="96" height="96">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.name))),
    }
    let _ = write!(
        html,
        r#"</span><div class="business-title"><h1>{}"#,
        e(&business.name)
    );
    if business.verified {
        html.push_str(&verified_mark(t, "business-verified"));
    }
    let _ = write!(
        html,
        r#"</h1><p class="business-industry">{}</p></div><div class="business-follow">{}</div></div></header>"#,
        e(&business.industry),
        follow_button(t, business.id, business.following, business.follower_count)
    );
    let _ = write!(
        html,
        r#"<section class="business-about" aria-labelledby="business-about-title"><h2 id="business-about-title">{}</h2>"#,
        e(t.business.about.as_str())
    );
    if !business.description.is_empty() {
        let _ = write!(
            html,
            r#"<p class="business-description">{}</p>"#,
            e(&business.description)
        );
    }
    html.push_str(r#"<dl class="business-facts">"#);
    if let Some(homepage) = &business.homepage {
        let _ = write!(
            html,
            r#"<div><dt>{}</dt><dd><a href="{}" target="_blank" rel="noopener nofollow">{}<span class="visually-hidden"> {}</span></a></dd></div>"#,
            e(t.business.homepage.as_str()),
            e(homepage),
            e(short_address(homepage)),
            e(t.business.opens_new_window.as_str())
        );
    }
    if let Some(location) = &business.location {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.business.location.as_str()),
            e(location)
        );
    }
    if let Some(year) = business.founded_year {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{year}{}</dd></div>",
            e(t.business.founded.as_str()),
            e(t.business.founded_year.as_str())
        );
    }
    if let Some(band) = business.employee_band.as_deref().filter(|b| !b.is_empty()) {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.business.employees.as_str()),
            e(&employee_text(band, frame.lang))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd class="business-number">{}</dd></div><div><dt>{}</dt><dd class="business-follower-count">{}</dd></div></dl></section>"#,
        e(t.business.registration_number.as_str()),
        e(&business.registration_number),
        e(t.business.followers.as_str()),
        e(&count(business.follower_count)),
    );
    let _ = write!(
        html,
        r#"<section class="business-posts" aria-labelledby="business-posts-title"><h2 id="business-posts-title">{}</h2>"#,
        e(t.business.posts.as_str())
    );
    // The tabs: all, then each category with public posts, in the categories' order.
    let total: i64 = business.post_counts.iter().map(|c| c.count).sum();
    let mut tabs: Vec<(String, &str, Option<i64>)> = vec![(
        "all".into(),
        t.business.all.as_str(),
        (!business.post_counts.is_empty()).then_some(total),
    )];
    for category in CATEGORIES.iter() {
        let count = business
            .post_counts
            .iter()
            .find(|c| c.category_id == i16::from(category.id))
            .map(|c| c.count)
            .unwrap_or(0);
        if count > 0 {
            tabs.push((
                category.id.to_string(),
                category.name(frame.lang),
                Some(count),
            ));
        }
    }
    let has_tabs = tabs.len() > 1;
    if has_tabs {
        let _ = write!(
            html,
            r#"<div class="business-tabs" role="tablist" aria-label="{}">"#,
            e(t.business.category_tabs.as_str())
        );
        for (index, (key, label, tab_count)) in tabs.iter().enumerate() {
            let active = index == 0;
            let _ = write!(
                html,
                r#"<button type="button" role="tab" id="business-tab-{key}" aria-selected="{active}" aria-controls="business-posts-panel" tabindex="{}" class="business-tab">{}"#,
                if active { 0 } else { -1 },
                e(label)
            );
            if let Some(n) = tab_count {
                let _ = write!(
                    html,
                    r#"<span class="business-tab-count">{}</span>"#,
                    e(&count(*n))
                );
            }
            html.push_str("</button>");
        }
        html.push_str("</div>");
    }
    html.push_str(r#"<div id="business-posts-panel""#);
    if has_tabs {
        html.push_str(r#" role="tabpanel" aria-labelledby="business-tab-all""#);
    }
    html.push_str(r#" class="business-posts-panel">"#);
    if posts.items.is_empty() {
        let _ = write!(
            html,
            r#"<p class="empty-state">{}</p>"#,
            e(t.business.no_posts.as_str())
        );
    } else {
        grid(
            frame,
            &posts.items,
            &mut Eager(EAGER_CARDS),
            r#" data-testid="post-list""#,
            &mut html,
        );
        html.push_str(r#"<div class="list-end" aria-hidden="true"></div>"#);
    }
    html.push_str("</div></section></div>");
    layout(frame, &html)
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

    #[test]
    fn employee_bands_and_homepages_read_as_the_profile_shows_them() {
        assert_eq!(employee_text("11-50", Lang::Ko), "11~50명");
        assert_eq!(employee_text("1000+", Lang::Ko), "1,000명 이상");
        assert_eq!(employee_text("1000+", Lang::En), "1,000+");
        assert_eq!(employee_text("201-1000", Lang::En), "201–1,000");
        assert_eq!(employee_text("many", Lang::En), "many");
        assert_eq!(short_address("HTTPS://tide.test/"), "tide.test");
    }

    fn a_card(id: i64, title: &str) -> Card {
        Card {
            post_seq: id,
            title: title.into(),
            summary: "요약 <b>".into(),
            category_id: 2,
            cover_url: Some(format!("/media/images/{id}.jpg")),
            cover_thumbnail_url: Some(format!("/media/images/{id}-480.jpg")),
            business: crate::catalog::BusinessBadge {
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
        assert!(html.contains(r#"<article class="post-card" data-post-seq="1"><a href="/post/1" class="post-card-link"><div class="post-card-cover" aria-hidden="true"><img src="/media/images/1-480.jpg" alt="" width="480" height="270"></div><div class="post-card-body"><span class="post-card-category">성공 사례</span><h3 class="post-card-title">&lt;i&gt;제목&lt;/i&gt;</h3><p class="post-card-summary">요약 &lt;b&gt;</p></div></a><footer class="post-card-meta"><a href="/business/profile/3" class="post-card-business">타이드 &amp; 코<span class="verified" aria-label="인증된 기업" title="인증된 기업">✓</span></a><time datetime="2026-03-01T16:30:00Z">2026-03-02</time><span class="post-card-counts"><span>조회수 1.3k</span><span>북마크 7</span></span></footer></article>"#), "{html}");
        assert!(html
            .contains(r#"<details class="category-menu only-wide"><summary>카테고리</summary>"#));
        assert!(html.contains(r#"<a href="/post/category/list/6">공지사항</a>"#));
        assert!(html.contains(r#"<a href="/post/category/list/1?sort=POPULAR&amp;timestamp=1700000000000">인사이트</a>"#));
    }
}
