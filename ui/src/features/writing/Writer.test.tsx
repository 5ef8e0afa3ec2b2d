// The writer on the page: its autosave through the real timer and calls (the policy itself is
// writerState.test.ts), and the fields left as typed when an answer arrives.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MyBusiness } from "../../lib/business";
import { deferred, refused, renderWithApp } from "../../test/render";
import type { EditedPost } from "./api";
import { Writer } from "./Writer";
import { AUTOSAVE_MS } from "./writerState";

const mine = { role: "BUSINESS_MASTER", business: { id: 7 } } as MyBusiness;

/** The server's answer to a save of the post with `title`. */
function saved(title: string, version: number): Partial<EditedPost> {
  return { postSeq: 31, business: { id: 7 } as EditedPost["business"], categoryId: 1, title, summary: "", bodyHtml: "", tags: [], status: "DRAFT", publishAt: null, version };
}

const SIDE_CARDS = {
  "GET /api/v1/posts/31/revisions": { items: [] },
  "GET /api/v1/posts/31/previews": { items: [] },
};

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const titleField = () => screen.getByLabelText("제목") as HTMLInputElement;
const saveLine = () => document.querySelector(".writer-autosave")?.textContent;

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the writer", () => {
  it("saves a new post once, a pause after the last change, and leaves what was typed meanwhile as it is", async () => {
    const answer = deferred();
    const { fetch, history } = renderWithApp(<Writer mine={mine} post={null} />, {
      route: "/mypage/content/register",
      fetch: { "POST /api/v1/posts": () => answer.promise, "PUT /api/v1/posts/31": saved("초안 제목!", 2), ...SIDE_CARDS },
    });
    fireEvent.change(titleField(), { target: { value: "초안" } });
    await wait(AUTOSAVE_MS - 1);
    fireEvent.change(titleField(), { target: { value: "초안 제목" } });
    await wait(AUTOSAVE_MS - 1);
    expect(fetch.callsTo("/api/v1/posts")).toHaveLength(0);
    await wait(1);
    expect(fetch.callsTo("/api/v1/posts").map((call) => call.body)).toEqual([expect.objectContaining({ title: "초안 제목", action: "draft" })]);
    expect(fetch.callsTo("/api/v1/posts")[0].body).not.toHaveProperty("baseVersion");
    expect(saveLine()).toBe("저장 중…");

    // Typed while the save is on its way; the answer names the post but does not rewrite it.
    fireEvent.change(titleField(), { target: { value: "초안 제목!" } });
    await act(async () => answer.release(saved("초안 제목", 1)));
    expect(titleField().value).toBe("초안 제목!");
    expect(saveLine()).toBe("변경 사항이 있습니다. 곧 저장합니다…");
    expect(history).toContain("/mypage/content/register?id=31");

    // The change typed meanwhile goes next, from the version the first save made.
    await wait(AUTOSAVE_MS);
    expect(fetch.callsTo("/api/v1/posts/31").filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      expect.objectContaining({ title: "초안 제목!", action: "draft", baseVersion: 1 }),
    ]);
  });

  it("does not try a failed autosave again until the next change", async () => {
    const { fetch } = renderWithApp(<Writer mine={mine} post={null} />, {
      route: "/mypage/content/register",
      fetch: { "POST /api/v1/posts": refused(500, "9999", "down") },
    });
    fireEvent.change(titleField(), { target: { value: "초안" } });
    await wait(AUTOSAVE_MS);
    expect(fetch.callsTo("/api/v1/posts")).toHaveLength(1);
    expect(saveLine()).toMatch(/^자동 저장하지 못했습니다/);
    await wait(AUTOSAVE_MS * 5);
    expect(fetch.callsTo("/api/v1/posts")).toHaveLength(1);
    fireEvent.change(titleField(), { target: { value: "초안 2" } });
    await wait(AUTOSAVE_MS);
    expect(fetch.callsTo("/api/v1/posts")).toHaveLength(2);
  });
});
