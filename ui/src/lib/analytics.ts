// What the page reports (SPEC §3, §4, PRODUCT "Analytics"): the visit beacon once a day per
// visitor kind, the click beacon on post cards, the post events (view, share, read-through)
// and the data-layer events. Every payload and every once-a-day decision comes from the core.
import { readCookie } from "./api";
import { clickRecord, cookieFor, dataLayerEvent, detectDevice, offsetMinutes, visitDecision, visitRecord, withinReloadGuard, type DataLayerUser } from "./core";
import { type IncomingKind, type ShareChannel } from "./apiSchema";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const ANALYSIS_ID = "analysisid";

function secure(): boolean {
  return window.location.protocol === "https:";
}

/** Sends a small JSON body that must survive the page closing; fetch with keepalive where
 * the browser has no beacon. Failures are the analytics' loss, never the reader's. */
function beacon(path: string, body: unknown) {
  const text = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(path, new Blob([text], { type: "text/plain;charset=UTF-8" }))) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(path, { method: "POST", body: text, keepalive: true, credentials: "include", headers: { "content-type": "text/plain;charset=UTF-8" } }).catch(() => undefined);
}

/** SPEC §4: the visit is recorded once a day per visitor kind, tracked by a cookie that
 * lasts until 23:59:59. */
export function recordVisit(signedIn: boolean, now: number = Date.now()) {
  const kind = signedIn ? "member" : "guest";
  const offset = offsetMinutes();
  const marker = visitDecision(kind, false, now, offset, secure()).cookie;
  const decision = visitDecision(kind, marker !== null && readCookie(marker.name) !== null, now, offset, secure());
  if (!decision.record) return;
  if (decision.cookie) document.cookie = decision.cookie.header;
  beacon("/visit/v1", visitRecord(offset, null, readCookie("tma_id"), navigator.userAgent));
}

/** The day's analysis id (cookie `analysisid`, until 23:59:59), made when missing. */
function analysisId(now: number): string {
  const existing = readCookie(ANALYSIS_ID);
  if (existing) return existing;
  const cookie = cookieFor(ANALYSIS_ID, crypto.randomUUID(), now, offsetMinutes(), secure());
  document.cookie = cookie.header;
  return cookie.value;
}

/** The click beacon of a post card (SPEC §3 click record). */
export function recordClick(postSeq: number, now: number = Date.now()) {
  beacon("/click/v1", clickRecord(postSeq, offsetMinutes(), analysisId(now), null));
}

/** The events of a post the page reports itself (clicks are reported by the lists). */
export type PostEventKind = Extract<IncomingKind, "view" | "share" | "read_through">;
export type { ShareChannel };

const RELOAD_KEY = "tm_reload:";

/** SPEC §9's reload guard: true when `key` (a page's view) was counted less than 10 s ago in
 * this tab, a reload that is not counted again; otherwise notes `now` and answers false.
 * With storage blocked every view counts (the server still counts a post's view once per
 * visitor a day). */
export function reloadGuarded(key: string, now: number = Date.now()): boolean {
  try {
    const saved = sessionStorage.getItem(RELOAD_KEY + key);
    const last = saved === null ? undefined : Number(saved);
    if (withinReloadGuard(last !== undefined && Number.isFinite(last) ? last : undefined, now)) return true;
    sessionStorage.setItem(RELOAD_KEY + key, String(now));
  } catch {
    // No storage: nothing to compare with.
  }
  return false;
}

/** A post event for `POST /api/v1/events` (views are counted once per visitor per post per
 * day by the server). */
export function recordPostEvent(kind: PostEventKind, postSeq: number, channel?: ShareChannel) {
  const device = detectDevice(navigator.userAgent);
  const event = {
    kind,
    postSeq,
    offset: offsetMinutes(),
    deviceType: device.deviceType,
    deviceOs: device.deviceOs,
    browser: device.browser,
    ...(channel ? { channel } : {}),
  };
  beacon("/api/v1/events", { events: [event] });
}

/** Pushes a data-layer event with the signed-in user's fields (SPEC §3, §4). */
export function pushDataLayer(event: string, screen: string | null, user: DataLayerUser | null) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(dataLayerEvent(event, screen ?? undefined, user));
}
