//! Tests of the search API: Korean without a dictionary (syllable n-grams), English words,
//! sorting and cursor paging, businesses, suggestions (prefix, initial consonants,
//! half-typed syllables), related keywords, popular searches, the index following the
//! database (hidden posts go, rebuilds change nothing), and the recall of the analysis on a
//! small Korean corpus.

mod index;
mod queries;
mod recall;
mod results;

use crate::helpers::*;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{businesses, post_tags, posts, tags};

use index::{
    a_hidden_post_and_a_renamed_business_are_followed_by_the_index,
    a_rebuild_is_for_operators_and_changes_no_result,
};
use queries::{
    popular_searches_count_the_people_the_server_vouches_for,
    related_keywords_come_from_the_same_searchers_then_from_tags,
    searches_are_logged_normalized_with_their_result_counts,
    suggestions_complete_prefixes_initials_and_half_typed_syllables,
};
use results::{
    bad_input_is_refused_and_punctuation_finds_nothing, businesses_are_found_with_their_figures,
    cursor_paging_gives_every_post_once_for_its_own_search,
    items_carry_their_business_and_highlights_in_utf16_units, korean_and_english_words_are_found,
    posts_sort_by_score_by_publication_or_by_relevance,
};

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

async fn suggestions(app: &TestApp, query: &str, mode: &str) -> Vec<Value> {
    let path = format!(
        "/api/v1/search/suggestions?q={}&mode={mode}",
        urlencode(query)
    );
    let (status, body) = app.get(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"]["items"].as_array().unwrap().clone()
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
