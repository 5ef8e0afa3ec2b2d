// The server's prerendered first view and the app that takes over say the same words: every
// visible text of the page, read with JavaScript off (the server's HTML alone) and again once
// the app is ready, in both languages. The texts come from one catalogue (the UI's texts.json
// files, which the server includes), so a changed word changes both.
import type { Browser, Page } from "@playwright/test";
import { appReady, demoContent, expect, test } from "./support";

type Lang = "ko" | "en";

/** The visible text of the page's root, one line per block, spaces collapsed; without what
 * depends on the session, which the server cannot know when it renders the first view: the
 * sign-in link or the member's menu (`data-session`), and the follow and bookmark buttons'
 * icons (pending, "…", in the first view; "+" or "✓" once the visitor's ties are known). */
async function visibleText(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    document.querySelectorAll("[data-session], .tie-button .tie-icon").forEach((node) => node.remove());
    // A post's body lives in a shadow root once the app has it; read it like the rest.
    document.querySelectorAll("#root *").forEach((host) => {
      if (!host.shadowRoot) return;
      const flat = document.createElement("div");
      flat.append(...Array.from(host.shadowRoot.childNodes, (node) => node.cloneNode(true)));
      host.replaceWith(flat);
    });
  });
  const text = await page.locator("#root").innerText();
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
  return lines.map((line, index) => withoutLiveCount(line, lines[index - 1]));
}

const COUNTER = /^(Views|Bookmarks|Followers|조회수|북마크|북마크 수|팔로워)$/i;
const FIGURE = /^[\d,.]+[kKmM만천]?$/;

/** A counter's figure (views, bookmarks, followers) is live data: other tests running beside
 * this one view and bookmark the same posts between the two loads. Its words are compared,
 * its figure is not, whether it shares the label's line ("Views 17") or follows it on a line
 * of its own (a `<dt>`/`<dd>` pair, a button's hidden label and its count). */
function withoutLiveCount(line: string, before: string | undefined): string {
  if (before !== undefined && COUNTER.test(before) && FIGURE.test(line)) return "#";
  return line.replace(/^(Views|Bookmarks|Followers|조회수|북마크|팔로워)( ?)[\d,.]+[kKmM만천]?$/i, "$1$2#");
}

async function textOf(browser: Browser, baseURL: string, path: string, lang: Lang, javaScript: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScript,
    timezoneId: "Asia/Seoul",
    locale: lang === "ko" ? "ko-KR" : "en-US",
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies([{ name: "tm_lang", value: lang, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (javaScript) {
    await appReady(page);
    // The app's first render comes from the page's inline answers; let its effects settle.
    await page.waitForLoadState("networkidle");
  }
  const text = await visibleText(page);
  await context.close();
  return text;
}

test("the prerendered pages and the app show the same texts", async ({ browser, page, baseURL }) => {
  test.setTimeout(240_000);
  await demoContent(page);
  const latest = await (await page.request.get("/api/v1/posts/latest?size=1")).json();
  const post = latest.data.items[0] as { postSeq: number; business: { id: number } };
  const paths = [
    "/",
    "/post/category/list/1?sort=POPULAR",
    `/post/${post.postSeq}`,
    `/business/profile/${post.business.id}`,
  ];
  for (const lang of ["ko", "en"] as const) {
    for (const path of paths) {
      // The popular order is live: the minute's roll-up may reorder the list between the two
      // loads while other tests read posts. Both loads are taken again until they meet; words
      // the server and the app really say differently never meet, and the test fails.
      await expect(async () => {
        const served = await textOf(browser, baseURL!, path, lang, false);
        const hydrated = await textOf(browser, baseURL!, path, lang, true);
        expect(served.length, `${path} (${lang}) has a prerendered first view`).toBeGreaterThan(3);
        expect(hydrated, `${path} (${lang}): the app's texts against the server's`).toEqual(served);
      }).toPass({ intervals: [1_000, 2_000], timeout: 20_000 });
    }
  }
});
