import { Link, useSearch } from "wouter";
import { categoryName, normalizeSort, type RouteMatch, type RouteName } from "../../lib/core";
import { useI18n, type TextKey } from "../../lib/i18n";
import type { ListKind } from "../../lib/posts";
import { PostList } from "./components/PostList";

const LIST_TITLES: Partial<Record<RouteName, TextKey>> = {
  latestList: "latestPosts",
  popularList: "popularPosts",
  interestList: "interestPosts",
  reportList: "reportPosts",
};

/** The post lists that carry a sort (SPEC §2): a title, the sort switch and the list. */
export default function ListPage({ route }: { route: RouteMatch }) {
  const { t, lang } = useI18n();
  const params = new URLSearchParams(useSearch());
  const sort = params.get("sort");
  const category = route.name === "categoryList" ? categoryName(Number(route.param), lang) : undefined;
  const title = category ?? t(LIST_TITLES[route.name] ?? "popularPosts");
  const list = listOf(route, sort);
  const hrefFor = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set("sort", next);
    return `${route.path}?${copy.toString()}`;
  };
  return (
    <div className="page list">
      <h1>{title}</h1>
      {list?.kind === "report" || list?.kind === "interest" ? null : (
      <nav className="sort-switch" aria-label={t("sort")}>
        {(["POPULAR", "LATEST"] as const).map((code) => (
          <Link key={code} href={hrefFor(code)} aria-current={sort === code ? "page" : undefined}>
            {code === "POPULAR" ? t("popular") : t("latest")}
          </Link>
        ))}
      </nav>
      )}
      {list ? <PostList list={list} /> : <p className="empty-state">{t("emptyList")}</p>}
    </div>
  );
}

/** The posts a list route shows, its sort decided by the core. */
function listOf(route: RouteMatch, sort: string | null): ListKind | null {
  const decided = normalizeSort(sort) === "LATEST" ? "LATEST" : "POPULAR";
  switch (route.name) {
    case "popularList":
      return decided === "LATEST" ? { kind: "latest" } : { kind: "popular" };
    case "latestList":
      return decided === "POPULAR" ? { kind: "popular" } : { kind: "latest" };
    case "categoryList":
      return { kind: "category", categoryId: Number(route.param), sort: decided };
    case "reportList":
      return { kind: "report" };
    case "interestList":
      // The reader's list is newest first by its nature (docs/product.md).
      return { kind: "interest" };
    default:
      return null;
  }
}
