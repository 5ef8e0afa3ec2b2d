//! Invitations sent again and their states, the audit log's action filter, and a media
//! request edited while it waits.

use super::*;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use tidemark_server::entities::invitations;

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
        let token = invitation_token(&app, "accepted@example.test").await;
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
        let old = invitation_token(&app, "pending@example.test").await;
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
        let new = invitation_token(&app, "pending@example.test").await;
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

#[tokio::test]
async fn console_a_media_request_is_edited_while_it_waits() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let soon = (chrono::Utc::now() + chrono::Duration::days(5)).format("%Y-%m-%d").to_string();
        let request = json!({"title": "보도자료 초안", "body": "<p>초안</p>", "mediaTypes": ["ONLINE"]});
        let (status, made) = send(&app, &master, Method::POST, &format!("/api/v1/businesses/{business}/media-requests"), Some(request)).await;
        assert_eq!(status, 200, "{made}");
        let id = made["data"]["id"].as_i64().unwrap();
        let path = format!("/api/v1/media-requests/{id}");
        let edit = json!({
            "title": "보도자료 최종", "body": "<p>최종본</p><script>x</script>", "desiredDate": soon,
            "mediaTypes": ["PORTAL", "NEWSPAPER"], "attachmentIds": []
        });
        let (status, body) = send(&app, &master, Method::PUT, &path, Some(edit.clone())).await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        assert_eq!((data["title"].as_str(), data["status"].as_str(), data["desiredDate"].as_str()), (Some("보도자료 최종"), Some("REQUESTED"), Some(soon.as_str())));
        assert_eq!(data["mediaTypes"], json!(["NEWSPAPER", "PORTAL"]));
        assert!(!data["body"].as_str().unwrap().contains("script"));
        assert_eq!(data["history"].as_array().unwrap().len(), 1, "an edit is no step of the review");

        for (field, value) in [("mediaTypes", json!(["RADIO"])), ("desiredDate", json!("2020-01-01")), ("title", json!(" ")), ("attachmentIds", json!([999999]))] {
            let mut bad = edit.clone();
            bad[field] = value;
            let (status, body) = send(&app, &master, Method::PUT, &path, Some(bad)).await;
            assert_eq!((status, body["code"].as_str()), (400, Some("104")), "{field}: {body}");
        }
        let mut unknown = edit.clone();
        unknown["status"] = json!("PUBLISHED");
        let (status, _) = send(&app, &master, Method::PUT, &path, Some(unknown)).await;
        assert_eq!(status, 400);

        let calls = [(Method::PUT, path.clone(), Some(edit.clone()))];
        all_refused(&app, &app.signed_in("manager@tidemark.test").await, 403, &calls).await;
        all_refused(&app, &other_business(&app).await, 403, &calls).await;
        all_refused(&app, &app.signed_in("reader@tidemark.test").await, 403, &calls).await;
        all_refused(&app, &master, 404, &[(Method::PUT, "/api/v1/media-requests/999999".into(), Some(edit.clone()))]).await;

        // Once an operator takes it up, it stays as it was sent.
        let admin = app.signed_in("admin@tidemark.test").await;
        let review = format!("/api/v1/admin/media-requests/{id}/status");
        let (status, _) = send(&app, &admin, Method::POST, &review, Some(json!({"status": "IN_REVIEW"}))).await;
        assert_eq!(status, 200);
        let (status, body) = send(&app, &master, Method::PUT, &path, Some(edit)).await;
        assert_eq!(status, 409, "{body}");
        assert!(body["message"].as_str().unwrap().contains("can no longer be changed"));
        let (_, now) = get(&app, &master, &path).await;
        assert_eq!(now["data"]["title"], "보도자료 최종");
    })
    .await;
}
