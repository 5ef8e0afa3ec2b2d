// The writer's state and save policy (writerState.ts): when a draft saves itself, what
// saving, saved and failed mean, what a conflict stops, and that an answer never rewrites
// what is being typed.
import { describe, expect, it } from "vitest";
import type { EditedPost } from "./api";
import { emptyDraft, type Draft } from "./draft";
import {
  fieldProblemsOf,
  isDirty,
  publishes,
  saveInput,
  saveLine,
  startWriter,
  writerReducer,
  type WriterEvent,
  type WriterState,
} from "./writerState";

function post(changes: Partial<EditedPost> = {}): EditedPost {
  return {
    postSeq: 7,
    business: { id: 1, name: "타이드마크", logoUrl: null, verified: true, description: "", industry: "IT", followerCount: 0, following: false },
    categoryId: 1,
    title: "제목",
    summary: "",
    coverUrl: null,
    bodyHtml: "<p>본문</p>",
    readingMinutes: 1,
    tags: [],
    isReport: false,
    reportUrl: null,
    seriesOrder: null,
    status: "DRAFT",
    publishAt: null,
    publishedAt: null,
    updatedAt: "2025-01-01T00:00:00Z",
    viewCount: 0,
    uniqueReaderCount: 0,
    bookmarkCount: 0,
    shareCount: 0,
    bookmarked: false,
    version: 4,
    ...changes,
  };
}

/** The state after each event in turn. */
function run(state: WriterState, ...events: WriterEvent[]): WriterState {
  return events.reduce(writerReducer, state);
}

const edit = (change: Partial<Draft>): WriterEvent => ({ type: "edited", change });
const autoStart: WriterEvent = { type: "saveStarted", auto: true };
const manualStart: WriterEvent = { type: "saveStarted", auto: false };

describe("the autosave's wait", () => {
  it("starts with a change and starts again with each further one", () => {
    const start = startWriter(null, null);
    expect(start.timer.armed).toBe(false);
    const once = run(start, edit({ title: "가" }));
    expect(once.timer.armed).toBe(true);
    const twice = run(once, edit({ title: "가나" }));
    expect(twice.timer.armed).toBe(true);
    expect(twice.timer.round).not.toBe(once.timer.round);
    // Typed back to what the server holds: nothing to save.
    expect(run(twice, edit({ title: "" })).timer.armed).toBe(false);
  });

  it("never runs for a post readers may see: its changes stay in this browser", () => {
    for (const status of ["PUBLISHED", "SCHEDULED", "HIDDEN"] as const) {
      const opened = startWriter(post({ status }), null);
      expect(saveLine(opened)).toEqual({ kind: "none" });
      const changed = run(opened, edit({ title: "고친 제목" }));
      expect(changed.timer.armed).toBe(false);
      expect(saveLine(changed)).toEqual({ kind: "local" });
    }
  });

  it("is used up by the autosave it started, and a failed autosave waits for the next change", () => {
    const saving = run(startWriter(null, null), edit({ title: "가" }), autoStart);
    expect(saving.timer.armed).toBe(false);
    expect(saveLine(saving)).toEqual({ kind: "saving" });
    const failed = run(saving, { type: "saveFailed", auto: true, reason: "서버 오류" });
    expect(failed.timer.armed).toBe(false);
    expect(isDirty(failed)).toBe(true);
    expect(saveLine(failed)).toEqual({ kind: "failed", reason: "서버 오류" });
    const changed = run(failed, edit({ title: "가나" }));
    expect(changed.timer.armed).toBe(true);
    // The line keeps the failure until the next try.
    expect(saveLine(changed)).toEqual({ kind: "failed", reason: "서버 오류" });
    expect(saveLine(run(changed, autoStart))).toEqual({ kind: "saving" });
  });

  it("waits while a save the writer asked for is on its way, and starts again after it for what was typed meanwhile", () => {
    const asked = run(startWriter(null, null), edit({ title: "가" }), manualStart);
    expect(asked.busy).toBe(true);
    expect(asked.timer.armed).toBe(false);
    const sent = asked.draft;
    const typedMeanwhile = run(asked, edit({ title: "가나" }));
    expect(typedMeanwhile.timer.armed).toBe(false);
    const answered = run(typedMeanwhile, { type: "saved", auto: false, sent, post: post({ title: "가" }), at: 1, done: "draftSaved" });
    expect(answered.busy).toBe(false);
    expect(answered.flash).toEqual({ key: "draftSaved", link: undefined });
    expect(answered.timer.armed).toBe(true);
    // Nothing typed meanwhile: nothing left to wait for.
    const clean = run(asked, { type: "saved", auto: false, sent, post: post({ title: "가" }), at: 1, done: "draftSaved" });
    expect(clean.timer.armed).toBe(false);
  });
});

describe("what the server answers", () => {
  it("never rewrites what was typed while the save was on its way (a syllable being composed included)", () => {
    const saving = run(startWriter(null, null), edit({ title: "한" }), autoStart);
    const sent = saving.draft;
    // The input method is composing the next syllable when the answer arrives.
    const composing = run(saving, edit({ title: "한ㄱ" }));
    const answered = run(composing, { type: "saved", auto: true, sent, post: post({ postSeq: 9, title: "한 (서버)", version: 1 }), at: 5_000 });
    expect(answered.draft).toBe(composing.draft);
    expect(answered.draft.title).toBe("한ㄱ");
    expect(answered.saved).toBe(sent);
    expect(isDirty(answered)).toBe(true);
    expect(saveLine(answered)).toEqual({ kind: "pending" });
    // The wait the keystroke started goes on: the answer does not start it again.
    expect(answered.timer).toEqual(composing.timer);
    expect(answered.postId).toBe(9);
    expect(answered.status).toBe("DRAFT");
  });

  it("says when the last autosave worked, and that changes wait after it", () => {
    const saving = run(startWriter(null, null), edit({ title: "가" }), autoStart);
    const saved = run(saving, { type: "saved", auto: true, sent: saving.draft, post: post(), at: 1_234 });
    expect(saveLine(saved)).toEqual({ kind: "saved", at: 1_234 });
    expect(saveLine(run(saved, edit({ title: "가나" })))).toEqual({ kind: "pending" });
    expect(saveLine(startWriter(null, null))).toEqual({ kind: "idle" });
  });

  it("links a post that is published now to its public page", () => {
    const asked = run(startWriter(post(), null), manualStart);
    expect(run(asked, { type: "saved", auto: false, sent: asked.draft, post: post({ status: "PUBLISHED" }), at: 1, done: "published" }).flash).toEqual({
      key: "published",
      link: "/post/7",
    });
    expect(run(asked, { type: "saved", auto: false, sent: asked.draft, post: post(), at: 1, done: "saved" }).flash).toEqual({ key: "saved", link: undefined });
  });

  it("keeps a failed save's reason for the writer who asked for it, not for the autosave line", () => {
    const failed = run(startWriter(post(), null), edit({ title: "가" }), manualStart, { type: "saveFailed", auto: false, reason: "제목이 너무 깁니다" });
    expect(failed.problem).toBe("제목이 너무 깁니다");
    expect(failed.busy).toBe(false);
    expect(saveLine(failed)).toEqual({ kind: "pending" });
  });
});

describe("a conflict", () => {
  const conflict = { version: 9, updatedAt: "2025-01-02T00:00:00Z", editorNickname: "다른 사람" };

  it("stops the saves until the writer chooses, and their version goes over the other from its version", () => {
    const refused = run(startWriter(post(), null), edit({ title: "내 제목" }), autoStart, { type: "saveConflicted", auto: true, conflict });
    expect(refused.conflict).toEqual(conflict);
    expect(refused.timer.armed).toBe(false);
    expect(refused.autosave).toEqual({ kind: "idle" });
    expect(saveLine(refused)).toEqual({ kind: "conflict" });
    expect(run(refused, edit({ title: "내 제목!" })).timer.armed).toBe(false);
    expect(saveInput(refused, refused.draft, "draft", { baseVersion: conflict.version }).baseVersion).toBe(9);
    const mine = run(refused, manualStart, { type: "saved", auto: false, sent: refused.draft, post: post({ version: 10 }), at: 1, done: "saved" });
    expect(mine.conflict).toBeNull();
    expect(mine.version).toBe(10);
  });
});

describe("what a save sends", () => {
  it("starts from the version the writer has, once the post exists", () => {
    const draft = { ...emptyDraft(), title: "  제목  " };
    expect(saveInput(startWriter(null, null), draft, "draft")).not.toHaveProperty("baseVersion");
    const opened = startWriter(post({ version: 4 }), null);
    expect(saveInput(opened, draft, "publish")).toMatchObject({ title: "제목", action: "publish", baseVersion: 4 });
    const after = run(opened, manualStart, { type: "saved", auto: false, sent: opened.draft, post: post({ version: 5 }), at: 1, done: "saved" });
    expect(saveInput(after, draft, "save").baseVersion).toBe(5);
  });

  it("needs a title and a body to put a post before readers, and nothing for a draft", () => {
    expect(publishes("publish", "DRAFT")).toBe(true);
    expect(publishes("schedule", null)).toBe(true);
    expect(publishes("save", "PUBLISHED")).toBe(true);
    expect(publishes("draft", "DRAFT")).toBe(false);
    expect(publishes("save", "HIDDEN")).toBe(false);
    expect(fieldProblemsOf(emptyDraft(), false)).toEqual({});
    expect(fieldProblemsOf({ ...emptyDraft(), title: "  " }, true)).toEqual({ "post-title": "titleRequired", body: "bodyRequired" });
    expect(fieldProblemsOf({ ...emptyDraft(), title: "제목", bodyHtml: "<p>본문</p>" }, true)).toEqual({});
  });
});

describe("the browser's copy", () => {
  it("is where the writer starts when it differs from the server's, and it waits to be saved", () => {
    const local = { draft: { ...startWriter(post(), null).saved, title: "보관된 제목" }, savedAt: 42 };
    const recovered = startWriter(post(), local);
    expect(recovered.draft.title).toBe("보관된 제목");
    expect(recovered.recoveredAt).toBe(42);
    expect(recovered.timer.armed).toBe(true);
    const same = startWriter(post(), { draft: startWriter(post(), null).saved, savedAt: 42 });
    expect(same.recoveredAt).toBeNull();
    expect(same.timer.armed).toBe(false);
  });

  it("dropped, gives the form back what the server holds and starts the body editor again", () => {
    const recovered = startWriter(post(), { draft: { ...startWriter(post(), null).saved, title: "보관된 제목" }, savedAt: 42 });
    const dropped = run(recovered, { type: "localDiscarded" });
    expect(dropped.draft).toBe(recovered.saved);
    expect(dropped.recoveredAt).toBeNull();
    expect(dropped.editorKey).toBe(recovered.editorKey + 1);
    expect(dropped.timer.armed).toBe(false);
  });
});

describe("hiding", () => {
  it("takes the post from readers and says so; a failure says why", () => {
    const published = startWriter(post({ status: "PUBLISHED" }), null);
    const asked = run(published, { type: "hideStarted" });
    expect(asked.busy).toBe(true);
    const hidden = run(asked, { type: "hidden", post: post({ status: "HIDDEN", version: 6 }) });
    expect(hidden).toMatchObject({ status: "HIDDEN", version: 6, busy: false, flash: { key: "hidden" } });
    expect(run(asked, { type: "hideFailed", reason: "실패" })).toMatchObject({ problem: "실패", busy: false, status: "PUBLISHED" });
  });
});
