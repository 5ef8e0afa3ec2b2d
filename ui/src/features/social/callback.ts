// The social return of SPEC §4, once per return address: the core reads the `type` (signin,
// join, auth) and the address without it; the code is exchanged for an authToken; then the
// type decides. signin: the account status and the login (an unknown account, 2002, goes on
// to join; an account with two-step sign-in on, 2010, goes to the login page's second step). join: a known identity signs in, a new one joins with the terms agreed before
// leaving (or goes to the terms first). auth: only hands the data back.
//
// Cleaning the address bar (history.replaceState) makes the router show the page anew, so the
// work is kept here, outside the page, keyed by the address it started from: the page shown
// again takes up the same work instead of reading an address without its type.
import { ApiError, api } from "../../lib/api";
import { isCoreError, loginHref, parseOAuthCallback, postLoginTarget, type OAuthCallback } from "../../lib/core";
import { agreedTerms, joinWithSocial, saveJoinFlow, signInWithSocial } from "../../lib/joinFlow";
import { keepSecondStep, secondStepNeeded } from "../../lib/signingIn";
import { forgetSocialFlow, saveSocialFlow, socialFlow, type Channel } from "../../lib/social";

/** `POST /oauth/v1/social/token`'s answer. */
interface SocialToken {
  authToken: string;
  channel: Channel;
  email: string | null;
  name: string | null;
  accountExists: boolean;
}

export type Outcome =
  /** Done: go on (after reading the profile when the browser is now signed in). */
  | { kind: "go"; to: string; signedIn: boolean }
  /** SPEC §5: the redirect type is missing (the core's 'query string error'). */
  | { kind: "queryError"; message: string }
  /** No social sign-in was started in this tab. */
  | { kind: "lost" }
  /** The person said no on the provider's page. */
  | { kind: "declined"; channel: Channel }
  /** The sign-in expired, was used already, or was started in another browser. */
  | { kind: "expired" }
  /** The provider's e-mail belongs to an account that signs in by e-mail. */
  | { kind: "emailTaken"; channel: Channel }
  | { kind: "failed"; error: unknown };

interface Job {
  href: string;
  cleanedUrl: string | null;
  outcome: Promise<Outcome>;
}

let current: Job | null = null;

/** The work of the return at `href` (the address the browser shows): begun on the first call,
 * the same on later calls with that address or with its cleaned form. */
export function finishSocialReturn(href: string): Job {
  if (current && (current.href === href || current.cleanedUrl === href)) return current;
  let parsed: OAuthCallback;
  try {
    parsed = parseOAuthCallback(href);
  } catch (error) {
    const message = isCoreError(error) ? error.message : String(error);
    current = { href, cleanedUrl: null, outcome: Promise.resolve({ kind: "queryError", message }) };
    return current;
  }
  current = { href, cleanedUrl: parsed.cleanedUrl, outcome: run(parsed) };
  return current;
}

/** Forgets the work done (tests). */
export function resetSocialReturn(): void {
  current = null;
}

async function run(parsed: OAuthCallback): Promise<Outcome> {
  const flow = socialFlow();
  if (!flow) return { kind: "lost" };
  if (parsed.error) {
    forgetSocialFlow();
    return { kind: "declined", channel: flow.channel };
  }
  if (!parsed.code || !parsed.state) return { kind: "expired" };
  let token: SocialToken;
  try {
    token = await api<SocialToken>("/oauth/v1/social/token", {
      method: "POST",
      body: { channel: flow.channel, code: parsed.code, state: parsed.state },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { kind: "expired" };
    return { kind: "failed", error };
  }
  // SPEC §3, §4: code, authToken, channel and redirectUrl, kept in session storage.
  saveSocialFlow({ ...flow, type: parsed.type, code: parsed.code, authToken: token.authToken });
  const back = postLoginTarget(flow.redirectUrl);
  if (parsed.type === "auth") return { kind: "go", to: back, signedIn: false };

  if (parsed.type === "signin" || token.accountExists) {
    try {
      await signInWithSocial(token.authToken, flow.channel);
    } catch (error) {
      if (error instanceof ApiError && error.code === "2002") {
        // No account for this identity yet: the join goes on from the terms.
        saveJoinFlow({ nickname: token.name });
        return { kind: "go", to: "/member/join", signedIn: false };
      }
      const needed = secondStepNeeded(error);
      if (needed) {
        // Two-step sign-in is on: the login page asks the second step, then goes on.
        keepSecondStep(needed);
        forgetSocialFlow();
        return { kind: "go", to: loginHref(back, "/member/login/email"), signedIn: false };
      }
      return { kind: "failed", error };
    }
    forgetSocialFlow();
    return { kind: "go", to: back, signedIn: true };
  }

  saveJoinFlow({ nickname: token.name });
  const terms = agreedTerms();
  if (!terms) return { kind: "go", to: "/member/join", signedIn: false };
  return joinSocial(token.authToken, flow.channel);
}

/** Joins with the identity the provider vouched for and the terms agreed in this tab; the
 * join goes on with the certification (the profile step asks for it). */
async function joinSocial(authToken: string, channel: Channel): Promise<Outcome> {
  const terms = agreedTerms();
  if (!terms) return { kind: "go", to: "/member/join", signedIn: false };
  try {
    await joinWithSocial(authToken, channel, terms);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: "emailTaken", channel };
    if (error instanceof ApiError && error.status === 401) return { kind: "expired" };
    return { kind: "failed", error };
  }
  forgetSocialFlow();
  saveJoinFlow({ joined: { channel } });
  return { kind: "go", to: "/member/join/profile", signedIn: true };
}
