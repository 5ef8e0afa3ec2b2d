import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import SitePage from "./SitePage";

describe("SitePage", () => {
  it("/mobile/category lists the core's nine categories and the other ways in", () => {
    expect(renderPage(SitePage, "/mobile/category").route.name).toBe("mobileCategory");
    const categories = within(screen.getByTestId("menu-categories")).getAllByRole("link");
    expect(categories).toHaveLength(9);
    expect(categories[0].textContent).toBe("인사이트");
    expect(categories[0].getAttribute("href")).toMatch(/^\/post\/category\/list\/1\?sort=POPULAR&timestamp=\d+$/);
    // Notices carry no sort and no timestamp (PRODUCT "Categories").
    expect(categories[5].getAttribute("href")).toBe("/post/category/list/6");
    const browse = within(screen.getByRole("navigation", { name: "둘러보기" }));
    expect(browse.getByRole("link", { name: "리포트" }).getAttribute("href")).toBe("/post/report/list?sort=POPULAR");
    expect(browse.getByRole("link", { name: "인기 콘텐츠" }).getAttribute("href")).toBe("/post/popular/list?sort=POPULAR");
    expect(browse.getByRole("link", { name: "최신 콘텐츠" }).getAttribute("href")).toBe("/post/latest/list?sort=LATEST");
    expect(browse.getByRole("link", { name: "검색" }).getAttribute("href")).toBe("/search?sort=POPULAR");
    expect(browse.getByRole("link", { name: /관심/ }).getAttribute("href")).toBe("/interest");
  });

  it("/b2b leads to registering a business, in both languages", () => {
    expect(renderPage(SitePage, "/b2b", { lang: "en" }).route.name).toBe("b2b");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Where your company's stories meet their readers");
    const register = screen.getAllByRole("link", { name: "Register your business" });
    expect(register.length).toBe(2);
    for (const link of register) expect(link.getAttribute("href")).toBe("/mypage/business");
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toContain("Results you can measure");
    expect(screen.getByRole("heading", { name: "How it works" })).toBeTruthy();
  });
});
