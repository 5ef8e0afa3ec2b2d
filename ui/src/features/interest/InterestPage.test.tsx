import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { card, inertIntersectionObserver, renderPage, sessionOf } from "../../test/render";
import FollowListPage from "./FollowListPage";
import InterestPage from "./InterestPage";

const BUSINESS = {
  id: 3,
  name: "가온커머스",
  logoUrl: null,
  verified: true,
  industry: "이커머스",
  followerCount: 12_345,
  followedAt: "2026-11-20T01:00:00Z",
};

const CARD = card();

const guest = { session: sessionOf("guest") };

beforeEach(inertIntersectionObserver);

describe("InterestPage", () => {
  it("shows the two tabs as links, bookmark current on /interest", () => {
    renderPage(InterestPage, "/interest", guest);
    const tabs = within(screen.getByRole("navigation", { name: "관심 목록" })).getAllByRole("link");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("href"), tab.getAttribute("aria-current")])).toEqual([
      ["북마크", "/interest/bookmark", "page"],
      ["팔로잉", "/interest/following", null],
    ]);
  });

  it("marks the following tab on /interest/following", () => {
    renderPage(InterestPage, "/interest/following", guest);
    expect(screen.getByRole("link", { name: "팔로잉" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "북마크" }).getAttribute("aria-current")).toBeNull();
  });

  it("asks a guest to sign in, coming back here, and calls nothing", () => {
    const { fetch } = renderPage(InterestPage, "/interest/following", guest);
    expect(screen.getByRole("heading", { name: "로그인하고 관심 목록을 이어 보세요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login?redirectUrl=%2Finterest%2Ffollowing");
    expect(fetch.calls).toEqual([]);
  });

  it("waits for the session before deciding", () => {
    const { fetch } = renderPage(InterestPage, "/interest", { session: sessionOf("starting") });
    expect(screen.getByRole("status").textContent).toBe("불러오는 중…");
    expect(screen.queryByRole("link", { name: "로그인" })).toBeNull();
    expect(fetch.calls).toEqual([]);
  });

  it("lists a member's bookmarks as cards", async () => {
    const { fetch } = renderPage(InterestPage, "/interest/bookmark", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/me/bookmarks": { items: [CARD], nextCursor: null },
        "GET /api/v1/me/state": { bookmarked: [CARD.postSeq], following: [] },
      },
    });
    expect(await screen.findByRole("heading", { name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(fetch.log()[0]).toBe("GET /api/v1/me/bookmarks?size=20");
    // The card's bookmark button shows the reader's tie, asked once for the cards shown.
    await waitFor(() => expect(screen.getByRole("button", { name: /^북마크 디지털 마케팅 전략/ }).getAttribute("aria-pressed")).toBe("true"));
    expect(fetch.log()).toContain(`GET /api/v1/me/state?posts=${CARD.postSeq}&businesses=${CARD.business.id}`);
  });

  it("lists a member's followed businesses with logo letter, badge and abbreviated followers", async () => {
    renderPage(InterestPage, "/interest/following", {
      session: sessionOf("member"),
      fetch: { "GET /api/v1/me/follows": { items: [BUSINESS], nextCursor: null } },
    });
    const list = await screen.findByTestId("following-list");
    expect(within(list).getByRole("link", { name: "가온커머스" }).getAttribute("href")).toBe("/business/profile/3");
    expect(within(list).getByRole("img", { name: "인증된 기업" })).toBeTruthy();
    expect(within(list).getByText("팔로워 12.3k")).toBeTruthy();
    expect(within(list).getByText("가")).toBeTruthy();
  });

  it("gives an empty list a next step", async () => {
    renderPage(InterestPage, "/interest", {
      session: sessionOf("member"),
      fetch: { "GET /api/v1/me/bookmarks": { items: [], nextCursor: null } },
    });
    expect(await screen.findByText("아직 북마크한 콘텐츠가 없습니다.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "인기 콘텐츠 둘러보기" }).getAttribute("href")).toBe("/post/popular/list?sort=POPULAR");
  });
});

describe("FollowListPage", () => {
  it("shows each followed business with its latest posts", async () => {
    const { fetch } = renderPage(FollowListPage, "/follow/list", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/me/follows": { items: [BUSINESS], nextCursor: null },
        "GET /api/v1/businesses/3/posts": { items: [CARD], nextCursor: null },
        "GET /api/v1/me/state": { bookmarked: [], following: [3] },
      },
    });
    const section = await screen.findByRole("region", { name: /가온커머스/ });
    expect(within(section).getByRole("heading", { level: 2, name: /가온커머스/ })).toBeTruthy();
    expect(await within(section).findByRole("heading", { level: 3, name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(fetch.log()).toContain("GET /api/v1/businesses/3/posts?size=4");
    // Under a followed business its cards carry no follow button of their own.
    expect(within(section).queryByRole("button", { name: /^팔로우/ })).toBeNull();
  });

  it("asks a guest to sign in", () => {
    const { fetch } = renderPage(FollowListPage, "/follow/list", guest);
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login?redirectUrl=%2Ffollow%2Flist");
    expect(fetch.calls).toEqual([]);
  });
});
