// What a join carries from one step to the next in this tab (PRODUCT "Members"): the terms
// agreed on /member/join, a nickname to suggest (a social provider's display name), and the
// mark that an account was made here, until the complete page has reported it. Shared by the
// join pages and the social return page, which joins a new social identity itself.
import { api } from "./api";
import { signInBody } from "./core";
import { deviceId } from "./session";
import { statusThenLogin } from "./signingIn";
import { sessionSlot } from "./sessionSlot";
import type { Channel } from "./social";
import { type Terms } from "./apiSchema";

/** The terms of a join as the API takes them. */
export type JoinTerms = Terms;

export interface JoinFlow {
  terms?: JoinTerms;
  /** A nickname to offer on the profile step. */
  nickname?: string | null;
  /** The account was made in this tab, by e-mail or a social channel; the complete page
   * reports the sign-up once and forgets the flow. */
  joined?: { channel: string };
}

const slot = sessionSlot<JoinFlow>("tidemark.join");

/** The flow kept in this tab (empty without one, or without storage). */
export function joinFlow(): JoinFlow {
  return slot.read() ?? {};
}

/** Merges `patch` into the flow kept in this tab. */
export function saveJoinFlow(patch: Partial<JoinFlow>): void {
  slot.write({ ...joinFlow(), ...patch });
}

export const forgetJoinFlow = slot.clear;

/** The terms agreed in this tab, when both required ones are. */
export function agreedTerms(flow: JoinFlow = joinFlow()): JoinTerms | null {
  const terms = flow.terms;
  return terms?.service && terms.privacy ? terms : null;
}

/** Makes the account of a social identity the provider vouched for (`authToken`), signed in
 * at once (the server sets the session's cookies). */
export async function joinWithSocial(authToken: string, channel: Channel, terms: JoinTerms): Promise<void> {
  await api("/membership/v1/join/social", { method: "POST", body: { authToken, channel, terms } });
}

/** Signs in with a social identity (SPEC §3, §5): the account status first with the same
 * request, the login only when the core accepts its code. A social identity without an
 * account is refused with code 2002. The caller then reads the profile (`session.reload`). */
export async function signInWithSocial(authToken: string, channel: Channel): Promise<void> {
  await statusThenLogin(signInBody({ kind: "social", authToken, channel }, { userAgent: navigator.userAgent, deviceId: deviceId() }));
}
