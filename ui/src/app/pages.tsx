import { Link, useSearch } from "wouter";
import type { ListKind } from "../features/posts/api";
import { HomeSections } from "../features/posts/components/HomeSections";
import { PostList } from "../features/posts/components/PostList";
import { breadcrumbs, normalizeSort, type RouteMatch } from "../lib/core";
import { AppError } from "../lib/errors";
import { useI18n, type TextKey } from "../lib/i18n";

/** The page of a route. Pages whose content arrives with the content API show their frame. */
export function PageFor({ route }: { route: RouteMatch }) {
  switch (route.name) {
    case "home":
      return <HomePage />;
    case "categoryList":
    case "latestList":
    case "popularList":
    case "interestList":
    case "search":
    case "searchBusiness":
    case "searchContents":
      return <SortedListPage route={route} />;
    case "samplePage4Error":
      return <ThrowingPage />;
    default:
      return <FramePage route={route} />;
  }
}

function HomePage() {
  const { t, lang } = useI18n();
  const crumbs = breadcrumbs(Date.now(), lang);
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t("tagline")}</h1>
        <p>{t("intro")}</p>
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title">{t("categories")}</h2>
        <ul className="category-grid">
          {crumbs.map((crumb) => (
            <li key={crumb.categoryId}>
              <Link href={crumb.href}>{crumb.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      <HomeSections />
    </div>
  );
}

const LIST_TITLES: Record<string, TextKey> = {
  latestList: "latestPosts",
  popularList: "popularPosts",
  interestList: "popularPosts",
  search: "search",
  searchBusiness: "search",
  searchContents: "search",
};

function SortedListPage({ route }: { route: RouteMatch }) {
  const { t, lang } = useI18n();
  const params = new URLSearchParams(useSearch());
  const sort = params.get("sort");
  const category = route.name === "categoryList" ? breadcrumbs(0, lang).find((c) => String(c.categoryId) === route.param) : null;
  const title = category ? category.label : t(LIST_TITLES[route.name] ?? "popularPosts");
  const list = listOf(route, sort);
  const hrefFor = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set("sort", next);
    return `${route.path}?${copy.toString()}`;
  };
  return (
    <div className="page list">
      <h1>{title}</h1>
      <nav className="sort-switch" aria-label={t("sort")}>
        {(["POPULAR", "LATEST"] as const).map((code) => (
          <Link key={code} href={hrefFor(code)} aria-current={sort === code ? "page" : undefined}>
            {code === "POPULAR" ? t("popular") : t("latest")}
          </Link>
        ))}
      </nav>
      {list ? <PostList list={list} /> : <p className="empty-state">{t("emptyList")}</p>}
    </div>
  );
}

/** The posts a list route shows, its sort decided by the core; null for routes whose
 * content is not a public post list (interest needs a session, search has its own page). */
function listOf(route: RouteMatch, sort: string | null): ListKind | null {
  const decided = normalizeSort(sort) === "LATEST" ? "LATEST" : "POPULAR";
  switch (route.name) {
    case "popularList":
      return decided === "LATEST" ? { kind: "latest" } : { kind: "popular" };
    case "latestList":
      return decided === "POPULAR" ? { kind: "popular" } : { kind: "latest" };
    case "categoryList":
      return { kind: "category", categoryId: Number(route.param), sort: decided };
    default:
      return null;
  }
}

/** /sample/page4_error: throws while rendering, to show the error screen (PRODUCT). */
function ThrowingPage(): never {
  throw new AppError(500, "Sample error", "This page throws on purpose to show the error screen.");
}

function FramePage({ route }: { route: RouteMatch }) {
  const { t } = useI18n();
  return (
    <div className="page frame">
      <h1>{route.name}</h1>
      <p className="empty-state">{t("emptyList")}</p>
    </div>
  );
}
