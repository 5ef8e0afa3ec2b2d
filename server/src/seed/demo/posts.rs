//! The demo's posts: 20 per business across the nine categories, in Korean and English,
//! with their tags.

use super::dice::Dice;
use super::texts::{CULTURE, ROLES, TOPICS};
use crate::entities::posts::PostStatus;
use crate::entities::{post_tags, posts, tags, uploads};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use std::collections::{HashMap, HashSet};
use tidemark_core::korean;

pub(super) const POSTS_PER_BUSINESS: usize = 20;

/// Writes the posts of every business, each with a cover of `covers`; answers the published
/// ones as (post, business).
pub(super) async fn write_posts(
    db: &DatabaseConnection,
    dice: &mut Dice,
    business_ids: &[(i64, String)],
    demo_business: Option<i64>,
    covers: &[uploads::Model],
    now: DateTime<Utc>,
) -> Result<Vec<(i64, i64)>, String> {
    // 600 posts: 20 per business across the nine categories, a quarter in English.
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    let mut tag_ids: HashMap<String, i64> = HashMap::new();
    let mut post_ids: Vec<(i64, i64)> = Vec::new();
    for (b, (business_id, name)) in business_ids.iter().enumerate() {
        for n in 0..POSTS_PER_BUSINESS {
            let category = (1 + (b + n) % 9) as i16;
            let english = name.is_ascii() || dice.chance(15);
            let cover = &covers[dice.below(covers.len())];
            let cover_url = crate::uploads::public_url(&cover.storage_key);
            let writing = write_post(
                dice,
                category,
                name,
                b * POSTS_PER_BUSINESS + n,
                &cover_url,
                english,
            );
            let body_html = crate::content::sanitize::sanitize(&writing.body);
            let body_text = crate::content::sanitize::text_of(&body_html);
            let published = now - Duration::minutes(30 + dice.below(90 * 24 * 60) as i64);
            // The demo business shows every state: two drafts and two scheduled posts.
            let (status, publish_at, published_at) = match (Some(*business_id) == demo_business, n)
            {
                (true, 0 | 1) => (PostStatus::Draft, None, None),
                (true, 2 | 3) => {
                    let at = now + Duration::days(2 + n as i64);
                    (PostStatus::Scheduled, Some(at), None)
                }
                _ => (PostStatus::Published, None, Some(published)),
            };
            let post = posts::ActiveModel {
                business_id: Set(*business_id),
                author_member_id: Set(None),
                category_id: Set(category),
                title: Set(writing.title),
                summary: Set(writing.summary),
                cover_upload_id: Set(Some(cover.id)),
                body_html: Set(body_html),
                body_text: Set(body_text),
                is_report: Set(category == 1 && n % 3 == 0),
                report_upload_id: Set(None),
                series_order: Set(matches!(category, 8 | 9).then_some(1 + (n / 9) as i32)),
                status: Set(status),
                publish_at: Set(publish_at),
                published_at: Set(published_at),
                removed_reason: Set(None),
                view_count: Set(0),
                viewer_count: Set(0),
                unique_reader_count: Set(0),
                click_count: Set(0),
                bookmark_count: Set(0),
                share_count: Set(0),
                popular_score: Set(0.0),
                created_at: Set(published_at.unwrap_or(now)),
                updated_at: Set(published_at.unwrap_or(now)),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(|e| e.to_string())?;
            if status == PostStatus::Published {
                post_ids.push((post.id, *business_id));
            }
            let mut seen = HashSet::new();
            for tag in writing.tags {
                if !seen.insert(tag.to_lowercase()) {
                    continue;
                }
                let tag_id = match tag_ids.get(&tag) {
                    Some(id) => *id,
                    None => {
                        let row = tags::ActiveModel {
                            name: Set(tag.clone()),
                            ..Default::default()
                        }
                        .insert(&txn)
                        .await
                        .map_err(|e| e.to_string())?;
                        tag_ids.insert(tag, row.id);
                        row.id
                    }
                };
                post_tags::ActiveModel {
                    post_id: Set(post.id),
                    tag_id: Set(tag_id),
                }
                .insert(&txn)
                .await
                .map_err(|e| e.to_string())?;
            }
        }
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(post_ids)
}

/// A title, summary and body of one post, in Korean or English.
struct Writing {
    title: String,
    summary: String,
    body: String,
    tags: Vec<String>,
}

fn write_post(
    dice: &mut Dice,
    category: i16,
    company: &str,
    n: usize,
    cover_url: &str,
    english: bool,
) -> Writing {
    let (topic, topic_en) = *dice.pick(&TOPICS);
    let (other, _) = *dice.pick(&TOPICS);
    let percent = 10 + dice.below(80);
    let year = 2026;
    let (title, summary) = if english {
        match category {
            1 => (
                format!("What {year} holds for {topic_en}"),
                format!("Five signals every team working on {topic_en} should watch."),
            ),
            2 => (
                format!("How {company} grew revenue {percent}% with {topic_en}"),
                format!("A six-month story of adopting {topic_en}, with the numbers."),
            ),
            3 => (
                format!("Introducing {company} {}.{}", 1 + n % 5, n % 10),
                format!("New {topic_en} features, faster and simpler."),
            ),
            4 => (
                format!(
                    "How we work: {}",
                    ["remote first", "four-day weeks", "open reviews"][n % 3]
                ),
                "The habits that keep our team close.".to_string(),
            ),
            5 => {
                let (_, role) = *dice.pick(&ROLES);
                (
                    format!("We're hiring: {role}"),
                    format!("Join {company} and build {topic_en} with us."),
                )
            }
            6 => (
                "Scheduled maintenance notice".to_string(),
                "A short maintenance window; here is what to expect.".to_string(),
            ),
            7 => (
                format!("{company} partners on {topic_en}"),
                format!("{company} announces a strategic partnership in {topic_en}."),
            ),
            8 => (
                format!("[Founders' story {}] Starting over", n % 12 + 1),
                "Original series: the road from idea to company.".to_string(),
            ),
            _ => (
                format!(
                    "[Field notes {}] A practical guide to {topic_en}",
                    n % 12 + 1
                ),
                "Plus series: practical notes from the field.".to_string(),
            ),
        }
    } else {
        match category {
            1 => (
                format!("{year} {topic} 시장, 다음 3년을 읽는 5가지 신호"),
                format!("{topic}을(를) 준비하는 팀이 지금 봐야 할 변화들을 정리했습니다."),
            ),
            2 => (
                format!("{company}이(가) {topic}(으)로 매출 {percent}% 늘린 방법"),
                format!("{topic} 도입 6개월, 숫자로 보는 변화와 배운 점."),
            ),
            3 => (
                format!("{company} {}.{} 출시: {topic} 기능 강화", 1 + n % 5, n % 10),
                format!("더 빠르고 쉬워진 {topic} 기능을 소개합니다."),
            ),
            4 => {
                let culture = dice.pick(&CULTURE);
                (
                    format!("우리가 일하는 방식: {culture}"),
                    format!("{company} 팀이 {culture}을(를) 1년 동안 운영하며 배운 것."),
                )
            }
            5 => {
                let (role, _) = *dice.pick(&ROLES);
                (
                    format!("{role} 채용 (경력 {}년 이상)", 1 + n % 7),
                    format!("{company}에서 {topic}의 미래를 함께 만들 {role}을(를) 찾습니다."),
                )
            }
            6 => (
                format!("서비스 정기 점검 안내 ({}월)", 1 + n % 12),
                "더 안정적인 서비스를 위해 정기 점검을 진행합니다.".to_string(),
            ),
            7 => (
                format!("{company}, {topic} 분야 전략적 제휴 체결"),
                format!("{company}이(가) {other} 기업과 손잡고 {topic} 시장 공략에 나섭니다."),
            ),
            8 => (
                format!("[창업 이야기 {}화] 처음부터 다시", n % 12 + 1),
                "오리지널 시리즈: 아이디어에서 회사가 되기까지.".to_string(),
            ),
            _ => (
                format!("[실무 노트 {}] {topic} 실전 가이드", n % 12 + 1),
                format!("플러스 시리즈: 현장에서 바로 쓰는 {topic} 노하우."),
            ),
        }
    };
    let mut body = String::new();
    if english {
        body.push_str(&format!("<p>{summary} At {company}, we spent the last quarter learning what works in {topic_en}.</p>"));
        body.push_str("<h2>What we learned</h2><ul><li>Start with one measurable goal.</li><li>Share results every week.</li><li>Keep customers in the room.</li></ul>");
        body.push_str(&format!("<figure><img src=\"{cover_url}\" alt=\"{topic_en}\" width=\"960\" height=\"504\"><figcaption>{company}</figcaption></figure>"));
        body.push_str(&format!("<blockquote>Good {topic_en} is a habit, not a project.</blockquote><p>Questions? Write to us any time.</p>"));
    } else {
        body.push_str(&format!(
            "<p>{summary} {company}은(는) 지난 분기 동안 {topic} 프로젝트를 진행하며 디지털마케팅을 포함한 여러 실험을 했습니다.</p>"
        ));
        body.push_str(&format!("<h2>핵심 요약</h2><ul><li>{topic} 목표는 하나의 지표로 시작합니다.</li><li>매주 결과를 공유합니다.</li><li>고객의 목소리를 가까이 둡니다.</li></ul>"));
        body.push_str(&format!("<figure><img src=\"{cover_url}\" alt=\"{topic}\" width=\"960\" height=\"504\"><figcaption>{company} 제공</figcaption></figure>"));
        if dice.chance(40) {
            body.push_str(&format!(
                "<h3>숫자로 보기</h3><table><thead><tr><th>지표</th><th>도입 전</th><th>도입 후</th></tr></thead><tbody><tr><td>전환율</td><td>1.8%</td><td>{}.{}%</td></tr><tr><td>처리 시간</td><td>12분</td><td>{}분</td></tr></tbody></table>",
                2 + n % 4,
                n % 10,
                3 + n % 5
            ));
        }
        body.push_str(&format!("<blockquote>{topic}은(는) 프로젝트가 아니라 습관입니다.</blockquote><p>{other}에 관심이 있다면 다음 글도 확인해 주세요.</p>"));
        if category == 3 && dice.chance(50) {
            body.push_str(&format!(
                "<p><a href=\"https://example.com/coupon/{n}\"><img class=\"coupon\" src=\"{cover_url}\" alt=\"출시 기념 쿠폰\" width=\"480\" height=\"252\"></a></p>"
            ));
        }
    }
    let mut tags = vec![topic.replace(' ', "")];
    if dice.chance(60) {
        tags.push(other.replace(' ', ""));
    }
    if english {
        tags.push(topic_en.to_string());
    }
    tags.dedup();
    // The templates write particles as pairs (`을(를)`); the words they follow decide.
    let (title, summary, body) = (
        korean::resolve_particles(&title),
        korean::resolve_particles(&summary),
        korean::resolve_particles(&body),
    );
    Writing {
        title: title.chars().take(100).collect(),
        summary: summary.chars().take(300).collect(),
        body,
        tags,
    }
}
