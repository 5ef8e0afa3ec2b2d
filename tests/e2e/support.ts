// What the browser tests share: the demo content wait, signing in through the API, the
// screenshot folder.
import { createHmac } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, request, type BrowserContext, type CDPSession, type Page } from "@playwright/test";

export const screenshots = fileURLToPath(new URL("artifacts/screenshots", import.meta.url));
mkdirSync(screenshots, { recursive: true });
mkdirSync(fileURLToPath(new URL("test-results", import.meta.url)), { recursive: true });

export const DEMO_PASSWORD = "Demo-pass-2026";

declare global {
  interface Window {
    /** The page's data layer (ui/src/lib/analytics.ts): one object per event pushed. */
    dataLayer?: Record<string, unknown>[];
  }
}

/** What the page has pushed to its data layer so far. */
export async function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => window.dataLayer ?? []);
}

/** Waits until the app has taken over from the server's prerendered first view (the app
 * starts after the page's load event; until then its buttons are the server's inert copies). */
export async function appReady(page: Page) {
  await page.locator('html[data-app="ready"]').waitFor({ state: "attached", timeout: 30_000 });
}

/** Playwright's test, whose page waits for the app after every load (goto, reload). */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page["reload"]>) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/** The server fills itself with demo content on its first start: wait until it has posts. */
export async function demoContent(page: Page) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get("/api/v1/posts/latest?size=1");
        if (!response.ok()) return 0;
        return ((await response.json()) as { data: { items: unknown[] } }).data.items.length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(1);
}

/** The demo operator's authenticator-app secret, published in docs/security.md (operators
 * have two-step sign-in on). */
export const DEMO_OPERATOR_SECRET = "TIDEMARKDEMOTOTPSECRETFORADMIN22";

/** The code an authenticator app shows for a base32 `secret` at `at` (ms): RFC 6238, HMAC-SHA1,
 * six digits, 30-second steps. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/\s/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Where the browser tests keep the step of the operator's last code, and the lock around
 * taking one: a code is good once (RFC 6238), and several workers sign the demo operator in. */
const operatorStep = fileURLToPath(new URL("test-results/operator-step", import.meta.url));
const operatorLock = `${operatorStep}.lock`;

async function withOperatorLock<T>(run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      closeSync(openSync(operatorLock, "wx"));
      break;
    } catch {
      // Another worker holds it; a lock older than a minute belongs to a worker that died.
      if (Date.now() - started > 60_000) rmSync(operatorLock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(operatorLock, { force: true });
  }
}

/** The demo operator's code for a step no sign-in of this run has taken: the current one, or
 * the next after waiting for it (at most 30 s, added to the test's time). The caller holds the
 * lock. */
async function nextOperatorCode(): Promise<string> {
  const last = existsSync(operatorStep) ? Number(readFileSync(operatorStep, "utf8")) : 0;
  let step = Math.floor(Date.now() / 30_000);
  if (step <= last) {
    test.info().setTimeout(test.info().timeout + 35_000);
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * 30_000 - Date.now() + 200));
    step = last + 1;
  }
  writeFileSync(operatorStep, String(step));
  return totp(DEMO_OPERATOR_SECRET, step * 30_000);
}

/** Types the demo operator's code ([`nextOperatorCode`]) into the focused field. */
export async function typeOperatorCode(page: Page) {
  await page.keyboard.type(await withOperatorLock(nextOperatorCode));
}

/** The device fields of a sign-in request from the browser tests (the e-mail and password
 * added by the caller). */
export const LOGIN_DEVICE = {
  autoLogin: "N",
  deviceType: "PC",
  deviceOs: "LINUX",
  browser: "Chrome",
  browserVer: "1",
  browserAgent: "playwright",
  osVersion: "",
  deviceId: "playwright",
  pushToken: "",
};

const LOGIN = { ...LOGIN_DEVICE, password: DEMO_PASSWORD };

/** Where the workers keep one signed-in session of the demo operator, and how long they reuse
 * it: each sign-in of the operator costs a code of its own (up to 30 s of waiting), and the
 * page renews a session only when less than 12 of its 30 minutes are left, so a session under
 * 10 minutes old is never renewed (and so never rotated under another test) by a test. */
const operatorSession = fileURLToPath(new URL("test-results/operator-session.json", import.meta.url));
const OPERATOR_SESSION_REUSE_MS = 10 * 60_000;

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

/** The cookies of a session of the demo operator: the shared one while young enough, or a new
 * sign-in (password, then the code of the published demo secret). */
async function operatorCookies(): Promise<Cookies> {
  return withOperatorLock(async () => {
    if (existsSync(operatorSession)) {
      const kept = JSON.parse(readFileSync(operatorSession, "utf8")) as { at: number; cookies: Cookies };
      if (Date.now() - kept.at < OPERATOR_SESSION_REUSE_MS) return kept.cookies;
    }
    const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const headers = { _off_set: "540", "content-type": "application/json" };
      const login = await api.post("/membership/v1/login", { headers, data: { ...LOGIN, email: "admin@tidemark.test" } });
      const body = (await login.json()) as { code: string; data: { ticket: string } };
      expect(body.code, "the demo operator's sign-in asks for the second step").toBe("2010");
      const second = await api.post("/membership/v1/login/second-step", {
        headers,
        data: { ticket: body.data.ticket, code: await nextOperatorCode() },
      });
      expect(second.ok(), `second step: ${await second.text()}`).toBe(true);
      const { cookies } = await api.storageState();
      writeFileSync(operatorSession, JSON.stringify({ at: Date.now(), cookies }));
      return cookies;
    } finally {
      await api.dispose();
    }
  });
}

/** Signs a demo account in through the API; the session cookies land in the page's context.
 * The demo operator is the workers' shared session ([`operatorCookies`]): a test that signs
 * the operator out or changes its sign-in signs in through the page instead. */
export async function signIn(page: Page, email = "reader@tidemark.test") {
  if (email === "admin@tidemark.test") return page.context().addCookies(await operatorCookies());
  const response = await page.request.post("/membership/v1/login", {
    headers: { _off_set: "540", "content-type": "application/json" },
    data: { ...LOGIN, email },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Checks the signed-in member's password on the page's session (what the "confirm it's you"
 * dialog does), so the calls that cannot be undone go through for five minutes without the
 * question: a test of something else does not depend on whether a test before it, on the shared
 * operator session, asked it. */
export async function confirmItsMe(page: Page, password = DEMO_PASSWORD) {
  const response = await page.request.post("/mypage/v1/password/check", {
    headers: { _off_set: "540", "content-type": "application/json" },
    data: { password },
  });
  expect(response.ok(), `password check: ${await response.text()}`).toBe(true);
}

/** The page's width fits the viewport: nothing scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The words of buttons, tabs and sort links that are broken over two lines ("취/소"), each
 * with the control it is in. A label may wrap between words, never inside one; an address or
 * any token longer than a word of a label (over 12 letters) may wrap where it must. */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>("button, .button, [role=tab], nav a, .sort-switch a");
    for (const control of controls) {
      if (control.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          if (match[0].length > 12 || /[@/]/.test(match[0])) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`"${match[0]}" in "${(control.textContent ?? "").trim()}"`);
        }
      }
    }
    return broken;
  });
}

/** Keeps a copy of every beacon's address and body (beacons do not show as page requests),
 * then sends it as usual. */
export async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const sent: { url: string; body: string }[] = [];
    (window as unknown as { beacons: typeof sent }).beacons = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((body) => sent.push({ url: String(url), body }));
      else sent.push({ url: String(url), body: String(data ?? "") });
      return original(url, data);
    };
  });
}

export async function beacons(page: Page): Promise<{ url: string; body: string }[]> {
  return page.evaluate(() => (window as unknown as { beacons: { url: string; body: string }[] }).beacons);
}

/** axe-core's serious and critical findings on the page as it is now, one line each, led by
 * `where`; `scope` narrows the run (a dialog, a set of rules).
 *
 * axe runs in the page itself (the builder's legacy mode) and sends back its violations only.
 * The default mode opens a blank page to finish every run and sends back every rule's passes
 * too: a run took three to four times as long (the home page: 1.9 s against 0.6 s), and the
 * runs were the largest part of the browser tests' time. The legacy mode leaves frames of
 * another origin untested; the pages have none. */
export async function seriousFindings(page: Page, where: string, scope: (axe: AxeBuilder) => AxeBuilder = (axe) => axe): Promise<string[]> {
  const result = await scope(new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] })).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(" | ")}`);
}

/** Drives Chromium's input method through the DevTools protocol, as a Korean IME does. */
export function ime(cdp: CDPSession) {
  return {
    /** The syllable being composed, step by step (ㅎ → 하 → 한), then committed. */
    async type(...steps: string[]) {
      for (const text of steps) await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
      await cdp.send("Input.insertText", { text: steps[steps.length - 1] });
    },
    /** A composition left open. */
    async compose(...steps: string[]) {
      for (const text of steps) await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
    },
    async insert(text: string) {
      await cdp.send("Input.insertText", { text });
    },
  };
}
