// The search lives in the address (`/search/contents?keyword=…&sort=…`): back and forward
// work, and a search can be shared.
import { normalizeSort, type RouteName } from "../../lib/core";
import { MAX_QUERY_CHARS, type SearchSort, type SearchTarget } from "./api";

export const TARGET_PATHS: Record<SearchTarget, string> = {
  CONTENTS: "/search/contents",
  BUSINESS: "/search/business",
};

export interface SearchState {
  /** The trimmed keyword ("" when none), cut to what the server accepts. */
  keyword: string;
  sort: SearchSort;
  target: SearchTarget;
}

/** What the address asks for; `/search` itself shows contents. */
export function readSearchState(routeName: RouteName, search: string): SearchState {
  const params = new URLSearchParams(search);
  const keyword = Array.from((params.get("keyword") ?? "").trim()).slice(0, MAX_QUERY_CHARS).join("").trim();
  return {
    keyword,
    sort: normalizeSort(params.get("sort") ?? undefined) === "LATEST" ? "LATEST" : "POPULAR",
    target: routeName === "searchBusiness" ? "BUSINESS" : "CONTENTS",
  };
}

/** The address of `path` with some parameters changed (null removes one), the others kept. */
export function searchHref(path: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
