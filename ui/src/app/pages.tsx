// Route name (the core's route table) → the page's module. Every page is its own chunk, so
// a page loads only the code it needs (the home page too: the post page, the one most
// readers land on, should not carry it; main.tsx loads the first page's chunk before the
// first render either way). The names are the core's `RouteName` union: a route without a
// page here does not compile.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteMatch, RouteName } from "../lib/core";
import { AppError } from "../lib/errors";
import { useI18n } from "../lib/i18n";

type PageComponent = ComponentType<{ route: RouteMatch }>;
type PageLoader = () => Promise<{ default: PageComponent }>;

type AppChunkRoute = "samplePage4Error";

/** The pages in the app's first chunk, rendered without loading anything. */
const IN_APP_CHUNK: Record<AppChunkRoute, PageComponent> = {
  samplePage4Error: ThrowingPage,
};

const load = {
  home: () => import("../features/posts/HomePage"),
  list: () => import("../features/posts/ListPage"),
  collection: () => import("../features/posts/CollectionPage"),
  post: () => import("../features/posts/PostDetailPage"),
  business: () => import("../features/business/BusinessProfilePage"),
  search: () => import("../features/search/SearchPage"),
  interest: () => import("../features/interest/InterestPage"),
  followList: () => import("../features/interest/FollowListPage"),
  join: () => import("../features/join/JoinPage"),
  joinEmail: () => import("../features/join/EmailJoinPage"),
  joinProfile: () => import("../features/join/ProfileStepPage"),
  joinComplete: () => import("../features/join/CompletePage"),
  callbackOauth: () => import("../features/social/CallbackOauthPage"),
  login: () => import("../features/member/LoginPage"),
  site: () => import("../features/site/SitePage"),
  sample: () => import("../features/site/SamplePage"),
  certify: () => import("../features/certify/CallbackCertifyPage"),
  mypage: () => import("../features/mypage/MyPage"),
  consoleHome: () => import("../features/console/BusinessPage"),
  consoleProfile: () => import("../features/console/ProfilePage"),
  analyticsOutline: () => import("../features/analytics/OutlinePage"),
  analyticsContents: () => import("../features/analytics/ContentsPage"),
  write: () => import("../features/writing/WritePage"),
  publication: () => import("../features/publication/PublicationPage"),
  admin: () => import("../features/admin/AdminPage"),
  mypageEdit: () => import("../features/mypage/EditProfilePage"),
  mypagePasswordCheck: () => import("../features/mypage/PasswordCheckPage"),
  mypagePasswordChange: () => import("../features/mypage/PasswordChangePage"),
  mypageSecurity: () => import("../features/mypage/SecurityPage"),
  mypageWithdraw: () => import("../features/mypage/WithdrawPage"),
  passwordFindOptions: () => import("../features/recovery/FindOptionsPage"),
  passwordFindEmail: () => import("../features/recovery/FindEmailPage"),
  passwordFindPhone: () => import("../features/recovery/FindPhonePage"),
  passwordReset: () => import("../features/recovery/ResetPage"),
  managerInvite: () => import("../features/invite/InvitePage"),
  managerInviteConfirm: () => import("../features/invite/ConfirmPage"),
  managerInviteJoin: () => import("../features/invite/JoinPage"),
  notifications: () => import("../features/notifications/NotificationsPage"),
} satisfies Record<string, PageLoader>;

/** Every other route's page chunk. The member area's screens (join, my page, password
 * recovery, invitations, the sign-in callbacks, the business pages) share one page until
 * they come with the member features. */
const LOADERS: Record<Exclude<RouteName, AppChunkRoute>, PageLoader> = {
  home: load.home,
  admin: load.admin,
  adminAudit: load.admin,
  adminBusinesses: load.admin,
  adminCollections: load.admin,
  adminMedia: load.admin,
  adminPosts: load.admin,
  adminSearch: load.admin,
  b2b: load.site,
  businessProfile: load.business,
  followList: load.followList,
  interest: load.interest,
  interestBookmark: load.interest,
  interestFollowing: load.interest,
  managerInvite: load.managerInvite,
  managerInviteConfirm: load.managerInviteConfirm,
  managerInviteJoin: load.managerInviteJoin,
  callbackCertify: load.certify,
  callbackOauth: load.callbackOauth,
  join: load.join,
  joinEmail: load.joinEmail,
  joinProfile: load.joinProfile,
  joinComplete: load.joinComplete,
  login: load.login,
  loginEmail: load.login,
  mobileCategory: load.site,
  mypage: load.mypage,
  mypageBusiness: load.consoleHome,
  mypageBusinessProfile: load.consoleProfile,
  analyticsContents: load.analyticsContents,
  analyticsOutline: load.analyticsOutline,
  contentRegister: load.write,
  mediaPublishRegister: load.publication,
  notifications: load.notifications,
  notificationSettings: load.notifications,
  mailUnsubscribe: load.notifications,
  passwordChange: load.mypagePasswordChange,
  passwordCheck: load.mypagePasswordCheck,
  mypageSecurity: load.mypageSecurity,
  userEdit: load.mypageEdit,
  userWithdraw: load.mypageWithdraw,
  passwordFindOptions: load.passwordFindOptions,
  passwordFindEmail: load.passwordFindEmail,
  passwordFindPhone: load.passwordFindPhone,
  passwordReset: load.passwordReset,
  categoryList: load.list,
  interestList: load.list,
  latestList: load.list,
  popularList: load.list,
  recommendList: load.collection,
  reportList: load.list,
  postDetail: load.post,
  preview: load.post,
  search: load.search,
  searchBusiness: load.search,
  searchContents: load.search,
  sampleChart: load.sample,
  sampleModal: load.sample,
  samplePage1: load.sample,
  samplePage2: load.sample,
  sampleUnsplash: load.sample,
};

function inAppChunk(name: RouteName): name is AppChunkRoute {
  return Object.hasOwn(IN_APP_CHUNK, name);
}

/** The page chunk of a route. A name the map does not know is a broken build (the core and
 * the UI out of step), never a page to guess: the error screen says so. */
function loaderOf(name: Exclude<RouteName, AppChunkRoute>): PageLoader {
  if (!Object.hasOwn(LOADERS, name)) throw new AppError(500, `No page for the route '${name}'`);
  return LOADERS[name];
}

const lazyPages = new Map<PageLoader, LazyExoticComponent<PageComponent>>();
const readyPages = new Map<PageLoader, PageComponent>();

/** Loads the page module of a route ahead of the first render, so the first page renders
 * at once over the server's prerendered view instead of a loading state. */
export async function preloadPage(routeName: RouteName | undefined): Promise<void> {
  if (!routeName || inAppChunk(routeName)) return;
  const loader = loaderOf(routeName);
  readyPages.set(loader, (await loader()).default);
}

function pageComponent(name: Exclude<RouteName, AppChunkRoute>): PageComponent {
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
  if (inAppChunk(route.name)) {
    const Page = IN_APP_CHUNK[route.name];
    return <Page route={route} />;
  }
  const Page = pageComponent(route.name);
  return (
    <Suspense
      fallback={
        <p className="loading page-loading" role="status">
          {t("loading")}
        </p>
      }
    >
      {/* eslint-disable-next-line react-hooks/static-components -- pageComponent gives one component per page module, kept for the app's life: the same type on every render */}
      <Page route={route} />
    </Suspense>
  );
}

/** /sample/page4_error: throws while rendering, to show the error screen (PRODUCT). */
function ThrowingPage(): never {
  throw new AppError(500, "Sample error", "This page throws on purpose to show the error screen.");
}
