// The business analytics calls (server/src/analytics/service/report/): the outline of a period
// and each post's figures, sorted and paged, or all of them as a CSV file.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type QueryParam } from "../../lib/api";
import { periodQuery, type Period } from "./period";
import { type ContentRow, type Figure, type Group, type Outline, type PeriodOut, type SeriesDay } from "../../lib/apiSchema";

export type { Figure };

export type { PeriodOut };

export type { SeriesDay };

export type { Group };

export type { Outline };

export type SortKey = QueryParam<"/api/v1/businesses/{id}/analytics/contents", "sort">;

export type { ContentRow };

interface ContentsPage {
  period: PeriodOut;
  items: ContentRow[];
  nextCursor: string | null;
}

/** The feature's query keys: a business's figures, by what the address asks. */
export const analyticsKeys = {
  outline: (id: number, query: string) => ["analytics", "outline", id, query] as const,
  contents: (id: number, query: string) => ["analytics", "contents", id, query] as const,
};

export function outlineQuery(id: number, period: Period) {
  const query = periodQuery(period);
  return queryOptions({
    queryKey: analyticsKeys.outline(id, query),
    queryFn: ({ signal }) => api<Outline>(`/api/v1/businesses/${id}/analytics/outline?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function contentsQuery(id: number, period: Period, sort: SortKey, order: "asc" | "desc") {
  const query = `${periodQuery(period)}&sort=${sort}&order=${order}`;
  return infiniteQueryOptions({
    queryKey: analyticsKeys.contents(id, query),
    queryFn: ({ signal, pageParam }) =>
      api<ContentsPage>(`/api/v1/businesses/${id}/analytics/contents?${query}&size=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new sort or period keeps the table on screen until its rows arrive.
    placeholderData: keepPreviousData,
  });
}

/** The CSV of every post over the period (UTF-8 with a BOM, CRLF, KST dates: Excel opens it). */
export function csvHref(id: number, period: Period, sort: SortKey, order: "asc" | "desc"): string {
  return `/api/v1/businesses/${id}/analytics/contents.csv?${periodQuery(period)}&sort=${sort}&order=${order}`;
}
