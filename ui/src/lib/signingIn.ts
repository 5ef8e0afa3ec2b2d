// The sign-in calls (SPEC §5, §7): by e-mail and password (the account status first), by a
// social identity, a sign-in's second step, and with a passkey. A chunk of its own: the
// session (session.tsx) loads it when a sign-in begins, so a reader's page never carries it.
import { ApiError, api } from "./api";
import { maySignIn, signInBody, type SignInBody } from "./core";
import { getPasskey, type PasskeyOptions } from "./passkey";
import type { SecondStep, SecondStepNeeded } from "./session";
import { sessionSlot } from "./sessionSlot";

/** SPEC §5: the account status first with the sign-in request, the login only when the core
 * accepts its code (by e-mail, or by a social identity's authToken). */
export async function statusThenLogin(body: SignInBody): Promise<void> {
  const refused = await api("/membership/v1/account/status", { method: "POST", body }).then(
    () => null,
    (error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    },
  );
  if (!maySignIn(refused === null ? "0" : refused.code)) throw refused ?? new ApiError(401, "1003", "sign-in refused");
  await api("/membership/v1/login", { method: "POST", body });
}

/** The second step a refused sign-in asks for, when that is why it was refused. */
export function secondStepNeeded(error: unknown): SecondStepNeeded | null {
  if (!(error instanceof ApiError) || error.code !== "2010") return null;
  const data = error.data as Partial<SecondStepNeeded> | null;
  return data && typeof data.ticket === "string" ? (data as SecondStepNeeded) : null;
}

/** A second step asked by a sign-in that began elsewhere (a social account's, on the social
 * return page): kept in the tab for the login page, which shows its form. */
const pendingStep = sessionSlot<SecondStepNeeded>("tidemark.secondStep");
export const keepSecondStep = pendingStep.write;
export const forgetSecondStep = pendingStep.clear;

/** The second step kept for the login page, while its ticket still holds. */
export function pendingSecondStep(now = Date.now()): SecondStepNeeded | null {
  const needed = pendingStep.read();
  return needed && Date.parse(needed.expiresAt) > now ? needed : null;
}

/** Signs in by e-mail: the account status first, then the login (SPEC §5). */
export function signInByEmail(email: string, password: string, autoLogin: boolean, deviceId: string): Promise<void> {
  return statusThenLogin(signInBody({ kind: "email", email, password, autoLogin }, { userAgent: navigator.userAgent, deviceId }));
}

/** Finishes a sign-in the server answered with 2010: the ticket with its second step. */
export async function finishSignIn(ticket: string, step: SecondStep): Promise<void> {
  await api("/membership/v1/login/second-step", { method: "POST", body: { ticket, ...step } });
}

/** Signs in with a passkey: the server's options, the browser's answer, and the sign-in
 * request as the core makes it for a passkey (the device, whether to stay signed in; no e-mail
 * or password: the passkey stands for both). */
export async function signInWithPasskey(autoLogin: boolean, deviceId: string, ask?: { conditional?: boolean; signal?: AbortSignal }): Promise<void> {
  const options = await api<PasskeyOptions>("/membership/v1/passkey/options", { method: "POST", body: { step: "SIGN_IN" } });
  const credential = await getPasskey(options, ask);
  const signIn = signInBody({ kind: "passkey", autoLogin }, { userAgent: navigator.userAgent, deviceId });
  await api("/membership/v1/login/passkey", { method: "POST", body: { credential, signIn } });
}
