// Every public page of the reader's site: no serious or critical axe-core violation, nothing
// scrolling sideways at 360 px, and a screenshot at phone, tablet and desktop widths
// (tests/e2e/artifacts/screenshots) to look at.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { demoContent, expect, screenshots, sidewaysOverflow, signIn, test } from "./support";

interface Ids {
  post: number;
  business: number;
  collection: number;
}

async function ids(page: Page): Promise<Ids> {
  const latest = (await (await page.request.get("/api/v1/posts/latest?size=1")).json()) as { data: { items: { postSeq: number; business: { id: number } }[] } };
  const collections = (await (await page.request.get("/api/v1/recommendations")).json()) as { data: { id: number }[] };
  return { post: latest.data.items[0].postSeq, business: latest.data.items[0].business.id, collection: collections.data[0].id };
}

/** [name, path, signed in] */
function pages({ post, business, collection }: Ids): [string, string, boolean][] {
  const keyword = encodeURIComponent("마케팅");
  return [
    ["home", "/", false],
    ["popular", "/post/popular/list?sort=POPULAR", false],
    ["latest", "/post/latest/list?sort=LATEST", false],
    ["category", "/post/category/list/1?sort=POPULAR", false],
    ["report", "/post/report/list", false],
    ["recommend", `/post/recommend/list/${collection}`, false],
    ["post", `/post/${post}`, false],
    ["business", `/business/profile/${business}`, false],
    ["search", "/search?sort=POPULAR", false],
    ["search-contents", `/search/contents?keyword=${keyword}&sort=POPULAR`, false],
    ["search-business", `/search/business?keyword=${keyword}&sort=POPULAR`, false],
    ["interest-guest", "/interest", false],
    ["interest-list", "/post/interest/list?sort=LATEST", true],
    ["interest-bookmark", "/interest/bookmark", true],
    ["interest-following", "/interest/following", true],
    ["follow-list", "/follow/list", true],
    ["mobile-category", "/mobile/category", false],
    ["b2b", "/b2b", false],
    ["sample-chart", "/sample/chart", false],
    ["sample-modal", "/sample/modal", false],
    ["sample-page1", "/sample/page1", false],
    ["sample-page2", "/sample/page2", false],
    ["sample-unsplash", "/sample/unsplash", false],
    ["sample-error", "/sample/page4_error", false],
    ["not-found", "/no/such/page", false],
    ["login", "/member/login", false],
    ["login-email", "/member/login/email", false],
  ];
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator(".page-loading")).toHaveCount(0);
}

test.describe.configure({ timeout: 180_000 });

for (const lang of ["en-US", "ko-KR"] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: lang });

    test("no serious or critical axe violation on any page", async ({ page }) => {
      await demoContent(page);
      const found: string[] = [];
      let signedIn = false;
      for (const [name, path, member] of pages(await ids(page))) {
        if (member && !signedIn) {
          await signIn(page);
          signedIn = true;
        }
        await page.goto(path);
        await settle(page);
        const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const violation of result.violations) {
          if (violation.impact === "serious" || violation.impact === "critical") {
            found.push(`${name} ${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
          }
        }
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  });
}

for (const width of [360, 768, 1280]) {
  test(`every page fits and is photographed at ${width}px`, async ({ page }) => {
    await demoContent(page);
    await page.setViewportSize({ width, height: 900 });
    const all = pages(await ids(page));
    // Guests first, then the member's pages.
    for (const [name, path] of all.filter(([, , member]) => !member)) await shoot(page, name, path, width);
    await signIn(page);
    for (const [name, path] of all.filter(([, , member]) => member)) await shoot(page, name, path, width);
  });
}

async function shoot(page: Page, name: string, path: string, width: number) {
  await page.goto(path);
  await settle(page);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
}
