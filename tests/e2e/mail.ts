// The mail the site sent, read from the real SMTP server's maildir (playwright.config.ts
// starts aiosmtpd beside the site): what a person would find in their inbox, never the
// database.
import { readdirSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { maildir } from "./playwright.config";

export interface Mail {
  to: string;
  subject: string;
  /** The body (of a multipart message, its text/plain part), decoded from base64 or
   * quoted-printable. */
  text: string;
  /** A header's value, by its name (case-insensitive); "" when absent. */
  header: (name: string) => string;
  /** The content types of the message's parts (its own, when it has none). */
  parts: string[];
}

/** RFC 2047: the words of an encoded header, with the space between two adjacent encoded
 * words dropped (a folded subject splits a word anywhere, even inside a syllable). */
function decodeWords(header: string): string {
  return header.replace(/(\?=)\s+(?==\?utf-8\?)/gi, "$1").replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** A header block's headers, unfolded. */
function headersOf(head: string): (name: string) => string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return (name: string) => unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
}

/** One entity (a message, or a part of one): its headers and its decoded body. */
function entity(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const header = headersOf(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? "" : raw.slice(split).trim();
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  let text = body;
  if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  }
  return { header, body: text };
}

function parse(raw: string): Mail {
  const message = entity(raw);
  const type = message.header("Content-Type");
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  let text = message.body;
  let parts = [type.split(";")[0]];
  if (boundary) {
    const split = raw.split(`--${boundary}`).slice(1, -1).map((part) => entity(part.replace(/^\r?\n/, "")));
    parts = split.map((part) => part.header("Content-Type").split(";")[0]);
    text = split.find((part) => part.header("Content-Type").startsWith("text/plain"))?.body ?? "";
  }
  return { to: decodeWords(message.header("To")), subject: decodeWords(message.header("Subject")), text, header: message.header, parts };
}

/** When a maildir message arrived: its name starts with the seconds and, after "M", the
 * microseconds (not zero-padded, so names do not sort as text within a second). */
function arrival(name: string): [number, number] {
  const parts = /^(\d+)\.M(\d+)/.exec(name);
  return parts ? [Number(parts[1]), Number(parts[2])] : [Number.MAX_SAFE_INTEGER, 0];
}

/** Every message delivered so far, oldest first. */
export function allMail(): Mail[] {
  const folder = `${maildir}/new`;
  let names: string[];
  try {
    names = readdirSync(folder).sort((a, b) => {
      const [x, y] = [arrival(a), arrival(b)];
      return x[0] - y[0] || x[1] - y[1] || a.localeCompare(b);
    });
  } catch {
    return [];
  }
  return names.map((name) => parse(readFileSync(`${folder}/${name}`, "utf8")));
}

/** Waits for the newest message to `to` whose text matches `pattern`, and answers it. */
export async function mailTo(to: string, pattern: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = allMail()
          .reverse()
          .find((mail) => mail.to.includes(to) && pattern.test(mail.text));
        return found !== undefined;
      },
      { timeout: 20_000, intervals: [200] },
    )
    .toBe(true);
  return found as Mail;
}

/** The six-digit code in the newest join mail to `to`. */
export async function joinCode(to: string): Promise<string> {
  const mail = await mailTo(to, /\b\d{6}\b/);
  return (mail.text.match(/\b(\d{6})\b/) as RegExpMatchArray)[1];
}

/** The first address on this site in the newest mail to `to` matching `pattern`. */
export async function linkIn(to: string, pattern: RegExp): Promise<string> {
  const mail = await mailTo(to, pattern);
  const link = mail.text.match(/https?:\/\/\S+/);
  if (!link) throw new Error(`no link in the mail to ${to}: ${mail.text}`);
  return link[0];
}
