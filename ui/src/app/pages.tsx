// Route name (the core's route table) → the page's module. Every page but the home is its
// own chunk, so a page loads only the code it needs.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteMatch } from "../lib/core";
import { AppError } from "../lib/errors";
import { useI18n } from "../lib/i18n";
import HomePage from "../features/posts/HomePage";

type PageComponent = ComponentType<{ route: RouteMatch }>;
type PageLoader = () => Promise<{ default: PageComponent }>;

const load = {
  list: () => import("../features/posts/ListPage"),
  collection: () => import("../features/posts/CollectionPage"),
  post: () => import("../features/posts/PostDetailPage"),
  business: () => import("../features/business/BusinessProfilePage"),
  search: () => import("../features/search/SearchPage"),
  interest: () => import("../features/interest/InterestPage"),
  followList: () => import("../features/interest/FollowListPage"),
  login: () => import("../features/member/LoginPage"),
  site: () => import("../features/site/SitePage"),
  sample: () => import("../features/site/SamplePage"),
  memberArea: () => import("../features/member/MemberAreaPage"),
} satisfies Record<string, PageLoader>;

const LOADERS: Record<string, PageLoader> = {
  categoryList: load.list,
  latestList: load.list,
  popularList: load.list,
  interestList: load.list,
  reportList: load.list,
  recommendList: load.collection,
  postDetail: load.post,
  businessProfile: load.business,
  search: load.search,
  searchBusiness: load.search,
  searchContents: load.search,
  interest: load.interest,
  interestBookmark: load.interest,
  interestFollowing: load.interest,
  followList: load.followList,
  login: load.login,
  loginEmail: load.login,
  b2b: load.site,
  mobileCategory: load.site,
  sampleChart: load.sample,
  sampleModal: load.sample,
  samplePage1: load.sample,
  samplePage2: load.sample,
  sampleUnsplash: load.sample,
};

function loaderOf(name: string): PageLoader {
  return LOADERS[name] ?? load.memberArea;
}

const lazyPages = new Map<PageLoader, LazyExoticComponent<PageComponent>>();
const readyPages = new Map<PageLoader, PageComponent>();

/** Loads the page module of a route ahead of the first render, so the first page renders
 * at once over the server's prerendered view instead of a loading state. */
export async function preloadPage(routeName: string | undefined): Promise<void> {
  if (!routeName || routeName === "home" || routeName === "samplePage4Error") return;
  const loader = loaderOf(routeName);
  readyPages.set(loader, (await loader()).default);
}

function pageComponent(name: string): PageComponent {
  const loader = loaderOf(name);
  const ready = readyPages.get(loader);
  if (ready) return ready;
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}

/** The page of a route. */
export function PageFor({ route }: { route: RouteMatch }) {
  const { t } = useI18n();
  if (route.name === "home") return <HomePage />;
  if (route.name === "samplePage4Error") return <ThrowingPage />;
  const Page = pageComponent(route.name);
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
