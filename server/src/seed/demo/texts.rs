//! The words of the demo: its businesses, the topics and roles its posts are written about,
//! and the habits of the teams that write them.

/// (name, industry, description)
pub(super) const BUSINESSES: [(&str, &str, &str); 29] = [
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

pub(super) const TOPICS: [(&str, &str); 15] = [
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

pub(super) const ROLES: [(&str, &str); 8] = [
    ("백엔드 개발자", "Backend Engineer"),
    ("프론트엔드 개발자", "Frontend Engineer"),
    ("데이터 엔지니어", "Data Engineer"),
    ("프로덕트 디자이너", "Product Designer"),
    ("B2B 마케터", "B2B Marketer"),
    ("세일즈 매니저", "Sales Manager"),
    ("인사 담당자", "People Partner"),
    ("재무 담당자", "Finance Manager"),
];

pub(super) const CULTURE: [&str; 6] = [
    "주 4.5일 근무",
    "원격 근무",
    "사내 스터디",
    "분기별 해커톤",
    "수평적 회의 문화",
    "온보딩 프로그램",
];
