// The post detail's data and its query, shared by the page and the cards that prefetch it.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";
import { AppError } from "../../../lib/errors";
import { inlineCall, pageData } from "../../../lib/pageData";
import type { BusinessBadge, Card } from "../api";

/** The business card on a post (server/src/content/posts.rs BusinessCard). */
export interface PostBusiness extends BusinessBadge {
  description: string;
  industry: string;
  followerCount: number;
  /** Whether the signed-in reader follows it (false in the guest's answer). */
  following: boolean;
}

/** `GET /api/v1/posts/{id}` (server/src/content/posts.rs PostDetail). */
export interface PostDetail {
  postSeq: number;
  business: PostBusiness;
  categoryId: number;
  title: string;
  summary: string;
  coverUrl: string | null;
  /** Sanitised on the server with the one body policy. */
  bodyHtml: string;
  tags: string[];
  isReport: boolean;
  reportUrl: string | null;
  seriesOrder: number | null;
  status: string;
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  viewCount: number;
  uniqueReaderCount: number;
  bookmarkCount: number;
  shareCount: number;
  /** Whether the signed-in reader bookmarked it (false in the guest's answer). */
  bookmarked: boolean;
}

/** SPEC §8 code 101: the error screen's 'content does not exist'. */
export const NO_CONTENT_STATUS = 101;

/** A missing post (or one not public) is the 'content does not exist' screen, not an
 * application error message: it is raised as an AppError, which the failure reporter leaves
 * to the page's error boundary. */
function asMissing(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.code === String(NO_CONTENT_STATUS))) {
    return new AppError(NO_CONTENT_STATUS, error.message);
  }
  return error;
}

export function postDetailKey(id: number | string) {
  return ["post", String(id)] as const;
}

/** The post's data: inline on the first page, else its payload, else the API. */
export async function fetchPostDetail(id: number | string, signal?: AbortSignal): Promise<PostDetail> {
  try {
    return await pageData<PostDetail>(`/post/${id}`, () => api<PostDetail>(`/api/v1/posts/${id}`, { signal }), signal);
  } catch (error) {
    throw asMissing(error);
  }
}

/** The detail's query: the page reads it, cards prefetch it. Kept out of the "posts" key so
 * that refreshing the lists does not fetch the detail again. */
export function postDetailQuery(id: number | string) {
  return queryOptions({
    queryKey: postDetailKey(id),
    queryFn: ({ signal }) => fetchPostDetail(id, signal),
    initialData: () => inlineCall<PostDetail>(`/api/v1/posts/${id}`),
    // A missing post stays missing.
    retry: (failures, error) => failures < 2 && !(error instanceof AppError) && !(error instanceof ApiError && error.status < 500),
  });
}

/** Warms the cache with a post's detail (a no-op while a fresh copy is cached). */
export function prefetchPostDetail(client: QueryClient, id: number | string): void {
  void client.prefetchQuery(postDetailQuery(id));
}

export function relatedKey(id: number | string) {
  return ["post", String(id), "related"] as const;
}

/** `GET /api/v1/posts/{id}/related`: up to six related posts. */
export function relatedQuery(id: number | string) {
  return queryOptions({
    queryKey: relatedKey(id),
    queryFn: ({ signal }) => api<Card[]>(`/api/v1/posts/${id}/related`, { signal }),
    initialData: () => inlineCall<Card[]>(`/api/v1/posts/${id}/related`),
  });
}
