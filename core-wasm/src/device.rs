//! Device, operating system and browser from a user agent (PRODUCT "Device detection").
//!
//! Plain string scanning over a lower-cased copy of the user agent: no regular expressions,
//! no tables compiled at run time, so the WebAssembly build stays small and a call costs a
//! few microseconds. The rules are measured against uap-core's labelled cases
//! (`tests/uap_os.rs`).
//!
//! Where the product's OS values and uap-core's families differ, this module follows uap-core:
//! Windows Phone / Windows Mobile, Chrome OS, smart-TV and watch platforms, BSDs and the like
//! have no product value and give `None`.

use serde::Serialize;

/// SPEC §3 device types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DeviceType {
    Tablet,
    Mobile,
    Pc,
    App,
}

/// SPEC §3 operating systems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DeviceOs {
    Windows,
    Mac,
    Linux,
    Aos,
    Ios,
}

/// What the sign-in body and the visit beacon carry about the device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceInfo {
    pub device_type: DeviceType,
    /// `None` for systems the product has no value for (serialised as `null`).
    pub device_os: Option<DeviceOs>,
    pub browser: String,
    pub browser_ver: String,
    pub os_version: String,
}

/// The marker of the product's own mobile web view.
pub const APP_MARKER: &str = "TidemarkApp/";

/// Reads device type, OS, browser and their versions from a user agent string.
///
/// Unknown parts come back as `None` (OS) or empty strings; nothing here fails.
///
/// **iPadOS.** Since iPadOS 13, Safari on an iPad sends the same user agent as Safari on a
/// Mac (`Macintosh; Intel Mac OS X 10_15_7`); only touch support tells them apart, and a user
/// agent cannot show touch. This function therefore decides from the string alone:
/// a `Macintosh` agent is taken as an iPad (IOS, TABLET) only when it also carries a token no
/// macOS browser sends — an iOS-only browser (`CriOS/`, `FxiOS/`, `EdgiOS/`, `OPiOS/`) or the
/// `Mobile/` build token of iOS web views. Plain desktop-mode Safari on an iPad stays
/// MAC / PC. For such an iPad, `osVersion` is taken from Safari's `Version/` token (which
/// follows the iOS release) because the `Mac OS X 10_15_7` in it is frozen.
///
/// **Frozen versions.** Browsers freeze parts of the string: Windows 11 still says
/// `Windows NT 10.0` (so "10"), macOS 11+ still says `10_15_7`, and Android with reduced user
/// agents says `Android 10; K`. `osVersion` reports what the string says.
pub fn detect_device(user_agent: &str) -> DeviceInfo {
    let ua = Ua::new(user_agent);
    let (device_os, os_version) = detect_os(&ua);
    let (browser, browser_ver) = detect_browser(&ua, device_os);
    DeviceInfo {
        device_type: detect_type(&ua, user_agent, device_os),
        device_os,
        browser: browser.to_owned(),
        browser_ver,
        os_version,
    }
}

/// A user agent prepared for case-insensitive scanning.
struct Ua {
    /// ASCII-lower-cased, so byte offsets match the original.
    s: String,
}

impl Ua {
    fn new(raw: &str) -> Self {
        let mut s = raw.to_ascii_lowercase();
        // Agents copied out of URLs or logs arrive form-encoded ("Mozilla/5.0+(iPhone;+CPU…").
        // Only a string without any space is treated so; "WebKitGTK+/1.4" keeps its plus.
        if !s.contains(' ') && s.contains('+') {
            s = s.replace('+', " ");
        }
        Ua { s }
    }

    fn has(&self, needle: &str) -> bool {
        self.s.contains(needle)
    }

    fn has_any(&self, needles: &[&str]) -> bool {
        needles.iter().any(|n| self.s.contains(n))
    }

    /// The texts after each occurrence of `token` that starts a word, in order, so that
    /// `edge/` does not match inside `knowledge/` nor `ios` inside `crios/`.
    fn all_after_word<'a>(&'a self, token: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.s
            .match_indices(token)
            .filter(|(at, _)| byte_before(&self.s, *at).is_none_or(|b| !b.is_ascii_alphanumeric()))
            .map(move |(at, _)| &self.s[at + token.len()..])
    }

    /// The text after the first occurrence of `token` that starts a word.
    fn after_word<'a>(&'a self, token: &'a str) -> Option<&'a str> {
        self.all_after_word(token).next()
    }

    /// Whether `word` occurs with no letter or digit on either side.
    fn has_word(&self, word: &str) -> bool {
        self.all_after_word(word).any(|rest| {
            rest.bytes()
                .next()
                .is_none_or(|b| !b.is_ascii_alphanumeric())
        })
    }
}

fn byte_before(s: &str, at: usize) -> Option<u8> {
    at.checked_sub(1).map(|i| s.as_bytes()[i])
}

/// The version number at the start of `rest`, after separators: digits, dots and
/// underscores (iOS and macOS write `17_1_2`), returned with dots. `None` when no digit
/// follows.
fn version_at(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches([' ', '/', ':', ';', ',', '#', '_', '(']);
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_'))
        .unwrap_or(rest.len());
    let v = rest[..len].trim_end_matches(['.', '_']);
    if v.starts_with(|c: char| c.is_ascii_digit()) {
        Some(v.replace('_', "."))
    } else {
        None
    }
}

/// The first dotted component of a version, as a number.
fn major(v: &str) -> Option<u32> {
    v.split('.').next()?.parse().ok()
}

// ---------------------------------------------------------------------------------------------
// Operating system

fn detect_os(ua: &Ua) -> (Option<DeviceOs>, String) {
    // Windows Phone agents also name Android and iPhone to get mobile pages: decide first.
    if is_windows_phone(ua) {
        return (None, String::new());
    }
    // Apple TV and Watch use the iOS wording ("CPU OS 8_3 like Mac OS X") but are not iOS.
    if ua.has_any(&["apple tv", "appletv", "tvos", "watchos"]) {
        return (None, String::new());
    }
    if ua.has_any(&[
        "iphone",
        "ipad",
        "ipod",
        "iph os",
        "ipd os",
        "like mac os x",
    ]) {
        return (Some(DeviceOs::Ios), ios_version(ua));
    }
    if is_android(ua) {
        return (Some(DeviceOs::Aos), android_version(ua));
    }
    if is_windows(ua) {
        return (Some(DeviceOs::Windows), windows_version(ua));
    }
    if ua.has_word("ios") {
        return (Some(DeviceOs::Ios), ios_version(ua));
    }
    if ua.has("cfnetwork/") {
        // Apple's networking library names the Darwin kernel; only macOS adds the machine.
        let (os, v) = if has_mac_machine(ua) {
            (DeviceOs::Mac, darwin_to_macos(ua).unwrap_or_default())
        } else {
            (DeviceOs::Ios, darwin_to_ios(ua).unwrap_or_default())
        };
        return (Some(os), v);
    }
    if ua.has_any(&["macintosh", "mac os", "macos", "mac_powerpc", "darwin"]) {
        if is_ipad_as_mac(ua) {
            let v = ua
                .after_word("version/")
                .and_then(version_at)
                .unwrap_or_default();
            return (Some(DeviceOs::Ios), v);
        }
        return (Some(DeviceOs::Mac), mac_version(ua));
    }
    if is_linux(ua) {
        return (Some(DeviceOs::Linux), linux_version(ua));
    }
    (None, String::new())
}

fn is_windows_phone(ua: &Ua) -> bool {
    ua.has_any(&["windows phone", "windows mobile", "wpdesktop", "zunewp"])
        // IEMobile on plain Windows CE is, for uap-core as here, Windows.
        || (ua.has("iemobile") && !ua.has("windows ce"))
}

fn is_android(ua: &Ua) -> bool {
    ua.has("android")
        // UC Browser writes "Adr 4.2.2" or, in its JUC form, no system name at all.
        || ua.has("(linux; u; adr ")
        || (ua.has("juc") && ua.has("linux"))
        // Amazon's Silk (Kindle Fire, also in its desktop mode) and Meta Quest run Android.
        || ua.has("silk/")
        || ua.has("oculusbrowser/")
        // "Build/" names an Android firmware build, also where browsers omit "Android"
        // ("QQBrowser (Linux; U; zh-cn; HTC Hero Build/FRF91)").
        || (ua.has("linux") && ua.after_word("build/").is_some())
}

fn android_version(ua: &Ua) -> String {
    for rest in ua.all_after_word("android") {
        // "android mobile/8.0.0" (Salesforce SDK), "Android: 11", "Android/2.2", "Android4.0.4"
        let rest = rest.trim_start_matches([' ', ':']);
        let rest = rest.strip_prefix("mobile").unwrap_or(rest);
        if let Some(v) = version_at(rest) {
            return v;
        }
    }
    // UC Browser: "(Linux; U; Adr 2.2.1; …" and "JUC (Linux; U; 2.3.6; …"
    for token in ["adr ", "linux; u;", "linux;u;"] {
        if let Some(v) = ua.after_word(token).and_then(version_at) {
            return v;
        }
    }
    String::new()
}

fn ios_version(ua: &Ua) -> String {
    // Most specific wording first; "cpu" also covers "CPU iPhone 6_1_4" and "CPU 7_0_6 like".
    const MARKERS: [&str; 7] = [
        "iphone os",
        "cpu os",
        "ipad os",
        "iph os",
        "ipd os",
        "cpu iphone",
        "cpu",
    ];
    for marker in MARKERS {
        if let Some(v) = ua.all_after_word(marker).find_map(version_at) {
            return v;
        }
    }
    // "(iOS 10.2.1;", "iOS/7.0", "(iOS; 7.1;" — but not app names such as "Outlook-iOS/665"
    // or "Roadrunner/IOS/896", whose numbers are the app's.
    let standalone_ios =
        ua.s.match_indices("ios")
            .filter(|(at, _)| byte_before(&ua.s, *at).is_none_or(|b| b" (;[".contains(&b)))
            .find_map(|(at, _)| version_at(&ua.s[at + 3..]));
    if let Some(v) = standalone_ios {
        return v;
    }
    if ua.has("cfnetwork/") {
        return darwin_to_ios(ua).unwrap_or_default();
    }
    // Only now "(iPhone/6.1.2; …)": app names such as "AngryBirds-iPhone/1.1.0" look alike.
    ua.after_word("iphone/")
        .and_then(version_at)
        .unwrap_or_default()
}

/// The Darwin kernel version as (major, CFNetwork major), when the agent names it.
fn darwin_kernel(ua: &Ua) -> Option<(u32, u32)> {
    let v = ua.after_word("darwin/").and_then(version_at)?;
    // Kernel versions have three parts; "Darwin/10.13" (Box) is a macOS version instead.
    if v.split('.').count() < 3 {
        return None;
    }
    let cf = ua
        .after_word("cfnetwork/")
        .and_then(version_at)
        .as_deref()
        .and_then(major);
    Some((major(&v)?, cf.unwrap_or(0)))
}

/// iOS major version from the kernel of a CFNetwork agent. Only the major is known, so only
/// the major is returned. Before iOS 9 the kernel alone is ambiguous and CFNetwork decides.
fn darwin_to_ios(ua: &Ua) -> Option<String> {
    let (darwin, cf) = darwin_kernel(ua)?;
    let ios = match darwin {
        15.. => darwin - 6,
        14 if cf >= 700 => 8,
        14 => 7,
        13 => 6,
        11 if cf < 500 => 4,
        11 => 5,
        10 => 4,
        9 if cf >= 459 => 3,
        9 => 2,
        _ => return None,
    };
    Some(ios.to_string())
}

/// macOS version from the kernel: Darwin 9–19 are Mac OS X 10.5–10.15, Darwin 20+ macOS 11+.
fn darwin_to_macos(ua: &Ua) -> Option<String> {
    match darwin_kernel(ua) {
        Some((d @ 20.., _)) => Some((d - 9).to_string()),
        Some((d @ 5..=19, _)) => Some(format!("10.{}", d - 4)),
        Some(_) => None,
        // Not a kernel version: clients such as Box write the macOS version there.
        None => ua.after_word("darwin/").and_then(version_at),
    }
}

fn has_mac_machine(ua: &Ua) -> bool {
    ua.has_any(&[
        "x86_64", "i386", "arm64", "macbook", "macmini", "imac", "macpro",
    ])
}

/// iPadOS in desktop mode: a Macintosh agent with a token only iOS produces (see
/// [`detect_device`]).
fn is_ipad_as_mac(ua: &Ua) -> bool {
    ua.has("macintosh")
        && (["crios/", "fxios/", "edgios/", "opios/", "mobile/"]
            .iter()
            .any(|t| ua.after_word(t).is_some()))
}

fn mac_version(ua: &Ua) -> String {
    for marker in ["mac os x", "macos x", "os x"] {
        // Not "MacOS x86_64": the marker must end a word.
        for rest in ua
            .all_after_word(marker)
            .filter(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
        {
            // "Mac OS X Version 10.12.6" (Outlook)
            let rest = rest.trim_start();
            let rest = rest.strip_prefix("version").unwrap_or(rest);
            if let Some(v) = version_at(rest) {
                return v;
            }
        }
    }
    if ua.has("darwin/") {
        return darwin_to_macos(ua).unwrap_or_default();
    }
    String::new()
}

fn is_windows(ua: &Ua) -> bool {
    ua.has("windows")
        || ua
            .all_after_word("win")
            .any(|rest| short_windows_name(rest).is_some())
}

/// The text after an old short form "Win98", "Win 9x 4.90", "WinNT4.0", "Win16", "Win3.1",
/// ready for [`windows_version_at`]; `None` for "Win32"/"Win64" (architectures) and others.
fn short_windows_name(rest: &str) -> Option<&str> {
    let rest = rest.trim_start();
    let names_version = rest.starts_with(|c: char| c.is_ascii_digit()) || rest.starts_with("nt");
    let is_arch = rest.starts_with("32") || rest.starts_with("64");
    (names_version && !is_arch).then_some(rest)
}

fn windows_version(ua: &Ua) -> String {
    // "(Windows; U; Windows NT 6.1" or "(Windows; Microsoft Windows 7 Ultimate": the first
    // mention that carries a version wins.
    for rest in ua.all_after_word("windows") {
        if let Some(v) = windows_version_at(ua, rest.trim_start_matches([' ', '/', '_'])) {
            return v;
        }
    }
    for rest in ua.all_after_word("win").filter_map(short_windows_name) {
        let v = if rest.starts_with("9x 4.90") {
            Some("ME".into())
        } else if rest.starts_with("16") {
            Some("3.1".into())
        } else {
            windows_version_at(ua, rest)
        };
        if let Some(v) = v {
            return v;
        }
    }
    String::new()
}

/// The version a "Windows …" mention gives: NT kernel numbers become the release names
/// users know ("NT 6.1" → "7", "NT 5.1" → "XP"); names such as "XP" or "2000" stay.
fn windows_version_at(ua: &Ua, rest: &str) -> Option<String> {
    if let Some(nt) = rest.strip_prefix("nt") {
        let Some(v) = version_at(nt) else {
            return Some("NT".into());
        };
        let mut parts = v.split('.');
        let kernel = (parts.next().unwrap_or(""), parts.next().unwrap_or("0"));
        // Windows RT: NT 6.2/6.3 on ARM.
        let arm = ua.has("arm;");
        let name = match kernel {
            ("10", _) | ("6", "4") => "10",
            ("6", "3") if arm => "RT 8.1",
            ("6", "3") => "8.1",
            ("6", "2") if arm => "RT",
            ("6", "2") => "8",
            ("6", "1") => "7",
            ("6", "0") => "Vista",
            ("5", "1" | "2") => "XP",
            ("5", "0" | "01") => "2000",
            _ => return Some(format!("NT {v}")),
        };
        return Some(name.into());
    }
    if let Some(v) = version_at(rest) {
        return Some(v); // "Windows 10 Pro", "Windows/8.1", "Windows 98", "Windows 3.1"
    }
    let word_len = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let name = match &rest[..word_len] {
        "xp" => "XP",
        "vista" => "Vista",
        "me" => "ME",
        "ce" => "CE",
        "rt" => "RT",
        _ => return None,
    };
    Some(name.into())
}

/// Linux-based systems the product has no value for: they name Linux but are their own
/// platform (uap-core families such as Chrome OS, Tizen, webOS, smart TVs, e-readers).
const NOT_PLAIN_LINUX: [&str; 13] = [
    "cros", "crkey", "tizen", "webos", "web0s", "hpwos", "kaios", "sailfish", "meego", "maemo",
    "googletv", "hbbtv", "kindle",
];

fn is_linux(ua: &Ua) -> bool {
    let named = ua.has("linux")
        || ua.has_any(&[
            "ubuntu",
            "fedora",
            "debian",
            "centos",
            "red hat",
            "gentoo",
            "slackware",
        ]);
    named
        && !NOT_PLAIN_LINUX.iter().any(|w| ua.has_word(w))
        && !ua.has_any(&[
            "smart-tv", "smarttv", "freebsd", "openbsd", "netbsd", "sunos",
        ])
}

/// A distribution's own version when named ("Ubuntu/10.04"), else the kernel's
/// ("Linux 2.6.16-…").
fn linux_version(ua: &Ua) -> String {
    for distro in ["ubuntu/", "fedora/", "debian/", "centos/", "slackware/"] {
        if let Some(v) = ua.after_word(distro).and_then(version_at) {
            return v;
        }
    }
    ua.all_after_word("linux")
        .find_map(|rest| {
            if rest.starts_with([' ', '/']) {
                version_at(rest)
            } else {
                None
            }
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// Browser

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
const BROWSERS: [(&str, &str, Ver); 32] = [
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
    ("chrome/", "Chrome", Ver::After),
];

fn detect_browser(ua: &Ua, os: Option<DeviceOs>) -> (&'static str, String) {
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

// ---------------------------------------------------------------------------------------------
// Device type

fn detect_type(ua: &Ua, raw: &str, os: Option<DeviceOs>) -> DeviceType {
    // The marker is the product's own, so it is matched exactly as the app writes it.
    if raw.contains(APP_MARKER) {
        return DeviceType::App;
    }
    if is_tablet(ua, os) {
        return DeviceType::Tablet;
    }
    if is_mobile(ua, os) {
        return DeviceType::Mobile;
    }
    DeviceType::Pc
}

/// Word starts that mark a phone: "mobi" covers "Mobile Safari", "Mobile/15E148", "(Mobile;"
/// and "Opera Mobi" but not "SalesforceMobileSDK"; the rest are phone platforms and
/// feature-phone profiles.
const PHONE_TOKENS: [&str; 15] = [
    "mobi",
    "phone",
    "iemobile",
    "opera mini",
    "blackberry",
    "bb10",
    "symbian",
    "series30",
    "series40",
    "series60",
    "s60",
    "midp",
    "j2me",
    "nokia",
    "kaios",
];

fn says_phone(ua: &Ua) -> bool {
    is_windows_phone(ua) || PHONE_TOKENS.iter().any(|t| ua.after_word(t).is_some())
}

fn is_tablet(ua: &Ua, os: Option<DeviceOs>) -> bool {
    ua.has("ipad")
        || (os == Some(DeviceOs::Ios) && is_ipad_as_mac(ua))
        // Google's rule for Android: phones say "Mobile", tablets do not. Agents of Android
        // apps and libraries (Dalvik, SDKs) say neither and count as tablets by this rule.
        || (os == Some(DeviceOs::Aos) && !says_phone(ua))
        || ua.has_any(&["kindle", "silk/", "playbook"])
        // Windows desktops often announce "Tablet PC 2.0" (a component, not a form factor).
        || (ua.after_word("tablet").is_some() && !ua.has("tablet pc"))
}

fn is_mobile(ua: &Ua, os: Option<DeviceOs>) -> bool {
    // iOS agents without a model (CFNetwork, SDKs) are taken as phones, the common case.
    matches!(os, Some(DeviceOs::Ios | DeviceOs::Aos)) || says_phone(ua)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(ua: &str) -> DeviceInfo {
        detect_device(ua)
    }

    #[test]
    fn app_marker_wins_over_everything() {
        let info = d(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Mobile/15E148 TidemarkApp/2.3.0",
        );
        assert_eq!(info.device_type, DeviceType::App);
        assert_eq!(info.device_os, Some(DeviceOs::Ios));
        assert_eq!(info.os_version, "17.1.2");
        // Android app web view as well.
        let info = d("Mozilla/5.0 (Linux; Android 14; SM-S918N Build/UP1A; wv) AppleWebKit/537.36 \
                      (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 TidemarkApp/2.3.0");
        assert_eq!(info.device_type, DeviceType::App);
        assert_eq!(info.device_os, Some(DeviceOs::Aos));
    }

    #[test]
    fn ipad_is_tablet_ios() {
        let info = d("Mozilla/5.0 (iPad; CPU OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) \
                      Version/17.1.2 Mobile/15E148 Safari/604.1");
        assert_eq!(info.device_type, DeviceType::Tablet);
        assert_eq!(info.device_os, Some(DeviceOs::Ios));
        assert_eq!(info.os_version, "17.1.2");
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Safari", "17.1.2")
        );
    }

    #[test]
    fn ipados_desktop_mode_with_ios_only_token_is_ipad() {
        let info = d("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) \
                      CriOS/120.0.6099.119 Version/17.2 Safari/605.1.15");
        assert_eq!(info.device_type, DeviceType::Tablet);
        assert_eq!(info.device_os, Some(DeviceOs::Ios));
        assert_eq!(info.os_version, "17.2");
        assert_eq!(info.browser, "Chrome");
    }

    #[test]
    fn plain_desktop_safari_stays_mac_even_if_it_may_be_an_ipad() {
        // Indistinguishable from a Mac without touch information (see `detect_device`).
        let info = d(
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
        );
        assert_eq!(
            (info.device_type, info.device_os),
            (DeviceType::Pc, Some(DeviceOs::Mac))
        );
    }

    #[test]
    fn cfnetwork_agents_read_the_darwin_kernel() {
        let info = d("App/0 CFNetwork/1442 Darwin/23.2.0");
        assert_eq!(
            (info.device_os, info.os_version.as_str()),
            (Some(DeviceOs::Ios), "17")
        );
        let info = d("MyApp/1.0 CFNetwork/893.13.1 Darwin/17.3.0 (x86_64)");
        assert_eq!(
            (info.device_os, info.os_version.as_str()),
            (Some(DeviceOs::Mac), "10.13")
        );
    }

    #[test]
    fn windows_phone_is_a_phone_without_product_os() {
        let info = d(
            "Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; \
                      rv:11.0; IEMobile/11.0; NOKIA; Lumia 920)",
        );
        assert_eq!(
            (info.device_type, info.device_os),
            (DeviceType::Mobile, None)
        );
    }

    #[test]
    fn tablet_pc_component_is_not_a_tablet() {
        let info =
            d("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0; Tablet PC 2.0)");
        assert_eq!(info.device_type, DeviceType::Pc);
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("IE", "8.0")
        );
    }

    #[test]
    fn android_phone_is_mobile_aos() {
        let info = d(
            "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/120.0.6099.230 Mobile Safari/537.36",
        );
        assert_eq!(info.device_type, DeviceType::Mobile);
        assert_eq!(info.device_os, Some(DeviceOs::Aos));
        assert_eq!(info.os_version, "14");
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Chrome", "120.0.6099.230")
        );
    }

    #[test]
    fn android_without_mobile_is_tablet() {
        let info = d(
            "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/119.0.0.0 Safari/537.36",
        );
        assert_eq!(info.device_type, DeviceType::Tablet);
        assert_eq!(info.device_os, Some(DeviceOs::Aos));
        assert_eq!(info.os_version, "13");
    }

    #[test]
    fn windows_desktop_chrome() {
        let info = d(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/120.0.0.0 Safari/537.36",
        );
        assert_eq!(info.device_type, DeviceType::Pc);
        assert_eq!(info.device_os, Some(DeviceOs::Windows));
        assert_eq!(info.os_version, "10");
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Chrome", "120.0.0.0")
        );
        assert_eq!(
            d("Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko").os_version,
            "7"
        );
        assert_eq!(
            d("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 5.1; Trident/4.0)").os_version,
            "XP"
        );
    }

    #[test]
    fn mac_safari() {
        let info = d("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) \
                      Version/17.1 Safari/605.1.15");
        assert_eq!(info.device_type, DeviceType::Pc);
        assert_eq!(info.device_os, Some(DeviceOs::Mac));
        assert_eq!(info.os_version, "10.15.7");
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Safari", "17.1")
        );
    }

    #[test]
    fn kakaotalk_in_app_on_iphone() {
        let info = d(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5",
        );
        assert_eq!(info.device_type, DeviceType::Mobile);
        assert_eq!(info.device_os, Some(DeviceOs::Ios));
        assert_eq!(info.os_version, "17.1.2");
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("KakaoTalk", "10.4.5")
        );
        let info = d(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Mobile/15E148 Safari/604.1 KAKAOTALK/11.3.1 (INAPP)",
        );
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("KakaoTalk", "11.3.1")
        );
    }

    #[test]
    fn naver_in_app_on_android() {
        let info = d("Mozilla/5.0 (Linux; Android 14; SM-S911N Build/UP1A.231005.007; wv) AppleWebKit/537.36 \
                      (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 \
                      NAVER(inapp; search; 2000; 12.1.2)");
        assert_eq!(info.device_type, DeviceType::Mobile);
        assert_eq!(info.device_os, Some(DeviceOs::Aos));
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("NAVER", "12.1.2")
        );
    }

    #[test]
    fn samsung_internet() {
        let info = d("Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) \
                      SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36");
        assert_eq!(info.device_type, DeviceType::Mobile);
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Samsung Internet", "23.0")
        );
    }

    #[test]
    fn whale() {
        let info = d(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/118.0.0.0 Whale/3.23.214.10 Safari/537.36",
        );
        assert_eq!(info.device_type, DeviceType::Pc);
        assert_eq!(info.device_os, Some(DeviceOs::Windows));
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Whale", "3.23.214.10")
        );
    }

    #[test]
    fn edge_chromium() {
        let info = d(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91",
        );
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("Edge", "120.0.2210.91")
        );
        assert_eq!(info.device_os, Some(DeviceOs::Windows));
    }

    #[test]
    fn empty_string_is_unknown_pc() {
        assert_eq!(
            d(""),
            DeviceInfo {
                device_type: DeviceType::Pc,
                device_os: None,
                browser: String::new(),
                browser_ver: String::new(),
                os_version: String::new(),
            }
        );
    }

    #[test]
    fn serialises_with_product_names() {
        let json = serde_json::to_string(&d("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                                             (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"))
        .unwrap();
        assert!(json.contains(r#""deviceType":"MOBILE""#), "{json}");
        assert!(json.contains(r#""deviceOs":"AOS""#), "{json}");
    }
}
