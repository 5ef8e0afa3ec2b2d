//! The main scenario's searches for posts and businesses: Korean and English words,
//! highlights, sorting, cursor paging, businesses with their figures, and bad input.

use super::*;

fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids
}

pub(super) async fn korean_and_english_words_are_found(app: &TestApp, c: &Corpus) {
    // Korean inside a compound and before a particle; any two syllables of it.
    let found = search(app, "마케팅", "").await;
    assert_eq!(sorted(post_ids(&found)), sorted(vec![c.secret, c.budget]));
    assert_eq!(found["total"], 2);
    assert_eq!(
        post_ids(&search(app, "케팅", "").await),
        [c.secret, c.budget]
    );
    assert!(post_ids(&search(app, "마팅", "").await).is_empty());
    // A particle on the query is no obstacle either.
    assert_eq!(
        post_ids(&search(app, "마케팅을", "").await),
        [c.secret, c.budget]
    );
    // One syllable and two.
    assert_eq!(post_ids(&search(app, "앱", "").await), [c.app_launch]);
    assert_eq!(post_ids(&search(app, "카페", "").await), [c.cafe]);
    assert_eq!(post_ids(&search(app, "비밀", "").await), [c.secret]);
    // English: case-insensitive, accent-insensitive, whole words.
    assert_eq!(post_ids(&search(app, "MARKETING", "").await), [c.english]);
    assert_eq!(post_ids(&search(app, "cafe", "").await), [c.cafe]);
    assert_eq!(post_ids(&search(app, "CAFÉ", "").await), [c.cafe]);
    assert!(post_ids(&search(app, "market", "").await).is_empty());
    // Every part must match.
    assert_eq!(
        post_ids(&search(app, "스타트업 앱", "").await),
        [c.app_launch]
    );
    // The business's name is on its posts.
    assert_eq!(search(app, "그로스랩", "").await["total"], 5);
}

pub(super) async fn items_carry_their_business_and_highlights_in_utf16_units(
    app: &TestApp,
    c: &Corpus,
) {
    let found = search(app, "비밀 회사", "").await;
    let item = &found["items"][0];
    assert_eq!(item["postSeq"], c.secret);
    assert_eq!(item["title"], "성장하는 브랜드의 비밀");
    assert_eq!(item["businessId"], c.growth);
    assert_eq!(item["businessName"], "그로스랩");
    assert_eq!(item["categoryId"], 1);
    assert!(item["publishedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(item["highlights"]["title"], serde_json::json!([[10, 12]]));
    assert_eq!(item["highlights"]["summary"], serde_json::json!([[3, 5]]));
    let found = search(app, "cafe", "").await;
    assert_eq!(
        found["items"][0]["highlights"]["title"],
        serde_json::json!([[0, 4]])
    );
}

pub(super) async fn posts_sort_by_score_by_publication_or_by_relevance(app: &TestApp, c: &Corpus) {
    // Popular: by score; latest: by publication.
    let popular = search(app, "스타트업", "&sort=POPULAR").await;
    assert_eq!(post_ids(&popular), [c.app_launch, c.secret, c.english]);
    let latest = search(app, "스타트업", "&sort=LATEST").await;
    assert_eq!(post_ids(&latest), [c.english, c.app_launch, c.secret]);
    let relevance = search(app, "마케팅", "&sort=RELEVANCE").await;
    assert_eq!(
        post_ids(&relevance)[0],
        c.budget,
        "a title match ranks first"
    );
}

/// Adds 25 posts of a series (equal scores among them) that the later steps count on.
pub(super) async fn cursor_paging_gives_every_post_once_for_its_own_search(
    app: &TestApp,
    c: &Corpus,
) {
    // Paging: 25 more posts, equal scores among them, pages of 7: each post once, in order.
    let mut series = Vec::new();
    for n in 0..25 {
        series.push(
            new_post(
                app,
                c.growth,
                NewPost {
                    title: &format!("연재 {n}화"),
                    summary: "주간 연재",
                    body: "매주 나오는 글",
                    score: (n % 4) as f64,
                    age_hours: 200 + n,
                    ..Default::default()
                },
            )
            .await,
        );
    }
    app.state.search.flush().await.unwrap();
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    for page in 0.. {
        let extra = match &cursor {
            Some(cursor) => format!("&size=7&cursor={cursor}"),
            None => "&size=7".into(),
        };
        let data = search(app, "연재", &extra).await;
        assert_eq!(data["total"], 25);
        seen.extend(post_ids(&data));
        match data["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
        assert!(page < 10, "paging does not end");
    }
    let mut expected = series.clone();
    expected.sort_by_key(|id| {
        let n = series.iter().position(|s| s == id).unwrap() as i64;
        (-(n % 4), -id)
    });
    assert_eq!(seen, expected, "every post once, by score then newest id");
    // A cursor is only good for its own search.
    let first = search(app, "연재", "&size=7").await;
    let (status, _) = app
        .get(&format!(
            "/api/v1/search?q={}&sort=LATEST&cursor={}",
            urlencode("연재"),
            first["nextCursor"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, 400);
}

pub(super) async fn businesses_are_found_with_their_figures(app: &TestApp, c: &Corpus) {
    let data = search(app, "컨설팅", "&type=BUSINESS").await;
    assert_eq!(data["total"], 1);
    let item = &data["items"][0];
    assert_eq!(item["businessId"], c.growth);
    assert_eq!(item["name"], "그로스랩");
    assert_eq!(item["industry"], "컨설팅");
    assert_eq!(item["followerCount"], 12);
    assert_eq!(item["verified"], true);
    assert_eq!(
        item["highlights"]["description"],
        serde_json::json!([[17, 20]])
    );
    let demo = search(app, "데모", "&type=BUSINESS").await;
    assert_eq!(demo["items"][0]["name"], "타이드마크 데모");
}

pub(super) async fn bad_input_is_refused_and_punctuation_finds_nothing(app: &TestApp) {
    for path in [
        format!("/api/v1/search?q={}", "가".repeat(101)),
        "/api/v1/search".into(),
        "/api/v1/search?q=a&type=POSTS".into(),
        "/api/v1/search?q=a&sort=OLDEST".into(),
        "/api/v1/search?q=a&size=0".into(),
        "/api/v1/search?q=a&size=51".into(),
        "/api/v1/search?q=a&cursor=nonsense".into(),
        "/api/v1/search/suggestions?q=a&mode=Other".into(),
    ] {
        let (status, body) = app.get(&urlencode_path(&path)).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(body["code"], "104");
    }
    // Punctuation only: no searchable token, no result, no error.
    let nothing = search(app, "?!… --", "").await;
    assert_eq!(nothing["total"], 0);
    assert_eq!(nothing["items"], serde_json::json!([]));
    assert_eq!(nothing["nextCursor"], Value::Null);
}

fn urlencode_path(path: &str) -> String {
    match path.split_once("?q=") {
        Some((head, rest)) => {
            let (q, tail) = rest.split_once('&').unwrap_or((rest, ""));
            let tail = if tail.is_empty() {
                String::new()
            } else {
                format!("&{tail}")
            };
            format!("{head}?q={}{tail}", urlencode(q))
        }
        None => path.to_string(),
    }
}
