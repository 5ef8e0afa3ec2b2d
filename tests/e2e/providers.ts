// The local stand-ins for outside services, as a person meets their pages in the browser: the
// certification provider's form (`/certify/local`) and the OAuth provider's consent page
// (`/oauth/local/authorize`). docs/security.md describes both providers.
import type { Page } from "@playwright/test";
import { expect } from "./support";

export interface Person {
  name: string;
  phone: string;
  birthDate: string;
  gender: "male" | "female";
}

const SYLLABLES = [..."민서준하늘지우도윤예은수아시현채원건우유진태희재경소담보람"];

/** A person no other test (and no earlier run on the same data) certifies as: the local
 * provider knows a person by name, birth date and gender, as PortOne's unique key does. */
export function newPerson(surname = "김"): Person {
  const pick = () => SYLLABLES[Math.floor(Math.random() * SYLLABLES.length)];
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 15_000) * 86_400_000);
  return {
    name: `${surname}${pick()}${pick()}`,
    phone: `010-${digits.slice(0, 4)}-${digits.slice(4)}`,
    birthDate: birth.toISOString().slice(0, 10),
    gender: "female",
  };
}

/** Fills the local certification provider's page as `person` and confirms (or cancels). */
export async function onLocalCertification(page: Page, person: Person, action: "confirm" | "cancel" = "confirm") {
  await expect(page).toHaveURL(/\/certify\/local\?certifyNo=/);
  if (action === "cancel") {
    await page.locator('button[value="cancel"]').click();
    return;
  }
  await page.locator("#name").fill(person.name);
  await page.locator("#phone").fill(person.phone);
  await page.locator("#birthDate").fill(person.birthDate);
  await page.locator(`input[name="gender"][value="${person.gender}"]`).check();
  await page.locator('button[value="confirm"]').click();
}

/** Allows the local OAuth provider's consent page as the persona `name` <`email`>. */
export async function onLocalConsent(page: Page, name: string, email: string) {
  await expect(page).toHaveURL(/\/oauth\/local\/authorize/);
  await page.locator("#name").fill(name);
  await page.locator("#email").fill(email);
  await page.locator('button[value="allow"]').click();
}
