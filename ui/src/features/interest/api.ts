// The reader's own lists (server/src/engagement/service.rs) and a business's latest posts
// (server/src/content/service/lists.rs). The reader's lists sit under the shared "me" key so
// whatever follows or bookmarks can invalidate them in one go.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { pageQuery, type Card, type Page } from "../../lib/posts";
import { sharedKeys } from "../../lib/queryKeys";
import { type Followed } from "../../lib/apiSchema";

/** A followed business, as `GET /api/v1/me/follows` answers it. */
export type FollowedBusiness = Followed;

const PAGE_SIZE = 20;

/** The feature's query keys: the reader's lists under "me", a business's cards with every
 * other list of cards. */
export const interestKeys = {
  bookmarks: [...sharedKeys.me, "bookmarks"] as const,
  follows: [...sharedKeys.me, "follows"] as const,
  businessLatest: (businessId: number, size: number) => [...sharedKeys.posts, "business", businessId, "latest", size] as const,
};

function pagePath(base: string, cursor: string | null, size = PAGE_SIZE): string {
  return `${base}?${pageQuery(size, cursor)}`;
}

/** The reader's bookmarked posts, last bookmarked first. Only for a member (a guest would get
 * a 401). Asked again on every visit, since the reader changes it elsewhere. */
export function myBookmarksQuery() {
  return infiniteQueryOptions({
    queryKey: interestKeys.bookmarks,
    queryFn: ({ pageParam, signal }) => api<Page<Card>>(pagePath("/api/v1/me/bookmarks", pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: "always",
  });
}

/** The businesses the reader follows, last followed first (member only, as above). */
export function myFollowsQuery() {
  return infiniteQueryOptions({
    queryKey: interestKeys.follows,
    queryFn: ({ pageParam, signal }) => api<Page<FollowedBusiness>>(pagePath("/api/v1/me/follows", pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: "always",
  });
}

/** A business's newest public posts (`GET /api/v1/businesses/{id}/posts`). */
export function businessLatestQuery(businessId: number, size: number) {
  return queryOptions({
    queryKey: interestKeys.businessLatest(businessId, size),
    queryFn: ({ signal }) => api<Page<Card>>(pagePath(`/api/v1/businesses/${businessId}/posts`, null, size), { signal }),
  });
}
