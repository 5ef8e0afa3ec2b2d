// Route name (the core's route table) → the page's module. Every page but the home is its
// own chunk, so a page loads only the code it needs.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteMatch } from "../lib/core";
import { AppError } from "../lib/errors";
import { useI18n } from "../lib/i18n";
import HomePage from "../features/posts/HomePage";

type PageModule = LazyExoticComponent<ComponentType<{ route: RouteMatch }>>;

const ListPage = lazy(() => import("../features/posts/ListPage"));
const CollectionPage = lazy(() => import("../features/posts/CollectionPage"));
const PostDetailPage = lazy(() => import("../features/posts/PostDetailPage"));
const BusinessProfilePage = lazy(() => import("../features/business/BusinessProfilePage"));
const SearchPage = lazy(() => import("../features/search/SearchPage"));
const InterestPage = lazy(() => import("../features/interest/InterestPage"));
const FollowListPage = lazy(() => import("../features/interest/FollowListPage"));
const LoginPage = lazy(() => import("../features/member/LoginPage"));
const SitePage = lazy(() => import("../features/site/SitePage"));
const SamplePage = lazy(() => import("../features/site/SamplePage"));
const MemberAreaPage = lazy(() => import("../features/member/MemberAreaPage"));

const PAGES: Record<string, PageModule> = {
  categoryList: ListPage,
  latestList: ListPage,
  popularList: ListPage,
  interestList: ListPage,
  reportList: ListPage,
  recommendList: CollectionPage,
  postDetail: PostDetailPage,
  businessProfile: BusinessProfilePage,
  search: SearchPage,
  searchBusiness: SearchPage,
  searchContents: SearchPage,
  interest: InterestPage,
  interestBookmark: InterestPage,
  interestFollowing: InterestPage,
  followList: FollowListPage,
  login: LoginPage,
  loginEmail: LoginPage,
  b2b: SitePage,
  mobileCategory: SitePage,
  sampleChart: SamplePage,
  sampleModal: SamplePage,
  samplePage1: SamplePage,
  samplePage2: SamplePage,
  sampleUnsplash: SamplePage,
};

/** The page of a route. */
export function PageFor({ route }: { route: RouteMatch }) {
  const { t } = useI18n();
  if (route.name === "home") return <HomePage />;
  if (route.name === "samplePage4Error") return <ThrowingPage />;
  const Page = PAGES[route.name] ?? MemberAreaPage;
  return (
    <Suspense
      fallback={
        <p className="loading page-loading" role="status">
          {t("loading")}
        </p>
      }
    >
      <Page route={route} />
    </Suspense>
  );
}

/** /sample/page4_error: throws while rendering, to show the error screen (PRODUCT). */
function ThrowingPage(): never {
  throw new AppError(500, "Sample error", "This page throws on purpose to show the error screen.");
}
