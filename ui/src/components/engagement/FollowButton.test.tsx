import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Member } from "../../lib/session";
import { deferred, member, refused, renderWithApp, sessionRoutes, type AppOptions, type Routes } from "../../test/render";
import { BookmarkButton } from "./BookmarkButton";
import { FollowButton } from "./FollowButton";

const MEMBER = member();

/** The app's own session (a member once the test sets `tml`, else a guest) and the test's calls. */
function withSession(routes: Routes = {}, signedIn: Member | null = null): AppOptions {
  return { session: "live", fetch: { ...sessionRoutes(signedIn), ...routes } };
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
  document.cookie = "tml=; max-age=0";
  document.cookie = "tma_id=; max-age=0";
});

describe("FollowButton", () => {
  it("is a toggle button with the follower count abbreviated by the core", async () => {
    renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 1234 }} source="Follow_Content" />, withSession());
    await sessionReady();
    const button = followButton();
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.textContent).toContain("1.2k");
  });

  it("shows the follow at once, then the server's count, and pushes the data-layer event", async () => {
    document.cookie = "tml=Y";
    const put = deferred();
    const { fetch } = renderWithApp(
      <FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_Content" />,
      withSession({ "PUT /api/v1/follows/3": () => put.promise }, MEMBER),
    );
    await sessionReady();

    fireEvent.click(followButton());
    // Optimistic: pressed and counted before the server answers.
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("true"));
    expect(followButton().textContent).toContain("11");
    expect(followButton().getAttribute("aria-busy")).toBe("true");
    expect(fetch.callsTo("/api/v1/follows/3")[0]?.init.body).toBe(JSON.stringify({ source: "Follow_Content" }));

    await act(async () => put.release({ businessId: 3, following: true, followerCount: 42 }));
    await waitFor(() => expect(followButton().textContent).toContain("42"));
    expect(followButton().getAttribute("aria-pressed")).toBe("true");
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Follow_Content" }));
  });

  it("puts back what was shown when the call fails", async () => {
    document.cookie = "tml=Y";
    const put = deferred();
    renderWithApp(
      <FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_CorpProfile" screen="CORP_PROFILE" />,
      withSession({ "PUT /api/v1/follows/3": () => put.promise }, MEMBER),
    );
    await sessionReady();

    fireEvent.click(followButton());
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("true"));
    await act(async () => put.release(refused(500, "999")));
    await waitFor(() => expect(followButton().getAttribute("aria-pressed")).toBe("false"));
    expect(followButton().textContent).toContain("10");
    expect(window.dataLayer).toEqual([]);
  });

  it("unfollows with DELETE and no body", async () => {
    document.cookie = "tml=Y";
    const { fetch } = renderWithApp(
      <FollowButton businessId={3} initial={{ on: true, count: 10 }} source="Follow_Content" />,
      withSession({ "DELETE /api/v1/follows/3": { businessId: 3, following: false, followerCount: 9 } }, MEMBER),
    );
    await sessionReady();
    fireEvent.click(followButton());
    await waitFor(() => expect(followButton().textContent).toContain("9"));
    expect(followButton().getAttribute("aria-pressed")).toBe("false");
    expect(fetch.callsTo("/api/v1/follows/3")[0]?.init.body).toBeUndefined();
    // Unfollowing is not a follow event.
    expect(window.dataLayer).toEqual([]);
  });

  it("sends a guest to the login page, coming back to this address", async () => {
    const { fetch } = renderWithApp(<FollowButton businessId={3} initial={{ on: false, count: 10 }} source="Follow_Content" />, withSession());
    await sessionReady();
    fireEvent.click(followButton());
    expect(window.location.pathname).toBe("/member/login");
    expect(new URLSearchParams(window.location.search).get("redirectUrl")).toBe("/post/7?from=home");
    expect(fetch.callsTo("/api/v1/follows/3")).toEqual([]);
    expect(followButton().getAttribute("aria-pressed")).toBe("false");
  });
});

describe("BookmarkButton", () => {
  it("bookmarks with the source in the body and shows the server's count", async () => {
    document.cookie = "tml=Y";
    const { fetch } = renderWithApp(
      <BookmarkButton postSeq={7} initial={{ on: false, count: 5 }} source="Bookmark_Content" />,
      withSession({ "PUT /api/v1/bookmarks/7": { postSeq: 7, bookmarked: true, bookmarkCount: 6 } }, MEMBER),
    );
    const button = () => screen.getByRole("button", { name: /북마크/ });
    await waitFor(() => expect(button().getAttribute("aria-disabled")).toBeNull());
    fireEvent.click(button());
    await waitFor(() => expect(button().getAttribute("aria-busy")).toBeNull());
    expect(button().getAttribute("aria-pressed")).toBe("true");
    expect(button().textContent).toContain("6");
    expect(fetch.callsTo("/api/v1/bookmarks/7")[0]?.init.body).toBe(JSON.stringify({ source: "Bookmark_Content" }));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "Bookmark_Content" }));
  });
});
