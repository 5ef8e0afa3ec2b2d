// A business's public profile and its posts (server/src/business/service/profile.rs,
// server/src/content/service/lists.rs `of_business`).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { asMissing, retryPageData } from "../../lib/errors";
import { inlineCall, inlineFirstPage, pageData } from "../../lib/pageData";
import type { Card, Page } from "../../lib/posts";
import { sharedKeys } from "../../lib/queryKeys";

export type { Business, CategoryCount } from "../../lib/business";
import type { Business } from "../../lib/business";

/** The feature's query keys: the profile under the shared business key (a follow patches its
 * count), its posts with every other list of cards. */
export const businessKeys = {
  profile: (id: number | string) => [...sharedKeys.business, String(id)] as const,
  posts: (businessId: number, categoryId: number | null) => [...sharedKeys.posts, { kind: "business", businessId, categoryId }] as const,
};

/** The profile: inline on the first page, else its payload, else the API. A business that
 * does not exist is the 'content does not exist' screen (an AppError, left to the page's
 * error boundary rather than reported as an application error). */
export function businessQuery(id: number | string) {
  return queryOptions({
    queryKey: businessKeys.profile(id),
    queryFn: async ({ signal }) => {
      try {
        return await pageData<Business>(`/business/profile/${id}`, () => api<Business>(`/api/v1/businesses/${id}`, { signal }), signal);
      } catch (error) {
        throw asMissing(error);
      }
    },
    retry: retryPageData,
    initialData: () => inlineCall<Business>(`/api/v1/businesses/${id}`),
  });
}

/** The API address of a page of the business's posts (newest first), of one category or all. */
export function businessPostsPath(businessId: number, categoryId: number | null, cursor: string | null, size = 20): string {
  const query = new URLSearchParams({ size: String(size) });
  if (categoryId !== null) query.set("categoryId", String(categoryId));
  if (cursor) query.set("cursor", cursor);
  return `/api/v1/businesses/${businessId}/posts?${query}`;
}

/** The business's posts, page after page. Kept under the "posts" key so that follow and
 * bookmark changes refresh their counts with every other list. */
export function businessPostsQuery(businessId: number, categoryId: number | null) {
  return infiniteQueryOptions({
    queryKey: businessKeys.posts(businessId, categoryId),
    queryFn: ({ pageParam, signal }) => api<Page<Card>>(businessPostsPath(businessId, categoryId, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: () => inlineFirstPage<Page<Card>>(businessPostsPath(businessId, categoryId, null)),
  });
}
