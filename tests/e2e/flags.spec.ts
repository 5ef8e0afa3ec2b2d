// Reporting a problem with a post, end to end in real Chromium: a guest is sent to sign in; a
// reader picks a reason and writes in Korean through an input method, from the keyboard; a
// second report of the same post says so; the operator finds it in the queue, reads who said
// what, dismisses it, and, reported again, removes the post, which answers the report.
import type { Page } from "@playwright/test";
import { HEADERS, lookAt, showIn } from "./access";
import { data, newMaster } from "./business";
import { appReady, confirmItsMe, demoContent, expect, screenshots, seriousFindings, sidewaysOverflow, signIn, test } from "./support";

test.describe.configure({ timeout: 180_000 });

const RUN = Date.now().toString(36);
const TITLE = `신고가 들어올 글 ${RUN}`;

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

/** The open dialog, looked at: no serious axe violation, nothing sideways at 360 px, a
 * screenshot at each width. */
async function lookAtDialog(page: Page, name: string, lang: string) {
  const serious = await seriousFindings(page, `${name} (${lang})`, (axe) => axe.include(".flag-dialog").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]));
  expect(serious).toEqual([]);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 360) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/${name}-${lang}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a reader reports a problem with a post and an operator dismisses it, then removes the post", async ({ browser, baseURL, page }) => {
  const boss = await newMaster(browser, baseURL);
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title: TITLE, bodyHtml: "<p>본문</p>", action: "publish" } }),
  );

  // A guest's click: the login page, with the way back.
  await page.goto(`/post/${post.postSeq}`);
  await appReady(page);
  await page.getByRole("button", { name: "Report a problem" }).click();
  await expect(page).toHaveURL(new RegExp(`/member/login\\?redirectUrl=%2Fpost%2F${post.postSeq}`));

  // A reader: the form opens on its first reason; the keyboard alone picks "Something else".
  const reader = await browser.newContext({ baseURL, locale: "en-US" });
  const readerPage = await reader.newPage();
  await signIn(readerPage, "reader@tidemark.test");
  await readerPage.goto(`/post/${post.postSeq}`);
  await appReady(readerPage);
  const opener = readerPage.getByRole("button", { name: /^(문제 신고|Report a problem)$/ });
  for (const lang of ["ko", "en"] as const) {
    await showIn(readerPage, lang);
    await opener.click();
    await expect(readerPage.getByRole("dialog")).toBeVisible();
    await lookAtDialog(readerPage, "flag-dialog", lang);
    await readerPage.keyboard.press("Escape");
    await expect(readerPage.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
  await opener.press("Enter");
  const dialog = readerPage.getByRole("dialog", { name: "Report a problem with this post" });
  await expect(dialog.getByRole("radio", { name: "Spam or advertising" })).toBeFocused();
  for (let step = 0; step < 6; step += 1) await readerPage.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: "Something else" })).toBeChecked();
  await dialog.getByRole("button", { name: "Send the report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say what is wrong with the post.");

  // Korean through an input method: nothing is rewritten while a syllable is composed.
  const details = dialog.getByLabel("Details", { exact: true });
  await details.focus();
  const ime = await reader.newCDPSession(readerPage);
  for (const [steps, syllable] of [
    [["ㄱ", "가"], "가"],
    [["ㅈ", "짜"], "짜"],
  ] as const) {
    for (const step of steps) await ime.send("Input.imeSetComposition", { text: step, selectionStart: step.length, selectionEnd: step.length });
    await ime.send("Input.insertText", { text: syllable });
  }
  await readerPage.keyboard.type(" 연락처입니다");
  await expect(details).toHaveValue("가짜 연락처입니다");
  await readerPage.keyboard.press("Tab");
  await readerPage.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Send the report" })).toBeFocused();
  await readerPage.keyboard.press("Enter");
  await expect(dialog.getByRole("status")).toHaveText("Thank you: the report was sent. The team will look at it.");
  await readerPage.screenshot({ path: `${screenshots}/flag-dialog-sent-en-1280.png` });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(opener).toBeFocused();

  // Once more while it waits: nothing new is filed, and the reader is told.
  await opener.click();
  await dialog.getByRole("radio", { name: "Spam or advertising" }).check();
  await dialog.getByRole("button", { name: "Send the report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("You have reported this post already; the team is looking at it.");
  await readerPage.keyboard.press("Escape");

  // The operator: the queue has the post with its reason; its page says who said what.
  const admin = await (await browser.newContext({ baseURL, locale: "en-US" })).newPage();
  await signIn(admin, "admin@tidemark.test");
  await confirmItsMe(admin);
  await admin.goto("/admin");
  await appReady(admin);
  await expect(admin.getByRole("heading", { name: /Reported posts \(\d+\)/ })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: TITLE });
  await expect(row).toContainText("Reports: 1");
  await expect(row).toContainText("Other 1");
  await row.getByRole("button", { name: `Take: ${TITLE}` }).click();
  await expect(row.getByRole("button", { name: `Take over: ${TITLE}` })).toBeVisible();
  await row.getByRole("link", { name: TITLE }).click();
  const card = admin.getByRole("region", { name: TITLE });
  await expect(card).toContainText("reader@tidemark.test");
  await expect(card).toContainText("가짜 연락처입니다");
  await lookAt(admin, "admin-flags");
  await showIn(admin, "en");
  await card.getByLabel("Note (optional; neither the reporters nor the business see it)").fill("연락처 확인함");
  await card.getByRole("button", { name: "Dismiss: nothing wrong" }).click();
  await expect(card.getByText("Reports closed: 1.")).toBeVisible();
  await expect(card.getByRole("row").nth(1)).toContainText("Dismissed");
  await expect(card.getByRole("row").nth(1)).toContainText("연락처 확인함");
  await admin.goto("/admin");
  await appReady(admin);
  await expect(admin.getByRole("row").filter({ hasText: TITLE })).toHaveCount(0);

  // Reported again, then removed: the report is answered, the post gone from its page.
  await data(await reader.request.post(`/api/v1/posts/${post.postSeq}/flags`, { headers: HEADERS, data: { reason: "MISLEADING" } }));
  await admin.goto("/admin/posts");
  await appReady(admin);
  await admin.getByLabel("Reported only").check();
  const listed = admin.getByRole("row").filter({ hasText: TITLE });
  await listed.getByRole("link", { name: "Reports: 1" }).click();
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  await card.getByLabel("Reason for removal (the business sees it)").fill("허위 정보");
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(card.getByText("The post is removed.")).toBeVisible();
  await expect(card.getByRole("row").nth(1)).toContainText("Post removed");
  expect((await boss.context.request.get(`/post/${post.postSeq}`)).status()).toBe(404);
  await reader.close();
  await boss.context.close();
});
