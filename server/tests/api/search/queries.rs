//! What the main scenario's searchers leave behind: suggestions (prefixes, initial consonants,
//! half-typed syllables), the search log, related keywords and popular searches.

use super::*;
use tidemark_server::entities::search_log;

/// Waits until the search log holds `count` rows (searches are logged off the answer's path).
async fn logged(app: &TestApp, count: u64) {
    for _ in 0..100 {
        let rows = search_log::Entity::find()
            .count(&app.state.db)
            .await
            .unwrap();
        if rows >= count {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the search log did not reach {count} rows");
}

async fn search_as_guest(app: &TestApp, guest: &str, query: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/v1/search?q={}", urlencode(query))))
        .header("_tma_id", guest)
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

pub(super) async fn suggestions_complete_prefixes_initials_and_half_typed_syllables(
    app: &TestApp,
    c: &Corpus,
) {
    for typed in ["마케", "ㅁㅋㅌ", "맠"] {
        let items = suggestions(app, typed, "Typing").await;
        assert!(items.len() <= 10);
        assert!(
            items.iter().any(|i| i["text"] == "마케팅 예산 짜는 법"
                && i["kind"] == "post"
                && i["postSeq"] == c.budget),
            "{typed}: {items:?}"
        );
        assert!(
            items
                .iter()
                .any(|i| i["text"] == "마케팅" && i["kind"] == "tag"),
            "{typed}: {items:?}"
        );
        assert!(items
            .iter()
            .all(|i| !c.never.contains(&i["postSeq"].as_i64().unwrap_or(0))));
    }
    let items = suggestions(app, "그로", "Typing").await;
    assert!(items
        .iter()
        .any(|i| i["kind"] == "business" && i["businessId"] == c.growth));
    let items = suggestions(app, "ㅊㅇ", "Typing").await;
    assert!(items
        .iter()
        .any(|i| i["kind"] == "category" && i["text"] == "채용" && i["categoryId"] == 5));
    // A word inside a title: 체크 finds 모바일 앱 출시 체크리스트.
    let items = suggestions(app, "체크", "Typing").await;
    assert!(items.iter().any(|i| i["postSeq"] == c.app_launch));
}

/// Four guests and the demo reader search; answers the reader's signed-in client.
pub(super) async fn searches_are_logged_normalized_with_their_result_counts(
    app: &TestApp,
) -> reqwest::Client {
    let db = &app.state.db;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before = search_log::Entity::find().count(db).await.unwrap();
    // Guest ids the server handed out (only those count towards popular searches).
    let (guest_a, guest_b, guest_c, guest_d) = (
        new_guest_id(app).await,
        new_guest_id(app).await,
        new_guest_id(app).await,
        new_guest_id(app).await,
    );
    search_as_guest(app, &guest_a, "  마케팅   ").await;
    search_as_guest(app, &guest_a, "브랜딩").await;
    search_as_guest(app, &guest_b, "마케팅").await;
    search_as_guest(app, &guest_b, "예산").await;
    search_as_guest(app, &guest_c, "브랜딩").await;
    search_as_guest(app, &guest_c, "마케팅").await;
    search_as_guest(app, &guest_d, "마케팅").await;
    search_as_guest(app, &guest_d, "브랜딩").await;
    logged(app, before + 8).await;
    let rows = search_log::Entity::find()
        .filter(search_log::Column::GuestId.eq(guest_a.as_str()))
        .all(db)
        .await
        .unwrap();
    assert_eq!(rows.len(), 2);
    let marketing = rows.iter().find(|r| r.normalized == "마케팅").unwrap();
    assert_eq!(marketing.query, "마케팅");
    assert_eq!(marketing.result_count, 2);
    assert_eq!(marketing.member_id, None);
    let reader = app.signed_in("reader@tidemark.test").await;
    let response = reader
        .get(app.url(&format!(
            "/api/v1/search?q={}",
            urlencode("Korean  STARTUPS")
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    logged(app, before + 9).await;
    let row = search_log::Entity::find()
        .filter(search_log::Column::Normalized.eq("korean startups"))
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert!(row.member_id.is_some());
    assert_eq!(row.result_count, 1);
    reader
}

pub(super) async fn related_keywords_come_from_the_same_searchers_then_from_tags(app: &TestApp) {
    // Related: searched together by the same guest, then tags found with the keyword.
    let related = suggestions(app, "마케팅", "Related").await;
    let texts: Vec<&str> = related
        .iter()
        .map(|i| i["text"].as_str().unwrap())
        .collect();
    assert!(texts.len() <= 10);
    assert_eq!(related[0]["kind"], "query");
    assert!(
        texts[..2].contains(&"브랜딩") && texts[..2].contains(&"예산"),
        "{texts:?}"
    );
    assert!(related
        .iter()
        .any(|i| i["text"] == "브랜딩" && i["kind"] == "query"));
    assert!(!texts.contains(&"마케팅"));
    let related = suggestions(app, "스타트업", "Related").await;
    let tags_found: Vec<&str> = related
        .iter()
        .filter(|i| i["kind"] == "tag")
        .map(|i| i["text"].as_str().unwrap())
        .collect();
    for tag in ["브랜딩", "앱", "english"] {
        assert!(tags_found.contains(&tag), "{tag}: {tags_found:?}");
    }
    assert!(suggestions(app, "", "Related").await.is_empty());
}

/// The people (visitors) who searched each normalized query with results.
fn searchers(rows: Vec<search_log::Model>) -> HashMap<String, HashSet<String>> {
    let mut people: HashMap<String, HashSet<String>> = HashMap::new();
    for row in rows {
        if let (Some(visitor), true) = (row.visitor, row.result_count > 0) {
            people.entry(row.normalized).or_default().insert(visitor);
        }
    }
    people
}

pub(super) async fn popular_searches_count_the_people_the_server_vouches_for(app: &TestApp) {
    let db = &app.state.db;
    // Popular searches: 마케팅 was searched by most people (searches without results and
    // searchers the server cannot vouch for do not count).
    let people = searchers(search_log::Entity::find().all(db).await.unwrap());
    let expected = people["마케팅"].len();
    assert_eq!(expected, 4, "guests a to d");
    let (status, body) = app.get("/api/v1/search/popular").await;
    assert_eq!(status, 200);
    let popular = &body["data"];
    assert_eq!(popular["items"][0]["query"], "마케팅", "{popular}");
    assert_eq!(popular["items"][0]["count"], expected);
    assert!(popular["items"].as_array().unwrap().len() <= 10);
    assert!(popular["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["query"] != "마팅"));
    let distinct_today = people
        .values()
        .filter(|visitors| visitors.len() as i64 >= tidemark_server::search_index::MIN_VISITORS)
        .count();
    let period = if distinct_today >= 10 {
        "today"
    } else {
        "week"
    };
    assert_eq!(popular["period"], period);
    // Nothing typed: the popular searches.
    let items = suggestions(app, "", "Typing").await;
    assert_eq!(items[0]["text"], "마케팅");
    assert_eq!(items[0]["kind"], "query");
    // Popular queries complete too, once read.
    app.state
        .search
        .refresh_query_suggestions(db)
        .await
        .unwrap();
    let items = suggestions(app, "브ㄹ", "Typing").await;
    assert!(
        items
            .iter()
            .any(|i| i["text"] == "브랜딩" && i["kind"] == "query"),
        "{items:?}"
    );
}
