// The push service of the browser tests: it takes the site's pushes over the Web Push
// protocol (RFC 8030) and decrypts them with the browser's keys (RFC 8291, aes128gcm), as a
// browser's own push service and the browser do together. The browser's PushManager is
// stubbed at that edge only (pushSubscribeStub): Chromium here cannot reach its push service,
// so `subscribe` answers a subscription at this one, with keys made in the page by WebCrypto.
import { createECDH, createDecipheriv, createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";

export interface Push {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class PushService {
  readonly pushes: Push[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.pushes.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(201).end();
      });
    });
  }

  static async start(port: number): Promise<PushService> {
    const service = new PushService();
    await new Promise<void>((resolve, reject) => {
      service.server.once("error", reject);
      service.server.listen(port, "127.0.0.1", resolve);
    });
    return service;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const b64u = (text: string) => Buffer.from(text, "base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291's decryption with the browser's private key `d` and public key, and `auth`. */
export function decrypt(body: Buffer, keys: { d: string; publicKey: string; auth: string }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(b64u(keys.d));
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), b64u(keys.publicKey), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(b64u(keys.auth), shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and any zeros of padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not the last record's delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Makes `PushManager.subscribe` answer a subscription at the test's push service, with a
 * P-256 key pair and secret made in the page, kept in its storage as the browser keeps its
 * subscription; `window.pushKeys()` hands the private half to the test to decrypt with.
 * Everything else (the permission, the service worker, the site's calls) is the browser's own. */
export async function pushSubscribeStub(page: Page, pushPort: number) {
  await page.addInitScript((port: number) => {
    const b64u = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const unb64u = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
    // The subscription outlives the page, as the browser's does: kept in the page's storage.
    const STORE = "test-push-subscription";
    interface Kept {
      endpoint: string;
      publicKey: string;
      auth: string;
      d: string;
      serverKey: string;
    }
    const subscriptionOf = (kept: Kept) => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      options: { applicationServerKey: unb64u(kept.serverKey), userVisibleOnly: true },
      toJSON: () => ({ endpoint: kept.endpoint, expirationTime: null, keys: { p256dh: kept.publicKey, auth: kept.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const kept = (): Kept | null => JSON.parse(localStorage.getItem(STORE) ?? "null") as Kept | null;
    const proto = PushManager.prototype as unknown as Record<string, unknown>;
    proto.subscribe = async function (options: { applicationServerKey: Uint8Array }) {
      const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
      const made: Kept = {
        endpoint: `http://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
        publicKey: b64u(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: b64u(crypto.getRandomValues(new Uint8Array(16)).buffer),
        d: (await crypto.subtle.exportKey("jwk", pair.privateKey)).d as string,
        serverKey: b64u(new Uint8Array(options.applicationServerKey).buffer),
      };
      localStorage.setItem(STORE, JSON.stringify(made));
      return subscriptionOf(made);
    };
    proto.getSubscription = async () => {
      const found = kept();
      return found ? subscriptionOf(found) : null;
    };
    (window as unknown as { pushKeys: () => Kept | null }).pushKeys = kept;
  }, pushPort);
}
