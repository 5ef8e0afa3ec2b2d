import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savePendingCertification } from "../../lib/certify";
import { refused, renderPage, sessionOf } from "../../test/render";
import FindEmailPage from "./FindEmailPage";
import FindPhonePage from "./FindPhonePage";
import ResetPage from "./ResetPage";
import { resetToken } from "./resetToken";

afterEach(() => sessionStorage.clear());

const VALID = { status: "VALID", email: "reader@tidemark.test", expiresAt: "2026-11-23T10:30:00Z" };

describe("/password/find/email", () => {
  it("sends the link and answers the same whatever the address", async () => {
    const { fetch } = renderPage(FindEmailPage, "/password/find/email", {
      lang: "en",
      fetch: { "POST /membership/v1/password/find/email": { sent: true } },
    });
    const field = screen.getByLabelText("E-mail");
    expect(field.getAttribute("autocomplete")).toBe("email");
    fireEvent.click(screen.getByRole("button", { name: "Send the reset link" }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(fetch.calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: "nobody@tidemark.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the reset link" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Check your mail" })).toBeTruthy();
    expect(screen.getByText(/If an account was made with nobody@tidemark.test/)).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/password/find/email")[0].body).toEqual({ email: "nobody@tidemark.test" });
  });

  it("says when to try again after too many requests, keeping the address", async () => {
    renderPage(FindEmailPage, "/password/find/email", {
      fetch: {
        "POST /membership/v1/password/find/email": () =>
          new Response(JSON.stringify({ code: "429", message: "slow down", data: null }), { status: 429, headers: { "retry-after": "30" } }),
      },
    });
    const field = screen.getByLabelText("이메일") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "reader@tidemark.test" } });
    fireEvent.click(screen.getByRole("button", { name: "재설정 링크 보내기" }));
    expect((await screen.findByRole("alert")).textContent).toBe("요청이 너무 많습니다. 30초 후에 다시 시도해 주세요.");
    expect(field.value).toBe("reader@tidemark.test");
  });
});

describe("/password/reset/{type}", () => {
  it("takes the mailed link's token out of the address, checks it, and sets the new password", async () => {
    const signOut = vi.fn(async () => undefined);
    const { fetch, history } = renderPage(ResetPage, "/password/reset/email?token=tok-1", {
      lang: "en",
      session: { ...sessionOf("member"), signOut },
      fetch: {
        "POST /membership/v1/password/reset/check": VALID,
        "POST /membership/v1/password/reset": null,
      },
    });
    await waitFor(() => expect(history.at(-1)).toBe("/password/reset/email"));
    expect(resetToken("email")).toBe("tok-1");
    expect(await screen.findByText("reader@tidemark.test")).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/password/reset/check")[0].body).toEqual({ type: "email", token: "tok-1" });

    const password = screen.getByLabelText("New password");
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    // The core's rule: the e-mail's name is not allowed in the password.
    fireEvent.change(password, { target: { value: "Reader-2026" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "Reader-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Change the password" }));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fetch.callsTo("/membership/v1/password/reset")).toHaveLength(0);

    fireEvent.change(password, { target: { value: "Fresh-start-2027" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "Fresh-start-2027" } });
    fireEvent.click(screen.getByRole("button", { name: "Change the password" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your password has been changed" })).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/password/reset")[0].body).toEqual({ type: "email", token: "tok-1", password: "Fresh-start-2027" });
    expect(screen.getByText(/signed out on every device/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/member/login/email");
    // This browser's session ends too, and the token is gone.
    expect(signOut).toHaveBeenCalled();
    expect(resetToken("email")).toBeNull();
  });

  it.each([
    ["USED", "이미 사용한 링크입니다"],
    ["EXPIRED", "만료된 링크입니다"],
  ])("explains a %s link and offers a new one", async (status, title) => {
    renderPage(ResetPage, "/password/reset/email?token=old", {
      fetch: { "POST /membership/v1/password/reset/check": { status, email: null, expiresAt: VALID.expiresAt } },
    });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole("link", { name: "새 링크 받기" }).getAttribute("href")).toBe("/password/find/email");
    expect(screen.queryByLabelText("새 비밀번호")).toBeNull();
  });

  it("explains a link used meanwhile when the reset is refused", async () => {
    let checks = 0;
    renderPage(ResetPage, "/password/reset/email?token=raced", {
      fetch: {
        "POST /membership/v1/password/reset/check": () => (++checks === 1 ? VALID : { ...VALID, status: "USED", email: null }),
        "POST /membership/v1/password/reset": refused(400, "104", "the reset link is not valid"),
      },
    });
    const password = await screen.findByLabelText("새 비밀번호");
    fireEvent.change(password, { target: { value: "Fresh-start-2027" } });
    fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: "Fresh-start-2027" } });
    fireEvent.click(screen.getByRole("button", { name: "비밀번호 바꾸기" }));
    expect(await screen.findByRole("heading", { level: 1, name: "이미 사용한 링크입니다" })).toBeTruthy();
  });

  it("without a token says the link does not work", () => {
    renderPage(ResetPage, "/password/reset/email", { fetch: {} });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("쓸 수 없는 링크입니다");
  });
});

describe("/password/find/phone", () => {
  it("turns the completed certification into a reset token and goes on to the reset", async () => {
    savePendingCertification({ certifyNo: "tmc_1", purpose: "password", returnTo: "/password/find/phone", completed: true });
    const { fetch, history } = renderPage(FindPhonePage, "/password/find/phone", {
      fetch: { "POST /membership/v1/password/find/phone": { token: "phone-tok", expiresInSeconds: 1800 } },
    });
    expect(screen.getByRole("status").textContent).toBe("본인인증 결과로 계정을 찾고 있습니다…");
    await waitFor(() => expect(history.at(-1)).toBe("/password/reset/phone"));
    expect(fetch.callsTo("/membership/v1/password/find/phone")[0].body).toEqual({ certifyNo: "tmc_1" });
    expect(resetToken("phone")).toBe("phone-tok");
  });

  it("says a cancelled certification was cancelled and offers it again", () => {
    savePendingCertification({ certifyNo: "tmc_2", purpose: "password", returnTo: "/password/find/phone", failure: { code: "F0000", reason: "cancelled" } });
    renderPage(FindPhonePage, "/password/find/phone", { lang: "en", fetch: {} });
    expect(screen.getByRole("alert").textContent).toBe("You cancelled the certification. To find your password, please certify again.");
    expect(screen.getByRole("button", { name: "Certify again" })).toBeTruthy();
  });

  it("tells a person without a password account where to go", async () => {
    savePendingCertification({ certifyNo: "tmc_3", purpose: "password", returnTo: "/password/find/phone", completed: true });
    renderPage(FindPhonePage, "/password/find/phone", {
      fetch: { "POST /membership/v1/password/find/phone": refused(404, "2002", "user does not exist") },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("이 본인인증 정보로 가입한, 비밀번호로 로그인하는 계정이 없습니다.");
    expect(screen.getByRole("link", { name: "회원가입" }).getAttribute("href")).toBe("/member/join");
  });
});
