import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, sessionOf } from "../../test/render";
import SettingsPage from "./SettingsPage";
import UnsubscribePage from "./UnsubscribePage";

describe("SettingsPage", () => {
  it("shows each followed business with its mail choice and saves a new one", async () => {
    const { fetch } = renderPage(SettingsPage, "/mypage/notifications/settings", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/me/notifications/mail": { items: [{ businessId: 3, businessName: "가온커머스", mail: "OFF" }], nextCursor: null, canMail: true },
        "PUT /api/v1/me/notifications/mail/3": { businessId: 3, businessName: "가온커머스", mail: "EACH" },
        "GET /api/v1/me/push": { publicKey: "BKey", browsers: [], night: null },
      },
    });
    const select = await screen.findByLabelText<HTMLSelectElement>("가온커머스");
    expect(select.value).toBe("OFF");
    expect([...select.options].map((option) => option.textContent)).toEqual(["메일 받지 않음", "새 글마다", "매일 아침 요약", "매주 월요일 요약"]);
    fireEvent.change(select, { target: { value: "EACH" } });
    await waitFor(() => expect(fetch.log()).toContain("PUT /api/v1/me/notifications/mail/3"));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "저장했습니다: 새 글마다");
  });

  it("says when no mail can go to the member", async () => {
    renderPage(SettingsPage, "/mypage/notifications/settings", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/me/notifications/mail": { items: [{ businessId: 3, businessName: "가온커머스", mail: "OFF" }], nextCursor: null, canMail: false },
        "GET /api/v1/me/push": { publicKey: "BKey", browsers: [], night: null },
      },
    });
    expect(await screen.findByText(/지금은 메일을 보낼 수 없습니다/)).toBeTruthy();
  });
});

describe("PushPanel", () => {
  it("records the night-time consent and shows the date of the answer; a browser without push is told so", async () => {
    const { fetch } = renderPage(SettingsPage, "/mypage/notifications/settings", {
      session: sessionOf("member"),
      fetch: {
        "GET /api/v1/me/notifications/mail": { items: [], nextCursor: null, canMail: true },
        "GET /api/v1/me/push": { publicKey: "BKey", browsers: [], night: null },
        "PUT /api/v1/me/push/night": { publicKey: "BKey", browsers: [], night: { granted: true, at: "2026-12-03T01:30:00Z" } },
      },
    });
    expect(await screen.findByText("이 브라우저는 알림을 지원하지 않습니다.")).toBeTruthy();
    expect(await screen.findByText("동의하지 않으면 밤에 올라온 글은 오전 8시에 알려 드립니다.")).toBeTruthy();
    const consent = screen.getByRole<HTMLInputElement>("checkbox", { name: /야간 광고성 정보 수신 동의/ });
    expect(consent.checked).toBe(false);
    fireEvent.click(consent);
    await waitFor(() => expect(fetch.log()).toContain("PUT /api/v1/me/push/night"));
    expect(await screen.findByText(/^2026-12-03 \d\d:30에 동의했습니다\. 언제든 해제할 수 있습니다\.$/)).toBeTruthy();
    expect(consent.checked).toBe(true);
  });
});

describe("UnsubscribePage", () => {
  it("asks before stopping, then says it stopped, without signing in", async () => {
    const { fetch } = renderPage(UnsubscribePage, "/mail/unsubscribe?t=42.b3.abc", {
      session: sessionOf("guest"),
      fetch: {
        "GET /mail/v1/unsubscribe": { scope: "BUSINESS", businessName: "가온커머스", stopped: false },
        "POST /mail/v1/unsubscribe": { scope: "BUSINESS", businessName: "가온커머스", stopped: true },
      },
    });
    expect(await screen.findByText("가온커머스의 새 글 메일을 그만 받으시겠습니까? 알림에는 계속 표시됩니다.")).toBeTruthy();
    expect(fetch.log()).toEqual(["GET /mail/v1/unsubscribe?t=42.b3.abc"]);
    fireEvent.click(screen.getByRole("button", { name: "수신 거부" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "가온커머스의 새 글 메일을 더 이상 보내지 않습니다.");
    expect(fetch.log()).toContain("POST /mail/v1/unsubscribe?t=42.b3.abc");
  });

  it("says a broken link is broken", async () => {
    renderPage(UnsubscribePage, "/mail/unsubscribe", { session: sessionOf("guest") });
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "올바른 수신 거부 링크가 아닙니다. 받은 메일의 링크를 다시 열어 주세요.");
  });
});
