// Search on the demo content, in real Chromium: suggestions while typing (prefixes, initial
// consonants), the keyboard, results of both targets, recent searches kept on the device,
// the sort redirect, and the page at phone, tablet and desktop widths.
import type { Page } from "@playwright/test";
import { demoContent, expect, screenshots, sidewaysOverflow, test } from "./support";

/** The search index is built after the demo content: wait until it finds something. */
async function searchIndex(page: Page) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/search?q=${encodeURIComponent("마케팅")}&size=1`);
        if (!response.ok()) return 0;
        return ((await response.json()) as { data: { items: unknown[] } }).data.items.length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(1);
}

test.use({ locale: "ko-KR" });
test.beforeEach(async ({ page }) => {
  await demoContent(page);
  await searchIndex(page);
});

/** The search field, empty and focused. */
async function field(page: Page, address = "/search?sort=POPULAR") {
  await page.goto(address);
  const box = page.getByRole("combobox", { name: "검색어" });
  await box.click();
  await box.fill("");
  return box;
}

test("typing 마케 suggests 마케팅 (mode Typing)", async ({ page }) => {
  const modes: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/v1/search/suggestions") modes.push(`${url.searchParams.get("mode")}:${url.searchParams.get("q")}`);
  });
  const box = await field(page);
  await box.pressSequentially("마케");
  const listbox = page.getByRole("listbox", { name: "추천 검색어" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option").filter({ hasText: "마케팅" }).first()).toBeVisible();
  // The raw text goes to the server, in mode Typing.
  expect(modes.at(-1)).toBe("Typing:마케");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${screenshots}/search-suggestions-360.png` });
});

test("initial consonants ㅁㅋㅌ suggest 마케팅", async ({ page }) => {
  const box = await field(page);
  await box.pressSequentially("ㅁㅋㅌ", { delay: 30 });
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options.filter({ hasText: "마케팅" }).first()).toBeVisible();
  // Escape closes the list.
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox")).toBeHidden();
});

test("ArrowDown and Enter pick a suggestion and show its results", async ({ page }) => {
  const box = await field(page);
  await box.pressSequentially("마케", { delay: 30 });
  const first = page.getByRole("listbox").getByRole("option").first();
  await expect(first).toBeVisible();
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await expect(first).toHaveAttribute("aria-selected", "true");
  const picked = (await first.locator(".search-suggestion-text").textContent())!;
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("keyword") === picked && url.searchParams.get("sort") === "POPULAR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`‘${picked}’ 검색 결과`);
  await expect(box).toHaveValue(picked);
  await expect(page.getByTestId("search-contents").locator("article").first()).toBeVisible();
  // The address is the search: back leaves it, forward brings it again.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("검색");
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`‘${picked}’ 검색 결과`);
});

test("results mark the keyword, page on scroll and switch sort keeping the keyword", async ({ page }) => {
  await page.goto(`/search/contents?keyword=${encodeURIComponent("마케팅")}&sort=POPULAR`);
  const cards = page.getByTestId("search-contents").locator("article");
  await expect(cards.first()).toBeVisible();
  // Matches in titles and summaries are marked (some posts match only in their body).
  await expect(page.getByTestId("search-contents").locator("mark").first()).toHaveText("마케팅");
  const total = Number((await page.request.get(`/api/v1/search?q=${encodeURIComponent("마케팅")}&size=1`).then((r) => r.json())).data.total);
  if (total > 20) {
    await expect(cards).toHaveCount(20);
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    // One wheel may bring the end into view more than once: at least one more page.
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(Math.min(total, 40));
  }
  await page.getByRole("link", { name: "최신순" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("keyword") === "마케팅" && url.searchParams.get("sort") === "LATEST");
  await expect(page.getByRole("link", { name: "최신순" })).toHaveAttribute("aria-current", "page");
  // The latest results have arrived (the list is not busy and shows cards again).
  await expect(page.locator(".search-results")).toHaveAttribute("aria-busy", "false");
  await expect(cards.first()).toBeVisible();
  const times = await cards.locator("time").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(0);
  expect([...times].sort().reverse()).toEqual(times);
});

test("the business tab lists businesses", async ({ page }) => {
  await page.goto(`/search?keyword=${encodeURIComponent("마케팅")}&sort=POPULAR`);
  await expect(page.getByTestId("search-contents").locator("article").first()).toBeVisible();
  await page.getByRole("navigation", { name: "검색 대상" }).getByRole("link", { name: "기업" }).click();
  await expect(page).toHaveURL(/\/search\/business\?/);
  const rows = page.getByTestId("search-businesses").getByRole("listitem");
  await expect(rows.filter({ hasText: "새솔마케팅" })).toHaveCount(1);
  const row = rows.filter({ hasText: "새솔마케팅" });
  await expect(row.getByRole("link")).toHaveAttribute("href", /^\/business\/profile\/\d+$/);
  await expect(row).toContainText("팔로워");
  await expect(row.locator("mark").first()).toHaveText("마케팅");
});

test("a search stays under recent searches after a reload and can be removed", async ({ page }) => {
  const box = await field(page);
  await box.fill("핀테크");
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("keyword") === "핀테크");
  await page.goto("/search?sort=POPULAR");
  await page.reload();
  const recent = page.getByRole("region", { name: "최근 검색어" });
  await expect(recent.getByRole("link", { name: "핀테크" })).toBeVisible();
  await recent.getByRole("button", { name: "‘핀테크’ 삭제" }).click();
  await expect(recent.getByRole("link", { name: "핀테크" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "최근 검색어" }).getByRole("link", { name: "핀테크" })).toHaveCount(0);
});

test("/search without a sort goes to sort=POPULAR, keeping the keyword", async ({ page }) => {
  await page.goto(`/search?keyword=${encodeURIComponent("마케팅")}`);
  await expect(page).toHaveURL((url) => url.pathname === "/search" && url.searchParams.get("sort") === "POPULAR" && url.searchParams.get("keyword") === "마케팅");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("‘마케팅’ 검색 결과");
});

test("the page fits phones, tablets and desktops", async ({ page }) => {
  // A few searches so that popular and recent searches have something to show.
  for (const keyword of ["마케팅", "클라우드", "핀테크"]) {
    await page.goto(`/search?keyword=${encodeURIComponent(keyword)}&sort=POPULAR`);
    await expect(page.getByTestId("search-contents").locator("article").first()).toBeVisible();
  }
  const pages = [
    ["results", `/search/contents?keyword=${encodeURIComponent("마케팅")}&sort=POPULAR`, page.getByTestId("search-contents").locator("article").first()],
    ["business", `/search/business?keyword=${encodeURIComponent("마케팅")}&sort=POPULAR`, page.getByTestId("search-businesses").getByRole("listitem").first()],
    ["empty", `/search?keyword=${encodeURIComponent("존재하지않는검색어")}&sort=POPULAR`, page.getByText("검색 결과가 없습니다", { exact: false })],
    ["start", "/search?sort=POPULAR", page.getByRole("region", { name: "최근 검색어" }).getByRole("link").first()],
  ] as const;
  for (const [name, address, ready] of pages) {
    await page.goto(address);
    await expect(ready).toBeVisible();
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page), `${name} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshots}/search-${name}-${width}.png` });
    }
  }
});
