import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { BookmarkButton } from "../components/engagement/BookmarkButton";
import { FollowButton } from "../components/engagement/FollowButton";
import { deferred, member, renderWithApp, sessionOf, sessionRoutes } from "../test/render";
import { useMyTies } from "./myState";

/** A post page's two toggles as the page makes them: the guest's answer from its data, the
 * reader's from their state. */
function Ties({ guestFollows = false }: { guestFollows?: boolean }) {
  const mine = useMyTies([7], [3]);
  return (
    <>
      <FollowButton businessId={3} initial={{ on: mine.following(3, guestFollows), count: 21 }} source="Follow_Content" />
      <BookmarkButton postSeq={7} initial={{ on: mine.bookmarked(7, false), count: 4 }} source="Bookmark_Content" />
    </>
  );
}

const follow = () => screen.getByRole("button", { name: /팔로우/ });
const bookmark = () => screen.getByRole("button", { name: /북마크/ });

/** The tab is shown again, as the browser says it (jsdom's document is never visible). */
async function showTabAgain() {
  const visibility = Object.getOwnPropertyDescriptor(Document.prototype, "visibilityState");
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  await act(async () => {
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
  if (visibility) Object.defineProperty(document, "visibilityState", visibility);
}

afterEach(() => {
  document.cookie = "tml=; max-age=0";
});

describe("the reader's ties on a page", () => {
  it("shows a signed-in reader's follow as pending, not the guest's answer, and takes no click until their state answers", async () => {
    document.cookie = "tml=Y";
    const state = deferred();
    const { fetch } = renderWithApp(<Ties />, {
      session: "live",
      fetch: { ...sessionRoutes(member()), "GET /api/v1/me/state": () => state.promise },
    });
    await waitFor(() => expect(fetch.callsTo("/api/v1/me/state")).toHaveLength(1));
    for (const button of [follow(), bookmark()]) {
      expect(button.getAttribute("aria-pressed")).toBeNull();
      expect(button.getAttribute("aria-busy")).toBe("true");
      expect(button.getAttribute("aria-disabled")).toBe("true");
      expect(button.textContent).not.toMatch(/[+✓]/);
      expect(button.textContent).toContain("…");
    }
    // The click a busy page would have turned into an unfollow goes nowhere.
    fireEvent.click(follow());
    fireEvent.click(bookmark());
    expect(fetch.callsTo("/api/v1/follows/3")).toEqual([]);
    expect(fetch.callsTo("/api/v1/bookmarks/7")).toEqual([]);

    await act(async () => state.release({ bookmarked: [], following: [3] }));
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("true"));
    expect(follow().textContent).toContain("✓");
    expect(bookmark().textContent).not.toContain("…");
    expect(follow().getAttribute("aria-disabled")).toBeNull();
    expect(bookmark().getAttribute("aria-pressed")).toBe("false");
  });

  it("gives a guest the page's own answer", async () => {
    renderWithApp(<Ties guestFollows />, { session: sessionOf("guest") });
    expect(follow().getAttribute("aria-pressed")).toBe("true");
    expect(bookmark().getAttribute("aria-pressed")).toBe("false");
    expect(follow().getAttribute("aria-busy")).toBeNull();
  });

  it("asks the reader's state again when the tab is shown again, however fresh the answer it has", async () => {
    document.cookie = "tml=Y";
    let following = [3];
    const { fetch } = renderWithApp(<Ties />, {
      session: "live",
      fetch: { ...sessionRoutes(member()), "GET /api/v1/me/state": () => ({ bookmarked: [], following }) },
    });
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("true"));
    // Another tab stops following; this one is shown again a moment later.
    following = [];
    await showTabAgain();
    await waitFor(() => expect(fetch.callsTo("/api/v1/me/state")).toHaveLength(2));
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("false"));
  });

  it("shows what another tab did after this tab's own click, once the tab is shown again", async () => {
    document.cookie = "tml=Y";
    let following: number[] = [];
    const { fetch } = renderWithApp(<Ties />, {
      session: "live",
      fetch: {
        ...sessionRoutes(member()),
        "GET /api/v1/me/state": () => ({ bookmarked: [], following }),
        "PUT /api/v1/follows/3": () => {
          following = [3];
          return { businessId: 3, following: true, followerCount: 22 };
        },
      },
    });
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("false"));
    fireEvent.click(follow());
    await waitFor(() => expect(fetch.callsTo("/api/v1/me/state").length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("true"));
    expect(follow().textContent).toContain("22");
    // Another tab stops following: this tab's click no longer speaks once it is shown again.
    following = [];
    await showTabAgain();
    await waitFor(() => expect(follow().getAttribute("aria-pressed")).toBe("false"));
  });

  it("asks the reader's state again when a page shows it again, though the tab came back while another page was in sight", async () => {
    document.cookie = "tml=Y";
    let bookmarked: number[] = [];
    function Pages() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(!shown)}>
            switch
          </button>
          {shown ? <Ties /> : <p>another page</p>}
        </>
      );
    }
    const { fetch } = renderWithApp(<Pages />, {
      session: "live",
      fetch: { ...sessionRoutes(member()), "GET /api/v1/me/state": () => ({ bookmarked, following: [] }) },
    });
    await waitFor(() => expect(bookmark().getAttribute("aria-pressed")).toBe("false"));
    // Away on another page, another tab bookmarks the post; this tab comes back there.
    fireEvent.click(screen.getByRole("button", { name: "switch" }));
    bookmarked = [7];
    await showTabAgain();
    expect(fetch.callsTo("/api/v1/me/state")).toHaveLength(1);
    // Back on the page: asked again, and the button says what the server holds.
    fireEvent.click(screen.getByRole("button", { name: "switch" }));
    await waitFor(() => expect(fetch.callsTo("/api/v1/me/state")).toHaveLength(2));
    await waitFor(() => expect(bookmark().getAttribute("aria-pressed")).toBe("true"));
  });
});
