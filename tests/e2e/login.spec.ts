// Sign-in in the browser: every way the site offers, and only ever onward to an address of this
// site, whatever redirectUrl a link carries.
import type { Page } from "@playwright/test";
import { HEADERS, lookAt } from "./access";
import { DEMO_PASSWORD, demoContent, expect, signIn, test } from "./support";

const HOSTILE = ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "/%2F%2Fevil.example"];

/** Where the page is, and that it is on this site's home page. */
async function expectHomeOfThisSite(page: Page, baseURL: string | undefined) {
  await expect(page).toHaveURL(`${baseURL}/`);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
}

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

test("signing in by e-mail with a hostile redirectUrl ends on this site", async ({ page, baseURL }) => {
  for (const hostile of HOSTILE) {
    await page.goto(`/member/login/email?redirectUrl=${encodeURIComponent(hostile)}`);
    await page.getByLabel("E-mail").fill("reader@tidemark.test");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectHomeOfThisSite(page, baseURL);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
    const out = await page.request.post("/membership/v1/logout", { headers: HEADERS });
    expect(out.ok()).toBe(true);
  }
});

test("'keep me signed in' decides whether the session outlives the browser", async ({ page }) => {
  const sessionCookies = async () => (await page.context().cookies()).filter((cookie) => ["tma", "tmr", "tml"].includes(cookie.name));
  for (const keep of [false, true]) {
    await page.goto("/member/login/email");
    await page.getByLabel("E-mail").fill("reader@tidemark.test");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    if (keep) await page.getByLabel("Keep me signed in").check();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
    const cookies = await sessionCookies();
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(["tma", "tml", "tmr"]);
    for (const cookie of cookies) {
      // Off: session cookies (no expiry), gone with the browser. On: 30 days.
      if (keep) expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
      else expect(cookie.expires, cookie.name).toBe(-1);
    }
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
});

test("a login page visited while signed in goes on to the saved address, only on this site", async ({ page, baseURL }) => {
  await signIn(page);
  for (const login of ["/member/login", "/member/login/email"]) {
    for (const hostile of HOSTILE) {
      await page.goto(`${login}?redirectUrl=${encodeURIComponent(hostile)}`);
        await expectHomeOfThisSite(page, baseURL);
    }
  }
  await page.goto(`/member/login?redirectUrl=${encodeURIComponent("/interest/bookmark")}`);
  await expect(page).toHaveURL(`${baseURL}/interest/bookmark`);
});

test("each provider's button goes to its consent page", async ({ page }) => {
  await page.goto("/member/login?redirectUrl=%2Finterest%2Fbookmark");
  const providers = page.getByRole("list", { name: "Sign in with a social account" });
  await expect(providers.getByRole("button")).not.toHaveCount(0);
  await providers.getByRole("button", { name: "Sign in with a test account (development)" }).click();
  await expect(page).toHaveURL(/\/oauth\/local\/authorize\?/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tidemark 로컬 로그인");
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/member\/auth\/callbackOauth\?type=signin$/);
  // What the return page needs was kept for it (SPEC §4).
  await page.goBack();
  const kept = await page.evaluate(() => sessionStorage.getItem("tidemark.social"));
  expect(JSON.parse(kept ?? "{}")).toMatchObject({ channel: "local", type: "signin", redirectUrl: "/interest/bookmark" });
});

test("the sign-in pages, looked at", async ({ page }) => {
  await page.goto("/member/login");
  await expect(page.getByRole("button", { name: "Sign in with a test account (development)" })).toBeVisible();
  await lookAt(page, "access-login");
  await page.getByRole("link", { name: "Sign in with e-mail" }).click();
  await expect(page).toHaveURL(/\/member\/login\/email$/);
  await lookAt(page, "access-login-email");
  // A refusal beside the fields it concerns, focus on the first.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await expect(page.getByText("Enter your e-mail.")).toBeVisible();
  await lookAt(page, "access-login-email-problems");
  await page.getByLabel("E-mail").fill("reader@tidemark.test");
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail or the password is not right.");
  await expect(page.getByLabel("E-mail")).toHaveValue("reader@tidemark.test");
  await lookAt(page, "access-login-email-refused");
});
