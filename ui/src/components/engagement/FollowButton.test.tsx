import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../lib/i18n";
import { SessionProvider } from "../../lib/session";
import { BookmarkButton } from "./BookmarkButton";
import { FollowButton } from "./FollowButton";

const MEMBER = {
  memberId: 5,
  email: "reader@tidemark.test",
  nickname: "reader",
  userAuthName: "USER",
  businessId: null,
  channel: "EMAIL",
  identityId: "id-5",
  certified: true,
  birthday: "1990-01-01",
  gender: "F",
  interests: [],
};

type Handler = (path: string, init: RequestInit) => Promise<Response> | Response;

function envelope(data: unknown, status = 200, code = "0") {
  return new Response(JSON.stringify({ code, message: code === "0" ? "success" : "failed", data }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** fetch for the session's start (signed in when `signedIn`) plus the test's own calls. */
function stubFetch(signedIn: boolean, handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    if (path.startsWith("/oauth/v1/token/check")) return envelope({});
    if (path.startsWith("/oauth/v1/token/profile")) return signedIn ? envelope(MEMBER) : envelope(null, 401, "1003");
    if (path.startsWith("/oauth/v1/guest/token")) return envelope({ sessionId: "guest" });
    return handler(path, init);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nProvider lang="ko">
      <QueryClientProvider client={client}>
        <SessionProvider>{ui}</SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

function followButton() {
  return screen.getByRole("button", { name: /팔로우/ });
}

/** The session has started once the button no longer waits for it. */
async function sessionReady() {
  await waitFor(() => expect(followButton().getAttribute("aria-disabled")).toBeNull());
}

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
  window.history.replaceState(null, "", "/post/7?from=home");
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "tml=; max-age=0";
  document.cookie = "tma_id=; max-age=0";
});

describe("FollowButton", () => {
  it("is a toggle button with the follower count abbreviated by the core", async () => {
    stubFetch(false, () => envelope(null));
    renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 1234 }} source="Follow_Content" />);
    await sessionReady();
    const button = followButton();
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.textContent).toContain("1.2k");
  });

  it("shows the follow at once, then the server's count, and pushes the data-layer event", async () => {
    document.cookie = "tml=Y";
    const put = deferred();
    const fetch = stubFetch(true, (path, init) => {
      if (path === "/api/v1/follows/3" && init.method === "PUT") return put.promise;
      return envelope(null, 500, "999");
    });
    renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_Content" />);
    await sessionReady();

    fireEvent.click(followButton());
    // Optimistic: pressed and counted before the server answers.
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("true"));
    expect(followButton().textContent).toContain("11");
    expect(followButton().getAttribute("aria-busy")).toBe("true");
    const call = fetch.mock.calls.find(([path]) => String(path) === "/api/v1/follows/3");
    expect(call?.[1]?.body).toBe(JSON.stringify({ source: "Follow_Content" }));

    await act(async () => put.release(envelope({ businessId: 3, following: true, followerCount: 42 })));
    await waitFor(() => expect(followButton().textContent).toContain("42"));
    expect(followButton().getAttribute("aria-pressed")).toBe("true");
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Follow_Content" }));
  });

  it("puts back what was shown when the call fails", async () => {
    document.cookie = "tml=Y";
    const put = deferred();
    stubFetch(true, (path, init) => (path === "/api/v1/follows/3" && init.method === "PUT" ? put.promise : envelope(null, 500, "999")));
    renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_CorpProfile" screen="CORP_PROFILE" />);
    await sessionReady();

    fireEvent.click(followButton());
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("true"));
    await act(async () => put.release(envelope(null, 500, "999")));
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("false"));
    expect(followButton().textContent).toContain("10");
    expect(window.dataLayer).toEqual([]);
  });

  it("unfollows with DELETE and no body", async () => {
    document.cookie = "tml=Y";
    const fetch = stubFetch(true, (path, init) =>
      path === "/api/v1/follows/3" && init.method === "DELETE" ? envelope({ businessId: 3, following: false, followerCount: 9 }) : envelope(null, 500, "999"),
    );
    renderWithApp(<FollowButton businessId={3} initial={{ on: true, count: 10 }} source="Follow_Content" />);
    await sessionReady();
    fireEvent.click(followButton());
    await waitFor(() => expect(followButton().textContent).toContain("9"));
    expect(followButton().getAttribute("aria-pressed")).toBe("false");
    const call = fetch.mock.calls.find(([path]) => String(path) === "/api/v1/follows/3");
    expect(call?.[1]?.body).toBeUndefined();
    // Unfollowing is not a follow event.
    expect(window.dataLayer).toEqual([]);
  });

  it("sends a guest to the login page, coming back to this address", async () => {
    const fetch = stubFetch(false, () => envelope(null));
    renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_Content" />);
    await sessionReady();
    fireEvent.click(followButton());
    expect(window.location.pathname).toBe("/member/login");
    expect(new URLSearchParams(window.location.search).get("redirectUrl")).toBe("/post/7?from=home");
    expect(fetch.mock.calls.some(([path]) => String(path).startsWith("/api/v1/follows"))).toBe(false);
    expect(followButton().getAttribute("aria-pressed")).toBe("false");
  });
});

describe("BookmarkButton", () => {
  it("bookmarks with the source in the body and shows the server's count", async () => {
    document.cookie = "tml=Y";
    const fetch = stubFetch(true, (path, init) =>
      path === "/api/v1/bookmarks/7" && init.method === "PUT" ? envelope({ postSeq: 7, bookmarked: true, bookmarkCount: 6 }) : envelope(null, 500, "999"),
    );
    renderWithApp(<BookmarkButton postSeq={7} initial={{ on: false, count: 5 }} source="Bookmark_Content" />);
    const button = () => screen.getByRole("button", { name: /북마크/ });
    await waitFor(() => expect(button().getAttribute("aria-disabled")).toBeNull());
    fireEvent.click(button());
    await waitFor(() => expect(button().getAttribute("aria-busy")).toBeNull());
    expect(button().getAttribute("aria-pressed")).toBe("true");
    expect(button().textContent).toContain("6");
    const call = fetch.mock.calls.find(([path]) => String(path) === "/api/v1/bookmarks/7");
    expect(call?.[1]?.body).toBe(JSON.stringify({ source: "Bookmark_Content" }));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Bookmark_Content" }));
  });
});
