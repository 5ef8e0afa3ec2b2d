// The interactive API reference renders from the generated OpenAPI document, served by
// Tidemark itself (no outside network), and its calls reach the API.
import { expect, test } from "@playwright/test";

test("the API reference lists the calls and runs one", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/api-docs/");
  // The reference renders the whole OpenAPI document in the browser with Swagger UI's 1.7 MB
  // of script: on a busy two-core machine its first render took over 5 s.
  await expect(page.getByRole("heading", { name: /Tidemark API/ })).toBeVisible({ timeout: 20_000 });
  const guest = page.locator(".opblock-summary-path", { hasText: "/oauth/v1/guest/token" });
  await expect(guest).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/membership/v1/login"]')).toBeVisible();

  // Try it out: a guest id through the reference page (it adds the _off_set header).
  await guest.click();
  const block = page.locator(".opblock-post", { has: guest });
  await block.getByRole("button", { name: "Execute" }).click();
  await expect(block.locator(".live-responses-table tbody .response-col_status").first()).toContainText("200");
  await expect(block.locator(".microlight").filter({ hasText: "sessionId" }).first()).toBeVisible();
  expect(errors, errors.join("\n")).toEqual([]);
});
