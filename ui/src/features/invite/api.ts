// The invitation pages' calls: an invitation as `GET /api/v1/invitations?token=` shows it
// (reading it accepts nothing), accepting it as the signed-in member, and joining with it.
// The answer depends on who reads it (`forSignedInMember`), so it is cached per member.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Body } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { type InvitationView } from "../../lib/apiSchema";

export type Invitation = InvitationView;

/** The invitation, or why it could not be read: the pages show both, so the call never throws
 * (a query's failure would also be reported app-wide). */
export type Read = { invitation: Invitation } | { error: unknown };

/** The feature's query keys: an invitation per token, and per reader under it. */
export const inviteKeys = {
  invitation: (token: string | null) => ["invitation", token] as const,
  readBy: (token: string | null, reader: number | null) => [...inviteKeys.invitation(token), reader] as const,
};

/** The invitation of `token` as `reader` (a member id, null for a guest) sees it. */
export function invitationQuery(token: string | null, reader: number | null) {
  return queryOptions({
    queryKey: inviteKeys.readBy(token, reader),
    queryFn: ({ signal }): Promise<Read> =>
      api<Invitation>(`/api/v1/invitations?token=${encodeURIComponent(token ?? "")}`, { signal }).then(
        (invitation) => ({ invitation }),
        (error: unknown) => ({ error }),
      ),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** The invitation as the session's member (or the guest) sees it, once the session is known. */
export function useInvitation(token: string | null) {
  const session = useSession();
  return useQuery({ ...invitationQuery(token, session.member?.memberId ?? null), enabled: token !== null && session.ready });
}

/** Accepts the invitation as the signed-in member; it then reads as accepted (asked again
 * before the call answers, so the page welcomes the new manager). The page says why not. */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/v1/invitations/accept", { method: "POST", body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.invitation(token) }),
    meta: OWN_FAILURE,
  });
}

/** What the invitee types to join: the call's body without the invitation's token. */
export type InvitedJoin = Omit<Body<"/api/v1/invitations/join">, "token">;

/** Joins with the invitation (a new account, signed in by the server); the page then loads
 * afresh, so nothing cached needs asking again. */
export function useJoinByInvitation(token: string) {
  return useMutation({
    mutationFn: (join: InvitedJoin) => api("/api/v1/invitations/join", { method: "POST", body: { token, ...join } }),
    meta: OWN_FAILURE,
  });
}

/** The token of the invitation pages' addresses. */
export function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get("token")?.trim();
  return token ? token : null;
}

/** One of the invitation pages, for `token`. */
export function invitePath(page: "" | "/confirm" | "/join", token: string): string {
  return `/manager/invite${page}?token=${encodeURIComponent(token)}`;
}

export { fill } from "../../lib/i18n";
