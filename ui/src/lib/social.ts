// Social sign-in from any page (SPEC §4, docs/api.md "Social sign-in"): which providers this
// site offers, and the start of an authorization. The provider returns the browser to
// /member/auth/callbackOauth, which finishes it; what that page needs to carry on (channel,
// the address to come back to) is kept in session storage, as SPEC §4 has it.
import { queryOptions } from "@tanstack/react-query";
import { api, type Answer } from "./api";
import type { AuthType } from "./core";
import { sessionSlot } from "./sessionSlot";
import { type SocialChannel } from "./apiSchema";

export type Channel = SocialChannel;

/** What the callback page reads back: SPEC §4's code, authToken, channel and redirectUrl. */
export interface SocialFlow {
  channel: Channel;
  type: AuthType;
  redirectUrl: string | null;
  code?: string;
  authToken?: string;
}

const flow = sessionSlot<SocialFlow>("tidemark.social");

/** The social flow in flight in this tab (without storage the callback page still has the
 * code and state in its address). */
export const socialFlow = flow.read;
export const saveSocialFlow = flow.write;
export const forgetSocialFlow = flow.clear;

/** The providers this site offers (configured ones; the local provider in demo mode). */
export function socialChannelsQuery() {
  return queryOptions({
    queryKey: ["social-channels"],
    queryFn: ({ signal }) => api<Answer<"/oauth/v1/social/channels">>("/oauth/v1/social/channels", { signal }),
    staleTime: Infinity,
    select: (answer) => answer.channels,
  });
}

/** Starts a social sign-in, join or certification-free lookup (`type`), and sends the browser
 * to the provider's consent page. */
export async function startSocial(channel: Channel, type: AuthType, redirectUrl: string | null): Promise<void> {
  const query = new URLSearchParams({ channel, type });
  if (redirectUrl) query.set("redirectUrl", redirectUrl);
  const started = await api<Answer<"/oauth/v1/social/authorize">>(`/oauth/v1/social/authorize?${query.toString()}`);
  saveSocialFlow({ channel, type, redirectUrl });
  window.location.assign(started.authorizeUrl);
}
