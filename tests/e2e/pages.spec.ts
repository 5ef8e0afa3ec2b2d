// Every public page of the reader's site: no serious or critical axe-core violation (its
// default rules, in Korean at phone, tablet and desktop widths, in English at the desktop's),
// nothing scrolling sideways at 360 px, and a screenshot at each width
// (tests/e2e/artifacts/screenshots) to look at.
import type { Page } from "@playwright/test";
import { demoContent, expect, screenshots, seriousFindings, sidewaysOverflow, signIn, test } from "./support";

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

// Each test walks every page on its own, and they take minutes: they run side by side.
test.describe.configure({ mode: "parallel", timeout: 180_000 });

// English at the desktop's width; Korean, the site's first language, at every width below.
for (const lang of ["en-US"] as const) {
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
        found.push(...(await seriousFindings(page, `${name} ${path}`)));
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  });
}

for (const width of [360, 768, 1280]) {
  test.describe(`at ${width}px`, () => {
    // The widths in Korean (the desktop's covers Korean there); the test above has English.
    test.use({ locale: "ko-KR" });

    test(`every page fits, passes axe and is photographed at ${width}px`, async ({ page }) => {
      await demoContent(page);
      await page.setViewportSize({ width, height: 900 });
      const all = pages(await ids(page));
      const found: string[] = [];
      // Guests first, then the member's pages.
      for (const [name, path] of all.filter(([, , member]) => !member)) found.push(...(await shoot(page, name, path, width)));
      await signIn(page);
      for (const [name, path] of all.filter(([, , member]) => member)) found.push(...(await shoot(page, name, path, width)));
      expect(found, found.join("\n")).toEqual([]);
    });
  });
}

/** Fits the width (nothing sideways), photographed; answers axe's serious findings. */
async function shoot(page: Page, name: string, path: string, width: number): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
  return seriousFindings(page, `${name} ${path} at ${width}px`);
}
