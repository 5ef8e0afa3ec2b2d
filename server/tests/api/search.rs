//! Tests of the search API: Korean without a dictionary (syllable n-grams), English words,
//! sorting and cursor paging, businesses, suggestions (prefix, initial consonants,
//! half-typed syllables), related keywords, popular searches, the index following the
//! database (hidden posts go, rebuilds change nothing), and the recall of the analysis on a
//! small Korean corpus.

use crate::helpers::*;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{businesses, post_tags, posts, search_log, tags};

async fn new_business(app: &TestApp, name: &str, description: &str, industry: &str) -> i64 {
    let now = Utc::now();
    let number = format!("{:010}", rand_number());
    let id = businesses::ActiveModel {
        name: Set(name.into()),
        description: Set(description.into()),
        industry: Set(industry.into()),
        registration_number: Set(number),
        verified_at: Set(Some(now)),
        follower_count: Set(12),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id;
    app.state
        .search
        .sync_business(&app.state.db, id)
        .await
        .unwrap();
    id
}

fn rand_number() -> u64 {
    let id = uuid::Uuid::new_v4().as_u128();
    (id % 9_000_000_000) as u64 + 1_000_000_000
}

struct NewPost<'a> {
    title: &'a str,
    summary: &'a str,
    body: &'a str,
    tags: &'a [&'a str],
    score: f64,
    /// Hours since publication (negative: in the future).
    age_hours: i64,
    status: &'a str,
}

impl Default for NewPost<'_> {
    fn default() -> Self {
        NewPost {
            title: "",
            summary: "",
            body: "",
            tags: &[],
            score: 0.0,
            age_hours: 24,
            status: "PUBLISHED",
        }
    }
}

/// Writes a post straight into the database, as the post API would, then syncs it.
async fn new_post(app: &TestApp, business: i64, post: NewPost<'_>) -> i64 {
    let db = &app.state.db;
    let at = Utc::now() - Duration::hours(post.age_hours);
    let scheduled = post.status == "SCHEDULED";
    let id = posts::ActiveModel {
        business_id: Set(business),
        author_member_id: Set(None),
        category_id: Set(1),
        title: Set(post.title.into()),
        summary: Set(post.summary.into()),
        body_html: Set(format!("<p>{}</p>", post.body)),
        body_text: Set(post.body.into()),
        status: Set(PostStatus::parse(post.status).expect("a post status")),
        publish_at: Set(scheduled.then_some(at)),
        published_at: Set((post.status != "DRAFT").then_some(at)),
        popular_score: Set(post.score),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id;
    for name in post.tags {
        let tag = match tags::Entity::find()
            .filter(tags::Column::Name.eq(*name))
            .one(db)
            .await
            .unwrap()
        {
            Some(tag) => tag.id,
            None => {
                tags::ActiveModel {
                    name: Set(name.to_string()),
                    ..Default::default()
                }
                .insert(db)
                .await
                .unwrap()
                .id
            }
        };
        post_tags::ActiveModel {
            post_id: Set(id),
            tag_id: Set(tag),
        }
        .insert(db)
        .await
        .unwrap();
    }
    app.state.search.sync_post(db, id).await.unwrap();
    id
}

async fn search(app: &TestApp, query: &str, extra: &str) -> Value {
    let path = format!("/api/v1/search?q={}{extra}", urlencode(query));
    let (status, body) = app.get(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn post_ids(data: &Value) -> Vec<i64> {
    data["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["postSeq"].as_i64().unwrap())
        .collect()
}

fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids
}

async fn suggestions(app: &TestApp, query: &str, mode: &str) -> Vec<Value> {
    let path = format!(
        "/api/v1/search/suggestions?q={}&mode={mode}",
        urlencode(query)
    );
    let (status, body) = app.get(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"]["items"].as_array().unwrap().clone()
}

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

/// The public posts of the main scenario: title, summary, body, tags, score, hours since
/// publication.
type PublicPost = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    f64,
    i64,
);

const PUBLIC_POSTS: [PublicPost; 5] = [
    (
        "성장하는 브랜드의 비밀",
        "작은 회사가 고객을 모으는 법",
        "이번 글에서는 디지털마케팅을 처음 시작하는 방법을 다룹니다.",
        &["브랜딩", "스타트업"],
        50.0,
        72,
    ),
    (
        "모바일 앱 출시 체크리스트",
        "앱을 처음 내놓는 팀을 위한 준비물",
        "출시 전에 확인할 항목을 정리했습니다.",
        &["앱", "스타트업"],
        80.0,
        48,
    ),
    (
        "Content Marketing for Korean startups",
        "A practical guide to growth in Seoul",
        "Why marketing budgets should follow the customer.",
        &["스타트업", "english"],
        10.0,
        24,
    ),
    (
        "Café 창업 이야기",
        "동네 카페를 연 사람들",
        "커피 한 잔에 담긴 이야기",
        &["카페"],
        30.0,
        96,
    ),
    (
        "마케팅 예산 짜는 법",
        "분기별 예산표 예시",
        "광고비와 인건비를 나눠 봅니다.",
        &["마케팅", "예산"],
        20.0,
        120,
    ),
];

/// The starting point of the main scenario: one business, the five [`PUBLIC_POSTS`] and three
/// posts that are never public (with words and scores that would put them first).
struct Corpus {
    growth: i64,
    secret: i64,
    app_launch: i64,
    english: i64,
    cafe: i64,
    budget: i64,
    never: Vec<i64>,
}

async fn corpus(app: &TestApp) -> Corpus {
    app.state.search.ensure_built(&app.state.db).await.unwrap();
    let growth = new_business(
        app,
        "그로스랩",
        "스타트업의 성장을 돕는 마케팅 컨설팅 회사",
        "컨설팅",
    )
    .await;
    let mut public = Vec::new();
    for (title, summary, body, tags, score, age_hours) in PUBLIC_POSTS {
        let post = NewPost {
            title,
            summary,
            body,
            tags,
            score,
            age_hours,
            ..Default::default()
        };
        public.push(new_post(app, growth, post).await);
    }
    let [secret, app_launch, english, cafe, budget] = public[..] else {
        unreachable!("five public posts")
    };
    // Never public: a draft, a post scheduled for tomorrow, a hidden one.
    let mut never = Vec::new();
    for (status, age) in [("DRAFT", 1), ("SCHEDULED", -24), ("HIDDEN", 5)] {
        never.push(
            new_post(
                app,
                growth,
                NewPost {
                    title: "마케팅 앱 Café 비밀 스타트업",
                    summary: "마케팅 앱",
                    body: "디지털마케팅을 위한 앱",
                    tags: &["마케팅", "앱"],
                    score: 1000.0,
                    age_hours: age,
                    status,
                },
            )
            .await,
        );
    }
    app.state.search.flush().await.unwrap();
    Corpus {
        growth,
        secret,
        app_launch,
        english,
        cafe,
        budget,
        never,
    }
}

#[tokio::test]
async fn search_suggestions_and_popular_searches() {
    on_each_database(|app: TestApp| async move {
        let c = corpus(&app).await;
        korean_and_english_words_are_found(&app, &c).await;
        items_carry_their_business_and_highlights_in_utf16_units(&app, &c).await;
        posts_sort_by_score_by_publication_or_by_relevance(&app, &c).await;
        cursor_paging_gives_every_post_once_for_its_own_search(&app, &c).await;
        businesses_are_found_with_their_figures(&app, &c).await;
        bad_input_is_refused_and_punctuation_finds_nothing(&app).await;
        suggestions_complete_prefixes_initials_and_half_typed_syllables(&app, &c).await;
        let reader = searches_are_logged_normalized_with_their_result_counts(&app).await;
        related_keywords_come_from_the_same_searchers_then_from_tags(&app).await;
        popular_searches_count_the_people_the_server_vouches_for(&app).await;
        a_hidden_post_and_a_renamed_business_are_followed_by_the_index(&app, &c).await;
        a_rebuild_is_for_operators_and_changes_no_result(&app, &c, &reader).await;
    })
    .await;
}

async fn korean_and_english_words_are_found(app: &TestApp, c: &Corpus) {
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

async fn items_carry_their_business_and_highlights_in_utf16_units(app: &TestApp, c: &Corpus) {
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

async fn posts_sort_by_score_by_publication_or_by_relevance(app: &TestApp, c: &Corpus) {
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
async fn cursor_paging_gives_every_post_once_for_its_own_search(app: &TestApp, c: &Corpus) {
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

async fn businesses_are_found_with_their_figures(app: &TestApp, c: &Corpus) {
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

async fn bad_input_is_refused_and_punctuation_finds_nothing(app: &TestApp) {
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

async fn suggestions_complete_prefixes_initials_and_half_typed_syllables(
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
async fn searches_are_logged_normalized_with_their_result_counts(app: &TestApp) -> reqwest::Client {
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

async fn related_keywords_come_from_the_same_searchers_then_from_tags(app: &TestApp) {
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

async fn popular_searches_count_the_people_the_server_vouches_for(app: &TestApp) {
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
        .filter(|visitors| visitors.len() as i64 >= tidemark_server::index::MIN_VISITORS)
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

async fn a_hidden_post_and_a_renamed_business_are_followed_by_the_index(app: &TestApp, c: &Corpus) {
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

async fn a_rebuild_is_for_operators_and_changes_no_result(
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

/// The corpus of [`recall_on_a_korean_corpus`]: title, summary, body.
const DOCUMENTS: [(&str, &str, &str); 40] = [
    (
        "디지털 마케팅 입문",
        "검색광고와 SNS 광고의 차이",
        "디지털마케팅을 처음 시작하는 팀을 위한 안내서입니다.",
    ),
    (
        "인스타그램 광고 성과 높이기",
        "릴스 광고 운영 팁",
        "인스타그램에서 광고비를 아끼는 방법을 정리했습니다.",
    ),
    (
        "스타트업 투자 유치 가이드",
        "시드 투자부터 시리즈A까지",
        "투자자를 만나기 전에 준비할 자료와 질문을 모았습니다.",
    ),
    (
        "벤처캐피탈이 보는 초기 기업",
        "심사역 인터뷰",
        "초기 스타트업에 투자할 때 팀을 가장 먼저 봅니다.",
    ),
    (
        "카페 창업 비용 총정리",
        "보증금과 인테리어 비용",
        "동네 카페를 여는 데 드는 돈을 항목별로 나눴습니다.",
    ),
    (
        "바리스타가 알려주는 원두 고르기",
        "산미와 바디감",
        "커피 원두는 로스팅 날짜를 꼭 확인하세요.",
    ),
    (
        "모바일 앱 출시 체크리스트",
        "앱스토어 심사 대비",
        "앱을 출시하기 전에 확인할 항목을 정리했습니다.",
    ),
    (
        "앱 푸시 알림 전략",
        "재방문을 부르는 알림",
        "푸시알림은 보내는 시간이 중요합니다.",
    ),
    (
        "생성형 AI로 업무 자동화하기",
        "챗GPT 활용 사례",
        "인공지능으로 보고서 초안을 쓰는 방법을 소개합니다.",
    ),
    (
        "인공지능 윤리 가이드라인",
        "AI 서비스 운영 원칙",
        "데이터 편향을 줄이기 위한 점검 목록입니다.",
    ),
    (
        "부동산 경매 기초",
        "권리분석이 먼저입니다",
        "경매로 아파트를 살 때 주의할 점을 알아봅니다.",
    ),
    (
        "전세 사기 예방법",
        "계약 전 확인 서류",
        "등기부등본을 확인하지 않으면 전세사기를 당할 수 있습니다.",
    ),
    (
        "집에서 만드는 김치찌개",
        "돼지고기 김치찌개 레시피",
        "잘 익은 김치와 돼지고기로 끓이는 찌개입니다.",
    ),
    (
        "초보를 위한 된장찌개",
        "10분 레시피",
        "된장찌개는 멸치 육수가 맛을 좌우합니다.",
    ),
    (
        "제주도 여행 코스 추천",
        "3박 4일 일정",
        "제주 동쪽 해안도로를 따라가는 여행 일정입니다.",
    ),
    (
        "부산 맛집 지도",
        "해운대와 서면",
        "부산 여행에서 꼭 들를 맛집을 모았습니다.",
    ),
    (
        "홈트레이닝 루틴",
        "하루 20분 운동",
        "집에서 하는 근력 운동으로 체력을 키웁니다.",
    ),
    (
        "마라톤 완주 훈련법",
        "16주 계획",
        "첫 마라톤을 준비하는 러너를 위한 훈련 일정입니다.",
    ),
    (
        "카카오톡 채널 운영법",
        "카카오 비즈니스 활용",
        "카카오톡 채널로 고객과 대화하는 방법입니다.",
    ),
    (
        "네이버 스마트스토어 시작하기",
        "온라인 쇼핑몰 창업",
        "네이버에서 상품을 파는 첫걸음을 안내합니다.",
    ),
    (
        "쿠팡 로켓배송 입점 후기",
        "판매자의 1년",
        "쿠팡에 입점한 중소기업의 경험담입니다.",
    ),
    (
        "토스로 보는 핀테크 트렌드",
        "간편송금의 진화",
        "토스 같은 핀테크 기업이 금융을 바꾸고 있습니다.",
    ),
    (
        "삼성전자 반도체 전망",
        "메모리 업황 분석",
        "삼성전자의 반도체 사업 실적을 살펴봅니다.",
    ),
    (
        "애플 아이폰 신제품 리뷰",
        "카메라와 배터리",
        "애플의 새 아이폰을 2주 동안 써 봤습니다.",
    ),
    (
        "신입사원 온보딩 프로그램",
        "첫 주를 설계하는 법",
        "신입 사원이 빨리 적응하도록 돕는 온보딩 사례입니다.",
    ),
    (
        "재택근무 생산성 높이기",
        "원격 협업 도구",
        "재택 근무를 할 때 집중하는 방법을 공유합니다.",
    ),
    (
        "연말정산 절세 팁",
        "놓치기 쉬운 공제",
        "연말정산에서 의료비 공제를 챙기세요.",
    ),
    (
        "주식 초보 투자 원칙",
        "분산 투자의 힘",
        "주식 투자를 처음 시작한다면 분산투자부터 배우세요.",
    ),
    (
        "브랜드 스토리텔링",
        "고객이 기억하는 이야기",
        "브랜딩은 일관된 이야기에서 시작합니다.",
    ),
    (
        "로고 디자인 트렌드",
        "미니멀 로고의 시대",
        "브랜드 로고 디자인의 최근 흐름을 살펴봅니다.",
    ),
    (
        "유튜브 채널 성장기",
        "구독자 10만 명까지",
        "유튜브 영상 기획과 편집 노하우를 나눕니다.",
    ),
    (
        "틱톡 숏폼 마케팅",
        "짧은 영상의 힘",
        "숏폼 영상으로 브랜드를 알리는 마케팅 사례입니다.",
    ),
    (
        "친환경 패키지 도입기",
        "플라스틱 줄이기",
        "종이 포장재로 바꾼 뒤 고객 반응을 정리했습니다.",
    ),
    (
        "ESG 경영 실천 사례",
        "지속가능경영 보고서",
        "중소기업의 ESG 경영 도입 과정을 소개합니다.",
    ),
    (
        "클라우드 비용 절감",
        "AWS 요금 최적화",
        "클라우드 서버 비용을 30% 줄인 방법입니다.",
    ),
    (
        "데이터 분석가 채용 공고",
        "SQL과 파이썬",
        "데이터분석 팀에서 함께할 분을 찾습니다.",
    ),
    (
        "개발자 커리어 로드맵",
        "주니어에서 시니어로",
        "개발자로 성장하기 위한 학습 순서를 정리했습니다.",
    ),
    (
        "반려견 산책 가이드",
        "강아지와 함께하는 하루",
        "반려견과 산책할 때 챙길 준비물입니다.",
    ),
    (
        "고양이 건강 관리",
        "정기 검진의 중요성",
        "고양이는 아픈 티를 잘 내지 않습니다.",
    ),
    (
        "캠핑 장비 추천",
        "초보 캠퍼의 첫 장비",
        "캠핑을 처음 떠난다면 텐트부터 고르세요.",
    ),
];

/// Query → the documents (by index in [`DOCUMENTS`]) a reader would want.
const JUDGED: &[(&str, &[usize])] = &[
    ("디지털 마케팅", &[0]),
    ("디지털마케팅", &[0]),
    ("마케팅을", &[0, 31]),
    ("마케팅 사례", &[31]),
    ("인스타그램 광고", &[1]),
    ("광고비", &[1]),
    ("스타트업 투자", &[2, 3]),
    ("투자를", &[2, 3, 27]),
    ("카페 창업", &[4]),
    ("카페를 창업하는 비용", &[4]),
    ("원두", &[5]),
    ("커피", &[5]),
    ("앱 출시", &[6]),
    ("푸시 알림", &[7]),
    ("푸시알림", &[7]),
    ("AI", &[8, 9]),
    ("인공지능", &[8, 9]),
    ("챗GPT", &[8]),
    ("경매", &[10]),
    ("전세사기", &[11]),
    ("전세 사기를", &[11]),
    ("김치찌개", &[12]),
    ("찌개 레시피", &[12, 13]),
    ("제주도 여행", &[14]),
    ("부산 맛집", &[15]),
    ("마라톤", &[17]),
    ("카카오톡", &[18]),
    ("네이버", &[19]),
    ("쿠팡에서", &[20]),
    ("토스", &[21]),
    ("삼성전자 반도체", &[22]),
    ("애플", &[23]),
    ("아이폰", &[23]),
    ("온보딩", &[24]),
    ("신입사원", &[24]),
    ("재택근무", &[25]),
    ("연말정산", &[26]),
    ("주식 투자", &[27]),
    ("브랜딩", &[28]),
    ("브랜드", &[28, 29, 31]),
    ("유튜브", &[30]),
    ("숏폼", &[31]),
    ("ESG", &[33]),
    ("esg 경영", &[33]),
    ("클라우드 비용", &[34]),
    ("aws", &[34]),
    ("데이터분석", &[35]),
    ("데이터 분석가", &[35]),
    ("개발자로", &[36]),
    ("반려견", &[37]),
    ("강아지 산책", &[37]),
    ("고양이", &[38]),
    ("캠핑 장비", &[39]),
    ("해운대 맛집", &[15]),
    ("아파트 경매", &[10]),
    ("여행을", &[14, 15]),
    ("원격 협업", &[25]),
    ("고양이 건강", &[38]),
    ("로고", &[29]),
    ("스마트스토어", &[19]),
    ("핀테크", &[21]),
    ("ESG경영", &[33]),
    ("시리즈A", &[2]),
    ("중소기업", &[20, 33]),
    ("영상 편집", &[30]),
];

/// A small Korean corpus and realistic queries (particles, compounds, spacing variants,
/// loanwords, brands): recall and precision@10 of the whole analysis, printed (run with
/// `--nocapture`) and recorded in docs/search.md.
#[tokio::test]
async fn recall_on_a_korean_corpus() {
    let app = TestApp::spawn(None, "sqlite").await;
    let db = &app.state.db;
    app.state.search.ensure_built(db).await.unwrap();
    let business = new_business(&app, "코퍼스", "검색 품질 측정용", "연구").await;
    let mut ids = Vec::new();
    for (n, (title, summary, body)) in DOCUMENTS.iter().enumerate() {
        ids.push(
            new_post(
                &app,
                business,
                NewPost {
                    title,
                    summary,
                    body,
                    score: (n % 7) as f64,
                    age_hours: 24 + n as i64,
                    ..Default::default()
                },
            )
            .await,
        );
    }
    app.state.search.flush().await.unwrap();
    assert!(JUDGED.len() >= 30);
    let mut recall_sum = 0.0;
    let mut precision_sum = 0.0;
    let mut misses = Vec::new();
    for (query, relevant) in JUDGED {
        let data = search(&app, query, "&size=50").await;
        let found = post_ids(&data);
        let relevant: HashSet<i64> = relevant.iter().map(|n| ids[*n]).collect();
        let hits = found.iter().filter(|id| relevant.contains(id)).count();
        recall_sum += hits as f64 / relevant.len() as f64;
        let top: Vec<&i64> = found.iter().take(10).collect();
        let top_hits = top.iter().filter(|id| relevant.contains(id)).count();
        precision_sum += if top.is_empty() {
            0.0
        } else {
            top_hits as f64 / top.len() as f64
        };
        if hits < relevant.len() || top_hits < top.len() {
            let titles: HashMap<i64, &str> = ids
                .iter()
                .zip(DOCUMENTS.iter())
                .map(|(id, d)| (*id, d.0))
                .collect();
            misses.push(format!(
                "  {query}: found {:?}",
                found.iter().map(|id| titles[id]).collect::<Vec<_>>()
            ));
        }
    }
    let count = JUDGED.len() as f64;
    let recall = recall_sum / count;
    let precision = precision_sum / count;
    println!(
        "search quality on {} documents, {} queries: recall {recall:.3}, precision@10 {precision:.3}",
        DOCUMENTS.len(),
        JUDGED.len()
    );
    for miss in &misses {
        println!("{miss}");
    }
    assert!(recall >= 0.95, "recall {recall:.3}");
}
