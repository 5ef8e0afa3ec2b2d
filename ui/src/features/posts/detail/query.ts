// The posts related to a post (the post itself is lib/postDetail.ts), and a preview link's post.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { inlineCall } from "../../../lib/inline";
import { asMissing, retryPageData } from "../../../lib/errors";
import type { PostDetail } from "../../../lib/postDetail";
import type { Card } from "../../../lib/posts";

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

/** `GET /api/v1/previews/{token}`: a draft or scheduled post for whoever holds the link; never
 * cached (the link can be revoked at any time). A dead link is 'content does not exist'. */
export function previewQuery(token: string) {
  return queryOptions({
    queryKey: ["preview", token],
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
