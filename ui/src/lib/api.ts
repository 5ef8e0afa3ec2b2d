// The one API client: SPEC §6–7 headers on every call (built by the core), credentials
// included, a 20 s time-out, `{code, message, data}` unwrapped, failures as ApiError.
import type { paths } from "./apiSchema";
import { offsetMinutes, requestHeaders } from "./core";
import { inlineCall } from "./inline";
import { loginHere } from "./login";

/** A call of the API: its path as the OpenAPI document writes it, and its method. */
type Method = "get" | "post" | "put" | "patch" | "delete";

/** What a type of the document resolves to when the call or the field named is not there: a
 * shape no code can read, so a misspelt path or method fails the type check. */
interface NotInTheDocument {
  readonly notInTheDocument: true;
}

/** The `data` of a call's successful answer, as the server's OpenAPI document declares it
 * (`ui/src/lib/apiSchema.ts`, generated): `Answer<"/api/v1/posts/popular">` is a page of cards. */
export type Answer<P extends keyof paths, M extends Method = "get"> = paths[P][M] extends {
  responses: { 200: { content: { "application/json": { data: infer D } } } };
}
  ? D
  : NotInTheDocument;

/** A query parameter of a GET call, as the document declares it (an enum's words). */
export type QueryParam<P extends keyof paths, N extends string> = paths[P]["get"] extends { parameters: { query?: infer Q } }
  ? N extends keyof NonNullable<Q>
    ? NonNullable<NonNullable<Q>[N]>
    : NotInTheDocument
  : NotInTheDocument;

/** The JSON body a call takes, as the document declares it (required or not). */
export type Body<P extends keyof paths, M extends Method = "post"> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : NotInTheDocument;

/** SPEC §9: request time-out. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** SPEC §9: cache lifetime of GET answers in the cached client. */
export const GET_CACHE_MS = 90_000;

/** A failed call: the HTTP status, the API's code (SPEC §8) and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A 429's `Retry-After`, in seconds, when the server said. */
  readonly retryAfter: number | null;
  /** The answer's `data` on a failure that carries some (an edit conflict's newer version). */
  readonly data: unknown;

  constructor(status: number, code: string, message: string, retryAfter: number | null = null, data: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.data = data;
  }

  /** The session is not accepted (401) or not allowed this (403). */
  get refused(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** 401 and 403 send the visitor to the login page (SPEC §4); a signed-in member refused
   * with 403 is told so instead (signing in again would not help). */
  get needsLogin(): boolean {
    return this.status === 401 || (this.status === 403 && !signedIn());
  }
}

/** Whether this browser holds a session: `tml`, the one session cookie the page may read,
 * lives exactly as long as the HttpOnly token cookies. */
function signedIn(): boolean {
  return readCookie("tml") !== null;
}

/** A cookie the page may read (the session tokens are HttpOnly and travel by themselves). */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** The code of a call that cannot be undone, refused until the member confirms it is them
 * (403 / 2013: a password check on this session in the last five minutes). */
export const CONFIRM_ITS_YOU = "2013";

/** Asks the member to confirm it is them; answers whether they did. */
export type Confirmer = () => Promise<boolean>;
let confirmer: Confirmer | null = null;

/** The app's "confirm it's you" dialog takes the question here (null: nobody asks). */
export function setConfirmer(next: Confirmer | null): void {
  confirmer = next;
}

/** Calls the API and answers its `data`; throws ApiError on any failure. A call refused with
 * "confirm it's you" changed nothing: once the member has confirmed, it is sent once more. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.code === CONFIRM_ITS_YOU && confirmer && (await confirmer())) return send<T>(path, options);
    throw error;
  }
}

async function send<T>(path: string, options: CallOptions): Promise<T> {
  const method = options.method ?? "GET";
  // The first page's GETs were answered by the server inside the page itself.
  if (method === "GET") {
    const answered = inlineCall<T>(path);
    if (answered !== undefined) return answered;
  }
  // The access and refresh tokens are HttpOnly cookies the browser sends itself; their
  // headers stay empty, as SPEC §7 has them when the page does not hold the tokens.
  const headers: Record<string, string> = {
    ...requestHeaders({ guestId: readCookie("tma_id"), includeGuest: true }, offsetMinutes()),
    accept: "application/json",
  };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "include",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(408, "999", "the server did not answer in time");
    throw error;
  }
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: T } | null;
  if (!response.ok || envelope === null || String(envelope.code) !== "0") {
    const code = envelope?.code === undefined ? String(response.status) : String(envelope.code);
    const message = typeof envelope?.message === "string" ? envelope.message : response.statusText || "request failed";
    const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
    throw new ApiError(response.status, code, message, Number.isFinite(retryAfter) ? retryAfter : null, envelope?.data ?? null);
  }
  return envelope.data as T;
}

/** The event the app raises for a failed call that is not a login matter (SPEC §8). */
export const APP_ERROR_EVENT = "tidemark:app-error";

export interface AppErrorDetail {
  status: number;
  code: string;
  message: string;
}

/** What every failed call does: 401 (and a guest's 403) → the login page with redirectUrl;
 * anything else, a member's 403 too, → the application error event (the app shows it as a
 * message; a page that cannot show without the call shows the "no access" screen). */
export function reportFailure(error: unknown, navigate: (to: string) => void): void {
  if (!(error instanceof ApiError)) return;
  if (error.needsLogin) {
    navigate(loginHere());
    return;
  }
  const detail: AppErrorDetail = { status: error.status, code: error.code, message: error.message };
  window.dispatchEvent(new CustomEvent(APP_ERROR_EVENT, { detail }));
}
