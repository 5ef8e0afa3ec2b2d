// The operators' console calls (server/src/operator, and the admin calls of the domains that
// own each action: business verification, media review, post removal, collections, the
// search index).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { PostStatus } from "../../lib/posts";
import { OWN_FAILURE } from "../../lib/queries";

export interface Taker {
  memberId: number;
  email: string | null;
  nickname: string | null;
  at: string;
}

export interface QueueItem {
  kind: "MEDIA_REQUEST" | "BUSINESS";
  id: number;
  title: string;
  businessId: number;
  businessName: string;
  status: string | null;
  since: string;
  takenBy: Taker | null;
}

/** What a reader may say is wrong with a post (server/src/content/service/flags.rs). */
export const FLAG_REASONS = ["SPAM", "ABUSE", "ILLEGAL", "PRIVACY", "COPYRIGHT", "MISLEADING", "OTHER"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export interface FlaggedPost {
  kind: "POST";
  postSeq: number;
  title: string;
  businessId: number;
  businessName: string;
  status: PostStatus;
  since: string;
  flags: number;
  reasons: { reason: FlagReason; flags: number }[];
  takenBy: Taker | null;
}

export interface Queue {
  mediaRequests: QueueItem[];
  mediaRequestsWaiting: number;
  verifications: QueueItem[];
  verificationsWaiting: number;
  flaggedPosts: FlaggedPost[];
  flaggedPostsWaiting: number;
}

export interface Flag {
  id: number;
  reason: FlagReason;
  detail: string | null;
  status: "OPEN" | "DISMISSED" | "ACTIONED";
  createdAt: string;
  reporter: { memberId: number; email: string | null; nickname: string | null } | null;
  decidedAt: string | null;
  decisionNote: string | null;
}

export interface PostFlags {
  postSeq: number;
  title: string;
  status: PostStatus;
  businessId: number;
  businessName: string;
  open: number;
  flags: Flag[];
}

export interface BusinessRow {
  id: number;
  name: string;
  registrationNumber: string;
  industry: string;
  verified: boolean;
  verifiedAt: string | null;
  verificationNote: string | null;
  followerCount: number;
  createdAt: string;
}

export interface PostRow {
  postSeq: number;
  title: string;
  status: PostStatus;
  categoryId: number;
  businessId: number;
  businessName: string;
  publishedAt: string | null;
  updatedAt: string;
  removedReason: string | null;
  /** Readers' reports of a problem waiting for an operator. */
  openFlags: number;
}

export interface BusinessFile {
  business: BusinessRow;
  people: { memberId: number; email: string | null; nickname: string | null; role: string; since: string }[];
  posts: PostRow[];
  audit: { id: number; action: string; actorMemberId: number | null; targetEmail: string | null; detail: Record<string, unknown> | null; createdAt: string }[];
}

export interface MediaRequest {
  id: number;
  businessId: number;
  title: string;
  body: string;
  desiredDate: string | null;
  desiredTime: string | null;
  mediaTypes: string[];
  attachments: { id: number; url: string }[];
  status: "REQUESTED" | "IN_REVIEW" | "PUBLISHED" | "REJECTED";
  rejectReason: string | null;
  links: string[] | null;
  createdAt: string;
  updatedAt: string;
  history: { status: string; note: string | null; at: string }[];
}

export interface CollectionPost {
  postSeq: number;
  title: string;
  /** Null for a post added on this page (its status is known once the collection is saved). */
  status: PostStatus | null;
  businessName: string;
}

export interface Collection {
  id: number;
  titleKo: string;
  titleEn: string;
  sortOrder: number;
  published: boolean;
  posts: CollectionPost[];
  updatedAt: string;
}

export interface RebuildReport {
  posts: number;
  businesses: number;
  millis: number;
}

export interface RebuildProgress {
  running: boolean;
  done: number;
  total: number;
  last: RebuildReport | null;
  lastFinishedAt: string | null;
  lastError: string | null;
}

export interface AuditEntry {
  id: number;
  action: string;
  actorMemberId: number | null;
  actorEmail: string | null;
  targetKind: string;
  targetId: number | null;
  note: string | null;
  detail: unknown;
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** How often the search index's rebuild is followed while it runs. */
const REBUILD_FOLLOW_MS = 300;

export const AUDIT_ACTIONS = [
  "BUSINESS_VERIFIED",
  "BUSINESS_UNVERIFIED",
  "ITEM_TAKEN",
  "MEDIA_IN_REVIEW",
  "MEDIA_PUBLISHED",
  "MEDIA_REJECTED",
  "POST_REMOVED",
  "POST_RESTORED",
  "FLAGS_DISMISSED",
  "COLLECTION_CREATED",
  "COLLECTION_UPDATED",
  "COLLECTION_PUBLISHED",
  "COLLECTION_UNPUBLISHED",
  "COLLECTION_DELETED",
  "SEARCH_REBUILT",
] as const;

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

export interface CollectionInput {
  titleKo: string;
  titleEn: string;
  sortOrder: number;
  postSeqs: number[];
  published?: boolean;
}

export interface Review {
  status: MediaRequest["status"];
  links?: string[];
  reason?: string;
}

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
  useAdminWrite(({ id, note }: { id: number; note: string }) => api<{ dismissed: number }>(`/api/v1/admin/posts/${id}/flags/dismiss`, { method: "POST", body: { note } }));

/** Removes a post with the reason its business sees. */
export const useRemovePost = () => useAdminWrite(({ id, reason }: { id: number; reason: string }) => api<unknown>(`/api/v1/admin/posts/${id}/remove`, { method: "POST", body: { reason } }));

/** Restores a removed post to the status it had. */
export const useRestorePost = () => useAdminWrite((id: number) => api<unknown>(`/api/v1/admin/posts/${id}/restore`, { method: "POST" }));

/** Creates a collection (`id` null) or saves one. */
export const useSaveCollection = () =>
  useAdminWrite(({ id, body }: { id: number | null; body: CollectionInput }) =>
    id === null ? api<{ id: number }>("/api/v1/admin/recommendations", { method: "POST", body }) : api<{ id: number }>(`/api/v1/admin/recommendations/${id}`, { method: "PUT", body }),
  );

export const usePublishCollection = () =>
  useAdminWrite(({ id, published }: { id: number; published: boolean }) => api<unknown>(`/api/v1/admin/recommendations/${id}/publish`, { method: "POST", body: { published } }));

/** Rebuilds the search index; answers once it is done. */
export const useRebuild = () => useAdminWrite(() => api<RebuildReport>("/api/v1/admin/search/rebuild", { method: "POST" }));
