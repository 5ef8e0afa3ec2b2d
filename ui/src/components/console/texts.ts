import { defineTexts } from "../../lib/i18n";

export const useConsoleTexts = defineTexts({
  ko: {
    consoleNav: "기업 관리 메뉴",
    overview: "개요",
    profile: "기업 프로필",
    posts: "콘텐츠",
    write: "새 글 쓰기",
    media: "언론 배포",
    analytics: "통계",
    roleMaster: "마스터",
    roleManager: "매니저",
    verified: "인증 기업",
  },
  en: {
    consoleNav: "Business console",
    overview: "Overview",
    profile: "Profile",
    posts: "Posts",
    write: "Write",
    media: "Media requests",
    analytics: "Analytics",
    roleMaster: "Master",
    roleManager: "Manager",
    verified: "Verified",
  },
});
