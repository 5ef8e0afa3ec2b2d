//! Withdrawing, and "confirm it's you", by certifying again when there is no password;
//! withdrawal leaving the person nowhere in the database; a master handing the business over
//! first.

use super::*;
use crate::helpers::my_business;
use reqwest::Method;
use tidemark_server::entities::{mail_outbox, search_log};

#[tokio::test]
async fn a_member_without_a_password_withdraws_by_certifying_again() {
    on_each_database(|app: TestApp| async move {
        let (member, client) = signed_in_member(&app, "recertify@certify.test").await;
        let first = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/membership/v1/account/certify",
            json!({"certifyNo": first}),
        )
        .await;
        assert_eq!(status, 200, "{body}");

        // Another person's certification does not open withdrawal.
        let other = certify(&app, &client, "account", KIM).await;
        let (status, _) = post(
            &app,
            &client,
            "/mypage/v1/withdraw",
            json!({"reason": "test", "certifyNo": other}),
        )
        .await;
        assert_eq!(status, 403);
        assert_eq!(reload(&app, &member).await.status, MemberStatus::Active);

        // A fresh certification of the same person does, once.
        let again = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/withdraw",
            json!({"reason": "test", "certifyNo": again}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let gone = reload(&app, &member).await;
        assert_eq!(
            (gone.status.as_str(), gone.person_key, gone.email),
            ("WITHDRAWN", None, None)
        );
    })
    .await;
}

/// Every row of every table as text, for the rows that contain any of `needles`.
async fn rows_containing(app: &TestApp, needles: &[&str]) -> Vec<String> {
    use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let text_of = |sql: &str| Statement::from_string(backend, sql.to_string());
    let tables: Vec<String> = db
        .query_all_raw(text_of(match backend {
            DatabaseBackend::Postgres => {
                "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
            }
            _ => "SELECT name FROM sqlite_master WHERE type = 'table'",
        }))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "name").unwrap())
        .collect();
    assert!(tables.len() > 30, "{tables:?}");
    let mut found = Vec::new();
    for table in tables {
        let select = match backend {
            DatabaseBackend::Postgres => format!("SELECT t::text AS row FROM \"{table}\" t"),
            _ => {
                let columns: Vec<String> = db
                    .query_all_raw(text_of(&format!(
                        "SELECT name FROM pragma_table_info('{table}')"
                    )))
                    .await
                    .unwrap()
                    .iter()
                    .map(|row| {
                        let name = row.try_get::<String>("", "name").unwrap();
                        format!("coalesce(CAST(\"{name}\" AS TEXT), '')")
                    })
                    .collect();
                format!(
                    "SELECT {} AS row FROM \"{table}\"",
                    columns.join(" || '|' || ")
                )
            }
        };
        for row in db.query_all_raw(text_of(&select)).await.unwrap() {
            let text = row.try_get::<String>("", "row").unwrap();
            if needles.iter().any(|needle| text.contains(needle)) {
                found.push(format!("{table}: {text}"));
            }
        }
    }
    found
}

#[tokio::test]
async fn a_withdrawal_leaves_the_person_nowhere_in_the_database() {
    on_each_database(|app: TestApp| async move {
        let email = format!("leaver-{}@tidemark.test", app.database);
        let (member, client) = signed_in_member(&app, &email).await;
        certified_signed_in_wrongly_searching_and_mailed(&app, &member, &client, &email).await;
        let (master, business) =
            invited_into_the_demo_business_and_accepted(&app, &client, &email).await;
        let digits: String = HONG.phone.chars().filter(char::is_ascii_digit).collect();
        let needles = [email.as_str(), HONG.name, HONG.phone, digits.as_str()];
        assert!(
            !rows_containing(&app, &needles).await.is_empty(),
            "the person is on file"
        );
        withdrawing_leaves_no_row_with_the_person(&app, &client, &needles).await;
        the_team_history_keeps_no_address_and_the_address_may_join_again(
            &app, &master, business, &email,
        )
        .await;
    })
    .await;
}

/// Certified: the name and phone are on file. A wrong password from somewhere else, a search,
/// a reset mail.
async fn certified_signed_in_wrongly_searching_and_mailed(
    app: &TestApp,
    member: &members::Model,
    client: &reqwest::Client,
    email: &str,
) {
    let certify_no = certify(app, client, "account", HONG).await;
    assert_eq!(attach(app, client, &certify_no).await.0, 200);
    // A wrong password from somewhere else, a search, a reset mail.
    assert_eq!(sign_in(app, email, "Wrong-pass-1").await.0, 401);
    let response = client
        .get(app.url("/api/v1/search?q=%EB%A7%88%EC%BC%80%ED%8C%85&sort=LATEST"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    for _ in 0..100 {
        let logged = search_log::Entity::find()
            .filter(search_log::Column::MemberId.eq(member.id))
            .one(&app.state.db)
            .await
            .unwrap();
        if logged.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, _) = post(
        app,
        &browser(),
        "/membership/v1/password/find/email",
        json!({"email": email}),
    )
    .await;
    assert_eq!(status, 200);
}

/// Invited to the demo business, accepted: the invitation list and the audit log. Answers the
/// demo master's browser and the business.
async fn invited_into_the_demo_business_and_accepted(
    app: &TestApp,
    client: &reqwest::Client,
    email: &str,
) -> (reqwest::Client, i64) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(app, &master).await;
    let (status, body) = call(
        app,
        &master,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": email})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(email))
        .filter(mail_outbox::Column::Kind.eq("invitation"))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the invitation mail");
    let token: String = mail
        .body_text
        .split("/manager/invite?token=")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let (status, body) = post(
        app,
        client,
        "/api/v1/invitations/accept",
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (master, business)
}

async fn withdrawing_leaves_no_row_with_the_person(
    app: &TestApp,
    client: &reqwest::Client,
    needles: &[&str],
) {
    let (status, _) = post(
        app,
        client,
        "/mypage/v1/password/check",
        json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = post(
        app,
        client,
        "/mypage/v1/withdraw",
        json!({"reason": "떠납니다"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let left = rows_containing(app, needles).await;
    assert!(
        left.is_empty(),
        "{}: after withdrawal: {left:#?}",
        app.database
    );
}

async fn the_team_history_keeps_no_address_and_the_address_may_join_again(
    app: &TestApp,
    master: &reqwest::Client,
    business: i64,
    email: &str,
) {
    // The master sees the team's history without the address.
    let (status, body) = call(
        app,
        master,
        Method::GET,
        &format!("/api/v1/businesses/{business}/invitations"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(!body.to_string().contains(email), "{body}");
    // The address may join again.
    let (status, _) = post(
        app,
        &browser(),
        "/membership/v1/join/email/code",
        json!({"email": email}),
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_master_hands_the_business_over_before_withdrawing() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let (status, _) = post(
            &app,
            &master,
            "/mypage/v1/password/check",
            json!({"password": PASSWORD}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = post(
            &app,
            &master,
            "/mypage/v1/withdraw",
            json!({"reason": "그만"}),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("hand the business over"),
            "{body}"
        );
        let (status, _) = get(&app, &master, "/api/v1/mypage/business").await;
        assert_eq!(
            status, 200,
            "the master is still signed in and still the master"
        );
    })
    .await;
}

#[tokio::test]
async fn a_fresh_certification_of_the_members_own_person_confirms_it_is_them() {
    on_each_database(|app: TestApp| async move {
        let (_member, client) = signed_in_member(&app, "check@certify.test").await;
        // Setting up two-step sign-in needs a recent check.
        let (status, body) = post(&app, &client, "/mypage/v1/two-step/setup", json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("2013")),
            "{body}"
        );

        // An account without a certification has none to confirm with.
        let early = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certification/check",
            json!({"certifyNo": early}),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = attach(&app, &client, &early).await;
        assert_eq!(status, 200, "{body}");

        // Another person's certification confirms nothing.
        let other = certify(&app, &client, "account", KIM).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certification/check",
            json!({"certifyNo": other}),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        let (status, _) = post(&app, &client, "/mypage/v1/two-step/setup", json!({})).await;
        assert_eq!(status, 403);

        // A fresh one of the member's own person does, once.
        let again = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certification/check",
            json!({"certifyNo": again}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"]["validUntil"].is_string(), "{body}");
        let (status, body) = post(&app, &client, "/mypage/v1/two-step/setup", json!({})).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = post(
            &app,
            &client,
            "/mypage/v1/certification/check",
            json!({"certifyNo": again}),
        )
        .await;
        assert_ne!(status, 200, "a certification confirms once");
    })
    .await;
}
