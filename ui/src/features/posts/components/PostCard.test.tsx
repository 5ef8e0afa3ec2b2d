import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../lib/i18n";
import type { Card } from "../api";
import { PostCard } from "./PostCard";

const card: Card = {
  postSeq: 7,
  title: "디지털 마케팅 전략",
  summary: "요약",
  categoryId: 2,
  coverUrl: null,
  business: { id: 3, name: "가온커머스", logoUrl: null, verified: true },
  tags: [],
  isReport: false,
  seriesOrder: null,
  publishedAt: "2026-11-22T15:30:00Z",
  viewCount: 1234,
  bookmarkCount: 5,
};

describe("PostCard", () => {
  it("links the post and its business, with the category, KST date and counts from the core", () => {
    render(
      <I18nProvider lang="ko">
        <PostCard card={card} />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading", { name: "디지털 마케팅 전략" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /디지털 마케팅 전략/ }).getAttribute("href")).toBe("/post/7");
    expect(screen.getByRole("link", { name: /가온커머스/ }).getAttribute("href")).toBe("/business/profile/3");
    expect(screen.getByText("성공 사례")).toBeTruthy();
    expect(screen.getByText("조회수 1.2k")).toBeTruthy();
    expect(screen.getByText("북마크 5")).toBeTruthy();
    expect(screen.getByLabelText("인증된 기업")).toBeTruthy();
  });
});
