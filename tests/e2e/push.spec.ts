// Web push, end to end in Chromium: a follower turns notifications on in the browser (the
// permission asked, the service worker registered, the subscription given to the site) and
// answers the night-time consent from the keyboard; the business publishes; the site's push
// reaches the test's push service signed with the site's key, decrypts with the browser's
// keys, and delivered to the service worker it shows one notification that names the post;
// turning off stops the pushes. The browser's PushManager is stubbed at its push service's
// edge only (push.ts).
import { HEADERS, freshEmail, joinByEmail, lookAt } from "./access";
import { PASSWORD, data, newMaster } from "./business";
import { pushPort } from "./playwright.config";
import { PushService, decrypt, pushSubscribeStub } from "./push";
import { expect, test } from "./support";

test.describe.configure({ timeout: 180_000 });

test("a follower turns on browser notifications, hears of a new post by push, and turns them off", async ({ browser, baseURL }) => {
  const service = await PushService.start(pushPort);
  try {
    const boss = await newMaster(browser, baseURL);
    const readerEmail = freshEmail("pushed");
    const reader = await browser.newContext({ baseURL, locale: "ko-KR", permissions: ["notifications"] });
    await joinByEmail(reader.request, readerEmail, PASSWORD);
    await data(await reader.request.put(`/api/v1/follows/${boss.business.id}`, { headers: HEADERS, data: { source: "Follow_CorpProfile" } }));

    const page = await reader.newPage();
    await pushSubscribeStub(page, pushPort);
    await page.goto("/mypage/notifications/settings");
    await expect(page.getByText("이 브라우저에서는 알림을 받지 않습니다.")).toBeVisible();
    await expect(page.getByText("동의하지 않으면 밤에 올라온 글은 오전 8시에 알려 드립니다.")).toBeVisible();
    await lookAt(page, "push-settings-off");

    // From the keyboard: the button, then the night-time consent.
    const turnOn = page.getByRole("button", { name: /^(이 브라우저에서 알림 켜기|Turn on in this browser)$/ });
    await turnOn.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^(이 브라우저에서 알림을 받고 있습니다\.|Notifications are on in this browser\.)$/)).toBeVisible();
    const night = page.getByRole("checkbox", { name: /야간 광고성 정보 수신 동의|promotional notices at night/ });
    await night.focus();
    await page.keyboard.press("Space");
    await expect(night).toBeChecked();
    await expect(page.getByText(/에 동의했습니다\. 언제든 해제할 수 있습니다\.|^Consented on /)).toBeVisible();
    await lookAt(page, "push-settings-on");
    const keys = await page.evaluate(() => (window as unknown as { pushKeys: () => { d: string; publicKey: string; auth: string; endpoint: string } }).pushKeys());
    const settings = await data<{ publicKey: string; browsers: { endpoint: string }[]; night: { granted: boolean } }>(await reader.request.get("/api/v1/me/push", { headers: HEADERS }));
    expect(settings.browsers.map((b) => b.endpoint)).toEqual([keys.endpoint]);
    expect(settings.night.granted).toBe(true);

    // The business publishes: one push for this browser, signed with the site's key.
    const title = `푸시로 알릴 새 글 ${Date.now().toString(36)}`;
    const post = await data<{ postSeq: number }>(
      await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title, bodyHtml: "<p>새 소식입니다.</p>", action: "publish" } }),
    );
    const mine = () => service.pushes.filter((push) => keys.endpoint.endsWith(push.path));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    const push = mine()[0];
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(push.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${settings.publicKey}$`));
    const payload = decrypt(push.body, keys);
    const told = JSON.parse(payload) as { title: string; body: string; url: string; tag: string };
    expect(told).toMatchObject({ title: boss.business.name, body: title, tag: `post-${post.postSeq}` });
    expect(told.url).toMatch(/^\/push\/v1\/open\?t=\d+\.\d+\.[0-9a-f]{32}$/);

    // Delivered to the service worker as the browser's push service would: one notification.
    const cdp = await reader.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registered;
    for (let i = 0; i < 2; i++) {
      // Twice: a push sent again after a lost answer shows as the same notification.
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL as string, registrationId, data: payload });
    }
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((all) => all.map((n) => ({ title: n.title, body: n.body, tag: n.tag })))), { timeout: 10_000 })
      .toEqual([{ title: boss.business.name, body: title, tag: `post-${post.postSeq}` }]);

    // The notification's link (what a click opens) goes through the site to the post, and the
    // business's console counts the follower reached and the opening.
    await page.goto(told.url);
    await expect(page).toHaveURL(new RegExp(`/post/${post.postSeq}$`));
    const figures = boss.page.locator(`tr[data-post="${post.postSeq}"]`);
    await expect(async () => {
      await boss.page.goto("/mypage/business/analytics/contents");
      await expect(figures.locator('[data-column="noticesSent"]')).toHaveText(/ · (브라우저|Browser) 1$/, { timeout: 2000 });
      await expect(figures.locator('[data-column="noticesOpened"]')).toHaveText(/ · (브라우저|Browser) 1$/, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await page.goto("/mypage/notifications/settings");

    // Off: the site forgets this browser, and the next post sends nothing here.
    await page.getByRole("button", { name: /^(이 브라우저의 알림 끄기|Turn off in this browser)$/ }).click();
    await expect(page.getByText(/^(이 브라우저에서는 알림을 받지 않습니다\.|Notifications are off in this browser\.)$/)).toBeVisible();
    const after = await data<{ browsers: unknown[] }>(await reader.request.get("/api/v1/me/push", { headers: HEADERS }));
    expect(after.browsers).toEqual([]);
    await data(await boss.context.request.post("/api/v1/posts", { headers: HEADERS, data: { categoryId: 1, title: `${title} 둘째`, bodyHtml: "<p>또 다른 소식</p>", action: "publish" } }));
    // The bell shows the second post: its fan-out, which queues a post's pushes in the same
    // transaction as its notices, is done, and queued nothing for this browser.
    await expect.poll(async () => (await data<{ unread: number }>(await reader.request.get("/api/v1/me/notifications/unread", { headers: HEADERS }))).unread, { timeout: 30_000 }).toBe(2);
    expect(mine()).toHaveLength(1);

    await reader.close();
    await boss.context.close();
  } finally {
    await service.stop();
  }
});
