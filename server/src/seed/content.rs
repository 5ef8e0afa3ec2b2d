//! The demo content of the embedded default (PRODUCT "Demo data"): on the first start in demo
//! mode, an empty platform is filled with 30 businesses, 600 posts in Korean and English in
//! all nine categories with cover images drawn here, readers (certified, so the reader mix
//! of the analytics has data) who follow and bookmark, a month of analytics events, and three
//! recommendation collections. Everything is generated from a fixed seed: every fresh start
//! looks the same.

use crate::entities::business_members::BusinessRole;
use crate::entities::certifications::CertificationStatus;
use crate::entities::members::MemberRole;
use crate::entities::members::MemberStatus;
use crate::entities::posts::PostStatus;
use crate::entities::{
    analytics_events, bookmarks, business_members, businesses, certifications, follows, post_tags,
    posts, tags, uploads,
};
use crate::kernel::kst::kst_day;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use image::{ImageBuffer, Rgb, Rgba};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    Set,
};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use tidemark_core::korean;

const POSTS_PER_BUSINESS: usize = 20;
const READERS: usize = 120;
const EVENT_DAYS: i64 = 30;

/// A small deterministic generator (xorshift64*): the demo is the same on every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// (name, industry, description)
const BUSINESSES: [(&str, &str, &str); 29] = [
    (
        "한빛데이터",
        "데이터·AI",
        "기업의 데이터를 연결해 더 나은 의사결정을 돕는 데이터 플랫폼 기업입니다.",
    ),
    (
        "누리클라우드",
        "클라우드",
        "국내 기업을 위한 하이브리드 클라우드 인프라를 만듭니다.",
    ),
    (
        "새솔마케팅",
        "마케팅",
        "디지털마케팅과 퍼포먼스 광고를 함께 설계하는 마케팅 파트너입니다.",
    ),
    (
        "바른보안",
        "보안",
        "제로 트러스트 보안으로 기업의 자산을 지킵니다.",
    ),
    (
        "다온핀테크",
        "핀테크",
        "소상공인을 위한 간편 결제와 정산 서비스를 제공합니다.",
    ),
    (
        "온길모빌리티",
        "모빌리티",
        "도시의 이동을 더 가볍게 만드는 모빌리티 플랫폼입니다.",
    ),
    (
        "푸른에너지",
        "에너지",
        "재생에너지와 ESG 경영 솔루션을 제공합니다.",
    ),
    (
        "미래헬스케어",
        "헬스케어",
        "병원과 환자를 잇는 디지털 헬스케어 서비스를 운영합니다.",
    ),
    (
        "가온커머스",
        "이커머스",
        "브랜드의 온라인 판매를 처음부터 끝까지 돕습니다.",
    ),
    (
        "한결물류",
        "물류",
        "물류 자동화와 풀필먼트 서비스를 제공합니다.",
    ),
    (
        "별빛콘텐츠",
        "미디어",
        "기업의 이야기를 영상과 글로 전하는 콘텐츠 스튜디오입니다.",
    ),
    (
        "이음HR",
        "HR테크",
        "채용부터 온보딩까지, 사람 중심의 HR 솔루션을 만듭니다.",
    ),
    (
        "세움건설테크",
        "건설",
        "스마트 건설 기술로 현장의 안전과 효율을 높입니다.",
    ),
    ("나래반도체", "반도체", "차세대 전력 반도체를 설계합니다."),
    (
        "다솜에듀",
        "에듀테크",
        "직장인을 위한 맞춤형 온라인 교육 플랫폼입니다.",
    ),
    (
        "하늘여행",
        "여행",
        "기업 출장과 워크숍을 한 번에 관리합니다.",
    ),
    (
        "초록푸드",
        "식품",
        "건강한 식재료를 산지에서 식탁까지 전합니다.",
    ),
    (
        "모아세무",
        "세무·회계",
        "스타트업의 세무와 회계를 자동화합니다.",
    ),
    (
        "Brightwave Labs",
        "SaaS",
        "Collaboration software for distributed product teams in Korea and beyond.",
    ),
    (
        "Northstar Robotics",
        "로보틱스",
        "Autonomous mobile robots for warehouses and factories.",
    ),
    (
        "Lumen Design",
        "디자인",
        "A design studio building brands and product experiences.",
    ),
    (
        "Kora Bio",
        "바이오",
        "Developing precision diagnostics with Korean hospitals.",
    ),
    (
        "Pinecone Games",
        "게임",
        "Mobile games loved by players across Asia.",
    ),
    (
        "해든법률",
        "리걸테크",
        "계약서 검토와 법률 상담을 쉽게 만드는 리걸테크 기업입니다.",
    ),
    (
        "두레농업",
        "애그테크",
        "데이터 기반 스마트팜 솔루션을 만듭니다.",
    ),
    (
        "아라오피스",
        "부동산",
        "유연한 공유 오피스와 업무 공간을 운영합니다.",
    ),
    (
        "소리AI",
        "데이터·AI",
        "한국어 음성 인식과 상담 자동화 AI를 만듭니다.",
    ),
    (
        "빛나래광고",
        "마케팅",
        "브랜드 캠페인과 콘텐츠 마케팅을 기획합니다.",
    ),
    (
        "가람인쇄",
        "제조",
        "친환경 인쇄와 패키징 솔루션을 제공합니다.",
    ),
];

const TOPICS: [(&str, &str); 15] = [
    ("디지털마케팅", "digital marketing"),
    ("인공지능", "AI"),
    ("클라우드", "cloud"),
    ("데이터 분석", "data analytics"),
    ("ESG 경영", "ESG"),
    ("사이버 보안", "cybersecurity"),
    ("핀테크", "fintech"),
    ("이커머스", "e-commerce"),
    ("물류 자동화", "logistics automation"),
    ("헬스케어", "healthcare"),
    ("반도체", "semiconductors"),
    ("모빌리티", "mobility"),
    ("콘텐츠 마케팅", "content marketing"),
    ("고객 경험", "customer experience"),
    ("B2B 영업", "B2B sales"),
];

const ROLES: [(&str, &str); 8] = [
    ("백엔드 개발자", "Backend Engineer"),
    ("프론트엔드 개발자", "Frontend Engineer"),
    ("데이터 엔지니어", "Data Engineer"),
    ("프로덕트 디자이너", "Product Designer"),
    ("B2B 마케터", "B2B Marketer"),
    ("세일즈 매니저", "Sales Manager"),
    ("인사 담당자", "People Partner"),
    ("재무 담당자", "Finance Manager"),
];

const CULTURE: [&str; 6] = [
    "주 4.5일 근무",
    "원격 근무",
    "사내 스터디",
    "분기별 해커톤",
    "수평적 회의 문화",
    "온보딩 프로그램",
];

const PALETTE: [[u8; 3]; 10] = [
    [14, 116, 144],
    [30, 64, 175],
    [124, 58, 237],
    [190, 24, 93],
    [194, 65, 12],
    [21, 128, 61],
    [180, 83, 9],
    [15, 118, 110],
    [55, 65, 81],
    [67, 56, 202],
];

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

/// A cover: a diagonal gradient of two palette colours with soft circles.
fn draw_cover(seed: usize) -> Vec<u8> {
    let (width, height) = (960u32, 504u32);
    let a = PALETTE[seed % PALETTE.len()];
    let b = PALETTE[(seed * 7 + 3) % PALETTE.len()];
    let circles: Vec<(f32, f32, f32)> = (0..4)
        .map(|i| {
            let k = (seed * 31 + i * 17) as f32;
            (
                (k * 37.0) % width as f32,
                (k * 53.0) % height as f32,
                60.0 + (k * 13.0) % 140.0,
            )
        })
        .collect();
    let image = ImageBuffer::from_fn(width, height, |x, y| {
        let t = (x as f32 / width as f32 + y as f32 / height as f32) / 2.0;
        let mut pixel = [0u8; 3];
        for c in 0..3 {
            pixel[c] = (a[c] as f32 * (1.0 - t) + b[c] as f32 * t) as u8;
        }
        for (cx, cy, r) in &circles {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if d < *r {
                for value in &mut pixel {
                    *value = value.saturating_add(28);
                }
            }
        }
        Rgb(pixel)
    });
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 82);
    image
        .write_with_encoder(encoder)
        .expect("a drawn cover encodes");
    bytes
}

/// A logo: a coloured rounded square with a white ring.
fn draw_logo(seed: usize) -> Vec<u8> {
    let size = 160u32;
    let color = PALETTE[seed % PALETTE.len()];
    let image = ImageBuffer::from_fn(size, size, |x, y| {
        let (dx, dy) = (x as f32 - 80.0, y as f32 - 80.0);
        let d = (dx * dx + dy * dy).sqrt();
        let corner = (dx.abs() - 56.0).max(0.0).hypot((dy.abs() - 56.0).max(0.0));
        if corner > 24.0 {
            Rgba([0, 0, 0, 0])
        } else if (30.0..42.0).contains(&d) || (seed.is_multiple_of(3) && d < 14.0) {
            Rgba([255, 255, 255, 255])
        } else {
            Rgba([color[0], color[1], color[2], 255])
        }
    });
    let mut bytes = Vec::new();
    image
        .write_with_encoder(image::codecs::png::PngEncoder::new(&mut bytes))
        .expect("a drawn logo encodes");
    bytes
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Stores a drawn image (and its thumbnail) the way uploads are stored; answers the row.
async fn store_image(
    state: &AppState,
    business_id: i64,
    bytes: Vec<u8>,
    png: bool,
) -> Result<uploads::Model, String> {
    let decoded = image::load_from_memory(&bytes).map_err(|e| e.to_string())?;
    let (width, height) = (decoded.width(), decoded.height());
    let extension = if png { "png" } else { "jpg" };
    let content_type = if png { "image/png" } else { "image/jpeg" };
    let sha = hex(&Sha256::digest(&bytes));
    let key = format!("images/{sha}.{extension}");
    if let Some(thumbnail_key) = crate::media::thumbnail_key(&key) {
        let thumbnail = decoded.thumbnail(480, 480);
        let mut thumb = Vec::new();
        if png {
            thumbnail
                .write_with_encoder(image::codecs::png::PngEncoder::new(&mut thumb))
                .map_err(|e| e.to_string())?;
        } else {
            thumbnail
                .to_rgb8()
                .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(
                    &mut thumb, 80,
                ))
                .map_err(|e| e.to_string())?;
        }
        state
            .storage
            .put(&thumbnail_key, thumb, content_type)
            .await
            .map_err(|e| e.to_string())?;
    }
    let size = bytes.len() as i64;
    state
        .storage
        .put(&key, bytes, content_type)
        .await
        .map_err(|e| e.to_string())?;
    if let Some(row) = uploads::Entity::find()
        .filter(uploads::Column::StorageKey.eq(key.as_str()))
        .filter(uploads::Column::BusinessId.eq(business_id))
        .one(&state.db)
        .await
        .map_err(|e| e.to_string())?
    {
        return Ok(row);
    }
    uploads::ActiveModel {
        owner_member_id: Set(None),
        business_id: Set(Some(business_id)),
        kind: Set("image".into()),
        content_type: Set(content_type.into()),
        storage_key: Set(key),
        byte_size: Set(size),
        width: Set(Some(width as i32)),
        height: Set(Some(height as i32)),
        sha256: Set(sha),
        original_name: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .map_err(|e| e.to_string())
}

/// A valid business registration number made from `seed`.
fn registration_number(seed: usize) -> String {
    let nine = format!(
        "{:03}{:02}{:04}",
        101 + seed % 800,
        81 + seed % 7,
        1000 + seed * 37 % 9000
    );
    (0..10)
        .map(|last| format!("{nine}{last}"))
        .find(|candidate| tidemark_core::business::is_valid_business_number(candidate))
        .expect("one check digit fits")
}

/// Fills an empty platform with the demo content (demo mode only; nothing happens when any
/// post exists).
pub async fn fill(state: &AppState) -> Result<(), String> {
    let db = &state.db;
    let existing = posts::Entity::find()
        .count(db)
        .await
        .map_err(|e| e.to_string())?;
    if existing > 0 {
        return Ok(());
    }
    let started = std::time::Instant::now();
    tracing::info!("writing the demo content (first start)");
    let mut dice = Dice(0x7469_6465_6d61_726b);
    let now = Utc::now();

    // The demo business (made with the demo accounts) and 29 more.
    let demo_business = business_members::Entity::find()
        .filter(business_members::Column::Role.eq(BusinessRole::Master))
        .one(db)
        .await
        .map_err(|e| e.to_string())?
        .map(|row| row.business_id);
    let mut business_ids: Vec<(i64, String)> = Vec::new();
    if let Some(id) = demo_business {
        business_ids.push((id, "타이드마크 데모".into()));
    }
    for (i, (name, industry, description)) in BUSINESSES.iter().enumerate() {
        let row = businesses::ActiveModel {
            name: Set((*name).into()),
            description: Set((*description).into()),
            industry: Set((*industry).into()),
            homepage: Set(Some(format!("https://example.com/{}", i + 1))),
            location: Set(Some(
                [
                    "서울 강남구",
                    "서울 성동구",
                    "경기 성남시 분당구",
                    "부산 해운대구",
                    "대전 유성구",
                ][i % 5]
                    .into(),
            )),
            founded_year: Set(Some(2005 + (i as i32 * 3) % 19)),
            employee_band: Set(Some(
                ["1-10", "11-50", "51-200", "201-1000", "1000+"][i % 5].into(),
            )),
            registration_number: Set(registration_number(i + 11)),
            logo_upload_id: Set(None),
            cover_upload_id: Set(None),
            verified_at: Set((i % 3 == 0).then_some(now)),
            verified_by: Set(None),
            follower_count: Set(0),
            created_at: Set(now - Duration::days(200 - i as i64)),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(|e| e.to_string())?;
        business_ids.push((row.id, (*name).into()));
    }

    // Logos and covers, drawn here.
    let mut covers = Vec::new();
    for seed in 0..16 {
        let bytes = tokio::task::spawn_blocking(move || draw_cover(seed))
            .await
            .map_err(|e| e.to_string())?;
        covers.push(
            store_image(
                state,
                business_ids[seed % business_ids.len()].0,
                bytes,
                false,
            )
            .await?,
        );
    }
    for (i, (id, _)) in business_ids.iter().enumerate() {
        let bytes = tokio::task::spawn_blocking(move || draw_logo(i))
            .await
            .map_err(|e| e.to_string())?;
        let logo = store_image(state, *id, bytes, true).await?;
        let cover = &covers[i % covers.len()];
        businesses::Entity::update_many()
            .col_expr(
                businesses::Column::LogoUploadId,
                sea_orm::sea_query::Expr::value(logo.id),
            )
            .col_expr(
                businesses::Column::CoverUploadId,
                sea_orm::sea_query::Expr::value(cover.id),
            )
            .filter(businesses::Column::Id.eq(*id))
            .exec(db)
            .await
            .map_err(|e| e.to_string())?;
    }

    // 600 posts: 20 per business across the nine categories, a quarter in English.
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    let mut tag_ids: HashMap<String, i64> = HashMap::new();
    let mut post_ids: Vec<(i64, i64)> = Vec::new();
    for (b, (business_id, name)) in business_ids.iter().enumerate() {
        for n in 0..POSTS_PER_BUSINESS {
            let category = (1 + (b + n) % 9) as i16;
            let english = name.is_ascii() || dice.chance(15);
            let cover = &covers[dice.below(covers.len())];
            let cover_url = crate::media::public_url(&cover.storage_key);
            let writing = write_post(
                &mut dice,
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

    let readers = readers(state, &mut dice, now).await?;
    let (follow_count, bookmark_count) =
        ties(db, &mut dice, &readers, &business_ids, &post_ids, now).await?;
    let events = events(state, &mut dice, &readers, &post_ids, now).await?;
    let days: Vec<String> = (0..=EVENT_DAYS)
        .map(|d| kst_day(now - Duration::days(d)))
        .collect();
    crate::analytics::rollup::roll_up(db, &days)
        .await
        .map_err(|e| e.to_string())?;
    state.catalog.reload(db).await.map_err(|e| e.to_string())?;

    // The home page's collections: the operators' picks.
    let snapshot = state.catalog.snapshot();
    let popular: Vec<i64> = snapshot.popular.iter().take(8).copied().collect();
    let reports: Vec<i64> = snapshot.reports.iter().take(8).copied().collect();
    let series: Vec<i64> = snapshot
        .latest_by_category
        .get(&8)
        .map(|ids| ids.iter().take(8).copied().collect())
        .unwrap_or_default();
    drop(snapshot);
    for (order, (ko, en, ids)) in [
        ("에디터 추천", "Editors' picks", popular),
        ("이번 달 리포트", "Reports of the month", reports),
        ("오리지널 시리즈", "Original series", series),
    ]
    .into_iter()
    .enumerate()
    {
        let save = crate::content::recommend::CollectionSave {
            title_ko: ko,
            title_en: en,
            sort_order: order as i32,
            post_seqs: &ids,
            published: Some(true),
        };
        crate::content::save_collection(state, None, &save, None)
            .await
            .map_err(|e| e.to_string())?;
    }
    let flags = flags(db, &readers, &state.catalog.snapshot().latest, now).await?;
    tracing::info!(
        businesses = business_ids.len(),
        posts = business_ids.len() * POSTS_PER_BUSINESS,
        flags,
        readers = readers.len(),
        follows = follow_count,
        bookmarks = bookmark_count,
        events,
        millis = started.elapsed().as_millis() as u64,
        "demo content written"
    );
    Ok(())
}

/// Readers' reports of a problem with two public posts, waiting in the operators' queue (the
/// demo reader's own account files none: it stays free to report in a demo).
async fn flags(
    db: &DatabaseConnection,
    readers: &[i64],
    latest: &[i64],
    now: DateTime<Utc>,
) -> Result<usize, String> {
    use crate::entities::post_flags::{self, FlagReason, FlagStatus};
    let (Some(&first), Some(&second)) = (latest.get(5), latest.get(9)) else {
        return Ok(0);
    };
    let reports = [
        (first, FlagReason::Spam, None, 26),
        (
            first,
            FlagReason::Misleading,
            Some("제품 성능 수치의 출처가 없습니다."),
            7,
        ),
        (
            second,
            FlagReason::Other,
            Some("다른 회사 보도자료를 거의 그대로 옮긴 글 같습니다."),
            3,
        ),
    ];
    let mut filed = 0;
    for (n, (post, reason, detail, hours_ago)) in reports.into_iter().enumerate() {
        let Some(&member) = readers.get(n + 1) else {
            break;
        };
        post_flags::ActiveModel {
            post_id: Set(post),
            member_id: Set(Some(member)),
            reason: Set(reason),
            detail: Set(detail.map(str::to_string)),
            status: Set(FlagStatus::Open),
            created_at: Set(now - Duration::hours(hours_ago)),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(|e| e.to_string())?;
        filed += 1;
    }
    Ok(filed)
}

/// Certified readers (so the reader mix by gender and age has data), plus the demo reader.
async fn readers(
    state: &AppState,
    dice: &mut Dice,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, String> {
    use crate::entities::members;
    let db = &state.db;
    let mut ids = Vec::new();
    if let Some(demo) = members::Entity::find()
        .filter(members::Column::Email.eq("reader@tidemark.test"))
        .one(db)
        .await
        .map_err(|e| e.to_string())?
    {
        ids.push(demo.id);
    }
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for i in 0..READERS {
        let member = members::ActiveModel {
            email: Set(Some(format!("reader{i}@demo.tidemark.test"))),
            email_verified_at: Set(Some(now)),
            password_hash: Set(None),
            nickname: Set(Some(format!("독자{i}"))),
            role: Set(MemberRole::User),
            status: Set(MemberStatus::Active),
            signup_channel: Set("email".into()),
            marketing_opt_in: Set(false),
            terms_agreed_at: Set(Some(now)),
            failed_login_count: Set(0),
            created_at: Set(now - Duration::days(60)),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| e.to_string())?;
        let year = 1960 + dice.below(45);
        let certification = certifications::ActiveModel {
            certify_no: Set(format!("demo-{i}")),
            provider: Set("local".into()),
            provider_uid: Set(None),
            purpose: Set("join".into()),
            status: Set(CertificationStatus::Completed),
            name: Set(Some(format!("독자{i}"))),
            phone: Set(None),
            birth_date: Set(Some(format!("{year}{:02}{:02}", 1 + i % 12, 1 + i % 28))),
            gender: Set(Some(if dice.chance(50) { "female" } else { "male" }.into())),
            person_key: Set(Some(format!("demo-person-{i}"))),
            member_id: Set(Some(member.id)),
            created_at: Set(now - Duration::days(60)),
            completed_at: Set(Some(now - Duration::days(60))),
            expires_at: Set(now - Duration::days(59)),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| e.to_string())?;
        members::Entity::update_many()
            .col_expr(
                members::Column::CertificationId,
                sea_orm::sea_query::Expr::value(certification.id),
            )
            .filter(members::Column::Id.eq(member.id))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
        ids.push(member.id);
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(ids)
}

/// Follows and bookmarks, with the counters in step.
async fn ties(
    db: &DatabaseConnection,
    dice: &mut Dice,
    readers: &[i64],
    businesses_: &[(i64, String)],
    posts_: &[(i64, i64)],
    now: DateTime<Utc>,
) -> Result<(usize, usize), String> {
    let mut followers: HashMap<i64, i64> = HashMap::new();
    let mut bookmarked: HashMap<i64, i64> = HashMap::new();
    let mut follow_rows = Vec::new();
    let mut bookmark_rows = Vec::new();
    let sources = ["Follow_Content", "Follow_ContentList", "Follow_CorpProfile"];
    for reader in readers {
        let mut chosen = HashSet::new();
        for _ in 0..(2 + dice.below(7)) {
            let (business, _) = &businesses_[dice.below(businesses_.len())];
            if chosen.insert(*business) {
                *followers.entry(*business).or_default() += 1;
                follow_rows.push(follows::ActiveModel {
                    member_id: Set(*reader),
                    business_id: Set(*business),
                    source: Set((*dice.pick(&sources)).into()),
                    created_at: Set(
                        now - Duration::hours(dice.below(24 * EVENT_DAYS as usize) as i64)
                    ),
                    ..Default::default()
                });
            }
        }
        let mut marked = HashSet::new();
        for _ in 0..dice.below(11) {
            let (post, _) = posts_[dice.below(posts_.len())];
            if marked.insert(post) {
                *bookmarked.entry(post).or_default() += 1;
                bookmark_rows.push(bookmarks::ActiveModel {
                    member_id: Set(*reader),
                    post_id: Set(post),
                    source: Set(if dice.chance(50) {
                        "Bookmark_Content"
                    } else {
                        "Bookmark_ContentList"
                    }
                    .into()),
                    created_at: Set(
                        now - Duration::hours(dice.below(24 * EVENT_DAYS as usize) as i64)
                    ),
                    ..Default::default()
                });
            }
        }
    }
    let counts = (follow_rows.len(), bookmark_rows.len());
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for chunk in follow_rows.chunks(500) {
        follows::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for chunk in bookmark_rows.chunks(500) {
        bookmarks::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for (business, count) in followers {
        businesses::Entity::update_many()
            .col_expr(
                businesses::Column::FollowerCount,
                sea_orm::sea_query::Expr::value(count),
            )
            .filter(businesses::Column::Id.eq(business))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for (post, count) in bookmarked {
        posts::Entity::update_many()
            .col_expr(
                posts::Column::BookmarkCount,
                sea_orm::sea_query::Expr::value(count),
            )
            .filter(posts::Column::Id.eq(post))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(counts)
}

/// A month of reader events: visits, views, clicks, shares and read-throughs, from members and
/// guests on every kind of device; popular posts get more. The guests' ids are signed by the
/// server, as the ones it hands out are.
async fn events(
    state: &AppState,
    dice: &mut Dice,
    readers: &[i64],
    posts_: &[(i64, i64)],
    now: DateTime<Utc>,
) -> Result<usize, String> {
    let devices: [(&str, Option<&str>, &str); 5] = [
        ("PC", Some("WINDOWS"), "Chrome"),
        ("PC", Some("MAC"), "Safari"),
        ("MOBILE", Some("AOS"), "Samsung Internet"),
        ("MOBILE", Some("IOS"), "Safari"),
        ("TABLET", Some("IOS"), "Safari"),
    ];
    let db = &state.db;
    let guests: Vec<String> = (0..400)
        .map(|n| {
            state
                .tokens
                .sign_guest_id(&format!("demo{n}"), now.timestamp())
        })
        .collect();
    let mut rows = Vec::new();
    for _ in 0..12_000 {
        // A skew towards some posts: the square of a uniform draw.
        let r = dice.below(1000) as f64 / 1000.0;
        let (post, business) = posts_[((r * r) * posts_.len() as f64) as usize % posts_.len()];
        let at = now - Duration::minutes(dice.below((EVENT_DAYS as usize) * 24 * 60) as i64);
        let (member, guest) = if dice.chance(60) {
            (Some(readers[dice.below(readers.len())]), None)
        } else {
            (None, Some(guests[dice.below(guests.len())].clone()))
        };
        let (device_type, device_os, browser) = *dice.pick(&devices);
        let kind = match dice.below(20) {
            0..=11 => "view",
            12..=15 => "click",
            16..=17 => "read_through",
            18 => "share",
            _ => "visit",
        };
        rows.push(analytics_events::ActiveModel {
            kind: Set(kind.into()),
            post_id: Set((kind != "visit").then_some(post)),
            business_id: Set((kind != "visit").then_some(business)),
            member_id: Set(member),
            guest_id: Set(guest),
            device_type: Set(device_type.into()),
            device_os: Set(device_os.map(Into::into)),
            browser: Set(Some(browser.into())),
            offset_minutes: Set(tidemark_core::calendar::KST_OFFSET_MINUTES),
            day: Set(kst_day(at)),
            occurred_at: Set(at),
            ..Default::default()
        });
    }
    let count = rows.len();
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for chunk in rows.chunks(500) {
        analytics_events::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(count)
}
