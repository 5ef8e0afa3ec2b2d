// A reader's walk through the site, as people move: a seeded run of steps (a full load, a
// client-side link, back and forward, following and bookmarking, a second tab acting, signing
// out and in through the pages) after each of which every follow and bookmark button on the
// page shows what the server holds. The seed is printed; `TIDEMARK_WALK_SEED=n` replays a walk.
import type { BrowserContext, Page } from "@playwright/test";
import { freshEmail, HEADERS, joinByEmail } from "./access";
import { PASSWORD } from "./business";
import { demoContent, expect, test } from "./support";

test.describe.configure({ timeout: 240_000 });

const STEPS = 36;

/** mulberry32: a small seeded generator, so a walk that fails can be walked again. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Target {
  post: number;
  business: number;
}

interface Walker {
  context: BrowserContext;
  page: Page;
  email: string;
  target: Target;
  signedIn: boolean;
  /** The walk's seeded numbers in [0, 1). */
  next: () => number;
}

/** What the server holds: the walker's ties to the post and its business (none when signed out,
 * which is also what a guest's buttons show). */
async function held(walker: Walker): Promise<{ follows: boolean; bookmarked: boolean }> {
  if (!walker.signedIn) return { follows: false, bookmarked: false };
  const { post, business } = walker.target;
  const response = await walker.context.request.get(`/api/v1/me/state?posts=${post}&businesses=${business}`, { headers: HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  const state = ((await response.json()) as { data: { bookmarked: number[]; following: number[] } }).data;
  return { follows: state.following.includes(business), bookmarked: state.bookmarked.includes(post) };
}

/** Every button of the page for the business and for the post, once none is pending: "true",
 * "false", or "pending" while it waits. */
async function shown(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((buttons) =>
    buttons.map((button) => (button.getAttribute("aria-busy") === "true" ? "pending" : (button.getAttribute("aria-pressed") ?? "none"))),
  );
}

/** What the page shows equals what the server holds, for every button of the two. */
async function agrees(walker: Walker, step: string) {
  const { page, target } = walker;
  await expect(page.locator(".page-loading")).toHaveCount(0);
  const truth = await held(walker);
  for (const [selector, on] of [
    [`button.tie-button[data-business-id="${target.business}"]`, truth.follows],
    [`button.tie-button[data-post-seq="${target.post}"]`, truth.bookmarked],
  ] as const) {
    // The buttons that do not (yet) show it: none, once the page's answers are in.
    await expect
      .poll(async () => (await shown(page, selector)).filter((state) => state !== String(on)), { message: `${step}: ${selector} on ${page.url()} should read ${on}`, timeout: 15_000 })
      .toEqual([]);
  }
}

/** The first visible button of the selector, once it is no longer pending. */
async function press(page: Page, selector: string): Promise<boolean> {
  const button = page.locator(`${selector}:visible`).first();
  if ((await button.count()) === 0) return false;
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  const before = await button.getAttribute("aria-pressed");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  return true;
}

async function settle(page: Page) {
  await page.waitForLoadState("domcontentloaded");
  await expect(page.locator("h1"), `h1 on ${page.url()}`).not.toHaveCount(0);
}

/** Back or forward in the tab's history (a full load or the app's own move alike); false when
 * there was nowhere to go on the site. */
async function moved(page: Page, go: () => Promise<unknown>): Promise<boolean> {
  const before = page.url();
  await go();
  if (page.url() === before) return false;
  // Back past the walk's first page is the tab's empty start, not the site: forward again.
  if (page.url() === "about:blank") {
    await page.goForward();
    await settle(page);
    return false;
  }
  await settle(page);
  return true;
}

type Step = [name: string, weight: number, run: (walker: Walker) => Promise<boolean>];

const steps: Step[] = [
  ["load the post", 3, async ({ page, target }) => (await page.goto(`/post/${target.post}`), await settle(page), true)],
  ["load the business", 2, async ({ page, target }) => (await page.goto(`/business/profile/${target.business}`), await settle(page), true)],
  ["load the latest list", 2, async ({ page }) => (await page.goto("/post/latest/list?sort=LATEST"), await settle(page), true)],
  [
    "follow a link to the post",
    3,
    async ({ page, target }) => {
      const link = page.locator(`a[href="/post/${target.post}"]:visible`).first();
      if ((await link.count()) === 0) return false;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/post/${target.post}$`));
      await settle(page);
      return true;
    },
  ],
  [
    "follow a link to the business",
    2,
    async ({ page, target }) => {
      const link = page.locator(`a[href="/business/profile/${target.business}"]:visible`).first();
      if ((await link.count()) === 0) return false;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/business/profile/${target.business}$`));
      await settle(page);
      return true;
    },
  ],
  ["go back", 2, async ({ page }) => moved(page, () => page.goBack())],
  ["go forward", 1, async ({ page }) => moved(page, () => page.goForward())],
  ["press follow", 3, async (walker) => walker.signedIn && press(walker.page, `button.tie-button[data-business-id="${walker.target.business}"]`)],
  ["press bookmark", 3, async (walker) => walker.signedIn && press(walker.page, `button.tie-button[data-post-seq="${walker.target.post}"]`)],
  [
    "act in a second tab, then come back to the first",
    2,
    async (walker) => {
      if (!walker.signedIn) return false;
      const other = await walker.context.newPage();
      await other.goto(`/post/${walker.target.post}`);
      await settle(other);
      const which = walker.next() < 0.5 ? `button.tie-button[data-business-id="${walker.target.business}"]` : `button.tie-button[data-post-seq="${walker.target.post}"]`;
      await press(other, which);
      await other.close();
      // The first tab is shown again.
      await walker.page.bringToFront();
      await walker.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
      return true;
    },
  ],
  [
    "sign out from the header",
    1,
    async (walker) => {
      if (!walker.signedIn) return false;
      await walker.page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
      await expect(walker.page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
      walker.signedIn = false;
      await settle(walker.page);
      return true;
    },
  ],
  [
    "sign in and come back",
    2,
    async (walker) => {
      if (walker.signedIn) return false;
      const { page } = walker;
      const back = new URL(page.url()).pathname;
      await page.goto(`/member/login/email?redirectUrl=${encodeURIComponent(back)}`);
      await page.getByLabel("E-mail").fill(walker.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
      walker.signedIn = true;
      await settle(page);
      return true;
    },
  ],
];

test("a seeded walk: after every step the follow and bookmark buttons show what the server holds", async ({ browser, baseURL }) => {
  const seed = Number(process.env.TIDEMARK_WALK_SEED ?? Date.now() % 1_000_000);
  test.info().annotations.push({ type: "seed", description: String(seed) });
  console.log(`walk seed ${seed} (TIDEMARK_WALK_SEED=${seed} walks it again)`);
  const next = generator(seed);
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  await demoContent(page);
  const latest = (await (await context.request.get("/api/v1/posts/latest?size=1")).json()) as { data: { items: { postSeq: number; business: { id: number } }[] } };
  const target = { post: latest.data.items[0].postSeq, business: latest.data.items[0].business.id };
  const email = freshEmail("walker");
  await joinByEmail(context.request, email, PASSWORD);
  // Joining signs the new member in; the walk starts as a guest.
  expect((await context.request.post("/membership/v1/logout", { headers: HEADERS })).ok()).toBe(true);
  const walker: Walker = { context, page, email, target, signedIn: false, next };
  const byName = new Map(steps.map(([name, , run]) => [name, run]));
  const walked: string[] = [];
  const take = async (name: string, run = byName.get(name)!): Promise<boolean> => {
    if (!(await test.step(name, () => run(walker)))) return false;
    walked.push(name);
    await test.step(`after "${name}": the page shows what the server holds`, () => agrees(walker, `step ${walked.length} of seed ${seed} (${walked.join(" → ")})`));
    return true;
  };

  // A guest arrives by a full load, then signs in through the pages.
  await take("load the post");
  await take("sign in and come back");
  const total = steps.reduce((sum, [, weight]) => sum + weight, 0);
  while (walked.length < STEPS) {
    let pick = next() * total;
    const [name, , run] = steps.find(([, weight]) => (pick -= weight) < 0) ?? steps[0];
    await take(name, run);
  }
  // Whatever the seed, the walk ends on the post: both buttons pressed, signed out from the
  // header, back to the post as a guest, signed in again.
  for (const name of ["load the post", "sign in and come back", "press follow", "press bookmark", "sign out from the header", "go back", "sign in and come back"]) {
    const taken = await take(name);
    if (name.startsWith("press") || name.startsWith("sign out")) expect(taken, `${name} (seed ${seed})`).toBe(true);
  }
  console.log(`walk seed ${seed}: ${walked.join(" → ")}`);
  await context.close();
});
