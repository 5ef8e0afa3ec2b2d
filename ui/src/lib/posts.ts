// The post cards every list answers, and the lists' calls and query hooks: a list page by
// page (cursor), or its first cards.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, type Answer, type QueryParam } from "./api";
import { postStatusValues, type BusinessBadge, type Card, type PostStatus } from "./apiSchema";
import { inlineCall, inlineFirstPage } from "./inline";
import { sharedKeys } from "./queryKeys";

/** Where a post stands (server: `posts.status`), as every answer that carries one says it. */
export const POST_STATUSES = postStatusValues;
export type { PostStatus };

/** `value` when it names a post status, else null (an address's `?status=`, a select's value). */
export function postStatusOf(value: string | null | undefined): PostStatus | null {
  return (POST_STATUSES as readonly string[]).includes(value ?? "") ? (value as PostStatus) : null;
}

export type { BusinessBadge, Card };

/** One page of a cursor-paged list: the shape of the server's every `Page`, with items of
 * `T`. */
export type Page<T> = Omit<Answer<"/api/v1/posts/popular">, "items"> & { items: T[] };

/** The orders of the lists that can be sorted. */
export type ListSort = QueryParam<"/api/v1/posts/interest", "sort">;

/** The query of a page of a cursor-paged list: its size, and the cursor after the first. */
export function pageQuery(size: number, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ size: String(size) });
  if (cursor) query.set("cursor", cursor);
  return query;
}

export type ListKind =
  | { kind: "popular" }
  | { kind: "latest" }
  | { kind: "category"; categoryId: number; sort: ListSort }
  | { kind: "report" }
  | { kind: "interest"; sort: ListSort };

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
