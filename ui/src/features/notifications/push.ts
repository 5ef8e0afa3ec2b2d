// Web push in this browser (docs/notifications.md, "By web push"): the service worker
// (/sw.js), the browser's permission, its subscription at its push service, and the server's
// calls (server/src/notifications/routes/push.rs).
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { noticeKeys } from "../../lib/notices";

export interface PushBrowser {
  id: number;
  endpoint: string;
  createdAt: string;
}

export interface PushSettings {
  publicKey: string;
  browsers: PushBrowser[];
  night: { granted: boolean; at: string } | null;
}

/** Where this browser stands: no push at all, blocked by the member, off, or on. */
export type Here = "unsupported" | "blocked" | "off" | "on";

const pushKey = [...noticeKeys.all, "push"] as const;

export function pushSettingsQuery() {
  return queryOptions({
    queryKey: pushKey,
    queryFn: ({ signal }) => api<PushSettings>("/api/v1/me/push", { signal }),
  });
}

export { pushKey };

export function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL: (url: string) => string }): { createScriptURL(url: string): unknown };
}

/** The page's Trusted Types policy (docs/security.md) for the one script address this module
 * names: the service worker's. */
let workerPolicy: { createScriptURL(url: string): unknown } | null | undefined;
function workerUrl(): string {
  if (workerPolicy === undefined) {
    workerPolicy =
      (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy("tidemark-push", {
        createScriptURL: (url) => {
          if (url !== "/sw.js") throw new TypeError(`not the service worker: ${url}`);
          return url;
        },
      }) ?? null;
  }
  return (workerPolicy ? workerPolicy.createScriptURL("/sw.js") : "/sw.js") as string;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (existing) return existing;
  await navigator.serviceWorker.register(workerUrl(), { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
async function current(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  return existing ? existing.pushManager.getSubscription() : null;
}

/** Where this browser stands, against the member's browsers the server knows. */
export async function here(known: PushBrowser[]): Promise<Here> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const subscription = await current();
  return subscription && known.some((browser) => browser.endpoint === subscription.endpoint) ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks the member's permission, subscribes at the browser's push service with the site's
 * key, and gives the server the subscription. Answers "blocked" when the member said no. */
export async function turnOn(publicKey: string): Promise<Here> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  if (subscription) {
    // Made for another key (the site's key changed): a new one is needed.
    const key = subscription.options.applicationServerKey;
    const same = key !== null && new Uint8Array(key).join() === keyBytes(publicKey).join();
    if (!same) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await api<PushSettings>("/api/v1/me/push/subscriptions", { method: "POST", body: subscription.toJSON() });
  return "on";
}

/** Turns push off here: the server forgets this browser, the browser its subscription. */
export async function turnOff(): Promise<Here> {
  const subscription = await current();
  if (subscription) {
    await api<PushSettings>("/api/v1/me/push/unsubscribe", { method: "POST", body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}

export function answerNight(granted: boolean): Promise<PushSettings> {
  return api<PushSettings>("/api/v1/me/push/night", { method: "PUT", body: { granted } });
}
