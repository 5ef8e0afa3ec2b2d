// The session protocol of SPEC §4 and §7 on the page: the guest id, the throttled token
// check, the profile lookup, sign-in (account status first) and sign-out. The tokens are
// HttpOnly cookies the server sets; the page sees only `tml` (a session exists) and `tma_id`.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiError, api, readCookie, type Answer } from "./api";
import { dataLayerUser, tokenCheckDue, type DataLayerUser } from "./core";

/** The signed-in member, as `GET /oauth/v1/token/profile` answers it. */
export type Member = Answer<"/oauth/v1/token/profile">;

export interface Session {
  /** False until the start of the protocol has finished (token check, profile, guest id). */
  ready: boolean;
  member: Member | null;
  signedIn: boolean;
  /** The data layer's user fields (SPEC §4), null for guests. */
  user: DataLayerUser | null;
  /** Signs in by e-mail: account status first, then login (SPEC §5). */
  signIn: (email: string, password: string, autoLogin: boolean) => Promise<void>;
  /** Finishes a sign-in the server answered with 2010 (two-step sign-in is on): the ticket
   * with a code from the authenticator app or a recovery code. */
  finishSignIn: (ticket: string, step: SecondStep) => Promise<void>;
  /** Signs in with a passkey, nothing typed: the browser's dialog, or (`conditional`) the
   * e-mail field's suggestions until `signal` aborts. */
  signInWithPasskey: (autoLogin: boolean, options?: { conditional?: boolean; signal?: AbortSignal }) => Promise<void>;
  signOut: () => Promise<void>;
  /** The silent refresh of SPEC §4 ("on other paths tokens are silently refreshed"). */
  refresh: () => void;
  /** Reads the member's profile again after a change to it (nickname, certification); a
   * session the server has ended becomes a guest's. */
  reload: () => Promise<void>;
}

/** A sign-in's second step: the six digits of the app, one recovery code, or the browser's
 * answer with one of the member's passkeys. */
export type SecondStep = { code: string } | { recoveryCode: string } | { passkey: unknown };

/** What a sign-in that waits for its second step answers (401, code 2010). */
export interface SecondStepNeeded {
  ticket: string;
  methods: ("CODE" | "RECOVERY_CODE" | "PASSKEY")[];
  expiresAt: string;
}

const TOKEN_CHECK_KEY = "tidemark.tokenCheckAt";
const DEVICE_ID_KEY = "tidemark.deviceId";
/** The auto-login cookie the server sets with the session: readable, unlike the tokens. */
const SESSION_MARKER = "tml";
const GUEST_ID = "tma_id";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the next start checks again, which is only one more call.
  }
}

/** A stable id of this browser for the sign-in request's device fields. */
export function deviceId(): string {
  let id = stored(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    store(DEVICE_ID_KEY, id);
  }
  return id;
}

/** The token check of SPEC §4, at most every 10 minutes (the core's throttle). A refused
 * check means the session is over: the server has cleared the cookies. */
async function checkTokens(): Promise<boolean> {
  const last = Number(stored(TOKEN_CHECK_KEY));
  const now = Date.now();
  if (!tokenCheckDue(Number.isFinite(last) && last > 0 ? last : undefined, now)) return true;
  try {
    await api("/oauth/v1/token/check", { method: "POST", body: {} });
    store(TOKEN_CHECK_KEY, String(now));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.refused) return false;
    // The server could not be asked: keep the session and ask again next time.
    return true;
  }
}

/** The profile lookup swallows every failure: no answer, no user (SPEC §4, §8). */
async function lookUpProfile(): Promise<Member | null> {
  try {
    return await api<Member>("/oauth/v1/token/profile");
  } catch {
    return null;
  }
}

/** A guest id when the visitor has none (the server sets the `tma_id` cookie). */
async function ensureGuestId(): Promise<void> {
  if (readCookie(GUEST_ID)) return;
  try {
    await api("/oauth/v1/guest/token", { method: "POST" });
  } catch (error) {
    // SPEC §8: a failed guest id creation carries the server's message and code; reading
    // goes on without one, so it is logged rather than shown.
    console.warn("guest id", error instanceof ApiError ? `${error.code} ${error.message}` : error);
  }
}

async function startSession(): Promise<Member | null> {
  if (readCookie(SESSION_MARKER) !== null && (await checkTokens())) {
    const member = await lookUpProfile();
    if (member) return member;
  }
  await ensureGuestId();
  return null;
}

/** What the browser forgets when a member signs out: nothing the member was answered stays for
 * whoever is next at it (a post's data patched by their follow would show "following" to a
 * guest). The app's query cache sets it (QueryProvider). */
let forgetOnSignOut = () => {};
export function whenSignedOut(forget: () => void) {
  forgetOnSignOut = forget;
}

/** The session the pages read; SessionProvider gives the app's (tests may give their own). */
export const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [member, setMember] = useState<Member | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void startSession().then((found) => {
      setMember(found);
      setReady(true);
    });
  }, []);

  /** After a call that started a session: the token check is fresh and the member known. */
  const begun = useCallback(async (call: Promise<unknown>) => {
    await call;
    store(TOKEN_CHECK_KEY, String(Date.now()));
    setMember(await lookUpProfile());
  }, []);

  // The sign-in calls load when a sign-in begins: a reader's page never carries them.
  const signIn = useCallback(
    (email: string, password: string, autoLogin: boolean) => begun(import("./signingIn").then((calls) => calls.signInByEmail(email, password, autoLogin, deviceId()))),
    [begun],
  );

  const finishSignIn = useCallback((ticket: string, step: SecondStep) => begun(import("./signingIn").then((calls) => calls.finishSignIn(ticket, step))), [begun]);

  const signInWithPasskey = useCallback(
    (autoLogin: boolean, options?: { conditional?: boolean; signal?: AbortSignal }) =>
      begun(import("./signingIn").then((calls) => calls.signInWithPasskey(autoLogin, deviceId(), options))),
    [begun],
  );

  const signOut = useCallback(async () => {
    try {
      await api("/membership/v1/logout", { method: "POST" });
    } finally {
      setMember(null);
      forgetOnSignOut();
      await ensureGuestId();
    }
  }, []);

  const refresh = useCallback(() => {
    void checkTokens().then((alive) => {
      if (!alive) setMember(null);
    });
  }, []);

  const reload = useCallback(async () => {
    try {
      setMember(await api<Member>("/oauth/v1/token/profile"));
    } catch (error) {
      if (error instanceof ApiError && error.refused) setMember(null);
    }
  }, []);

  const value = useMemo<Session>(
    () => ({
      ready,
      member,
      signedIn: member !== null,
      user: member ? dataLayerUser({ code: "0", data: member }) : null,
      signIn,
      finishSignIn,
      signInWithPasskey,
      signOut,
      refresh,
      reload,
    }),
    [ready, member, signIn, finishSignIn, signInWithPasskey, signOut, refresh, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
