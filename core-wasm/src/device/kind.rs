//! The device type: the product's app, a tablet, a phone or a PC.

use super::os::{is_ipad_as_mac, is_windows_phone};
use super::ua::Ua;
use super::{DeviceOs, DeviceType, APP_MARKER};

pub(super) fn detect_type(ua: &Ua, raw: &str, os: Option<DeviceOs>) -> DeviceType {
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
