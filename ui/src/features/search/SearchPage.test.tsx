import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage, type Routes } from "../../test/render";
import { recentSearches } from "./recentSearches";
import SearchPage from "./SearchPage";

const SEARCH_API: Routes = {
  "GET /api/v1/search": { items: [], nextCursor: null, total: 0 },
  "GET /api/v1/search/suggestions": ({ url }) => ({
    items: url.searchParams.get("mode") === "Related" ? [{ text: "디지털마케팅", kind: "query" }, { text: "브랜딩", kind: "tag" }] : [],
  }),
  "GET /api/v1/search/popular": { items: [{ query: "마케팅", count: 12 }, { query: "핀테크", count: 8 }], period: "today" },
};

function renderAt(address: string) {
  return renderPage(SearchPage, address, { fetch: SEARCH_API });
}

afterEach(() => {
  recentSearches().clear();
});

describe("SearchPage", () => {
  it("keeps the keyword and the other parameters in the tabs, the sort and the related chips", async () => {
    renderAt("/search/contents?keyword=%EB%A7%88%EC%BC%80%ED%8C%85&sort=LATEST&from=home");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("‘마케팅’ 검색 결과");
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("마케팅");

    const tabs = within(screen.getByRole("navigation", { name: "검색 대상" }));
    expect(tabs.getByRole("link", { name: "콘텐츠" }).getAttribute("aria-current")).toBe("page");
    const business = new URL(tabs.getByRole("link", { name: "기업" }).getAttribute("href")!, "http://x");
    expect(business.pathname).toBe("/search/business");
    expect(Object.fromEntries(business.searchParams)).toEqual({ keyword: "마케팅", sort: "LATEST", from: "home" });

    const popular = new URL(screen.getByRole("link", { name: "인기순" }).getAttribute("href")!, "http://x");
    expect(popular.pathname).toBe("/search/contents");
    expect(Object.fromEntries(popular.searchParams)).toEqual({ keyword: "마케팅", sort: "POPULAR", from: "home" });
    expect(screen.getByRole("link", { name: "최신순" }).getAttribute("aria-current")).toBe("page");

    const chip = await screen.findByRole("link", { name: "디지털마케팅" });
    expect(new URL(chip.getAttribute("href")!, "http://x").searchParams.get("keyword")).toBe("디지털마케팅");
    expect(await screen.findByText("‘마케팅’에 대한 검색 결과가 없습니다.")).toBeTruthy();
    expect(recentSearches().list()).toEqual(["마케팅"]);
  });

  it("puts a submitted keyword in the address, keeping the sort", () => {
    const { history } = renderAt("/search?sort=LATEST");
    const field = screen.getByRole("combobox");
    fireEvent.change(field, { target: { value: "핀테크 " } });
    fireEvent.submit(field.closest("form")!);
    expect(history.at(-1)).toBe("/search?sort=LATEST&keyword=%ED%95%80%ED%85%8C%ED%81%AC");
  });

  it("without a keyword shows the popular searches ranked and the recent ones, removable", async () => {
    recentSearches().add("클라우드");
    recentSearches().add("보안");
    renderAt("/search?sort=POPULAR");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("검색");
    const popular = within(screen.getByRole("region", { name: "오늘의 인기 검색어" }));
    expect((await popular.findAllByRole("listitem")).map((item) => item.textContent)).toEqual(["1마케팅", "2핀테크"]);

    const recent = within(screen.getByRole("region", { name: "최근 검색어" }));
    expect(recent.getAllByRole("link").map((link) => link.textContent)).toEqual(["보안", "클라우드"]);
    fireEvent.click(recent.getByRole("button", { name: "‘보안’ 삭제" }));
    expect(recent.getAllByRole("link").map((link) => link.textContent)).toEqual(["클라우드"]);
    fireEvent.click(recent.getByRole("button", { name: "전체 삭제" }));
    expect(recent.queryAllByRole("link")).toHaveLength(0);
    expect(recent.getByText("최근 검색한 기록이 없습니다.")).toBeTruthy();
  });
});
