//! A sign-in from a browser or app that has not signed in to the account before (it carries
//! none of the account's device cookies): the member gets a mail, in Korean then English,
//! naming the device as the sign-in described it and the time in Korea, with a link to my
//! page's list of sessions where that one is marked and ends with one button. The account's
//! very first session (just joined) has nothing to compare with and sends none.

use crate::auth::session::{device_browser, device_field};
use crate::entities::{members, refresh_token_families as families};
use crate::http::error::ApiResult;
use crate::state::AppState;
use crate::two_step::service::record;
use chrono::{DateTime, FixedOffset, Utc};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::Value;

/// Korea Standard Time, UTC+9 all year.
const KST_SECONDS: i32 = 9 * 3600;

/// The device as the sign-in described it: "Chrome 131 · WINDOWS · PC".
fn describe(device: Option<&Value>) -> String {
    let parts: Vec<String> = [
        device_browser(device),
        device_field(device, "deviceOs"),
        device_field(device, "deviceType"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        "unknown device".into()
    } else {
        parts.join(" · ")
    }
}

/// Mails the member of a sign-in from a new device (session `session_id`), and writes it to
/// the account's security record.
pub(super) async fn announce(
    state: &AppState,
    member: &members::Model,
    device: Option<&Value>,
    session_id: i64,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let Some(email) = member.email.as_deref() else {
        return Ok(());
    };
    let earlier = families::Entity::find()
        .filter(families::Column::MemberId.eq(member.id))
        .filter(families::Column::Id.ne(session_id))
        .count(&state.db)
        .await?;
    if earlier == 0 {
        return Ok(());
    }
    let what = describe(device);
    let kst = FixedOffset::east_opt(KST_SECONDS).expect("UTC+9 is an offset");
    let at = now.with_timezone(&kst).format("%Y-%m-%d %H:%M");
    let link = format!(
        "{}/mypage/security?session={session_id}",
        state.settings.public_url.trim_end_matches('/')
    );
    let text = format!(
        "새 기기에서 Tidemark 계정에 로그인했습니다.\n\
         기기: {what}\n\
         시각: {at} (한국 시간)\n\
         본인이 아니라면 아래 링크에서 이 세션을 로그아웃시키고 비밀번호를 바꿔 주세요:\n\
         {link}\n\n\
         Your Tidemark account was signed in from a new device.\n\
         Device: {what}\n\
         Time: {at} KST\n\
         If this was not you, sign that session out at the link above and change your password."
    );
    state
        .mailer
        .queue(
            &state.db,
            email,
            "[Tidemark] 새 기기에서 로그인 / Sign-in from a new device",
            &text,
            "new_device",
        )
        .await?;
    record(&state.db, member.id, "NEW_DEVICE", Some(what), now).await
}

#[cfg(test)]
mod tests {
    use super::describe;
    use serde_json::json;

    #[test]
    fn a_device_is_named_by_what_the_sign_in_said() {
        let device = json!({"browser": "Chrome", "browserVer": "131", "deviceOs": "WINDOWS", "deviceType": "PC"});
        assert_eq!(describe(Some(&device)), "Chrome 131 · WINDOWS · PC");
        assert_eq!(
            describe(Some(&json!({"browser": "", "deviceOs": "IOS"}))),
            "IOS"
        );
        assert_eq!(describe(None), "unknown device");
    }
}
