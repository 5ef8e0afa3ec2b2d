// The operators' console calls (server/src/operator, and the admin calls of the domains that
// own each action: business verification, media review, post removal, collections, the
// search index).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import type { Page, PostStatus } from "../../lib/posts";
import { OWN_FAILURE } from "../../lib/queries";
import { flagReasonValues, operatorActionValues, type BusinessFile, type BusinessRow, type CollectionInput, type CollectionPost, type FlagReason, type FlagRow, type FlaggedPost, type MediaRequest, type OperatorAuditEntry, type OperatorCollection, type PostFlags, type PostRow, type Queue, type QueueItem, type RebuildProgress, type RebuildReport, type StatusChange, type Taker } from "../../lib/apiSchema";

export type { Taker };

export type { QueueItem };

/** What a reader may say is wrong with a post (server/src/content/service/flags.rs). */
export const FLAG_REASONS = flagReasonValues;
export type { FlagReason };

export type { FlaggedPost };

export type { Queue };

export type Flag = FlagRow;

export type { PostFlags };

export type { BusinessRow };

export type { PostRow };

export type { BusinessFile };

export type { MediaRequest };

export type { CollectionPost };

export type Collection = OperatorCollection;

export type { RebuildReport };

export type { RebuildProgress };

export type AuditEntry = OperatorAuditEntry;

/** How often the search index's rebuild is followed while it runs. */
const REBUILD_FOLLOW_MS = 300;

export const AUDIT_ACTIONS = operatorActionValues;

function query(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface BusinessFilters {
  q: string;
  verified: boolean | null;
}

export interface PostFilters {
  q: string;
  status: PostStatus | null;
  flagged: boolean;
}

export type { CollectionInput };

export type Review = StatusChange;

/** The feature's query keys: every operator answer lives under "admin", so an action
 * refreshes them all. */
export const adminKeys = {
  all: ["admin"] as const,
  queue: () => [...adminKeys.all, "queue"] as const,
  businesses: (filters: BusinessFilters) => [...adminKeys.all, "businesses", filters] as const,
  business: (id: number) => [...adminKeys.all, "business", id] as const,
  mediaRequests: (status: string) => [...adminKeys.all, "media", status] as const,
  mediaRequest: (id: number | null) => [...adminKeys.all, "media-request", id] as const,
  posts: (filters: PostFilters) => [...adminKeys.all, "posts", filters] as const,
  flags: (id: number) => [...adminKeys.all, "flags", id] as const,
  collections: () => [...adminKeys.all, "collections"] as const,
  rebuild: () => [...adminKeys.all, "rebuild"] as const,
  audit: (action: string | null) => [...adminKeys.all, "audit", action] as const,
};

// --- what the operators read: most of it asked afresh on every visit --------------------

export function queueQuery() {
  return queryOptions({ queryKey: adminKeys.queue(), queryFn: ({ signal }) => api<Queue>("/api/v1/admin/queue", { signal }), staleTime: 0 });
}

export function businessesQuery(filters: BusinessFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.businesses(filters),
    queryFn: ({ pageParam, signal }) =>
      api<Page<BusinessRow>>(`/api/v1/admin/businesses${query({ q: filters.q.trim(), verified: filters.verified, cursor: pageParam, size: 20 })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function businessFileQuery(id: number) {
  return queryOptions({ queryKey: adminKeys.business(id), queryFn: ({ signal }) => api<BusinessFile>(`/api/v1/admin/businesses/${id}`, { signal }), staleTime: 0 });
}

/** The media requests of one status ("" for all), newest first. */
export function mediaRequestsQuery(status: string) {
  return queryOptions({
    queryKey: adminKeys.mediaRequests(status),
    queryFn: ({ signal }) => api<Page<MediaRequest>>(`/api/v1/admin/media-requests${query({ status: status || null, size: 50 })}`, { signal }),
    staleTime: 0,
  });
}

/** One media request (none asked while `id` is null). */
export function mediaRequestQuery(id: number | null) {
  return queryOptions({
    queryKey: adminKeys.mediaRequest(id),
    queryFn: ({ signal }) => api<MediaRequest>(`/api/v1/media-requests/${id ?? 0}`, { signal }),
    staleTime: 0,
    enabled: id !== null,
  });
}

export function postsQuery(filters: PostFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.posts(filters),
    queryFn: ({ pageParam, signal }) =>
      api<Page<PostRow>>(`/api/v1/admin/posts${query({ q: filters.q.trim(), status: filters.status, flagged: filters.flagged || null, cursor: pageParam, size: 20 })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function flagsQuery(id: number) {
  return queryOptions({ queryKey: adminKeys.flags(id), queryFn: ({ signal }) => api<PostFlags>(`/api/v1/admin/posts/${id}/flags`, { signal }), staleTime: 0 });
}

export function collectionsQuery() {
  return queryOptions({ queryKey: adminKeys.collections(), queryFn: ({ signal }) => api<Collection[]>("/api/v1/admin/recommendations", { signal }), staleTime: 0 });
}

/** Where the search index's rebuild stands: followed closely while `following` (a rebuild
 * started from this page) or while the server says one runs. */
export function rebuildProgressQuery(following: boolean) {
  return queryOptions({
    queryKey: adminKeys.rebuild(),
    queryFn: ({ signal }) => api<RebuildProgress>("/api/v1/admin/search/rebuild", { signal }),
    staleTime: 0,
    refetchInterval: (current) => (following || current.state.data?.running ? REBUILD_FOLLOW_MS : false),
  });
}

export function auditQuery(action: string | null) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(action),
    queryFn: ({ pageParam, signal }) => api<Page<AuditEntry>>(`/api/v1/admin/audit${query({ action, cursor: pageParam, size: 30 })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

// --- what the operators do: each action, then every operator answer asked again ----------

/** An operator's write; whatever its outcome, every operator answer is asked again (another
 * operator may have acted meanwhile). The section says how it went. */
function useAdminWrite<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
    meta: OWN_FAILURE,
  });
}

/** Takes a waiting item (or takes it over from another operator). */
export const useTake = () =>
  useAdminWrite(({ kind, id }: { kind: QueueItem["kind"] | FlaggedPost["kind"]; id: number }) => api<Taker>(`/api/v1/admin/queue/${kind}/${id}/take`, { method: "POST" }));

/** Gives a business its verified badge, or takes it away with a note. */
export const useVerify = () =>
  useAdminWrite(({ id, verified, note }: { id: number; verified: boolean; note: string }) =>
    api<unknown>(`/api/v1/admin/businesses/${id}/verify`, { method: "POST", body: { verified, note } }),
  );

/** Moves a media request on: into review, published with its links, or rejected with a reason. */
export const useReview = (id: number) => useAdminWrite((change: Review) => api<MediaRequest>(`/api/v1/admin/media-requests/${id}/status`, { method: "POST", body: change }));

export const useDismissFlags = () =>
  useAdminWrite(({ id, note }: { id: number; note: string }) => api<Answer<"/api/v1/admin/posts/{id}/flags/dismiss", "post">>(`/api/v1/admin/posts/${id}/flags/dismiss`, { method: "POST", body: { note } }));

/** Removes a post with the reason its business sees. */
export const useRemovePost = () => useAdminWrite(({ id, reason }: { id: number; reason: string }) => api<unknown>(`/api/v1/admin/posts/${id}/remove`, { method: "POST", body: { reason } }));

/** Restores a removed post to the status it had. */
export const useRestorePost = () => useAdminWrite((id: number) => api<unknown>(`/api/v1/admin/posts/${id}/restore`, { method: "POST" }));

/** Creates a collection (`id` null) or saves one. */
export const useSaveCollection = () =>
  useAdminWrite(({ id, body }: { id: number | null; body: CollectionInput }) =>
    id === null ? api<Answer<"/api/v1/admin/recommendations", "post">>("/api/v1/admin/recommendations", { method: "POST", body }) : api<Answer<"/api/v1/admin/recommendations/{id}", "put">>(`/api/v1/admin/recommendations/${id}`, { method: "PUT", body }),
  );

export const usePublishCollection = () =>
  useAdminWrite(({ id, published }: { id: number; published: boolean }) => api<unknown>(`/api/v1/admin/recommendations/${id}/publish`, { method: "POST", body: { published } }));

/** Rebuilds the search index; answers once it is done. */
export const useRebuild = () => useAdminWrite(() => api<RebuildReport>("/api/v1/admin/search/rebuild", { method: "POST" }));
