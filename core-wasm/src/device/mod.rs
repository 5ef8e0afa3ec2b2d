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

mod browser;
mod kind;
mod os;
mod ua;

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
    let ua = ua::Ua::new(user_agent);
    let (device_os, os_version) = os::detect_os(&ua);
    let (browser, browser_ver) = browser::detect_browser(&ua, device_os);
    DeviceInfo {
        device_type: kind::detect_type(&ua, user_agent, device_os),
        device_os,
        browser: browser.to_owned(),
        browser_ver,
        os_version,
    }
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
    fn headless_chrome_is_its_own_browser_with_its_version() {
        let info = d(
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      HeadlessChrome/156.0.8078.73 Safari/537.36",
        );
        assert_eq!(info.device_os, Some(DeviceOs::Linux));
        assert_eq!(
            (info.browser.as_str(), info.browser_ver.as_str()),
            ("HeadlessChrome", "156.0.8078.73")
        );
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
