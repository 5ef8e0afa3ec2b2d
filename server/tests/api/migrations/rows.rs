//! Rows through the entities: the seeded categories, auto-increment ids, defaults, JSON and
//! timestamps, what deleting a member cascades to or sets NULL, and the business-level row of
//! `analytics_daily` kept unique.

use super::*;
use sea_orm::QueryOrder;
use tidemark_server::entities::business_members::BusinessRole;

pub(super) async fn check_categories(db: &DatabaseConnection) {
    let categories = Categories::find()
        .order_by_asc(entities::categories::Column::Id)
        .all(db)
        .await
        .unwrap();
    let seeded: Vec<(i16, &str)> = categories.iter().map(|c| (c.id, c.key.as_str())).collect();
    assert_eq!(
        seeded,
        [
            (1, "insights"),
            (2, "success-stories"),
            (3, "products"),
            (4, "culture"),
            (5, "recruiting"),
            (6, "notices"),
            (7, "press"),
            (8, "original-series"),
            (9, "plus-series"),
        ]
    );
    assert_eq!(categories[0].name_ko, "인사이트");
    assert_eq!(categories[8].name_en, "Plus series");
}

/// Rows through the entities: auto-increment ids, defaults, JSON, timestamps, relations,
/// and what deleting a member cascades to or sets NULL.
pub(super) async fn check_rows(db: &DatabaseConnection) {
    let (first, second) = check_members(db).await;
    check_refresh_tokens(db, &first).await;
    let business = check_business_and_team(db, &first).await;
    let post = check_posts_and_tags(db, &business, &first).await;
    check_follows_and_bookmarks(db, &second, &business, &post).await;
    check_deleting_members(db, &first, &second, &post, &business).await;
}

/// Two members: ids from 1, defaults, a unique e-mail.
async fn check_members(
    db: &DatabaseConnection,
) -> (entities::members::Model, entities::members::Model) {
    let first = new_member("first@example.com").insert(db).await.unwrap();
    let second = new_member("second@example.com").insert(db).await.unwrap();
    assert_eq!((first.id, second.id), (1, 2), "ids auto-increment from 1");
    assert_eq!(
        (first.role.as_str(), first.status.as_str()),
        ("USER", "ACTIVE")
    );
    assert_eq!(
        (first.failed_login_count, first.marketing_opt_in),
        (0, false)
    );
    assert_eq!(
        Members::find_by_id(first.id).one(db).await.unwrap(),
        Some(first.clone())
    );

    let duplicate = new_member("first@example.com").insert(db).await;
    assert!(duplicate.is_err(), "e-mail is unique");
    (first, second)
}

/// A refresh-token family with JSON device data, and its token.
async fn check_refresh_tokens(db: &DatabaseConnection, first: &entities::members::Model) {
    let family = entities::refresh_token_families::ActiveModel {
        member_id: Set(first.id),
        auto_login: Set(true),
        device: Set(Some(
            serde_json::json!({"deviceType": "PC", "deviceOs": "MAC"}),
        )),
        created_at: Set(at(9)),
        last_used_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::refresh_tokens::ActiveModel {
        family_id: Set(family.id),
        token_hash: Set("hash-of-refresh-token".into()),
        created_at: Set(at(9)),
        expires_at: Set(at(10)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let families = first
        .find_related(RefreshTokenFamilies)
        .all(db)
        .await
        .unwrap();
    assert_eq!(families, std::slice::from_ref(&family));
    assert_eq!(
        families[0].device.as_ref().unwrap()["deviceType"],
        serde_json::json!("PC")
    );
    let tokens = family.find_related(RefreshTokens).all(db).await.unwrap();
    assert_eq!(tokens.len(), 1);
}

/// A verified business and its master.
async fn check_business_and_team(
    db: &DatabaseConnection,
    first: &entities::members::Model,
) -> entities::businesses::Model {
    let business = entities::businesses::ActiveModel {
        name: Set("타이드마크".into()),
        description: Set("A business".into()),
        industry: Set("IT".into()),
        registration_number: Set("1234567891".into()),
        verified_at: Set(Some(at(9))),
        verified_by: Set(Some(first.id)),
        created_at: Set(at(9)),
        updated_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!((business.id, business.follower_count), (1, 0));
    entities::business_members::ActiveModel {
        business_id: Set(business.id),
        member_id: Set(first.id),
        role: Set(BusinessRole::Master),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let managers = business
        .find_related(BusinessMembers)
        .all(db)
        .await
        .unwrap();
    assert_eq!(managers.len(), 1);
    let manager = managers[0].find_related(Members).one(db).await.unwrap();
    assert_eq!(manager.map(|m| m.id), Some(first.id));
    business
}

/// Two posts with their category and business, and a tag.
async fn check_posts_and_tags(
    db: &DatabaseConnection,
    business: &entities::businesses::Model,
    first: &entities::members::Model,
) -> entities::posts::Model {
    let post = new_post(business.id, first.id).insert(db).await.unwrap();
    let other_post = new_post(business.id, first.id).insert(db).await.unwrap();
    assert_eq!((post.id, other_post.id), (1, 2));
    assert_eq!((post.view_count, post.popular_score), (0, 0.0));
    assert_eq!(
        Posts::find_by_id(post.id).one(db).await.unwrap(),
        Some(post.clone())
    );
    let (_, category) = Posts::find_by_id(post.id)
        .find_also_related(Categories)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(category.map(|c| c.key), Some("press".to_string()));
    let owner = post.find_related(Businesses).one(db).await.unwrap();
    assert_eq!(owner.map(|b| b.name), Some("타이드마크".to_string()));

    let tag = entities::tags::ActiveModel {
        name: Set("ai".into()),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::post_tags::ActiveModel {
        post_id: Set(post.id),
        tag_id: Set(tag.id),
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!(post.find_related(Tags).all(db).await.unwrap(), [tag]);
    post
}

async fn check_follows_and_bookmarks(
    db: &DatabaseConnection,
    second: &entities::members::Model,
    business: &entities::businesses::Model,
    post: &entities::posts::Model,
) {
    entities::follows::ActiveModel {
        member_id: Set(second.id),
        business_id: Set(business.id),
        source: Set("Follow_CorpProfile".into()),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::bookmarks::ActiveModel {
        member_id: Set(second.id),
        post_id: Set(post.id),
        source: Set("Bookmark_Content".into()),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!(second.find_related(Follows).all(db).await.unwrap().len(), 1);
    assert_eq!(post.find_related(Bookmarks).all(db).await.unwrap().len(), 1);
}

/// What deleting a member cascades to or sets NULL.
async fn check_deleting_members(
    db: &DatabaseConnection,
    first: &entities::members::Model,
    second: &entities::members::Model,
    post: &entities::posts::Model,
    business: &entities::businesses::Model,
) {
    // A reader's follows and bookmarks are theirs: they go with the account.
    Members::delete_by_id(second.id).exec(db).await.unwrap();
    assert_eq!(Follows::find().count(db).await.unwrap(), 0);
    assert_eq!(Bookmarks::find().count(db).await.unwrap(), 0);

    // Authorship and verification are references: the post and business stay, unattributed;
    // the account's own rows (refresh tokens, team membership) go.
    Members::delete_by_id(first.id).exec(db).await.unwrap();
    let post = Posts::find_by_id(post.id).one(db).await.unwrap().unwrap();
    assert_eq!(post.author_member_id, None);
    let business = Businesses::find_by_id(business.id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(business.verified_by, None);
    assert_eq!(RefreshTokens::find().count(db).await.unwrap(), 0);
    assert_eq!(BusinessMembers::find().count(db).await.unwrap(), 0);
}

/// One business-level row (`post_id` NULL) per business and day, one row per post and day,
/// and an upsert that finds the existing row through `analytics_daily::on_conflict`.
pub(super) async fn check_analytics_daily_uniqueness(db: &DatabaseConnection) {
    use entities::analytics_daily::{on_conflict, ActiveModel, Column};

    let business_id = Businesses::find().one(db).await.unwrap().unwrap().id;
    let post_id = Posts::find().one(db).await.unwrap().unwrap().id;
    let row = |post_id: Option<i64>, views: i64| ActiveModel {
        day: Set("2026-11-22".into()),
        business_id: Set(business_id),
        post_id: Set(post_id),
        views: Set(views),
        ..Default::default()
    };

    row(None, 1).insert(db).await.unwrap();
    row(Some(post_id), 1).insert(db).await.unwrap();
    assert!(
        row(None, 1).insert(db).await.is_err(),
        "a second business-level row for the same day is refused"
    );
    assert!(
        row(Some(post_id), 1).insert(db).await.is_err(),
        "a second row for the same post and day is refused"
    );

    AnalyticsDaily::insert(row(None, 5))
        .on_conflict(
            on_conflict()
                .value(
                    Column::Views,
                    Expr::col((AnalyticsDaily, Column::Views)).add(5),
                )
                .to_owned(),
        )
        .exec(db)
        .await
        .unwrap();
    let totals = AnalyticsDaily::find()
        .filter(Column::PostId.is_null())
        .all(db)
        .await
        .unwrap();
    assert_eq!(totals.len(), 1, "the upsert updated the existing row");
    assert_eq!(totals[0].views, 6);
    assert_eq!(AnalyticsDaily::find().count(db).await.unwrap(), 2);
}
