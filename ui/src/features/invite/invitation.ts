// An invitation as `GET /api/v1/invitations?token=` shows it (reading it accepts nothing), for
// the three invitation pages. The answer depends on who reads it (`forSignedInMember`), so it
// is cached per member.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";

export interface Invitation {
  businessId: number;
  businessName: string;
  email: string;
  /** BUSINESS (a manager) or BUSINESS_MASTER. */
  role: string;
  /** The inviter's nickname, while the inviter has one. */
  inviter: string | null;
  status: "PENDING" | "ACCEPTED" | "REVOKED" | "EXPIRED";
  expiresAt: string;
  /** Whether an account with the invited e-mail exists (accept) or not (join). */
  accountExists: boolean;
  /** For a signed-in reader: the server's word on whether they may accept it; null for a guest. */
  forSignedInMember: boolean | null;
}

/** The invitation, or why it could not be read: the pages show both, so the call never throws
 * (a query's failure would also be reported app-wide). */
export type Read = { invitation: Invitation } | { error: unknown };

export function useInvitation(token: string | null) {
  const session = useSession();
  const reader = session.member?.memberId ?? null;
  return useQuery({
    queryKey: ["invitation", token, reader],
    queryFn: ({ signal }): Promise<Read> =>
      api<Invitation>(`/api/v1/invitations?token=${encodeURIComponent(token ?? "")}`, { signal }).then(
        (invitation) => ({ invitation }),
        (error: unknown) => ({ error }),
      ),
    enabled: token !== null && session.ready,
    staleTime: 0,
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
