// The posts related to a post (the post itself is lib/postDetail.ts).
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { inlineCall } from "../../../lib/inline";
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
