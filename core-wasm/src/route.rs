//! Route rules of SPEC §2: the route table with its validity rules, login pages, protected
//! pages, the route guard, the post-login target and the scroll target.

use crate::i18n::{page_not_found_for, Lang};
use crate::sort::{decode_component, sort_redirect};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    Default,
    Empty,
}

/// What a dynamic segment must be for the route to exist.
#[derive(Debug, Clone, Copy)]
enum Param {
    /// A positive integer id (`postSeq`, business id, collection id).
    Id,
    /// A category id: 1 to 9 (PRODUCT "Categories").
    Category,
    /// `email` or `phone` (/password/reset/{type}).
    ResetType,
    /// A preview link's token: 32 to 64 URL-safe base64 characters (the server makes 43).
    Token,
}

impl Param {
    fn accepts(self, segment: &str) -> bool {
        match self {
            Param::Id => parse_id(segment).is_some(),
            Param::Category => parse_id(segment).is_some_and(|id| (1..=9).contains(&id)),
            Param::ResetType => matches!(segment, "email" | "phone"),
            Param::Token => {
                (32..=64).contains(&segment.len())
                    && segment
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            }
        }
    }
}

/// Ids are written as plain decimal digits, no sign, no leading zero, at most 2^53 - 1 so they
/// survive JavaScript numbers.
pub fn parse_id(segment: &str) -> Option<u64> {
    if segment.is_empty()
        || segment.len() > 16
        || segment.starts_with('0')
        || !segment.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    segment.parse::<u64>().ok().filter(|id| *id < (1u64 << 53))
}

/// The route table: each page's pattern (`:id`, `:category`, `:type` and `:token` mark the
/// dynamic segment) and its name, one line a page; the names are [`RouteName`]'s.
macro_rules! route_table {
    ($($pattern:literal => $variant:ident $name:literal,)*) => {
        /// A page of the route table, by the name the UI and the server know it by (serialized
        /// as that name: `postDetail`, `popularList`, …).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum RouteName {
            $($variant,)*
        }

        impl RouteName {
            /// The page's name as the UI knows it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(RouteName::$variant => $name,)*
                }
            }
        }

        const ROUTES: &[(&str, RouteName)] = &[$(($pattern, RouteName::$variant),)*];
    };
}

/// Written as its name, through the one table of names (a derived impl would carry a second
/// copy of every name in the browser's build).
impl Serialize for RouteName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

route_table! {
    "/" => Home "home",
    "/admin" => Admin "admin",
    "/admin/audit" => AdminAudit "adminAudit",
    "/admin/businesses" => AdminBusinesses "adminBusinesses",
    "/admin/collections" => AdminCollections "adminCollections",
    "/admin/media" => AdminMedia "adminMedia",
    "/admin/posts" => AdminPosts "adminPosts",
    "/admin/search" => AdminSearch "adminSearch",
    "/b2b" => B2b "b2b",
    "/business/profile/:id" => BusinessProfile "businessProfile",
    "/follow/list" => FollowList "followList",
    "/interest" => Interest "interest",
    "/interest/bookmark" => InterestBookmark "interestBookmark",
    "/interest/following" => InterestFollowing "interestFollowing",
    "/manager/invite" => ManagerInvite "managerInvite",
    "/manager/invite/confirm" => ManagerInviteConfirm "managerInviteConfirm",
    "/mail/unsubscribe" => MailUnsubscribe "mailUnsubscribe",
    "/manager/invite/join" => ManagerInviteJoin "managerInviteJoin",
    "/member/auth/callbackCertify" => CallbackCertify "callbackCertify",
    "/member/auth/callbackOauth" => CallbackOauth "callbackOauth",
    "/member/join" => Join "join",
    "/member/join/email" => JoinEmail "joinEmail",
    "/member/join/profile" => JoinProfile "joinProfile",
    "/member/join/complete" => JoinComplete "joinComplete",
    "/member/login" => Login "login",
    "/member/login/email" => LoginEmail "loginEmail",
    "/mobile/category" => MobileCategory "mobileCategory",
    "/mypage" => Mypage "mypage",
    "/mypage/business" => MypageBusiness "mypageBusiness",
    "/mypage/business/profile" => MypageBusinessProfile "mypageBusinessProfile",
    "/mypage/business/analytics/contents" => AnalyticsContents "analyticsContents",
    "/mypage/business/analytics/outline" => AnalyticsOutline "analyticsOutline",
    "/mypage/content/register" => ContentRegister "contentRegister",
    "/mypage/media-publish/register" => MediaPublishRegister "mediaPublishRegister",
    "/mypage/notifications" => Notifications "notifications",
    "/mypage/notifications/settings" => NotificationSettings "notificationSettings",
    "/mypage/password/change" => PasswordChange "passwordChange",
    "/mypage/password/check" => PasswordCheck "passwordCheck",
    "/mypage/security" => MypageSecurity "mypageSecurity",
    "/mypage/user/edit" => UserEdit "userEdit",
    "/mypage/user/withdraw" => UserWithdraw "userWithdraw",
    "/password/find/options" => PasswordFindOptions "passwordFindOptions",
    "/password/find/email" => PasswordFindEmail "passwordFindEmail",
    "/password/find/phone" => PasswordFindPhone "passwordFindPhone",
    "/password/reset/:type" => PasswordReset "passwordReset",
    "/post/category/list/:category" => CategoryList "categoryList",
    "/post/interest/list" => InterestList "interestList",
    "/post/latest/list" => LatestList "latestList",
    "/post/popular/list" => PopularList "popularList",
    "/post/recommend/list/:id" => RecommendList "recommendList",
    "/post/report/list" => ReportList "reportList",
    "/post/:id" => PostDetail "postDetail",
    "/preview/:token" => Preview "preview",
    "/search" => Search "search",
    "/search/business" => SearchBusiness "searchBusiness",
    "/search/contents" => SearchContents "searchContents",
    "/sample/chart" => SampleChart "sampleChart",
    "/sample/modal" => SampleModal "sampleModal",
    "/sample/page1" => SamplePage1 "samplePage1",
    "/sample/page2" => SamplePage2 "samplePage2",
    "/sample/page4_error" => SamplePage4Error "samplePage4Error",
    "/sample/unsplash" => SampleUnsplash "sampleUnsplash",
}

/// A page of the route table, with its dynamic segment when it has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteMatch {
    pub name: RouteName,
    pub path: String,
    /// The id, category id, reset type or preview token of the dynamic segment.
    pub param: Option<String>,
    pub layout: Layout,
    pub protected: bool,
    pub login_page: bool,
    /// SPEC §2: the page stays mounted per full path, so going back restores its data and
    /// scroll position (/follow/list).
    pub keep_alive: bool,
    /// The page follows its query itself: a new query does not start it again (the writing
    /// page gets its post's id after the first save, while the writer goes on typing).
    pub follows_query: bool,
    /// The data-layer event pushed when the page starts (SPEC §3, §4), with its screen.
    pub page_view: Option<PageView>,
}

impl RouteMatch {
    /// The page's id (a post's, a business's, a collection's or a category's), when its
    /// dynamic segment is one: the table's rule has checked it already.
    pub fn id(&self) -> Option<i64> {
        let id = parse_id(self.param.as_deref()?)?;
        i64::try_from(id).ok()
    }
}

/// The data-layer event of a page's start: `View_Content` for a post, `View_ContentList`
/// with the screen identifier for the lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageView {
    pub event: &'static str,
    pub screen: Option<&'static str>,
}

/// SPEC §3's screen identifiers for the pages that show posts or businesses.
fn page_view(name: RouteName) -> Option<PageView> {
    use RouteName::*;
    let list = |screen| {
        Some(PageView {
            event: "View_ContentList",
            screen: Some(screen),
        })
    };
    match name {
        PostDetail => Some(PageView {
            event: "View_Content",
            screen: None,
        }),
        Home => list("HOME"),
        CategoryList => list("CATEGORY"),
        PopularList => list("POPULAR"),
        LatestList => list("LATEST"),
        InterestList => list("INTEREST"),
        RecommendList => list("RECOMMEND"),
        ReportList => list("REPORT"),
        Search | SearchContents | SearchBusiness => list("SEARCH"),
        Interest | InterestBookmark => list("BOOKMARK"),
        InterestFollowing | FollowList => list("FOLLOWING"),
        BusinessProfile => list("CORP_PROFILE"),
        _ => None,
    }
}

/// Finds the page of a path (no query, no hash). A trailing slash is ignored.
pub fn match_route(path: &str) -> Option<RouteMatch> {
    let trimmed = if path.len() > 1 {
        path.strip_suffix('/').unwrap_or(path)
    } else {
        path
    };
    let segments: Vec<&str> = trimmed.split('/').skip(1).collect();
    ROUTES.iter().find_map(|&(pattern, name)| {
        let pattern_segments: Vec<&str> = pattern.split('/').skip(1).collect();
        if pattern_segments.len() != segments.len() {
            return None;
        }
        let mut param = None;
        for (want, got) in pattern_segments.iter().zip(&segments) {
            let rule = match *want {
                ":id" => Some(Param::Id),
                ":category" => Some(Param::Category),
                ":type" => Some(Param::ResetType),
                ":token" => Some(Param::Token),
                _ => None,
            };
            match rule {
                Some(rule) if rule.accepts(got) => param = Some((*got).to_string()),
                Some(_) => return None,
                None if want == got => {}
                None => return None,
            }
        }
        Some(RouteMatch {
            name,
            path: trimmed.to_string(),
            param,
            // SPEC §2: the empty layout unless noted; /search is noted as default.
            layout: if matches!(
                name,
                RouteName::Search | RouteName::SearchBusiness | RouteName::SearchContents
            ) {
                Layout::Default
            } else {
                Layout::Empty
            },
            protected: is_protected_path(trimmed),
            login_page: is_login_path(trimmed),
            keep_alive: name == RouteName::FollowList,
            follows_query: name == RouteName::ContentRegister,
            page_view: page_view(name),
        })
    })
}

/// `path?query#hash` split into its three parts (query and hash keep their `?` and `#`).
pub fn split_full_path(full_path: &str) -> (&str, &str, &str) {
    let (rest, hash) = match full_path.find('#') {
        Some(at) => full_path.split_at(at),
        None => (full_path, ""),
    };
    let (path, search) = match rest.find('?') {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    (path, search, hash)
}

/// What the router does with an address, before any session rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Resolution {
    Page { route: RouteMatch },
    Redirect { location: String },
    NotFound { message: String },
}

/// The route's validity rule first (404 with 'Page Not Found: {full path}'), then the sort
/// redirect of the list pages (the hash is kept).
pub fn resolve_route(full_path: &str, lang: Lang) -> Resolution {
    let (path, search, hash) = split_full_path(full_path);
    let Some(route) = match_route(path) else {
        return Resolution::NotFound {
            message: page_not_found_for(full_path, lang),
        };
    };
    match sort_redirect(path, search) {
        Some(location) => Resolution::Redirect {
            location: format!("{location}{hash}"),
        },
        None => Resolution::Page { route },
    }
}

/// `**/login` and `**/login/**`.
pub fn is_login_path(path: &str) -> bool {
    path == "/login" || path.ends_with("/login") || path.contains("/login/")
}

/// `/mypage` and `/mypage/**`.
pub fn is_protected_path(path: &str) -> bool {
    ["/mypage", "/admin"].iter().any(|area| {
        path == *area
            || path
                .strip_prefix(area)
                .is_some_and(|rest| rest.starts_with('/'))
    })
}

/// What the client knows of its session when it navigates.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// The last token check (or sign-in) found a valid session.
    #[serde(default)]
    pub signed_in: bool,
    /// The redirect address saved when the visitor was sent to a login page.
    #[serde(default)]
    pub saved_redirect: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum GuardDecision {
    /// Go on, nothing to do.
    Proceed,
    /// Go on, and refresh the tokens silently; clear them if that fails.
    Refresh,
    Redirect {
        location: String,
        #[serde(rename = "clearTokens")]
        clear_tokens: bool,
    },
}

/// SPEC §2 and §4: a protected path without a session goes to the login page with
/// `redirectUrl` (tokens cleared); a signed-in visitor on a login page goes to the saved
/// address or /; elsewhere a signed-in visitor's tokens are refreshed silently.
pub fn route_guard(full_path: &str, session: &SessionView) -> GuardDecision {
    let (path, _, _) = split_full_path(full_path);
    if is_protected_path(path) && !session.signed_in {
        return GuardDecision::Redirect {
            location: login_location(LOGIN_PATH, Some(full_path)),
            clear_tokens: true,
        };
    }
    if is_login_path(path) && session.signed_in {
        return GuardDecision::Redirect {
            location: post_login_target(session.saved_redirect.as_deref()),
            clear_tokens: false,
        };
    }
    if session.signed_in && !is_protected_path(path) {
        GuardDecision::Refresh
    } else {
        GuardDecision::Proceed
    }
}

pub const LOGIN_PATH: &str = "/member/login";
/// The login page's parameter that holds the address to come back to after signing in.
pub const REDIRECT_PARAM: &str = "redirectUrl";
/// SPEC §9.
pub const DEFAULT_POST_LOGIN_PATH: &str = "/";

/// The address of a login page (`login_path`, e.g. [`LOGIN_PATH`]) that brings the visitor
/// back to `return_to` (a path with its query) after signing in; without one (or an empty
/// one), the login page alone.
pub fn login_location(login_path: &str, return_to: Option<&str>) -> String {
    match return_to.filter(|address| !address.is_empty()) {
        Some(address) => format!(
            "{login_path}?{REDIRECT_PARAM}={}",
            encode_component(address)
        ),
        None => login_path.to_string(),
    }
}

/// The saved redirect address when it is an address of this site (a path starting with one
/// `/`, not a login page), otherwise `/`. Absolute and protocol-relative addresses, backslash
/// tricks and control characters are refused: an open redirect would let a phishing link
/// borrow the site's login page.
pub fn post_login_target(saved: Option<&str>) -> String {
    let Some(saved) = saved.map(str::trim).filter(|s| !s.is_empty()) else {
        return DEFAULT_POST_LOGIN_PATH.to_string();
    };
    let decoded = decode_component(saved);
    let safe = saved.starts_with('/')
        && !saved.starts_with("//")
        && !saved.contains('\\')
        && !decoded.starts_with("//")
        && !decoded.contains('\\')
        && !saved.chars().any(char::is_control)
        && !is_login_path(split_full_path(saved).0);
    if safe {
        saved.to_string()
    } else {
        DEFAULT_POST_LOGIN_PATH.to_string()
    }
}

/// Encodes a query component the way `encodeURIComponent` does.
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ScrollTarget {
    /// Scroll to the top, smoothly once the page has finished rendering.
    Top { smooth: bool },
    /// Scroll to the element with this id.
    Anchor { id: String },
}

/// SPEC §2: the hash anchor if present, otherwise the top.
pub fn scroll_target(hash: &str) -> ScrollTarget {
    let id = decode_component(hash.strip_prefix('#').unwrap_or(hash));
    if id.trim().is_empty() {
        ScrollTarget::Top { smooth: true }
    } else {
        ScrollTarget::Anchor { id }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str) -> Option<&'static str> {
        match_route(path).map(|route| route.name.as_str())
    }

    /// A preview token as the server makes them (256 bits, URL-safe base64).
    const TOKEN: &str = "3q2-7wAAb_Kx9fQm1sXbT0c5uP2nLrVw8eYh4jZ6kDa";

    #[test]
    fn every_spec_route_exists() {
        for (pattern, name) in ROUTES {
            let path = pattern
                .replace(":id", "7")
                .replace(":category", "9")
                .replace(":type", "email")
                .replace(":token", TOKEN);
            assert_eq!(page(&path), Some(name.as_str()), "{path}");
        }
    }

    #[test]
    fn validity_rules_of_dynamic_segments() {
        assert_eq!(page("/post/123"), Some("postDetail"));
        assert_eq!(page("/post/abc"), None);
        assert_eq!(page("/post/0"), None);
        assert_eq!(page("/post/0123"), None);
        assert_eq!(page("/post/-1"), None);
        assert_eq!(page("/post/99999999999999999"), None);
        assert_eq!(page("/post/category/list/1"), Some("categoryList"));
        assert_eq!(page("/post/category/list/10"), None);
        assert_eq!(page("/password/reset/phone"), Some("passwordReset"));
        assert_eq!(page("/password/reset/sms"), None);
        assert_eq!(page("/business/profile/"), None);
        assert_eq!(page("/post/latest/list/"), Some("latestList"));
        assert_eq!(page("/no/such/page"), None);
        assert_eq!(page(&format!("/preview/{TOKEN}")), Some("preview"));
        assert_eq!(page("/preview/short"), None);
        assert_eq!(page(&format!("/preview/{TOKEN}.js")), None);
        assert_eq!(page(&format!("/preview/{}", "a".repeat(65))), None);
        let preview = match_route(&format!("/preview/{TOKEN}")).unwrap();
        assert_eq!(
            (preview.layout, preview.protected, preview.page_view),
            (Layout::Empty, false, None)
        );
    }

    #[test]
    fn layouts_follow_spec() {
        assert_eq!(match_route("/search").unwrap().layout, Layout::Default);
        assert_eq!(
            match_route("/search/contents").unwrap().layout,
            Layout::Default
        );
        assert_eq!(match_route("/").unwrap().layout, Layout::Empty);
    }

    #[test]
    fn resolves_not_found_redirect_and_page() {
        assert_eq!(
            resolve_route("/no/such/page", Lang::En),
            Resolution::NotFound {
                message: "Page Not Found: /no/such/page".into()
            }
        );
        assert_eq!(
            resolve_route("/post/abc?x=1#top", Lang::En),
            Resolution::NotFound {
                message: "Page Not Found: /post/abc?x=1#top".into()
            }
        );
        assert_eq!(
            resolve_route("/post/latest/list#cards", Lang::En),
            Resolution::Redirect {
                location: "/post/latest/list?sort=POPULAR#cards".into()
            }
        );
        assert!(matches!(
            resolve_route("/post/latest/list?sort=LATEST", Lang::Ko),
            Resolution::Page { .. }
        ));
    }

    #[test]
    fn login_and_protected_paths() {
        for path in [
            "/member/login",
            "/member/login/email",
            "/login",
            "/a/b/login/c",
            "/member/login/",
        ] {
            assert!(is_login_path(path), "{path}");
        }
        for path in ["/member/loginx", "/loginpage", "/member/log/in"] {
            assert!(!is_login_path(path), "{path}");
        }
        assert!(is_protected_path("/mypage"));
        assert!(is_protected_path("/mypage/user/edit"));
        assert!(!is_protected_path("/mypages"));
        assert!(!is_protected_path("/x/mypage"));
        // The operators' console (not in SPEC) is a member area too.
        assert!(is_protected_path("/admin"));
        assert!(is_protected_path("/admin/posts"));
        assert!(!is_protected_path("/administration"));
    }

    #[test]
    fn guard_sends_guests_on_protected_pages_to_login() {
        let guest = SessionView::default();
        assert_eq!(
            route_guard("/mypage/user/edit?tab=1", &guest),
            GuardDecision::Redirect {
                location: "/member/login?redirectUrl=%2Fmypage%2Fuser%2Fedit%3Ftab%3D1".into(),
                clear_tokens: true
            }
        );
        assert_eq!(route_guard("/post/1", &guest), GuardDecision::Proceed);
        assert_eq!(route_guard("/member/login", &guest), GuardDecision::Proceed);
    }

    #[test]
    fn guard_for_signed_in_members() {
        let member = SessionView {
            signed_in: true,
            saved_redirect: Some("/post/3".into()),
        };
        assert_eq!(route_guard("/mypage", &member), GuardDecision::Proceed);
        assert_eq!(route_guard("/post/1", &member), GuardDecision::Refresh);
        assert_eq!(
            route_guard("/member/login/email", &member),
            GuardDecision::Redirect {
                location: "/post/3".into(),
                clear_tokens: false
            }
        );
        let no_saved = SessionView {
            signed_in: true,
            saved_redirect: None,
        };
        assert_eq!(
            route_guard("/member/login", &no_saved),
            GuardDecision::Redirect {
                location: "/".into(),
                clear_tokens: false
            }
        );
    }

    #[test]
    fn login_location_carries_the_way_back() {
        assert_eq!(
            login_location(LOGIN_PATH, Some("/post/7?from=home")),
            "/member/login?redirectUrl=%2Fpost%2F7%3Ffrom%3Dhome"
        );
        assert_eq!(
            login_location("/member/login/email", Some("/mypage")),
            "/member/login/email?redirectUrl=%2Fmypage"
        );
        assert_eq!(login_location(LOGIN_PATH, None), "/member/login");
        assert_eq!(login_location(LOGIN_PATH, Some("")), "/member/login");
    }

    /// The TypeScript section of the bindings declares the route names as a union
    /// (`RouteName`), so the UI's page map must name a page for each: it lists exactly the
    /// table's names, in the table's order.
    #[test]
    fn the_typescript_route_names_are_the_route_table() {
        let bindings = include_str!("bindings/types.rs");
        let start = bindings
            .find("export type RouteName =")
            .expect("bindings/types.rs declares `export type RouteName`");
        let union = &bindings[start..];
        let union = &union[..union.find(';').expect("RouteName ends with `;`")];
        let declared: Vec<&str> = union.split('"').skip(1).step_by(2).collect();
        let table: Vec<&str> = ROUTES.iter().map(|(_, name)| name.as_str()).collect();
        assert_eq!(
            declared, table,
            "RouteName in core-wasm/src/bindings/types.rs must list the names of ROUTES"
        );
    }

    #[test]
    fn post_login_target_never_leaves_the_site() {
        assert_eq!(post_login_target(Some("/mypage?x=1#a")), "/mypage?x=1#a");
        assert_eq!(post_login_target(None), "/");
        assert_eq!(post_login_target(Some("")), "/");
        for hostile in [
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "/%2Fevil.example",
            "/%5Cevil.example",
            "javascript:alert(1)",
            "/ok\nSet-Cookie: x",
            "evil.example",
            "/member/login",
        ] {
            assert_eq!(post_login_target(Some(hostile)), "/", "{hostile:?}");
        }
    }

    #[test]
    fn scroll_target_prefers_the_anchor() {
        assert_eq!(scroll_target(""), ScrollTarget::Top { smooth: true });
        assert_eq!(scroll_target("#"), ScrollTarget::Top { smooth: true });
        assert_eq!(
            scroll_target("#comments"),
            ScrollTarget::Anchor {
                id: "comments".into()
            }
        );
        assert_eq!(
            scroll_target("#%EB%8C%93%EA%B8%80"),
            ScrollTarget::Anchor {
                id: "댓글".into()
            }
        );
    }

    #[test]
    fn encodes_like_encode_uri_component() {
        assert_eq!(
            encode_component("/a b?c=한&d"),
            "%2Fa%20b%3Fc%3D%ED%95%9C%26d"
        );
    }

    #[test]
    fn keep_alive_and_page_views() {
        let follow = match_route("/follow/list").unwrap();
        assert!(follow.keep_alive);
        assert!(!match_route("/interest").unwrap().keep_alive);
        assert!(
            match_route("/mypage/content/register")
                .unwrap()
                .follows_query
        );
        assert!(!match_route("/post/latest/list").unwrap().follows_query);
        let post = match_route("/post/7").unwrap().page_view.unwrap();
        assert_eq!((post.event, post.screen), ("View_Content", None));
        let category = match_route("/post/category/list/3")
            .unwrap()
            .page_view
            .unwrap();
        assert_eq!(
            (category.event, category.screen),
            ("View_ContentList", Some("CATEGORY"))
        );
        assert_eq!(
            match_route("/business/profile/4")
                .unwrap()
                .page_view
                .unwrap()
                .screen,
            Some("CORP_PROFILE")
        );
        assert_eq!(match_route("/b2b").unwrap().page_view, None);
        // Every screen named here is one SPEC §3 lists.
        for (pattern, _) in ROUTES {
            let path = pattern
                .replace(":id", "1")
                .replace(":category", "1")
                .replace(":type", "email")
                .replace(":token", TOKEN);
            if let Some(view) = match_route(&path).unwrap().page_view {
                assert!(crate::analytics::EVENTS.contains(&view.event));
                if let Some(screen) = view.screen {
                    assert!(crate::analytics::SCREENS.contains(&screen), "{screen}");
                }
            }
        }
    }
}
