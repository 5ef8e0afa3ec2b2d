// The reader's lists on the demo content: the home page's sections and a list that pages on
// scroll through the API's cursors, in real Chromium.
import { freshEmail, joinByEmail } from "./access";
import { demoContent, expect, screenshots, test } from "./support";

test.beforeEach(async ({ page }) => demoContent(page));

test("the home page shows popular and latest posts from the API", async ({ page }) => {
  await page.goto("/");
  const popular = page.getByRole("region", { name: "Popular posts" });
  await expect(popular.locator("article.post-card")).toHaveCount(8);
  const latest = page.getByRole("region", { name: "Latest posts" });
  await expect(latest.locator("article.post-card")).toHaveCount(8);
  // The first latest card is the API's newest post.
  const api = (await (await page.request.get("/api/v1/posts/latest?size=1")).json()) as { data: { items: { title: string }[] } };
  await expect(latest.locator("article.post-card h3").first()).toHaveText(api.data.items[0].title);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${screenshots}/home-${width}.png` });
  }
});

test("a list pages through the API's cursors as the reader scrolls", async ({ page }) => {
  const pages: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/posts/latest")) pages.push(new URL(request.url()).searchParams.get("cursor") ?? "first");
  });
  await page.goto("/post/latest/list?sort=LATEST");
  const cards = page.getByTestId("post-list").locator("article.post-card");
  await expect(cards).toHaveCount(20);
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  // One wheel may bring the end into view more than once: at least one more page, in pages.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
  expect((await cards.count()) % 20).toBe(0);
  // The first page came inside the page itself (the server's inline answer); the next ones
  // through the API's cursors.
  expect(pages.length).toBeGreaterThan(0);
  expect(pages).not.toContain("first");
  // Newest first, and no post twice.
  const seqs = await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-post-seq"))));
  expect(new Set(seqs).size).toBe(seqs.length);
  const times = await cards.locator("time").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
  expect([...times].sort().reverse()).toEqual(times);
});

test("every call carries the offset header and no token in the page's hands", async ({ page }) => {
  const seen: Record<string, string>[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/")) seen.push(request.headers());
  });
  await page.goto("/post/category/list/1?sort=POPULAR");
  await expect(page.getByTestId("post-list").locator("article.post-card").first()).toBeVisible();
  // The first page's calls are answered inside the page; the sort switch asks the API.
  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Latest" }).click();
  await expect(page).toHaveURL(/sort=LATEST/);
  await expect(page.getByTestId("post-list").locator("article.post-card").first()).toBeVisible();
  expect(seen.length).toBeGreaterThan(0);
  const offset = String(await page.evaluate(() => -new Date().getTimezoneOffset()));
  for (const headers of seen) {
    expect(headers["_off_set"]).toBe(offset);
    expect(headers["_tma_token"]).toBe("");
    expect(headers["_tmr_token"]).toBe("");
  }
});

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("cards speak Korean: category names and counts", async ({ page }) => {
    await page.goto("/post/category/list/2?sort=LATEST");
    const first = page.getByTestId("post-list").locator("article.post-card").first();
    await expect(first.locator(".post-card-category")).toHaveText("성공 사례");
    await expect(first.locator(".post-card-facts")).toContainText("조회수");
  });
});

test("a failed call shows its message (the application error event), not a blank page", async ({ page }) => {
  await page.route("**/api/v1/posts/latest?size=20", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "999", message: "the server is resting", data: null }) }),
  );
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Latest", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "the server is resting" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("alert")).toHaveText("This could not be loaded. Please try again in a moment.");
});

test("a reader follows a business and bookmarks a post from a list card, and the cards remember both", async ({ page }) => {
  // A new member: no other test's follows or bookmarks change what the cards show.
  await joinByEmail(page.request, freshEmail("cards"), "Card-ties-2026!");
  await page.goto("/post/latest/list?sort=LATEST");
  const card = page.getByTestId("post-list").locator("article.post-card").first();
  const postSeq = Number(await card.getAttribute("data-post-seq"));
  const bookmark = card.locator("button.bookmark-button");
  const follow = card.locator("button.follow-button");
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  // Each says what it acts on.
  await expect(bookmark).toHaveAccessibleName(new RegExp(`^Bookmark ${(await card.locator("h3").textContent())?.slice(0, 10)}`));

  const bookmarked = page.waitForResponse((r) => r.url().endsWith(`/api/v1/bookmarks/${postSeq}`) && r.request().method() === "PUT");
  await bookmark.click();
  expect(JSON.parse((await bookmarked).request().postData() ?? "{}")).toEqual({ source: "Bookmark_ContentList" });
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  const followed = page.waitForResponse((r) => /\/api\/v1\/follows\/\d+$/.test(r.url()) && r.request().method() === "PUT");
  await follow.click();
  expect(JSON.parse((await followed).request().postData() ?? "{}")).toEqual({ source: "Follow_ContentList" });
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  // The clicks stay on the card they were made on.
  await expect(page.getByTestId("post-list").locator("button.bookmark-button[aria-pressed=true]")).toHaveCount(1);

  // After a reload the cards show the reader's ties, every card of the followed business too.
  await page.reload();
  const again = page.locator(`article.post-card[data-post-seq="${postSeq}"]`);
  await expect(again.locator("button.bookmark-button")).toHaveAttribute("aria-pressed", "true");
  await expect(again.locator("button.follow-button")).toHaveAttribute("aria-pressed", "true");
  const businessHref = await again.locator(".post-card-business").getAttribute("href");
  const sameBusiness = page.getByTestId("post-list").locator("article.post-card").filter({ has: page.locator(`a.post-card-business[href="${businessHref}"]`) });
  for (const other of await sameBusiness.all()) await expect(other.locator("button.follow-button")).toHaveAttribute("aria-pressed", "true");
  await again.locator("button.bookmark-button").click();
  await expect(again.locator("button.bookmark-button")).toHaveAttribute("aria-pressed", "false");
});
