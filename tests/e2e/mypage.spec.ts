// My page in a real browser against the real server: fresh members joined by e-mail with the
// code from the real mail, certification through the local provider's own page, the password
// check before the sensitive pages, password change, withdrawal and joining again; a master
// told what to do first; the route guard; axe, 360 px and screenshots of every page.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { allMail, joinCode } from "./mail";
import { onLocalCertification, type Person } from "./providers";
import { DEMO_PASSWORD, demoContent, expect, LOGIN_DEVICE, screenshots, seriousFindings, sidewaysOverflow, signIn, test } from "./support";

const PASSWORD = "Tide-mark-2026!";
const HEADERS = { _off_set: "540", "content-type": "application/json" };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

/** An address nobody has used yet. */
function freshEmail(tag: string): string {
  return `mypage-${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@tidemark.test`;
}

async function post<T = unknown>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: HEADERS, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** How many mails `to` has received so far. */
function mailCount(to: string): number {
  return allMail().filter((mail) => mail.to.includes(to)).length;
}

/** Joins by e-mail through the API with the code from the real mail (waiting for a new mail
 * when the address had some before), writes the profile, and leaves `request`'s context signed
 * in as the new member. */
async function joinByEmail(request: APIRequestContext, email: string, nickname = "김하늘"): Promise<void> {
  const before = mailCount(email);
  await post(request, "/membership/v1/join/email/code", { email });
  await expect.poll(() => mailCount(email), { timeout: 20_000 }).toBeGreaterThan(before);
  const code = await joinCode(email);
  const { joinToken } = await post<{ joinToken: string }>(request, "/membership/v1/join/email/verify", { email, code });
  await post(request, "/membership/v1/join", { joinToken, password: PASSWORD, terms: { service: true, privacy: true, marketing: false } });
  await post(request, "/membership/v1/join/profile", { nickname, interests: [1, 2] });
}

/** SPEC §3's sign-in request, answering its HTTP status. */
async function signInStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await request.post("/membership/v1/login", {
    headers: HEADERS,
    data: { ...LOGIN_DEVICE, deviceId: "playwright-mypage", email, password },
  });
  return response.status();
}


/** Someone the local provider has never seen: the provider knows a person by name, birth
 * date and gender (as PortOne's unique key), so each test's person is born on a day of its own. */
function freshPerson(): Person {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const born = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 15_000) * 86_400_000);
  return {
    name: "김하늘",
    phone: `010-${digits.slice(0, 4)}-${digits.slice(4)}`,
    birthDate: born.toISOString().slice(0, 10),
    gender: "female",
  };
}

/** Passes the password check the sensitive pages stand behind. */
async function passCheck(page: Page, password = PASSWORD) {
  await expect(page).toHaveURL(/\/mypage\/password\/check\?redirectUrl=/);
  await page.getByLabel("현재 비밀번호").fill(password);
  await page.getByRole("button", { name: "확인", exact: true }).click();
}

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("my page shows the member; the profile edit keeps a draft across a reload and saves, Korean typed whole", async ({ page }) => {
    const email = freshEmail("edit");
    await joinByEmail(page.request, email);
    await page.goto("/mypage");
    await expect(page.getByRole("heading", { level: 1, name: "마이페이지" })).toBeVisible();
    await expect(page.getByText("김하늘님, 반갑습니다.")).toBeVisible();
    await expect(page.locator('[data-field="email"]')).toHaveText(email);
    await expect(page.locator('[data-field="interests"] li')).toHaveText(["인사이트", "성공 사례"]);
    await expect(page.locator('[data-field="channel"]')).toHaveText("이메일과 비밀번호");

    await page.getByRole("link", { name: "프로필 수정" }).click();
    await expect(page).toHaveURL(/\/mypage\/user\/edit$/);
    await expect(page).toHaveTitle("프로필 수정 · Tidemark");
    const nickname = page.getByLabel("닉네임");
    await expect(nickname).toHaveValue("김하늘");
    await nickname.fill("");
    // Korean typed through the input method, syllable by syllable.
    const ime = await page.context().newCDPSession(page);
    for (const steps of [["ㅂ", "바"], ["ㄷ", "다"], ["ㄹ", "라", "람"]]) {
      for (const text of steps) await ime.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
      await ime.send("Input.insertText", { text: steps[steps.length - 1] });
    }
    await expect(nickname).toHaveValue("바다람");
    // Typed without an input method: the core's filter drops what a nickname may not hold.
    await nickname.press("End");
    await page.keyboard.type("!_1");
    await expect(nickname).toHaveValue("바다람_1");
    await page.getByLabel("채용").check();
    await page.getByLabel("성공 사례").uncheck();
    await page.getByLabel("이벤트와 새 소식을 이메일로 받겠습니다.").check();

    // A reload in the middle (a session ending, a tab restored): nothing typed is lost.
    await page.reload();
    await expect(page.getByText("저장하지 않은 수정 내용을 이어서 보여 드립니다.")).toBeVisible();
    await expect(page.getByLabel("닉네임")).toHaveValue("바다람_1");
    await expect(page.getByLabel("채용")).toBeChecked();
    await expect(page.getByLabel("성공 사례")).not.toBeChecked();

    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("status").filter({ hasText: "프로필을 저장했습니다." })).toContainText("마케팅 정보 수신에 동의하셨습니다.");
    await expect(page.getByRole("banner").getByRole("link", { name: "바다람_1" })).toBeVisible();
    // Saved on the server: a reload shows it.
    await page.reload();
    await expect(page.locator('[data-field="nickname"]')).toHaveText("바다람_1");
    await expect(page.locator('[data-field="interests"] li')).toHaveText(["인사이트", "채용"]);
    await expect(page.locator('[data-field="marketing"]')).toHaveText("동의");
    await page.goto("/mypage/user/edit");
    await expect(page.getByText("저장하지 않은 수정 내용을 이어서 보여 드립니다.")).toHaveCount(0);
  });

  test("password change goes through the check first; then the old password fails, the new one signs in, other sessions end", async ({ page, browser }) => {
    const email = freshEmail("password");
    await joinByEmail(page.request, email);
    // Another device, signed in before the change.
    const other = await browser.newContext();
    expect(await signInStatus(other.request, email, PASSWORD)).toBe(200);
    expect((await other.request.get("/oauth/v1/token/profile")).status()).toBe(200);

    await page.goto("/mypage");
    await page.getByRole("link", { name: "비밀번호 변경" }).click();
    await expect(page).toHaveURL(/\/mypage\/password\/check\?redirectUrl=%2Fmypage%2Fpassword%2Fchange$/);
    await expect(page.getByLabel("계정")).toHaveValue(email);
    await page.getByLabel("현재 비밀번호").fill("Not-the-password-9");
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page.getByText("비밀번호가 올바르지 않습니다.")).toBeVisible();
    await expect(page.getByLabel("현재 비밀번호")).toBeFocused();
    await passCheck(page);
    await expect(page).toHaveURL(/\/mypage\/password\/change$/);
    await expect(page.getByText(/비밀번호 확인 남은 시간: [45]:\d\d/)).toBeVisible();

    const next = "Bada-ram-2027#";
    await page.getByLabel("새 비밀번호", { exact: true }).fill("short");
    await expect(page.locator(".password-rule .rule-unmet")).toHaveCount(2);
    await page.getByLabel("새 비밀번호", { exact: true }).fill(next);
    await expect(page.locator(".password-rule .rule-unmet")).toHaveCount(0);
    await page.getByLabel("새 비밀번호 확인").fill(next);
    await page.getByRole("button", { name: "비밀번호 변경" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "비밀번호를 바꿨습니다" })).toBeVisible();
    await expect(page.getByText(/다른 기기와 브라우저에서는 모두 로그아웃되었습니다/)).toBeVisible();

    // This browser stays signed in; the other device does not.
    expect((await page.request.get("/oauth/v1/token/profile")).status()).toBe(200);
    expect((await other.request.get("/oauth/v1/token/profile")).status()).toBe(401);
    await other.close();
    const fresh = await browser.newContext();
    expect(await signInStatus(fresh.request, email, PASSWORD)).toBe(401);
    expect(await signInStatus(fresh.request, email, next)).toBe(200);
    await fresh.close();
  });

  test("the check page goes on only to an address on this site", async ({ page }) => {
    await joinByEmail(page.request, freshEmail("hostile"));
    await page.goto("/mypage/password/check?redirectUrl=%2F%2Fevil.example");
    await page.getByLabel("현재 비밀번호").fill(PASSWORD);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test("certification through the local provider: first, then a change by the same person; another person is refused", async ({ page }) => {
    await joinByEmail(page.request, freshEmail("certify"));
    const person = freshPerson();
    await page.goto("/mypage");
    await expect(page.locator('[data-field="certified"]')).toContainText("아직 본인인증을 하지 않았습니다.");
    await page.getByRole("button", { name: "본인인증하기" }).click();
    await onLocalCertification(page, person);
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("status").filter({ hasText: "본인인증을 마쳤습니다." })).toBeVisible();
    await expect(page.locator('[data-field="certified"]')).toContainText(`본인인증 완료 · 생년월일 ${person.birthDate}`);

    // The same person certifies a new phone (the local provider knows a person by name, date
    // of birth and gender): the certification moves to the new one.
    const newPhone = { ...person, phone: freshPerson().phone };
    await page.getByRole("button", { name: "휴대폰 번호 변경 (재인증)" }).click();
    await onLocalCertification(page, newPhone);
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText(`본인인증 정보를 바꿨습니다. 휴대폰 번호 끝자리: ${newPhone.phone.slice(-4)}`)).toBeVisible();

    // Someone else: refused, and said so.
    await page.getByRole("button", { name: "휴대폰 번호 변경 (재인증)" }).click();
    await onLocalCertification(page, { ...freshPerson(), name: "이바다" });
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("alert")).toHaveText(
      "인증한 분이 이 계정의 주인과 다른 사람입니다. 휴대폰 번호는 계정 주인 본인만 바꿀 수 있습니다.",
    );
    await page.screenshot({ path: `${screenshots}/mypage-certify-refused-ko-1280.png`, fullPage: true });

    // Cancelled at the provider: said so, nothing changes.
    await page.getByRole("button", { name: "휴대폰 번호 변경 (재인증)" }).click();
    await expect(page).toHaveURL(/\/certify\/local\?certifyNo=/);
    await page.locator('button[value="cancel"]').click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("alert")).toContainText("본인인증을 취소했습니다.");
  });

  test("withdrawal: the check, a reason, the confirmation, a last question; signed out with a message; the e-mail joins again", async ({ page }) => {
    const email = freshEmail("withdraw");
    await joinByEmail(page.request, email);
    await page.goto("/mypage");
    await page.getByRole("link", { name: "회원 탈퇴" }).click();
    await passCheck(page);
    await expect(page).toHaveURL(/\/mypage\/user\/withdraw$/);
    await expect(page.getByRole("heading", { level: 2, name: "바로 삭제되는 정보" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "남는 정보" })).toBeVisible();

    await page.getByRole("button", { name: "탈퇴하기" }).click();
    await expect(page.getByText("탈퇴 이유를 골라 주세요.")).toBeVisible();
    await expect(page.getByLabel("자주 이용하지 않아요")).toBeFocused();
    await page.getByLabel("기타").check();
    await page.getByLabel("자세한 이유").fill("잠시 쉬어 가려고 합니다");
    await page.getByLabel(/되돌릴 수 없다는 데 동의합니다/).check();
    await page.getByRole("button", { name: "탈퇴하기" }).click();
    await expect(page.getByRole("heading", { name: "정말 탈퇴하시겠습니까?" })).toBeFocused();
    // Not yet: nothing happened.
    await page.getByRole("button", { name: "아니요, 계속 쓸게요" }).click();
    expect((await page.request.get("/oauth/v1/token/profile")).status()).toBe(200);
    await page.getByRole("button", { name: "탈퇴하기" }).click();
    await page.getByRole("button", { name: "네, 탈퇴합니다" }).click();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("status").filter({ hasText: "회원 탈퇴를 마쳤습니다." })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "로그인" })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/mypage-withdrawn-home-ko-1280.png` });
    expect((await page.request.get("/oauth/v1/token/profile")).status()).toBe(401);
    await page.goto("/mypage");
    await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmypage$/);
    expect(await signInStatus(page.request, email, PASSWORD)).not.toBe(200);

    // The same e-mail joins again, with a new code from a new mail.
    await joinByEmail(page.request, email, "다시왔어요");
    await page.goto("/mypage");
    await expect(page.getByText("다시왔어요님, 반갑습니다.")).toBeVisible();
    await expect(page.locator('[data-field="email"]')).toHaveText(email);
  });

  test("내 정보 내려받기: the file is made in the background, mailed as a link back to my page, and downloaded whole", async ({ page }) => {
    const email = freshEmail("data");
    await joinByEmail(page.request, email);
    await page.goto("/mypage");
    const section = page.getByRole("region", { name: "내 정보 내려받기" });
    await section.getByRole("button", { name: "내 정보 파일 만들기" }).click();
    const download = section.getByRole("link", { name: /^파일 받기 \([\d,]+ KB\)$/ });
    await expect(download).toBeVisible({ timeout: 20_000 });
    await expect(section.getByRole("status")).toContainText("까지 받을 수 있습니다.");
    await page.screenshot({ path: `${screenshots}/mypage-data-ready-ko-1280.png`, fullPage: true });

    // The mail names the file's place on my page; the link brings the section into view.
    await expect.poll(() => allMail().filter((mail) => mail.to.includes(email) && mail.text.includes("/mypage?export=")).length, { timeout: 20_000 }).toBe(1);
    const mail = allMail().find((mail) => mail.to.includes(email) && mail.text.includes("/mypage?export="))!;
    expect(mail.subject).toContain("내 정보 파일이 준비되었습니다");
    const link = new URL(mail.text.match(/https?:\/\/\S+\/mypage\?export=\d+/)![0]);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(link.pathname + link.search);
    await expect(download).toBeInViewport();
    expect(await sidewaysOverflow(page), "my page with the file at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/mypage-data-link-ko-360.png` });

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^tidemark-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await file.path())!, "utf8")) as {
      format: string;
      member: { email: string; nickname: string };
      interests: { nameKo: string }[];
      consents: { what: string; agreed: boolean }[];
      sessions: unknown[];
    };
    expect(data.format).toBe("tidemark-member-data/1");
    expect(data.member).toMatchObject({ email, nickname: "김하늘" });
    expect(data.interests.map((interest) => interest.nameKo)).toEqual(["인사이트", "성공 사례"]);
    expect(data.consents).toEqual(expect.arrayContaining([expect.objectContaining({ what: "terms", agreed: true }), expect.objectContaining({ what: "marketing", agreed: false })]));
    expect(data.sessions.length).toBeGreaterThan(0);

    // Another member's session is not given it.
    const id = link.searchParams.get("export");
    const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    await joinByEmail(other.request, freshEmail("data-other"));
    expect((await other.request.get(`/mypage/v1/export/${id}/file`)).status()).toBe(404);
    await other.close();
  });

  test("a business's master is told to hand the business over or close it first", async ({ page }) => {
    await signIn(page, "master@tidemark.test");
    await page.goto("/mypage");
    await expect(page.getByText("이 계정은 기업의 마스터입니다.")).toBeVisible();
    await expect(page.getByRole("link", { name: "기업 관리로 이동" })).toHaveAttribute("href", "/mypage/business");
    await page.getByRole("link", { name: "회원 탈퇴" }).click();
    await expect(page).toHaveURL(/\/mypage\/user\/withdraw$/);
    await expect(page.getByText("기업의 마스터는 바로 탈퇴할 수 없습니다.", { exact: false })).toBeVisible();
    await expect(page.getByText(/^기업 넘기기:/)).toBeVisible();
    await expect(page.getByText(/^기업 닫기:/)).toBeVisible();
    await expect(page.getByRole("button", { name: "탈퇴하기" })).toHaveCount(0);
    // The server holds to it too: with a fresh password check, still refused.
    await post(page.request, "/mypage/v1/password/check", { password: DEMO_PASSWORD });
    const refused = await page.request.post("/mypage/v1/withdraw", { headers: HEADERS, data: { reason: "test" } });
    expect(refused.status()).toBe(409);
  });
});

test("a guest on the profile edit goes to the login page and comes back after signing in", async ({ page }) => {
  await page.goto("/mypage/user/edit");
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmypage%2Fuser%2Fedit$/);
  await page.goto("/member/login/email?redirectUrl=%2Fmypage%2Fuser%2Fedit");
  await page.getByLabel("E-mail").fill("reader@tidemark.test");
  await page.getByLabel("Password").fill("Demo-pass-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();
  await expect(page.getByLabel("Nickname")).not.toHaveValue("");
});

// --- every page: axe in both languages, 360 px, screenshots -----------------------------------

const WIDTHS = [360, 768, 1280];

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator(".page-loading, .loading")).toHaveCount(0);
}

/** Checks and photographs the page at each width; answers axe's findings. */
async function look(page: Page, name: string, lang: string): Promise<string[]> {
  test.info().setTimeout(test.info().timeout + 15_000);
  await settle(page);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    found.push(...(await seriousFindings(page, `${name} (${lang}, ${width}px)`)));
    expect(await sidewaysOverflow(page), `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshots}/mypage-${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

for (const [locale, lang] of [
  ["ko-KR", "ko"],
  ["en-US", "en"],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test(`every my page screen: no serious axe violation, fits 360 px, photographed (${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      await joinByEmail(page.request, freshEmail(`look-${lang}`));
      const found: string[] = [];
      await page.goto("/mypage");
      found.push(...(await look(page, "mypage", lang)));
      await page.goto("/mypage/user/edit");
      found.push(...(await look(page, "edit", lang)));
      // A problem beside its field.
      await page.locator("#nickname").fill("x");
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator("#nickname-problem")).toBeVisible();
      found.push(...(await look(page, "edit-problem", lang)));
      await page.goto("/mypage/password/change");
      await expect(page).toHaveURL(/\/mypage\/password\/check/);
      found.push(...(await look(page, "password-check", lang)));
      await page.locator("#password").fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/mypage\/password\/change$/);
      await page.locator("#new-password").fill("Bada-ram");
      found.push(...(await look(page, "password-change", lang)));
      await page.goto("/mypage/user/withdraw");
      await expect(page.locator("#reason-first")).toBeVisible();
      found.push(...(await look(page, "withdraw", lang)));
      await page.locator("#reason-first").check();
      await page.locator("#withdraw-confirm").check();
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator("#withdraw-final")).toBeFocused();
      found.push(...(await look(page, "withdraw-final", lang)));

      // A master's my page and withdrawal.
      await page.request.post("/membership/v1/logout", { headers: HEADERS });
      await page.context().clearCookies();
      await signIn(page, "master@tidemark.test");
      await page.goto("/mypage");
      found.push(...(await look(page, "mypage-master", lang)));
      await page.goto("/mypage/user/withdraw");
      await expect(page.getByTestId("master-first")).toBeVisible();
      found.push(...(await look(page, "withdraw-master", lang)));
      expect(found, found.join("\n")).toEqual([]);
    });
  });
}
