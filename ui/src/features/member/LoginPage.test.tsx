import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { socialFlow } from "../../lib/social";
import { renderPage, sessionOf, type Routes } from "../../test/render";
import LoginPage from "./LoginPage";

const NO_SOCIAL: Routes = { "GET /oauth/v1/social/channels": { channels: [] } };

function guestWith(signIn: (email: string, password: string, keep: boolean) => Promise<void>) {
  return { ...sessionOf("guest"), signIn: vi.fn(signIn) };
}

afterEach(() => sessionStorage.clear());

describe("/member/login/email", () => {
  it("shows each problem beside its field with focus on the first, and keeps what was typed on a refusal", async () => {
    const session = guestWith(async () => {
      throw new ApiError(401, "1003", "wrong credentials");
    });
    renderPage(LoginPage, "/member/login/email", { session, lang: "en", fetch: NO_SOCIAL });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in");
    await waitFor(() => expect(document.title).toBe("Sign in · Tidemark"));
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect(email.getAttribute("autocomplete")).toBe("username");
    expect(password.getAttribute("autocomplete")).toBe("current-password");

    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("Enter your e-mail.");
    expect(document.getElementById(password.getAttribute("aria-describedby")!)?.textContent).toBe("Enter your password.");
    expect(session.signIn).not.toHaveBeenCalled();

    // The core's e-mail filter drops what an address cannot hold as it is typed.
    fireEvent.change(email, { target: { value: "reader @tidemark.test" } });
    expect(email.value).toBe("reader@tidemark.test");
    fireEvent.change(password, { target: { value: "not-the-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "The e-mail or the password is not right.");
    expect(session.signIn).toHaveBeenCalledWith("reader@tidemark.test", "not-the-password-1", false);
    expect(email.value).toBe("reader@tidemark.test");
    expect(password.value).toBe("not-the-password-1");
  });

  it("says how long to wait when sign-in attempts are limited", async () => {
    const session = guestWith(async () => {
      throw new ApiError(429, "429", "too many", 42);
    });
    renderPage(LoginPage, "/member/login/email", { session, fetch: NO_SOCIAL });
    fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "reader@tidemark.test" } });
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Demo-pass-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect((await screen.findByRole("alert")).textContent).toContain("42초");
  });

  it.each(["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example", "javascript%3Aalert(1)"])(
    "goes home, not to the hostile address %s, after signing in",
    async (hostile) => {
      const session = guestWith(async () => undefined);
      const { history } = renderPage(LoginPage, `/member/login/email?redirectUrl=${hostile}`, { session, fetch: NO_SOCIAL });
      fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "reader@tidemark.test" } });
      fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Demo-pass-2026" } });
      fireEvent.click(screen.getByRole("button", { name: "로그인" }));
      await waitFor(() => expect(history.at(-1)).toBe("/"));
    },
  );

  it("goes to the saved address on this site after signing in", async () => {
    const session = guestWith(async () => undefined);
    const { history } = renderPage(LoginPage, "/member/login/email?redirectUrl=%2Fmypage%3Ftab%3D1", { session, fetch: NO_SOCIAL });
    fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "reader@tidemark.test" } });
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Demo-pass-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage?tab=1"));
  });
});

describe("/member/login/email with two-step sign-in on", () => {
  const ticket = { ticket: "t-1", methods: ["CODE", "RECOVERY_CODE"], expiresAt: "2026-12-07T00:05:00Z" };

  it("asks for the app's code after the password, sends it with the ticket, and goes on", async () => {
    const finishSignIn = vi.fn(async () => undefined);
    const session = {
      ...guestWith(async () => {
        throw new ApiError(401, "2010", "enter the code", null, ticket);
      }),
      finishSignIn,
    };
    const { history } = renderPage(LoginPage, "/member/login/email?redirectUrl=%2Fadmin", { session, lang: "en", fetch: NO_SOCIAL });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "admin@tidemark.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Demo-pass-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeTruthy();
    const code = screen.getByLabelText("Code") as HTMLInputElement;
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(finishSignIn).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(history.at(-1)).toBe("/admin"));
    expect(finishSignIn).toHaveBeenCalledWith("t-1", { code: "123 456" });
  });

  it("takes up the second step a social account's sign-in asked for on the return page, once", async () => {
    const finishSignIn = vi.fn(async () => undefined);
    const pending = { ...ticket, ticket: "t-social", expiresAt: new Date(Date.now() + 300_000).toISOString() };
    sessionStorage.setItem("tidemark.secondStep", JSON.stringify(pending));
    const session = { ...guestWith(async () => undefined), finishSignIn };
    const { history } = renderPage(LoginPage, "/member/login/email?redirectUrl=%2Ffollow%2Flist", { session, lang: "en", fetch: NO_SOCIAL });
    expect(await screen.findByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem("tidemark.secondStep")).toBeNull());
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(history.at(-1)).toBe("/follow/list"));
    expect(finishSignIn).toHaveBeenCalledWith("t-social", { code: "654321" });
  });

  it("a kept second step whose ticket has run out is not shown", async () => {
    sessionStorage.setItem("tidemark.secondStep", JSON.stringify({ ...ticket, expiresAt: new Date(Date.now() - 1000).toISOString() }));
    renderPage(LoginPage, "/member/login/email", { session: guestWith(async () => undefined), lang: "en", fetch: NO_SOCIAL });
    expect(await screen.findByLabelText("E-mail")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeNull();
  });

  it("takes a recovery code instead, and says when a code is wrong or the sign-in timed out", async () => {
    const finishSignIn = vi
      .fn<(ticket: string, step: unknown) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(401, "1003", "the recovery code is not right, or it was used already"))
      .mockRejectedValueOnce(new ApiError(401, "1003", "the sign-in has expired: sign in again"));
    const session = {
      ...guestWith(async () => {
        throw new ApiError(401, "2010", "enter the code", null, ticket);
      }),
      finishSignIn,
    };
    renderPage(LoginPage, "/member/login/email", { session, lang: "en", fetch: NO_SOCIAL });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "admin@tidemark.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Demo-pass-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    fireEvent.click(await screen.findByRole("button", { name: "Can't use your app? Enter a recovery code" }));
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: "abcde-fghjk" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The recovery code is not right, or it was used already.");
    expect(finishSignIn).toHaveBeenLastCalledWith("t-1", { recoveryCode: "abcde-fghjk" });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The sign-in has timed out. Please sign in again."));
    fireEvent.click(screen.getByRole("button", { name: "Start signing in again" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
  });
});

describe("/member/login", () => {
  it("offers e-mail and each provider the site has, and starts a provider's sign-in with the saved address", async () => {
    const { fetch } = renderPage(LoginPage, "/member/login?redirectUrl=%2Fmypage", {
      lang: "en",
      fetch: {
        "GET /oauth/v1/social/channels": { channels: ["local", "kakao"] },
        "GET /oauth/v1/social/authorize": { authorizeUrl: "/oauth/local/authorize?state=s" },
      },
    });
    expect(screen.getByRole("link", { name: "Sign in with e-mail" }).getAttribute("href")).toBe("/member/login/email?redirectUrl=%2Fmypage");
    const providers = await screen.findByRole("list", { name: "Sign in with a social account" });
    expect([...providers.querySelectorAll("button")].map((button) => button.textContent)).toEqual([
      "Sign in with Kakao",
      "Sign in with a test account (development)",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Sign in with Kakao" }));
    await waitFor(() => expect(fetch.callsTo("/oauth/v1/social/authorize")).toHaveLength(1));
    const query = Object.fromEntries(fetch.callsTo("/oauth/v1/social/authorize")[0].url.searchParams);
    expect(query).toEqual({ channel: "kakao", type: "signin", redirectUrl: "/mypage" });
    await waitFor(() => expect(socialFlow()).toEqual({ channel: "kakao", type: "signin", redirectUrl: "/mypage" }));
  });
});

describe("/member/login with passkeys", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "credentials");
  });

  function passkeyBrowser(suggests = false) {
    vi.stubGlobal("PublicKeyCredential", {
      parseCreationOptionsFromJSON: () => ({}),
      parseRequestOptionsFromJSON: () => ({}),
      isConditionalMediationAvailable: async () => suggests,
    });
    Object.defineProperty(navigator, "credentials", { value: { create: vi.fn(), get: vi.fn() }, configurable: true });
  }

  it("offers no passkey where the browser has none", () => {
    renderPage(LoginPage, "/member/login", { lang: "en", fetch: NO_SOCIAL });
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
  });

  it("signs in with a passkey, nothing typed, and goes to the saved address", async () => {
    passkeyBrowser();
    const session = { ...sessionOf("guest"), signInWithPasskey: vi.fn(async () => undefined) };
    const { history } = renderPage(LoginPage, "/member/login?redirectUrl=%2Fmypage%2Fsecurity", { session, lang: "en", fetch: NO_SOCIAL });
    fireEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/security"));
    expect(session.signInWithPasskey).toHaveBeenCalledWith(false);
  });

  it("says nothing when the member closes the browser's dialog, and says why a passkey is refused", async () => {
    passkeyBrowser();
    const refusals = [new DOMException("closed", "NotAllowedError"), new ApiError(401, "401", "this passkey could not confirm it's you")];
    const session = {
      ...sessionOf("guest"),
      signInWithPasskey: vi.fn(async () => {
        throw refusals.shift();
      }),
    };
    renderPage(LoginPage, "/member/login", { session, lang: "en", fetch: NO_SOCIAL });
    const button = screen.getByRole("button", { name: "Sign in with a passkey" });
    fireEvent.click(button);
    await waitFor(() => expect(session.signInWithPasskey).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe("This passkey could not sign you in. Use another one or your password.");
  });

  it("offers the passkeys among the e-mail field's suggestions while the form is open, and stops asking when it goes", async () => {
    passkeyBrowser(true);
    let asked: AbortSignal | undefined;
    const session = {
      ...sessionOf("guest"),
      signInWithPasskey: vi.fn((_keep: boolean, options?: { conditional?: boolean; signal?: AbortSignal }) => {
        asked = options?.signal;
        return new Promise<void>(() => undefined);
      }),
    };
    const { unmount } = renderPage(LoginPage, "/member/login/email", { session, lang: "en", fetch: NO_SOCIAL });
    expect(screen.getByLabelText("E-mail").getAttribute("autocomplete")).toBe("username webauthn");
    await waitFor(() => expect(session.signInWithPasskey).toHaveBeenCalledWith(false, expect.objectContaining({ conditional: true })));
    expect(asked?.aborted).toBe(false);
    unmount();
    expect(asked?.aborted).toBe(true);
  });
});
