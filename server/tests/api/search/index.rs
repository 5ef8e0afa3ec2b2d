//! The index follows the database: hidden posts and renamed businesses in the main scenario,
//! and a rebuild, for operators only, that changes no result.

use super::*;

pub(super) async fn a_hidden_post_and_a_renamed_business_are_followed_by_the_index(
    app: &TestApp,
    c: &Corpus,
) {
    let db = &app.state.db;
    // A post hidden later disappears once synced; so do its suggestions.
    let mut hidden: posts::ActiveModel = posts::Entity::find_by_id(c.cafe)
        .one(db)
        .await
        .unwrap()
        .unwrap()
        .into();
    hidden.status = Set(PostStatus::Hidden);
    hidden.update(db).await.unwrap();
    app.state.search.sync_post(db, c.cafe).await.unwrap();
    app.state.search.flush().await.unwrap();
    assert!(post_ids(&search(app, "cafe", "").await).is_empty());
    assert!(!suggestions(app, "caf", "Typing")
        .await
        .iter()
        .any(|i| i["postSeq"] == c.cafe));

    // A renamed business: its posts follow.
    let mut renamed: businesses::ActiveModel = businesses::Entity::find_by_id(c.growth)
        .one(db)
        .await
        .unwrap()
        .unwrap()
        .into();
    renamed.name = Set("성장연구소".into());
    renamed.update(db).await.unwrap();
    app.state.search.sync_business(db, c.growth).await.unwrap();
    app.state.search.flush().await.unwrap();
    assert_eq!(search(app, "연구소", "").await["total"], 29);
    assert_eq!(search(app, "그로스랩", "").await["total"], 0);
    assert_eq!(
        search(app, "연구소", "&type=BUSINESS").await["items"][0]["businessId"],
        c.growth
    );
}

pub(super) async fn a_rebuild_is_for_operators_and_changes_no_result(
    app: &TestApp,
    c: &Corpus,
    reader: &reqwest::Client,
) {
    let db = &app.state.db;
    // Rebuild: operators only; counts; the same results after.
    let before_latest = post_ids(&search(app, "스타트업", "&sort=LATEST").await);
    let before_marketing = post_ids(&search(app, "마케팅", "").await);
    // Each change committed apart left a segment of its own.
    assert!(
        app.state.search.segments() > 1,
        "{}",
        app.state.search.segments()
    );
    let (status, _) = reader_post(reader, app, "/api/v1/admin/search/rebuild").await;
    assert_eq!(status, 403);
    let (status, _) = app.post("/api/v1/admin/search/rebuild", Value::Null).await;
    assert_eq!(status, 401);
    let admin = app.signed_in("admin@tidemark.test").await;
    let (status, body) = reader_post(&admin, app, "/api/v1/admin/search/rebuild").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["posts"], 29,
        "4 public posts and 25 of the series"
    );
    let business_count = businesses::Entity::find().count(db).await.unwrap();
    assert_eq!(body["data"]["businesses"], business_count);
    assert!(body["data"]["millis"].is_u64());
    // A rebuild ends in one segment, whatever it wrote on the way.
    assert_eq!(app.state.search.segments(), 1);
    assert_eq!(
        post_ids(&search(app, "스타트업", "&sort=LATEST").await),
        before_latest
    );
    assert_eq!(post_ids(&search(app, "마케팅", "").await), before_marketing);
    assert!(post_ids(&search(app, "cafe", "").await).is_empty());
    for id in &c.never {
        assert!(!post_ids(&search(app, "마케팅 앱", "&size=50").await).contains(id));
    }
    let items = suggestions(app, "맠", "Typing").await;
    assert!(items.iter().any(|i| i["postSeq"] == c.budget));
}

async fn reader_post(client: &reqwest::Client, app: &TestApp, path: &str) -> (u16, Value) {
    read(
        client
            .post(app.url(path))
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await
}
