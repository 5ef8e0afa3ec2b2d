import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { matchRoute } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { I18nProvider } from "../../lib/i18n";
import CollectionPage from "./CollectionPage";

vi.mock("../../lib/session", () => ({ useSession: () => ({ ready: true, member: null, signedIn: false, user: null }) }));

const CARD = {
  postSeq: 9,
  title: "첫 번째 글",
  summary: "",
  categoryId: 1,
  coverUrl: null,
  business: { id: 3, name: "가온커머스", logoUrl: null, verified: false },
  tags: [],
  isReport: false,
  seriesOrder: null,
  publishedAt: "2026-11-22T15:30:00Z",
  viewCount: 1,
  bookmarkCount: 0,
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
}

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error instanceof AppError) return <p>caught {error.status}</p>;
    return error ? <p>other error</p> : this.props.children;
  }
}

function renderCollection(lang: "ko" | "en") {
  const route = matchRoute("/post/recommend/list/4")!;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider lang={lang}>
      <QueryClientProvider client={client}>
        <Catch>
          <CollectionPage route={route} />
        </Catch>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("CollectionPage", () => {
  it("titles the collection in the reader's language and lists its posts in order", async () => {
    answer(200, { code: "0", message: "success", data: { id: 4, titleKo: "이번 주 추천", titleEn: "Picks of the week", items: [CARD], nextCursor: null } });
    renderCollection("en");
    expect(await screen.findByRole("heading", { level: 1, name: "Picks of the week" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "첫 번째 글" })).toBeTruthy();
    expect(String(vi.mocked(fetch).mock.calls[0][0])).toBe("/api/v1/recommendations/4?size=20");
  });

  it("throws a 404 AppError for a collection that does not exist", async () => {
    answer(404, { code: "101", message: "no such collection", data: null });
    renderCollection("ko");
    expect(await screen.findByText("caught 404")).toBeTruthy();
  });
});
