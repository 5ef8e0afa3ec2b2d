// The session protocol on the page (SPEC §4, §6, §7): guest id, sign-in through the login
// page, the headers on calls, the once-a-day visit beacon, the data-layer events, and the
// keep-alive of /follow/list — in real Chromium against the real server.
import type { Page, Request } from "@playwright/test";
import { beacons, dataLayer, DEMO_PASSWORD, demoContent, expect, recordBeacons, screenshots, signIn, test } from "./support";

test.beforeEach(async ({ page }) => demoContent(page));

function collect(page: Page, match: (url: URL) => boolean): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (match(new URL(request.url()))) seen.push(request);
  });
  return seen;
}

test("a new visitor gets one guest id, sent as _tma_id on every later call", async ({ page, context }) => {
  const guestCalls = collect(page, (url) => url.pathname === "/oauth/v1/guest/token");
  const apiCalls = collect(page, (url) => url.pathname.startsWith("/api/v1/"));
  await page.goto("/");
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "tma_id")?.value ?? "").not.toBe("");
  const guestId = (await context.cookies()).find((c) => c.name === "tma_id")!.value;
  // The first page's calls are answered inside the page; moving on inside the app calls the API.
  await page.getByRole("banner").getByRole("link", { name: "Latest", exact: true }).click();
  await expect(page.getByTestId("post-list").locator("article.post-card").first()).toBeVisible();
  expect(guestCalls).toHaveLength(1);
  const later = apiCalls.filter((request) => request.headers()["_tma_id"] === guestId);
  expect(later.length).toBeGreaterThan(0);
  for (const request of apiCalls) expect(request.headers()["_off_set"]).toMatch(/^-?\d+$/);
});

test("the visit beacon goes once a day per visitor kind", async ({ page, context }) => {
  const visits = collect(page, (url) => url.pathname === "/visit/v1");
  await recordBeacons(page);
  await page.goto("/");
  await expect.poll(() => visits.length).toBe(1);
  await expect.poll(async () => (await beacons(page)).length).toBeGreaterThan(0);
  const body = JSON.parse((await beacons(page)).find((beacon) => beacon.url.endsWith("/visit/v1"))!.body) as Record<string, unknown>;
  const guestId = (await context.cookies()).find((c) => c.name === "tma_id")?.value;
  expect(body.tmaId).toBe(guestId);
  expect(body.deviceType).toBe("PC");
  expect(body.offset).toBe(await page.evaluate(() => -new Date().getTimezoneOffset() || 0));
  await page.goto("/post/popular/list?sort=POPULAR");
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(visits).toHaveLength(1);
  const marker = (await context.cookies()).find((c) => c.name === "agid");
  expect(marker?.value).toBe("Y");
  // It lasts until the end of the visitor's day, not 24 hours.
  const endOfDay = await page.evaluate(() => {
    const end = new Date();
    end.setHours(23, 59, 59, 0);
    return end.getTime();
  });
  expect(Math.abs(marker!.expires * 1000 - endOfDay)).toBeLessThan(2000);
  // A member is another visitor kind: one more visit, then none.
  await signIn(page);
  await page.goto("/");
  await expect.poll(() => visits.length).toBe(2);
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(visits).toHaveLength(2);
  expect((await context.cookies()).find((c) => c.name === "auid")?.value).toBe("Y");
});

test("signing in through the login page goes to the saved address; signing out ends it", async ({ page }) => {
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmypage$/);
  await page.getByRole("link", { name: "Sign in with e-mail" }).click();
  await expect(page).toHaveURL(/\/member\/login\/email\?redirectUrl=%2Fmypage$/);
  await page.getByLabel("E-mail").fill("reader@tidemark.test");
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail or the password is not right.");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.screenshot({ path: `${screenshots}/mypage-1280.png` });
  // A signed-in visitor on a login page is sent on.
  await page.goto("/member/login?redirectUrl=%2Fpost%2Flatest%2Flist%3Fsort%3DLATEST");
  await expect(page).toHaveURL(/\/post\/latest\/list\?sort=LATEST$/);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmypage$/);
});

test("an unknown e-mail is told apart only where the account status call must", async ({ page }) => {
  await page.goto("/member/login/email");
  await page.getByLabel("E-mail").fill("nobody@tidemark.test");
  await page.getByLabel("Password").fill("Whatever-1234");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("There is no account with this e-mail.");
});

test("data-layer events carry the page's screen and the member's fields", async ({ page }) => {
  await page.goto("/");
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual({ event: "View_ContentList", screen: "HOME" });
  await signIn(page);
  await page.goto("/post/category/list/2?sort=POPULAR");
  await expect
    .poll(async () => (await dataLayer(page)).find((e) => e.screen === "CATEGORY"))
    .toMatchObject({ event: "View_ContentList", screen: "CATEGORY", userType: "reader", signupType: "email" });
  const entry = (await dataLayer(page)).find((e) => e.screen === "CATEGORY")!;
  expect(entry.identityId).toMatch(/^tm-\d+$/);
  expect(entry.birth).toMatch(/^(\d{4}|none)$/);
  expect(entry.gender).toBe(String(entry.gender).toLowerCase());
  // A post page pushes View_Content.
  await page.getByTestId("post-list").locator("article.post-card a.post-card-link").first().click();
  await expect
    .poll(async () => (await dataLayer(page)).some((e) => e.event === "View_Content"))
    .toBe(true);
});

test("/follow/list is kept alive per full path: going back restores data and scroll", async ({ page }) => {
  await signIn(page);
  // The reader follows a few businesses, so the list is long enough to scroll.
  const businesses = (await (await page.request.get("/api/v1/posts/latest?size=50")).json()) as { data: { items: { business: { id: number } }[] } };
  const ids = [...new Set(businesses.data.items.map((item) => item.business.id))].slice(0, 8);
  for (const id of ids) {
    const answer = await page.request.put(`/api/v1/follows/${id}`, { headers: { _off_set: "540", "content-type": "application/json" }, data: { source: "Follow_CorpProfile" } });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  const listCalls = collect(page, (url) => url.pathname === "/api/v1/me/follows");
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/follow/list");
  const kept = page.locator('[data-kept-alive="/follow/list"]');
  await expect(kept.getByRole("link").first()).toBeVisible();
  await page.evaluate(() => document.body.setAttribute("data-probe", "same-document"));
  await kept.evaluate((node) => node.setAttribute("data-probe", "kept"));
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const scrolled = await page.evaluate(() => window.scrollY);
  const callsBefore = listCalls.length;
  // Away through a link the reader can see where they are (clicking one off-screen would
  // scroll the page first).
  await kept.locator("a[href]").evaluateAll((links) => {
    const seen = links.find((link) => {
      const box = link.getBoundingClientRect();
      return box.top > 80 && box.bottom < window.innerHeight - 20;
    });
    seen?.setAttribute("data-probe-link", "");
  });
  const left = await page.evaluate(() => window.scrollY);
  await kept.locator("[data-probe-link]").click();
  await expect(page).not.toHaveURL(/\/follow\/list$/);
  await expect(kept).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/follow\/list$/);
  await expect(kept).toBeVisible();
  // The very same element (not a new render) and no new call for its data.
  await expect(kept).toHaveAttribute("data-probe", "kept");
  expect(listCalls.length).toBe(callsBefore);
  expect(left).toBe(scrolled);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
});
