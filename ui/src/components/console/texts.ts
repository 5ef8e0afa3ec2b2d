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
    twoStepNeededTitle: "2단계 인증이 필요합니다",
    twoStepNeeded: "이 기업은 팀 전원에게 2단계 인증을 요구합니다. 내 정보의 보안에서 2단계 인증을 켜면 기업 관리 화면을 다시 쓸 수 있습니다.",
    twoStepSetUp: "2단계 인증 켜기",
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
    twoStepNeededTitle: "Two-step sign-in needed",
    twoStepNeeded: "This business asks everyone in its team to sign in with two steps. Turn two-step sign-in on under Security in My page to use the console again.",
    twoStepSetUp: "Turn on two-step sign-in",
  },
});
