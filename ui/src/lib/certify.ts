// Identity certification from any page (SPEC §5, §7; docs/api.md "Identity certification"):
// a page starts one for its purpose and says where to come back to; the provider returns the
// browser to /member/auth/callbackCertify, which checks the return with the core, completes
// the certification and brings the browser back with the completed certifyNo, which the page
// takes once. One certification in flight per tab, kept in session storage.
import { api } from "./api";
import { sessionSlot } from "./sessionSlot";
import { type CertifyPurpose, type CertifyRequested } from "./apiSchema";

/** What a certification is for (the server's purposes). */
export type { CertifyPurpose };

/** `GET /certify/v1`'s answer. */
export type { CertifyRequested };

/** The certification in flight, saved before the browser leaves for the provider. */
export interface PendingCertification {
  certifyNo: string;
  purpose: CertifyPurpose;
  /** The page to come back to (a path on this site). */
  returnTo: string;
  /** Set by the return page once `POST /certify/v1/complete` succeeded. */
  completed?: boolean;
  /** Set by the return page when the person cancelled (F0000) or the return was refused. */
  failure?: { code: string; reason: string };
}

const slot = sessionSlot<PendingCertification>("tidemark.certification");

/** The certification in flight in this tab (without storage there is none: the return page
 * then says it cannot match the return to a request). */
export const pendingCertification = slot.read;
export const savePendingCertification = slot.write;
export const forgetCertification = slot.clear;

/** Asks the server for a certification and hands the browser to the provider. `returnTo` is
 * where the return page brings the browser back (this page, usually). */
export async function startCertification(purpose: CertifyPurpose, returnTo: string): Promise<CertifyRequested> {
  const requested = await api<CertifyRequested>(`/certify/v1?purpose=${purpose}`);
  savePendingCertification({ certifyNo: requested.certifyNo, purpose, returnTo });
  return requested;
}

/** The return page's address for a certification: the provider comes back to it with its
 * parameters beside our request id. */
export function returnPage(certifyNo: string): string {
  return `${window.location.origin}/member/auth/callbackCertify?certifyNo=${encodeURIComponent(certifyNo)}`;
}

interface Iamport {
  init: (code: string) => void;
  certification: (
    params: { merchant_uid: string; m_redirect_url: string; popup: boolean },
    done: (answer: { success: boolean; imp_uid?: string; merchant_uid?: string; error_code?: string; error_msg?: string }) => void,
  ) => void;
}

/** PortOne's browser script (V1), loaded only when PortOne is the provider. */
const IAMPORT_SCRIPT = "https://cdn.iamport.kr/v1/iamport.js";
/** The origins PortOne's script and window work from (the page policy names the same). */
const PORTONE_ORIGIN = /^https:\/\/([a-z0-9-]+\.)*iamport\.kr\//;

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL?: (url: string) => string; createHTML?: (html: string) => string },
  ): ScriptUrlPolicy;
}

let portonePolicy: ScriptUrlPolicy | null = null;

/** PortOne's script address as Trusted Types want it. The page policy names these two
 * policies only when PortOne is the provider (server/src/certify/mod.rs `page_sources`):
 * `tidemark-portone` names PortOne's script and nothing else; `default` lets PortOne's own
 * script add scripts of its origins and write its window. Both live only in this document,
 * which is left for the return page once PortOne's window is done. */
function iamportScriptUrl(): string {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return IAMPORT_SCRIPT;
  if (!portonePolicy) {
    portonePolicy = factory.createPolicy("tidemark-portone", {
      createScriptURL: (url) => {
        if (url !== IAMPORT_SCRIPT) throw new TypeError(`not PortOne's script: ${url}`);
        return url;
      },
    });
    factory.createPolicy("default", {
      createScriptURL: (url) => {
        if (!PORTONE_ORIGIN.test(url)) throw new TypeError(`not a script of PortOne: ${url}`);
        return url;
      },
      createHTML: (html) => html,
    });
  }
  // A TrustedScriptURL is what a script's src takes under Trusted Types; the DOM types say string.
  return portonePolicy.createScriptURL(IAMPORT_SCRIPT) as string;
}

function loadIamport(): Promise<Iamport> {
  const present = (window as { IMP?: Iamport }).IMP;
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = iamportScriptUrl();
    script.onload = () => {
      const loaded = (window as { IMP?: Iamport }).IMP;
      if (loaded) resolve(loaded);
      else reject(new Error("PortOne's script did not load"));
    };
    script.onerror = () => reject(new Error("PortOne's script did not load"));
    document.head.append(script);
  });
}

/** Hands the browser to the provider: the local provider's page, or PortOne's window (which
 * returns to the return page by itself on phones, and through its callback on desktops). */
export async function goToProvider(requested: CertifyRequested): Promise<void> {
  if (requested.provider === "local") {
    window.location.assign(requested.redirectUrl);
    return;
  }
  const imp = await loadIamport();
  imp.init(requested.impCode ?? "");
  const back = returnPage(requested.certifyNo);
  imp.certification({ merchant_uid: requested.certifyNo, m_redirect_url: back, popup: false }, (answer) => {
    const query = new URLSearchParams({ success: String(answer.success) });
    if (answer.imp_uid) query.set("imp_uid", answer.imp_uid);
    if (answer.merchant_uid) query.set("merchant_uid", answer.merchant_uid);
    if (answer.error_code) query.set("error_code", answer.error_code);
    window.location.assign(`${back}&${query.toString()}`);
  });
}

/** Starts a certification for `purpose` and leaves for the provider; `returnTo` is where the
 * return page brings the browser back. */
export async function certify(purpose: CertifyPurpose, returnTo: string): Promise<void> {
  await goToProvider(await startCertification(purpose, returnTo));
}

/** The completed certification for `purpose`, if the return page left one: taken once (a
 * certification is used once). */
export function takeCertification(purpose: CertifyPurpose): string | null {
  const pending = pendingCertification();
  if (!pending || pending.purpose !== purpose || !pending.completed) return null;
  forgetCertification();
  return pending.certifyNo;
}

/** The failure the return page left for `purpose` (cancelled, refused), taken once. */
export function takeCertificationFailure(purpose: CertifyPurpose): { code: string; reason: string } | null {
  const pending = pendingCertification();
  if (!pending || pending.purpose !== purpose || !pending.failure) return null;
  forgetCertification();
  return pending.failure;
}
