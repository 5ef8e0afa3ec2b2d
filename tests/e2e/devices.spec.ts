// Signed-in devices in real Chromium against the real server: a member who joined in one
// browser signs in from another through the login page; the sign-in from the new browser is
// mailed (the real SMTP test server) with a link that opens my page's list of sessions with
// that one marked; signed out from the first browser, the second is refused at its next step.
// Screenshots at 360, 768 and 1280 px.
import { freshEmail, joinByEmail } from "./access";
import { linkIn } from "./mail";
import { appReady, demoContent, expect, screenshots, sidewaysOverflow, test } from "./support";

const PASSWORD = "Devices-pass-2026";

test.beforeEach(async ({ page }) => demoContent(page));

test("a sign-in from a new browser is mailed with a link to its session, which the member signs out from the first browser", async ({ browser, baseURL }) => {
  const email = freshEmail("devices");
  const first = await browser.newContext({ baseURL, locale: "ko-KR" });
  await joinByEmail(first.request, email, PASSWORD);

  // A second browser signs in through the login page, with the keyboard.
  const second = await browser.newContext({ baseURL, locale: "ko-KR" });
  const other = await second.newPage();
  await other.goto("/member/login/email?redirectUrl=%2Fmypage");
  await other.getByLabel("이메일").fill(email);
  await other.getByLabel("비밀번호").fill(PASSWORD);
  await other.keyboard.press("Enter");
  await expect(other).toHaveURL(/\/mypage$/);

  // The mail links to that session; the first browser opens it.
  const link = await linkIn(email, /새 기기에서/);
  expect(link).toMatch(/\/mypage\/security\?session=\d+$/);
  const page = await first.newPage();
  await page.goto(link);
  await appReady(page);
  const sessions = page.getByRole("region", { name: "로그인된 기기" });
  await expect(sessions.locator(".mypage-session")).toHaveCount(2);
  const marked = sessions.locator(".mypage-session-marked");
  await expect(marked).toHaveCount(1);
  await expect(marked).not.toContainText("지금 이 기기");
  await expect(sessions.locator(".mypage-session").filter({ hasText: "지금 이 기기" })).toHaveCount(1);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `nothing scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await sessions.screenshot({ path: `${screenshots}/mypage-sessions-${width}.png` });
  }

  // Signed out from here: the list has this browser alone, and the other is refused.
  await marked.getByRole("button", { name: /^로그아웃시키기/ }).click();
  await expect(page.getByText("그 기기를 로그아웃시켰습니다.")).toBeVisible();
  await expect(sessions.locator(".mypage-session")).toHaveCount(1);
  expect((await second.request.get("/mypage/v1/profile")).status()).toBe(401);
  await other.goto("/mypage");
  await expect(other).toHaveURL(/\/member\/login/);
  await first.close();
  await second.close();
});
