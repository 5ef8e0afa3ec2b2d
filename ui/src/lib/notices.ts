// The member's notices (server/src/notifications): the bell in the header and the
// notifications page both read them, so their calls and keys live below the features.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { sharedKeys } from "./queryKeys";
import { type Notice, type NoticeKind, type NoticePage, type Unread } from "./apiSchema";

export type { NoticeKind };

/** A notice, as `GET /api/v1/me/notifications` answers it. */
export type { Notice };

export type { NoticePage };

export type { Unread };

/** How often the bell asks again while the page is open (it also asks on focus). */
export const UNREAD_EVERY_MS = 60_000;

/** Under the reader's own "me" key, so signing out forgets them with the rest. */
const ROOT = [...sharedKeys.me, "notices"] as const;

export const noticeKeys = {
  all: ROOT,
  unread: [...ROOT, "unread"] as const,
  list: [...ROOT, "list"] as const,
  mail: [...ROOT, "mail"] as const,
};

/** The bell's count (members only). */
export function unreadQuery() {
  return queryOptions({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => api<Unread>("/api/v1/me/notifications/unread", { signal }),
    refetchInterval: UNREAD_EVERY_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** The member's notices, newest first. */
export function noticesQuery() {
  return infiniteQueryOptions({
    queryKey: noticeKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api<NoticePage>(`/api/v1/me/notifications?size=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: "always",
  });
}

/** The member opens a notice: it is read, and a new post's opening counts for its business. */
export function openNotice(id: number): Promise<Unread> {
  return api<Unread>(`/api/v1/me/notifications/${id}/open`, { method: "POST" });
}

export function markAllRead(): Promise<Unread> {
  return api<Unread>("/api/v1/me/notifications/read-all", { method: "POST" });
}
