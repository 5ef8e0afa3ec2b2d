// The reader's own pages and the site's pages in real Chromium against the real server:
// /interest (bookmarks and following, the guest's sign-in prompt), /follow/list, a
// recommendation collection, /b2b, /mobile/category and the /sample gallery.
import type { Page } from "@playwright/test";
import { demoContent, expect, screenshots, sidewaysOverflow, signIn, test } from "./support";

const WIDTHS = [360, 768, 1280] as const;

test.beforeEach(async ({ page }) => demoContent(page));

/** Screenshots at the three widths; nothing may scroll sideways at any of them. */
async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    expect(await sidewaysOverflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/reader-${name}-${width}.png`, fullPage: true });
  }
}

interface CardJson {
  postSeq: number;
  title: string;
  business: { id: number; name: string };
}

async function data<T>(response: Awaited<ReturnType<Page["request"]["get"]>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const OFFSET = { _off_set: "540", "content-type": "application/json" };

test("a member's new bookmark and follow show on /interest and /follow/list", async ({ page }) => {
  await signIn(page);
  // A post the reader has not bookmarked and a business the reader does not follow, so each
  // becomes the first of its list.
  const latest = await data<{ items: CardJson[] }>(await page.request.get("/api/v1/posts/latest?size=50"));
  const seqs = latest.items.map((card) => card.postSeq).join(",");
  const businesses = [...new Set(latest.items.map((card) => card.business.id))].join(",");
  const state = await data<{ bookmarked: number[]; following: number[] }>(
    await page.request.get(`/api/v1/me/state?posts=${seqs}&businesses=${businesses}`, { headers: { _off_set: "540" } }),
  );
  const post = latest.items.find((card) => !state.bookmarked.includes(card.postSeq))!;
  const business = latest.items.map((card) => card.business).find((b) => !state.following.includes(b.id))!;
  expect(post, "a post to bookmark").toBeTruthy();
  expect(business, "a business to follow").toBeTruthy();

  await data(await page.request.put(`/api/v1/bookmarks/${post.postSeq}`, { headers: OFFSET, data: { source: "Bookmark_Content" } }));
  await data(await page.request.put(`/api/v1/follows/${business.id}`, { headers: OFFSET, data: { source: "Follow_CorpProfile" } }));
  try {
    await page.goto("/interest/bookmark");
    const card = page.getByTestId("post-list").locator(`article.post-card[data-post-seq="${post.postSeq}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator("h3")).toHaveText(post.title);
    await expect(page.getByRole("link", { name: "Bookmarks" })).toHaveAttribute("aria-current", "page");
    await shoot(page, "interest-bookmark");

    await page.getByRole("link", { name: "Following" }).click();
    await expect(page).toHaveURL(/\/interest\/following$/);
    const row = page.getByTestId("following-list").locator(`[data-business-id="${business.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: business.name })).toHaveAttribute("href", `/business/profile/${business.id}`);
    await expect(row).toContainText("Followers");
    await shoot(page, "interest-following");

    await page.goto("/follow/list");
    const section = page.locator("section.follow-section").filter({ has: page.locator(`[data-business-id="${business.id}"]`) });
    await expect(section.getByRole("heading", { level: 2 }).getByRole("link", { name: business.name, exact: true })).toBeVisible();
    await expect(section.locator("article.post-card").first()).toBeVisible();
    await shoot(page, "follow-list");
  } finally {
    await page.request.delete(`/api/v1/bookmarks/${post.postSeq}`, { headers: { _off_set: "540" } });
    await page.request.delete(`/api/v1/follows/${business.id}`, { headers: { _off_set: "540" } });
  }
});

test("a guest on /interest is asked to sign in and nothing personal is called", async ({ page }) => {
  const personal: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v1/me/")) personal.push(request.url());
  });
  await page.goto("/interest");
  await expect(page.getByRole("heading", { name: "Sign in to see your lists" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/member/login?redirectUrl=%2Finterest");
  await shoot(page, "interest-guest");
  expect(personal).toEqual([]);
});

test("a recommendation collection shows its title and posts in order; an unknown one is a 404", async ({ page }) => {
  const collections = await data<{ id: number; titleEn: string }[]>(await page.request.get("/api/v1/recommendations"));
  const first = collections[0];
  const one = await data<{ items: CardJson[] }>(await page.request.get(`/api/v1/recommendations/${first.id}?size=20`));
  await page.goto(`/post/recommend/list/${first.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.titleEn);
  const cards = page.getByTestId("post-list").locator("article.post-card");
  await expect(cards).toHaveCount(one.items.length);
  const seqs = await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-post-seq"))));
  expect(seqs).toEqual(one.items.map((card) => card.postSeq));
  await shoot(page, "collection");

  await page.goto("/post/recommend/list/987654");
  await expect(page.getByRole("heading", { name: "page not found" })).toBeVisible();
});

test("/b2b is a landing page leading to business registration", async ({ page }) => {
  await page.goto("/b2b");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where your company's stories meet their readers");
  await expect(page.getByRole("link", { name: "Register your business" }).first()).toHaveAttribute("href", "/mypage/business");
  await expect(page.locator(".b2b-point")).toHaveCount(3);
  await expect(page.locator(".b2b-step")).toHaveCount(4);
  await shoot(page, "b2b");
});

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("/b2b speaks Korean", async ({ page }) => {
    await page.goto("/b2b");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("기업의 이야기가 독자를 만나는 곳");
    await shoot(page, "b2b-ko");
  });

  test("/mobile/category lists the nine categories and the other ways in", async ({ page }) => {
    await page.goto("/mobile/category");
    const categories = page.getByTestId("menu-categories").getByRole("link");
    await expect(categories).toHaveCount(9);
    await expect(categories.first()).toHaveText("인사이트");
    await expect(page.getByRole("main").getByRole("link", { name: "리포트", exact: true })).toHaveAttribute("href", "/post/report/list?sort=POPULAR");
    await shoot(page, "mobile-category");
    await categories.nth(1).click();
    await expect(page).toHaveURL(/\/post\/category\/list\/2\?sort=POPULAR&timestamp=\d+$/);
  });
});

test("/sample/chart draws the latest posts with uPlot", async ({ page }) => {
  await page.goto("/sample/chart");
  const chart = page.getByTestId("chart");
  await expect(chart.locator("canvas")).toHaveCount(1);
  const box = await chart.locator("canvas").boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  await expect(chart.locator(".u-legend")).toContainText("Views");
  await page.getByText("Show the chart's data as a table").click();
  await expect(page.locator(".chart-data tbody tr")).toHaveCount(50);
  await shoot(page, "sample-chart");
});

test("/sample/modal opens a modal dialog that Escape closes, focus back on the opener", async ({ page }) => {
  await page.goto("/sample/modal");
  const opener = page.getByRole("button", { name: "Open the newsletter dialog" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to the weekly newsletter" });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  // Modal: the page behind does not take focus.
  for (let i = 0; i < 6; i += 1) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: `${screenshots}/reader-sample-modal-open-360.png` });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByTestId("modal-outcome")).toHaveText("The dialog was closed. Nothing changed.");
  await shoot(page, "sample-modal");
});

test("/sample/page1 and page2 link to each other, to the top and to anchors", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/sample/page1");
  await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Reading your results" }).click();
  await expect(page).toHaveURL(/\/sample\/page1#section-4$/);
  await expect(page.locator("#section-4")).toBeInViewport();
  await page.getByRole("link", { name: /To layout 2/ }).click();
  await expect(page).toHaveURL(/\/sample\/page2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Layout 2: two columns");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await shoot(page, "sample-page2");
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.getByRole("link", { name: /Straight to/ }).click();
  await expect(page).toHaveURL(/\/sample\/page1#section-3$/);
  await expect(page.locator("#section-3")).toBeInViewport();
  await shoot(page, "sample-page1");
});

test("/sample/unsplash picks from the platform's media with the keyboard", async ({ page }) => {
  await page.goto("/sample/unsplash");
  await expect(page.getByRole("note")).toContainText("No Unsplash API key is configured");
  const group = page.getByRole("radiogroup", { name: "Media library" });
  const images = group.getByRole("radio");
  await expect(images.first()).toBeVisible();
  expect(await images.count()).toBeGreaterThan(4);
  await images.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(images.nth(1)).toBeFocused();
  await expect(images.nth(1)).toHaveAttribute("aria-checked", "true");
  const columns = await group.evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(" ").length);
  await page.keyboard.press("ArrowDown");
  await expect(images.nth(1 + columns)).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Home");
  await expect(images.first()).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("picker-chosen")).toBeVisible();
  await expect(page.locator(".picker-preview img")).toBeVisible();
  await shoot(page, "sample-unsplash");
});
