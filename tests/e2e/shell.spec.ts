// The React shell asks the core for every routing decision: proved here in real Chromium.
import { expect, screenshots, test } from "./support";


test("a list without sort is redirected to sort=POPULAR", async ({ page }) => {
  await page.goto("/post/latest/list");
  await expect(page).toHaveURL(/\/post\/latest\/list\?sort=POPULAR$/);
  await expect(page.getByRole("link", { name: "Popular" }).and(page.locator("[aria-current=page]"))).toBeVisible();
  // The heading names the list shown: the popular posts, as the sort says.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Popular posts");
});

test("a list page's heading and its list agree with its sort", async ({ page }) => {
  const firstTitle = async (api: string) =>
    ((await (await page.request.get(api)).json()) as { data: { items: { title: string }[] } }).data.items[0]?.title;
  for (const [path, heading, api] of [
    ["/post/popular/list?sort=LATEST", "Latest posts", "/api/v1/posts/latest?size=1"],
    ["/post/latest/list?sort=POPULAR", "Popular posts", "/api/v1/posts/popular?size=1"],
    ["/post/latest/list?sort=LATEST", "Latest posts", "/api/v1/posts/latest?size=1"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const title = await firstTitle(api);
    if (title) await expect(page.getByTestId("post-list").locator("article.post-card h3").first()).toHaveText(title);
  }
});

test("every page names itself in the title, and a client-side navigation never keeps the last one", async ({ page }) => {
  await page.goto("/post/latest/list?sort=LATEST");
  await expect(page).toHaveTitle("Latest posts · Tidemark");
  const card = page.getByTestId("post-list").locator("article.post-card").first();
  const postTitle = ((await card.locator("h3").textContent()) ?? "").trim();
  await card.locator("a.post-card-link").click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  await expect(page).toHaveTitle(`${postTitle} · Tidemark`);
  const business = page.locator(".detail-business-link");
  const businessName = ((await business.textContent()) ?? "").trim();
  await business.click();
  await expect(page).toHaveURL(/\/business\/profile\/\d+$/);
  await expect(page).toHaveTitle(`${businessName} · Tidemark`);
  // The header's search link, then back: each address gets its own title again.
  await page.getByRole("banner").getByRole("link", { name: "Search" }).first().click();
  await expect(page).toHaveTitle("Search · Tidemark");
  await page.goBack();
  await expect(page).toHaveTitle(`${businessName} · Tidemark`);
  await page.goBack();
  await expect(page).toHaveTitle(`${postTitle} · Tidemark`);
  // The home page carries the site's name alone.
  await page.getByRole("banner").getByRole("link", { name: /Tidemark/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Tidemark");
});

test("sort redirect keeps the other query parameters, on lists and /search", async ({ page }) => {
  await page.goto("/search?keyword=%EB%A7%88%EC%BC%80&sort=bogus");
  await expect(page).toHaveURL(/\/search\?keyword=%EB%A7%88%EC%BC%80&sort=POPULAR$/);
  await page.goto("/post/category/list/3?page=2");
  await expect(page).toHaveURL(/\/post\/category\/list\/3\?page=2&sort=POPULAR$/);
  await page.goto("/post/popular/list?sort=LATEST");
  await expect(page).toHaveURL(/\/post\/popular\/list\?sort=LATEST$/);
});

test("an unknown address shows the 404 page with its full path", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /no/such/page")).toBeVisible();
  await expect(page.getByRole("heading", { name: "page not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "try again" })).toHaveCount(0);
  await page.getByRole("button", { name: "go to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a route's validity rule fails into the same 404", async ({ page }) => {
  await page.goto("/post/category/list/10?sort=POPULAR");
  await expect(page.getByText("Page Not Found: /post/category/list/10?sort=POPULAR")).toBeVisible();
});

test("a page that throws shows the error screen with retry and home", async ({ page }) => {
  await page.goto("/sample/page4_error");
  await expect(page.getByRole("heading", { name: "Sample error" })).toBeVisible();
  await expect(page.getByText("This page throws on purpose to show the error screen.")).toBeVisible();
  await page.getByRole("button", { name: "try again" }).click();
  await expect(page.getByRole("heading", { name: "Sample error" })).toBeVisible();
  await page.getByRole("button", { name: "go to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sample error");
});

test("a protected page sends a guest to the login page with redirectUrl", async ({ page }) => {
  await page.goto("/mypage/user/edit");
  await expect(page).toHaveURL(/\/member\/login\?redirectUrl=%2Fmypage%2Fuser%2Fedit$/);
});

test.describe("in Korean", () => {
  test.use({ locale: "ko-KR" });

  test("the 404 page speaks Korean first", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "페이지를 찾을 수 없습니다" })).toBeVisible();
    await expect(page.getByText("페이지를 찾을 수 없습니다: /no/such/page")).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByText("Page Not Found: /no/such/page")).toBeVisible();
  });

  test("the home page in Korean at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("기업이 전하는 이야기, 한곳에서");
    await expect(page.getByRole("link", { name: "성공 사례" })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/home-ko-360.png`, fullPage: true });
  });
});
