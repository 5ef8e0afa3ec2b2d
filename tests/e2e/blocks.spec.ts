// The body's blocks, in real Chromium: a master writes a post with every block from the
// keyboard — Markdown shortcuts, the "/" insert menu found by Korean and English names, Korean
// typed through the input method, a YouTube link pasted on its own line, a news page's link
// made a card — publishes it, and a reader sees each block at 360 and 1280 px, the contents
// list and the reading time; the video's player loads only when the reader presses play.
// The server reads the videos' details and the page's card from the local open web
// (openweb.mjs).
import type { Page } from "@playwright/test";
import { HEADERS, lookAt } from "./access";
import { data, newMaster, png } from "./business";
import { appReady, demoContent, expect, ime, sidewaysOverflow, test } from "./support";

test.describe.configure({ timeout: 240_000 });

const RUN = Date.now().toString(36);
const TITLE = `블록으로 쓴 출시 소식 ${RUN}`;

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

/** Types Korean as an input method does: each syllable composed, then committed. */
async function hangul(page: Page, text: string) {
  const korean = ime(await page.context().newCDPSession(page));
  for (const syllable of Array.from(text)) {
    if (/[가-힣]/.test(syllable)) await korean.type(syllable);
    else await page.keyboard.type(syllable);
  }
}

/** Pastes `text` as plain text at the caret, as a browser does from the clipboard. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((pasted) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", pasted);
    document.querySelector(".ed-content")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

/** Opens the insert menu with "/" and what follows, then takes its first entry with Enter. */
async function insert(page: Page, query: string, korean = false) {
  await page.keyboard.type("/");
  if (korean) await hangul(page, query);
  else await page.keyboard.type(query);
  const menu = page.getByRole("listbox", { name: /넣을 블록|Blocks to insert/ });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
}

interface Post {
  postSeq: number;
  bodyHtml: string;
  bodySource: string;
  readingMinutes: number;
  status: string;
}

test("a writer puts every block in a post from the keyboard, publishes it, and readers see each one; the player loads only on a click", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  await page.goto("/mypage/content/register");
  await appReady(page);
  const body = page.locator(".ed-content");
  await expect(body).toBeVisible();
  await page.getByLabel("Title").fill(TITLE);

  // Paragraphs and headings: Korean through the input method, headings by "## ".
  await body.click();
  await hangul(page, "올해 새 제품을 소개합니다.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("## ");
  await hangul(page, "첫째 장");
  await expect(body.locator("h2")).toHaveText("첫째 장");
  await page.keyboard.press("Enter");
  await hangul(page, "제품의 특징입니다.");
  await page.keyboard.press("Enter");
  // "---" and a space: a divider.
  await page.keyboard.type("--- ");
  await expect(body.locator(".ed-block-piece[data-block=divider]")).toHaveCount(1);
  // The insert menu found by a Korean name: a callout, its text typed in Korean.
  await insert(page, "강조", true);
  await hangul(page, "출시일은 다음 달입니다.");
  await expect(body.locator("div.callout")).toHaveText("출시일은 다음 달입니다.");
  await page.getByLabel(/Callout colour|강조 상자 색/).selectOption("yellow");
  await page.getByLabel(/Callout icon|강조 상자 아이콘/).selectOption("warning");
  await body.locator("div.callout").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("## ");
  await hangul(page, "둘째 장");
  await page.keyboard.press("Enter");

  // A YouTube link pasted on its own line: a video block with the provider's title and
  // thumbnail, kept by the server.
  await pasteText(page, "https://youtu.be/dQw4w9WgXcQ?t=42");
  const video = body.locator(".ed-block-piece[data-block=video]");
  await expect(video).toHaveCount(1);
  await expect(video.locator(".video-play-title")).toHaveText("타이드마크 2026 신제품 발표");
  await expect(video.locator("img")).toHaveAttribute("src", /^\/media\/images\//);
  // Any other link: offered as a card, made one on request.
  await pasteText(page, `http://127.0.0.1:${Number(new URL(baseURL ?? "").port) + 3}/news/launch`);
  await page.getByRole("button", { name: /As a link card|링크 카드로/ }).click();
  const card = body.locator(".ed-block-piece[data-block=linkCard]");
  await expect(card.locator(".link-card-title")).toHaveText("타이드마크, 한국 기업을 위한 소식 플랫폼 출시");
  await expect(card.locator(".link-card-site")).toHaveText("예시 뉴스");

  // A gallery of three images, each with its alt text; then a PDF file.
  await body.locator("p").last().click();
  await insert(page, "gallery");
  const gallery = page.getByRole("dialog", { name: /Insert a gallery|갤러리 넣기/ });
  await gallery.getByLabel(/images \(JPEG|이미지 \d~\d장/).setInputFiles([
    { name: "a.png", mimeType: "image/png", buffer: png(400, 300, [30, 120, 200]) },
    { name: "b.png", mimeType: "image/png", buffer: png(400, 300, [200, 120, 30]) },
    { name: "c.png", mimeType: "image/png", buffer: png(400, 300, [30, 160, 90]) },
  ]);
  await gallery.getByRole("button", { name: /Upload|올리기/ }).click();
  for (const [n, alt] of ["행사장 입구", "발표 무대", "참가자"].entries()) {
    await gallery.getByLabel(new RegExp(`Alt text of image ${n + 1}|${n + 1}번째 이미지의 대체 텍스트`)).fill(alt);
  }
  await gallery.getByLabel(/Caption|캡션/).fill("2026 파트너 데이");
  await gallery.getByRole("button", { name: /^(Insert|넣기)$/ }).click();
  await expect(body.locator(".ed-block-piece[data-block=gallery] img")).toHaveCount(3);
  await insert(page, "file");
  const file = page.getByRole("dialog", { name: /Insert a file|파일 넣기/ });
  await file.getByLabel(/PDF file|PDF 파일/).setInputFiles({ name: "회사소개서.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") });
  await file.getByRole("button", { name: /^(Insert|넣기)$/ }).click();
  await expect(body.locator(".ed-block-piece[data-block=file]")).toContainText("회사소개서.pdf");

  // Three backticks and a space: a code block, its language chosen in the toolbar.
  await page.keyboard.type("``` ");
  await page.keyboard.type("fn main() {}");
  await expect(body.locator("code, .ed-code-block").first()).toBeVisible();
  await page.getByLabel(/Code language|코드 언어/).selectOption("rust");
  // Moved from the keyboard: the code block up above the file, announced.
  await body.locator("code, .ed-code-block").first().click();
  await page.keyboard.press("Alt+Shift+ArrowUp");
  await expect(page.getByRole("status").filter({ hasText: /^(Move up|위로 옮기기)$/ })).toBeAttached();

  // Saved as the sanitiser keeps it.
  await expect(page.getByText(/Saved automatically at|자동 저장/)).toBeVisible({ timeout: 20_000 });
  const id = Number(new URL(page.url()).searchParams.get("id"));
  await expect
    .poll(async () => (await data<Post>(await page.request.get(`/api/v1/posts/${id}`))).bodySource, { timeout: 15_000 })
    .toContain('<code class="language-rust">fn main() {}</code>');
  const saved = await data<Post>(await page.request.get(`/api/v1/posts/${id}`));
  expect(saved.bodySource).toContain("<h2>첫째 장</h2>");
  expect(saved.bodySource).toContain("<hr>");
  expect(saved.bodySource).toContain('<div class="callout callout-yellow callout-warning"><p>출시일은 다음 달입니다.</p></div><h2>둘째 장</h2><figure class="video">');
  expect(saved.bodySource, "no blank line the writer did not type").not.toContain("<p><br></p>");
  expect(saved.bodySource).toMatch(/<figure class="video"><img src="\/media\/images\/[\w.-]+" alt="타이드마크 2026 신제품 발표"[^>]*><iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?start=42" title="타이드마크 2026 신제품 발표" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"/);
  expect(saved.bodySource).toMatch(/<figure class="link-card"><a href="http:\/\/127\.0\.0\.1:\d+\/news\/launch" rel="noopener noreferrer nofollow ugc"><img src="\/media\/images\/[\w.-]+" alt=""[^>]*><span class="link-card-title">타이드마크, 한국 기업을 위한 소식 플랫폼 출시<\/span>/);
  expect(saved.bodySource).toMatch(/<figure class="gallery"><div class="gallery-row">(<img [^>]+>){3}<\/div><figcaption>2026 파트너 데이<\/figcaption><\/figure>/);
  expect(saved.bodySource).toMatch(/<pre><code class="language-rust">fn main\(\) \{\}<\/code><\/pre><figure class="file"><a href="\/media\/files\/[\w]+\.pdf" rel="noopener noreferrer nofollow ugc">회사소개서\.pdf<\/a><\/figure>$/);
  await page.screenshot({ path: `tests/e2e/artifacts/screenshots/blocks-writer-1280.png`, fullPage: true });

  // Published.
  await page.getByRole("button", { name: /Publish now|지금 발행/ }).click();
  await expect(page.getByText(/^(Published\.|발행했습니다\.)/)).toBeVisible();

  // A reader: the blocks, the contents list, the reading time; no frame until play.
  const reader = await browser.newContext({ baseURL, locale: "ko-KR" });
  const readerPage = await reader.newPage();
  const player: string[] = [];
  await readerPage.route("https://www.youtube-nocookie.com/**", (route) => {
    player.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" });
  });
  for (const width of [360, 1280]) {
    await readerPage.setViewportSize({ width, height: 900 });
    await readerPage.goto(`/post/${id}`);
    await appReady(readerPage);
    const shown = readerPage.getByTestId("post-body");
    await expect(shown.locator("h2")).toHaveText(["첫째 장", "둘째 장"]);
    await expect(shown.locator("h2").first()).toHaveAttribute("id", "첫째-장");
    await expect(shown.locator("hr")).toHaveCount(1);
    await expect(shown.locator("div.callout.callout-yellow")).toHaveText("출시일은 다음 달입니다.");
    await expect(shown.locator("figure.link-card .link-card-site")).toHaveText("예시 뉴스");
    await expect(shown.locator("figure.gallery img")).toHaveCount(3);
    await expect(shown.locator("figure.file a")).toHaveText("회사소개서.pdf");
    // Highlighted once the code comes near the screen (its chunk loads only then).
    await shown.locator("code.language-rust").scrollIntoViewIfNeeded();
    await expect(shown.locator("code.language-rust .token").first()).toBeAttached();
    await expect(shown.locator("iframe")).toHaveCount(0);
    await expect(readerPage.getByText("1분 읽기")).toBeVisible();
    const contents = readerPage.locator(width >= 1024 ? ".post-contents-side" : ".post-contents-top");
    await expect(contents).toBeVisible();
    if (width < 1024) await contents.getByRole("button", { name: "목차" }).click();
    await expect(contents.getByRole("link")).toHaveText(["첫째 장", "둘째 장"]);
    expect(await sidewaysOverflow(readerPage), `sideways at ${width}px`).toBeLessThanOrEqual(0);
    await readerPage.screenshot({ path: `tests/e2e/artifacts/screenshots/blocks-post-${width}.png`, fullPage: true });
  }
  expect(player, "nothing of YouTube's loads before the reader plays").toEqual([]);
  // The contents list takes the reader to a section, and the address names it.
  await readerPage.locator(".post-contents-side").getByRole("link", { name: "둘째 장" }).click();
  await expect(readerPage).toHaveURL(new RegExp(`/post/${id}#${encodeURIComponent("둘째-장")}$`));
  // Play, from the keyboard: the player's frame, sandboxed, starting at once.
  const play = readerPage.getByTestId("post-body").getByRole("button", { name: /동영상 재생: 타이드마크 2026 신제품 발표 \(YouTube\)/ });
  await play.focus();
  await readerPage.keyboard.press("Enter");
  const frame = readerPage.getByTestId("post-body").locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42&autoplay=1");
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox");
  await expect.poll(() => player.length).toBeGreaterThan(0);
  // A picture opens larger, from the keyboard; Escape closes it and the focus comes back.
  const stage = readerPage.getByTestId("post-body").getByRole("button", { name: "이미지 크게 보기: 발표 무대" });
  await stage.focus();
  await readerPage.keyboard.press("Enter");
  const viewer = readerPage.getByRole("dialog", { name: "발표 무대" });
  await expect(viewer.getByRole("img", { name: "발표 무대" })).toBeVisible();
  await readerPage.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(stage).toBeFocused();
  // The first view (before the app) has the play button and no frame either.
  const first = await (await reader.request.get(`/post/${id}`)).text();
  expect(first).toContain('class="video-play" data-play="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42&amp;autoplay=1"');
  expect(first).not.toContain("<iframe");
  expect(first).toContain('<nav class="post-contents post-contents-top"');
  await lookAt(readerPage, "blocks-post");
  await reader.close();

  // Search finds the post by a gallery's caption and by its code, which are the body's text.
  for (const words of [`파트너 데이 ${RUN}`, `main ${RUN}`]) {
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/v1/search?q=${encodeURIComponent(words)}&size=10`);
          if (!response.ok()) return [];
          return ((await response.json()) as { data: { items: { postSeq: number }[] } }).data.items.map((item) => item.postSeq);
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toContain(id);
  }

  // The feed: the whole body, the video a link to its page.
  const feed = await (await page.request.get("/rss.xml")).text();
  expect(feed).toContain(`▶ 타이드마크 2026 신제품 발표 — 동영상 보기 (YouTube)`);

  // Out of the home page again, for the tests that open its newest post.
  await data(await boss.context.request.post(`/api/v1/posts/${id}/hide`, { headers: HEADERS }));
  await boss.context.close();
});
