// Media requests and the business's posts in the console, in real Chromium: the master asks
// for a media publication (the post editor, attachments, a desired date and time in Korean
// time), rewrites it while it waits, and follows it through review to the published links,
// with a real mail at every step; a manager is not offered the page. The posts list filters
// by status, title and category, publishes and hides, and shows an operator's reason.
import type { Browser } from "@playwright/test";
import { HEADERS, lookAt } from "./access";
import { data, newManager, newMaster, png } from "./business";
import { allMail } from "./mail";
import { appReady, demoContent, expect, signIn, test } from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

/** An operator's API, signed in in a context of its own. */
async function operator(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "admin@tidemark.test");
  return { context, request: page.request };
}

test("the master asks for a media publication, edits it while it waits, and sees it through review to the published links", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  await page.goto("/mypage/media-publish/register");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Media requests" })).toBeVisible();

  // What is missing is said before anything is sent.
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText("Enter a title.")).toBeVisible();
  await expect(page.getByText("Choose at least one medium.")).toBeVisible();

  const tomorrow = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Title").fill("신제품 출시 보도자료");
  await page.locator(".ed-content").click();
  await page.keyboard.type("타이드마크가 새 제품을 출시합니다.");
  await page.getByLabel("Desired date").fill(tomorrow);
  await page.getByLabel("Desired time (Korean time, optional)").fill("14:30");
  await page.getByLabel("Online news").check();
  await page.getByLabel("Newspapers").check();
  await page.getByLabel("Attachments (images, PDF; at most 10)").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png(200, 120, [30, 120, 60]) });
  await expect(page.getByRole("link", { name: "photo.png" })).toBeVisible();
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText("Request sent. We will mail you when the review starts.")).toBeVisible();
  const history = page.getByRole("region", { name: "Your requests" });
  const item = history.getByRole("listitem").filter({ hasText: "신제품 출시 보도자료" }).first();
  await expect(item).toHaveAttribute("data-status", "REQUESTED");
  await expect(item).toContainText(`Wanted: ${tomorrow} 14:30`);
  await expect(item).toContainText("Newspapers, Online news");

  // Rewritten while it waits.
  await item.getByRole("button", { name: "Edit: 신제품 출시 보도자료" }).click();
  await expect(page.getByRole("heading", { name: "Edit the request" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("신제품 출시 보도자료");
  await expect(page.locator(".ed-content")).toContainText("타이드마크가 새 제품을 출시합니다.");
  await page.getByLabel("Title").fill("신제품 출시 보도자료 (수정)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Request updated.")).toBeVisible();
  const edited = history.getByRole("listitem").filter({ hasText: "신제품 출시 보도자료 (수정)" }).first();
  await expect(edited).toHaveAttribute("data-status", "REQUESTED");
  await lookAt(page, "media-requested");

  // An operator reviews and publishes it; the history follows, with a mail at each step.
  const requests = await data<{ items: { id: number; title: string }[] }>(await boss.context.request.get(`/api/v1/businesses/${boss.business.id}/media-requests`));
  const id = requests.items.find((request) => request.title === "신제품 출시 보도자료 (수정)")?.id;
  const admin = await operator(browser, baseURL);
  await data(await admin.request.post(`/api/v1/admin/media-requests/${id}/status`, { headers: HEADERS, data: { status: "IN_REVIEW" } }));
  await data(await admin.request.post(`/api/v1/admin/media-requests/${id}/status`, { headers: HEADERS, data: { status: "PUBLISHED", links: ["https://news.example/tidemark-launch"] } }));
  await admin.context.close();
  await page.reload();
  await appReady(page);
  const done = page.getByRole("region", { name: "Your requests" }).getByRole("listitem").filter({ hasText: "신제품 출시 보도자료 (수정)" }).first();
  await expect(done).toHaveAttribute("data-status", "PUBLISHED");
  await expect(done.getByRole("list", { name: "Steps" })).toContainText(/Requested.*In review.*Published/);
  await expect(done.getByRole("link", { name: "https://news.example/tidemark-launch" })).toBeVisible();
  await expect(done.getByRole("button", { name: /Edit/ })).toHaveCount(0);
  await expect.poll(() => allMail().filter((mail) => mail.to.includes(boss.email)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await lookAt(page, "media-published");

  // A manager is not offered the page: the "no access" screen, where the address was.
  const manager = await newManager(browser, baseURL, boss);
  await manager.page.goto("/mypage/media-publish/register");
  await appReady(manager.page);
  await expect(manager.page).toHaveURL(/\/mypage\/media-publish\/register$/);
  await expect(manager.page.getByRole("heading", { level: 1 })).toHaveText("no access");
  await expect(manager.page.getByRole("heading", { name: "Your requests" })).toHaveCount(0);
  await expect(manager.page.getByText("신제품 출시 보도자료")).toHaveCount(0);
  await manager.context.close();
  await boss.context.close();
});

test("the posts list filters by status, title and category, publishes and hides, and shows an operator's reason", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const post = async (title: string, action: string, extra: Record<string, unknown> = {}) =>
    (await data<{ postSeq: number }>(await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 3, title, summary: "", bodyHtml: "<p>본문</p>", action, ...extra } }))).postSeq;
  const draft = await post("목록의 초안", "draft");
  await post("목록의 예약 글", "schedule", { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
  const published = await post("목록의 발행 글", "publish");
  const removed = await post("운영자가 지운 글", "publish");
  const admin = await operator(browser, baseURL);
  await data(await admin.request.post(`/api/v1/admin/posts/${removed}/remove`, { headers: HEADERS, data: { reason: "광고성 글" } }));
  await admin.context.close();

  const page = boss.page;
  await page.goto("/mypage/business");
  await appReady(page);
  const counts = page.getByRole("region", { name: "Posts by status" });
  await expect(counts.getByRole("link", { name: /Drafts\s*1/ })).toBeVisible();
  await expect(counts.getByRole("link", { name: /Published\s*1/ })).toBeVisible();
  await counts.getByRole("link", { name: /Removed by an operator\s*1/ }).click();
  const list = page.getByRole("region", { name: "Posts" });
  await expect(list.getByRole("row", { name: /운영자가 지운 글/ })).toContainText("Reason: 광고성 글");
  await expect(list.getByRole("link", { name: "Edit: 운영자가 지운 글" })).toHaveCount(0);

  await list.getByRole("button", { name: "All" }).click();
  await expect(list.locator("tbody tr")).toHaveCount(4);
  await list.getByLabel("Search titles").fill("초안");
  await list.getByRole("button", { name: "Search" }).click();
  await expect(list.locator("tbody tr")).toHaveCount(1);
  await list.getByRole("button", { name: "Publish: 목록의 초안" }).click();
  await expect(list.getByText("Published '목록의 초안'.")).toBeVisible();
  await expect(list.getByRole("row", { name: /목록의 초안/ })).toHaveAttribute("data-status", "PUBLISHED");
  expect((await page.request.get(`/api/v1/posts/${draft}`)).status()).toBe(200);
  await list.getByRole("button", { name: "Hide: 목록의 초안" }).click();
  await expect(list.getByRole("row", { name: /목록의 초안/ })).toHaveAttribute("data-status", "HIDDEN");
  await list.getByLabel("Search titles").fill("");
  await list.getByRole("button", { name: "Search" }).click();
  await list.getByLabel("Category").selectOption({ label: "Insights" });
  await expect(list.getByText("No posts match.")).toBeVisible();
  await list.getByLabel("Category").selectOption({ label: "All categories" });
  await list.getByRole("button", { name: "Scheduled" }).click();
  await expect(list.locator("tbody tr")).toHaveCount(1);
  await expect(list.getByRole("row", { name: /목록의 예약 글/ })).toContainText("To be published");
  await lookAt(page, "console-posts");
  // The reader's pages keep showing the demo's posts first (other tests open the latest).
  await data(await boss.context.request.post(`/api/v1/posts/${published}/hide`, { headers: HEADERS }));
  await boss.context.close();
});
