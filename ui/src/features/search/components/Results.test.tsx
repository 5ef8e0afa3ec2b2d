import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DataLayerUser } from "../../../lib/core";
import { renderWithApp, sessionOf, type AppOptions, type Routes } from "../../../test/render";
import type { BusinessHit, ContentHit } from "../api";
import { BusinessResults, ContentResults } from "./Results";

const reader: DataLayerUser = { userType: "reader", signupType: "email", identityId: "id-7", birth: "1990", gender: "F" };

/** A signed-in reader and the search's answers. */
function app(fetch: Routes): AppOptions {
  return { session: sessionOf("member", reader), fetch };
}

function content(postSeq: number, title: string): ContentHit {
  const at = title.indexOf("마케팅");
  return {
    postSeq,
    title,
    summary: `${title} 요약`,
    categoryId: 2,
    businessId: 3,
    businessName: "새솔마케팅",
    publishedAt: "2026-11-22T15:30:00Z",
    highlights: { title: at >= 0 ? [[at, at + 3]] : [], summary: [] },
  };
}

const business: BusinessHit = {
  businessId: 3,
  name: "새솔마케팅",
  logoUrl: "/media/logo-3.png",
  description: "디지털마케팅과 퍼포먼스 광고",
  industry: "마케팅",
  followerCount: 1234,
  verified: true,
  highlights: { name: [[2, 5]], description: [[3, 6]] },
};

afterEach(() => {
  window.dataLayer = [];
});

describe("search results", () => {
  it("shows posts as cards with the matches marked, and pushes Select_Content on a click", async () => {
    renderWithApp(
      <ContentResults keyword="마케팅" sort="POPULAR" sortSwitch={null} otherHref="/search/business?keyword=x" />,
      // A click on a card is recorded (jsdom has no sendBeacon: the beacon goes by fetch).
      app({ "GET /api/v1/search": { items: [content(7, "디지털 마케팅 전략")], nextCursor: null, total: 1 }, "POST /click/v1": null }),
    );
    const card = (await screen.findByRole("heading", { level: 3 })).closest("article")!;
    expect(within(card).getByText("마케팅", { selector: "mark" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("콘텐츠 1건");
    expect(within(card).getByText("성공 사례")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "새솔마케팅" }).getAttribute("href")).toBe("/business/profile/3");

    const link = within(card).getByRole("link", { name: /디지털 마케팅 전략/ });
    expect(link.getAttribute("href")).toBe("/post/7");
    fireEvent.click(link);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Select_Content", screen: "SEARCH", identityId: "id-7" }));
  });

  it("pages through the API's cursors", async () => {
    const { fetch } = renderWithApp(
      <ContentResults keyword="마케팅" sort="LATEST" sortSwitch={null} otherHref="/" />,
      app({
        "GET /api/v1/search": ({ url }) =>
          url.searchParams.get("cursor") === "next-1"
            ? { items: [content(2, "마케팅 둘")], nextCursor: null, total: 2 }
            : { items: [content(1, "마케팅 하나")], nextCursor: "next-1", total: 2 },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "더 보기" }));
    expect(await screen.findByRole("heading", { name: "마케팅 둘" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "더 보기" })).toBeNull();
    const calls = fetch.callsTo("/api/v1/search").map((call) => call.url);
    expect(calls.map((url) => [url.searchParams.get("q"), url.searchParams.get("type"), url.searchParams.get("sort"), url.searchParams.get("cursor")])).toEqual([
      ["마케팅", "CONTENTS", "LATEST", null],
      ["마케팅", "CONTENTS", "LATEST", "next-1"],
    ]);
  });

  it("says when nothing matches, with a hint and the other target", async () => {
    renderWithApp(
      <ContentResults keyword="없는말" sort="POPULAR" sortSwitch={null} otherHref="/search/business?keyword=%EC%97%86" />,
      app({ "GET /api/v1/search": { items: [], nextCursor: null, total: 0 } }),
    );
    expect(await screen.findByText("‘없는말’에 대한 검색 결과가 없습니다.")).toBeTruthy();
    expect(screen.getByText(/다시 검색해 보세요/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "기업에서 찾아보기" }).getAttribute("href")).toBe("/search/business?keyword=%EC%97%86");
  });

  it("shows businesses as rows: logo, name, verified, industry and followers", async () => {
    const { container } = renderWithApp(
      <BusinessResults keyword="마케팅" sort="POPULAR" sortSwitch={null} otherHref="/" />,
      app({ "GET /api/v1/search": { items: [business], nextCursor: null, total: 1 } }),
    );
    const link = await screen.findByRole("link", { name: /새솔마케팅/ });
    expect(link.getAttribute("href")).toBe("/business/profile/3");
    expect(within(link).getByRole("heading", { level: 3 }).querySelector("mark")?.textContent).toBe("마케팅");
    expect(within(link).getByRole("img", { name: "인증된 기업" })).toBeTruthy();
    expect(within(link).getByText("팔로워 1.2k")).toBeTruthy();
    expect(within(link).getByText("마케팅", { selector: "span" })).toBeTruthy();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/logo-3.png");
  });
});
