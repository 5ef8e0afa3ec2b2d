// Two-step sign-in in a real browser against the real server: a fresh member turns it on from
// my page (the password check first, the app's key read off the page and turned into codes as
// an authenticator app does), keeps the recovery codes, signs out and in again with the app's
// code and with a recovery code (which then no longer works); the demo operator's console
// opens only after the second step; a master requires it of the whole team and a manager
// without it is told what to do. Screenshots at 360, 768 and 1280 px.
import type { APIRequestContext, Page } from "@playwright/test";
import { newManager, newMaster, PASSWORD as BUSINESS_PASSWORD } from "./business";
import { joinCode, allMail } from "./mail";
import { demoContent, expect, screenshots, sidewaysOverflow, test, totp, typeOperatorCode, DEMO_PASSWORD } from "./support";

const PASSWORD = "Tide-mark-2026!";
const HEADERS = { _off_set: "540", "content-type": "application/json" };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { headers: HEADERS, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

/** Joins a fresh member by e-mail with the code from the real mail; `request`'s context is
 * signed in as them. */
async function join(request: APIRequestContext): Promise<string> {
  const email = `two-step-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@tidemark.test`;
  await post(request, "/membership/v1/join/email/code", { email });
  await expect.poll(() => allMail().filter((mail) => mail.to.includes(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const { joinToken } = (await post(request, "/membership/v1/join/email/verify", { email, code: await joinCode(email) })) as { joinToken: string };
  await post(request, "/membership/v1/join", { joinToken, password: PASSWORD, terms: { service: true, privacy: true, marketing: false } });
  await post(request, "/membership/v1/join/profile", { nickname: "이중잠금", interests: [1] });
  return email;
}

/** The sign-in form, filled and sent. */
async function passwordStep(page: Page, email: string, password: string, target = "/mypage") {
  await page.goto(`/member/login/email?redirectUrl=${encodeURIComponent(target)}`);
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "2단계 인증" })).toBeVisible();
}

/** The code the app shows for the step after the one last taken (a code is good once). */
function nextCode(secret: string): string {
  return totp(secret, Date.now() + 30_000);
}

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("a member turns two-step sign-in on, then signs in with the app's code and with a recovery code once", async ({ page, browser }) => {
    const email = await join(page.request);
    await page.goto("/mypage");
    await page.getByRole("link", { name: "2단계 인증" }).click();
    await expect(page).toHaveURL(/\/mypage\/security$/);
    await expect(page.locator('[data-field="two-step"]')).toHaveText("꺼져 있음");

    // Turning it on asks for the password first, then comes back and shows the app's key.
    await page.getByRole("button", { name: "2단계 인증 켜기" }).click();
    await expect(page).toHaveURL(/\/mypage\/password\/check\?redirectUrl=/);
    await page.getByLabel("현재 비밀번호").fill(PASSWORD);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page.getByRole("img", { name: "인증 앱으로 읽을 QR 코드" })).toBeVisible();
    const secret = (await page.getByLabel("설정 키").textContent())!.trim();
    expect(secret.replace(/ /g, "")).toMatch(/^[A-Z2-7]{32}$/);
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.screenshot({ path: `${screenshots}/two-step-setup-${width}.png`, fullPage: true });
    }

    // A wrong code is refused beside the field; the app's code turns it on.
    await page.getByLabel("인증 코드").fill("000000");
    await page.getByRole("button", { name: "확인하고 켜기" }).click();
    await expect(page.getByText("인증 코드가 올바르지 않습니다.", { exact: false })).toBeVisible();
    await page.getByLabel("인증 코드").fill(totp(secret));
    await page.getByRole("button", { name: "확인하고 켜기" }).click();
    const codes = page.getByRole("list", { name: "복구 코드" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allTextContents()).map((code) => code.trim());
    await page.screenshot({ path: `${screenshots}/two-step-recovery-codes-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "보관했습니다" }).click();
    await expect(page.locator('[data-field="two-step"]')).toContainText("부터 켜져 있음");
    await expect(page.locator('[data-field="recovery-codes"]')).toHaveText("10개 남음");

    // A new browser: the password alone does not sign in; the app's next code does.
    const other = await browser.newContext({ locale: "ko-KR" });
    const phone = await other.newPage();
    await passwordStep(phone, email, PASSWORD);
    const code = phone.getByLabel("인증 코드");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect((await phone.request.get("/oauth/v1/token/profile")).status()).toBe(401);
    for (const width of [360, 768, 1280]) {
      await phone.setViewportSize({ width, height: 800 });
      expect(await sidewaysOverflow(phone)).toBe(0);
      await phone.screenshot({ path: `${screenshots}/two-step-sign-in-${width}.png`, fullPage: true });
    }
    await code.fill(nextCode(secret));
    await code.press("Enter");
    await expect(phone).toHaveURL(/\/mypage$/);
    expect((await phone.request.get("/oauth/v1/token/profile")).status()).toBe(200);
    await other.close();

    // A recovery code signs in once.
    for (const attempt of ["first", "again"]) {
      const context = await browser.newContext({ locale: "ko-KR" });
      const tab = await context.newPage();
      await passwordStep(tab, email, PASSWORD);
      await tab.getByRole("button", { name: "인증 앱을 쓸 수 없나요? 복구 코드 입력" }).click();
      await tab.getByLabel("복구 코드").fill(recovery[0]);
      await tab.getByRole("button", { name: "확인", exact: true }).click();
      if (attempt === "first") {
        await expect(tab).toHaveURL(/\/mypage$/);
      } else {
        await expect(tab.getByRole("alert")).toHaveText("복구 코드가 올바르지 않거나 이미 사용한 코드입니다.");
        expect((await tab.request.get("/oauth/v1/token/profile")).status()).toBe(401);
      }
      await context.close();
    }
    await page.reload();
    await expect(page.locator('[data-field="recovery-codes"]')).toHaveText("9개 남음");
  });
});

test("the demo operator's console opens after the second step, typed with the keyboard alone", async ({ page }) => {
  await page.goto("/member/login/email?redirectUrl=%2Fadmin");
  await page.getByLabel("E-mail").fill("admin@tidemark.test");
  await page.keyboard.press("Tab");
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await expect(page.getByLabel("Code")).toBeFocused();
  expect((await page.request.get("/api/v1/admin/queue")).status()).toBe(401);
  // A code is good once: the step no other test's sign-in of the operator has taken.
  await typeOperatorCode(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await page.request.get("/api/v1/admin/queue")).status()).toBe(200);
});

test("a master requires two-step sign-in of the whole team; a manager without it is told what to do and refused by the server", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const manager = await newManager(browser, baseURL, boss, "이중잠금매니저");
  // The master's own two-step sign-in first, as an authenticator app would (its page is the
  // first test's); the password check also keeps the "confirm it's you" question away.
  await post(boss.context.request, "/mypage/v1/password/check", { password: BUSINESS_PASSWORD });
  const { secret } = (await post(boss.context.request, "/mypage/v1/two-step/setup", {})) as { secret: string };
  await post(boss.context.request, "/mypage/v1/two-step/confirm", { code: totp(secret) });

  const page = boss.page;
  await page.goto("/mypage/business");
  const rule = page.getByRole("region", { name: "Two-step sign-in for the team" });
  const box = rule.getByLabel("Require two-step sign-in of everyone in the team");
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Everyone in the team now needs two-step sign-in.")).toBeVisible();
  await expect(box).toBeChecked();
  await expect(rule).toContainText("Not turned on yet: 이중잠금매니저");
  await expect(page.getByRole("region", { name: "Team", exact: true }).getByRole("row").filter({ hasText: manager.email })).toContainText("Off");
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await rule.screenshot({ path: `${screenshots}/console-two-step-rule-${width}.png` });
  }

  // The manager: the console says what to do and where; the server refuses the business's calls.
  const other = manager.page;
  await other.goto("/mypage/business");
  await expect(other.getByRole("heading", { name: "Two-step sign-in needed" })).toBeVisible();
  for (const width of [360, 1280]) {
    await other.setViewportSize({ width, height: 800 });
    expect(await sidewaysOverflow(other)).toBeLessThanOrEqual(0);
    await other.screenshot({ path: `${screenshots}/console-two-step-needed-${width}.png` });
  }
  const refused = await manager.context.request.get(`/api/v1/businesses/${boss.business.id}/managers`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe("2012");
  await other.getByRole("link", { name: "Turn on two-step sign-in" }).click();
  await expect(other).toHaveURL(/\/mypage\/security$/);
  await manager.context.close();
  await boss.context.close();
});
