// The business analytics calls (server/src/analytics/service/report/): the outline of a period
// and each post's figures, sorted and paged, or all of them as a CSV file.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { PostStatus } from "../../lib/posts";
import { periodQuery, type Period } from "./period";

export interface Figure {
  value: number;
  previous: number;
  /** (value − previous) / previous; null when previous is 0. */
  change: number | null;
}

export interface PeriodOut {
  from: string;
  to: string;
  days: number;
}

export interface SeriesDay {
  day: string;
  views: number;
  uniqueReaders: number;
  followers: number;
}

export interface Group {
  group: string;
  readers: number;
  share: number;
}

export interface Outline {
  period: PeriodOut;
  totals: Record<"views" | "uniqueReaders" | "clicks" | "bookmarks" | "shares" | "followsGained" | "readThroughs", Figure>;
  series: SeriesDay[];
  topPosts: { postSeq: number; title: string; views: number; uniqueReaders: number }[];
  devices: { deviceType: string; readers: number; share: number }[];
  readers: { gender: Group[]; ageBands: Group[]; hiddenGroups: number };
}

export type SortKey = "views" | "uniqueReaders" | "clicks" | "bookmarks" | "shares" | "readThroughs" | "publishedAt";

export interface ContentRow {
  postSeq: number;
  title: string;
  status: PostStatus;
  publishedAt: string | null;
  views: number;
  uniqueReaders: number;
  clicks: number;
  bookmarks: number;
  shares: number;
  readThroughs: number;
  /** Its followers' notices over the post's whole life: told by each channel, and opened. */
  notices: { inSite: number; mailed: number; pushed: number; openedInSite: number; openedFromMail: number; openedFromPush: number };
}

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
