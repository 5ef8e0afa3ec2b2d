import { Link, useSearch } from "wouter";
import { categoryName, normalizeSort, type RouteMatch } from "../../lib/core";
import { useI18n, type TextKey } from "../../lib/i18n";
import type { ListKind } from "../../lib/posts";
import { PostList } from "./components/PostList";
import { usePageTitle } from "../../lib/pageTitle";

/** The heading of each list the page may show: it names what is listed, so it follows the
 * sort on the latest and popular pages, whose paths only name the default. */
const LIST_TITLES: Record<Exclude<ListKind["kind"], "category">, TextKey> = {
  latest: "latestPosts",
  popular: "popularPosts",
  interest: "interestPosts",
  report: "reportPosts",
};

/** The post lists that carry a sort (SPEC §2): a title, the sort switch and the list. */
export default function ListPage({ route }: { route: RouteMatch }) {
  const { t, lang } = useI18n();
  const params = new URLSearchParams(useSearch());
  const sort = params.get("sort");
  const list = listOf(route, sort);
  const title = list?.kind === "category" ? categoryName(list.categoryId, lang) : t(LIST_TITLES[list?.kind ?? "popular"]);
  usePageTitle(title ?? null);
  const hrefFor = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set("sort", next);
    return `${route.path}?${copy.toString()}`;
  };
  return (
    <div className="page list">
      <h1>{title}</h1>
      {list?.kind === "report" ? null : (
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
      return { kind: "interest", sort: decided };
    default:
      return null;
  }
}
