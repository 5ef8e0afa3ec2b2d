// The post being written, as the form holds it, and its copy in browser storage: written on
// every change, so a crash, a closed tab or a lost connection loses nothing; dropped once
// the server holds the same thing.
import type { EditedPost, PostInput } from "./api";

export interface Upload {
  id: number;
  url: string;
}

export interface Draft {
  categoryId: number;
  title: string;
  summary: string;
  bodyHtml: string;
  tags: string[];
  cover: Upload | null;
  isReport: boolean;
  report: Upload | null;
  /** As typed ("" for none). */
  seriesOrder: string;
}

export const SERIES_CATEGORIES = [8, 9];

export function emptyDraft(): Draft {
  return { categoryId: 1, title: "", summary: "", bodyHtml: "", tags: [], cover: null, isReport: false, report: null, seriesOrder: "" };
}

export function draftOf(post: EditedPost): Draft {
  return {
    categoryId: post.categoryId,
    title: post.title,
    summary: post.summary,
    // The body as stored (its players' frames), not as readers are shown it.
    bodyHtml: post.bodySource ?? post.bodyHtml,
    tags: post.tags,
    cover: post.coverUploadId && post.coverUrl ? { id: post.coverUploadId, url: post.coverUrl } : null,
    isReport: post.isReport,
    report: post.reportUploadId && post.reportUrl ? { id: post.reportUploadId, url: post.reportUrl } : null,
    seriesOrder: post.seriesOrder === null ? "" : String(post.seriesOrder),
  };
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function inputOf(draft: Draft, action: PostInput["action"]): PostInput {
  const series = SERIES_CATEGORIES.includes(draft.categoryId) && draft.seriesOrder.trim() ? Number(draft.seriesOrder) : null;
  return {
    categoryId: draft.categoryId,
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    bodyHtml: draft.bodyHtml,
    tags: draft.tags,
    coverUploadId: draft.cover?.id ?? null,
    isReport: draft.isReport,
    reportUploadId: draft.isReport ? (draft.report?.id ?? null) : null,
    seriesOrder: Number.isFinite(series) ? series : null,
    action,
  };
}

interface Stored {
  draft: Draft;
  savedAt: number;
}

const key = (businessId: number, postId: number | null) => `tidemark:draft:${businessId}:${postId ?? "new"}`;

/** The copy kept in this browser, if any (a broken one is dropped). */
export function readLocal(businessId: number, postId: number | null): Stored | null {
  try {
    const raw = localStorage.getItem(key(businessId, postId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    return stored && typeof stored.savedAt === "number" && stored.draft && typeof stored.draft.bodyHtml === "string" ? stored : null;
  } catch {
    return null;
  }
}

export function writeLocal(businessId: number, postId: number | null, draft: Draft, now = Date.now()): void {
  try {
    localStorage.setItem(key(businessId, postId), JSON.stringify({ draft, savedAt: now } satisfies Stored));
  } catch {
    // Storage full or refused (private mode): the server's autosave still keeps the draft.
  }
}

export function dropLocal(businessId: number, postId: number | null): void {
  try {
    localStorage.removeItem(key(businessId, postId));
  } catch {
    // Nothing to drop.
  }
}
