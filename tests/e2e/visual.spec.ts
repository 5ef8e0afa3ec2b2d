// Visual regression: the key pages at 360, 768 and 1280 px in Korean and English, compared in
// Chromium with the baselines committed under tests/e2e/visual/, so a layout break fails CI.
// Each language is seen as its readers see it: a browser set to Korean (ko-KR) or to English. This project runs first, on the demo data as the
// server seeded it (the other tests add posts, follows and views). What changes from day to day
// or run to run (dates, counts, the analytics' figures) is masked; the layout around it is
// compared.
//
// A change that moves a page on purpose: look at the new pictures, then
// `TIDEMARK_BIN=… npx playwright test --config tests/e2e/playwright.config.ts visual --update-snapshots`
// and commit them with the change.
import type { Browser, Page } from "@playwright/test";
import { appReady, demoContent, expect, signIn, test } from "./support";

test.describe.configure({ mode: "parallel" });

const WIDTHS = [360, 768, 1280] as const;
const LANGS = [
  ["ko", "ko-KR"],
  ["en", "en-US"],
] as const;

/** Everything that differs between two runs on the same demo data. */
function volatile(page: Page) {
  return [
    page.locator("time"),
    page.locator(".tie-count, .post-card-facts > span, .post-facts dd, .console-figures dd, .console-change"),
    page.locator(".console-status-counts strong, [data-testid=daily-chart], .daily-table, .analytics-shares, .analytics-top, [data-testid=period]"),
    page.locator(".console-table td.number"),
  ];
}

/** Live words whose length moves with the data (a week's change against the week before:
 * "+4.5% against the 7 days before" or "nothing to compare with") set to one sample, so that
 * a box's height, and every block below it, does not move with the day the test runs on. The
 * words are masked like the figures; the layout around them is what is compared. */
async function steadyWords(page: Page, lang: string) {
  const sample = lang === "ko" ? "이전 7일 대비 +4.5%" : "+4.5% against the 7 days before";
  await page.evaluate((text) => {
    document.querySelectorAll(".console-change").forEach((node) => {
      node.textContent = text;
    });
  }, sample);
}

/** A browser of `locale`, signed in as `email` when given, at `address`. */
async function open(browser: Browser, baseURL: string | undefined, locale: string, address: string, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale });
  const page = await context.newPage();
  if (email) await signIn(page, email);
  await page.goto(address);
  await appReady(page);
  return page;
}

/** The page at each width and language, against its baselines. */
async function compare(browser: Browser, baseURL: string | undefined, name: string, address: string, email?: string) {
  for (const [lang, locale] of LANGS) {
    const page = await open(browser, baseURL, locale, address, email);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.locator(".page-loading, .loading")).toHaveCount(0);
      // Every answer in, so that nothing redraws the words set below.
      await page.waitForLoadState("networkidle");
      await steadyWords(page, lang);
      await page.evaluate(() => document.fonts.ready);
      await expect(page).toHaveScreenshot(`${name}-${lang}-${width}.png`, {
        mask: volatile(page),
        animations: "disabled",
        caret: "hide",
        // Anti-aliasing differs by a few pixels between runs; a moved block is thousands.
        maxDiffPixelRatio: 0.01,
      });
    }
    await page.context().close();
  }
}

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

async function firstPost(page: Page): Promise<{ postSeq: number; business: { id: number } }> {
  const answer = (await (await page.request.get("/api/v1/posts/latest?size=1")).json()) as { data: { items: { postSeq: number; business: { id: number } }[] } };
  return answer.data.items[0];
}

const READER_PAGES: [string, (page: Page) => Promise<string>][] = [
  ["home", async () => "/"],
  ["list", async () => "/post/latest/list?sort=LATEST"],
  ["post", async (page) => `/post/${(await firstPost(page)).postSeq}`],
  ["business", async (page) => `/business/profile/${(await firstPost(page)).business.id}`],
  ["search", async () => "/search/contents?keyword=%EB%A7%88%EC%BC%80%ED%8C%85&sort=POPULAR"],
  ["join", async () => "/member/join"],
];

for (const [name, address] of READER_PAGES) {
  test(`${name} looks as designed`, async ({ page, browser, baseURL }) => {
    await compare(browser, baseURL, name, await address(page));
  });
}

const MEMBER_PAGES: [string, string, string][] = [
  ["mypage", "reader@tidemark.test", "/mypage"],
  ["console", "master@tidemark.test", "/mypage/business"],
  ["writing", "master@tidemark.test", "/mypage/content/register"],
  ["analytics", "master@tidemark.test", "/mypage/business/analytics/outline"],
  ["queue", "admin@tidemark.test", "/admin"],
];

for (const [name, email, address] of MEMBER_PAGES) {
  test(`${name} looks as designed`, async ({ browser, baseURL }) => {
    await compare(browser, baseURL, name, address, email);
  });
}
