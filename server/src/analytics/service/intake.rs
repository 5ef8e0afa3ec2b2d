//! The rules of `POST /api/v1/events`: every event checked (400 when any is malformed),
//! the visitor admitted, events about posts readers cannot see refused one by one, the rest
//! stored (committed) before the answer.

use crate::analytics::beacons::check_offset;
use crate::analytics::device::{Device, DeviceInfo};
use crate::analytics::visitor::{Admitted, Sender};
use crate::event_sink::{Event, EventKind};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// At most this many events per request.
const MAX_EVENTS: usize = 50;
/// The kinds a page may send (follows and bookmarks are recorded by their own calls).
const KINDS: [EventKind; 4] = [
    EventKind::View,
    EventKind::Click,
    EventKind::Share,
    EventKind::ReadThrough,
];
/// Where a share went.
const CHANNELS: [&str; 4] = ["link", "kakao", "linkedin", "x"];

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::analytics) struct EventsRequest {
    /// 1 to 50 events.
    events: Vec<IncomingEvent>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct IncomingEvent {
    /// `view` | `click` | `share` | `read_through`
    #[schema(value_type = IncomingKind)]
    kind: String,
    /// The post's id.
    post_seq: i64,
    /// The reader's time-zone offset, minutes east of UTC (-720 to 840).
    offset: i32,
    /// Shares only: `link` | `kakao` | `linkedin` | `x`.
    #[serde(default)]
    #[schema(value_type = Option<ShareChannel>)]
    channel: Option<String>,
    /// SPEC §3 device info; `deviceType` is required.
    #[serde(flatten)]
    device: DeviceInfo,
}

crate::word_schema! {
    /// What a reader did: viewed a post, clicked one in a list, shared it or read it through.
    IncomingKind = ["view", "click", "share", "read_through"]
}

crate::word_schema! {
    /// Where a post was shared.
    ShareChannel = ["link", "kakao", "linkedin", "x"]
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::analytics) struct Accepted {
    /// Events stored (committed before this answer).
    accepted: usize,
    /// Events about an unknown post or one that is not published.
    refused: usize,
}

/// A checked event, before its post is looked up.
struct Checked {
    kind: EventKind,
    post_id: i64,
    offset: i32,
    device: Device,
    channel: Option<String>,
}

fn check(event: IncomingEvent, index: usize) -> ApiResult<Checked> {
    let bad = |what: &str| ApiError::bad_request(format!("events[{index}]: {what}"));
    let kind = EventKind::parse(&event.kind)
        .filter(|kind| KINDS.contains(kind))
        .ok_or_else(|| bad("kind must be view, click, share or read_through"))?;
    if event.post_seq <= 0 {
        return Err(bad("postSeq must be a positive id"));
    }
    let offset = check_offset(event.offset).map_err(|_| bad("offset must be -720 to 840"))?;
    let device = event.device.check(true).map_err(bad)?;
    match (kind, event.channel.as_deref()) {
        (_, None) => {}
        (EventKind::Share, Some(channel)) if CHANNELS.contains(&channel) => {}
        (EventKind::Share, Some(_)) => {
            return Err(bad("channel must be link, kakao, linkedin or x"))
        }
        (_, Some(_)) => return Err(bad("channel is for shares only")),
    }
    Ok(Checked {
        kind,
        post_id: event.post_seq,
        offset,
        device,
        channel: event.channel,
    })
}

/// Checks and stores a batch of reader events from `sender`; answers how many were stored
/// and how many refused (400 when none is about a published post).
pub(in crate::analytics) async fn record(
    state: &AppState,
    sender: Sender,
    request: EventsRequest,
) -> ApiResult<Accepted> {
    if request.events.is_empty() || request.events.len() > MAX_EVENTS {
        return Err(ApiError::bad_request(format!(
            "send 1 to {MAX_EVENTS} events per request"
        )));
    }
    let checked = request
        .events
        .into_iter()
        .enumerate()
        .map(|(index, event)| check(event, index))
        .collect::<ApiResult<Vec<_>>>()?;
    let visitor = match sender.admit(state, &[], checked.len()).await? {
        Admitted::Visitor(visitor) => visitor,
        Admitted::Unverified => {
            return Err(ApiError::bad_request(
                "no visitor: the guest id was not issued by this server or has expired; get a new one (POST /oauth/v1/guest/token)",
            ))
        }
        Admitted::Nobody => {
            return Err(ApiError::bad_request(
                "no visitor: sign in, or send the guest id (cookie tma_id or header _tma_id)",
            ))
        }
    };
    let ids: Vec<i64> = checked.iter().map(|c| c.post_id).collect();
    let posts = crate::analytics::posts_of(state, &ids).await?;
    let total = checked.len();
    let events: Vec<Event> = checked
        .into_iter()
        .filter_map(|c| {
            let post = posts.get(&c.post_id).filter(|p| p.public)?;
            let mut event = visitor.event(c.kind, c.device, c.offset);
            event.post_id = Some(c.post_id);
            event.business_id = Some(post.business_id);
            event.detail = c.channel;
            Some(event)
        })
        .collect();
    let accepted = events.len();
    if accepted == 0 {
        return Err(ApiError::bad_request(
            "no event is about a published post (unknown or unpublished postSeq)",
        ));
    }
    state.events.submit(events).await?;
    Ok(Accepted {
        accepted,
        refused: total - accepted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn incoming(kind: &str, channel: Option<&str>) -> IncomingEvent {
        IncomingEvent {
            kind: kind.into(),
            post_seq: 1,
            offset: 540,
            channel: channel.map(str::to_string),
            device: serde_json::from_value(serde_json::json!({
                "deviceType": "MOBILE", "deviceOs": "ios", "browser": "  Safari "
            }))
            .unwrap(),
        }
    }

    #[test]
    fn events_are_checked_one_by_one() {
        let ok = check(incoming("share", Some("kakao")), 0).unwrap();
        assert_eq!(
            (
                ok.kind,
                ok.device.device_os.as_deref(),
                ok.device.browser.as_deref()
            ),
            (EventKind::Share, Some("IOS"), Some("Safari"))
        );
        for (kind, channel) in [
            ("like", None),
            ("share", Some("myspace")),
            ("view", Some("link")),
            ("follow", None),
        ] {
            let error = check(incoming(kind, channel), 3).err().unwrap();
            assert!(error.to_string().starts_with("events[3]"), "{error}");
        }
        let mut far = incoming("view", None);
        far.offset = 900;
        assert!(check(far, 0).is_err());
    }
}
