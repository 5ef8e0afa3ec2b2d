import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { postDetailKey } from "../../lib/postDetail";
import { card as cardOf, renderWithApp } from "../../test/render";
import { PostCard } from "./PostCard";

const card = cardOf({ postSeq: 7, title: "디지털 마케팅 전략", summary: "요약", categoryId: 2, viewCount: 1234, bookmarkCount: 5 });

/** The post's payload, the one call a card makes (ahead of a click). */
const PAYLOAD = { "GET /post/7/_payload.json": { postSeq: 7, title: card.title } };

beforeEach(() => {
  window.dataLayer = [];
});

describe("PostCard", () => {
  it("links the post and its business, with the category, KST date and counts from the core", () => {
    renderWithApp(<PostCard card={card} />);
    expect(screen.getByRole("heading", { name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /디지털 마케팅 전략/ }).getAttribute("href")).toBe("/post/7");
    expect(screen.getByRole("link", { name: /가온커머스/ }).getAttribute("href")).toBe("/business/profile/3");
    expect(document.querySelector(".post-card-category")?.textContent).toBe("성공 사례");
    // No cover picture: a designed cover in the category's colour, with the title and business.
    const art = document.querySelector(".post-card-cover .cover-art") as HTMLElement;
    expect(art.dataset.category).toBe("2");
    expect(art.textContent).toBe("성공 사례디지털 마케팅 전략가온커머스");
    expect(screen.getByText("조회수 1.2k")).toBeTruthy();
    // The list card's own toggles (PRODUCT): bookmark with its count, follow the business.
    const bookmark = screen.getByRole("button", { name: /^북마크 디지털 마케팅 전략/ });
    expect(bookmark.textContent).toContain("5");
    expect(bookmark.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "팔로우 가온커머스" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByLabelText("인증된 기업")).toBeTruthy();
  });

  it("fetches the detail ahead when the pointer reaches the card", async () => {
    // The app's own client: answers stay fresh for 90 s.
    const { client, fetch } = renderWithApp(<PostCard card={card} />, { fetch: PAYLOAD });
    const payloads = () => fetch.callsTo("/post/7/_payload.json");
    fireEvent.pointerEnter(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    await waitFor(() => expect(client.getQueryData(postDetailKey(7))).toMatchObject({ postSeq: 7 }));
    expect(payloads()).toHaveLength(1);
    // Focus reaching the card again finds the fresh copy in the cache.
    fireEvent.focus(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    expect(payloads()).toHaveLength(1);
  });

  it("records the click and pushes Select_Content with the screen", () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    renderWithApp(<PostCard card={card} screen="HOME" />);
    fireEvent.click(screen.getByRole("link", { name: /디지털 마케팅 전략/ }));
    expect(beacon).toHaveBeenCalledWith("/click/v1", expect.any(Blob));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Select_Content", screen: "HOME" }));
  });
});
