// The business's own posts (server/src/content/service/posts.rs): the list by status, title
// and category, the counts by status, and publishing or hiding one.
import { api } from "../../lib/api";

export const POST_STATUSES = ["DRAFT", "SCHEDULED", "PUBLISHED", "HIDDEN", "REMOVED"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export interface OwnPost {
  postSeq: number;
  title: string;
  categoryId: number;
  status: PostStatus;
  publishAt: string | null;
  publishedAt: string | null;
  removedReason: string | null;
  updatedAt: string;
  viewCount: number;
  bookmarkCount: number;
}

export interface StatusCounts {
  draft: number;
  scheduled: number;
  published: number;
  hidden: number;
  removed: number;
}

interface Filters {
  status: PostStatus | null;
  q: string;
  categoryId: number | null;
  cursor?: string | null;
}

export const postsKey = (businessId: number, filters: Omit<Filters, "cursor">) => ["console", "posts", businessId, filters] as const;

export const postCalls = {
  list(filters: Filters, signal?: AbortSignal) {
    const params = new URLSearchParams({ size: "20" });
    if (filters.status) params.set("status", filters.status);
    if (filters.q.trim()) params.set("q", filters.q.trim());
    if (filters.categoryId) params.set("categoryId", String(filters.categoryId));
    if (filters.cursor) params.set("cursor", filters.cursor);
    return api<{ items: OwnPost[]; nextCursor: string | null }>(`/api/v1/mypage/posts?${params.toString()}`, { signal });
  },
  counts: (signal?: AbortSignal) => api<StatusCounts>("/api/v1/mypage/posts/counts", { signal }),
  publish: (id: number) => api<unknown>(`/api/v1/posts/${id}/publish`, { method: "POST" }),
  hide: (id: number) => api<unknown>(`/api/v1/posts/${id}/hide`, { method: "POST" }),
};
