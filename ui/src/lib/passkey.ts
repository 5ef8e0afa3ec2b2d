// The browser's side of passkeys (WebAuthn): the server's options go to the browser as JSON
// (`PublicKeyCredential.parse…OptionsFromJSON`) and its answer comes back as JSON
// (`toJSON()`), so no byte is converted here. The server checks everything (docs/security.md,
// "Passkeys"); this module only asks the browser, and carries its answers to the server.
import { api, type Answer } from "./api";

/** The options the server sends, for the browser to parse. */
export interface PasskeyOptions {
  publicKey: Record<string, unknown>;
}

type JsonCredential = PublicKeyCredential & { toJSON(): unknown };
/** What the page needs of `PublicKeyCredential`: each may be missing in an older browser. */
interface ParsingKey {
  parseCreationOptionsFromJSON?(options: unknown): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?(options: unknown): PublicKeyCredentialRequestOptions;
  isConditionalMediationAvailable?(): Promise<boolean>;
}

function parsingKey(): ParsingKey | null {
  if (typeof window === "undefined" || !("PublicKeyCredential" in window)) return null;
  const key = window.PublicKeyCredential as unknown as ParsingKey;
  return key.parseCreationOptionsFromJSON && key.parseRequestOptionsFromJSON ? key : null;
}

/** Browsers take passkeys only for a domain name: at an IP address (a development server
 * opened as 127.0.0.1) they refuse, and so the pages do not offer them. */
export function onDomainName(): boolean {
  const host = window.location.hostname;
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && !host.includes(":") && !host.startsWith("[");
}

/** Whether this browser can make and use passkeys here. */
export function passkeysSupported(): boolean {
  return parsingKey() !== null && typeof navigator.credentials?.create === "function" && onDomainName();
}

/** Whether the browser offers passkeys in the e-mail field's suggestions (conditional UI). */
export async function passkeySuggestionsAvailable(): Promise<boolean> {
  const key = parsingKey();
  if (!key?.isConditionalMediationAvailable) return false;
  try {
    return await key.isConditionalMediationAvailable();
  } catch {
    return false;
  }
}

/** The member cancelled the browser's dialog, or it timed out: nothing to say as an error. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/** Makes a new passkey with the server's creation options; its answer as JSON. */
export async function createPasskey(options: PasskeyOptions): Promise<unknown> {
  const key = parsingKey();
  if (!key?.parseCreationOptionsFromJSON) throw new DOMException("passkeys are not supported", "NotSupportedError");
  const credential = (await navigator.credentials.create({ publicKey: key.parseCreationOptionsFromJSON(options.publicKey) })) as JsonCredential | null;
  if (!credential) throw new DOMException("no passkey was made", "NotAllowedError");
  return credential.toJSON();
}

/** Asks the browser for one of this site's passkeys; its answer as JSON. `conditional`: offered
 * among the e-mail field's suggestions instead of a dialog, until `signal` aborts. */
export async function getPasskey(options: PasskeyOptions, { conditional = false, signal }: { conditional?: boolean; signal?: AbortSignal } = {}): Promise<unknown> {
  const key = parsingKey();
  if (!key?.parseRequestOptionsFromJSON) throw new DOMException("passkeys are not supported", "NotSupportedError");
  const request: CredentialRequestOptions = { publicKey: key.parseRequestOptionsFromJSON(options.publicKey), signal };
  if (conditional) (request as CredentialRequestOptions & { mediation: string }).mediation = "conditional";
  const credential = (await navigator.credentials.get(request)) as JsonCredential | null;
  if (!credential) throw new DOMException("no passkey was chosen", "NotAllowedError");
  return credential.toJSON();
}

/** "Confirm it's you" with one of the member's passkeys: the server's options, the browser's
 * answer, the server's check (`auth::session::confirm_it_is`); the check's answer, with when it
 * ends. A cancelled browser dialog throws what `passkeyCancelled` recognises. */
export async function confirmWithPasskey(): Promise<Answer<"/mypage/v1/passkeys/check", "post">> {
  const options = await api<PasskeyOptions>("/mypage/v1/passkeys/check/options", { method: "POST" });
  return api<Answer<"/mypage/v1/passkeys/check", "post">>("/mypage/v1/passkeys/check", {
    method: "POST",
    body: { credential: await getPasskey(options) },
  });
}
