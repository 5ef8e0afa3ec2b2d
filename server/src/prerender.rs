//! The first view of a page as HTML, put into the UI's `<div id="root">` so the page paints
//! from the server's first answer. React starts with the same data (the page's inline calls,
//! [`crate::pages`]) and replaces these nodes in one commit with `createRoot`, so the markup
//! here need not be React's byte for byte, but it looks the same: the class names, the
//! structure and the image sizes of the components named on each function (ui/src/…), as a
//! guest sees them (the session is unknown here: its placeholder shows).
//!
//! Every text and attribute goes through [`escape_html`]; the one exception is a post's body,
//! which the server's HTML policy sanitised when it was written (content/sanitize.rs).

use crate::business::profile::Business;
use crate::catalog::{Card, PostDetail};
use crate::content::recommend::Collection;
use crate::http::paging::Page;
use crate::kernel::html::escape_html as e;
use chrono::{DateTime, Utc};
use std::fmt::Write;
use tidemark_core::breadcrumbs::{breadcrumbs, category, CATEGORIES};
use tidemark_core::format::{abbreviate_count, format_number, format_wall, to_wall};
use tidemark_core::i18n::Lang;
use tidemark_core::route::Layout;

/// Cards at the top of a page load at once; the others when they come near the view.
const EAGER_CARDS: usize = 2;
/// Dates show in Korean time (the UI then shows the reader's own zone).
const KST_MINUTES: i32 = 540;

/// The texts of what is prerendered, copied from ui/src/lib/i18n.tsx (TEXTS) and the features'
/// texts.ts (posts/detail, business, engagement).
struct Texts {
    // ui/src/lib/i18n.tsx
    tagline: &'static str,
    intro: &'static str,
    categories: &'static str,
    popular: &'static str,
    latest: &'static str,
    popular_posts: &'static str,
    latest_posts: &'static str,
    search: &'static str,
    sort: &'static str,
    empty_list: &'static str,
    switch_language: &'static str,
    home: &'static str,
    for_business: &'static str,
    footer: &'static str,
    skip_to_content: &'static str,
    loading: &'static str,
    verified: &'static str,
    views: &'static str,
    bookmarks: &'static str,
    see_all: &'static str,
    main_menu: &'static str,
    footer_menu: &'static str,
    my_interests: &'static str,
    reports: &'static str,
    // ui/src/features/posts/detail/texts.ts
    d_published: &'static str,
    d_views: &'static str,
    d_bookmarks: &'static str,
    d_tags: &'static str,
    d_report: &'static str,
    d_download_report: &'static str,
    d_series_order: &'static str,
    d_body: &'static str,
    d_share: &'static str,
    d_copy_link: &'static str,
    d_share_kakao: &'static str,
    d_share_linkedin: &'static str,
    d_share_x: &'static str,
    d_share_on: &'static str,
    d_business_title: &'static str,
    d_view_profile: &'static str,
    d_related: &'static str,
    d_related_empty: &'static str,
    d_actions: &'static str,
    // ui/src/features/business/texts.ts
    b_about: &'static str,
    b_homepage: &'static str,
    b_location: &'static str,
    b_founded: &'static str,
    b_founded_year: &'static str,
    b_employees: &'static str,
    b_registration_number: &'static str,
    b_followers: &'static str,
    b_posts: &'static str,
    b_all: &'static str,
    b_category_tabs: &'static str,
    b_no_posts: &'static str,
    b_opens_new_window: &'static str,
    // ui/src/features/engagement/texts.ts
    g_follow: &'static str,
    g_followers: &'static str,
    g_bookmark: &'static str,
    g_bookmarks: &'static str,
}

const KO: Texts = Texts {
    tagline: "기업이 전하는 이야기, 한곳에서",
    intro: "인사이트, 성공 사례, 제품 소식, 기업 문화와 채용 소식까지. 관심 있는 기업을 팔로우하고 글을 저장하세요.",
    categories: "카테고리",
    popular: "인기",
    latest: "최신",
    popular_posts: "인기 콘텐츠",
    latest_posts: "최신 콘텐츠",
    search: "검색",
    sort: "정렬",
    empty_list: "아직 게시된 콘텐츠가 없습니다.",
    switch_language: "English",
    home: "홈",
    for_business: "기업 회원",
    footer: "Tidemark — 기업 콘텐츠 플랫폼",
    skip_to_content: "본문으로 건너뛰기",
    loading: "불러오는 중…",
    verified: "인증된 기업",
    views: "조회수",
    bookmarks: "북마크",
    see_all: "전체 보기",
    main_menu: "주 메뉴",
    footer_menu: "바닥글 메뉴",
    my_interests: "관심",
    reports: "리포트",
    d_published: "게시일",
    d_views: "조회수",
    d_bookmarks: "북마크",
    d_tags: "태그",
    d_report: "리포트",
    d_download_report: "리포트 PDF 내려받기",
    d_series_order: "회차",
    d_body: "본문",
    d_share: "공유하기",
    d_copy_link: "링크 복사",
    d_share_kakao: "카카오스토리",
    d_share_linkedin: "링크드인",
    d_share_x: "X",
    d_share_on: "에 공유 (새 창)",
    d_business_title: "이 글을 쓴 기업",
    d_view_profile: "기업 프로필 보기",
    d_related: "관련 콘텐츠",
    d_related_empty: "관련 콘텐츠가 아직 없습니다.",
    d_actions: "글 저장과 기업 팔로우",
    b_about: "기업 정보",
    b_homepage: "홈페이지",
    b_location: "위치",
    b_founded: "설립",
    b_founded_year: "년",
    b_employees: "직원 수",
    b_registration_number: "사업자등록번호",
    b_followers: "팔로워",
    b_posts: "콘텐츠",
    b_all: "전체",
    b_category_tabs: "카테고리별 콘텐츠",
    b_no_posts: "아직 게시한 콘텐츠가 없습니다.",
    b_opens_new_window: "(새 창)",
    g_follow: "팔로우",
    g_followers: "팔로워",
    g_bookmark: "북마크",
    g_bookmarks: "북마크 수",
};

const EN: Texts = Texts {
    tagline: "What businesses have to say, in one place",
    intro: "Insights, success stories, product news, culture and recruiting. Follow the businesses you care about and bookmark what you read.",
    categories: "Categories",
    popular: "Popular",
    latest: "Latest",
    popular_posts: "Popular posts",
    latest_posts: "Latest posts",
    search: "Search",
    sort: "Sort",
    empty_list: "Nothing has been published here yet.",
    switch_language: "한국어",
    home: "Home",
    for_business: "For businesses",
    footer: "Tidemark — the platform for business content",
    skip_to_content: "Skip to content",
    loading: "Loading…",
    verified: "Verified business",
    views: "Views",
    bookmarks: "Bookmarks",
    see_all: "See all",
    main_menu: "Main menu",
    footer_menu: "Footer menu",
    my_interests: "Interests",
    reports: "Reports",
    d_published: "Published",
    d_views: "Views",
    d_bookmarks: "Bookmarks",
    d_tags: "Tags",
    d_report: "Report",
    d_download_report: "Download the report (PDF)",
    d_series_order: "Episode",
    d_body: "Article",
    d_share: "Share",
    d_copy_link: "Copy link",
    d_share_kakao: "KakaoStory",
    d_share_linkedin: "LinkedIn",
    d_share_x: "X",
    d_share_on: " (opens a new window)",
    d_business_title: "About the business",
    d_view_profile: "View the business profile",
    d_related: "Related posts",
    d_related_empty: "No related posts yet.",
    d_actions: "Bookmark and follow",
    b_about: "About",
    b_homepage: "Website",
    b_location: "Location",
    b_founded: "Founded",
    b_founded_year: "",
    b_employees: "Employees",
    b_registration_number: "Business registration no.",
    b_followers: "Followers",
    b_posts: "Posts",
    b_all: "All",
    b_category_tabs: "Posts by category",
    b_no_posts: "Nothing has been published yet.",
    b_opens_new_window: "(opens a new window)",
    g_follow: "Follow",
    g_followers: "followers",
    g_bookmark: "Bookmark",
    g_bookmarks: "bookmarks",
};

fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Ko => &KO,
        Lang::En => &EN,
    }
}

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
        skip = e(t.skip_to_content),
        brand = e(&format!("Tidemark {}", t.home)),
        menu = e(t.main_menu),
        popular = e(t.popular),
        latest = e(t.latest),
        categories = e(t.categories),
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
        categories = e(t.categories),
        interests = e(t.my_interests),
    );
    if frame.layout != Layout::Default {
        let _ = write!(
            html,
            r#"<a href="/search?sort=POPULAR" class="header-search-link">{}</a>"#,
            e(t.search)
        );
    }
    let _ = write!(
        html,
        r#"<button type="button" class="link-button" lang="{other}">{switch}</button><span class="session-pending" aria-hidden="true"></span></div></header><main id="main" class="site-main">{main}</main><div class="app-error-region" role="status" aria-live="polite"></div><footer class="site-footer"><p>{footer}</p><nav aria-label="{footer_menu}" class="footer-nav"><a href="/b2b">{for_business}</a><a href="/post/report/list?sort=POPULAR">{reports}</a><a href="/mobile/category">{categories}</a><a href="/rss.xml">RSS</a></nav></footer></div>"#,
        switch = e(t.switch_language),
        footer = e(t.footer),
        footer_menu = e(t.footer_menu),
        for_business = e(t.for_business),
        reports = e(t.reports),
        categories = e(t.categories),
    );
    html
}

/// `yyyy-MM-dd` in Korean time, by the core's formatting.
fn date(at: &DateTime<Utc>) -> String {
    format_wall(&to_wall(at.timestamp_millis(), KST_MINUTES), "yyyy-MM-dd")
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
            v = e(t.verified)
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
        e(t.views),
        e(&count(card.view_count)),
        e(t.bookmarks),
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
        see_all = e(frame.t().see_all),
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
        e(t.tagline),
        e(t.intro),
        e(t.categories)
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
        t.popular_posts,
        "/post/popular/list?sort=POPULAR",
        &popular.items,
        &mut eager,
        &mut html,
    );
    section(
        frame,
        "latest",
        t.latest_posts,
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
        (_, Some(id)) => frame.category_name(id).unwrap_or(t.popular_posts),
        ("latestList", None) => t.latest_posts,
        _ => t.popular_posts,
    };
    let mut html = String::with_capacity(24 * 1024);
    let _ = write!(
        html,
        r#"<div class="page list"><h1>{}</h1><nav class="sort-switch" aria-label="{}">"#,
        e(title),
        e(t.sort)
    );
    for (code, label) in [("POPULAR", t.popular), ("LATEST", t.latest)] {
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
        let _ = write!(html, r#"<p class="empty-state">{}</p>"#, e(t.empty_list));
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
        v = e(t.verified)
    )
}

/// ui/src/features/engagement/BookmarkButton.tsx before the session is known.
fn bookmark_button(t: &Texts, post: &PostDetail) -> String {
    format!(
        r#"<button type="button" class="tie-button bookmark-button" aria-pressed="{pressed}" aria-disabled="true" data-post-seq="{id}"><svg class="tie-icon" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false"><path d="M4 1.5h8a.5.5 0 0 1 .5.5v12.2L8 11.4l-4.5 2.8V2a.5.5 0 0 1 .5-.5Z"></path></svg><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        pressed = post.bookmarked,
        id = post.post_seq,
        label = e(t.g_bookmark),
        sr = e(t.g_bookmarks),
        count = e(&count(post.bookmark_count)),
    )
}

/// ui/src/features/engagement/FollowButton.tsx before the session is known.
fn follow_button(t: &Texts, business: i64, following: bool, followers: i64) -> String {
    format!(
        r#"<button type="button" class="tie-button follow-button" aria-pressed="{following}" aria-disabled="true" data-business-id="{business}"><span class="tie-icon" aria-hidden="true">{icon}</span><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        icon = if following { "✓" } else { "+" },
        label = e(t.g_follow),
        sr = e(t.g_followers),
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
            e(t.d_series_order)
        );
    }
    if post.is_report {
        let _ = write!(
            html,
            r#"<span class="post-report-flag">{}</span>"#,
            e(t.d_report)
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
            e(t.d_published),
            e(&datetime(at)),
            e(&date(at))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd>{}</dd></div><div><dt>{}</dt><dd>{}</dd></div></dl></div><div class="post-actions" role="group" aria-label="{}">{}</div></header>"#,
        e(t.d_views),
        e(&count(post.view_count)),
        e(t.d_bookmarks),
        e(&count(post.bookmark_count)),
        e(t.d_actions),
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
        e(t.d_body),
        post.body_html
    );
    if !post.tags.is_empty() || post.report_url.is_some() {
        html.push_str(r#"<footer class="post-foot">"#);
        if !post.tags.is_empty() {
            let _ = write!(
                html,
                r#"<ul class="post-tags" aria-label="{}">"#,
                e(t.d_tags)
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
                e(t.d_download_report)
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
        e(t.d_related)
    );
    match related {
        None => {
            let _ = write!(
                html,
                r#"<p class="loading" role="status">{}</p>"#,
                e(t.loading)
            );
        }
        Some([]) => {
            let _ = write!(
                html,
                r#"<p class="empty-state">{}</p>"#,
                e(t.d_related_empty)
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
        e(t.d_business_title)
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
        e(t.d_view_profile)
    );
}

/// ui/src/features/posts/detail/ShareBox.tsx (the address is the site's public one).
fn share_box(t: &Texts, base: &str, post: &PostDetail, html: &mut String) {
    let url = format!("{}/post/{}", base.trim_end_matches('/'), post.post_seq);
    let address = uri_component(&url);
    let _ = write!(
        html,
        r#"<section class="share-box" aria-labelledby="share-title"><h2 id="share-title" class="share-title">{}</h2><ul class="share-list"><li><button type="button" class="share-item share-copy"><span class="share-mark" aria-hidden="true"><svg viewBox="0 0 16 16" focusable="false"><path d="M6.6 9.4a2.8 2.8 0 0 0 4 0l2.2-2.2a2.8 2.8 0 0 0-4-4l-.9.9"></path><path d="M9.4 6.6a2.8 2.8 0 0 0-4 0L3.2 8.8a2.8 2.8 0 0 0 4 4l.9-.9"></path></svg></span>{}</button></li>"#,
        e(t.d_share),
        e(t.d_copy_link)
    );
    let services = [
        (
            "kakao",
            t.d_share_kakao,
            "K",
            format!("https://story.kakao.com/share?url={address}"),
        ),
        (
            "linkedin",
            t.d_share_linkedin,
            "in",
            format!("https://www.linkedin.com/sharing/share-offsite/?url={address}"),
        ),
        (
            "x",
            t.d_share_x,
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
            e(t.d_share_on)
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
        e(t.b_about)
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
            e(t.b_homepage),
            e(homepage),
            e(short_address(homepage)),
            e(t.b_opens_new_window)
        );
    }
    if let Some(location) = &business.location {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.b_location),
            e(location)
        );
    }
    if let Some(year) = business.founded_year {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{year}{}</dd></div>",
            e(t.b_founded),
            e(t.b_founded_year)
        );
    }
    if let Some(band) = business.employee_band.as_deref().filter(|b| !b.is_empty()) {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.b_employees),
            e(&employee_text(band, frame.lang))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd class="business-number">{}</dd></div><div><dt>{}</dt><dd class="business-follower-count">{}</dd></div></dl></section>"#,
        e(t.b_registration_number),
        e(&business.registration_number),
        e(t.b_followers),
        e(&count(business.follower_count)),
    );
    let _ = write!(
        html,
        r#"<section class="business-posts" aria-labelledby="business-posts-title"><h2 id="business-posts-title">{}</h2>"#,
        e(t.b_posts)
    );
    // The tabs: all, then each category with public posts, in the categories' order.
    let total: i64 = business.post_counts.iter().map(|c| c.count).sum();
    let mut tabs: Vec<(String, &str, Option<i64>)> = vec![(
        "all".into(),
        t.b_all,
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
            e(t.b_category_tabs)
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
        let _ = write!(html, r#"<p class="empty-state">{}</p>"#, e(t.b_no_posts));
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
