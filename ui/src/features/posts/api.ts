// The posts feature's calls (the lists and their cards are lib/posts.ts, a post's detail
// lib/postDetail.ts): the home page's collections and one collection page after page, a
// post's related posts, a preview link's post, and a reader's flag on a post.
import { infiniteQueryOptions, queryOptions, useMutation } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import { asMissing, retryPageData } from "../../lib/errors";
import { inlineCall } from "../../lib/inline";
import type { PostDetail } from "../../lib/postDetail";
import { pageQuery, type Card } from "../../lib/posts";
import { OWN_FAILURE } from "../../lib/queries";
import { sharedKeys } from "../../lib/queryKeys";
import { flagReasonValues, type Collection, type FlagInput, type FlagReason } from "../../lib/apiSchema";

export type { Collection };

/** What a reader may say is wrong with a post (the server's codes, in its order). */
export const FLAG_REASONS = flagReasonValues;
export type { FlagReason };

const COLLECTION_PAGE_SIZE = 20;

/** The feature's query keys. The related posts hang off the post's detail key, so what
 * refreshes a post refreshes them too. */
export const postsKeys = {
  collections: ["collections"] as const,
  collection: (id: string) => [...postsKeys.collections, id] as const,
  related: (id: number | string) => [...sharedKeys.post, String(id), "related"] as const,
  preview: (token: string) => ["preview", token] as const,
};

/** The operators' collections for the home page. */
export function collectionsQuery() {
  return queryOptions({
    queryKey: postsKeys.collections,
    queryFn: ({ signal }) => api<Collection[]>("/api/v1/recommendations", { signal }),
    initialData: () => inlineCall<Collection[]>("/api/v1/recommendations"),
  });
}

export function collectionPath(id: string, cursor: string | null): string {
  return `/api/v1/recommendations/${encodeURIComponent(id)}?${pageQuery(COLLECTION_PAGE_SIZE, cursor)}`;
}

/** One recommendation collection, page after page (server/src/content/service/recommend.rs):
 * the collection's title comes with every page, its posts in the operators' order. */
export function collectionQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: postsKeys.collection(id),
    queryFn: ({ pageParam, signal }) => api<Collection>(collectionPath(id, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** `GET /api/v1/posts/{id}/related`: up to six related posts. */
export function relatedQuery(id: number | string) {
  return queryOptions({
    queryKey: postsKeys.related(id),
    queryFn: ({ signal }) => api<Card[]>(`/api/v1/posts/${id}/related`, { signal }),
    initialData: () => inlineCall<Card[]>(`/api/v1/posts/${id}/related`),
  });
}

/** `GET /api/v1/previews/{token}`: a draft or scheduled post for whoever holds the link; never
 * cached (the link can be revoked at any time). A dead link is 'content does not exist'. */
export function previewQuery(token: string) {
  return queryOptions({
    queryKey: postsKeys.preview(token),
    queryFn: async ({ signal }) => {
      try {
        return await api<PostDetail>(`/api/v1/previews/${encodeURIComponent(token)}`, { signal });
      } catch (error) {
        throw asMissing(error);
      }
    },
    retry: retryPageData,
    gcTime: 0,
  });
}

export type { FlagInput };

/** A reader's flag on a post (`POST /api/v1/posts/{id}/flags`): the answer says whether
 * they had flagged it already. Nothing a reader sees changes, so nothing is
 * asked again; the dialog says how it went. */
export function useFlagPost(postSeq: number) {
  return useMutation({
    mutationFn: (input: FlagInput) => api<Answer<"/api/v1/posts/{id}/flags", "post">>(`/api/v1/posts/${postSeq}/flags`, { method: "POST", body: input }),
    meta: OWN_FAILURE,
  });
}
