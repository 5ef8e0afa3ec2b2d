// The operators' console (/admin) in real Chromium, as admin@tidemark.test: the queue with
// who took what; a business verified with a note; a media request taken into review and
// published with its links (the business gets its mail); a post removed with a reason and
// restored; a collection made, ordered by dragging and from the keyboard, and published on
// the home page; the search index rebuilt with its counts; the audit log of all of it. A
// master, a manager and a reader are refused the console, a guest is sent to sign in.
import type { Browser, Page } from "@playwright/test";
import { HEADERS, lookAt } from "./access";
import { data, newManager, newMaster } from "./business";
import { mailTo } from "./mail";
import { appReady, confirmItsMe, demoContent, expect, signIn, test } from "./support";

test.describe.configure({ timeout: 180_000 });

// Names of this run's own request, post and collection (the server's data outlives a run).
const RUN = Date.now().toString(36);
const REQUEST = `운영 콘솔 보도자료 ${RUN}`;
const POST = `운영자가 검토할 글 ${RUN}`;
const BUNDLE = `운영자 추천 묶음 ${RUN}`;

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

async function operator(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "admin@tidemark.test");
  await confirmItsMe(page);
  return page;
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("an operator verifies a business, takes a media request through to published, and removes and restores a post", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const request = await data<{ id: number }>(
    await boss.context.request.post(`/api/v1/businesses/${boss.business.id}/media-requests`, {
      headers: HEADERS,
      data: { title: REQUEST, body: "<p>타이드마크의 새 소식입니다.</p>", mediaTypes: ["ONLINE"] },
    }),
  );
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title: POST, bodyHtml: "<p>본문</p>", action: "publish" } }),
  );
  const admin = await operator(browser, baseURL);

  // The queue: the request waits, nobody has it; taking it puts the operator's name on it.
  await open(admin, "/admin", "Queue");
  const row = admin.getByRole("row").filter({ hasText: REQUEST });
  await expect(row).toContainText("Requested");
  await expect(row).toContainText("Nobody");
  await expect(admin.getByRole("heading", { name: /Businesses waiting for verification \(\d+\)/ })).toBeVisible();
  await lookAt(admin, "admin-queue");
  await row.getByRole("button", { name: `Take: ${REQUEST}` }).click();
  await expect(row.getByRole("cell").nth(4)).toHaveText("admin");
  await expect(row.getByRole("button", { name: `Take over: ${REQUEST}` })).toBeVisible();

  // The business, found by name, verified with a note.
  await open(admin, "/admin/businesses", "Businesses");
  await admin.getByLabel("Search", { exact: true }).fill(boss.business.name);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("link", { name: boss.business.name }).click();
  await expect(admin.getByRole("heading", { name: boss.business.name })).toBeVisible();
  await expect(admin.getByRole("region", { name: "People" })).toContainText(boss.email);
  // Its only person, the master, is named as the master (the row once said Manager for all).
  await expect(admin.getByRole("region", { name: "People" })).toContainText("Master");
  await admin.getByLabel("Note (optional)").fill("사업자등록증 확인 완료");
  await admin.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText(`${boss.business.name} is verified.`)).toBeVisible();
  await expect(admin.getByRole("region", { name: boss.business.name })).toContainText("사업자등록증 확인 완료");
  await expect(admin.getByRole("region", { name: "Recent audit entries" })).toContainText("VERIFIED");
  await lookAt(admin, "admin-business");
  expect((await data<{ verified: boolean }>(await admin.request.get(`/api/v1/businesses/${boss.business.id}`))).verified).toBe(true);

  // The media request: into review, then published with the article's address.
  await open(admin, `/admin/media?id=${request.id}`, "Media requests");
  const card = admin.getByRole("region", { name: REQUEST });
  await expect(card).toContainText("타이드마크의 새 소식입니다.");
  await card.getByRole("button", { name: "Start review" }).click();
  await expect(card.getByRole("button", { name: "Published" })).toBeVisible();
  await card.getByRole("button", { name: "Published" }).click();
  await card.getByLabel("Addresses of the published articles (one per line)").fill("https://news.example/tidemark-launch");
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.locator(".console-badge")).toHaveText("Published");
  await lookAt(admin, "admin-media");
  await mailTo(boss.email, /https:\/\/news\.example\/tidemark-launch/);

  // The post: removed with the reason the business sees, gone from the public page, restored.
  await open(admin, "/admin/posts", "Posts");
  await admin.getByLabel("Search", { exact: true }).fill(POST);
  await admin.getByRole("button", { name: "Search" }).click();
  const postRow = admin.getByRole("row").filter({ hasText: POST });
  await postRow.getByRole("button", { name: `Remove: ${POST}` }).click();
  await admin.getByLabel("Reason for removal (the business sees it)").fill("저작권 침해 신고 접수");
  await admin.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(admin.getByText("The post is removed.")).toBeVisible();
  await expect(postRow).toContainText("Removed by an operator");
  await expect(postRow).toContainText("저작권 침해 신고 접수");
  expect((await boss.context.request.get(`/post/${post.postSeq}`)).status()).toBe(404);
  await lookAt(admin, "admin-posts");
  await postRow.getByRole("button", { name: `Restore: ${POST}` }).click();
  await expect(admin.getByText("The post is restored.")).toBeVisible();
  await expect(postRow).toContainText("Published");
  expect((await boss.context.request.get(`/api/v1/posts/${post.postSeq}`)).status()).toBe(200);
  // The same from the post's own page in the console, which no reader has reported.
  await admin.goto(`/admin/posts?id=${post.postSeq}`);
  const own = admin.getByRole("region", { name: POST });
  await expect(own.getByRole("heading", { name: POST })).toBeVisible();
  await own.getByRole("button", { name: "Remove", exact: true }).click();
  await own.getByLabel("Reason for removal (the business sees it)").fill("운영 정책 위반");
  await own.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(own.getByText("The post is removed.")).toBeVisible();
  await expect(own.locator(".admin-facts")).toContainText("Removed by an operator");
  expect((await boss.context.request.get(`/post/${post.postSeq}`)).status()).toBe(404);
  await own.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(own.getByText("The post is restored.")).toBeVisible();
  await expect(own.locator(".admin-facts")).toContainText("Published");
  // Out of the home page again, for the tests that open its newest post.
  await data(await boss.context.request.post(`/api/v1/posts/${post.postSeq}/hide`, { headers: HEADERS }));
  await boss.context.close();
});

test("an operator makes a collection, orders it by dragging and from the keyboard, publishes it, rebuilds the index and reads it all in the audit log", async ({ browser, baseURL }) => {
  // Its own three posts: the newest posts of the site are other tests' too, and one of those
  // may be removed by an operator while this test reads the collection's titles.
  const boss = await newMaster(browser, baseURL);
  const write = async (n: number) => {
    const title = `추천 묶음에 넣을 글 ${RUN} ${n}`;
    const post = await data<{ postSeq: number }>(
      await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title, bodyHtml: "<p>본문</p>", action: "publish" } }),
    );
    return { postSeq: post.postSeq, title };
  };
  const [a, b, c] = [await write(1), await write(2), await write(3)];
  const admin = await operator(browser, baseURL);

  await open(admin, "/admin/collections", "Collections");
  await admin.getByRole("button", { name: "New collection" }).click();
  const editor = admin.getByRole("region", { name: "New collection" });
  await editor.getByLabel("Title (Korean)").fill(BUNDLE);
  await editor.getByLabel("Title (English)").fill("Operators' bundle");
  for (const item of [a, b, c]) {
    await editor.getByLabel("Add a post by its number").fill(String(item.postSeq));
    await editor.getByRole("button", { name: "Add", exact: true }).click();
  }
  await editor.getByRole("button", { name: "Create" }).click();
  const saved = admin.getByRole("region", { name: BUNDLE });
  await expect(saved).toBeVisible();
  await expect(saved.locator(".console-badge")).toHaveText("Not published");
  const order = saved.locator(".admin-order li .admin-order-title");
  await expect(order).toHaveText([a.title, b.title, c.title]);

  // From the keyboard: the first post down one place; then the last one dragged to the top.
  await saved.locator(".admin-order li").first().focus();
  await admin.keyboard.press("Alt+ArrowDown");
  await expect(order).toHaveText([b.title, a.title, c.title]);
  await expect(saved.getByRole("status").filter({ hasText: `${a.title}: position 2` })).toBeAttached();
  await saved.locator(".admin-order li").nth(2).dragTo(saved.locator(".admin-order li").first());
  await expect(order).toHaveText([c.title, b.title, a.title]);
  await saved.getByRole("button", { name: "Save" }).click();
  await expect(saved.getByText("Saved.")).toBeVisible();
  const home = async () => (await data<{ id: number; titleKo: string; items: { postSeq: number }[] }[]>(await admin.request.get("/api/v1/recommendations"))).find((item) => item.titleKo === BUNDLE);
  expect(await home()).toBeUndefined();
  await lookAt(admin, "admin-collections");
  await saved.getByRole("button", { name: "Publish" }).click();
  await expect(saved.locator(".console-badge")).toHaveText("On the home page");
  expect((await home())?.items.map((item) => item.postSeq)).toEqual([c.postSeq, b.postSeq, a.postSeq]);

  // The index, rebuilt: progress while it runs, its counts at the end.
  await open(admin, "/admin/search", "Search index");
  await admin.getByRole("button", { name: "Rebuild the index" }).click();
  await expect(admin.getByText(/Last: .* · \d+ posts, \d+ businesses, [\d.]+ s/)).toBeVisible({ timeout: 60_000 });
  await lookAt(admin, "admin-search");

  // The log: newest first, every action above, by the operator; narrowed to one action.
  await open(admin, "/admin/audit", "Audit log");
  const actions = admin.getByRole("row").locator("td:nth-child(3)");
  // Other tests' operator actions (a post removed, a request reviewed) may come in between.
  const mine = ["SEARCH_REBUILT", "COLLECTION_PUBLISHED", "COLLECTION_UPDATED", "COLLECTION_CREATED"];
  await expect
    .poll(async () => (await actions.allTextContents()).map((text) => text.trim()).filter((action) => mine.includes(action)).slice(0, 4))
    .toEqual(mine);
  await expect(admin.getByRole("row").nth(1)).toContainText("admin@tidemark.test");
  await admin.getByLabel("Action").selectOption("COLLECTION_CREATED");
  await expect(actions.first()).toHaveText("COLLECTION_CREATED");
  await expect(admin.getByRole("row").filter({ hasText: "SEARCH_REBUILT" })).toHaveCount(0);
  await lookAt(admin, "admin-audit");
  // Out of the home page again (the collection goes with them), for the tests that open its newest post.
  for (const item of [a, b, c]) await data(await boss.context.request.post(`/api/v1/posts/${item.postSeq}/hide`, { headers: HEADERS }));
  await boss.context.close();
});

test("a master, a manager and a reader are refused the console; a guest is sent to sign in", async ({ browser, baseURL, page }) => {
  const boss = await newMaster(browser, baseURL);
  const manager = await newManager(browser, baseURL, boss);
  const reader = await browser.newContext({ baseURL, locale: "en-US" });
  const readerPage = await reader.newPage();
  await signIn(readerPage, "reader@tidemark.test");
  for (const someone of [boss.page, manager.page, readerPage]) {
    for (const path of ["/admin", "/admin/posts"]) {
      await someone.goto(path);
      await appReady(someone);
      // A signed-in member who is not an operator stays where they are and is told why.
      await expect(someone).toHaveURL(new RegExp(`${path}$`));
      await expect(someone.getByRole("heading", { level: 1 })).toHaveText("no access");
      await expect(someone.getByText(/Sign in with one that has access/)).toBeVisible();
      await expect(someone).toHaveTitle("no access · Tidemark");
      await expect(someone.getByRole("heading", { name: "Queue" })).toHaveCount(0);
    }
    expect((await someone.request.get("/api/v1/admin/queue")).status()).toBe(403);
  }
  // A manager at a master's console page, a reader at the business console: the same screen.
  for (const [someone, path] of [
    [manager.page, "/mypage/business/profile"],
    [readerPage, "/mypage/content/register"],
  ] as const) {
    await someone.goto(path);
    await appReady(someone);
    await expect(someone).toHaveURL(new RegExp(`${path}$`));
    await expect(someone.getByRole("heading", { level: 1 })).toHaveText("no access");
  }
  await page.goto("/admin/audit");
  await appReady(page);
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fadmin%2Faudit/);
  await boss.context.close();
  await manager.context.close();
  await reader.close();
});
