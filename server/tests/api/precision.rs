//! Search precision and recall over the large data set (the generator behind
//! `tidemark generate-large`): for 30 multi-word queries in Korean and English, every post a
//! search returns holds every word of the query — Korean as a substring (a word, a compound
//! part, a stem before its ending: 마케팅 in 디지털마케팅을), English as a word or one of its
//! inflections — and the figures against that ground truth are printed. The set's size is
//! `TIDEMARK_PRECISION_POSTS` (10,000 by default; the load benchmark's set is 100,000).

use crate::helpers::*;
use sea_orm::EntityTrait;
use std::collections::{HashMap, HashSet};
use tidemark_server::entities::{businesses, post_tags, posts, tags};
use tidemark_server::search_index::analysis::{fold, is_gram_char, word_terms};
use tidemark_server::search_index::{Hits, SearchRequest, Sort, Target};

const QUERIES: [&str; 30] = [
    "디지털 마케팅",
    "데이터 분석",
    "생성형 AI",
    "클라우드 전환",
    "인재 채용",
    "스타트업 투자",
    "ESG 경영",
    "고객 경험",
    "사이버 보안",
    "구독 경제",
    "마케팅 전략",
    "2026 전략",
    "조직 문화",
    "에너지 전환",
    "수출 지원",
    "라이브 커머스",
    "가격 전략",
    "개인정보 보호",
    "특허 전략",
    "디지털 전환 전략",
    "digital marketing",
    "data analysis",
    "supply chain",
    "customer experience",
    "cloud migration",
    "talent hiring",
    "marketing strategy",
    "subscription economy",
    "startup investment",
    "energy transition",
];

/// The text the index is given for a post, folded as the index folds it.
struct Searchable {
    /// Every field joined, one per line.
    text: String,
    /// The index's terms of the words outside Korean (stemmed), in order.
    terms: Vec<String>,
    words: HashSet<String>,
}

async fn searchable_posts(app: &TestApp) -> HashMap<i64, Searchable> {
    let db = &app.state.db;
    let names: HashMap<i64, String> = businesses::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|b| (b.id, b.name))
        .collect();
    let tag_names: HashMap<i64, String> = tags::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    let mut tags_of: HashMap<i64, Vec<String>> = HashMap::new();
    for row in post_tags::Entity::find().all(db).await.unwrap() {
        if let Some(name) = tag_names.get(&row.tag_id) {
            tags_of.entry(row.post_id).or_default().push(name.clone());
        }
    }
    let now = chrono::Utc::now();
    posts::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .filter(|post| {
            post.status == posts::PostStatus::Published
                && post.published_at.is_some_and(|at| at <= now)
        })
        .map(|post| {
            let category = tidemark_core::breadcrumbs::CATEGORIES
                .iter()
                .find(|c| i16::from(c.id) == post.category_id)
                .map(|c| {
                    format!(
                        "{} {}",
                        c.name(tidemark_core::i18n::Lang::Ko),
                        c.name(tidemark_core::i18n::Lang::En)
                    )
                })
                .unwrap_or_default();
            let parts = [
                post.title.clone(),
                post.summary.clone(),
                post.body_text.clone(),
                names.get(&post.business_id).cloned().unwrap_or_default(),
                tags_of.remove(&post.id).unwrap_or_default().join("\n"),
                category,
            ];
            let text = fold(&parts.join("\n"));
            let terms = word_terms(&text);
            let words = terms.iter().cloned().collect();
            (post.id, Searchable { text, terms, words })
        })
        .collect()
}

/// Whether `post` holds every word of `query`.
fn holds_every_word(post: &Searchable, query: &str) -> bool {
    query.split_whitespace().all(|word| {
        if word.chars().any(is_gram_char) {
            post.text.contains(&fold(word))
        } else {
            word_terms(word)
                .iter()
                .all(|term| post.words.contains(term))
        }
    })
}

/// Whether `post` holds the words of `query` together, in order: Korean with or without the
/// space, other words as consecutive terms. `None` for a query mixing both.
fn holds_phrase(post: &Searchable, query: &str) -> Option<bool> {
    let words: Vec<&str> = query.split_whitespace().collect();
    if words.iter().all(|word| word.chars().all(is_gram_char)) {
        let folded = fold(query);
        Some(post.text.contains(&folded) || post.text.contains(&folded.replace(' ', "")))
    } else if words.iter().all(|word| !word.chars().any(is_gram_char)) {
        let wanted = word_terms(query);
        Some(
            post.terms
                .windows(wanted.len())
                .any(|window| window == wanted.as_slice()),
        )
    } else {
        None
    }
}

#[tokio::test]
async fn every_result_of_a_multi_word_search_holds_every_word() {
    let posts: usize = std::env::var("TIDEMARK_PRECISION_POSTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let app = TestApp::spawn(None, "sqlite").await;
    tidemark_server::seed::large::generate(&app.state, posts, 0)
        .await
        .expect("the large data set is written");
    app.state
        .search
        .rebuild(&app.state.db)
        .await
        .expect("the index is built");
    let corpus = searchable_posts(&app).await;
    println!(
        "search precision over {} public posts ({posts} written):",
        corpus.len()
    );
    println!(
        "{:<24} {:>8} {:>8} {:>10} {:>8}",
        "query", "results", "truth", "precision", "recall"
    );
    let (mut all_returned, mut all_right, mut all_truth) = (0usize, 0usize, 0usize);
    let mut wrong = Vec::new();
    let mut phrase_checked = 0;
    for query in QUERIES {
        let result = app
            .state
            .search
            .search(&SearchRequest {
                text: query.into(),
                target: Target::Contents,
                sort: Sort::Latest,
                offset: 0,
                size: corpus.len() + 1,
                category: None,
            })
            .unwrap();
        let Hits::Posts(hits) = result.hits else {
            panic!("posts were asked for")
        };
        assert_eq!(hits.len(), result.total, "{query}: every result is listed");
        let returned: HashSet<i64> = hits.iter().map(|hit| hit.id).collect();
        let truth: HashSet<i64> = corpus
            .iter()
            .filter(|(_, post)| holds_every_word(post, query))
            .map(|(id, _)| *id)
            .collect();
        let right = returned.intersection(&truth).count();
        let precision = right as f64 / returned.len().max(1) as f64;
        let recall = right as f64 / truth.len().max(1) as f64;
        println!(
            "{query:<24} {:>8} {:>8} {precision:>10.4} {recall:>8.4}",
            returned.len(),
            truth.len()
        );
        assert!(!truth.is_empty(), "{query}: the data set holds it");
        for id in returned.difference(&truth).take(3) {
            wrong.push(format!("{query} → post {id}"));
        }
        // Sorted by relevance, the posts holding the words together come first.
        let phrase_holders = returned
            .iter()
            .filter(|id| holds_phrase(&corpus[id], query) == Some(true))
            .count();
        if phrase_holders >= 10 {
            let top = app
                .state
                .search
                .search(&SearchRequest {
                    text: query.into(),
                    target: Target::Contents,
                    sort: Sort::Relevance,
                    offset: 0,
                    size: 10,
                    category: None,
                })
                .unwrap();
            let Hits::Posts(top) = top.hits else {
                panic!("posts were asked for")
            };
            let apart: Vec<i64> = top
                .iter()
                .map(|hit| hit.id)
                .filter(|id| holds_phrase(&corpus[id], query) != Some(true))
                .collect();
            assert!(
                apart.is_empty(),
                "{query}: {phrase_holders} posts hold the phrase, yet the first ten by \
                 relevance include {apart:?}"
            );
            phrase_checked += 1;
        }
        all_returned += returned.len();
        all_right += right;
        all_truth += truth.len();
    }
    let precision = all_right as f64 / all_returned.max(1) as f64;
    let recall = all_right as f64 / all_truth.max(1) as f64;
    println!(
        "all 30 queries: precision {precision:.4}, recall {recall:.4}; the phrase first by \
         relevance for the {phrase_checked} queries with ten posts holding it"
    );
    assert!(
        phrase_checked >= 15,
        "only {phrase_checked} queries had a phrase to rank"
    );
    assert!(
        wrong.is_empty(),
        "results without every word of the query: {wrong:?}"
    );
    assert!(recall >= 0.99, "recall {recall:.4} is under 0.99");
}
