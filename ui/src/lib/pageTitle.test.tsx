// The document's title follows the address: a page's own name 10 ms after it names itself, the
// site's name where the page at the new address has not, and a kept page's name when it is
// shown again.
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageChanged, usePageTitle } from "./pageTitle";

function Named({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

function go(path: string) {
  window.history.pushState(null, "", path);
  pageChanged();
}

describe("usePageTitle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = "Tidemark";
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.pushState(null, "", "/");
  });

  it("writes the page's title after SPEC's 10 ms head delay", () => {
    go("/post/7");
    render(<Named title="클라우드 전환기" />);
    vi.advanceTimersByTime(9);
    expect(document.title).toBe("Tidemark");
    vi.advanceTimersByTime(1);
    expect(document.title).toBe("클라우드 전환기 · Tidemark");
  });

  it("never leaves the previous page's title on a page that has not named itself", () => {
    go("/post/8");
    const view = render(<Named title="첫 글" />);
    vi.advanceTimersByTime(10);
    expect(document.title).toBe("첫 글 · Tidemark");
    // A client-side navigation: the old page stays mounted a moment (a kept page stays for good).
    go("/search?sort=POPULAR");
    vi.advanceTimersByTime(10);
    expect(document.title).toBe("Tidemark");
    // A page still loading names nothing yet, then names itself.
    view.rerender(<Named title={null} />);
    vi.advanceTimersByTime(10);
    expect(document.title).toBe("Tidemark");
  });

  it("gives a page shown again at its address the title it named there", () => {
    go("/follow/list");
    render(<Named title="팔로잉 기업의 새 글" />);
    go("/post/9");
    render(<Named title="다른 글" />);
    vi.advanceTimersByTime(10);
    expect(document.title).toBe("다른 글 · Tidemark");
    go("/follow/list");
    vi.advanceTimersByTime(10);
    expect(document.title).toBe("팔로잉 기업의 새 글 · Tidemark");
  });
});
