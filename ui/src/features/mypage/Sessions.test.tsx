import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, sessionOf } from "../../test/render";
import { Sessions } from "./Sessions";

const at = "2026-12-07T03:00:00Z";
const laptop = { id: 4, deviceType: "PC", deviceOs: "WINDOWS", browser: "Chrome 131", startedAt: at, lastSeenAt: at, keepSignedIn: true, current: true };
const phone = { id: 5, deviceType: "MOBILE", deviceOs: "ANDROID", browser: "Samsung Internet 131", startedAt: at, lastSeenAt: at, keepSignedIn: false, current: false };
const unknown = { id: 6, deviceType: null, deviceOs: null, browser: null, startedAt: at, lastSeenAt: at, keepSignedIn: false, current: false };

describe("Sessions", () => {
  it("lists the sessions with this one and the mail's one marked, and signs one out", async () => {
    let listed = [laptop, phone, unknown];
    const { fetch } = renderWithApp(<Sessions />, {
      route: "/mypage/security?session=5",
      session: sessionOf("member"),
      fetch: {
        "GET /mypage/v1/sessions": () => listed,
        "DELETE /mypage/v1/sessions/5": () => {
          listed = listed.filter((session) => session.id !== 5);
          return null;
        },
      },
    });
    const region = await screen.findByRole("region", { name: "로그인된 기기" });
    const rows = await within(region).findAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("strong")?.textContent)).toEqual(["Chrome 131 · WINDOWS · 컴퓨터", "Samsung Internet 131 · ANDROID · 휴대폰", "알 수 없는 기기"]);
    expect(within(rows[0]).getByText("지금 이 기기")).toBeTruthy();
    expect(within(rows[0]).queryByRole("button")).toBeNull();
    expect(rows[1].className).toContain("mypage-session-marked");
    expect(screen.getByRole("button", { name: "이 기기 말고 모두 로그아웃" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "로그아웃시키기: Samsung Internet 131 · ANDROID · 휴대폰" }));
    expect(await screen.findByText("그 기기를 로그아웃시켰습니다.")).toBeTruthy();
    await waitFor(() => expect(within(region).getAllByRole("listitem")).toHaveLength(2));
    expect(fetch.log()).toContain("DELETE /mypage/v1/sessions/5");
  });

  it("signs every other session out at once", async () => {
    let listed = [laptop, phone, unknown];
    renderWithApp(<Sessions />, {
      route: "/mypage/security",
      session: sessionOf("member"),
      lang: "en",
      fetch: {
        "GET /mypage/v1/sessions": () => listed,
        "POST /mypage/v1/sessions/end-others": () => {
          listed = [laptop];
          return { ended: 2 };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText("Every other device is signed out.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Sign out everywhere else" })).toBeNull();
  });
});
