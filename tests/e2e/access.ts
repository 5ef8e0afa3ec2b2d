// What the sign-in, recovery and invitation tests share: accounts made through the real API
// (the code read from the real mail), a certification through the local provider, and a look
// at a page in both languages (axe, no sideways scroll at 360 px, screenshots at phone, tablet
// and desktop widths).
import type { APIRequestContext, Page } from "@playwright/test";
import { joinCode } from "./mail";
import { brokenWords, expect, screenshots, seriousFindings, sidewaysOverflow, test } from "./support";

/** The header every state-changing call carries. */
export const HEADERS = { _off_set: "540", "content-type": "application/json" };

/** A fresh address for this run (the server's data outlives a run). */
export function freshEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.test`;
}

/** A fresh mobile number, so the certified person is new too. */
/** A birth date no earlier run is likely to have used: with the name and gender, it is who the
 * local provider takes a person to be (its person key, as PortOne's unique key). */
export function freshBirthDate(): string {
  const day = Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 15_000) * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

export function freshPhone(): string {
  return `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

/** Joins by e-mail through the API with the code from the real mail: `request` is then signed
 * in as the new member. */
export async function joinByEmail(request: APIRequestContext, email: string, password: string): Promise<void> {
  await ok(await request.post("/membership/v1/join/email/code", { headers: HEADERS, data: { email } }));
  const code = await joinCode(email);
  const { joinToken } = (await ok(await request.post("/membership/v1/join/email/verify", { headers: HEADERS, data: { email, code } }))) as {
    joinToken: string;
  };
  await ok(await request.post("/membership/v1/join", { headers: HEADERS, data: { joinToken, password, terms: { service: true, privacy: true } } }));
}

export interface Person {
  name: string;
  phone: string;
  birthDate: string;
  gender: "male" | "female";
}

/** Certifies `person` with the local provider for `purpose`, as the signed-in `request`, and
 * answers the completed certifyNo. */
export async function certifyThroughApi(request: APIRequestContext, purpose: string, person: Person): Promise<string> {
  const { certifyNo } = (await ok(await request.get(`/certify/v1?purpose=${purpose}`))) as { certifyNo: string };
  const confirmed = await request.post("/certify/local", { form: { certifyNo, ...person, action: "confirm" }, maxRedirects: 0 });
  const back = new URL(confirmed.headers()["location"] ?? "", "http://site");
  const certifyUid = back.searchParams.get("imp_uid");
  expect(certifyUid, `the provider's return: ${back}`).toBeTruthy();
  await ok(await request.post("/certify/v1/complete", { headers: HEADERS, data: { certifyNo, certifyUid } }));
  return certifyNo;
}

/** Fills the local provider's certification page and confirms (or cancels). */
export async function certifyInBrowser(page: Page, person: Person, action: "confirm" | "cancel" = "confirm") {
  await expect(page).toHaveURL(/\/certify\/local\?certifyNo=/);
  if (action === "cancel") {
    await page.getByRole("button", { name: /취소/ }).click();
    return;
  }
  await page.getByLabel(/이름/).fill(person.name);
  await page.getByLabel(/휴대폰 번호/).fill(person.phone);
  await page.getByLabel(/생년월일/).fill(person.birthDate);
  await page.getByLabel(person.gender === "male" ? /남성/ : /여성/).check();
  await page.getByRole("button", { name: /확인/ }).click();
}

/** Switches the page's language with the header's button, keeping what is on screen. */
export async function showIn(page: Page, lang: "ko" | "en") {
  if ((await page.locator("html").getAttribute("lang")) === lang) return;
  await page
    .getByRole("banner")
    .getByRole("button", { name: lang === "en" ? /^(English|EN)$/ : /^(한국어|한)$/ })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

const WIDTHS = [360, 768, 1280];

/** Looks at the page as it is now, in Korean then English, at each width: no serious or
 * critical violation of axe's default rules (a phone's header names its buttons otherwise
 * than a desktop's), nothing scrolling sideways at 360 px, no word of a button or tab broken
 * over two lines, a screenshot. */
export async function lookAt(page: Page, name: string) {
  // Six axe runs and six screenshots: each look gives its test the time it takes on a busy
  // machine, on top of what the test had.
  test.info().setTimeout(test.info().timeout + 30_000);
  const found = new Set<string>();
  const size = page.viewportSize();
  for (const lang of ["ko", "en"] as const) {
    await showIn(page, lang);
    await expect(page.locator(".page-loading")).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator("h1")).toHaveCount(1);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Two frames: what the page does on a resize (a table becoming a scrolling region) is done.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      for (const finding of await seriousFindings(page, `${name} (${lang}, ${width}px)`)) found.add(finding);
      if (width === 360) expect(await sidewaysOverflow(page), `${name} scrolls sideways at 360px (${lang})`).toBeLessThanOrEqual(0);
      expect(await brokenWords(page), `${name}: a control's word broken over two lines at ${width}px (${lang})`).toEqual([]);
      await page.screenshot({ path: `${screenshots}/${name}-${lang}-${width}.png`, fullPage: true });
    }
    if (size) await page.setViewportSize(size);
  }
  expect([...found], [...found].join("\n")).toEqual([]);
}
