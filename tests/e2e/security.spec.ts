// What the browser itself must hold to: pages run under Trusted Types and the CSP with no
// violation, and a post body cannot make a reader's browser call the site's own API (an
// image address with a dot segment is resolved by the browser, not by the server).
import type { Page } from "@playwright/test";
import { demoContent, expect, signIn, test } from "./support";

/** Collects the page's CSP and Trusted Types violations from the first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
  await demoContent(page);
});

test("the home page and a post run under Trusted Types with no violation, the body in its shadow root", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  const first = page.getByRole("region", { name: "Latest posts" }).locator("article.post-card").first();
  await first.locator("a.post-card-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const rendered = await page.getByTestId("post-body").evaluate((host) => host.shadowRoot?.textContent?.trim().length ?? 0);
  expect(rendered).toBeGreaterThan(0);
  // The same post loaded directly: the boot script starts the app through its policy.
  await page.reload();
  await expect(page.getByTestId("post-body")).toBeVisible();
  const header = (await page.request.get(page.url())).headers()["content-security-policy"] ?? "";
  expect(header).toContain("require-trusted-types-for 'script'");
  expect(await violations(page)).toEqual([]);
  expect(errors.filter((text) => /Trusted ?Type|Content Security Policy/i.test(text))).toEqual([]);
});

test("an image address with a dot segment never reaches the reader's browser", async ({ page }) => {
  await signIn(page, "master@tidemark.test");
  const word = `dotsegment${Date.now()}`;
  const body =
    `<p>본문</p><img src="/media/../api/v1/search?q=${word}">` +
    `<img src="/media/%2e%2e/api/v1/search?q=${word}"><img src="/media/images/..%5c..%5capi/v1/search?q=${word}">`;
  // A draft: the business's people preview it, nobody else sees it.
  const created = await page.request.post("/api/v1/posts", {
    headers: { _off_set: "540" },
    data: { categoryId: 1, title: `점 경로 ${word}`, summary: "요약", bodyHtml: body, tags: [], action: "draft" },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const post = ((await created.json()) as { data: { postSeq: number; bodyHtml: string } }).data;
  expect(post.bodyHtml).not.toContain("api/v1/search");

  const searches: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(word)) searches.push(request.url());
  });
  await page.goto(`/post/${post.postSeq}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(word);
  // The sanitiser took the addresses away: no picture of the body points anywhere.
  const sources = await page
    .getByTestId("post-body")
    .evaluate((host) => [...(host.shadowRoot?.querySelectorAll("img") ?? [])].map((img) => img.getAttribute("src")));
  expect(sources.filter((src) => src !== null)).toEqual([]);
  expect(searches).toEqual([]);
  expect(await violations(page)).toEqual([]);
});
