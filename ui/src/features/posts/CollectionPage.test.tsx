import { screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { card, inertIntersectionObserver, refused, renderWithApp, routeAt, type Answer } from "../../test/render";
import CollectionPage from "./CollectionPage";

const CARD = card({ postSeq: 9, title: "첫 번째 글", summary: "", viewCount: 1, bookmarkCount: 0 });

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

function renderCollection(lang: Lang, answer: Answer) {
  return renderWithApp(
    <Catch>
      <CollectionPage route={routeAt("/post/recommend/list/4")} />
    </Catch>,
    { lang, fetch: { "GET /api/v1/recommendations/4": answer } },
  );
}

beforeEach(() => {
  inertIntersectionObserver();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("CollectionPage", () => {
  it("titles the collection in the reader's language and lists its posts in order", async () => {
    const { fetch } = renderCollection("en", { id: 4, titleKo: "이번 주 추천", titleEn: "Picks of the week", items: [CARD], nextCursor: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Picks of the week" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "첫 번째 글" })).toBeTruthy();
    expect(fetch.log()).toEqual(["GET /api/v1/recommendations/4?size=20"]);
  });

  it("throws a 404 AppError for a collection that does not exist", async () => {
    renderCollection("ko", refused(404, "101", "no such collection"));
    expect(await screen.findByText("caught 404")).toBeTruthy();
  });
});
