// The post as the writer holds it: what goes to the server, and the browser's copy.
import { afterEach, describe, expect, it } from "vitest";
import { dropLocal, emptyDraft, inputOf, readLocal, sameDraft, writeLocal } from "./draft";

afterEach(() => localStorage.clear());

describe("the writer's draft", () => {
  it("sends the series order only in the series categories, and the report file only with the flag", () => {
    const draft = { ...emptyDraft(), title: "  제목  ", seriesOrder: "3", report: { id: 7, url: "/media/r.pdf" } };
    expect(inputOf({ ...draft, categoryId: 8 }, "draft")).toMatchObject({ title: "제목", seriesOrder: 3, reportUploadId: null, isReport: false });
    expect(inputOf({ ...draft, categoryId: 1 }, "draft").seriesOrder).toBeNull();
    expect(inputOf({ ...draft, categoryId: 9, seriesOrder: "" }, "draft").seriesOrder).toBeNull();
    expect(inputOf({ ...draft, isReport: true }, "publish")).toMatchObject({ isReport: true, reportUploadId: 7, action: "publish" });
  });

  it("keeps a copy per business and post, drops it on request, and ignores a broken one", () => {
    const draft = { ...emptyDraft(), title: "보관된 제목", bodyHtml: "<p>본문</p>" };
    writeLocal(1, null, draft, 1_000);
    writeLocal(1, 42, { ...draft, title: "다른 글" }, 2_000);
    expect(readLocal(1, null)).toEqual({ draft, savedAt: 1_000 });
    expect(readLocal(1, 42)?.draft.title).toBe("다른 글");
    expect(readLocal(2, 42)).toBeNull();
    dropLocal(1, 42);
    expect(readLocal(1, 42)).toBeNull();
    localStorage.setItem("tidemark:draft:1:43", "{not json");
    expect(readLocal(1, 43)).toBeNull();
    localStorage.setItem("tidemark:draft:1:44", JSON.stringify({ savedAt: 1, draft: { title: "no body" } }));
    expect(readLocal(1, 44)).toBeNull();
  });

  it("tells a changed draft from the same one", () => {
    const draft = emptyDraft();
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, tags: ["AI"] })).toBe(false);
  });
});
