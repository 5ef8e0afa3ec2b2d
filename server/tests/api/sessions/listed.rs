//! My page's signed-in sessions: each sign-in listed with its device and `current` on the one
//! asking; one ended from another session fails at once (its access token on its next call, its
//! refresh token at the next rotation); another member's session is not found; "every one but
//! this" leaves only the session that asked.

use super::*;
use crate::helpers::call;
use reqwest::Method;
use serde_json::Value;

/// A sign-in of `email` from a browser that says it is `browser`: the client and its tokens.
async fn signed_in_as(app: &TestApp, email: &str, browser_name: &str) -> (reqwest::Client, String) {
    let client = browser();
    let mut body = credentials(email, PASSWORD);
    body["browser"] = json!(browser_name);
    body["browserVer"] = json!("131");
    body["deviceType"] = json!("MOBILE");
    body["deviceOs"] = json!("ANDROID");
    let (status, answer) = read(
        client
            .post(app.url("/membership/v1/login"))
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    (
        client,
        answer["data"]["refreshToken"].as_str().unwrap().to_string(),
    )
}

fn sessions(list: &Value) -> Vec<Value> {
    list["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_member_lists_their_sessions_and_ends_one_or_all_but_this() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "devices@tidemark.test").await;
        let (laptop, _) = signed_in_as(&app, "devices@tidemark.test", "Chrome").await;
        let (phone, phone_refresh) =
            signed_in_as(&app, "devices@tidemark.test", "Samsung Internet").await;
        let (tablet, _) = signed_in_as(&app, "devices@tidemark.test", "Firefox").await;

        let (status, list) = call(&app, &laptop, Method::GET, "/mypage/v1/sessions", None).await;
        assert_eq!(status, 200, "{list}");
        let listed = sessions(&list);
        assert_eq!(listed.len(), 3, "{list}");
        let current: Vec<&Value> = listed.iter().filter(|s| s["current"] == true).collect();
        assert_eq!(current.len(), 1, "{list}");
        assert_eq!(current[0]["browser"], "Chrome 131");
        let on_phone = listed
            .iter()
            .find(|s| s["browser"] == "Samsung Internet 131")
            .unwrap();
        assert_eq!(on_phone["deviceType"], "MOBILE");
        assert_eq!(on_phone["deviceOs"], "ANDROID");
        let phone_id = on_phone["id"].as_i64().unwrap();

        // Another member cannot end it, nor see it.
        new_member(&app, "stranger@tidemark.test").await;
        let stranger = app.signed_in("stranger@tidemark.test").await;
        let (status, _) = call(
            &app,
            &stranger,
            Method::DELETE,
            &format!("/mypage/v1/sessions/{phone_id}"),
            None,
        )
        .await;
        assert_eq!(status, 404);
        let (_, theirs) = call(&app, &stranger, Method::GET, "/mypage/v1/sessions", None).await;
        assert!(
            sessions(&theirs).iter().all(|s| s["id"] != phone_id),
            "{theirs}"
        );
        let (status, _) = call(&app, &phone, Method::GET, "/mypage/v1/profile", None).await;
        assert_eq!(status, 200, "the phone is still signed in");

        // Ended from the laptop: the phone's next call and its refresh token fail at once.
        let end_phone = format!("/mypage/v1/sessions/{phone_id}");
        let (status, body) = call(&app, &laptop, Method::DELETE, &end_phone, None).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = call(&app, &phone, Method::GET, "/mypage/v1/profile", None).await;
        assert_eq!(status, 401);
        let (status, _) = read(
            browser()
                .post(app.url("/oauth/v1/token/check"))
                .header("_tmr_token", phone_refresh)
                .json(&json!({}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 401);
        let (status, _) = call(&app, &laptop, Method::DELETE, &end_phone, None).await;
        assert_eq!(status, 404, "an ended session is not ended twice");

        // Every one but this: the tablet goes, the laptop stays.
        let (status, body) = call(
            &app,
            &laptop,
            Method::POST,
            "/mypage/v1/sessions/end-others",
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["ended"], 1);
        let (status, _) = call(&app, &tablet, Method::GET, "/mypage/v1/profile", None).await;
        assert_eq!(status, 401);
        let (_, list) = call(&app, &laptop, Method::GET, "/mypage/v1/sessions", None).await;
        let left = sessions(&list);
        assert_eq!(left.len(), 1, "{list}");
        assert_eq!(left[0]["current"], true);
    })
    .await;
}

#[tokio::test]
async fn a_sign_in_from_a_new_device_is_mailed_with_a_link_to_end_it() {
    let smtp = crate::mailbox::SmtpServer::start();
    crate::helpers::on_each_database_with_mail(&smtp, |app| new_device_journey(app, &smtp)).await;
}

async fn new_device_journey(app: TestApp, smtp: &crate::mailbox::SmtpServer) {
    use tidemark_server::entities::mail_outbox;
    let email = format!("traveller-{}@tidemark.test", app.database);
    new_member(&app, &email).await;
    // The account's first session has nothing to compare with; the same browser again keeps
    // its device cookie: neither is a new device.
    let (laptop, _) = signed_in_as(&app, &email, "Chrome").await;
    let (status, body) = read(
        laptop
            .post(app.url("/membership/v1/login"))
            .json(&credentials(&email, PASSWORD))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // Another browser: the member hears of it, in Korean then English, with the link.
    let (phone, _) = signed_in_as(&app, &email, "Samsung Internet").await;
    let mail = smtp.wait_for(&email, "새 기기에서").await;
    assert!(
        mail.contains("Samsung Internet 131 · ANDROID · MOBILE"),
        "{mail}"
    );
    assert!(
        mail.contains("(한국 시간)") && mail.contains("KST"),
        "{mail}"
    );
    let korean = mail
        .find("새 기기에서 Tidemark 계정에 로그인했습니다")
        .unwrap();
    let english = mail
        .find("Your Tidemark account was signed in from a new device")
        .unwrap();
    assert!(korean < english, "Korean first: {mail}");
    let id: i64 = mail
        .split("/mypage/security?session=")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or_else(|| panic!("the link to the session: {mail}"));
    let mails = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(email.as_str()))
        .filter(mail_outbox::Column::Kind.eq("new_device"))
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(mails.len(), 1, "one new device, one mail");

    // The link's session is the phone's: ended from the laptop, the phone is signed out.
    let (_, list) = call(&app, &laptop, Method::GET, "/mypage/v1/sessions", None).await;
    let linked = sessions(&list)
        .into_iter()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("{list}"));
    assert_eq!(linked["browser"], "Samsung Internet 131");
    assert_eq!(linked["current"], false);
    let (status, _) = call(
        &app,
        &laptop,
        Method::DELETE,
        &format!("/mypage/v1/sessions/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = call(&app, &phone, Method::GET, "/mypage/v1/profile", None).await;
    assert_eq!(status, 401);
}
