import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../lib/i18n";
import { makeQueryClient } from "../../lib/queries";
import { SessionProvider } from "../../lib/session";
import type { Card } from "../../lib/posts";
import { postDetailKey } from "../../lib/postDetail";
import { PostCard } from "./PostCard";

const card: Card = {
  postSeq: 7,
  title: "디지털 마케팅 전략",
  summary: "요약",
  categoryId: 2,
  coverUrl: null,
  business: { id: 3, name: "가온커머스", logoUrl: null, verified: true },
  tags: [],
  isReport: false,
  seriesOrder: null,
  publishedAt: "2026-11-22T15:30:00Z",
  viewCount: 1234,
  bookmarkCount: 5,
};

function envelope(data: unknown, status = 200) {
  return new Response(JSON.stringify({ code: status === 200 ? "0" : "101", message: "", data }), { status, headers: { "content-type": "application/json" } });
}

/** A guest's session and the post's payload; every call is recorded. */
function stubFetch() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === "/post/7/_payload.json") return envelope({ postSeq: 7, title: card.title });
    return envelope({ sessionId: "guest" });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderCard(ui: ReactNode) {
  // The app's own client: answers stay fresh for 90 s.
  const client = makeQueryClient(() => undefined);
  render(
    <I18nProvider lang="ko">
      <QueryClientProvider client={client}>
        <SessionProvider>{ui}</SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return client;
}

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PostCard", () => {
  it("links the post and its business, with the category, KST date and counts from the core", () => {
    stubFetch();
    renderCard(<PostCard card={card} />);
    expect(screen.getByRole("heading", { name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /디지털 마케팅 전략/ }).getAttribute("href")).toBe("/post/7");
    expect(screen.getByRole("link", { name: /가온커머스/ }).getAttribute("href")).toBe("/business/profile/3");
    expect(screen.getByText("성공 사례")).toBeTruthy();
    expect(screen.getByText("조회수 1.2k")).toBeTruthy();
    expect(screen.getByText("북마크 5")).toBeTruthy();
    expect(screen.getByLabelText("인증된 기업")).toBeTruthy();
  });

  it("fetches the detail ahead when the pointer reaches the card", async () => {
    const fetch = stubFetch();
    const client = renderCard(<PostCard card={card} />);
    fireEvent.pointerEnter(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    await waitFor(() => expect(client.getQueryData(postDetailKey(7))).toMatchObject({ postSeq: 7 }));
    expect(fetch.mock.calls.filter(([path]) => String(path) === "/post/7/_payload.json")).toHaveLength(1);
    // Focus reaching the card again finds the fresh copy in the cache.
    fireEvent.focus(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    expect(fetch.mock.calls.filter(([path]) => String(path) === "/post/7/_payload.json")).toHaveLength(1);
  });

  it("records the click and pushes Select_Content with the screen", () => {
    stubFetch();
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    renderCard(<PostCard card={card} screen="HOME" />);
    fireEvent.click(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    expect(beacon).toHaveBeenCalledWith("/click/v1", expect.any(Blob));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Select_Content", screen: "HOME" }));
  });
});
