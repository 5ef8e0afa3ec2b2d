// Manager invitations in the browser: the master invites through the API; the invitee opens the
// link from the real mail (nothing is accepted by that), a wrong account is refused with the
// account to use, the right one accepts; a new person joins with the invited address; a
// withdrawn invitation explains itself.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { freshEmail, HEADERS, joinByEmail, lookAt } from "./access";
import { linkIn } from "./mail";
import { demoContent, expect, signIn, test } from "./support";

const PASSWORD = "Invitee-pass-2026";

test.describe.configure({ timeout: 120_000 });

interface Master {
  request: APIRequestContext;
  business: { id: number; name: string };
  nickname: string;
}

/** The demo master, signed in through the API in a context of its own. */
async function master(browser: Browser, baseURL: string | undefined): Promise<Master> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, "master@tidemark.test");
  const mine = (await (await context.request.get("/api/v1/mypage/business")).json()) as { data: { business: { id: number; name: string } } };
  const profile = (await (await context.request.get("/oauth/v1/token/profile")).json()) as { data: { nickname: string } };
  return { request: context.request, business: mine.data.business, nickname: profile.data.nickname };
}

async function invite(boss: Master, email: string): Promise<number> {
  const sent = await boss.request.post(`/api/v1/businesses/${boss.business.id}/invitations`, { headers: HEADERS, data: { email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { data: { id: number } }).data.id;
}

async function team(boss: Master): Promise<string[]> {
  const answer = await boss.request.get(`/api/v1/businesses/${boss.business.id}/managers`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { email: string | null }[] }).data.map((manager) => manager.email ?? "");
}

async function signInThroughThePage(page: Page, email: string, password: string) {
  await page.getByRole("main").getByRole("link", { name: "Sign in with e-mail" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

test("the invitee opens the link (nothing accepted), a wrong account is refused, the right one accepts", async ({ page, browser, baseURL }) => {
  const boss = await master(browser, baseURL);
  const invitee = freshEmail("invitee");
  const own = await browser.newContext({ baseURL });
  await joinByEmail(own.request, invitee, PASSWORD);
  await own.close();
  await invite(boss, invitee);

  // The link from the real mail shows the business, the inviter and the role.
  const link = await linkIn(invitee, /\/manager\/invite\?token=/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Invitation to manage ${boss.business.name}` })).toBeVisible();
  const details = page.locator("dl.invite-details");
  await expect(details).toContainText(boss.nickname);
  await expect(details).toContainText("Manager — writes and manages the business's content");
  await expect(details).toContainText(invitee);
  await lookAt(page, "access-invite");
  // Reading it accepted nothing.
  expect(await team(boss)).not.toContain(invitee);
  const listed = (await (await boss.request.get(`/api/v1/businesses/${boss.business.id}/invitations`)).json()) as { data: { email: string; status: string }[] };
  expect(listed.data.find((row) => row.email === invitee)?.status).toBe("PENDING");

  // Signed in as someone else: refused, told which account to use.
  await signIn(page, "reader@tidemark.test");
  await page.goto(link);
  await page.getByRole("link", { name: "Accept the invitation" }).click();
  await expect(page).toHaveURL(/\/manager\/invite\/confirm\?token=/);
  await expect(page.getByRole("alert")).toHaveText(`Only the account ${invitee} can accept this invitation. You are signed in as reader@tidemark.test.`);
  await expect(page.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);
  await lookAt(page, "access-invite-wrong-account");
  // The server refuses it too.
  const token = new URL(link).searchParams.get("token");
  const refused = await page.request.post("/api/v1/invitations/accept", { headers: HEADERS, data: { token } });
  expect(refused.status()).toBe(403);

  // Switching: signed out, then the login page coming back here.
  await page.getByRole("button", { name: `Sign in as ${invitee}` }).click();
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmanager%2Finvite%2Fconfirm%3Ftoken%3D/);
  await signInThroughThePage(page, invitee, PASSWORD);
  await expect(page).toHaveURL(/\/manager\/invite\/confirm\?token=/);
  await expect(page.getByText(`as ${invitee}`)).toBeVisible();
  await lookAt(page, "access-invite-confirm");
  expect(await team(boss)).not.toContain(invitee);
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `You are now a manager of ${boss.business.name}` })).toBeVisible();
  await lookAt(page, "access-invite-accepted");
  expect(await team(boss)).toContain(invitee);

  // The link again, as a guest: used.
  const guest = await browser.newPage({ baseURL });
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 1, name: "This invitation was accepted" })).toBeVisible();
  await guest.close();
});

test("a new person joins with the invited address and is a manager at once", async ({ page, browser, baseURL }) => {
  const boss = await master(browser, baseURL);
  const joiner = freshEmail("joiner");
  await invite(boss, joiner);
  await page.goto(await linkIn(joiner, /\/manager\/invite\?token=/));
  await page.getByRole("link", { name: "Create an account and accept" }).click();
  await expect(page).toHaveURL(/\/manager\/invite\/join\?token=/);
  await expect(page.locator(".invite-account")).toContainText(joiner);
  await lookAt(page, "access-invite-join");

  await page.getByRole("button", { name: "Join and accept" }).click();
  await expect(page.getByLabel("Nickname", { exact: true })).toBeFocused();
  await expect(page.getByText("Please accept both required terms.")).toBeVisible();
  await lookAt(page, "access-invite-join-problems");

  // Korean typed through a real input method: the core's nickname filter waits for each
  // syllable to be composed.
  const nickname = page.getByLabel("Nickname", { exact: true });
  await nickname.focus();
  const ime = await page.context().newCDPSession(page);
  for (const [steps, syllable] of [
    [["ㄱ", "기", "김"], "김"],
    [["ㅎ", "하"], "하"],
    [["ㄴ", "느", "늘"], "늘"],
  ] as const) {
    for (const step of steps) await ime.send("Input.imeSetComposition", { text: step, selectionStart: step.length, selectionEnd: step.length });
    await ime.send("Input.insertText", { text: syllable });
  }
  await expect(nickname).toHaveValue("김하늘");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm the password", { exact: true }).fill(PASSWORD);
  await page.getByText("Read in full").first().click();
  await expect(page.getByText(/Tidemark is a service where businesses publish content/)).toBeVisible();
  await page.getByLabel("I agree to all").check();
  await page.getByRole("button", { name: "Join and accept" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `You are now a manager of ${boss.business.name}` })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
  expect(await team(boss)).toContain(joiner);
  const profile = (await (await page.request.get("/oauth/v1/token/profile")).json()) as { data: { nickname: string; email: string } };
  expect(profile.data).toMatchObject({ nickname: "김하늘", email: joiner });
  // The new account signs in with its password.
  const again = await browser.newContext({ baseURL });
  const login = await again.request.post("/membership/v1/login", {
    headers: HEADERS,
    data: { email: joiner, password: PASSWORD, autoLogin: "N", deviceType: "PC", deviceOs: "LINUX", browser: "Chrome", browserVer: "1", browserAgent: "playwright", osVersion: "", deviceId: "playwright", pushToken: "" },
  });
  expect(login.ok()).toBe(true);
  await again.close();
});

test("a withdrawn invitation and a broken link explain themselves", async ({ page, browser, baseURL }) => {
  const boss = await master(browser, baseURL);
  const gone = freshEmail("gone");
  const id = await invite(boss, gone);
  const link = await linkIn(gone, /\/manager\/invite\?token=/);
  const withdrawn = await boss.request.delete(`/api/v1/businesses/${boss.business.id}/invitations/${id}`, { headers: HEADERS });
  expect(withdrawn.ok()).toBe(true);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This invitation was withdrawn" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(`${boss.business.name} withdrew this invitation`);
  await lookAt(page, "access-invite-withdrawn");
  await page.goto(link.replace("/manager/invite?", "/manager/invite/join?"));
  await expect(page.getByRole("heading", { level: 1, name: "This invitation was withdrawn" })).toBeVisible();

  await page.goto("/manager/invite?token=not-a-token");
  await expect(page.getByRole("heading", { level: 1, name: "Check the invitation link" })).toBeVisible();
  await lookAt(page, "access-invite-invalid");
});
