// Password recovery in the browser: by e-mail with the link from the real mail, by phone with
// the local certification provider; a used link explains itself; every page looked at.
import { type Browser } from "@playwright/test";
import { certifyInBrowser, certifyThroughApi, freshBirthDate, freshEmail, freshPhone, HEADERS, joinByEmail, lookAt, type Person } from "./access";
import { linkIn } from "./mail";
import { demoContent, expect, test } from "./support";

const OLD_PASSWORD = "Before-2026-pass";
const NEW_PASSWORD = "After-2027-pass";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

/** A member with a password, made through the API in a context of its own (so the page under
 * test stays a guest); with `person`, certified as that person. */
async function member(browser: Browser, baseURL: string | undefined, email: string, person?: Person) {
  const context = await browser.newContext({ baseURL });
  await joinByEmail(context.request, email, OLD_PASSWORD);
  if (person) {
    const certifyNo = await certifyThroughApi(context.request, "account", person);
    const attached = await context.request.post("/membership/v1/account/certify", { headers: HEADERS, data: { certifyNo } });
    expect(attached.ok(), await attached.text()).toBe(true);
  }
  await context.close();
}

async function signsIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/member/login/email");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
}

test("by e-mail: the link from the mail sets a new password, which signs in; the used link explains itself", async ({ page, browser, baseURL }) => {
  const email = freshEmail("recover-mail");
  await member(browser, baseURL, email);

  await page.goto("/password/find/options");
  await lookAt(page, "access-recovery-options");
  await page.getByRole("link", { name: "By e-mail" }).click();
  await expect(page).toHaveURL(/\/password\/find\/email$/);
  await lookAt(page, "access-recovery-email");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your mail" })).toBeVisible();
  await expect(page.getByText(`If an account was made with ${email}`)).toBeVisible();
  await lookAt(page, "access-recovery-email-sent");

  const link = await linkIn(email, /\/password\/reset\/email\?token=/);
  await page.goto(link);
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/password\/reset\/email$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const password = page.getByLabel("New password", { exact: true });
  await password.fill("short");
  await expect(page.locator(".password-rule .rule-unmet")).not.toHaveCount(0);
  await lookAt(page, "access-recovery-reset");
  await password.fill(NEW_PASSWORD);
  await expect(page.locator(".password-rule .rule-unmet")).toHaveCount(0);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your password has been changed" })).toBeVisible();
  await expect(page.getByText("signed out on every device")).toBeVisible();
  await lookAt(page, "access-recovery-done");

  // The old password no longer works; the new one does.
  const old = await page.request.post("/membership/v1/login", {
    headers: HEADERS,
    data: { email, password: OLD_PASSWORD, autoLogin: "N", deviceType: "PC", deviceOs: "LINUX", browser: "Chrome", browserVer: "1", browserAgent: "playwright", osVersion: "", deviceId: "playwright", pushToken: "" },
  });
  expect(old.status()).toBe(401);
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/login\/email$/);
  await signsIn(page, email, NEW_PASSWORD);

  // The same link again: used, with the way to a new one.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link was used" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("no longer works");
  await expect(page.getByRole("link", { name: "Get a new link" })).toHaveAttribute("href", "/password/find/email");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await lookAt(page, "access-recovery-used");

  // A link that is not one.
  await page.goto("/password/reset/email?token=not-a-token");
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await lookAt(page, "access-recovery-invalid");
});

test("by phone: the local certification, then a new password", async ({ page, browser, baseURL }) => {
  const email = freshEmail("recover-phone");
  const person: Person = { name: "김하늘", phone: freshPhone(), birthDate: freshBirthDate(), gender: "female" };
  await member(browser, baseURL, email, person);

  await page.goto("/password/find/options");
  await page.getByRole("link", { name: "By phone certification" }).click();
  await expect(page).toHaveURL(/\/password\/find\/phone$/);
  await lookAt(page, "access-recovery-phone");

  // Cancelled at the provider: said so, with the way to try again.
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await certifyInBrowser(page, person, "cancel");
  await expect(page).toHaveURL(/\/password\/find\/phone$/);
  await expect(page.getByRole("alert")).toHaveText("You cancelled the certification. To find your password, please certify again.");
  await lookAt(page, "access-recovery-phone-cancelled");

  await page.getByRole("button", { name: "Certify again" }).click();
  await certifyInBrowser(page, person);
  await expect(page).toHaveURL(/\/password\/reset\/phone$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your password has been changed" })).toBeVisible();
  await signsIn(page, email, NEW_PASSWORD);
});

test("a person whose certification matches no password account is told where to go", async ({ page }) => {
  const stranger: Person = { name: "이도윤", phone: freshPhone(), birthDate: freshBirthDate(), gender: "male" };
  await page.goto("/password/find/phone");
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await certifyInBrowser(page, stranger);
  await expect(page.getByRole("alert")).toHaveText("No account that signs in with a password belongs to the person certified.");
  await expect(page.getByRole("link", { name: "Join" })).toHaveAttribute("href", "/member/join");
  await lookAt(page, "access-recovery-phone-no-account");
});
