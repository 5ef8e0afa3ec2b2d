import { screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { member, refused, renderWithApp, type Routes } from "../test/render";
import { useSession } from "./session";

const PROFILE = member({ memberId: 7, nickname: "읽는사람", identityId: "tm-7", birthday: "1990-04-01", interests: [1, 2] });

/** The app's own session around `ui`, the server answering `routes`; the calls it made. */
function start(ui: ReactNode, routes: Routes) {
  return renderWithApp(ui, { session: "live", fetch: routes }).fetch;
}

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
  clearCookies();
});

describe("the session's start (SPEC §4)", () => {
  it("gives a new visitor a guest id and no profile lookup", async () => {
    const server = start(<Probe />, {
      "POST /oauth/v1/guest/token": () => {
        document.cookie = "tma_id=guest-1; path=/";
        return { sessionId: "guest-1" };
      },
    });
    await screen.findByText("guest");
    expect(server.log()).toEqual(["POST /oauth/v1/guest/token"]);
  });

  it("keeps an existing guest id", async () => {
    document.cookie = "tma_id=guest-9; path=/";
    const server = start(<Probe />, {});
    await screen.findByText("guest");
    expect(server.calls).toEqual([]);
  });

  it("checks the tokens, then reads the profile, for a visitor with a session", async () => {
    document.cookie = "tml=N; path=/";
    const server = start(<Probe />, {
      "POST /oauth/v1/token/check": { accessToken: null, refreshToken: null },
      "GET /oauth/v1/token/profile": PROFILE,
    });
    await screen.findByText("member 읽는사람 1990 f");
    expect(server.log()).toEqual(["POST /oauth/v1/token/check", "GET /oauth/v1/token/profile"]);
  });

  it("skips the token check when one ran less than 10 minutes ago", async () => {
    document.cookie = "tml=N; path=/";
    localStorage.setItem("tidemark.tokenCheckAt", String(Date.now() - 9 * 60_000));
    const server = start(<Probe />, { "GET /oauth/v1/token/profile": PROFILE });
    await screen.findByText(/^member/);
    expect(server.log()).toEqual(["GET /oauth/v1/token/profile"]);
  });

  it("a refused token check ends the session and the visitor becomes a guest", async () => {
    document.cookie = "tml=N; path=/";
    const server = start(<Probe />, {
      "POST /oauth/v1/token/check": refused(401, "1003", "no session"),
      "POST /oauth/v1/guest/token": { sessionId: "guest-2" },
      "GET /oauth/v1/token/profile": PROFILE,
    });
    await screen.findByText("guest");
    expect(server.log()).toEqual(["POST /oauth/v1/token/check", "POST /oauth/v1/guest/token"]);
  });

  it("a failed profile lookup yields no user", async () => {
    document.cookie = "tml=N; path=/";
    document.cookie = "tma_id=guest-3; path=/";
    start(<Probe />, {
      "POST /oauth/v1/token/check": {},
      "GET /oauth/v1/token/profile": refused(500, "999", "boom"),
    });
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
    const server = start(<SignIn email="reader@tidemark.test" />, {
      "POST /membership/v1/account/status": { status: "ACTIVE" },
      "POST /membership/v1/login": { accessToken: "a", refreshToken: "r", autoLogin: "N" },
      "GET /oauth/v1/token/profile": PROFILE,
    });
    await screen.findByText("guest");
    screen.getByRole("button", { name: "go" }).click();
    await screen.findByText(/^member/);
    expect(server.log()).toEqual(["POST /membership/v1/account/status", "POST /membership/v1/login", "GET /oauth/v1/token/profile"]);
    const body = server.calls[1].body as Record<string, unknown>;
    expect(body).toMatchObject({ email: "reader@tidemark.test", autoLogin: "N" });
    expect(body.deviceType).toBeTruthy();
    expect(body.deviceId).toBeTruthy();
  });

  it("does not log in when the account status refuses (2002)", async () => {
    document.cookie = "tma_id=guest-5; path=/";
    const server = start(<SignIn email="nobody@tidemark.test" />, {
      "POST /membership/v1/account/status": refused(404, "2002", "user does not exist"),
    });
    await screen.findByText("guest");
    screen.getByRole("button", { name: "go" }).click();
    await waitFor(() => expect(document.title).toBe("user does not exist"));
    expect(server.log()).toEqual(["POST /membership/v1/account/status"]);
  });
});
