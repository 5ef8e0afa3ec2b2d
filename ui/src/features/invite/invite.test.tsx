import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Session } from "../../lib/session";
import { member, refused, renderPage, sessionOf } from "../../test/render";
import ConfirmPage from "./ConfirmPage";
import type { Invitation } from "./api";
import InvitePage from "./InvitePage";
import JoinPage from "./JoinPage";

afterEach(() => sessionStorage.clear());

function invitation(changes: Partial<Invitation> = {}): Invitation {
  return {
    businessId: 3,
    businessName: "가온커머스",
    email: "new.manager@example.test",
    role: "BUSINESS",
    inviter: "가온마스터",
    status: "PENDING",
    expiresAt: "2026-11-30T09:00:00Z",
    accountExists: true,
    forSignedInMember: null,
    ...changes,
  };
}

function signedInAs(email: string, changes: Partial<Session> = {}): Session {
  return { ...sessionOf("member"), member: member({ email, nickname: email.split("@")[0] }), ...changes };
}

describe("/manager/invite", () => {
  it("shows the business, the inviter, the role and the address, and accepts nothing", async () => {
    const { fetch } = renderPage(InvitePage, "/manager/invite?token=tok", {
      lang: "en",
      fetch: { "GET /api/v1/invitations": invitation({ accountExists: false }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Invitation to manage 가온커머스" })).toBeTruthy();
    const details = within(document.querySelector("dl") as HTMLElement);
    expect(details.getByText("가온마스터")).toBeTruthy();
    expect(details.getByText("Manager — writes and manages the business's content")).toBeTruthy();
    expect(details.getByText("new.manager@example.test")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create an account and accept" }).getAttribute("href")).toBe("/manager/invite/join?token=tok");
    expect(screen.getByRole("link", { name: "I already have an account" }).getAttribute("href")).toBe("/manager/invite/confirm?token=tok");
    expect(fetch.log()).toEqual(["GET /api/v1/invitations?token=tok"]);
  });

  it.each([
    [{ status: "EXPIRED" as const }, "만료된 초대입니다", /7일 동안만/],
    [{ status: "REVOKED" as const }, "취소된 초대입니다", /가온커머스에서 이 초대를 취소했습니다/],
    [{ status: "ACCEPTED" as const }, "이미 수락된 초대입니다", /다시 쓸 수 없습니다/],
  ])("explains an invitation that cannot be used (%o)", async (changes, title, text) => {
    renderPage(InvitePage, "/manager/invite?token=tok", { fetch: { "GET /api/v1/invitations": invitation(changes) } });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(text);
  });

  it("says a link that is not an invitation's is broken", async () => {
    renderPage(InvitePage, "/manager/invite?token=nope", { fetch: { "GET /api/v1/invitations": refused(404, "101", "no such invitation") } });
    expect(await screen.findByRole("heading", { level: 1, name: "초대 링크를 확인해 주세요" })).toBeTruthy();
  });
});

describe("/manager/invite/confirm", () => {
  it("accepts as the invited member, then welcomes them", async () => {
    let accepted = false;
    const { fetch } = renderPage(ConfirmPage, "/manager/invite/confirm?token=tok", {
      lang: "en",
      session: signedInAs("new.manager@example.test"),
      fetch: {
        "GET /api/v1/invitations": () => invitation({ forSignedInMember: true, status: accepted ? "ACCEPTED" : "PENDING" }),
        "POST /api/v1/invitations/accept": () => {
          accepted = true;
          return { businessId: 3, role: "BUSINESS" };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByRole("heading", { level: 1, name: "You are now a manager of 가온커머스" })).toBeTruthy();
    expect(fetch.callsTo("/api/v1/invitations/accept")[0].body).toEqual({ token: "tok" });
    expect(screen.getByRole("link", { name: "Go to the business area" }).getAttribute("href")).toBe("/mypage/business");
  });

  it("tells another account which one to use and switches: signed out, then the login page coming back", async () => {
    const signOut = vi.fn(async () => undefined);
    const { fetch, history } = renderPage(ConfirmPage, "/manager/invite/confirm?token=tok", {
      session: signedInAs("reader@tidemark.test", { signOut }),
      fetch: { "GET /api/v1/invitations": invitation({ forSignedInMember: false }) },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "이 초대는 new.manager@example.test 계정으로만 수락할 수 있습니다. 지금은 reader@tidemark.test 계정으로 로그인되어 있습니다.",
    );
    expect(screen.queryByRole("button", { name: "초대 수락하기" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "new.manager@example.test 계정으로 로그인하기" }));
    await waitFor(() => expect(history.at(-1)).toBe("/member/login?redirectUrl=%2Fmanager%2Finvite%2Fconfirm%3Ftoken%3Dtok"));
    expect(signOut).toHaveBeenCalled();
    expect(fetch.callsTo("/api/v1/invitations/accept")).toHaveLength(0);
  });

  it("asks a guest to sign in as the invited address", async () => {
    const { history } = renderPage(ConfirmPage, "/manager/invite/confirm?token=tok", {
      fetch: { "GET /api/v1/invitations": invitation() },
    });
    expect((await screen.findByText(/new.manager@example.test 계정으로 로그인해 주세요/)).textContent).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "로그인하고 수락하기" }));
    expect(history.at(-1)).toBe("/member/login?redirectUrl=%2Fmanager%2Finvite%2Fconfirm%3Ftoken%3Dtok");
  });

  it("says a member of another business must leave it first", async () => {
    renderPage(ConfirmPage, "/manager/invite/confirm?token=tok", {
      session: signedInAs("new.manager@example.test"),
      fetch: {
        "GET /api/v1/invitations": invitation({ forSignedInMember: true }),
        "POST /api/v1/invitations/accept": refused(409, "409", "you manage a business already"),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "초대 수락하기" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/이미 다른 기업을 관리하고 있어/);
  });
});

describe("/manager/invite/join", () => {
  it("checks the fields with the core's rules, then joins with the invited address", async () => {
    const { fetch } = renderPage(JoinPage, "/manager/invite/join?token=tok", {
      fetch: {
        "GET /api/v1/invitations": invitation({ accountExists: false }),
        "POST /api/v1/invitations/join": refused(409, "2007", "an account with this e-mail exists already"),
      },
    });
    const nickname = (await screen.findByLabelText("닉네임")) as HTMLInputElement;
    // The address is the invited one, not a field to change; password managers still see it.
    expect(screen.getByText("new.manager@example.test")).toBeTruthy();
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe("new.manager@example.test");
    expect(nickname.getAttribute("autocomplete")).toBe("nickname");

    fireEvent.click(screen.getByRole("button", { name: "가입하고 초대 수락하기" }));
    await waitFor(() => expect(document.activeElement).toBe(nickname));
    expect(screen.getByText("필수 약관에 모두 동의해 주세요.")).toBeTruthy();
    expect(fetch.callsTo("/api/v1/invitations/join")).toHaveLength(0);

    // The core's nickname filter drops what a nickname cannot hold.
    fireEvent.change(nickname, { target: { value: "새매니저!" } });
    expect(nickname.value).toBe("새매니저");
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Manager-pass-2026" } });
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "Manager-pass-2026" } });
    fireEvent.click(screen.getByLabelText("모두 동의합니다"));
    expect((screen.getByLabelText(/마케팅 정보 수신/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/마케팅 정보 수신/));
    fireEvent.click(screen.getByRole("button", { name: "가입하고 초대 수락하기" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/new.manager@example.test로 된 계정이 이미 있습니다/);
    expect(fetch.callsTo("/api/v1/invitations/join")[0].body).toEqual({
      token: "tok",
      password: "Manager-pass-2026",
      nickname: "새매니저",
      terms: { service: true, privacy: true, marketing: false },
    });
    // Nothing typed is lost; the password is never kept in the draft.
    expect(nickname.value).toBe("새매니저");
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("Manager-pass-2026");
  });

  it("sends an address that has an account to sign in and accept", async () => {
    renderPage(JoinPage, "/manager/invite/join?token=tok", { fetch: { "GET /api/v1/invitations": invitation({ accountExists: true }) } });
    expect((await screen.findByRole("alert")).textContent).toMatch(/이미 있습니다/);
    expect(screen.getByRole("link", { name: "로그인하고 수락하기" }).getAttribute("href")).toBe("/manager/invite/confirm?token=tok");
  });
});
