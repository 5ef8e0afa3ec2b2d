// The post detail's data and its query, shared by the post page and the cards that prefetch it.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { asMissing, retryPageData } from "./errors";
import { inlineCall, pageData } from "./pageData";
import type { BusinessCard, PostDetail } from "./apiSchema";
import { sharedKeys } from "./queryKeys";

/** The business card on a post (server/src/catalog/view.rs BusinessCard). */
export type PostBusiness = BusinessCard;

/** `GET /api/v1/posts/{id}` (server/src/content/view.rs PostDetail). */
export type { PostDetail };

export function postDetailKey(id: number | string) {
  return [...sharedKeys.post, String(id)] as const;
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
    retry: retryPageData,
  });
}

/** Warms the cache with a post's detail (a no-op while a fresh copy is cached). */
export function prefetchPostDetail(client: QueryClient, id: number | string): void {
  void client.prefetchQuery(postDetailQuery(id));
}
