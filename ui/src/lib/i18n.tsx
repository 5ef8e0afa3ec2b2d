// The UI's own texts, Korean first and English second. Texts that come with a decision of the
// core (error screens, 404, category names) come from the core in the chosen language.
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { pickLanguage, type Lang } from "./core";

const STORAGE_KEY = "tidemark.lang";

const TEXTS = {
  ko: {
    tagline: "기업이 전하는 이야기, 한곳에서",
    intro: "인사이트, 성공 사례, 제품 소식, 기업 문화와 채용 소식까지. 관심 있는 기업을 팔로우하고 글을 저장하세요.",
    categories: "카테고리",
    popular: "인기",
    latest: "최신",
    popularPosts: "인기 콘텐츠",
    latestPosts: "최신 콘텐츠",
    search: "검색",
    login: "로그인",
    sort: "정렬",
    emptyList: "아직 게시된 콘텐츠가 없습니다.",
    switchLanguage: "English",
    home: "홈",
    forBusiness: "기업 회원",
    footer: "Tidemark — 기업 콘텐츠 플랫폼",
    skipToContent: "본문으로 건너뛰기",
    loading: "불러오는 중…",
    loadFailed: "불러오지 못했습니다. 잠시 후 다시 시도해 주세요.",
    verified: "인증된 기업",
    views: "조회수",
    bookmarks: "북마크",
    recommended: "추천 컬렉션",
    seeAll: "전체 보기",
    mainMenu: "주 메뉴",
    footerMenu: "바닥글 메뉴",
    myInterests: "관심",
    myPage: "마이페이지",
    logout: "로그아웃",
    reports: "리포트",
    reportPosts: "리포트",
    interestPosts: "관심 콘텐츠",
    reasonFollowed: "팔로우한 기업",
    reasonCategory: "관심 카테고리",
    callFailed: "요청을 처리하지 못했습니다.",
    close: "닫기",
  },
  en: {
    tagline: "What businesses have to say, in one place",
    intro: "Insights, success stories, product news, culture and recruiting. Follow the businesses you care about and bookmark what you read.",
    categories: "Categories",
    popular: "Popular",
    latest: "Latest",
    popularPosts: "Popular posts",
    latestPosts: "Latest posts",
    search: "Search",
    login: "Sign in",
    sort: "Sort",
    emptyList: "Nothing has been published here yet.",
    switchLanguage: "한국어",
    home: "Home",
    forBusiness: "For businesses",
    footer: "Tidemark — the platform for business content",
    skipToContent: "Skip to content",
    loading: "Loading…",
    loadFailed: "This could not be loaded. Please try again in a moment.",
    verified: "Verified business",
    views: "Views",
    bookmarks: "Bookmarks",
    recommended: "Collections",
    seeAll: "See all",
    mainMenu: "Main menu",
    footerMenu: "Footer menu",
    myInterests: "Interests",
    myPage: "My page",
    logout: "Sign out",
    reports: "Reports",
    reportPosts: "Reports",
    interestPosts: "For you",
    reasonFollowed: "A business you follow",
    reasonCategory: "A category you chose",
    callFailed: "The request could not be completed.",
    close: "Close",
  },
} as const;

export type TextKey = keyof (typeof TEXTS)["ko"];

interface I18n {
  lang: Lang;
  t: (key: TextKey) => string;
  setLang: (lang: Lang) => void;
}

const I18nContext = createContext<I18n | null>(null);

function initialLang(): Lang {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked; the browser's languages still decide.
  }
  return pickLanguage(saved, [...(navigator.languages ?? [navigator.language])]);
}

export function I18nProvider({ children, lang: forced }: { children: ReactNode; lang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => forced ?? initialLang());
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not saved: the choice lasts for this page only.
    }
    // The server prerenders the first view in the same language (server/src/prerender.rs).
    document.cookie = `tm_lang=${next}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  const value = useMemo<I18n>(() => ({ lang, setLang, t: (key) => TEXTS[lang][key] }), [lang, setLang]);
  // The document speaks the chosen language (before the browser paints).
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

/** A feature's own texts, Korean and English with the same keys; the hook answers the
 * visitor's language. Keeps each feature's catalogue beside its code. */
export function defineTexts<K extends string>(texts: { ko: Record<K, string>; en: Record<NoInfer<K>, string> }) {
  return function useTexts(): Record<K, string> {
    return texts[useI18n().lang];
  };
}
