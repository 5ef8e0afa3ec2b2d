//! Invitations sent again and their states, and the audit log's action filter.

use super::*;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use tidemark_server::entities::{invitations, mail_outbox};

/// The token of the newest invitation mail to `to`.
async fn mailed_token(app: &TestApp, to: &str) -> String {
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(to))
        .filter(mail_outbox::Column::Kind.eq("invitation"))
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("an invitation mail");
    let link = mail
        .body_text
        .split("/manager/invite?token=")
        .nth(1)
        .expect("a link");
    link.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

#[tokio::test]
async fn console_invitations_are_sent_again_and_the_audit_log_filters() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let invitations_path = format!("/api/v1/businesses/{business}/invitations");
        let mut ids = std::collections::HashMap::new();
        for email in [
            "pending@example.test",
            "withdrawn@example.test",
            "accepted@example.test",
            "expired@example.test",
        ] {
            let (status, body) = send(
                &app,
                &master,
                Method::POST,
                &invitations_path,
                Some(json!({"email": email})),
            )
            .await;
            assert_eq!(status, 200, "{body}");
            ids.insert(email, body["data"]["id"].as_i64().unwrap());
        }
        send(
            &app,
            &master,
            Method::DELETE,
            &format!("{invitations_path}/{}", ids["withdrawn@example.test"]),
            None,
        )
        .await;
        new_member(&app, "accepted@example.test").await;
        let invitee = app.signed_in("accepted@example.test").await;
        let token = mailed_token(&app, "accepted@example.test").await;
        let (status, _) = send(
            &app,
            &invitee,
            Method::POST,
            "/api/v1/invitations/accept",
            Some(json!({"token": token})),
        )
        .await;
        assert_eq!(status, 200);
        invitations::Entity::update_many()
            .col_expr(
                invitations::Column::ExpiresAt,
                Expr::value(chrono::Utc::now() - chrono::Duration::hours(1)),
            )
            .filter(invitations::Column::Id.eq(ids["expired@example.test"]))
            .exec(&app.state.db)
            .await
            .unwrap();
        let states = |body: &Value| -> std::collections::HashMap<String, String> {
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| {
                    (
                        i["email"].as_str().unwrap().to_string(),
                        i["status"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        };
        let (_, list) = get(&app, &master, &invitations_path).await;
        let listed = states(&list);
        for (email, state) in [
            ("pending@example.test", "PENDING"),
            ("withdrawn@example.test", "WITHDRAWN"),
            ("accepted@example.test", "ACCEPTED"),
            ("expired@example.test", "EXPIRED"),
        ] {
            assert_eq!(listed[email], state, "{email}");
        }

        // Sent again: a new link by mail, the old one dead at once.
        let old = mailed_token(&app, "pending@example.test").await;
        let resend = |email: &str| format!("{invitations_path}/{}/resend", ids[email]);
        let (status, body) = send(
            &app,
            &master,
            Method::POST,
            &resend("pending@example.test"),
            None,
        )
        .await;
        assert_eq!(
            (status, body["data"]["status"].as_str()),
            (200, Some("PENDING")),
            "{body}"
        );
        let new = mailed_token(&app, "pending@example.test").await;
        assert_ne!(old, new);
        let (status, body) = app.get(&format!("/api/v1/invitations?token={old}")).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("101")),
            "the old link is invalid"
        );
        let (status, body) = app.get(&format!("/api/v1/invitations?token={new}")).await;
        assert_eq!(
            (status, body["data"]["status"].as_str()),
            (200, Some("PENDING"))
        );
        let (status, body) = send(
            &app,
            &master,
            Method::POST,
            &resend("expired@example.test"),
            None,
        )
        .await;
        assert_eq!(
            status, 200,
            "an expired invitation may be sent again: {body}"
        );
        let expires: chrono::DateTime<chrono::Utc> =
            body["data"]["expiresAt"].as_str().unwrap().parse().unwrap();
        assert!(
            (expires - chrono::Utc::now() - chrono::Duration::days(7))
                .num_seconds()
                .abs()
                < 60
        );
        let (_, list) = get(&app, &master, &invitations_path).await;
        assert_eq!(states(&list)["expired@example.test"], "PENDING");
        for email in ["withdrawn@example.test", "accepted@example.test"] {
            let (status, _) = send(&app, &master, Method::POST, &resend(email), None).await;
            assert_eq!(status, 409, "{email}");
        }
        let (status, _) = send(
            &app,
            &master,
            Method::POST,
            &format!("{invitations_path}/999999/resend"),
            None,
        )
        .await;
        assert_eq!(status, 404);

        // The audit log: one action, newest first, page by page.
        let audit = format!("/api/v1/businesses/{business}/audit");
        let (status, sent) = get(
            &app,
            &master,
            &format!("{audit}?action=INVITATION_SENT&size=3"),
        )
        .await;
        assert_eq!(status, 200, "{sent}");
        let first_page = sent["data"]["items"].as_array().unwrap();
        assert_eq!(first_page.len(), 3);
        assert!(first_page.iter().all(|i| i["action"] == "INVITATION_SENT"));
        assert_eq!(
            first_page[0]["targetEmail"], "expired@example.test",
            "newest first"
        );
        let cursor = sent["data"]["nextCursor"].as_str().unwrap();
        let (_, rest) = get(
            &app,
            &master,
            &format!("{audit}?action=INVITATION_SENT&size=3&cursor={cursor}"),
        )
        .await;
        let rest = rest["data"]["items"].as_array().unwrap();
        assert_eq!(
            (rest.len(), rest[0]["targetEmail"].as_str()),
            (1, Some("pending@example.test"))
        );
        let (_, resent) = get(&app, &master, &format!("{audit}?action=INVITATION_RESENT")).await;
        assert_eq!(resent["data"]["items"].as_array().unwrap().len(), 2);
        let (status, body) =
            get(&app, &master, &format!("{audit}?action=DELETED_EVERYTHING")).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("104")));

        let calls = [
            (Method::POST, resend("pending@example.test"), None),
            (Method::GET, format!("{audit}?action=INVITATION_SENT"), None),
        ];
        all_refused(
            &app,
            &app.signed_in("manager@tidemark.test").await,
            403,
            &calls,
        )
        .await;
        all_refused(&app, &other_business(&app).await, 403, &calls).await;
        all_refused(
            &app,
            &app.signed_in("reader@tidemark.test").await,
            403,
            &calls,
        )
        .await;
    })
    .await;
}
