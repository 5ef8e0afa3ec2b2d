// The post detail and the business profile on the demo content, in real Chromium: the body
// in its shadow root, sharing, following and bookmarking round trips, the profile's posts by
// category, and how both pages look on a phone, a tablet and a desktop.
import type { APIRequestContext, Page } from "@playwright/test";
import { beacons, dataLayer, demoContent, expect, recordBeacons, screenshots, seriousFindings, sidewaysOverflow, signIn, test } from "./support";

interface Card {
  postSeq: number;
  title: string;
  categoryId: number;
  business: { id: number; name: string };
}

interface Detail extends Card {
  bodyHtml: string;
  bookmarkCount: number;
  business: Card["business"] & { followerCount: number };
}

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A product post (category 3) whose body has a coupon, a picture and a table. */
async function postWithCoupon(request: APIRequestContext): Promise<Detail> {
  const list = await data<{ items: Card[] }>(request, "/api/v1/posts/category/3?sort=LATEST&size=50");
  for (const card of list.items) {
    const detail = await data<Detail>(request, `/api/v1/posts/${card.postSeq}`);
    if (detail.bodyHtml.includes('class="coupon"') && detail.bodyHtml.includes("<table")) return detail;
  }
  throw new Error("the demo content has no product post with a coupon and a table");
}

/** The page's own button named `name`, not the list cards' small ones (related posts). */
function own(page: Page, name: RegExp) {
  return page.getByRole("button", { name }).and(page.locator("button:not(.tie-compact)"));
}

/** The state-changing calls need the offset header. */
const OFFSET = { _off_set: "540" };

async function noTies(page: Page, postSeq: number, businessId: number) {
  expect((await page.request.delete(`/api/v1/bookmarks/${postSeq}`, { headers: OFFSET })).ok()).toBe(true);
  expect((await page.request.delete(`/api/v1/follows/${businessId}`, { headers: OFFSET })).ok()).toBe(true);
}

/** The post events (POST /api/v1/events) the page sent of one kind. */
async function postEvents(page: Page, kind: string): Promise<{ kind: string; postSeq: number; channel?: string }[]> {
  return (await beacons(page))
    .filter((beacon) => beacon.url.endsWith("/api/v1/events"))
    .flatMap((beacon) => (JSON.parse(beacon.body) as { events: { kind: string; postSeq: number; channel?: string }[] }).events)
    .filter((event) => event.kind === kind);
}

test.beforeEach(async ({ page }) => {
  await recordBeacons(page);
  await demoContent(page);
});

test("a post opens from the home page, its body in a shadow root with its pictures", async ({ page }) => {
  await page.goto("/");
  const latest = page.getByRole("region", { name: "Latest posts" });
  // Other tests publish posts of their own (no pictures, a "Console …" business) while this one
  // runs: the first demo post, whose body has pictures, is the one opened.
  const first = latest
    .locator("article.post-card")
    .filter({ hasNot: page.locator(".post-card-business", { hasText: /^Console / }) })
    .first();
  const title = (await first.locator("h3").textContent()) ?? "";
  const postSeq = await first.getAttribute("data-post-seq");
  await first.locator("a.post-card-link").click();

  await expect(page).toHaveURL(new RegExp(`/post/${postSeq}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The card's click beacon, then one view of the post.
  await expect.poll(async () => (await beacons(page)).filter((beacon) => beacon.url.endsWith("/click/v1")).length).toBe(1);
  await expect.poll(async () => (await postEvents(page, "view")).map((event) => event.postSeq)).toEqual([Number(postSeq)]);
  const body = page.getByTestId("post-body");
  const inShadow = await body.evaluate((host) => ({
    open: host.shadowRoot !== null,
    images: host.shadowRoot?.querySelectorAll("img").length ?? 0,
    styled: (host.shadowRoot?.querySelector("style")?.textContent ?? "").includes("max-width: 100%"),
    inPage: document.querySelectorAll("#main img").length,
  }));
  expect(inShadow.open).toBe(true);
  expect(inShadow.images).toBeGreaterThan(0);
  expect(inShadow.styled).toBe(true);
  // The body's pictures are not in the page's own tree (only the cover and logos are).
  const picture = body.locator("figure img").first();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img) => img.getRootNode() instanceof ShadowRoot)).toBe(true);
  expect(await picture.evaluate((img) => img.getBoundingClientRect().width <= (img.getRootNode() as ShadowRoot).host.getBoundingClientRect().width)).toBe(true);
});

test("a first visit's view of a post is accepted at once, and a reload within 10 s counts nothing more", async ({ page }) => {
  const post = await postWithCoupon(page.request);
  await page.context().clearCookies();
  const answers: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/v1/events") && response.request().method() === "POST") answers.push(response.status());
  });
  // No guest id yet: the view must wait for the one the page asks for, not be refused.
  await page.goto(`/post/${post.postSeq}`);
  await expect.poll(() => answers).toEqual([200]);
  expect(await page.context().cookies()).toContainEqual(expect.objectContaining({ name: "tma_id" }));
  await expect.poll(async () => (await postEvents(page, "view")).length).toBe(1);
  // SPEC §9's reload guard: the same post again within 10 s sends no view.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await postEvents(page, "view")).toHaveLength(0);
  expect(answers).toEqual([200]);
});

test("coupons are links, other pictures are not; tables scroll in their own region", async ({ page }) => {
  const post = await postWithCoupon(page.request);
  await page.goto(`/post/${post.postSeq}`);
  const body = page.getByTestId("post-body");
  // The end of the body is below the fold: no read-through yet.
  await expect(body.locator("h2").first()).toBeAttached();
  await expect.poll(async () => (await postEvents(page, "view")).length).toBe(1);
  expect(await postEvents(page, "read_through")).toEqual([]);
  const coupon = body.locator("img.coupon");
  await expect(coupon).toBeVisible();
  const link = body.locator("a.coupon-link");
  await expect(link).toHaveAttribute("href", /^https:\/\/example\.com\/coupon\//);
  await expect(link).toHaveAttribute("target", "_blank");
  // Reachable by keyboard: the coupon's link takes focus.
  await link.focus();
  expect(await link.evaluate((a) => (a.getRootNode() as ShadowRoot).activeElement === a)).toBe(true);
  // Other pictures have no link and take no clicks.
  const picture = body.locator("figure img").first();
  expect(await picture.evaluate((img) => img.closest("a") === null)).toBe(true);
  expect(await picture.evaluate((img) => getComputedStyle(img).pointerEvents)).toBe("none");
  expect(await coupon.evaluate((img) => getComputedStyle(img).pointerEvents)).not.toBe("none");
  const table = body.locator(".table-scroll");
  await expect(table).toHaveAttribute("role", "region");
  await expect(table).toHaveAttribute("tabindex", "0");
  // Reading to the end of the body is one read-through, however often the end is seen.
  await page.locator(".post-body-end").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await postEvents(page, "read_through")).length).toBe(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator(".post-body-end").scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  expect((await postEvents(page, "read_through")).map((event) => event.postSeq)).toEqual([post.postSeq]);
});

test("the share box copies the link and offers Kakao, LinkedIn and X", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const post = await postWithCoupon(page.request);
  await page.goto(`/post/${post.postSeq}`);
  const share = page.getByRole("region", { name: "Share" });
  const url = new URL(`/post/${post.postSeq}`, page.url()).toString();
  const address = encodeURIComponent(url);
  await expect(share.locator("a[data-share=kakao]")).toHaveAttribute("href", `https://story.kakao.com/share?url=${address}`);
  await expect(share.locator("a[data-share=linkedin]")).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${address}`);
  await expect(share.locator("a[data-share=x]")).toHaveAttribute("href", new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&text=`));
  for (const service of ["kakao", "linkedin", "x"]) {
    await expect(share.locator(`a[data-share=${service}]`)).toHaveAttribute("rel", "noopener noreferrer");
  }
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(share.getByRole("status")).toHaveText("Link copied.");
  await expect.poll(async () => (await postEvents(page, "share")).map((event) => event.channel)).toEqual(["link"]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // The data layer hears of the share on its screen.
  expect(await dataLayer(page)).toContainEqual({ event: "Select_Content", screen: "SHARE" });
});

test("a post that does not exist is the 'content does not exist' screen", async ({ page }) => {
  await page.goto("/post/987654321");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("content does not exist");
  await expect(page.getByRole("button", { name: "go to home" })).toBeVisible();
});

test("a signed-in reader bookmarks and follows, the counts last after a reload, and undoes both", async ({ page }) => {
  await signIn(page);
  const post = await postWithCoupon(page.request);
  await noTies(page, post.postSeq, post.business.id);
  const before = await data<Detail>(page.request, `/api/v1/posts/${post.postSeq}`);
  await page.goto(`/post/${post.postSeq}`);

  const bookmark = own(page, /^Bookmark/);
  const follow = own(page, /^Follow/);
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect(bookmark).toContainText(String(before.bookmarkCount));
  await expect(follow).toContainText(String(before.business.followerCount));

  const bookmarked = page.waitForResponse((r) => r.url().endsWith(`/api/v1/bookmarks/${post.postSeq}`) && r.request().method() === "PUT");
  await bookmark.click();
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  expect((await bookmarked).ok()).toBe(true);
  await expect(bookmark).toContainText(String(before.bookmarkCount + 1));
  // The byline's count follows the server's answer too.
  await expect(page.locator(".post-facts")).toContainText(String(before.bookmarkCount + 1));

  const followed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/follows/${post.business.id}`) && r.request().method() === "PUT");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  expect((await followed).ok()).toBe(true);
  await expect(follow).toContainText(String(before.business.followerCount + 1));

  await page.reload();
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(bookmark).toContainText(String(before.bookmarkCount + 1));
  await expect(follow).toContainText(String(before.business.followerCount + 1));
  const after = await data<Detail>(page.request, `/api/v1/posts/${post.postSeq}`);
  expect(after.bookmarkCount).toBe(before.bookmarkCount + 1);
  expect(after.business.followerCount).toBe(before.business.followerCount + 1);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}/post-detail-signed-in-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Undo both.
  const unbookmarked = page.waitForResponse((r) => r.url().endsWith(`/api/v1/bookmarks/${post.postSeq}`) && r.request().method() === "DELETE");
  await bookmark.click();
  expect((await unbookmarked).ok()).toBe(true);
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await expect(bookmark).toContainText(String(before.bookmarkCount));
  const unfollowed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/follows/${post.business.id}`) && r.request().method() === "DELETE");
  await follow.click();
  expect((await unfollowed).ok()).toBe(true);
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toContainText(String(before.business.followerCount));
  await page.reload();
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  const undone = await data<Detail>(page.request, `/api/v1/posts/${post.postSeq}`);
  expect(undone.bookmarkCount).toBe(before.bookmarkCount);
  expect(undone.business.followerCount).toBe(before.business.followerCount);
});

test("a signed-in reader follows from the business profile", async ({ page }) => {
  await signIn(page);
  // Another business than the round trip's on the post detail (the tests run side by side).
  const post = await postWithCoupon(page.request);
  const latest = await data<{ items: Card[] }>(page.request, "/api/v1/posts/latest?size=20");
  const businessId = latest.items.map((card) => card.business.id).find((id) => id !== post.business.id) ?? post.business.id;
  await page.request.delete(`/api/v1/follows/${businessId}`, { headers: OFFSET });
  const before = await data<{ followerCount: number }>(page.request, `/api/v1/businesses/${businessId}`);
  await page.goto(`/business/profile/${businessId}`);
  const follow = page.getByRole("button", { name: /Follow/ });
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  const followed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/follows/${businessId}`) && r.request().method() === "PUT");
  await follow.click();
  const answer = await followed;
  expect(JSON.parse(answer.request().postData() ?? "{}")).toEqual({ source: "Follow_CorpProfile" });
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toContainText(String(before.followerCount + 1));
  const pushed = (await dataLayer(page)).filter((entry) => entry.event === "Follow_CorpProfile");
  expect(pushed).toEqual([expect.objectContaining({ screen: "CORP_PROFILE" })]);
  await page.reload();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  const unfollowed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/follows/${businessId}`) && r.request().method() === "DELETE");
  await follow.click();
  await unfollowed;
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toContainText(String(before.followerCount));
});

test("a guest who clicks follow or bookmark is sent to the login page and back", async ({ page }) => {
  const post = await postWithCoupon(page.request);
  await page.goto(`/post/${post.postSeq}`);
  await own(page, /^Follow/).click();
  await expect(page).toHaveURL(`/member/login?redirectUrl=${encodeURIComponent(`/post/${post.postSeq}`)}`);
  await page.goBack();
  await own(page, /^Bookmark/).click();
  await expect(page).toHaveURL(`/member/login?redirectUrl=${encodeURIComponent(`/post/${post.postSeq}`)}`);
  await page.goto(`/business/profile/${post.business.id}?tab=x`);
  await page.getByRole("button", { name: /Follow/ }).click();
  await expect(page).toHaveURL(`/member/login?redirectUrl=${encodeURIComponent(`/business/profile/${post.business.id}?tab=x`)}`);
});

test("the business profile shows its facts and its posts by category", async ({ page }) => {
  const post = await postWithCoupon(page.request);
  const business = await data<{ name: string; postCounts: { categoryId: number; count: number }[]; registrationNumber: string }>(
    page.request,
    `/api/v1/businesses/${post.business.id}`,
  );
  await page.goto(`/business/profile/${post.business.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(business.name);
  await expect(page.getByText(business.registrationNumber)).toBeVisible();
  await expect(page.getByRole("link", { name: /example\.com/ })).toHaveAttribute("rel", "noopener nofollow");

  const tabs = page.getByRole("tablist", { name: "Posts by category" }).getByRole("tab");
  const total = business.postCounts.reduce((sum, entry) => sum + entry.count, 0);
  await expect(tabs).toHaveCount(business.postCounts.filter((entry) => entry.count > 0).length + 1);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  const cards = page.getByRole("tabpanel").locator("article.post-card");
  await expect(cards).toHaveCount(Math.min(total, 20));

  // The products tab: only products, as many as the profile counts (up to a page).
  const products = business.postCounts.find((entry) => entry.categoryId === 3)?.count ?? 0;
  const productsTab = page.getByRole("tab", { name: /Products/ });
  await productsTab.click();
  await expect(productsTab).toHaveAttribute("aria-selected", "true");
  await expect(cards).toHaveCount(Math.min(products, 20));
  await expect.poll(async () => new Set(await cards.locator(".post-card-category").allTextContents())).toEqual(new Set(["Products"]));
  // Arrow keys move between the tabs.
  await productsTab.press("ArrowLeft");
  await expect(tabs.nth(await tabs.evaluateAll((nodes) => nodes.findIndex((node) => node.textContent?.startsWith("Products")) - 1))).toBeFocused();

  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/business-profile-${width}.png`, fullPage: width === 360 });
  }
});

test("a business that does not exist is the 'content does not exist' screen", async ({ page }) => {
  await page.goto("/business/profile/987654321");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("content does not exist");
});

/** The serious and critical findings of axe-core's default rules on the page as it is now, at a
 * phone's, a tablet's and a desktop's width. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const found: string[] = [];
  const size = page.viewportSize();
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    found.push(...(await seriousFindings(page, `${width}px`)));
  }
  if (size) await page.setViewportSize(size);
  return found;
}

test("both pages pass axe-core, for a guest and for a signed-in reader who follows", async ({ page }) => {
  // Nine axe runs (three pages at three widths): a busy machine takes over 30 s for them.
  test.setTimeout(120_000);
  const post = await postWithCoupon(page.request);
  for (const path of [`/post/${post.postSeq}`, `/business/profile/${post.business.id}`]) {
    await page.goto(path);
    await expect(own(page, /Follow/).first()).toBeVisible();
    expect(await accessibilityProblems(page), path).toEqual([]);
  }
  await signIn(page);
  await page.goto(`/post/${post.postSeq}`);
  const share = page.getByRole("region", { name: "Share" });
  await expect(share).toBeVisible();
  // The pressed state's colours count too.
  await page.evaluate(() => document.querySelectorAll(".tie-button").forEach((button) => button.setAttribute("aria-pressed", "true")));
  expect(await accessibilityProblems(page)).toEqual([]);
});

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("the post detail fits a phone, a tablet and a desktop", async ({ page }) => {
    const post = await postWithCoupon(page.request);
    await page.goto(`/post/${post.postSeq}`);
    await expect(page.getByTestId("post-body").locator("img.coupon")).toBeVisible();
    await expect(page.getByRole("heading", { name: "관련 콘텐츠" })).toBeVisible();
    await expect(page.locator(".post-related article.post-card").first()).toBeVisible();
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshots}/post-detail-${width}.png`, fullPage: true });
    }
  });

  test("the business profile fits a phone, a tablet and a desktop", async ({ page }) => {
    const post = await postWithCoupon(page.request);
    await page.goto(`/business/profile/${post.business.id}`);
    await expect(page.getByRole("tabpanel").locator("article.post-card").first()).toBeVisible();
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshots}/business-profile-ko-${width}.png`, fullPage: width !== 1280 });
    }
  });
});
