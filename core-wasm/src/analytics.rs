//! Analytics payloads: the data-layer user of SPEC §4, data-layer events of SPEC §3 and the
//! visit and click records of SPEC §7.

use crate::device::DeviceInfo;
use crate::Fault;
use serde::{Deserialize, Serialize};

/// The token profile answer (GET /oauth/v1/token/profile), as far as analytics reads it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileAnswer {
    pub code: Option<serde_code::Code>,
    pub data: Option<ProfileData>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileData {
    /// USER, BUSINESS or BUSINESS_MASTER.
    pub user_auth_name: Option<String>,
    /// How the member joined: email, kakao, naver, google, local.
    pub channel: Option<String>,
    /// yyyy-MM-dd or yyyyMMdd; only the year is used.
    pub birthday: Option<String>,
    pub identity_id: Option<String>,
    pub gender: Option<String>,
}

/// The code travels as a number or a string.
pub mod serde_code {
    use serde::Deserialize;

    #[derive(Debug, Clone, Deserialize)]
    #[serde(untagged)]
    pub enum Code {
        Number(i64),
        Text(String),
    }

    impl Code {
        pub fn is_success(&self) -> bool {
            match self {
                Code::Number(n) => *n == 0,
                Code::Text(t) => t.trim() == "0",
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DataLayerUser {
    /// `reader` or `corporation` (SPEC §3 role labels).
    pub user_type: &'static str,
    pub signup_type: String,
    pub identity_id: String,
    /// The birth year, or `none`.
    pub birth: String,
    /// Lower-cased, or `none`.
    pub gender: String,
}

/// SPEC §4: a failed profile lookup (any code but 0, or no data) yields no user.
pub fn data_layer_user(profile: &ProfileAnswer) -> Option<DataLayerUser> {
    if !profile
        .code
        .as_ref()
        .is_some_and(serde_code::Code::is_success)
    {
        return None;
    }
    let data = profile.data.as_ref()?;
    let clean = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    let user_type = match data.user_auth_name.as_deref().map(str::trim) {
        Some("BUSINESS") | Some("BUSINESS_MASTER") => "corporation",
        _ => "reader",
    };
    let birth = clean(&data.birthday)
        .map(|b| b.chars().take(4).collect::<String>())
        .filter(|year| year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or_else(|| "none".into());
    Some(DataLayerUser {
        user_type,
        signup_type: clean(&data.channel)
            .map_or_else(|| "email".into(), |c| c.to_ascii_lowercase()),
        identity_id: clean(&data.identity_id).unwrap_or_default(),
        birth,
        gender: clean(&data.gender).map_or_else(|| "none".into(), |g| g.to_ascii_lowercase()),
    })
}

/// SPEC §3 analytics events.
pub const EVENTS: [&str; 11] = [
    "sign_up",
    "Select_Content",
    "View_Content",
    "View_ContentList",
    "Follow_Content",
    "Follow_ContentList",
    "Follow_CorpProfile",
    "Bookmark_Content",
    "Bookmark_ContentList",
    "Upload_Content",
    "TemporaryContent",
];

/// SPEC §3 screen identifiers.
pub const SCREENS: [&str; 13] = [
    "HOME",
    "CATEGORY",
    "POPULAR",
    "LATEST",
    "INTEREST",
    "RECOMMEND",
    "REPORT",
    "SEARCH",
    "BOOKMARK",
    "FOLLOWING",
    "CORP_PROFILE",
    "SHARE",
    "UPLOAD",
];

/// A `window.dataLayer` entry: the event name with the user fields (or none for guests).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DataLayerEvent {
    pub event: &'static str,
    pub screen: Option<&'static str>,
    #[serde(flatten)]
    pub user: Option<DataLayerUser>,
}

pub fn data_layer_event(
    event: &str,
    screen: Option<&str>,
    user: Option<DataLayerUser>,
) -> Result<DataLayerEvent, Fault> {
    let event = EVENTS
        .iter()
        .find(|known| **known == event)
        .ok_or_else(|| Fault::invalid_argument(format!("unknown analytics event: {event}")))?;
    let screen = match screen {
        None => None,
        Some(name) => Some(
            *SCREENS
                .iter()
                .find(|known| **known == name)
                .ok_or_else(|| Fault::invalid_argument(format!("unknown screen: {name}")))?,
        ),
    };
    Ok(DataLayerEvent {
        event,
        screen,
        user,
    })
}

/// POST /visit/v1 body (SPEC §3 "Visit record").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VisitRecord {
    pub offset: i32,
    pub access_token: String,
    pub tma_id: String,
    #[serde(flatten)]
    pub device: DeviceInfo,
}

pub fn visit_record(
    offset_minutes: i32,
    access_token: Option<&str>,
    guest_id: Option<&str>,
    device: DeviceInfo,
) -> VisitRecord {
    VisitRecord {
        offset: offset_minutes,
        access_token: access_token.unwrap_or("").to_string(),
        tma_id: guest_id.unwrap_or("").to_string(),
        device,
    }
}

/// POST /click/v1 body (SPEC §3 "Click record").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClickRecord {
    pub post_seq: u64,
    pub offset: i32,
    pub tms_id: String,
    pub access_token: String,
}

pub fn click_record(
    post_seq: u64,
    offset_minutes: i32,
    analysis_id: Option<&str>,
    access_token: Option<&str>,
) -> Result<ClickRecord, Fault> {
    if post_seq == 0 {
        return Err(Fault::invalid_argument("postSeq must be a positive id"));
    }
    Ok(ClickRecord {
        post_seq,
        offset: offset_minutes,
        tms_id: analysis_id.unwrap_or("").to_string(),
        access_token: access_token.unwrap_or("").to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(json: &str) -> ProfileAnswer {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn reader_profile() {
        let user = data_layer_user(&profile(
            r#"{"code":0,"data":{"userAuthName":"USER","channel":"KAKAO","birthday":"1990-05-01","identityId":"id-1","gender":"FEMALE"}}"#,
        ))
        .unwrap();
        assert_eq!(
            user,
            DataLayerUser {
                user_type: "reader",
                signup_type: "kakao".into(),
                identity_id: "id-1".into(),
                birth: "1990".into(),
                gender: "female".into()
            }
        );
    }

    #[test]
    fn corporate_roles_and_missing_birth() {
        for role in ["BUSINESS", "BUSINESS_MASTER"] {
            let json = format!(r#"{{"code":"0","data":{{"userAuthName":"{role}","gender":"M"}}}}"#);
            let user = data_layer_user(&profile(&json)).unwrap();
            assert_eq!(user.user_type, "corporation");
            assert_eq!(user.birth, "none");
            assert_eq!(user.gender, "m");
            assert_eq!(user.signup_type, "email");
        }
        assert_eq!(
            data_layer_user(&profile(r#"{"code":0,"data":{"birthday":"19851231"}}"#))
                .unwrap()
                .birth,
            "1985"
        );
        assert_eq!(
            data_layer_user(&profile(r#"{"code":0,"data":{"birthday":"85"}}"#))
                .unwrap()
                .birth,
            "none"
        );
    }

    #[test]
    fn failed_lookup_gives_no_user() {
        assert_eq!(
            data_layer_user(&profile(r#"{"code":1003,"data":{"userAuthName":"USER"}}"#)),
            None
        );
        assert_eq!(data_layer_user(&profile(r#"{"code":0}"#)), None);
        assert_eq!(data_layer_user(&profile("{}")), None);
    }

    #[test]
    fn events_are_checked_against_spec() {
        let event = data_layer_event("View_Content", Some("HOME"), None).unwrap();
        assert_eq!(
            serde_json::to_value(&event).unwrap(),
            serde_json::json!({"event": "View_Content", "screen": "HOME"})
        );
        assert!(data_layer_event("view_content", None, None).is_err());
        assert!(data_layer_event("sign_up", Some("NOWHERE"), None).is_err());
    }

    #[test]
    fn click_record_needs_a_post() {
        let click = click_record(42, 540, Some("a-1"), None).unwrap();
        assert_eq!(
            serde_json::to_value(&click).unwrap(),
            serde_json::json!({"postSeq": 42, "offset": 540, "tmsId": "a-1", "accessToken": ""})
        );
        assert!(click_record(0, 0, None, None).is_err());
    }
}
