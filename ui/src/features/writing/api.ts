// The writing calls (server/src/content/): the post as its business edits it, saving with an
// action, revisions, preview links and tag suggestions.
import { api } from "../../lib/api";
import type { PostDetail } from "../../lib/postDetail";

/** The post detail as the business's own people get it: with the version to send back and
 * the uploads behind the cover and the report. */
export interface EditedPost extends PostDetail {
  version?: number;
  coverUploadId?: number;
  reportUploadId?: number;
}

export type SaveAction = "draft" | "publish" | "schedule" | "save";

/** `PostInput` of server/src/content/service/writing.rs. */
export interface PostInput {
  categoryId: number;
  title: string;
  summary: string;
  bodyHtml: string;
  tags: string[];
  coverUploadId: number | null;
  isReport: boolean;
  reportUploadId: number | null;
  seriesOrder: number | null;
  action: SaveAction;
  /** `yyyy-MM-ddTHH:mm`, Korean time (schedule only). */
  publishAt?: string;
  /** The version the writer started from (edits): a newer one on the server is a 409. */
  baseVersion?: number;
}

/** The 409's `data` when someone else saved the post after it was opened. */
export interface Conflict {
  version: number;
  updatedAt: string;
  editorNickname: string | null;
}

export const CONFLICT_CODE = "2009";

export interface RevisionItem {
  revisionId: number;
  createdAt: string;
  authorNickname: string | null;
  title: string;
}

export interface Revision extends RevisionItem {
  summary: string;
  body: string;
  categoryId: number;
  tags: string[];
}

export interface PreviewLink {
  previewId: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
}

export interface NewPreviewLink {
  previewId: number;
  url: string;
  token: string;
  expiresAt: string;
}

export const writingCalls = {
  post: (id: number, signal?: AbortSignal) => api<EditedPost>(`/api/v1/posts/${id}`, { signal }),
  create: (input: PostInput) => api<EditedPost>("/api/v1/posts", { method: "POST", body: input }),
  edit: (id: number, input: PostInput) => api<EditedPost>(`/api/v1/posts/${id}`, { method: "PUT", body: input }),
  hide: (id: number) => api<EditedPost>(`/api/v1/posts/${id}/hide`, { method: "POST" }),
  revisions: (id: number, signal?: AbortSignal) => api<{ items: RevisionItem[] }>(`/api/v1/posts/${id}/revisions`, { signal }),
  revision: (id: number, revisionId: number, signal?: AbortSignal) => api<Revision>(`/api/v1/posts/${id}/revisions/${revisionId}`, { signal }),
  restore: (id: number, revisionId: number) => api<EditedPost>(`/api/v1/posts/${id}/revisions/${revisionId}/restore`, { method: "POST" }),
  previews: (id: number, signal?: AbortSignal) => api<{ items: PreviewLink[] }>(`/api/v1/posts/${id}/previews`, { signal }),
  createPreview: (id: number, days: number) => api<NewPreviewLink>(`/api/v1/posts/${id}/previews`, { method: "POST", body: { days } }),
  revokePreview: (id: number, previewId: number) => api<PreviewLink>(`/api/v1/posts/${id}/previews/${previewId}`, { method: "DELETE" }),
  suggestTags: (prefix: string, signal?: AbortSignal) => api<{ items: string[] }>(`/api/v1/tags/suggest?prefix=${encodeURIComponent(prefix)}`, { signal }),
};
