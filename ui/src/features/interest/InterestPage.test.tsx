import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { matchRoute, type RouteMatch } from "../../lib/core";
import { I18nProvider } from "../../lib/i18n";
import type { Session } from "../../lib/session";
import FollowListPage from "./FollowListPage";
import InterestPage from "./InterestPage";

// The session is the test's to decide: a guest, a member, or one still starting.
const session = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("../../lib/session", () => ({ useSession: () => session.current }));

function sessionOf(state: "starting" | "guest" | "member"): Session {
  return {
    ready: state !== "starting",
    member: null,
    signedIn: state === "member",
    user: null,
    signIn: async () => undefined,
    signOut: async () => undefined,
    refresh: () => undefined,
  };
}

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: "0", message: "success", data }), { status: 200, headers: { "content-type": "application/json" } });
}

const BUSINESS = {
  id: 3,
  name: "가온커머스",
  logoUrl: null,
  verified: true,
  industry: "이커머스",
  followerCount: 12_345,
  followedAt: "2026-11-20T01:00:00Z",
};

const CARD = {
  postSeq: 71,
  title: "디지털 마케팅 전략",
  summary: "요약",
  categoryId: 1,
  coverUrl: null,
  business: { id: 3, name: "가온커머스", logoUrl: null, verified: true },
  tags: [],
  isReport: false,
  seriesOrder: null,
  publishedAt: "2026-11-22T15:30:00Z",
  viewCount: 10,
  bookmarkCount: 2,
};

let calls: string[];

function stubApi(answers: Record<string, unknown>) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      calls.push(path);
      const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
      return key ? envelope(answers[key]) : new Response("{}", { status: 404 });
    }),
  );
}

/** The core's own route of a path, as the app hands it to the page. */
function route(name: string, path: string): RouteMatch {
  const match = matchRoute(path);
  if (match?.name !== name) throw new Error(`${path} is not ${name}`);
  return match;
}

function renderAt(path: string, ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <I18nProvider lang="ko">
      <QueryClientProvider client={client}>
        <Router hook={hook} searchHook={searchHook}>
          {ui}
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InterestPage", () => {
  it("shows the two tabs as links, bookmark current on /interest", () => {
    session.current = sessionOf("guest");
    stubApi({});
    renderAt("/interest", <InterestPage route={route("interest", "/interest")} />);
    const tabs = within(screen.getByRole("navigation", { name: "관심 목록" })).getAllByRole("link");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("href"), tab.getAttribute("aria-current")])).toEqual([
      ["북마크", "/interest/bookmark", "page"],
      ["팔로잉", "/interest/following", null],
    ]);
  });

  it("marks the following tab on /interest/following", () => {
    session.current = sessionOf("guest");
    stubApi({});
    renderAt("/interest/following", <InterestPage route={route("interestFollowing", "/interest/following")} />);
    expect(screen.getByRole("link", { name: "팔로잉" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "북마크" }).getAttribute("aria-current")).toBeNull();
  });

  it("asks a guest to sign in, coming back here, and calls nothing", () => {
    session.current = sessionOf("guest");
    stubApi({});
    renderAt("/interest/following", <InterestPage route={route("interestFollowing", "/interest/following")} />);
    expect(screen.getByRole("heading", { name: "로그인하고 관심 목록을 이어 보세요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login?redirectUrl=%2Finterest%2Ffollowing");
    expect(calls).toEqual([]);
  });

  it("waits for the session before deciding", () => {
    session.current = sessionOf("starting");
    stubApi({});
    renderAt("/interest", <InterestPage route={route("interest", "/interest")} />);
    expect(screen.getByRole("status").textContent).toBe("불러오는 중…");
    expect(screen.queryByRole("link", { name: "로그인" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("lists a member's bookmarks as cards", async () => {
    session.current = sessionOf("member");
    stubApi({ "/api/v1/me/bookmarks": { items: [CARD], nextCursor: null } });
    renderAt("/interest/bookmark", <InterestPage route={route("interestBookmark", "/interest/bookmark")} />);
    expect(await screen.findByRole("heading", { name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(calls[0]).toBe("/api/v1/me/bookmarks?size=20");
  });

  it("lists a member's followed businesses with logo letter, badge and abbreviated followers", async () => {
    session.current = sessionOf("member");
    stubApi({ "/api/v1/me/follows": { items: [BUSINESS], nextCursor: null } });
    renderAt("/interest/following", <InterestPage route={route("interestFollowing", "/interest/following")} />);
    const list = await screen.findByTestId("following-list");
    expect(within(list).getByRole("link", { name: "가온커머스" }).getAttribute("href")).toBe("/business/profile/3");
    expect(within(list).getByRole("img", { name: "인증된 기업" })).toBeTruthy();
    expect(within(list).getByText("팔로워 12.3k")).toBeTruthy();
    expect(within(list).getByText("가")).toBeTruthy();
  });

  it("gives an empty list a next step", async () => {
    session.current = sessionOf("member");
    stubApi({ "/api/v1/me/bookmarks": { items: [], nextCursor: null } });
    renderAt("/interest", <InterestPage route={route("interest", "/interest")} />);
    expect(await screen.findByText("아직 북마크한 콘텐츠가 없습니다.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "인기 콘텐츠 둘러보기" }).getAttribute("href")).toBe("/post/popular/list?sort=POPULAR");
  });
});

describe("FollowListPage", () => {
  it("shows each followed business with its latest posts", async () => {
    session.current = sessionOf("member");
    stubApi({
      "/api/v1/me/follows": { items: [BUSINESS], nextCursor: null },
      "/api/v1/businesses/3/posts": { items: [CARD], nextCursor: null },
    });
    renderAt("/follow/list", <FollowListPage route={route("followList", "/follow/list")} />);
    const section = await screen.findByRole("region", { name: /가온커머스/ });
    expect(within(section).getByRole("heading", { level: 2, name: /가온커머스/ })).toBeTruthy();
    expect(await within(section).findByRole("heading", { level: 3, name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(calls).toContain("/api/v1/businesses/3/posts?size=4");
  });

  it("asks a guest to sign in", () => {
    session.current = sessionOf("guest");
    stubApi({});
    renderAt("/follow/list", <FollowListPage route={route("followList", "/follow/list")} />);
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login?redirectUrl=%2Ffollow%2Flist");
    expect(calls).toEqual([]);
  });
});
