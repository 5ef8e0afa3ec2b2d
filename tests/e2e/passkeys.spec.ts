// Passkeys in real Chromium with a virtual authenticator (the DevTools protocol's WebAuthn
// domain: a platform authenticator that keeps discoverable credentials and verifies the user),
// against a server of its own: browsers take passkeys only for a domain name, and the other
// tests' server answers at 127.0.0.1, so this one is started here with its public address at
// http://localhost (demo data, its own folder, the same build).
//
// A member adds a passkey on my page (named in Hangul through the input method; the "confirm
// it's you" dialog asks for the password first), signs out and signs in from the login page
// with the passkey and nothing typed, confirms it's them with the passkey instead of the
// password, removes it, and is then refused with it (the authenticator still holds it).
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { newPerson, onLocalCertification, onLocalConsent } from "./providers";
import { DEMO_PASSWORD, LOGIN_DEVICE, appReady, expect, screenshots, sidewaysOverflow, test, totp } from "./support";

const root = fileURLToPath(new URL("../..", import.meta.url));
const port = Number(process.env.TIDEMARK_E2E_PORT ?? 18080) + 3;
const site = `http://localhost:${port}`;
const HEADERS = { _off_set: "540", "content-type": "application/json" };

let server: ChildProcess | null = null;
let log = "";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = `${tmpdir()}/tidemark-e2e-passkeys-${port}-${Date.now()}`;
  server = spawn(process.env.TIDEMARK_BIN ?? `${root}/target/debug/tidemark`, [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      TIDEMARK_DATA_DIR: dataDir,
      TIDEMARK_UI_DIR: `${root}/ui/dist`,
      TIDEMARK_PUBLIC_URL: site,
      TIDEMARK_RATE_LIMITS: "off",
      // The demo accounts without the demo posts: a quicker start.
      TIDEMARK_DEMO_CONTENT: "off",
      RUST_LOG: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const until = Date.now() + 170_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then((answer) => answer.ok, () => false);
    if (ready) break;
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the passkeys' server did not start:\n${log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  server?.kill();
});

/** A platform authenticator in `page` that keeps discoverable credentials and verifies the
 * member (as a phone's fingerprint would), answering at once. */
async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

async function signedInEmail(context: BrowserContext): Promise<string | null> {
  const answer = await context.request.get(`${site}/oauth/v1/token/profile`);
  if (!answer.ok()) return null;
  return ((await answer.json()) as { data: { email: string } }).data.email;
}

test("a member adds a passkey, signs in with it and nothing typed, confirms with it, removes it and is then refused", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site, locale: "ko-KR" });
  const page = await context.newPage();
  const { cdp, id } = await authenticator(page);

  const login = await context.request.post("/membership/v1/login", { headers: HEADERS, data: { ...LOGIN_DEVICE, email: "reader@tidemark.test", password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);

  // My page: the passkey named in Hangul through the input method, added with the keyboard.
  await page.goto("/mypage/security");
  await appReady(page);
  const passkeys = page.getByRole("region", { name: "패스키" });
  await expect(passkeys.getByText("아직 추가한 패스키가 없습니다.")).toBeVisible();
  const name = passkeys.getByLabel("패스키 이름");
  await name.focus();
  await cdp.send("Input.imeSetComposition", { text: "ㄴ", selectionStart: 1, selectionEnd: 1 });
  await cdp.send("Input.imeSetComposition", { text: "내", selectionStart: 1, selectionEnd: 1 });
  await cdp.send("Input.insertText", { text: "내" });
  await page.keyboard.type(" laptop");
  await expect(name).toHaveValue("내 laptop");
  await page.keyboard.press("Enter");

  // No recent check: the dialog asks for the password, then the call goes on by itself.
  const dialog = page.getByRole("dialog", { name: "본인 확인" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("비밀번호").fill(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "패스키를 추가했습니다." })).toBeVisible();
  await expect(passkeys.locator(".mypage-session")).toHaveCount(1);
  await expect(passkeys.locator(".mypage-session")).toContainText("내 laptop");
  await expect(passkeys).toContainText("아직 사용하지 않음");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  expect(credentials[0].rpId).toBe("localhost");
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await passkeys.screenshot({ path: `${screenshots}/passkeys-mypage-${width}.png` });
  }

  // Signed out, the login page signs in with the passkey alone.
  await context.request.post("/membership/v1/logout", { headers: HEADERS });
  await context.clearCookies();
  expect(await signedInEmail(context)).toBeNull();
  await page.goto("/member/login?redirectUrl=%2Fmypage%2Fsecurity");
  await appReady(page);
  await page.getByRole("button", { name: "패스키로 로그인" }).click();
  await expect(page).toHaveURL(/\/mypage\/security$/);
  expect(await signedInEmail(context)).toBe("reader@tidemark.test");
  await expect(passkeys.locator(".mypage-session")).not.toContainText("아직 사용하지 않음");

  // Removing it needs a second look: the passkey answers the dialog instead of the password.
  await page.setViewportSize({ width: 360, height: 800 });
  await passkeys.getByRole("button", { name: "삭제: 내 laptop" }).click();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${screenshots}/passkeys-confirm-360.png` });
  await dialog.getByRole("button", { name: "비밀번호 대신 패스키로 확인" }).click();
  await expect(page.getByRole("status").filter({ hasText: "패스키를 삭제했습니다." })).toBeVisible();
  await expect(passkeys.getByText("아직 추가한 패스키가 없습니다.")).toBeVisible();

  // The authenticator still holds it; the site no longer takes it.
  await context.request.post("/membership/v1/logout", { headers: HEADERS });
  await context.clearCookies();
  await page.goto("/member/login");
  await appReady(page);
  await page.getByRole("button", { name: "패스키로 로그인" }).click();
  await expect(page.getByText("이 패스키로는 로그인할 수 없습니다. 다른 패스키나 비밀번호를 사용해 주세요.")).toBeVisible();
  expect(await signedInEmail(context)).toBeNull();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/passkeys-login-refused-${width}.png`, fullPage: true });
  }
  await context.close();
});

test("a passkey finishes a sign-in's second step", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site, locale: "en-US" });
  const page = await context.newPage();
  const { cdp, id } = await authenticator(page);
  const master = { ...LOGIN_DEVICE, email: "master@tidemark.test", password: DEMO_PASSWORD };
  expect((await context.request.post("/membership/v1/login", { headers: HEADERS, data: master })).ok()).toBe(true);
  const check = await context.request.post("/mypage/v1/password/check", { headers: HEADERS, data: { password: DEMO_PASSWORD } });
  expect(check.ok(), await check.text()).toBe(true);

  // A passkey, then two-step sign-in on with an app (its secret from the set-up answer).
  await page.goto("/mypage/security");
  await appReady(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("Work laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.locator(".mypage-session")).toHaveCount(1);
  const setup = await context.request.post("/mypage/v1/two-step/setup", { headers: HEADERS });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const confirm = await context.request.post("/mypage/v1/two-step/confirm", { headers: HEADERS, data: { code: totp(secret.replace(/\s/g, "")) } });
  expect(confirm.ok(), await confirm.text()).toBe(true);

  // Signed out, the password asks for the second step, which the passkey gives. The e-mail
  // field offers the passkey among its suggestions (conditional UI); the member, with no touch
  // on the authenticator yet, types the password instead, which ends that question.
  await context.request.post("/membership/v1/logout", { headers: HEADERS });
  await context.clearCookies();
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: id, enabled: false });
  await page.goto("/member/login/email");
  await appReady(page);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("autocomplete", "username webauthn");
  await page.getByLabel("E-mail").fill("master@tidemark.test");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: id, enabled: true });
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).not.toHaveURL(/\/member\/login/);
  expect(await signedInEmail(context)).toBe("master@tidemark.test");
  await context.close();
});

test("a member who joined with a social account confirms it's them by certification, adds a passkey, turns on two-step sign-in and is asked for it at the social sign-in", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: site, locale: "en-US" });
  const page = await context.newPage();
  const { cdp, id } = await authenticator(page);
  const email = `social-${Date.now()}@passkeys.test`;
  const person = newPerson("박");

  // Joined through the local OAuth provider, certified on the way: no password.
  await page.goto("/member/join");
  await appReady(page);
  await page.getByRole("checkbox", { name: "Agree to all" }).check();
  await page.getByRole("button", { name: "Join with a test account (development)" }).click();
  await onLocalConsent(page, "Social Sea", email);
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await onLocalCertification(page, person);
  await page.getByRole("button", { name: "Finish joining" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Tidemark");

  // Adding a passkey asks to confirm it's them: with no password, the dialog offers
  // certification on the check page, which comes back here.
  await page.goto("/mypage/security");
  await appReady(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("My phone");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${screenshots}/passkeys-social-confirm-360.png` });
  await dialog.getByRole("link", { name: "Go and confirm with certification" }).click();
  await expect(page).toHaveURL(/\/mypage\/password\/check\?redirectUrl=%2Fmypage%2Fsecurity/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm it's you");
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/mypage-check-certification-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Confirm with certification" }).click();
  await onLocalCertification(page, person);
  await expect(page).toHaveURL(/\/mypage\/security$/);
  await passkeys.getByLabel("Passkey name").fill("My phone");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.locator(".mypage-session")).toHaveCount(1);
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId: id })).credentials).toHaveLength(1);

  // Two-step sign-in, within the same check: the app's key, its first code, the codes kept.
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  const secret = (await page.getByLabel("Setup key").textContent())!.trim().replace(/ /g, "");
  await page.getByLabel("Code").fill(totp(secret));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await page.getByRole("button", { name: "I have saved them" }).click();

  // Signed out, the social sign-in asks for the second step; the passkey gives it.
  await context.request.post("/membership/v1/logout", { headers: HEADERS });
  await context.clearCookies();
  await page.goto("/member/login?redirectUrl=%2Fmypage%2Fsecurity");
  await appReady(page);
  await page.getByRole("button", { name: "Sign in with a test account (development)" }).click();
  await onLocalConsent(page, "Social Sea", email);
  await expect(page).toHaveURL(/\/member\/login\/email\?redirectUrl=%2Fmypage%2Fsecurity$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step sign-in");
  expect(await signedInEmail(context)).toBeNull();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/mypage\/security$/);
  expect(await signedInEmail(context)).toBe(email);
  await context.close();
});
