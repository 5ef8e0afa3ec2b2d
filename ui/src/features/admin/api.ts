// The operators' console calls (server/src/operator, and the admin calls of the domains that
// own each action: business verification, media review, post removal, collections, the
// search index).
import { api } from "../../lib/api";

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
  status: string;
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
  status: string;
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
  status: string;
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
  status: string;
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

export const POST_STATUSES = ["DRAFT", "SCHEDULED", "PUBLISHED", "HIDDEN", "REMOVED"] as const;

function query(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Query keys: every operator answer lives under "admin", so an action refreshes them all. */
export const ADMIN_KEY = ["admin"] as const;

export const adminCalls = {
  queue: (signal?: AbortSignal) => api<Queue>("/api/v1/admin/queue", { signal }),
  take: (kind: QueueItem["kind"] | FlaggedPost["kind"], id: number) => api<Taker>(`/api/v1/admin/queue/${kind}/${id}/take`, { method: "POST" }),
  businesses: (filters: { q: string; verified: boolean | null; cursor?: string | null }, signal?: AbortSignal) =>
    api<Page<BusinessRow>>(`/api/v1/admin/businesses${query({ q: filters.q.trim(), verified: filters.verified, cursor: filters.cursor, size: 20 })}`, { signal }),
  business: (id: number, signal?: AbortSignal) => api<BusinessFile>(`/api/v1/admin/businesses/${id}`, { signal }),
  verify: (id: number, verified: boolean, note: string) => api<unknown>(`/api/v1/admin/businesses/${id}/verify`, { method: "POST", body: { verified, note } }),
  mediaRequests: (status: string | null, signal?: AbortSignal) => api<Page<MediaRequest>>(`/api/v1/admin/media-requests${query({ status, size: 50 })}`, { signal }),
  mediaRequest: (id: number, signal?: AbortSignal) => api<MediaRequest>(`/api/v1/media-requests/${id}`, { signal }),
  review: (id: number, change: { status: string; links?: string[]; reason?: string }) => api<MediaRequest>(`/api/v1/admin/media-requests/${id}/status`, { method: "POST", body: change }),
  posts: (filters: { q: string; status: string | null; flagged: boolean; cursor?: string | null }, signal?: AbortSignal) =>
    api<Page<PostRow>>(`/api/v1/admin/posts${query({ q: filters.q.trim(), status: filters.status, flagged: filters.flagged || null, cursor: filters.cursor, size: 20 })}`, { signal }),
  flags: (id: number, signal?: AbortSignal) => api<PostFlags>(`/api/v1/admin/posts/${id}/flags`, { signal }),
  dismissFlags: (id: number, note: string) => api<{ dismissed: number }>(`/api/v1/admin/posts/${id}/flags/dismiss`, { method: "POST", body: { note } }),
  remove: (id: number, reason: string) => api<unknown>(`/api/v1/admin/posts/${id}/remove`, { method: "POST", body: { reason } }),
  restore: (id: number) => api<unknown>(`/api/v1/admin/posts/${id}/restore`, { method: "POST" }),
  collections: (signal?: AbortSignal) => api<Collection[]>("/api/v1/admin/recommendations", { signal }),
  saveCollection: (id: number | null, body: { titleKo: string; titleEn: string; sortOrder: number; postSeqs: number[]; published?: boolean }) =>
    id === null ? api<{ id: number }>("/api/v1/admin/recommendations", { method: "POST", body }) : api<{ id: number }>(`/api/v1/admin/recommendations/${id}`, { method: "PUT", body }),
  publishCollection: (id: number, published: boolean) => api<unknown>(`/api/v1/admin/recommendations/${id}/publish`, { method: "POST", body: { published } }),
  rebuild: () => api<RebuildReport>("/api/v1/admin/search/rebuild", { method: "POST" }),
  rebuildProgress: (signal?: AbortSignal) => api<RebuildProgress>("/api/v1/admin/search/rebuild", { signal }),
  audit: (action: string | null, cursor: string | null, signal?: AbortSignal) => api<Page<AuditEntry>>(`/api/v1/admin/audit${query({ action, cursor, size: 30 })}`, { signal }),
};
