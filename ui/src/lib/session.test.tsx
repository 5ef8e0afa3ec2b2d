import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "./session";

const PROFILE = {
  memberId: 7,
  email: "reader@tidemark.test",
  nickname: "읽는사람",
  userAuthName: "USER",
  businessId: null,
  channel: "EMAIL",
  identityId: "tm-7",
  certified: true,
  birthday: "1990-04-01",
  gender: "F",
  interests: [1, 2],
};

type Route = (url: string, init: RequestInit) => { status: number; body: unknown };

/** A fetch that answers by path and records the calls. */
function server(route: Route) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = route(url, init);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

const ok = (data: unknown) => ({ status: 200, body: { code: "0", message: "success", data } });
const refused = (status: number, code: string, message: string) => ({ status, body: { code, message, data: null } });

function Probe() {
  const session = useSession();
  if (!session.ready) return <p>starting</p>;
  return <p>{session.member ? `member ${session.member.nickname} ${session.user?.birth} ${session.user?.gender}` : "guest"}</p>;
}

function clearCookies() {
  for (const name of ["tml", "tma_id"]) document.cookie = `${name}=; max-age=0; path=/`;
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe("the session's start (SPEC §4)", () => {
  it("gives a new visitor a guest id and no profile lookup", async () => {
    const calls = server((url) => {
      if (url === "/oauth/v1/guest/token") {
        document.cookie = "tma_id=guest-1; path=/";
        return ok({ sessionId: "guest-1" });
      }
      return refused(404, "101", "no");
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("guest");
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["POST /oauth/v1/guest/token"]);
  });

  it("keeps an existing guest id", async () => {
    document.cookie = "tma_id=guest-9; path=/";
    const calls = server(() => refused(500, "999", "unexpected"));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("guest");
    expect(calls).toEqual([]);
  });

  it("checks the tokens, then reads the profile, for a visitor with a session", async () => {
    document.cookie = "tml=N; path=/";
    const calls = server((url) => {
      if (url === "/oauth/v1/token/check") return ok({ accessToken: null, refreshToken: null });
      if (url === "/oauth/v1/token/profile") return ok(PROFILE);
      return refused(404, "101", "no");
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("member 읽는사람 1990 f");
    expect(calls.map((call) => call.url)).toEqual(["/oauth/v1/token/check", "/oauth/v1/token/profile"]);
  });

  it("skips the token check when one ran less than 10 minutes ago", async () => {
    document.cookie = "tml=N; path=/";
    localStorage.setItem("tidemark.tokenCheckAt", String(Date.now() - 9 * 60_000));
    const calls = server((url) => (url === "/oauth/v1/token/profile" ? ok(PROFILE) : refused(404, "101", "no")));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText(/^member/);
    expect(calls.map((call) => call.url)).toEqual(["/oauth/v1/token/profile"]);
  });

  it("a refused token check ends the session and the visitor becomes a guest", async () => {
    document.cookie = "tml=N; path=/";
    const calls = server((url) => {
      if (url === "/oauth/v1/token/check") return refused(401, "1003", "no session");
      if (url === "/oauth/v1/guest/token") return ok({ sessionId: "guest-2" });
      return ok(PROFILE);
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("guest");
    expect(calls.map((call) => call.url)).toEqual(["/oauth/v1/token/check", "/oauth/v1/guest/token"]);
  });

  it("a failed profile lookup yields no user", async () => {
    document.cookie = "tml=N; path=/";
    document.cookie = "tma_id=guest-3; path=/";
    server((url) => (url === "/oauth/v1/token/check" ? ok({}) : refused(500, "999", "boom")));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("guest");
  });
});

describe("signing in (SPEC §5)", () => {
  function SignIn({ email }: { email: string }) {
    const session = useSession();
    return (
      <>
        <Probe />
        <button type="button" onClick={() => void session.signIn(email, "Demo-pass-2026", false).catch((e: Error) => (document.title = e.message))}>
          go
        </button>
      </>
    );
  }

  it("asks the account status first and signs in only on code 0", async () => {
    document.cookie = "tma_id=guest-4; path=/";
    const calls = server((url) => {
      if (url === "/membership/v1/account/status") return ok({ status: "ACTIVE" });
      if (url === "/membership/v1/login") return ok({ accessToken: "a", refreshToken: "r", autoLogin: "N" });
      if (url === "/oauth/v1/token/profile") return ok(PROFILE);
      return refused(404, "101", "no");
    });
    render(
      <SessionProvider>
        <SignIn email="reader@tidemark.test" />
      </SessionProvider>,
    );
    await screen.findByText("guest");
    screen.getByRole("button", { name: "go" }).click();
    await screen.findByText(/^member/);
    expect(calls.map((call) => call.url)).toEqual(["/membership/v1/account/status", "/membership/v1/login", "/oauth/v1/token/profile"]);
    const body = calls[1].body as Record<string, unknown>;
    expect(body).toMatchObject({ email: "reader@tidemark.test", autoLogin: "N" });
    expect(body.deviceType).toBeTruthy();
    expect(body.deviceId).toBeTruthy();
  });

  it("does not log in when the account status refuses (2002)", async () => {
    document.cookie = "tma_id=guest-5; path=/";
    const calls = server((url) => (url === "/membership/v1/account/status" ? refused(404, "2002", "user does not exist") : ok(null)));
    render(
      <SessionProvider>
        <SignIn email="nobody@tidemark.test" />
      </SessionProvider>,
    );
    await screen.findByText("guest");
    screen.getByRole("button", { name: "go" }).click();
    await waitFor(() => expect(document.title).toBe("user does not exist"));
    expect(calls.map((call) => call.url)).toEqual(["/membership/v1/account/status"]);
  });
});
