//! The device info of SPEC §3 (the sign-in request's set: deviceType, deviceOs, browser,
//! browserVer, browserAgent, osVersion, deviceId, pushToken), accepted whole on every
//! analytics call: each payload flattens [`DeviceInfo`] into itself, so a client that sends
//! what SPEC calls device info is never refused for it, and anything else is still an
//! unknown field (400).
//!
//! The event log keeps the device type, the OS and the browser; the versions, the agent,
//! the device id and the push token are read and dropped (a push token is a credential for
//! the app's notifications and has no business in analytics).

use serde::Deserialize;
use utoipa::ToSchema;

/// A text a beacon sent, trimmed and cut to `max` characters; `None` when nothing is left.
fn clip(value: Option<String>, max: usize) -> Option<String> {
    value
        .map(|v| v.trim().chars().take(max).collect::<String>())
        .filter(|v| !v.is_empty())
}

pub const DEVICE_TYPES: [&str; 4] = ["TABLET", "MOBILE", "PC", "APP"];
pub const DEVICE_OS: [&str; 5] = ["WINDOWS", "MAC", "LINUX", "AOS", "IOS"];

/// SPEC §3 device info. No `deny_unknown_fields` here: the payload that flattens it refuses
/// unknown fields for both.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct DeviceInfo {
    /// `TABLET` | `MOBILE` | `PC` | `APP`
    #[serde(default)]
    #[schema(value_type = Option<DeviceType>)]
    device_type: Option<String>,
    /// `WINDOWS` | `MAC` | `LINUX` | `AOS` | `IOS` (any case), or empty
    #[serde(default)]
    device_os: Option<String>,
    #[serde(default)]
    browser: Option<String>,
    #[serde(default)]
    browser_ver: Option<String>,
    /// The user agent.
    #[serde(default)]
    browser_agent: Option<String>,
    #[serde(default)]
    os_version: Option<String>,
    #[serde(default)]
    device_id: Option<String>,
    #[serde(default)]
    push_token: Option<String>,
}

crate::word_schema! {
    /// The kind of device a reader used.
    DeviceType = ["TABLET", "MOBILE", "PC", "APP"]
}

/// What the event log keeps of a device.
pub struct Device {
    pub device_type: String,
    pub device_os: Option<String>,
    pub browser: Option<String>,
}

impl DeviceInfo {
    /// The checked device: a known type (required unless `required` is false: then
    /// `UNKNOWN` when missing), a known OS or none, the browser's name clipped.
    pub fn check(self, required: bool) -> Result<Device, &'static str> {
        let device_type = match self.device_type {
            Some(t) if DEVICE_TYPES.contains(&t.as_str()) => t,
            None if !required => "UNKNOWN".into(),
            _ => return Err("deviceType must be TABLET, MOBILE, PC or APP"),
        };
        let device_os = match self.device_os.map(|os| os.trim().to_ascii_uppercase()) {
            None => None,
            Some(os) if os.is_empty() => None,
            Some(os) if DEVICE_OS.contains(&os.as_str()) => Some(os),
            Some(_) => return Err("deviceOs must be WINDOWS, MAC, LINUX, AOS or IOS"),
        };
        let _dropped = (
            self.browser_ver,
            self.browser_agent,
            self.os_version,
            self.device_id,
            self.push_token,
        );
        Ok(Device {
            device_type,
            device_os,
            browser: clip(self.browser, 64),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Payload {
        offset: i32,
        #[serde(flatten)]
        device: DeviceInfo,
    }

    #[test]
    fn the_whole_set_is_accepted_and_nothing_else() {
        let payload: Payload = serde_json::from_str(
            r#"{"offset": 540, "deviceType": "MOBILE", "deviceOs": "aos", "browser": " Chrome ",
                "browserVer": "131.0", "browserAgent": "Mozilla/5.0 (Linux; Android 14)",
                "osVersion": "14", "deviceId": "d-1", "pushToken": "fcm:abc"}"#,
        )
        .unwrap();
        assert_eq!(payload.offset, 540);
        let device = payload.device.check(true).unwrap();
        assert_eq!(
            (
                device.device_type.as_str(),
                device.device_os.as_deref(),
                device.browser.as_deref()
            ),
            ("MOBILE", Some("AOS"), Some("Chrome"))
        );
        let unknown =
            serde_json::from_str::<Payload>(r#"{"offset": 0, "deviceType": "PC", "fax": 1}"#);
        assert!(unknown.err().unwrap().to_string().contains("fax"));

        let none: Payload = serde_json::from_str(r#"{"offset": 0}"#).unwrap();
        assert!(none.device.check(true).is_err());
        let none: Payload = serde_json::from_str(r#"{"offset": 0, "deviceOs": null}"#).unwrap();
        assert_eq!(none.device.check(false).unwrap().device_type, "UNKNOWN");
        let fridge: Payload =
            serde_json::from_str(r#"{"offset": 0, "deviceType": "FRIDGE"}"#).unwrap();
        assert!(fridge.device.check(false).is_err());
    }
}
