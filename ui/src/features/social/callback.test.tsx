import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveJoinFlow } from "../../lib/joinFlow";
import type { Session } from "../../lib/session";
import { refused, renderWithApp, Reply, sessionOf, type Routes } from "../../test/render";
import { resetSocialReturn } from "./callback";
import CallbackOauthPage from "./CallbackOauthPage";

const TOKEN = { authToken: "tok-1", channel: "local", type: "join", email: "s@join.test", name: "Sky", accountExists: false, expiresIn: 600 };

/** The browser at the provider's return address, with the flow this tab started. */
function returnTo(address: string, redirectUrl: string | null = null) {
  sessionStorage.setItem("tidemark.social", JSON.stringify({ channel: "local", type: "join", redirectUrl }));
  window.history.replaceState(null, "", address);
}

function guest(): Session & { reload: ReturnType<typeof vi.fn> } {
  return { ...sessionOf("guest"), reload: vi.fn(async () => undefined) } as Session & { reload: ReturnType<typeof vi.fn> };
}

function show(session: Session, routes: Routes) {
  return renderWithApp(<CallbackOauthPage />, { session, fetch: routes });
}

beforeEach(() => {
  sessionStorage.clear();
  resetSocialReturn();
});

afterEach(() => window.history.replaceState(null, "", "/"));

describe("/member/auth/callbackOauth (SPEC §4)", () => {
  it("shows 'query string error' for a return without its type, and calls nothing", async () => {
    returnTo("/member/auth/callbackOauth?code=abc&state=s1");
    const { fetch } = show(guest(), {});
    expect((await screen.findByRole("alert")).textContent).toBe("query string error");
    expect(fetch.calls).toEqual([]);
  });

  it("join: exchanges the code, joins with the terms agreed before leaving, and goes on to certify", async () => {
    returnTo("/member/auth/callbackOauth?type=join&code=c1&state=s1");
    saveJoinFlow({ terms: { service: true, privacy: true, marketing: false } });
    const session = guest();
    const replace = vi.spyOn(window.history, "replaceState");
    const { fetch } = show(session, {
      "POST /oauth/v1/social/token": TOKEN,
      "POST /membership/v1/join/social": { memberId: 4 },
    });
    await waitFor(() => expect(window.location.pathname).toBe("/member/join/profile"));
    // The type went from the address bar at once.
    expect(String(replace.mock.calls[0][2])).toBe("http://localhost:3000/member/auth/callbackOauth?code=c1&state=s1");
    expect(fetch.log()).toEqual(["POST /oauth/v1/social/token", "POST /membership/v1/join/social"]);
    expect(fetch.calls[0].body).toEqual({ channel: "local", code: "c1", state: "s1" });
    expect(fetch.calls[1].body).toEqual({ authToken: "tok-1", channel: "local", terms: { service: true, privacy: true, marketing: false } });
    expect(session.reload).toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem("tidemark.join") ?? "{}")).toMatchObject({ joined: { channel: "local" }, nickname: "Sky" });
  });

  it("signin with two-step sign-in on: the login page takes up the second step, with the saved address", async () => {
    returnTo("/member/auth/callbackOauth?type=signin&code=c3&state=s3", "/follow/list");
    const session = guest();
    const needed = { ticket: "t-7", methods: ["CODE", "RECOVERY_CODE"], expiresAt: new Date(Date.now() + 300_000).toISOString() };
    show(session, {
      "POST /oauth/v1/social/token": { ...TOKEN, accountExists: true },
      "POST /membership/v1/account/status": "ACTIVE",
      "POST /membership/v1/login": new Reply(401, { code: "2010", message: "the second step", data: needed }),
    });
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe("/member/login/email?redirectUrl=%2Ffollow%2Flist"));
    expect(JSON.parse(sessionStorage.getItem("tidemark.secondStep") ?? "null")).toEqual(needed);
    expect(sessionStorage.getItem("tidemark.social")).toBeNull();
    expect(session.reload).not.toHaveBeenCalled();
  });

  it("signin: the account status, then the login, then the saved address on this site only", async () => {
    for (const [redirectUrl, landing] of [
      ["/follow/list", "/follow/list"],
      ["//evil.example/x", "/"],
    ]) {
      sessionStorage.clear();
      resetSocialReturn();
      returnTo(`/member/auth/callbackOauth?type=signin&code=c2&state=s2`, redirectUrl);
      const session = guest();
      const { fetch, unmount } = show(session, {
        "POST /oauth/v1/social/token": { ...TOKEN, accountExists: true },
        "POST /membership/v1/account/status": "ACTIVE",
        "POST /membership/v1/login": { accessToken: null, refreshToken: null, autoLogin: "N" },
      });
      await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(landing));
      expect(fetch.log()).toEqual(["POST /oauth/v1/social/token", "POST /membership/v1/account/status", "POST /membership/v1/login"]);
      expect(fetch.calls[1].body).toMatchObject({ authToken: "tok-1", channel: "local", autoLogin: "N" });
      expect(session.reload).toHaveBeenCalled();
      expect(sessionStorage.getItem("tidemark.social")).toBeNull();
      unmount();
      fetch.calls.length = 0;
    }
  });

  it("signin with an identity that has no account (2002) goes on to join from the terms", async () => {
    returnTo("/member/auth/callbackOauth?type=signin&code=c3&state=s3");
    const { fetch } = show(guest(), {
      "POST /oauth/v1/social/token": TOKEN,
      "POST /membership/v1/account/status": refused(404, "2002", "user does not exist"),
    });
    await waitFor(() => expect(window.location.pathname).toBe("/member/join"));
    expect(fetch.callsTo("/membership/v1/login")).toHaveLength(0);
    // SPEC §3: code, authToken, channel and redirectUrl kept for the join.
    expect(JSON.parse(sessionStorage.getItem("tidemark.social") ?? "{}")).toMatchObject({ code: "c3", authToken: "tok-1", channel: "local" });
  });

  it("says a declined or expired sign-in for what it is", async () => {
    returnTo("/member/auth/callbackOauth?type=join&error=access_denied&state=s4");
    const declined = show(guest(), {});
    expect((await screen.findByRole("alert")).textContent).toContain("테스트 로그인을 취소했습니다");
    declined.unmount();
    resetSocialReturn();
    returnTo("/member/auth/callbackOauth?type=join&code=c5&state=s5");
    show(guest(), { "POST /oauth/v1/social/token": refused(400, "104", "this sign-in is not valid any more") });
    expect((await screen.findByRole("alert")).textContent).toContain("만료되었거나 이미 사용되었습니다");
  });
});
