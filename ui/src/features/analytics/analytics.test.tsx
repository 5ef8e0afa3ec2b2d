import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MyBusiness } from "../../lib/business";
import { renderPage, renderWithApp, sessionOf } from "../../test/render";
import type { Outline } from "./api";
import ContentsPage from "./ContentsPage";
import { daySplits } from "./DailyChart";
import OutlinePage, { changeText } from "./OutlinePage";
import { PeriodPicker } from "./PeriodPicker";
import { periodQuery, readPeriod } from "./period";

// jsdom draws no canvas: the chart itself is drawn in Chromium (tests/e2e/console.spec.ts);
// here uPlot only has to be constructed and destroyed.
vi.mock("uplot", () => ({
  default: class {
    width = 0;
    setSize() {}
    destroy() {}
  },
}));
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
  unobserve() {}
};

const mine = { role: "BUSINESS", business: { id: 7, name: "가온커머스", verified: false, logoUrl: null } } as unknown as MyBusiness;
const figure = (value: number, previous: number) => ({ value, previous, change: previous ? Math.round(((value - previous) / previous) * 10_000) / 10_000 : null });

function outline(): Outline {
  const series = [
    { day: "2026-11-22", views: 10, uniqueReaders: 8, followers: 20 },
    { day: "2026-11-23", views: 5, uniqueReaders: 5, followers: 21 },
    { day: "2026-11-24", views: 15, uniqueReaders: 9, followers: 21 },
  ];
  return {
    period: { from: "2026-11-22", to: "2026-11-24", days: 3 },
    totals: {
      views: figure(30, 20),
      uniqueReaders: figure(17, 17),
      clicks: figure(4, 0),
      bookmarks: figure(2, 4),
      shares: figure(0, 0),
      followsGained: figure(1, 1),
      readThroughs: figure(3, 2),
    },
    series,
    topPosts: [{ postSeq: 5, title: "데이터 분석 입문", views: 12, uniqueReaders: 9 }],
    devices: [
      { deviceType: "MOBILE", readers: 10, share: 0.625 },
      { deviceType: "PC", readers: 6, share: 0.375 },
    ],
    readers: { gender: [{ group: "female", readers: 6, share: 1 }], ageBands: [{ group: "30s", readers: 6, share: 1 }], hiddenGroups: 2 },
  };
}

describe("the period", () => {
  it("comes from the address and goes back into it; a bad one falls back to 7 days", () => {
    expect(readPeriod("?period=30")).toEqual({ kind: "last", days: 30 });
    expect(readPeriod("?period=31")).toEqual({ kind: "last", days: 7 });
    expect(readPeriod("?from=2026-11-01&to=2026-11-10")).toEqual({ kind: "range", from: "2026-11-01", to: "2026-11-10" });
    expect(readPeriod("?from=2026-11-10&to=2026-11-01")).toEqual({ kind: "last", days: 7 });
    expect(periodQuery({ kind: "range", from: "2026-11-01", to: "2026-11-10" })).toBe("from=2026-11-01&to=2026-11-10");
  });
});

describe("the period picker", () => {
  it("says which typed day it cannot read, or that the days are reversed, and keeps the period until both are right", async () => {
    const { history } = renderWithApp(<PeriodPicker period={{ kind: "range", from: "2026-11-03", to: "2026-11-21" }} />, { route: "/mypage/business/analytics?from=2026-11-03&to=2026-11-21" });
    const from = screen.getByLabelText("시작일");
    const to = screen.getByLabelText("종료일");
    const apply = screen.getByRole("button", { name: "적용" });

    fireEvent.change(from, { target: { value: "2026-13-45" } });
    fireEvent.click(apply);
    expect(await screen.findByText("날짜를 2026-12-31처럼 적어 주세요.")).toBeTruthy();
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(from);

    fireEvent.change(from, { target: { value: "2026-11-25" } });
    expect(screen.queryByText("날짜를 2026-12-31처럼 적어 주세요.")).toBeNull();
    fireEvent.click(apply);
    expect(await screen.findByText("종료일은 시작일과 같거나 그 뒤여야 합니다.")).toBeTruthy();
    expect(document.activeElement).toBe(to);
    expect(history.at(-1)).toBe("/mypage/business/analytics?from=2026-11-03&to=2026-11-21");

    fireEvent.change(to, { target: { value: "2026-11-30" } });
    fireEvent.click(apply);
    await waitFor(() => expect(history.at(-1)).toContain("from=2026-11-25&to=2026-11-30"));
  });
});

describe("the outline", () => {
  it("shows every total with its change, the days, the top posts, devices and the reader mix with the hidden groups said", async () => {
    const { fetch } = renderPage(OutlinePage, "/mypage/business/analytics/outline?period=30", {
      session: sessionOf("member"),
      fetch: { "GET /api/v1/mypage/business": mine, "GET /api/v1/businesses/7/analytics/outline": outline() },
    });
    expect(await screen.findByText("2026-11-22 ~ 2026-11-24 (3일, 한국 시간)")).toBeTruthy();
    expect(fetch.log()).toContain("GET /api/v1/businesses/7/analytics/outline?period=30");
    const views = document.querySelector('[data-total="views"]') as HTMLElement;
    expect(within(views).getByText("30")).toBeTruthy();
    expect(within(views).getByText("이전 기간 대비 +50%")).toBeTruthy();
    expect(within(document.querySelector('[data-total="uniqueReaders"]') as HTMLElement).getByText("이전 기간과 같음")).toBeTruthy();
    expect(within(document.querySelector('[data-total="clicks"]') as HTMLElement).getByText("이전 기간 기록 없음")).toBeTruthy();
    expect(within(document.querySelector('[data-total="bookmarks"]') as HTMLElement).getByText("이전 기간 대비 -50%")).toBeTruthy();
    expect(document.querySelectorAll("tr[data-day]")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "데이터 분석 입문" }).getAttribute("href")).toBe("/post/5");
    expect(screen.getByText("모바일")).toBeTruthy();
    // The server's band code in the reader's language, never "30s" on a Korean page.
    expect(screen.getByText("30대")).toBeTruthy();
    expect(screen.queryByText("30s")).toBeNull();
    expect(screen.getByTestId("hidden-groups").textContent).toContain("5명 미만인 2개 그룹");
    expect(screen.getByRole("radio", { name: "최근 30일" })).toHaveProperty("checked", true);
  });

  it("says a change in the reader's words", () => {
    const tx = { changeNone: "none", changeFlat: "flat", changeUp: "+{change}", changeDown: "{change}" } as Parameters<typeof changeText>[0];
    expect(changeText(tx, figure(5, 0))).toBe("none");
    expect(changeText(tx, figure(12, 10))).toBe("+20%");
    expect(changeText(tx, figure(9, 12))).toBe("-25%");
  });
});

describe("the chart's days", () => {
  it("labels each day once at most, the last always, 44 px apart", () => {
    const days = Array.from({ length: 30 }, (_, i) => 1_764_000_000 + i * 86_400);
    for (const width of [250, 600, 1200]) {
      const labels = daySplits(days, width);
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.at(-1)).toBe(days.at(-1));
      expect(labels.length).toBeLessThanOrEqual(Math.floor(width / 44));
      expect(labels.every((day) => days.includes(day))).toBe(true);
    }
    expect(daySplits(days.slice(0, 7), 1200)).toEqual(days.slice(0, 7));
  });
});

describe("the contents", () => {
  it("sorts by a column on the server, and the CSV takes the same period and order", async () => {
    const row = { postSeq: 5, title: "데이터 분석 입문", status: "PUBLISHED", publishedAt: "2026-11-20T01:00:00Z", views: 12, uniqueReaders: 9, clicks: 3, bookmarks: 1, shares: 0, readThroughs: 2, notices: { inSite: 1240, mailed: 310, pushed: 560, openedInSite: 95, openedFromMail: 41, openedFromPush: 77 } };
    const { fetch } = renderPage(ContentsPage, "/mypage/business/analytics/contents?period=90", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/mypage/business": mine,
        "GET /api/v1/businesses/7/analytics/contents": { period: { from: "2026-08-27", to: "2026-11-24", days: 90 }, items: [row], nextCursor: null },
      },
    });
    expect(await screen.findByRole("link", { name: "데이터 분석 입문" })).toBeTruthy();
    expect(fetch.log()).toContain("GET /api/v1/businesses/7/analytics/contents?period=90&sort=views&order=desc&size=50");
    expect(screen.getByRole("link", { name: "CSV 내려받기 (Excel)" }).getAttribute("href")).toBe("/api/v1/businesses/7/analytics/contents.csv?period=90&sort=views&order=desc");
    fireEvent.click(screen.getByRole("button", { name: "북마크 기준으로 정렬" }));
    await waitFor(() => expect(fetch.log()).toContain("GET /api/v1/businesses/7/analytics/contents?period=90&sort=bookmarks&order=desc&size=50"));
    fireEvent.click(screen.getByRole("button", { name: "북마크 기준으로 정렬" }));
    await waitFor(() => expect(fetch.log()).toContain("GET /api/v1/businesses/7/analytics/contents?period=90&sort=bookmarks&order=asc&size=50"));
    expect(screen.getByRole("columnheader", { name: /북마크/ }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("shows each post's notices by channel: followers told, and members who opened it from them", async () => {
    const row = { postSeq: 5, title: "데이터 분석 입문", status: "PUBLISHED", publishedAt: "2026-11-20T01:00:00Z", views: 12, uniqueReaders: 9, clicks: 3, bookmarks: 1, shares: 0, readThroughs: 2, notices: { inSite: 1240, mailed: 310, pushed: 560, openedInSite: 95, openedFromMail: 41, openedFromPush: 77 } };
    renderPage(ContentsPage, "/mypage/business/analytics/contents?period=90", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/mypage/business": mine,
        "GET /api/v1/businesses/7/analytics/contents": { period: { from: "2026-08-27", to: "2026-11-24", days: 90 }, items: [row], nextCursor: null },
      },
    });
    expect(await screen.findByRole("columnheader", { name: "알림 받은 팔로워" })).toBeTruthy();
    const cells = screen.getAllByRole("row")[1].querySelectorAll("td");
    const text = (column: string) => [...cells].find((cell) => cell.dataset.column === column)?.textContent;
    expect(text("noticesSent")).toBe("사이트 1,240 · 메일 310 · 브라우저 560");
    expect(text("noticesOpened")).toBe("사이트 95 · 메일 41 · 브라우저 77");
    expect(screen.getByText(/메일 열람 추적 이미지는 쓰지 않습니다/)).toBeTruthy();
  });
});
