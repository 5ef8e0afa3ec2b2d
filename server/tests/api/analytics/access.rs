//! Who may read analytics: the business's people and operators, nobody else.

use super::*;
use tidemark_server::entities::business_members::BusinessRole;

#[tokio::test]
async fn analytics_are_for_the_business_people_and_operators_only() {
    on_each_database(|app: TestApp| async move {
        let business = demo_business(&app).await;
        // Another business with its manager.
        let now = Utc::now();
        let other = businesses::ActiveModel {
            name: Set("다른 회사".into()),
            description: Set("".into()),
            industry: Set("IT".into()),
            registration_number: Set("1048145672".into()),
            follower_count: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();
        let stranger = new_member(&app, "other-manager@example.test").await;
        business_members::ActiveModel {
            business_id: Set(other.id),
            member_id: Set(stranger.id),
            role: Set(BusinessRole::Manager),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();

        let paths = [
            format!("/api/v1/businesses/{business}/analytics/outline"),
            format!("/api/v1/businesses/{business}/analytics/contents"),
            format!("/api/v1/businesses/{business}/analytics/contents.csv"),
        ];
        let anonymous = browser();
        let reader = app.signed_in("reader@tidemark.test").await;
        let other_manager = app.signed_in("other-manager@example.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let admin = app.signed_in("admin@tidemark.test").await;
        for path in &paths {
            assert_eq!(get_as(&app, &anonymous, path).await.0, 401, "{path}");
            assert_eq!(get_as(&app, &reader, path).await.0, 403, "{path}");
            assert_eq!(get_as(&app, &other_manager, path).await.0, 403, "{path}");
            let (status, body) = get_as(&app, &manager, path).await;
            assert_eq!(status, 200, "{path}: {body}");
            assert_eq!(get_as(&app, &admin, path).await.0, 200, "{path}");
        }
        // The other business's manager reads their own.
        let (status, _) = get_as(
            &app,
            &other_manager,
            &format!("/api/v1/businesses/{}/analytics/outline", other.id),
        )
        .await;
        assert_eq!(status, 200);
        // An operator asking about no business gets a 404.
        let (status, _) = get_as(&app, &admin, "/api/v1/businesses/987654/analytics/outline").await;
        assert_eq!(status, 404);
    })
    .await;
}
