// Writing in the business console, in real Chromium: a manager (joined through the real
// invitation mail) writes a post with a heading, a list, a table, an uploaded image and a
// coupon image; the draft saves itself, survives a closed tab, keeps revisions that can be
// restored, and is shared by a preview link; a post scheduled in Korean time stays invisible
// until its time, then goes live; Hangul composition survives the cases that break editors;
// pastes from Word, Google Docs and 한글 keep their structure.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { HEADERS, lookAt } from "./access";
import { data, newManager, newMaster, png } from "./business";
import { appReady, dataLayer, demoContent, expect, ime, screenshots, test } from "./support";

// Each test writes with people of its own, and the longest of the run are here: they run side by side.
test.describe.configure({ mode: "parallel", timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

interface Post {
  postSeq: number;
  title: string;
  /** The body as readers are shown it (headings anchored, players behind play buttons). */
  bodyHtml: string;
  /** The body as stored: the business's people get it, to edit. */
  bodySource: string;
  status: string;
}

function editorOf(page: Page): Locator {
  return page.locator(".ed-content");
}

/** The post id the page's address names (the first save puts it there). */
async function postIdOf(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]id=\d+/);
  return Number(new URL(page.url()).searchParams.get("id"));
}

/** Types `ms` as the Korean wall-clock time into the schedule's date and time fields (with
 * seconds, which the time field takes when they are typed). */
async function scheduleFor(page: Page, ms: number) {
  const kst = new Date(ms + 9 * 3_600_000).toISOString();
  const when = page.getByRole("group", { name: "Publish at (Korean time)" });
  await when.getByLabel("Date").fill(kst.slice(0, 10));
  await when.getByLabel("Time").fill(kst.slice(11, 19));
}

async function openWriter(page: Page, query = "") {
  await page.goto(`/mypage/content/register${query}`);
  await appReady(page);
  await expect(editorOf(page)).toBeVisible();
}

async function insertImage(page: Page, alt: string, options: { caption?: string; couponLink?: string; color: [number, number, number] }) {
  await page.getByRole("button", { name: "Insert image" }).click();
  const dialog = page.getByRole("dialog", { name: "Image" });
  await dialog.getByLabel("Image file (JPEG, PNG, WebP, GIF)").setInputFiles({ name: "image.png", mimeType: "image/png", buffer: png(320, 180, options.color) });
  await dialog.getByLabel("Alt text").fill(alt);
  if (options.caption) await dialog.getByLabel("Caption (optional)").fill(options.caption);
  if (options.couponLink) {
    await dialog.getByLabel("Coupon image (opens the link below when clicked)").check();
    await dialog.getByLabel("Coupon link").fill(options.couponLink);
  }
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toHaveCount(0);
}

test("a manager writes a post with a heading, a list, a table and images; the draft saves itself, survives a closed tab, restores a revision and is shared by a preview link", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const manager = await newManager(browser, baseURL, boss);
  const page = manager.page;
  await openWriter(page);
  await page.getByLabel("Title").fill("2026년 사업 계획");
  await page.getByLabel("Summary").fill("올해의 목표와 일정을 정리했습니다.");

  const body = editorOf(page);
  await body.click();
  await page.keyboard.type("올해의 목표");
  await page.getByLabel("Block type").selectOption("h2");
  await body.locator("h2").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("세 가지를 약속합니다.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("해외 매출 확대");
  await page.keyboard.press("Enter");
  await page.keyboard.type("채용 30% 증가");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // The table support is not part of the page until the first table: it loads then, and the
  // editor takes it on with its text and undo history.
  const tableCode = () => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /\/assets\/tables-[\w-]+\.js$/.test(entry.name)));
  expect(await tableCode()).toBe(false);
  await page.getByRole("button", { name: "Insert table" }).click();
  const cells = body.locator("th, td");
  await expect(cells).toHaveCount(9);
  expect(await tableCode()).toBe(true);
  await page.keyboard.press("Control+z");
  await expect(cells).toHaveCount(0);
  await expect(body.locator("li")).toHaveText(["해외 매출 확대", "채용 30% 증가"]);
  await page.keyboard.press("Control+y");
  await expect(cells).toHaveCount(9);
  const texts = ["분기", "목표", "담당", "1분기", "준비", "기획팀", "2분기", "출시", "개발팀"];
  for (const [i, text] of texts.entries()) {
    await cells.nth(i).click();
    await page.keyboard.type(text);
  }
  await body.locator("p").last().click();
  await insertImage(page, "신제품 외관 사진", { caption: "2026년형 외관", color: [11, 92, 173] });
  await insertImage(page, "출시 기념 10% 할인 쿠폰", { couponLink: "https://tidemark.kr/coupon/7", color: [240, 180, 40] });
  await expect(body.locator("figure img")).toHaveCount(2);

  // Autosave: 3 seconds after the last change the draft is on the server, and the address
  // names it.
  await expect(page.getByText(/Saved automatically at \d\d:\d\d:\d\d/)).toBeVisible({ timeout: 15_000 });
  const id = await postIdOf(page);
  expect((await dataLayer(page)).some((entry) => entry.event === "TemporaryContent" && entry.screen === "UPLOAD")).toBe(true);
  const saved = await data<Post>(await page.request.get(`/api/v1/posts/${id}`));
  expect(saved.status).toBe("DRAFT");
  expect(saved.bodySource).toContain("<h2>올해의 목표</h2><p>세 가지를 약속합니다.</p><ul><li>해외 매출 확대</li><li>채용 30% 증가</li></ul>");
  expect(saved.bodySource).toContain("<table><tbody><tr><th>분기</th><th>목표</th><th>담당</th></tr><tr><td>1분기</td><td>준비</td><td>기획팀</td></tr><tr><td>2분기</td><td>출시</td><td>개발팀</td></tr></tbody></table>");
  expect(saved.bodySource).toMatch(/<figure><img src="\/media\/[\w./-]+" alt="신제품 외관 사진" width="320" height="180"><figcaption>2026년형 외관<\/figcaption><\/figure>/);
  expect(saved.bodySource).toMatch(/<figure><a href="https:\/\/tidemark\.kr\/coupon\/7" rel="noopener noreferrer nofollow ugc"><img src="\/media\/[\w./-]+" alt="출시 기념 10% 할인 쿠폰" width="320" height="180" class="coupon"><\/a><\/figure>/);
  await lookAt(page, "writing-draft");

  // A change, and the tab closed before it was saved: the browser kept it.
  await page.getByLabel("Title").fill("2026년 사업 계획 (수정 중)");
  await page.close();
  const back = await manager.context.newPage();
  await openWriter(back, `?id=${id}`);
  await expect(back.getByText(/Recovered changes kept in this browser at/)).toBeVisible();
  await expect(back.getByLabel("Title")).toHaveValue("2026년 사업 계획 (수정 중)");
  await expect(back.getByText(/Saved automatically at/)).toBeVisible({ timeout: 15_000 });
  expect((await data<Post>(await back.request.get(`/api/v1/posts/${id}`))).title).toBe("2026년 사업 계획 (수정 중)");

  // Revisions: the oldest beside what is being edited, then restored.
  const revisions = back.getByRole("region", { name: "Revisions" });
  const oldest = revisions.getByRole("listitem").last();
  const oldTitle = (await oldest.locator(".console-small").innerText()).trim();
  await oldest.getByRole("button", { name: "Compare" }).click();
  const compare = back.getByRole("dialog", { name: "Revisions" });
  await expect(compare.getByRole("heading", { name: "What you are editing" })).toBeVisible();
  await expect(compare.getByText("2026년 사업 계획 (수정 중)")).toBeVisible();
  for (const width of [1280, 360]) {
    await back.setViewportSize({ width, height: 900 });
    await back.screenshot({ path: `${screenshots}/writing-revisions-en-${width}.png`, fullPage: true });
  }
  back.once("dialog", (dialog) => void dialog.accept());
  await compare.getByRole("button", { name: "Restore this revision" }).click();
  await expect(back.getByLabel("Title")).toHaveValue(oldTitle === "—" ? "" : oldTitle);

  // A preview link: works signed out, noindex; revoked, it is gone.
  const previews = back.getByRole("region", { name: "Preview links" });
  await previews.getByRole("button", { name: "Create a link (7 days)" }).click();
  const url = await previews.getByRole("textbox").inputValue();
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  const stranger = await browser.newPage({ baseURL, locale: "en-US" });
  const answer = await stranger.goto(url);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  await appReady(stranger);
  await expect(stranger.getByRole("note")).toContainText("Preview");
  await previews.getByRole("button", { name: "Revoke" }).first().click();
  await expect(previews.getByText("Revoked")).toBeVisible();
  const gone = await stranger.request.get(`/api/v1/previews/${url.split("/").pop()}`);
  expect(gone.status()).toBe(404);
  await stranger.close();
  await manager.context.close();
  await boss.context.close();
});

test("a second person editing the same post is warned before overwriting, and chooses", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const manager = await newManager(browser, baseURL, boss, "동시편집자");
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title: "함께 쓰는 글", bodyHtml: "<p>처음 본문</p>", action: "draft" } }),
  );
  // Both open the draft; the manager saves first.
  await openWriter(boss.page, `?id=${post.postSeq}`);
  await openWriter(manager.page, `?id=${post.postSeq}`);
  await manager.page.getByLabel("Title").fill("함께 쓰는 글 (매니저 수정)");
  await expect(manager.page.getByText(/Saved automatically at/)).toBeVisible({ timeout: 15_000 });

  // The master's autosave is refused: the page says who saved and offers both ways.
  await boss.page.getByLabel("Title").fill("함께 쓰는 글 (마스터 수정)");
  const warning = boss.page.getByRole("alert").filter({ hasText: "동시편집자 saved this post" });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning).toContainText("Saving now would overwrite their changes.");
  await expect(boss.page.getByText("Saving has stopped: choose above which version stays.")).toBeVisible();
  expect((await data<{ title: string }>(await boss.page.request.get(`/api/v1/posts/${post.postSeq}`))).title).toBe("함께 쓰는 글 (매니저 수정)");
  await lookAt(boss.page, "writing-conflict");

  // The master keeps their own: it lands on the manager's version.
  await warning.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(warning).toHaveCount(0);
  await expect.poll(async () => (await data<{ title: string }>(await boss.page.request.get(`/api/v1/posts/${post.postSeq}`))).title).toBe("함께 쓰는 글 (마스터 수정)");

  // The manager, now behind, takes the master's version instead of overwriting it.
  await manager.page.getByLabel("Summary").fill("매니저의 요약");
  const behind = manager.page.getByRole("alert").filter({ hasText: "saved this post" });
  await expect(behind).toBeVisible({ timeout: 15_000 });
  await behind.getByRole("button", { name: "Load their version (drops mine)" }).click();
  await expect(manager.page.getByLabel("Title")).toHaveValue("함께 쓰는 글 (마스터 수정)");
  await expect(manager.page.getByLabel("Summary")).toHaveValue("");
  await manager.context.close();
  await boss.context.close();
});

test("a post scheduled in Korean time is invisible everywhere until then, then live; a schedule can be moved and cancelled", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  const title = `예약 발행 ${Date.now().toString(36)}`;
  await openWriter(page);
  await page.getByLabel("Title").fill(title);
  await editorOf(page).click();
  await page.keyboard.type("정해진 시각에 공개되는 글입니다.");

  // Far ahead first: the reader's time and the countdown show beside the Korean time.
  await scheduleFor(page, Date.now() + 2 * 86_400_000);
  await expect(page.getByText(/Your time: \d{4}-\d\d-\d\d \d\d:\d\d · 1d 23h \d+m \d+s to go/)).toBeVisible();
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Scheduled.")).toBeVisible();
  await expect(page.locator(".writer-status-badge")).toHaveText("Scheduled");
  const id = await postIdOf(page);
  await lookAt(page, "writing-scheduled");

  // Cancelled: a draft again.
  await page.getByRole("button", { name: "Cancel the schedule (back to draft)" }).click();
  await expect(page.locator(".writer-status-badge")).toHaveText("Draft");

  // Scheduled 20 seconds ahead, then moved to 25: invisible until then, live within a minute after.
  await scheduleFor(page, Date.now() + 20_000);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.locator(".writer-status-badge")).toHaveText("Scheduled");
  const due = Date.now() + 25_000;
  await scheduleFor(page, due);
  await page.getByRole("button", { name: "Move the schedule" }).click();
  await expect(page.getByTestId("schedule-countdown")).toHaveText(/\d+h \d+m \d+s to go/);
  const reader = await browser.newContext({ baseURL, locale: "en-US" });
  expect((await reader.request.get(`/api/v1/posts/${id}`)).status()).toBe(404);
  const latest = await data<{ items: { postSeq: number }[] }>(await reader.request.get("/api/v1/posts/latest?size=20"));
  expect(latest.items.map((item) => item.postSeq)).not.toContain(id);
  await expect
    .poll(async () => (await reader.request.get(`/api/v1/posts/${id}`)).status(), { timeout: 90_000, intervals: [2_000] })
    .toBe(200);
  const liveAt = Date.now();
  expect(liveAt - due).toBeLessThan(60_000);
  const readerPage = await reader.newPage();
  await readerPage.goto(`/post/${id}`);
  await appReady(readerPage);
  await expect(readerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await reader.close();
  // The reader's pages keep showing the demo's posts first (other tests open the latest).
  await data(await boss.context.request.post(`/api/v1/posts/${id}/hide`, { headers: HEADERS }));
  await boss.context.close();
});

test("Hangul composition survives a first syllable, Enter after a syllable, Bold mid-word, a digit after a consonant and a click away", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  await openWriter(page);
  await page.getByLabel("Title").fill("한글 입력");
  const body = editorOf(page);
  await body.click();
  const korean = ime(await page.context().newCDPSession(page));

  // A paragraph that starts with Hangul.
  await korean.type("ㅎ", "하", "한");
  await korean.type("ㄱ", "그", "글");
  await expect(body.locator("p").first()).toHaveText("한글");
  // Enter right after a composed syllable: the syllable stays once, the new line is empty.
  await korean.type("ㅇ", "이", "입");
  await page.keyboard.press("Enter");
  await expect(body.locator("p")).toHaveCount(2);
  await expect(body.locator("p").first()).toHaveText("한글입");
  await expect(body.locator("p").nth(1)).toHaveText("");
  // Bold toggled in the middle of a word.
  await korean.type("ㄱ", "가");
  await page.keyboard.press("Control+b");
  await korean.type("ㄴ", "나");
  await page.keyboard.press("Control+b");
  await korean.type("ㄷ", "다");
  await expect(body.locator("p").nth(1)).toHaveText("가나다");
  await expect(body.locator("p").nth(1).locator("strong")).toHaveText("나");
  await page.keyboard.press("Enter");
  // A digit right after a consonant.
  await korean.type("ㄱ");
  await korean.insert("1");
  await expect(body.locator("p").nth(2)).toHaveText("ㄱ1");
  await page.keyboard.press("Enter");
  // Clicking away while a syllable is being composed: it stays where it was typed.
  await korean.type("ㅁ", "마");
  await korean.compose("ㅈ", "지", "직");
  await page.getByLabel("Summary").click();
  await expect(body.locator("p").nth(3)).toHaveText("마직");
  await expect(page.getByLabel("Summary")).toHaveValue("");
  await expect(page.getByLabel("Title")).toHaveValue("한글 입력");

  await expect(page.getByText(/Saved automatically at/)).toBeVisible({ timeout: 15_000 });
  const id = await postIdOf(page);
  await expect
    .poll(async () => (await data<Post>(await page.request.get(`/api/v1/posts/${id}`))).bodySource)
    .toBe("<p>한글입</p><p>가<strong>나</strong>다</p><p>ㄱ1</p><p>마직</p>");
  await boss.context.close();
});

test("pastes from Word, Google Docs and 한글 keep headings, lists and tables, and lose their styling", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/paste/${name}`, import.meta.url), "utf8");
  for (const source of ["word", "google-docs", "hwp"]) {
    await openWriter(page);
    await page.getByLabel("Title").fill(`붙여넣기 ${source}`);
    await editorOf(page).click();
    await page.evaluate((html) => {
      const transfer = new DataTransfer();
      transfer.setData("text/html", html);
      transfer.setData("text/plain", "plain");
      document.querySelector(".ed-content")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, fixture(`${source}.html`));
    await expect(editorOf(page).locator("table")).toHaveCount(1);
    await expect(page.getByText(/Saved automatically at/)).toBeVisible({ timeout: 15_000 });
    const id = await postIdOf(page);
    const post = await data<Post>(await page.request.get(`/api/v1/posts/${id}`));
    expect(post.bodySource, source).toBe(fixture(`${source}.expected.html`).trim());
  }
  await boss.context.close();
});

test("the writing page is the business's own: another business's manager and a reader get nothing of a draft", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title: "남의 초안", bodyHtml: "<p>비밀</p>", action: "draft" } }),
  );
  const other = await newMaster(browser, baseURL);
  await other.page.goto(`/mypage/content/register?id=${post.postSeq}`);
  await appReady(other.page);
  await expect(other.page.getByText("The post was not found. It was removed or belongs to another business.")).toBeVisible();
  await expect(other.page.getByText("남의 초안")).toHaveCount(0);
  await expect(other.page.getByLabel("Title")).toHaveCount(0);
  expect((await other.context.request.get(`/api/v1/posts/${post.postSeq}/revisions`)).status()).toBe(403);
  await other.context.close();

  const reader = await browser.newContext({ baseURL, locale: "en-US" });
  const readerPage = await reader.newPage();
  await readerPage.goto(`/mypage/content/register?id=${post.postSeq}`);
  await expect(readerPage).toHaveURL(/\/member\/login/);
  await reader.close();
  await boss.context.close();
});
