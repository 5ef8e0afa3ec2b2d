// The business console in the browser: a new member registers a business (a wrong number is
// refused as it is typed), edits the profile with a cropped logo and cover; the master invites
// (the mail is real), withdraws and resends (the old link dies), hands the business over, and
// the manager accepts on the console; people outside the business get SPEC's 403 answer.
import { freshEmail, HEADERS, joinByEmail, lookAt } from "./access";
import { data, freshBusinessNumber, newManager, newMaster, PASSWORD, png } from "./business";
import { allMail, linkIn } from "./mail";
import { appReady, demoContent, expect, screenshots, signIn, test } from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await demoContent(page);
});

test("a new member registers a business, then edits the profile with a cropped logo and cover", async ({ page }) => {
  await joinByEmail(page.request, freshEmail("founder"), PASSWORD);
  await page.goto("/mypage/business");
  await expect(page.getByRole("heading", { level: 1, name: "Register a business" })).toBeVisible();
  const number = page.getByLabel("Business registration number");
  await number.pressSequentially("220-81-62518");
  await expect(page.getByText("This is not a valid business registration number. Check the 10 digits.")).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await lookAt(page, "console-register-invalid");
  await number.fill("");
  await number.pressSequentially(freshBusinessNumber());
  await expect(page.getByText("Valid business registration number.")).toBeVisible();
  await page.getByLabel("Business name").fill("가온 로보틱스");
  await page.getByLabel("Industry").fill("로봇");
  await page.getByLabel("About the business").fill("물류 로봇을 만듭니다.");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business console" })).toBeVisible();
  await expect(page.getByText("The business is registered. You are its master.")).toBeVisible();
  await lookAt(page, "console-overview");

  await page.getByRole("navigation", { name: "Business console" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business profile" })).toBeVisible();
  await page.getByLabel("Logo: Choose an image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(300, 200, [11, 92, 173]) });
  const logoFrame = page.getByRole("group", { name: "Logo crop area" });
  await logoFrame.focus();
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("button", { name: "Use this area" }).click();
  const preview = page.locator(".profile-preview");
  // An upload is decoded, re-encoded and stored on the server (about 0.1 s alone); with four
  // browsers on two cores one has taken over the 5 s an expectation waits by default.
  const uploaded = { timeout: 15_000 };
  await expect(preview.locator(".profile-preview-logo img")).toHaveAttribute("src", /^\/media\//, uploaded);
  await page.getByLabel("Cover image: Choose an image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png(800, 400, [240, 180, 40]) });
  await page.getByRole("slider", { name: "Zoom" }).fill("1.5");
  await page.getByRole("button", { name: "Use this area" }).click();
  await expect(preview.locator(".profile-preview-cover img")).toHaveAttribute("src", /^\/media\//, uploaded);
  await page.getByLabel("Location (optional)").fill("부산");
  await expect(preview).toContainText("부산");
  await page.getByLabel("Employees").selectOption("11-50");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await lookAt(page, "console-profile");

  // The public profile shows what was saved: the cropped images at their ratios.
  const mine = await data<{ business: { id: number; logoUrl: string; coverUrl: string } }>(await page.request.get("/api/v1/mypage/business"));
  expect(mine.business.logoUrl).toMatch(/^\/media\//);
  const logo = await page.request.get(mine.business.logoUrl);
  expect(logo.ok()).toBe(true);
  expect(logo.headers()["content-type"]).toMatch(/^image\//);
  await page.goto(`/business/profile/${mine.business.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "가온 로보틱스" })).toBeVisible();
  await expect(page.locator(`img[src="${mine.business.coverUrl}"]`)).toBeVisible();
});

test("the master invites, withdraws and resends (the old link dies); a manager joins, is offered the business and accepts it on the console", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const page = boss.page;
  await page.goto("/mypage/business");
  await expect(page.getByRole("heading", { level: 1, name: "Business console" })).toBeVisible();

  // An invitation, then withdrawn: its link explains itself.
  const withdrawn = freshEmail("withdrawn");
  await page.getByLabel("E-mail to invite").fill(withdrawn);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation went to ${withdrawn}. The link works for 7 days.`)).toBeVisible();
  const firstLink = await linkIn(withdrawn, /\/manager\/invite\?token=/);
  const row = page.locator("tr[data-state]", { hasText: withdrawn });
  await expect(row).toHaveAttribute("data-state", "PENDING");
  await page.getByRole("button", { name: `Withdraw: ${withdrawn}` }).click();
  await expect(row).toHaveAttribute("data-state", "WITHDRAWN");
  await expect(row).toContainText("Withdrawn");
  const stranger = await browser.newPage({ baseURL, locale: "en-US" });
  await stranger.goto(firstLink);
  await expect(stranger.getByRole("heading", { level: 1 })).toContainText(/withdrawn/i);
  await stranger.close();

  // Sent again: a new link goes, the old one is dead.
  const resent = freshEmail("resent");
  await page.getByLabel("E-mail to invite").fill(resent);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const oldLink = await linkIn(resent, /\/manager\/invite\?token=/);
  await page.getByRole("button", { name: `Resend: ${resent}` }).click();
  await expect(page.getByText(`A new link went to ${resent}. The old link no longer works.`)).toBeVisible();
  await expect.poll(() => allMail().filter((mail) => mail.to.includes(resent)).length).toBe(2);
  const newLink = await linkIn(resent, /\/manager\/invite\?token=/);
  expect(newLink).not.toBe(oldLink);
  const invitee = await browser.newPage({ baseURL, locale: "en-US" });
  await invitee.goto(oldLink);
  await expect(invitee.getByRole("heading", { level: 1, name: "Check the invitation link" })).toBeVisible();
  await invitee.goto(newLink);
  await expect(invitee.getByText(boss.business.name).first()).toBeVisible();
  await expect(invitee.getByRole("heading", { level: 1, name: "Check the invitation link" })).toHaveCount(0);
  await invitee.close();

  // A new person joins through the next invitation.
  const joiner = freshEmail("manager");
  await page.getByLabel("E-mail to invite").fill(joiner);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const token = new URL(await linkIn(joiner, /\/manager\/invite\?token=/)).searchParams.get("token");
  const managerContext = await browser.newContext({ baseURL, locale: "en-US" });
  await data(await managerContext.request.post("/api/v1/invitations/join", { headers: HEADERS, data: { token, password: PASSWORD, nickname: "새매니저", terms: { service: true, privacy: true } } }));

  // The hand-over: the password first, then the offer; the manager accepts on the console.
  await page.reload();
  await page.getByLabel("Manager", { exact: true }).selectOption({ label: `새매니저 (${joiner})` });
  await page.getByLabel("Your password").fill("not-the-password");
  await page.getByRole("button", { name: "Offer the business" }).click();
  await expect(page.getByText("The password is not right.")).toBeVisible();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Offer the business" }).click();
  await expect(page.getByText("The offer went to 새매니저. The master changes when they accept.")).toBeVisible();
  const audit = page.getByRole("region", { name: "Activity log" });
  await expect(audit.getByRole("cell", { name: "Hand-over offered" })).toBeVisible();
  await page.getByLabel("Kind").selectOption("INVITATION_REVOKED");
  await expect(audit.getByRole("cell", { name: "Invitation withdrawn" })).toBeVisible();
  await expect(audit.getByRole("cell", { name: "Hand-over offered" })).toHaveCount(0);
  await lookAt(page, "console-team");

  const manager = await managerContext.newPage();
  await manager.goto("/mypage/business");
  await expect(manager.getByRole("heading", { name: "You have been offered the master's role of this business." })).toBeVisible();
  await expect(manager.getByRole("navigation", { name: "Business console" }).getByRole("link", { name: "Profile" })).toHaveCount(0);
  await lookAt(manager, "console-offer");
  await manager.getByRole("button", { name: "Accept and become master" }).click();
  await expect(manager.getByText("You are now this business's master.")).toBeVisible();
  await expect(manager.getByRole("navigation", { name: "Business console" }).getByRole("link", { name: "Profile" })).toBeVisible();
  await managerContext.close();

  // The former master is a manager now: no master-only section.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Business console" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Business console" }).getByRole("link", { name: "Profile" })).toHaveCount(0);
  await boss.context.close();
});

test("a reader and another business's manager are told they have no access on master-only addresses, and see no data of the business", async ({ page, browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  // An expected refusal is no application error: nothing on the browser's console.
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  page.on("pageerror", (error) => logged.push(error.message));
  await signIn(page, "manager@tidemark.test");
  await page.goto("/mypage/business/profile");
  await expect(page).toHaveURL(/\/mypage\/business\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("no access");
  expect(logged.filter((text) => /AppError|masters only|page error/.test(text))).toEqual([]);
  await expect(page.getByLabel("Business name")).toHaveCount(0);
  for (const path of ["managers", "invitations", "audit"]) {
    const answer = await page.request.get(`/api/v1/businesses/${boss.business.id}/${path}`);
    expect(answer.status(), path).toBe(403);
  }
  const reader = await browser.newPage({ baseURL, locale: "en-US" });
  await signIn(reader, "reader@tidemark.test");
  await reader.goto("/mypage/business/profile");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("no access");
  await reader.goto("/mypage/business");
  await expect(reader.getByRole("heading", { level: 1, name: "Register a business" })).toBeVisible();
  await expect(reader.getByText(boss.business.name)).toHaveCount(0);
  await reader.close();
  await boss.context.close();
});

test("analytics: the outline's totals are the sum of its days, a period change follows everywhere, the contents sort and the CSV opens in Excel", async ({ page }) => {
  await signIn(page, "manager@tidemark.test");
  await page.goto("/mypage/business/analytics/outline");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByTestId("daily-chart").locator("canvas")).toHaveCount(1);
  // The legend names the day and shows the period's last one, not "Time" and empty dashes.
  const legend = page.getByTestId("daily-chart").locator(".u-legend");
  await expect(legend).toContainText("Day");
  await expect(legend).not.toContainText("Time");
  await expect(legend).not.toContainText("–");
  await page.getByRole("radio", { name: "Last 30 days" }).check();
  await expect(page).toHaveURL(/\?period=30$/);
  await expect(page.getByTestId("period")).toContainText("(30 days, Korean time)");
  await page.getByText("Show as a table").click();
  const days = page.locator("tr[data-day]");
  await expect(days).toHaveCount(30);
  const daily = await days.evaluateAll((rows) => rows.map((row) => Number((row.children[1].textContent ?? "").replace(/,/g, ""))));
  const total = Number(((await page.locator('[data-total="views"] .analytics-value').textContent()) ?? "").replace(/,/g, ""));
  expect(total).toBeGreaterThan(0);
  expect(daily.reduce((sum, views) => sum + views, 0)).toBe(total);
  await lookAt(page, "console-analytics-outline");

  await page.getByRole("navigation", { name: "Analytics" }).getByRole("link", { name: "By post" }).click();
  await expect(page).toHaveURL(/\/analytics\/contents\?period=30$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics by post" })).toBeVisible();
  const views = page.locator('td[data-column="views"]');
  await expect(views.first()).toBeVisible();
  await page.getByRole("button", { name: "Sort by Views" }).click();
  await expect(page.getByRole("columnheader", { name: /Views/ })).toHaveAttribute("aria-sort", "ascending");
  // The server sorts: the rows follow once its answer is in.
  const shown = () => views.evaluateAll((cells) => cells.map((cell) => Number((cell.textContent ?? "").replace(/,/g, ""))));
  await expect.poll(async () => {
    const figures = await shown();
    return figures.every((value, i) => i === 0 || figures[i - 1] <= value);
  }).toBe(true);
  await lookAt(page, "console-analytics-contents");

  const href = await page.getByRole("link", { name: "Download CSV (Excel)" }).getAttribute("href");
  expect(href).toContain("period=30");
  const csv = await page.request.get(href ?? "");
  expect(csv.ok()).toBe(true);
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines.length).toBeGreaterThan(1);
  expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  expect(lines.slice(1).every((line) => !/^[=+\-@]/.test(line))).toBe(true);
});

test("a custom period's days are typed or picked in the page's language whatever the browser's: Korean typed through an input method, a calendar walked with the keyboard", async ({ browser, baseURL }) => {
  // An English browser on the Korean page: a browser's own date field would read mm/dd/yyyy.
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  await context.addCookies([{ name: "tm_lang", value: "ko", url: baseURL ?? "" }]);
  await context.addInitScript(() => localStorage.setItem("tidemark.lang", "ko"));
  const page = await context.newPage();
  await signIn(page, "manager@tidemark.test");
  await page.goto("/mypage/business/analytics/outline");
  await expect(page.getByRole("heading", { level: 1, name: "통계 개요" })).toBeVisible();
  await page.getByRole("radio", { name: "직접 선택" }).check();
  const from = page.getByLabel("시작일");
  await expect(from).toHaveAttribute("type", "text");
  await expect(page.locator("#period-from-hint")).toHaveText("예: 2026-12-31");

  // 2026년 11월 3일, the units typed in Hangul: the field keeps each composition as it comes.
  await from.focus();
  const ime = await context.newCDPSession(page);
  for (const [digits, steps, syllable] of [
    ["2026", ["ㄴ", "녀", "년"], "년"],
    [" 11", ["ㅇ", "워", "월"], "월"],
    [" 3", ["ㅇ", "이", "일"], "일"],
  ] as const) {
    await page.keyboard.type(digits);
    for (const step of steps) await ime.send("Input.imeSetComposition", { text: step, selectionStart: step.length, selectionEnd: step.length });
    await ime.send("Input.insertText", { text: syllable });
  }
  await expect(from).toHaveValue("2026년 11월 3일");
  // Leaving the field writes it in its one form.
  await page.keyboard.press("Tab");
  await expect(from).toHaveValue("2026-11-03");

  // The end: typed, then moved a day on the calendar with the keyboard alone.
  const to = page.getByLabel("종료일");
  await to.fill("2026-11-20");
  await to.press("Tab");
  const open = page.getByRole("button", { name: "달력에서 날짜 고르기" }).nth(1);
  await expect(open).toBeFocused();
  await page.keyboard.press("Enter");
  const grid = page.getByRole("grid", { name: "2026년 11월" });
  await expect(grid).toBeVisible();
  await expect(grid.locator("thead th")).toHaveText(["일", "월", "화", "수", "목", "금", "토"]);
  await expect(page.getByRole("button", { name: /2026년 11월 20일 금요일/ })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(to).toHaveValue("2026-11-21");
  await expect(to).toBeFocused();
  await expect(grid).toHaveCount(0);
  // Escape closes a calendar and gives the focus back to its button.
  await open.click();
  await expect(page.getByRole("grid")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("grid")).toHaveCount(0);
  await expect(open).toBeFocused();

  await page.getByRole("button", { name: "적용" }).click();
  await expect(page).toHaveURL(/\?from=2026-11-03&to=2026-11-21$/);
  await expect(page.getByTestId("period")).toContainText("(19일, 한국 시간)");
  // Looked at with a calendar open, in both languages.
  await page.getByRole("button", { name: "달력에서 날짜 고르기" }).first().click();
  await expect(page.getByRole("grid", { name: "2026년 11월" })).toBeVisible();
  await lookAt(page, "console-period-calendar");
  await context.close();
});

test("a preview link shows a draft to someone signed out, marked and counting nothing; revoked, it is gone", async ({ page, browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const post = await data<{ postSeq: number }>(
    await boss.context.request.post("/api/v1/posts", {
      headers: HEADERS,
      data: { categoryId: 1, title: "미리 보는 초안", summary: "아직 공개 전입니다.", bodyHtml: "<p>초안 본문</p>", action: "draft" },
    }),
  );
  const link = await data<{ previewId: number; url: string }>(await boss.context.request.post(`/api/v1/posts/${post.postSeq}/previews`, { headers: HEADERS, data: {} }));
  expect(link.url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);

  const answer = await page.goto(link.url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1, name: "미리 보는 초안" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveText("Preview: this post is not public yet. Only people with the link can see it.");
  await expect(page.getByRole("group", { name: /actions/i })).toHaveCount(0);
  // The draft stays out of the public post page.
  const closed = await page.request.get(`/api/v1/posts/${post.postSeq}`);
  expect(closed.status()).toBe(404);
  await lookAt(page, "console-preview");

  await data(await boss.context.request.delete(`/api/v1/posts/${post.postSeq}/previews/${link.previewId}`, { headers: HEADERS }));
  await page.goto(link.url);
  await expect(page.getByText(/content does not exist/i)).toBeVisible();
  await boss.context.close();
});

test("on a phone the console's and the operators' section rows show the current section, also after a client-side move", async ({ browser, baseURL }) => {
  const inView = async (page: import("@playwright/test").Page, nav: string) => {
    const row = page.getByRole("navigation", { name: nav }).locator("ul");
    const current = row.locator("[aria-current]");
    await expect(current).toHaveCount(1);
    // The row settles after the page's first render; the current item ends wholly inside it.
    await expect
      .poll(async () => {
        const [area, item] = await Promise.all([row.boundingBox(), current.boundingBox()]);
        return area && item && item.x >= area.x - 0.5 && item.x + item.width <= area.x + area.width + 0.5;
      })
      .toBe(true);
  };
  for (const [account, first, nav, later] of [
    ["master@tidemark.test", "/mypage/business/profile", "Business console", "/mypage/business"],
    ["admin@tidemark.test", "/admin/audit", "Operator console menu", "/admin"],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(first);
    await inView(page, nav);
    // Back to the row's start by a link, then forward by the browser: each shows its section.
    await page.getByRole("navigation", { name: nav }).locator(`a[href="${later}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${later.replace(/[/?]/g, "\\$&")}$`));
    await inView(page, nav);
    await page.goBack();
    await inView(page, nav);
    await context.close();
  }
});

test("the master removes a manager once it has confirmed it is them, with the keyboard alone, and the team is the server's", async ({ browser, baseURL }) => {
  const boss = await newMaster(browser, baseURL);
  const manager = await newManager(browser, baseURL, boss, "내보낼매니저");
  const page = boss.page;
  await page.goto("/mypage/business");
  await appReady(page);
  const team = page.getByRole("region", { name: "Team", exact: true });
  const row = team.getByRole("row").filter({ hasText: manager.email });
  page.once("dialog", (question) => void question.accept());
  await row.getByRole("button", { name: "Remove" }).focus();
  await page.keyboard.press("Enter");

  // Signed up a moment ago is no password check: the server asks, the page asks the master.
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByLabel("Password")).toBeFocused();
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await confirm.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the dialog fits ${width} px`).toBe(true);
    await page.screenshot({ path: `${screenshots}/console-confirm-its-you-${width}.png` });
  }
  await page.keyboard.type("Wrong-pass-2026");
  await page.keyboard.press("Enter");
  await expect(confirm.getByText("That password is not right.")).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByText("내보낼매니저 was removed from the team.")).toBeVisible();
  await expect(row).toHaveCount(0);
  const managers = await data<{ email: string }[]>(await boss.context.request.get(`/api/v1/businesses/${boss.business.id}/managers`));
  expect(managers.map((person) => person.email)).not.toContain(manager.email);
  await manager.context.close();
  await boss.context.close();
});
