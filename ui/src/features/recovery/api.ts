// The password recovery's calls (server/src/members/routes/recovery.rs): a reset link by mail,
// a reset token from a phone certification, the link's state, and the new password. Each
// page says itself what went wrong, so no failure here is reported app-wide.
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";
import type { ResetType } from "./resetToken";
import { type ResetState } from "../../lib/apiSchema";

/** `POST /membership/v1/password/reset/check`'s answer. */
export type { ResetState };

/** The link's state, or why it could not be read. Failures are the page's to show (a
 * query's failure would also be reported app-wide), so the call never throws. */
export type Checked = { state: ResetState } | { error: unknown };

/** The feature's query keys. */
export const recoveryKeys = {
  link: (type: ResetType, token: string | null) => ["password-reset", type, token] as const,
};

/** Where the reset link stands (asked once per page; the page asks again after a refusal). */
export function resetLinkQuery(type: ResetType, token: string | null) {
  return queryOptions({
    queryKey: recoveryKeys.link(type, token),
    queryFn: (): Promise<Checked> =>
      api<ResetState>("/membership/v1/password/reset/check", { method: "POST", body: { type, token } }).then(
        (state) => ({ state }),
        (error: unknown) => ({ error }),
      ),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Mails a reset link to the address (the server says the same whether it has an account). */
export function useMailResetLink() {
  return useMutation({
    mutationFn: (email: string) => api("/membership/v1/password/find/email", { method: "POST", body: { email } }),
    meta: OWN_FAILURE,
  });
}

/** A reset token for the account of the certified person. */
export function usePhoneResetToken() {
  return useMutation({
    mutationFn: (certifyNo: string) => api<Answer<"/membership/v1/password/find/phone", "post">>("/membership/v1/password/find/phone", { method: "POST", body: { certifyNo } }),
    meta: OWN_FAILURE,
  });
}

/** The new password; every session of the account ends on the server. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (reset: { type: ResetType; token: string; password: string }) => api("/membership/v1/password/reset", { method: "POST", body: reset }),
    meta: OWN_FAILURE,
  });
}
