// Followers hear, end to end in real Chromium and a real SMTP server: a reader follows a
// business and chooses a mail for each new post on the settings page (keyboard alone); the
// business publishes; the bell counts it, the notifications page (looked at in Korean and
// English at three widths) leads to the post and the notice is read afterwards; the mail
// arrives with a plain-text part and RFC 8058's headers, its link to the post is counted on
// the way, the business's console shows the post's notices by channel and who opened them,
// and the mail's unsubscribe link stops it without signing in.
import { HEADERS, freshEmail, joinByEmail, lookAt } from "./access";
import { PASSWORD, data, newMaster } from "./business";
import { mailTo } from "./mail";
import { expect, test } from "./support";

test.describe.configure({ timeout: 240_000 });

test("a follower hears of a new post by the bell and by mail, and stops the mail from the mail", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const readerEmail = freshEmail("follower");
  const reader = await browser.newContext({ baseURL, locale: "ko-KR" });
  await joinByEmail(reader.request, readerEmail, PASSWORD);
  await data(await reader.request.put(`/api/v1/follows/${boss.business.id}`, { headers: HEADERS, data: { source: "Follow_CorpProfile" } }));

  // The mail choice, from the keyboard.
  const page = await reader.newPage();
  await page.goto("/mypage/notifications/settings");
  const choice = page.getByLabel(boss.business.name);
  await expect(choice).toHaveValue("OFF");
  await lookAt(page, "notification-settings");
  await choice.focus();
  await page.keyboard.press("ArrowDown");
  await expect(choice).toHaveValue("EACH");
  await expect(page.getByText(/^(저장했습니다: 새 글마다|Saved: Every new post)$/)).toBeVisible();

  const title = `팔로워에게 알릴 새 글 ${Date.now().toString(36)}`;
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title, bodyHtml: "<p>새 소식입니다.</p>", action: "publish" } }),
  );

  await page.goto("/");
  const bell = page.getByRole("banner").getByRole("link", { name: /^(알림|Notifications)/ });
  // The fan-out runs every second; the bell asks on each page start.
  await expect(async () => {
    await page.reload();
    await expect(bell.locator(".header-bell-count")).toHaveText("1", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(bell).toHaveAccessibleName(/^(알림 · 읽지 않은 알림 1개|Notifications · 1 unread notifications)$/);

  await bell.click();
  await expect(page).toHaveURL(/\/mypage\/notifications$/);
  await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await lookAt(page, "notifications");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.postSeq}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(bell.locator(".header-bell-count")).toHaveCount(0);

  // The mail: both languages, a plain-text part, one-click unsubscribe in its headers.
  const mail = await mailTo(readerEmail, new RegExp(title));
  expect(mail.parts).toEqual(["text/plain", "text/html"]);
  expect(mail.text).toContain(`${boss.business.name}에서 새 글을 올렸습니다.`);
  expect(mail.text).toContain(`${boss.business.name} published a new post.`);
  expect(mail.header("List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/mail\/v1\/unsubscribe\?t=[^>]+>$/);
  expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const stopLink = mail.text.match(/https?:\/\/\S+\/mail\/unsubscribe\?t=\S+/)?.[0];
  expect(stopLink, mail.text).toBeTruthy();

  // The mail's link to the post passes through the site, which counts the click.
  const readLink = mail.text.match(/https?:\/\/\S+\/mail\/v1\/open\?t=\S+/)?.[0];
  expect(readLink, mail.text).toBeTruthy();
  const read = new URL(readLink as string);
  await page.goto(read.pathname + read.search);
  await expect(page).toHaveURL(new RegExp(`/post/${post.postSeq}$`));

  // The business's console: one follower told by each channel, and one who opened from each.
  const figures = boss.page.locator(`tr[data-post="${post.postSeq}"]`);
  await expect(async () => {
    await boss.page.goto("/mypage/business/analytics/contents");
    await expect(figures.locator('[data-column="noticesSent"]')).toHaveText(/^(사이트|Site) 1 · (메일|Mail) 1 · (브라우저|Browser) 0$/, { timeout: 2000 });
    await expect(figures.locator('[data-column="noticesOpened"]')).toHaveText(/^(사이트|Site) 1 · (메일|Mail) 1 · (브라우저|Browser) 0$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await lookAt(boss.page, "analytics-contents-notices");

  // Its unsubscribe link, opened where nobody is signed in.
  const stranger = await browser.newContext({ baseURL, locale: "ko-KR" });
  const stop = await stranger.newPage();
  await stop.goto(new URL(stopLink as string).pathname + new URL(stopLink as string).search);
  await expect(stop.getByText(`${boss.business.name}의 새 글 메일을 그만 받으시겠습니까?`, { exact: false })).toBeVisible();
  await lookAt(stop, "mail-unsubscribe");
  await stop.getByRole("button", { name: /^(수신 거부|Unsubscribe)$/ }).click();
  await expect(stop.getByText(/더 이상 보내지 않습니다|any more/)).toBeVisible();
  await page.goto("/mypage/notifications/settings");
  await expect(page.getByLabel(boss.business.name)).toHaveValue("OFF");

  await stranger.close();
  await reader.close();
  await boss.context.close();
});
