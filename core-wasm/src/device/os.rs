//! The operating system and its version.

use super::ua::{byte_before, major, version_at, Ua};
use super::DeviceOs;

pub(super) fn detect_os(ua: &Ua) -> (Option<DeviceOs>, String) {
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

pub(super) fn is_windows_phone(ua: &Ua) -> bool {
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
/// [`super::detect_device`]).
pub(super) fn is_ipad_as_mac(ua: &Ua) -> bool {
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
