//! The recall and precision of the whole analysis on a small Korean corpus.

use super::*;

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
