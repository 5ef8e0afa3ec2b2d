// The search calls (server/src/search/routes.rs, docs/search.md) and their queries.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError, api, type Answer, type QueryParam } from "../../lib/api";
import type { BusinessItem, ContentHighlights, ContentItem, Popular, SearchItem, SearchPage as SearchPageAnswer, Suggestion } from "../../lib/apiSchema";

export type SearchTarget = QueryParam<"/api/v1/search", "type">;
/** The orders the search page offers (the API also sorts by relevance). */
export type SearchSort = Extract<QueryParam<"/api/v1/search", "sort">, "POPULAR" | "LATEST">;
export type SuggestionMode = QueryParam<"/api/v1/search/suggestions", "mode">;

/** `[start, end)` in UTF-16 code units: `text.slice(start, end)`. */
export type Range = ContentHighlights["title"][number];

export type ContentHit = ContentItem;

export type BusinessHit = BusinessItem;

export type { SearchItem };

/** A page of a search: the API's `SearchPage`, its items of one kind. */
export type SearchPage<T extends SearchItem> = Omit<SearchPageAnswer, "items"> & { items: T[] };

export type { Suggestion };

/** The most searched queries of today, or of the week when today has too few. */
export type PopularSearches = Popular;

/** The server refuses longer queries (`MAX_QUERY_CHARS`). */
export const MAX_QUERY_CHARS = 100;
const PAGE_SIZE = 20;

/** The feature's query keys. */
export const searchKeys = {
  all: ["search"] as const,
  results: (target: SearchTarget, sort: SearchSort, keyword: string) => [...searchKeys.all, target, sort, keyword] as const,
  suggestions: (mode: SuggestionMode, text: string) => [...searchKeys.all, "suggestions", mode, text] as const,
  popular: () => [...searchKeys.all, "popular"] as const,
};

/** The API address of one page of a search. */
export function searchPath(keyword: string, target: SearchTarget, sort: SearchSort, cursor: string | null, size = PAGE_SIZE): string {
  const query = new URLSearchParams({ q: keyword, type: target, sort, size: String(size) });
  if (cursor) query.set("cursor", cursor);
  return `/api/v1/search?${query}`;
}

export function suggestionsPath(text: string, mode: SuggestionMode): string {
  return `/api/v1/search/suggestions?${new URLSearchParams({ q: text, mode })}`;
}

function searchQuery<T extends SearchItem>(keyword: string, target: SearchTarget, sort: SearchSort) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(target, sort, keyword),
    queryFn: ({ pageParam, signal }) => api<SearchPage<T>>(searchPath(keyword, target, sort, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: keyword !== "",
  });
}

/** Posts matching the keyword, page after page through the API's cursors. */
export function contentSearchQuery(keyword: string, sort: SearchSort) {
  return searchQuery<ContentHit>(keyword, "CONTENTS", sort);
}

/** Businesses matching the keyword, page after page. */
export function businessSearchQuery(keyword: string, sort: SearchSort) {
  return searchQuery<BusinessHit>(keyword, "BUSINESS", sort);
}

/** One suggestion per text: picking one searches its text, so a post title that is also a
 * popular query would only be the same choice twice. */
function distinctTexts(items: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.text)) return false;
    seen.add(item.text);
    return true;
  });
}

/** Suggestions for what is typed (Typing) or for the current keyword (Related). A new text
 * makes the previous request inactive, and TanStack Query aborts it through the signal. */
export function suggestionsQuery(text: string, mode: SuggestionMode) {
  return queryOptions({
    queryKey: searchKeys.suggestions(mode, text),
    queryFn: async ({ signal }) => {
      try {
        return (await api<Answer<"/api/v1/search/suggestions">>(suggestionsPath(text, mode), { signal })).items;
      } catch (error) {
        // Suggestions only help: a refused one (rate limit, a server hiccup) leaves the list
        // empty instead of raising the application's error message while the reader types.
        // Aborts are not ApiErrors and go on to the query, which discards them.
        if (error instanceof ApiError) return [];
        throw error;
      }
    },
    select: distinctTexts,
    enabled: text.trim() !== "",
    placeholderData: mode === "Typing" ? keepPreviousData : undefined,
  });
}

/** The most searched queries of the day (or of the week while the day is quiet). */
export function popularSearchesQuery() {
  return queryOptions({
    queryKey: searchKeys.popular(),
    queryFn: ({ signal }) => api<PopularSearches>("/api/v1/search/popular", { signal }),
  });
}
