// Businesses for the browser tests: a fresh master with a business of its own, a manager
// who joined it through the real invitation mail, and the small files they upload.
import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Browser } from "@playwright/test";
import { freshEmail, HEADERS, joinByEmail } from "./access";
import { linkIn } from "./mail";
import { expect } from "./support";

export const PASSWORD = "Console-pass-2026";

/** A valid Korean business registration number no earlier run used (the check digit computed
 * here on its own, from the National Tax Service's weights). */
export function freshBusinessNumber(): string {
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const nine = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  const sum = nine.reduce((total, digit, i) => total + digit * weights[i], 0) + Math.floor((nine[8] * 5) / 10);
  const digits = [...nine, (10 - (sum % 10)) % 10].join("");
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** A solid-colour PNG of the given size, made here (no image file in the repository). */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

export async function data<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A new member with a new business, signed in in a context of its own. */
export async function newMaster(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const email = freshEmail("master");
  await joinByEmail(context.request, email, PASSWORD);
  const business = await data<{ id: number; name: string }>(
    await context.request.post("/api/v1/businesses", {
      headers: HEADERS,
      data: { registrationNumber: freshBusinessNumber(), name: `Console ${Date.now().toString(36)}`, industry: "Software", description: "We make tools." },
    }),
  );
  return { context, email, business, page: await context.newPage() };
}

/** A manager of `master`'s business, joined through the invitation mail, signed in in a
 * context of its own. */
export async function newManager(browser: Browser, baseURL: string | undefined, master: Awaited<ReturnType<typeof newMaster>>, nickname = "글쓴매니저") {
  const email = freshEmail("manager");
  await data(await master.context.request.post(`/api/v1/businesses/${master.business.id}/invitations`, { headers: HEADERS, data: { email } }));
  const token = new URL(await linkIn(email, /\/manager\/invite\?token=/)).searchParams.get("token");
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  await data(await context.request.post("/api/v1/invitations/join", { headers: HEADERS, data: { token, password: PASSWORD, nickname, terms: { service: true, privacy: true } } }));
  return { context, email, page: await context.newPage() };
}
