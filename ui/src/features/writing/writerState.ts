// The writer's state and its save policy, in one place and free of React: what the form
// holds beside what the server holds, how the last save went, and when a draft saves itself.
// Writer.tsx renders the state; useWriter.ts runs the calls and the timer it asks for.
//
// The save policy:
// - A draft (or a post not saved yet) saves itself AUTOSAVE_MS after the last change: every
//   change, and every change of what allows it (the post's status, a conflict, a save the
//   writer asked for), starts the wait again. A published, scheduled or hidden post never
//   saves itself: its changes stay in this browser until "Update".
// - Saving: an autosave is on its way. Saved: the last autosave worked (at that time).
//   Failed: the last autosave did not (the reason is shown; the browser keeps the changes).
//   Idle: no autosave yet, or the last one met a conflict.
// - A failed autosave is not repeated on a timer: the next change starts the wait again, and
//   the buttons save at once.
// - Someone else's newer version stops the saves (a conflict) until the writer takes theirs
//   or sends theirs over it (with the conflict's version as the base).
// - The server's answer never rewrites the fields: what the server holds becomes the draft
//   that was sent, so whatever is typed meanwhile (a Korean syllable half composed included)
//   stays as typed, and stays "changed".
import type { PostStatus } from "../../lib/posts";
import type { Conflict, EditedPost, PostInput, SaveAction } from "./api";
import { draftOf, emptyDraft, inputOf, sameDraft, type Draft } from "./draft";

/** How long after the last change a draft saves itself. */
export const AUTOSAVE_MS = 3000;

/** How the last autosave went. */
export type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: number } | { kind: "failed"; reason: string };

/** What the writer says after an action it was asked for (the writing texts' keys). */
export type Outcome = "draftSaved" | "saved" | "published" | "scheduled" | "unscheduled" | "hidden";

export interface Flash {
  key: Outcome;
  /** The public page of a post that is published now. */
  link?: string;
}

/** The fields that must be filled to publish, and what is wrong (the writing texts' keys). */
export type FieldProblems = Partial<Record<"post-title" | "body", "titleRequired" | "bodyRequired">>;

export interface WriterState {
  /** The post's id, once the server has it. */
  postId: number | null;
  /** Null for a post the server does not have yet. */
  status: PostStatus | null;
  /** When a scheduled post goes out. */
  publishAt: string | null;
  /** The version the next save starts from: a newer one on the server is a conflict. */
  version: number | undefined;
  /** What the server holds: the draft last sent (the server keeps it as sent). */
  saved: Draft;
  /** What the form holds. */
  draft: Draft;
  /** When this browser kept the copy the writer started from; null once saved or dropped. */
  recoveredAt: number | null;
  /** Changes when the body editor must start again from `draft` (it owns its content). */
  editorKey: number;
  autosave: AutosaveState;
  /** The autosave's wait: `round` changes whenever it starts again, `armed` says whether one
   * runs (the page keeps one timer per round). */
  timer: { round: number; armed: boolean };
  conflict: Conflict | null;
  /** A save or a hide the writer asked for is on its way. */
  busy: boolean;
  flash: Flash | null;
  /** Why the last action the writer asked for failed. */
  problem: string | null;
  fieldProblems: FieldProblems;
}

export type WriterEvent =
  | { type: "edited"; change: Partial<Draft> }
  /** The browser's copy dropped: the form goes back to what the server holds. */
  | { type: "localDiscarded" }
  | { type: "checked"; problems: FieldProblems }
  | { type: "saveStarted"; auto: boolean }
  /** `sent` is the draft the save sent; `done` what to say after a save the writer asked for. */
  | { type: "saved"; auto: boolean; sent: Draft; post: EditedPost; at: number; done?: Outcome }
  | { type: "saveConflicted"; auto: boolean; conflict: Conflict }
  | { type: "saveFailed"; auto: boolean; reason: string }
  | { type: "hideStarted" }
  | { type: "hidden"; post: EditedPost }
  | { type: "hideFailed"; reason: string };

/** The writer of `post` (none for a new one), from this browser's copy of it when there is one
 * that differs from the server's. */
export function startWriter(post: EditedPost | null, local: { draft: Draft; savedAt: number } | null): WriterState {
  const saved = post ? draftOf(post) : emptyDraft();
  const recovered = local !== null && !sameDraft(local.draft, saved);
  const state: WriterState = {
    postId: post?.postSeq ?? null,
    status: post?.status ?? null,
    publishAt: post?.publishAt ?? null,
    version: post?.version,
    saved,
    draft: recovered ? local.draft : saved,
    recoveredAt: recovered ? local.savedAt : null,
    editorKey: 0,
    autosave: { kind: "idle" },
    timer: { round: 0, armed: false },
    conflict: null,
    busy: false,
    flash: null,
    problem: null,
    fieldProblems: {},
  };
  return { ...state, timer: { round: 0, armed: autosaveWanted(state) } };
}

/** The form holds something the server does not. */
export function isDirty(state: WriterState): boolean {
  return !sameDraft(state.draft, state.saved);
}

/** Whether the post saves itself as a draft: a new one or a draft, not one readers may see. */
export function autosaves(state: Pick<WriterState, "status">): boolean {
  return state.status === null || state.status === "DRAFT";
}

/** Whether an autosave should be waiting: changes to save, a post that saves itself, no
 * conflict to settle and no save the writer asked for on its way. */
export function autosaveWanted(state: WriterState): boolean {
  return isDirty(state) && autosaves(state) && state.conflict === null && !state.busy;
}

/** The wait starts again when the draft, or anything that allows an autosave, changed. */
function waitChanged(before: WriterState, after: WriterState): boolean {
  return (
    before.draft !== after.draft ||
    isDirty(before) !== isDirty(after) ||
    autosaves(before) !== autosaves(after) ||
    before.conflict !== after.conflict ||
    before.busy !== after.busy
  );
}

function withTimer(before: WriterState, after: WriterState): WriterState {
  if (!autosaveWanted(after)) return after.timer.armed ? { ...after, timer: { ...after.timer, armed: false } } : after;
  if (!waitChanged(before, after)) return after;
  return { ...after, timer: { round: before.timer.round + 1, armed: true } };
}

/** What the server answered becomes what it holds: `sent`, never the answer's fields. */
function afterSave(state: WriterState, sent: Draft, post: EditedPost): WriterState {
  return {
    ...state,
    postId: post.postSeq,
    status: post.status,
    publishAt: post.publishAt,
    version: post.version,
    saved: sent,
    conflict: null,
    recoveredAt: null,
  };
}

function step(state: WriterState, event: WriterEvent): WriterState {
  switch (event.type) {
    case "edited":
      return { ...state, draft: { ...state.draft, ...event.change } };
    case "localDiscarded":
      return { ...state, draft: state.saved, recoveredAt: null, editorKey: state.editorKey + 1 };
    case "checked":
      return { ...state, fieldProblems: event.problems };
    case "saveStarted":
      // An autosave uses up its wait; a save the writer asked for clears what was said.
      return event.auto ? { ...state, autosave: { kind: "saving" }, timer: { ...state.timer, armed: false } } : { ...state, busy: true, problem: null, flash: null };
    case "saved": {
      const saved = afterSave(state, event.sent, event.post);
      if (event.auto) return { ...saved, autosave: { kind: "saved", at: event.at } };
      const link = event.post.status === "PUBLISHED" ? `/post/${event.post.postSeq}` : undefined;
      return { ...saved, busy: false, flash: event.done ? { key: event.done, link } : state.flash };
    }
    case "saveConflicted":
      return event.auto ? { ...state, conflict: event.conflict, autosave: { kind: "idle" } } : { ...state, conflict: event.conflict, busy: false };
    case "saveFailed":
      return event.auto ? { ...state, autosave: { kind: "failed", reason: event.reason } } : { ...state, problem: event.reason, busy: false };
    case "hideStarted":
      return { ...state, busy: true, problem: null };
    case "hidden":
      return { ...state, status: event.post.status, version: event.post.version, flash: { key: "hidden" }, busy: false };
    case "hideFailed":
      return { ...state, problem: event.reason, busy: false };
  }
}

export function writerReducer(state: WriterState, event: WriterEvent): WriterState {
  return withTimer(state, step(state, event));
}

/** What a save sends: the draft with its action, and the version it starts from when the
 * post exists (unless the writer chose one: their version over another's). */
export function saveInput(state: Pick<WriterState, "postId" | "version">, sent: Draft, action: SaveAction, extra: Partial<PostInput> = {}): PostInput {
  const input: PostInput = { ...inputOf(sent, action), ...extra };
  if (state.postId !== null && state.version !== undefined && input.baseVersion === undefined) input.baseVersion = state.version;
  return input;
}

/** Whether an action puts the post before readers (or keeps it there): the title and the body
 * must be there. */
export function publishes(action: SaveAction, status: PostStatus | null): boolean {
  return action === "publish" || action === "schedule" || status === "PUBLISHED";
}

/** What must be filled before `draft` is published. */
export function fieldProblemsOf(draft: Draft, publishing: boolean): FieldProblems {
  if (!publishing) return {};
  const problems: FieldProblems = {};
  if (!draft.title.trim()) problems["post-title"] = "titleRequired";
  if (!draft.bodyHtml) problems.body = "bodyRequired";
  return problems;
}

/** The line under the status: what happens to the changes. */
export type SaveLine =
  | { kind: "conflict" }
  | { kind: "local" }
  | { kind: "none" }
  | { kind: "saving" }
  | { kind: "failed"; reason: string }
  | { kind: "pending" }
  | { kind: "saved"; at: number }
  | { kind: "idle" };

export function saveLine(state: WriterState): SaveLine {
  if (state.conflict) return { kind: "conflict" };
  if (!autosaves(state)) return isDirty(state) ? { kind: "local" } : { kind: "none" };
  if (state.autosave.kind === "saving") return { kind: "saving" };
  if (state.autosave.kind === "failed") return { kind: "failed", reason: state.autosave.reason };
  if (isDirty(state)) return { kind: "pending" };
  if (state.autosave.kind === "saved") return { kind: "saved", at: state.autosave.at };
  return { kind: "idle" };
}
