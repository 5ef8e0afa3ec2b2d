// The join's calls (server/src/members/routes/join.rs, docs/api.md): where the account
// stands, the e-mail code and its check, the account, the certification attached to it and
// the profile. Each step's form says itself what went wrong.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import type { JoinTerms } from "../../lib/joinFlow";
import { OWN_FAILURE } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { type AccountState } from "../../lib/apiSchema";

/** `GET /membership/v1/account/state`'s answer. */
export type { AccountState };

/** The feature's query keys. */
export const joinKeys = {
  accountState: ["account-state"] as const,
};

/** Where the signed-in member's join stands; never from an old answer. */
export function accountStateQuery() {
  return queryOptions({
    queryKey: joinKeys.accountState,
    queryFn: ({ signal }) => api<AccountState>("/membership/v1/account/state", { signal }),
    staleTime: 0,
  });
}

/** Sends a six-digit code to the address (again, after the wait). */
export function useSendJoinCode() {
  return useMutation({
    mutationFn: (email: string) => api<Answer<"/membership/v1/join/email/code", "post">>("/membership/v1/join/email/code", { method: "POST", body: { email } }),
    meta: OWN_FAILURE,
  });
}

/** Checks the code; the answer's ticket lets the account be made. */
export function useVerifyJoinCode() {
  return useMutation({
    mutationFn: (check: { email: string; code: string }) => api<Answer<"/membership/v1/join/email/verify", "post">>("/membership/v1/join/email/verify", { method: "POST", body: check }),
    meta: OWN_FAILURE,
  });
}

/** Makes the account (signed in by the server at once). */
export function useJoinByEmail() {
  return useMutation({
    mutationFn: (join: { joinToken: string; password: string; terms: JoinTerms }) => api("/membership/v1/join", { method: "POST", body: join }),
    meta: OWN_FAILURE,
  });
}

/** Attaches the certification to the account: the session's member is read again (now
 * certified), then where the join stands. */
export function useCertifyAccount() {
  const client = useQueryClient();
  const { reload } = useSession();
  return useMutation({
    mutationFn: (certifyNo: string) => api("/membership/v1/account/certify", { method: "POST", body: { certifyNo } }),
    onSuccess: async () => {
      await reload();
      await client.invalidateQueries({ queryKey: joinKeys.accountState });
    },
    meta: OWN_FAILURE,
  });
}

/** The join's last form: the nickname and the interests. */
export function useSaveJoinProfile() {
  return useMutation({
    mutationFn: (profile: { nickname: string; interests: number[] }) => api("/membership/v1/join/profile", { method: "POST", body: profile }),
    meta: OWN_FAILURE,
  });
}
