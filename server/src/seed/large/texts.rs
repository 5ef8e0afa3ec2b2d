//! The word tables of the large set: topics, kinds of post, title leads, the templates of
//! summaries, headings, sentences and list items, industries, cities and business names.

/// (Korean, English) topics of posts, tags and descriptions.
pub(super) const TOPICS: [(&str, &str); 50] = [
    ("디지털 마케팅", "Digital Marketing"),
    ("브랜드 전략", "Brand Strategy"),
    ("데이터 분석", "Data Analytics"),
    ("인공지능", "Artificial Intelligence"),
    ("생성형 AI", "Generative AI"),
    ("클라우드 전환", "Cloud Migration"),
    ("물류 자동화", "Logistics Automation"),
    ("핀테크", "Fintech"),
    ("이커머스", "E-commerce"),
    ("콘텐츠 마케팅", "Content Marketing"),
    ("인재 채용", "Talent Acquisition"),
    ("스타트업 투자", "Startup Investment"),
    ("ESG 경영", "ESG Management"),
    ("공급망 관리", "Supply Chain Management"),
    ("고객 경험", "Customer Experience"),
    ("반도체", "Semiconductors"),
    ("2차전지", "Battery Industry"),
    ("디지털 헬스케어", "Digital Health"),
    ("프롭테크", "Proptech"),
    ("세무 회계", "Tax and Accounting"),
    ("수출 지원", "Export Support"),
    ("리테일 혁신", "Retail Innovation"),
    ("모빌리티", "Mobility"),
    ("사이버 보안", "Cybersecurity"),
    ("SaaS 성장", "SaaS Growth"),
    ("구독 경제", "Subscription Economy"),
    ("플랫폼 비즈니스", "Platform Business"),
    ("퍼포먼스 마케팅", "Performance Marketing"),
    ("검색엔진 최적화", "Search Engine Optimization"),
    ("소셜 미디어", "Social Media"),
    ("조직 문화", "Company Culture"),
    ("원격 근무", "Remote Work"),
    ("스마트 제조", "Smart Manufacturing"),
    ("에너지 전환", "Energy Transition"),
    ("푸드테크", "Foodtech"),
    ("에듀테크", "Edtech"),
    ("글로벌 진출", "Going Global"),
    ("정부 지원사업", "Government Grants"),
    ("투자 유치", "Fundraising"),
    ("영업 관리", "Sales Management"),
    ("고객 관계 관리", "CRM"),
    ("마케팅 자동화", "Marketing Automation"),
    ("라이브 커머스", "Live Commerce"),
    ("인플루언서 마케팅", "Influencer Marketing"),
    ("가격 전략", "Pricing Strategy"),
    ("리더십", "Leadership"),
    ("노무 관리", "Labor Relations"),
    ("특허 전략", "Patent Strategy"),
    ("데이터 거버넌스", "Data Governance"),
    ("개인정보 보호", "Privacy Compliance"),
];

/// (Korean, English) kinds of post.
pub(super) const KINDS: [(&str, &str); 15] = [
    ("전략", "Strategy"),
    ("동향", "Trends"),
    ("가이드", "Guide"),
    ("성공 사례", "Case Study"),
    ("보고서", "Report"),
    ("인사이트", "Insights"),
    ("체크리스트", "Checklist"),
    ("로드맵", "Roadmap"),
    ("분석", "Analysis"),
    ("전망", "Outlook"),
    ("실무 노하우", "Playbook"),
    ("핵심 지표", "Key Metrics"),
    ("트렌드", "Trend Watch"),
    ("입문", "Primer"),
    ("혁신 사례", "Innovation Stories"),
];

pub(super) const LEADS_KO: [&str; 10] = [
    "2026",
    "2025",
    "상반기",
    "하반기",
    "중소기업을 위한",
    "실무자가 알아야 할",
    "한눈에 보는",
    "스타트업의",
    "B2B",
    "글로벌",
];

pub(super) const LEADS_EN: [&str; 8] = [
    "2026",
    "2025",
    "H1",
    "H2",
    "SMB",
    "Practical",
    "The State of",
    "B2B",
];

pub(super) const SUMMARIES_KO: [&str; 6] = [
    "현장의 데이터로 살펴본 핵심 변화와 대응 방법을 정리했습니다.",
    "실무에 바로 쓸 수 있는 점검 항목과 사례를 담았습니다.",
    "{u} 분야와 함께 보면 더 잘 보이는 기회를 짚어 봅니다.",
    "{y}년을 준비하는 기업이 놓치지 말아야 할 {n}가지를 소개합니다.",
    "담당자 인터뷰와 설문으로 알아본 {t}의 오늘과 내일입니다.",
    "예산이 적은 팀도 시작할 수 있는 단계별 방법을 안내합니다.",
];

pub(super) const SUMMARIES_EN: [&str; 5] = [
    "What changed this year and how teams are responding, with data from the field.",
    "A checklist and case studies you can use right away.",
    "Where {t} meets {u}, and the opportunities in between.",
    "{n} things companies planning for {y} should not miss.",
    "A step-by-step approach for teams with small budgets.",
];

pub(super) const HEADS_KO: [&str; 6] = [
    "현황",
    "핵심 변화",
    "사례로 보는 {t}",
    "실행 방법",
    "{k} 정리",
    "시사점",
];

pub(super) const HEADS_EN: [&str; 5] = [
    "Where things stand",
    "What changed",
    "{t} in practice",
    "How to start",
    "Takeaways",
];

pub(super) const SENTENCES_KO: [&str; 15] = [
    "{t} 분야는 최근 {n}% 성장하며 많은 기업의 관심을 받고 있습니다.",
    "{t} 관련 투자는 늘었지만 성과를 측정하는 기준은 아직 제각각입니다.",
    "이번 {k}에서는 {t} 현장의 실제 사례를 중심으로 핵심 변화를 정리했습니다.",
    "{u} 영역과의 협업이 새로운 사업 기회를 만들고 있습니다.",
    "고객 데이터를 기반으로 의사결정 속도를 높이는 것이 무엇보다 중요합니다.",
    "작은 실험을 반복하며 효과를 검증하는 조직이 시장을 앞서 나갑니다.",
    "중소기업과 스타트업도 적은 예산으로 시작할 수 있는 방법이 있습니다.",
    "담당자 {n}명을 인터뷰한 결과 가장 큰 어려움은 인력 부족이었습니다.",
    "{y}년에는 {t} 예산을 늘리겠다는 응답이 절반을 넘었습니다.",
    "규제 변화에 대비해 내부 점검 체계를 미리 갖추어야 합니다.",
    "성공한 팀은 목표와 지표를 분기마다 다시 점검했습니다.",
    "{t} 도입 초기에는 명확한 책임자와 일정이 필요합니다.",
    "현장에서 바로 쓸 수 있는 체크리스트를 마지막에 정리했습니다.",
    "해외 시장에서도 {t} 수요가 꾸준히 늘고 있습니다.",
    "파트너사와의 데이터 공유가 경쟁력을 좌우하는 시대입니다.",
];

pub(super) const SENTENCES_EN: [&str; 10] = [
    "{t} grew by {n}% last year and keeps drawing attention from every industry.",
    "Spending on {t} is up, but companies still measure results in very different ways.",
    "This {k} looks at real cases from teams working on {t}.",
    "Working with {u} teams opens new business opportunities.",
    "Decisions made on customer data are faster and more often right.",
    "Teams that run small experiments and check the results move ahead.",
    "Small companies can start with a modest budget and a clear goal.",
    "We interviewed {n} practitioners: the hardest part is hiring.",
    "More than half of the companies plan to spend more on {t} in {y}.",
    "A checklist you can use right away closes this piece.",
];

pub(super) const ITEMS_KO: [&str; 6] = [
    "{t} 목표와 핵심 지표 정하기",
    "담당 조직과 책임자 지정하기",
    "{u} 팀과 데이터 공유 체계 만들기",
    "분기별 성과 점검 일정 잡기",
    "예산 {n}%를 실험에 배정하기",
    "고객 피드백을 제품에 반영하기",
];

pub(super) const ITEMS_EN: [&str; 5] = [
    "Set goals and key metrics for {t}",
    "Name an owner and a team",
    "Share data with the {u} team",
    "Review results every quarter",
    "Keep {n}% of the budget for experiments",
];

pub(super) const INDUSTRIES: [(&str, &str); 12] = [
    ("IT·소프트웨어", "software"),
    ("제조", "manufacturing"),
    ("유통·커머스", "retail and commerce"),
    ("금융", "financial services"),
    ("물류", "logistics"),
    ("헬스케어", "healthcare"),
    ("교육", "education"),
    ("미디어·콘텐츠", "media"),
    ("에너지", "energy"),
    ("컨설팅", "consulting"),
    ("부동산", "real estate"),
    ("식품", "food"),
];

pub(super) const CITIES: [(&str, &str); 10] = [
    ("서울 강남구", "Gangnam, Seoul"),
    ("서울 성동구", "Seongdong, Seoul"),
    ("서울 마포구", "Mapo, Seoul"),
    ("경기 성남시", "Seongnam"),
    ("경기 수원시", "Suwon"),
    ("부산 해운대구", "Busan"),
    ("대전 유성구", "Daejeon"),
    ("대구 수성구", "Daegu"),
    ("광주 북구", "Gwangju"),
    ("인천 연수구", "Incheon"),
];

pub(super) const NAME_HEADS_KO: [&str; 20] = [
    "한빛", "새솔", "누리", "다온", "바른", "푸른", "온결", "미래", "가온", "해담", "별빛", "하늘",
    "도담", "라온", "다솜", "이음", "채움", "나래", "청담", "솔빛",
];

pub(super) const NAME_TAILS_KO: [&str; 20] = [
    "테크",
    "데이터랩",
    "커머스",
    "솔루션즈",
    "파트너스",
    "로지스",
    "헬스",
    "에너지",
    "인베스트",
    "마케팅",
    "컨설팅",
    "소프트",
    "모빌리티",
    "푸드",
    "에듀",
    "네트웍스",
    "바이오",
    "디자인",
    "미디어",
    "랩스",
];

pub(super) const NAME_HEADS_EN: [&str; 12] = [
    "Nova", "Blue", "Bright", "Orbit", "Pine", "Harbor", "Summit", "Crest", "Lumen", "Vertex",
    "Tide", "Maple",
];

pub(super) const NAME_TAILS_EN: [&str; 10] = [
    "Analytics",
    "Labs",
    "Commerce",
    "Partners",
    "Systems",
    "Logistics",
    "Health",
    "Energy",
    "Ventures",
    "Media",
];
