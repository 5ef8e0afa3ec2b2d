// The post cards every list answers, and the lists' calls and query hooks: a list page by
// page (cursor), or its first cards.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { inlineCall, inlineFirstPage } from "./inline";
import { sharedKeys } from "./queryKeys";

/** Where a post stands (server: `posts.status`), as every answer that carries one says it. */
export const POST_STATUSES = ["DRAFT", "SCHEDULED", "PUBLISHED", "HIDDEN", "REMOVED"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** `value` when it names a post status, else null (an address's `?status=`, a select's value). */
export function postStatusOf(value: string | null | undefined): PostStatus | null {
  return (POST_STATUSES as readonly string[]).includes(value ?? "") ? (value as PostStatus) : null;
}

export interface BusinessBadge {
  id: number;
  name: string;
  logoUrl: string | null;
  verified: boolean;
}

export interface Card {
  postSeq: number;
  title: string;
  summary: string;
  categoryId: number;
  coverUrl: string | null;
  /** The cover at 480 px wide: what a card shows. */
  coverThumbnailUrl?: string | null;
  business: BusinessBadge;
  tags: string[];
  isReport: boolean;
  seriesOrder: number | null;
  publishedAt: string | null;
  viewCount: number;
  bookmarkCount: number;
  /** Interest list only: why the post is there. */
  reason?: "followed_business" | "category_interest";
}

/** One page of a cursor-paged list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The query of a page of a cursor-paged list: its size, and the cursor after the first. */
export function pageQuery(size: number, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ size: String(size) });
  if (cursor) query.set("cursor", cursor);
  return query;
}

export type ListKind =
  | { kind: "popular" }
  | { kind: "latest" }
  | { kind: "category"; categoryId: number; sort: "POPULAR" | "LATEST" }
  | { kind: "report" }
  | { kind: "interest"; sort: "POPULAR" | "LATEST" };

/** The API address of a list's page. */
export function listPath(list: ListKind, cursor: string | null, size = 20): string {
  const query = pageQuery(size, cursor);
  switch (list.kind) {
    case "popular":
      return `/api/v1/posts/popular?${query}`;
    case "latest":
      return `/api/v1/posts/latest?${query}`;
    case "report":
      return `/api/v1/posts/report?${query}`;
    case "interest":
      query.set("sort", list.sort);
      return `/api/v1/posts/interest?${query}`;
    case "category":
      query.set("sort", list.sort);
      return `/api/v1/posts/category/${list.categoryId}?${query}`;
  }
}

/** A list, page after page (each page 20 cards; the next asked when the reader gets near the end). */
export function postListQuery(list: ListKind) {
  return infiniteQueryOptions({
    queryKey: [...sharedKeys.posts, list],
    queryFn: ({ pageParam, signal }) => api<Page<Card>>(listPath(list, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The first page answered inside the page itself renders at once.
    initialData: () => inlineFirstPage<Page<Card>>(listPath(list, null)),
  });
}

/** The first cards of a list (home sections, the samples). */
export function postPreviewQuery(list: ListKind, size: number) {
  return queryOptions({
    queryKey: [...sharedKeys.posts, list, "preview", size],
    queryFn: ({ signal }) => api<Page<Card>>(listPath(list, null, size), { signal }),
    initialData: () => inlineCall<Page<Card>>(listPath(list, null, size)),
  });
}
