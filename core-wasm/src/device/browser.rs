//! The browser and its version.

use super::ua::{major, version_at, Ua};
use super::DeviceOs;

/// How a browser's version is read.
#[derive(Clone, Copy)]
enum Ver {
    /// The number right after the token.
    After,
    /// Safari's `Version/` token, else the number after the token (Presto Opera).
    VersionTag,
    /// Internet Explorer: the rendering engine tells the real release (see [`ie_version`]).
    Ie,
    /// NAVER's in-app form: `NAVER(inapp; search; 1000; 11.6.6)`.
    Naver,
}

/// Browser tokens in the order they are tried: in-app and derived browsers first, because
/// they also carry the tokens of the engine they are built on (`Chrome/`, `Safari/`).
/// Tokens are matched at the start of a word.
const BROWSERS: [(&str, &str, Ver); 33] = [
    ("kakaotalk", "KakaoTalk", Ver::After),
    ("naver(inapp", "NAVER", Ver::Naver),
    ("whale/", "Whale", Ver::After),
    ("oculusbrowser/", "Oculus Browser", Ver::After),
    ("samsungbrowser/", "Samsung Internet", Ver::After),
    ("silk/", "Silk", Ver::After),
    ("puffin/", "Puffin", Ver::After),
    ("daumapps/", "Daum", Ver::After),
    ("line/", "LINE", Ver::After),
    ("fbav/", "Facebook", Ver::After),
    ("instagram", "Instagram", Ver::After),
    ("micromessenger/", "WeChat", Ver::After),
    ("yabrowser/", "Yandex", Ver::After),
    ("ucbrowser", "UC Browser", Ver::After),
    ("ucweb", "UC Browser", Ver::After),
    ("mqqbrowser/", "QQ Browser", Ver::After),
    ("opera mini/", "Opera Mini", Ver::After),
    ("opr/", "Opera", Ver::After),
    ("opt/", "Opera", Ver::After),
    ("opios/", "Opera", Ver::After),
    ("opera", "Opera", Ver::VersionTag),
    ("edg/", "Edge", Ver::After),
    ("edga/", "Edge", Ver::After),
    ("edgios/", "Edge", Ver::After),
    ("edge/", "Edge", Ver::After),
    ("msie", "IE", Ver::Ie),
    ("trident/", "IE", Ver::Ie),
    ("crios/", "Chrome", Ver::After),
    ("fxios/", "Firefox", Ver::After),
    ("firefox/", "Firefox", Ver::After),
    ("vivaldi/", "Vivaldi", Ver::After),
    // Chrome without a window (tests, crawlers that render): its own word, not `Chrome/`.
    ("headlesschrome/", "HeadlessChrome", Ver::After),
    ("chrome/", "Chrome", Ver::After),
];

pub(super) fn detect_browser(ua: &Ua, os: Option<DeviceOs>) -> (&'static str, String) {
    for (token, name, ver) in BROWSERS {
        let Some(rest) = ua.after_word(token) else {
            continue;
        };
        let version = match ver {
            Ver::After => version_at(rest),
            Ver::VersionTag => ua
                .after_word("version/")
                .and_then(version_at)
                .or_else(|| version_at(rest)),
            Ver::Ie => ie_version(ua),
            Ver::Naver => rest.split([';', ')']).find_map(|f| {
                let f = f.trim();
                f.contains('.').then(|| version_at(f)).flatten()
            }),
        }
        .unwrap_or_default();
        // Android's system web view is Chrome inside an app, not the Chrome browser.
        let name = if name == "Chrome"
            && os == Some(DeviceOs::Aos)
            && (ua.has("; wv)") || ua.has("version/"))
        {
            "Chrome WebView"
        } else {
            name
        };
        return (name, version);
    }
    let safari_version = || {
        ua.after_word("version/")
            .and_then(version_at)
            .unwrap_or_default()
    };
    if ua.after_word("safari").is_some() {
        // Before Chrome, Android's own browser called itself "Mobile Safari".
        let name = if os == Some(DeviceOs::Aos) {
            "Android Browser"
        } else {
            "Safari"
        };
        return (name, safari_version());
    }
    if os == Some(DeviceOs::Ios) && ua.has("applewebkit") {
        // An app's WKWebView: Safari's engine without the "Safari/" token.
        return ("WebView", safari_version());
    }
    ("", String::new())
}

/// Internet Explorer's release. In compatibility view IE 8–11 claim `MSIE 7.0`, but the
/// Trident engine version still tells the release (Trident/4 → 8 … Trident/7 → 11).
fn ie_version(ua: &Ua) -> Option<String> {
    let trident = ua
        .after_word("trident/")
        .and_then(version_at)
        .as_deref()
        .and_then(major);
    match trident {
        Some(t) if t >= 4 => Some(format!("{}.0", (t + 4).min(11))),
        _ => ua.after_word("msie").and_then(version_at),
    }
}
