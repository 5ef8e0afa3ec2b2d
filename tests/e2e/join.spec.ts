// Joining in real Chromium against the real server: the terms, the e-mail code read from the
// mail the site really sent (the suite's SMTP server), the local certification provider's
// page, the profile, the welcome; social join and sign-in through the local OAuth provider;
// one person, one account; a cancelled certification; Korean typed through the input method;
// axe, sideways scroll and screenshots of every join page in Korean and English.
import type { Page } from "@playwright/test";
import { joinCode } from "./mail";
import { newPerson, onLocalCertification, onLocalConsent, type Person } from "./providers";
import { dataLayer, expect, screenshots, seriousFindings, sidewaysOverflow, test } from "./support";

const PASSWORD = "Tide-mark-2026!";
const HEADERS = { _off_set: "540", "content-type": "application/json" };

/** An address no other test uses. */
function newEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@join.test`;
}

async function call(page: Page, method: "GET" | "POST", path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, headers: HEADERS, data });
  const body = (await response.json()) as { code: string; data: Record<string, unknown> };
  expect(response.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

/** Makes an e-mail account through the API with the code from the real mail; the page's
 * context is then signed in to it (the session cookies land there). */
async function joinByApi(page: Page, email: string) {
  await call(page, "POST", "/membership/v1/join/email/code", { email });
  const code = await joinCode(email);
  const { joinToken } = await call(page, "POST", "/membership/v1/join/email/verify", { email, code });
  await call(page, "POST", "/membership/v1/join", { joinToken, password: PASSWORD, terms: { service: true, privacy: true, marketing: false } });
}

/** Certifies the signed-in account as `person` through the local provider's form, as a
 * browser posts it, and attaches the certification. */
async function certifyByApi(page: Page, person: Person) {
  const requested = await call(page, "GET", "/certify/v1?purpose=join");
  const certifyNo = requested.certifyNo as string;
  const confirmed = await page.request.post("/certify/local", {
    form: { certifyNo, ...person, action: "confirm" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  const back = new URL(confirmed.headers()["location"], "http://site");
  await call(page, "POST", "/certify/v1/complete", { certifyNo, certifyUid: back.searchParams.get("imp_uid") });
  await call(page, "POST", "/membership/v1/account/certify", { certifyNo });
}

async function signOutByApi(page: Page) {
  await call(page, "POST", "/membership/v1/logout");
}

test("joining by e-mail: terms, the mailed code, password, certification, profile, welcome; then sign in again", async ({ page }) => {
  test.setTimeout(90_000);
  // The pages run under the site's CSP and Trusted Types without a single refusal.
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Trusted ?Type|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  const email = newEmail("mail");
  await page.goto("/member/join");
  await expect(page).toHaveTitle("Join Tidemark · Tidemark");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Tidemark");

  // Each item readable in full; required and optional apart; nothing goes without the required ones.
  await page.getByText("Read in full").first().click();
  await expect(page.getByRole("region", { name: "Tidemark Terms of Service" })).toContainText("One person holds one reader account");
  await expect(page.getByRole("group", { name: "Required" }).getByRole("checkbox")).toHaveCount(2);
  await expect(page.getByRole("group", { name: "Optional" }).getByRole("checkbox")).toHaveCount(1);
  await page.getByRole("button", { name: "Join with e-mail" }).click();
  await expect(page.getByText("Please agree to both required items")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Terms of Service/ })).toBeFocused();
  await expect(page).toHaveURL(/\/member\/join$/);
  await page.getByRole("checkbox", { name: "Agree to all" }).check();
  await expect(page.getByRole("checkbox", { name: /marketing/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /marketing/ }).uncheck();
  await expect(page.getByRole("checkbox", { name: "Agree to all" })).not.toBeChecked();
  await page.getByRole("button", { name: "Join with e-mail" }).click();

  // The address confirmed with the code the site mailed.
  await expect(page).toHaveURL(/\/member\/join\/email$/);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.locator(".form-notice")).toContainText(`We sent a 6-digit code to ${email}`);
  const codeField = page.getByLabel("6-digit code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByRole("button", { name: /Send a new code \(in (1 min 0 s|\d+ s)\)/ })).toBeDisabled();
  const code = await joinCode(email);
  const wrong = code === "000000" ? "111111" : "000000";
  await codeField.fill(wrong);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The code is wrong or has expired.")).toBeVisible();
  await expect(codeField).toBeFocused();
  await codeField.fill(`${code}x`);
  await expect(codeField).toHaveValue(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();

  // The password's rule, part by part, as it is typed.
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("autocomplete", "new-password");
  await password.fill("short1");
  await expect(page.locator(".password-rule .rule-unmet")).toHaveCount(2);
  await password.fill(PASSWORD);
  await expect(page.locator(".password-rule .rule-unmet")).toHaveCount(0);
  await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toBeFocused();
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();

  // Certification with the local provider, then the profile.
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity certification");
  await expect(page.getByRole("list", { name: "Steps to join" }).locator('[aria-current="step"]')).toContainText("Certify");
  await page.getByRole("button", { name: "Certify my identity" }).click();
  const person = newPerson();
  await onLocalCertification(page, person);
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
  await page.getByLabel("Nickname").fill("하늘 reader!");
  await expect(page.getByLabel("Nickname")).toHaveValue("하늘 reader");
  await page.getByRole("checkbox", { name: "Insights" }).check();
  await page.getByRole("checkbox", { name: "Recruiting" }).check();
  await page.getByRole("button", { name: "Finish joining" }).click();

  // The welcome, the interests, the member in the header, the sign_up event.
  await expect(page).toHaveURL(/\/member\/join\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Tidemark");
  await expect(page.locator(".join-chip")).toHaveText(["Insights", "Recruiting"]);
  await expect(page.getByRole("banner").getByRole("link", { name: "하늘 reader" })).toBeVisible();
  const signUps = (await dataLayer(page)).filter((event) => event.event === "sign_up");
  expect(signUps).toHaveLength(1);
  expect(signUps[0]).toMatchObject({ userType: "reader", birth: person.birthDate.slice(0, 4), gender: "female" });
  expect(String(signUps[0].signupType).toLowerCase()).toBe("email");
  expect(signUps[0].identityId).toBeTruthy();
  await page.reload();
  expect((await dataLayer(page)).filter((event) => event.event === "sign_up")).toHaveLength(0);

  // Signed out, then in again with the new account.
  await signOutByApi(page);
  await page.goto("/member/login/email");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "하늘 reader" })).toBeVisible();
  expect(refusals).toEqual([]);
});

test("certification keeps the address the site was opened at (localhost beside the public 127.0.0.1)", async ({ browser, baseURL }) => {
  const other = (baseURL ?? "").replace("127.0.0.1", "localhost");
  expect(other).toContain("localhost");
  const context = await browser.newContext({ baseURL: other, locale: "en-US" });
  const page = await context.newPage();
  await joinByApi(page, newEmail("origin"));
  await page.goto("/member/join/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity certification");
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await onLocalCertification(page, newPerson("박"));
  // Back at the same address, where the join's own state is: the profile step follows.
  await expect(page).toHaveURL(`${other}/member/join/profile`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
  await context.close();
});

test("one person, one account: a second account for a certified person is refused; a cancelled certification can be retried", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = newPerson("이");
  await joinByApi(page, newEmail("first"));
  await certifyByApi(page, person);
  await signOutByApi(page);

  await joinByApi(page, newEmail("second"));
  await page.goto("/member/join/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity certification");
  // Cancelled on the provider's page: said so, and tried again.
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await onLocalCertification(page, person, "cancel");
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("alert")).toHaveText("You cancelled the certification. Try again when you are ready.");
  await page.getByRole("button", { name: "Certify again" }).click();
  await onLocalCertification(page, person);
  // The same person has an account already.
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("alert")).toContainText("A Tidemark account already belongs to the person of this certification.");
  await look(page, "join-person-has-account-en");
  await expect(page.getByRole("button", { name: "Find my password" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in to my account" }).click();
  await expect(page).toHaveURL(/\/member\/login$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("social join with the local provider, then social sign-in; the return without a type is a query string error", async ({ page }) => {
  test.setTimeout(90_000);
  const email = newEmail("social");
  await page.goto("/member/join");
  await page.getByRole("checkbox", { name: "Agree to all" }).check();
  await page.getByRole("button", { name: "Join with a test account (development)" }).click();
  await onLocalConsent(page, "Social Sky", email);
  // The return page joined the identity: the certification comes next.
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity certification");
  await page.getByRole("button", { name: "Certify my identity" }).click();
  await onLocalCertification(page, newPerson("박"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
  // The provider's name is offered as the nickname.
  await expect(page.getByLabel("Nickname")).toHaveValue("Social Sky");
  await page.getByRole("button", { name: "Finish joining" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Tidemark");
  const signUp = (await dataLayer(page)).find((event) => event.event === "sign_up");
  expect(String(signUp?.signupType).toLowerCase()).toBe("local");

  // Signed out, then in again through the provider, coming back to the saved address only
  // when it is on this site.
  await signOutByApi(page);
  for (const [redirectUrl, landing] of [
    ["/follow/list", /\/follow\/list$/],
    ["https://evil.example/steal", /^http:\/\/127\.0\.0\.1:\d+\/$/],
  ] as const) {
    await page.goto("/");
    await startSocialSignIn(page, redirectUrl);
    await onLocalConsent(page, "Social Sky", email);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole("banner").getByRole("link", { name: "Social Sky" })).toBeVisible();
    await signOutByApi(page);
  }

  // At another address of the same server (localhost, while its public address is
  // 127.0.0.1) the provider brings the person back to the address they are at, signed in
  // there: the flow kept in that address's session storage is found.
  const elsewhere = new URL(page.url());
  elsewhere.hostname = "localhost";
  await page.goto(new URL("/member/login?redirectUrl=%2Ffollow%2Flist", elsewhere).href);
  await page.getByRole("button", { name: "Sign in with a test account (development)" }).click();
  await onLocalConsent(page, "Social Sky", email);
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${elsewhere.port}/follow/list$`));
  await expect(page.getByRole("banner").getByRole("link", { name: "Social Sky" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Social Sky" })).toHaveCount(0);

  // A sign-in with an identity that has no account goes on to join from the terms.
  await page.goto("/");
  await startSocialSignIn(page, null);
  await onLocalConsent(page, "New Wave", newEmail("wave"));
  await expect(page).toHaveURL(/\/member\/join$/);
  await expect(page.getByText("You are joining with your Test (development) account")).toBeVisible();
  await look(page, "join-social-continue-en");
  await page.getByRole("checkbox", { name: /Terms of Service/ }).check();
  await page.getByRole("checkbox", { name: /personal information/ }).check();
  await page.getByRole("button", { name: "Agree and join with Test (development)" }).click();
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity certification");

  // SPEC §5: the redirect type must be there.
  await page.goto("/member/auth/callbackOauth?code=abc&state=def");
  await expect(page.getByRole("alert")).toHaveText("query string error");
  await expect(page).toHaveURL(/\/member\/auth\/callbackOauth\?code=abc&state=def$/);
});

/** Starts a social sign-in as the login page does (lib/social.ts startSocial): the
 * authorization, the flow kept in session storage, then the provider's page. */
async function startSocialSignIn(page: Page, redirectUrl: string | null) {
  const query = new URLSearchParams({ channel: "local", type: "signin" });
  if (redirectUrl) query.set("redirectUrl", redirectUrl);
  const started = await call(page, "GET", `/oauth/v1/social/authorize?${query.toString()}`);
  await page.evaluate(
    ([authorizeUrl, redirect]) => {
      sessionStorage.setItem("tidemark.social", JSON.stringify({ channel: "local", type: "signin", redirectUrl: redirect }));
      window.location.assign(authorizeUrl);
    },
    [started.authorizeUrl as string, redirectUrl] as const,
  );
}

test("the social return cleans the address bar of its type", async ({ page }) => {
  await page.goto("/");
  const started = await call(page, "GET", "/oauth/v1/social/authorize?channel=local&type=signin");
  await page.evaluate((url) => {
    sessionStorage.setItem("tidemark.social", JSON.stringify({ channel: "local", type: "signin", redirectUrl: null }));
    window.location.assign(url);
  }, started.authorizeUrl as string);
  // Declined at the provider: the return says so, and its address has no type any more.
  await expect(page).toHaveURL(/\/oauth\/local\/authorize/);
  await page.locator('button[value="deny"]').click();
  await expect(page.getByRole("alert")).toContainText("You cancelled the sign-in with Test (development)");
  await look(page, "join-social-declined-en");
  expect(new URL(page.url()).searchParams.has("type")).toBe(false);
  expect(new URL(page.url()).pathname).toBe("/member/auth/callbackOauth");
});

test.describe("Korean typed through the input method", () => {
  test.use({ locale: "ko-KR" });

  test("composing 김하늘 and 서울시 in the nickname field keeps every syllable", async ({ page }) => {
    await joinByApi(page, newEmail("ime"));
    await certifyByApi(page, newPerson("최"));
    await page.goto("/member/join/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("프로필 설정");
    const field = page.getByLabel("닉네임");
    await field.click();
    const cdp = await page.context().newCDPSession(page);
    /** Types `syllables`, each composed jamo by jamo and then committed, as a Korean IME does. */
    const compose = async (syllables: string[][]) => {
      for (const steps of syllables) {
        for (const text of steps) {
          await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
        }
        await cdp.send("Input.insertText", { text: steps[steps.length - 1] });
      }
    };
    await compose([
      ["ㄱ", "기", "김"],
      ["ㅎ", "하"],
      ["ㄴ", "느", "늘"],
    ]);
    await expect(field).toHaveValue("김하늘");
    await field.fill("");
    await compose([
      ["ㅅ", "서"],
      ["ㅇ", "우", "울"],
      ["ㅅ", "시"],
    ]);
    await expect(field).toHaveValue("서울시");
    await page.getByRole("button", { name: "가입 완료하기" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("가입을 축하합니다");
    await expect(page.getByText("서울시님, Tidemark에 오신 것을 환영합니다.")).toBeVisible();
  });
});

/** One page as a reader meets it: one <h1> and a real title, no serious or critical axe
 * violation, nothing sideways at 360 px, and a photograph at phone, tablet and desktop widths. */
async function look(page: Page, name: string) {
  test.info().setTimeout(test.info().timeout + 15_000);
  await expect(page.locator("h1")).toHaveCount(1);
  // The title follows the address a moment after it changes (lib/pageTitle.ts): wait for it.
  await expect(page).toHaveTitle(/ · Tidemark$/);
  const serious: string[] = [];
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    serious.push(...(await seriousFindings(page, `${width}px`)));
    if (width === 360) expect(await sidewaysOverflow(page), `${name} at 360 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(serious, name).toEqual([]);
}

/** Each join page as a reader meets it, reached through the real flow. */
async function visitEveryJoinPage(page: Page, lang: "ko" | "en", visit: (name: string) => Promise<void>) {
  const en = lang === "en";
  await page.goto("/member/join");
  await page.getByText(en ? "Read in full" : "전문 보기").first().click();
  await visit("join-terms");
  await page.getByRole("checkbox", { name: en ? "Agree to all" : "전체 동의" }).check();
  await page.getByRole("button", { name: en ? "Join with e-mail" : "이메일로 가입하기" }).click();
  await expect(page).toHaveURL(/\/member\/join\/email$/);
  await visit("join-email");
  const email = newEmail(`look-${lang}`);
  await page.getByLabel(en ? "E-mail" : "이메일", { exact: true }).fill(email);
  await page.getByRole("button", { name: en ? "Send me a code" : "인증 코드 받기" }).click();
  await page.getByLabel(en ? "6-digit code" : "인증 코드 6자리").fill("000000");
  await page.getByRole("button", { name: en ? "Confirm" : "확인", exact: true }).click();
  await expect(page.locator("#join-code-problem")).toBeVisible();
  await visit("join-email-code");
  await page.getByLabel(en ? "6-digit code" : "인증 코드 6자리").fill(await joinCode(email));
  await page.getByRole("button", { name: en ? "Confirm" : "확인", exact: true }).click();
  await page.getByLabel(en ? "Password" : "비밀번호", { exact: true }).fill("short");
  await visit("join-email-password");
  await page.getByLabel(en ? "Password" : "비밀번호", { exact: true }).fill(PASSWORD);
  await page.getByLabel(en ? "Confirm password" : "비밀번호 확인").fill(PASSWORD);
  await page.getByRole("button", { name: en ? "Create my account" : "가입하기" }).click();
  await expect(page).toHaveURL(/\/member\/join\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en ? "Identity certification" : "본인인증");
  await visit("join-certify");
  await page.getByRole("button", { name: en ? "Certify my identity" : "본인인증 하기" }).click();
  await onLocalCertification(page, newPerson(), "cancel");
  await expect(page.getByRole("alert")).toBeVisible();
  await visit("join-certify-cancelled");
  await page.getByRole("button", { name: en ? "Certify again" : "다시 본인인증 하기" }).click();
  await onLocalCertification(page, newPerson());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en ? "Your profile" : "프로필 설정");
  await page.getByLabel(en ? "Nickname" : "닉네임").fill("하");
  await page.getByRole("button", { name: en ? "Finish joining" : "가입 완료하기" }).click();
  await expect(page.locator("#join-nickname-problem")).toBeVisible();
  await visit("join-profile");
  await page.getByLabel(en ? "Nickname" : "닉네임").fill("바다 산책");
  for (const name of en ? ["Products", "Company culture", "Plus series"] : ["제품 소식", "기업 문화", "플러스 시리즈"]) {
    await page.getByRole("checkbox", { name }).check();
  }
  await page.getByRole("button", { name: en ? "Finish joining" : "가입 완료하기" }).click();
  await expect(page).toHaveURL(/\/member\/join\/complete$/);
  await visit("join-complete");
  await page.goto("/member/auth/callbackOauth?code=1");
  await expect(page.getByRole("alert")).toHaveText("query string error");
  await visit("join-callback-oauth");
}

for (const lang of ["ko", "en"] as const) {
  test.describe(`every join page in ${lang === "ko" ? "Korean" : "English"}`, () => {
    test.use({ locale: lang === "ko" ? "ko-KR" : "en-US" });

    test(`axe finds nothing serious, nothing scrolls sideways at 360 px, screenshots at three widths (${lang})`, async ({ page }) => {
      test.setTimeout(180_000);
      await visitEveryJoinPage(page, lang, (name) => look(page, `${name}-${lang}`));
    });
  });
}
