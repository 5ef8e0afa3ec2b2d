//! Measures `device::detect_device` against uap-core's labelled user agents
//! (tests/data/uap-core, with its source and licence in tests/data/README.md).
//!
//! Set `UAP_VERBOSE=1` to list every miss on stderr.

use tidemark_core::device::{detect_device, DeviceOs};

#[path = "support/uap.rs"]
mod uap;
use uap::load_cases;

/// uap-core families that are Linux distributions (README: `Linux`/`Ubuntu`/`Fedora`/… → LINUX).
const LINUX_FAMILIES: [&str; 24] = [
    "Linux",
    "Ubuntu",
    "Kubuntu",
    "Xubuntu",
    "Lubuntu",
    "Fedora",
    "Debian",
    "Red Hat",
    "CentOS",
    "Mint",
    "Linux Mint",
    "Slackware",
    "Gentoo",
    "SUSE",
    "openSUSE",
    "Mandriva",
    "Mageia",
    "Arch Linux",
    "Knoppix",
    "PCLinuxOS",
    "Puppy",
    "Elementary OS",
    "Manjaro",
    "Raspbian",
];

/// The product's OS value for a uap-core OS family; other families (Windows Phone, Chrome OS,
/// BSDs, TVs…) have none and are left out of the measurement.
fn product_os(family: &str) -> Option<DeviceOs> {
    match family {
        "Windows" => Some(DeviceOs::Windows),
        "Mac OS X" | "macOS" => Some(DeviceOs::Mac),
        "Android" => Some(DeviceOs::Aos),
        "iOS" => Some(DeviceOs::Ios),
        f if LINUX_FAMILIES.contains(&f) => Some(DeviceOs::Linux),
        _ => None,
    }
}

fn verbose() -> bool {
    std::env::var_os("UAP_VERBOSE").is_some()
}

fn percent(hits: usize, total: usize) -> f64 {
    if total == 0 {
        0.0
    } else {
        100.0 * hits as f64 / total as f64
    }
}

/// Whether `version` starts with uap's `major`: its first dotted component equals the major.
/// A few uap majors are themselves dotted release names (Windows "3.1", "8.1"); for those as
/// many leading components are compared as the major has.
fn same_major(version: &str, major: &str) -> bool {
    let parts = major.split('.').count();
    let lead: Vec<&str> = version.split('.').take(parts).collect();
    lead.join(".") == major
}

#[test]
fn os_and_major_version_match_uap_core() {
    let (mut os_total, mut os_hits) = (0, 0);
    let (mut major_total, mut major_hits) = (0, 0);
    for case in load_cases("test_os.yaml") {
        let Some(expected) = product_os(&case.family) else {
            continue;
        };
        let info = detect_device(&case.ua);
        os_total += 1;
        if info.device_os == Some(expected) {
            os_hits += 1;
        } else if verbose() {
            eprintln!(
                "OS miss: want {expected:?}, got {:?} | {}",
                info.device_os, case.ua
            );
        }
        if let Some(major) = &case.major {
            major_total += 1;
            if same_major(&info.os_version, major) {
                major_hits += 1;
            } else if verbose() {
                eprintln!(
                    "major miss: want {major:?}, got {:?} | {}",
                    info.os_version, case.ua
                );
            }
        }
    }
    let os_share = percent(os_hits, os_total);
    let major_share = percent(major_hits, major_total);
    println!(
        "uap-core test_os: OS {os_hits}/{os_total} = {os_share:.2}%, \
         major {major_hits}/{major_total} = {major_share:.2}%"
    );
    assert!(
        os_total > 0 && major_total > 0,
        "no mapped cases: wrong file?"
    );
    assert!(os_share >= 99.0, "OS share {os_share:.2}% < 99%");
    assert!(major_share >= 95.0, "major share {major_share:.2}% < 95%");
}

/// uap-core browser family → the name `detect_device` reports. uap splits one browser into
/// per-platform families ("Chrome Mobile", "Chrome Mobile iOS", "Mobile Safari",
/// "Firefox Mobile"); the product reports the browser family only, so those fold into
/// "Chrome", "Safari" and "Firefox". The other families keep their own name.
fn product_browser(family: &str) -> Option<&'static str> {
    Some(match family {
        "Chrome" | "Chrome Mobile" | "Chrome Mobile iOS" => "Chrome",
        "Safari" | "Mobile Safari" => "Safari",
        "Firefox" | "Firefox Mobile" => "Firefox",
        "Edge" => "Edge",
        "Opera" => "Opera",
        "IE" => "IE",
        "Samsung Internet" => "Samsung Internet",
        "Whale" => "Whale",
        "NAVER" => "NAVER",
        "KakaoTalk" => "KakaoTalk",
        _ => return None,
    })
}

#[test]
fn browser_family_matches_uap_core() {
    let (mut total, mut hits) = (0, 0);
    for case in load_cases("test_ua.yaml") {
        let Some(expected) = product_browser(&case.family) else {
            continue;
        };
        let info = detect_device(&case.ua);
        total += 1;
        if info.browser == expected {
            hits += 1;
        } else if verbose() {
            eprintln!(
                "browser miss: want {expected:?}, got {:?} | {}",
                info.browser, case.ua
            );
        }
    }
    let share = percent(hits, total);
    println!("uap-core test_ua: browser {hits}/{total} = {share:.2}%");
    assert!(total > 0, "no mapped cases: wrong file?");
    assert!(share >= 90.0, "browser share {share:.2}% < 90%");
}
