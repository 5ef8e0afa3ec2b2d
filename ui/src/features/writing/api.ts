// The writing calls (server/src/content/): the post as its business edits it, saving with an
// action, revisions, preview links and tag suggestions.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, type Answer } from "../../lib/api";
import type { Action, NewPreview, PostDetail, PostInput, PreviewItem, Revision, RevisionItem } from "../../lib/apiSchema";
import { OWN_FAILURE } from "../../lib/queries";
import { type EditConflict } from "../../lib/apiSchema";

/** The post detail as the business's own people get it: with the version to send back and
 * the uploads behind the cover and the report. */
export type EditedPost = PostDetail;

export type SaveAction = Action;

/** `PostInput` of server/src/content/service/writing.rs. */
export type { PostInput };

/** The 409's `data` when someone else saved the post after it was opened. */
export type Conflict = EditConflict;

export const CONFLICT_CODE = "2009";

export type { Revision, RevisionItem };

export type PreviewLink = PreviewItem;

export type NewPreviewLink = NewPreview;

/** The feature's query keys. A save or a restore adds a revision, so both ask the post's
 * revisions again; preview links are asked again after each change to them. */
export const writingKeys = {
  /** The post as the writer opens it; `opening` counts the times it was opened again (after a
   * restore, or to take another's version), each a fresh read. */
  post: (id: number, opening: number) => ["writing", "post", id, opening] as const,
  revisions: (postId: number) => ["writing", "revisions", postId] as const,
  revision: (postId: number, revisionId: number) => ["writing", "revision", postId, revisionId] as const,
  previews: (postId: number) => ["writing", "previews", postId] as const,
  tags: (prefix: string) => ["writing", "tags", prefix] as const,
};

/** The post to edit, read once per opening and dropped when the writer closes. */
export function editedPostQuery(id: number, opening: number) {
  return queryOptions({
    queryKey: writingKeys.post(id, opening),
    queryFn: ({ signal }) => api<EditedPost>(`/api/v1/posts/${id}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function revisionsQuery(postId: number) {
  return queryOptions({
    queryKey: writingKeys.revisions(postId),
    queryFn: ({ signal }) => api<Answer<"/api/v1/posts/{id}/revisions">>(`/api/v1/posts/${postId}/revisions`, { signal }),
  });
}

export function revisionQuery(postId: number, revisionId: number) {
  return queryOptions({
    queryKey: writingKeys.revision(postId, revisionId),
    queryFn: ({ signal }) => api<Revision>(`/api/v1/posts/${postId}/revisions/${revisionId}`, { signal }),
  });
}

export function previewsQuery(postId: number) {
  return queryOptions({
    queryKey: writingKeys.previews(postId),
    queryFn: ({ signal }) => api<Answer<"/api/v1/posts/{id}/previews">>(`/api/v1/posts/${postId}/previews`, { signal }),
  });
}

/** Tags already in use that start with `prefix` (none asked for an empty one). */
export function tagSuggestionsQuery(prefix: string) {
  return queryOptions({
    queryKey: writingKeys.tags(prefix),
    queryFn: ({ signal }) => api<Answer<"/api/v1/tags/suggest">>(`/api/v1/tags/suggest?prefix=${encodeURIComponent(prefix)}`, { signal }),
    enabled: prefix.length > 0,
    staleTime: 60_000,
  });
}

/** Saves the post with an action: creates it (`postId` null) or edits it. The writer says how
 * it went (writerState.ts); the post's revisions are asked again. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId: number | null; input: PostInput }) =>
      postId === null ? api<EditedPost>("/api/v1/posts", { method: "POST", body: input }) : api<EditedPost>(`/api/v1/posts/${postId}`, { method: "PUT", body: input }),
    onSuccess: (saved) => void client.invalidateQueries({ queryKey: writingKeys.revisions(saved.postSeq) }),
    meta: OWN_FAILURE,
  });
}

/** Hides a published post from readers (no revision: the content stays as it was). */
export function useHidePost() {
  return useMutation({
    mutationFn: (postId: number) => api<EditedPost>(`/api/v1/posts/${postId}/hide`, { method: "POST" }),
    meta: OWN_FAILURE,
  });
}

/** Puts a revision back as the post's content (itself a new revision). */
export function useRestoreRevision(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => api<EditedPost>(`/api/v1/posts/${postId}/revisions/${revisionId}/restore`, { method: "POST" }),
    onSuccess: () => void client.invalidateQueries({ queryKey: writingKeys.revisions(postId) }),
    meta: OWN_FAILURE,
  });
}

/** A preview link, made for `days` (its address is shown once: only a digest stays). */
export function useCreatePreview(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api<NewPreviewLink>(`/api/v1/posts/${postId}/previews`, { method: "POST", body: { days } }),
    onSettled: () => void client.invalidateQueries({ queryKey: writingKeys.previews(postId) }),
    meta: OWN_FAILURE,
  });
}

export function useRevokePreview(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (previewId: number) => api<PreviewLink>(`/api/v1/posts/${postId}/previews/${previewId}`, { method: "DELETE" }),
    onSettled: () => void client.invalidateQueries({ queryKey: writingKeys.previews(postId) }),
    meta: OWN_FAILURE,
  });
}
