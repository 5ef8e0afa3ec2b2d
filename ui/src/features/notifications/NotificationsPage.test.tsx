import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, sessionOf } from "../../test/render";
import NotificationsPage from "./NotificationsPage";

const member = { session: sessionOf("member") };

const NEW_POST = {
  id: 41,
  kind: "new_post",
  createdAt: "2026-12-03T00:30:00Z",
  read: false,
  businessId: 3,
  businessName: "가온커머스",
  postSeq: 120,
  postTitle: "겨울 신제품 출시 안내",
  detail: null,
  link: "/post/120",
};
const VERIFIED = {
  id: 40,
  kind: "verification",
  createdAt: "2026-12-02T09:00:00Z",
  read: true,
  businessId: 3,
  businessName: "가온커머스",
  postSeq: null,
  postTitle: null,
  detail: "APPROVED",
  link: "/mypage/business",
};

describe("NotificationsPage", () => {
  it("lists notices newest first in Korean, the unread one marked", async () => {
    renderPage(NotificationsPage, "/mypage/notifications", {
      ...member,
      fetch: { "GET /api/v1/me/notifications": { items: [NEW_POST, VERIFIED], nextCursor: null, unread: 1 } },
    });
    const list = await screen.findByRole("list");
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.className)).toEqual(["notice notice-unread", "notice"]);
    expect(rows[0].textContent).toContain("가온커머스에서 새 글을 올렸습니다");
    expect(rows[0].textContent).toContain("겨울 신제품 출시 안내");
    // Shown in the browser's zone, here KST.
    expect(rows[0].textContent).toContain("2026-12-03");
    expect(rows[1].textContent).toContain("가온커머스 기업 인증이 승인되었습니다");
    expect(within(rows[1]).getByRole("link").getAttribute("href")).toBe("/mypage/business");
  });

  it("opens one (read, and counted for its business) as it is clicked, and marks all read with the button", async () => {
    const { fetch } = renderPage(NotificationsPage, "/mypage/notifications", {
      ...member,
      fetch: {
        "GET /api/v1/me/notifications": { items: [NEW_POST], nextCursor: null, unread: 1 },
        "POST /api/v1/me/notifications/41/open": { unread: 0 },
        "POST /api/v1/me/notifications/read-all": { unread: 0 },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "모두 읽음으로 표시" }));
    await waitFor(() => expect(fetch.log()).toContain("POST /api/v1/me/notifications/read-all"));
    fireEvent.click(screen.getByRole("link", { name: /겨울 신제품 출시 안내/ }));
    await waitFor(() => expect(fetch.log()).toContain("POST /api/v1/me/notifications/41/open"));
  });

  it("opens a post's notice already read, so its business counts the opening", async () => {
    const { fetch } = renderPage(NotificationsPage, "/mypage/notifications", {
      ...member,
      fetch: {
        "GET /api/v1/me/notifications": { items: [{ ...NEW_POST, read: true }], nextCursor: null, unread: 0 },
        "POST /api/v1/me/notifications/41/open": { unread: 0 },
      },
    });
    fireEvent.click(await screen.findByRole("link", { name: /겨울 신제품 출시 안내/ }));
    await waitFor(() => expect(fetch.log()).toContain("POST /api/v1/me/notifications/41/open"));
  });

  it("says what to do when there is nothing yet", async () => {
    renderPage(NotificationsPage, "/mypage/notifications", {
      ...member,
      fetch: { "GET /api/v1/me/notifications": { items: [], nextCursor: null, unread: 0 } },
    });
    expect(await screen.findByText("아직 받은 알림이 없습니다.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "기업 검색하기" }).getAttribute("href")).toBe("/search/business?sort=POPULAR");
  });
});
