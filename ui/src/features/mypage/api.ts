// My page's calls (server/src/members/routes/mypage.rs, server/src/certify/routes.rs) and the
// password check they lean on: `POST /mypage/v1/password/check` opens the sensitive calls for
// a few minutes on this session; the page remembers until when, so it can send the member to
// the check before a form rather than after it.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, CONFIRM_ITS_YOU, type Answer } from "../../lib/api";
import type { CertifyPurpose } from "../../lib/certify";
import { OWN_FAILURE } from "../../lib/queries";
import { type CertifySummary, type EditRequest, type ExportState, type Profile } from "../../lib/apiSchema";

/** `GET /mypage/v1/profile`: the session's member (`channel` is `email` or the social
 * provider they joined with) and their marketing consent. */
export type { Profile };

export type ProfileEdit = EditRequest;

/** A certification as the member may see it (never the whole phone number). */
export type { CertifySummary };

/** The feature's query keys. */
export const mypageKeys = {
  profile: ["mypage", "profile"] as const,
  business: (id: number | null) => ["mypage", "business", id] as const,
  export: ["mypage", "export"] as const,
  twoStep: ["mypage", "two-step"] as const,
  sessions: ["mypage", "sessions"] as const,
  passkeys: ["mypage", "passkeys"] as const,
};

/** The member's own profile, asked again on every visit to a page that shows it. */
export function profileQuery() {
  return queryOptions({
    queryKey: mypageKeys.profile,
    queryFn: ({ signal }) => api<Profile>("/mypage/v1/profile", { signal }),
    refetchOnMount: "always",
  });
}

/** Saves the changed parts of the profile; the cached profile becomes the answer. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProfileEdit) => api<Profile>("/mypage/v1/profile", { method: "PUT", body: edit }),
    onSuccess: (saved) => client.setQueryData(mypageKeys.profile, saved),
    meta: OWN_FAILURE,
  });
}

/** The name of the member's business (its public profile), for my page to say which. */
export function businessNameQuery(id: number | null) {
  return queryOptions({
    queryKey: mypageKeys.business(id),
    queryFn: ({ signal }) => api<Answer<"/api/v1/businesses/{id}">>(`/api/v1/businesses/${id}`, { signal }),
    enabled: id !== null,
    select: (business) => business.name,
  });
}

export { checkHref, hasPassword } from "../../lib/check";

/** Whether the member is the master of a business, and a manager of one. */
export function businessRole(profile: { userAuthName: string; businessId: number | null }): "master" | "manager" | null {
  if (profile.businessId === null) return null;
  if (profile.userAuthName === "BUSINESS_MASTER") return "master";
  if (profile.userAuthName === "BUSINESS") return "manager";
  return null;
}

// --- the password check -------------------------------------------------------------------

const CHECKED_KEY = "tidemark.passwordCheck";

/** Until when (ms) this tab's last password check of `memberId` holds, if it still does (a
 * check another member made in this tab before does not count). */
export function checkedUntil(memberId: number, now = Date.now()): number | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHECKED_KEY) ?? "null") as { memberId: number; until: number } | null;
    return saved && saved.memberId === memberId && saved.until > now ? saved.until : null;
  } catch {
    return null;
  }
}

export function forgetCheck(): void {
  try {
    sessionStorage.removeItem(CHECKED_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Checks the password, or a fresh certification of the member's own person (members without a
 * password); the sensitive calls accept this session until the answer's time. */
async function checkPassword(memberId: number, proof: { password: string } | { certifyNo: string }): Promise<number> {
  const path = "password" in proof ? "/mypage/v1/password/check" : "/mypage/v1/certification/check";
  const { validUntil } = await api<Answer<"/mypage/v1/password/check", "post">>(path, { method: "POST", body: proof });
  return keepCheck(memberId, validUntil);
}

/** Keeps in this tab until when the member's check holds (a password, a certification or a
 * passkey confirmed it). */
export function keepCheck(memberId: number, validUntil: string): number {
  const until = Date.parse(validUntil);
  try {
    sessionStorage.setItem(CHECKED_KEY, JSON.stringify({ memberId, until }));
  } catch {
    // Not kept: the page asks the server, which answers 403 when the check is missing.
  }
  return until;
}

/** The server's answer when a sensitive call comes without a recent password check
 * (`session::require_recent_check`: 403 / 2013) and the member did not confirm in the
 * dialog it raised. */
export function needsCheck(error: unknown): boolean {
  return error instanceof ApiError && error.code === CONFIRM_ITS_YOU;
}

/** The check of `memberId`, by password or certification (the page sends the member on, or says
 * why not). */
export function useCheckPassword(memberId: number) {
  return useMutation({
    mutationFn: (proof: { password: string } | { certifyNo: string }) => checkPassword(memberId, proof),
    meta: OWN_FAILURE,
  });
}

// --- the sensitive calls ------------------------------------------------------------------

export function useChangePassword() {
  return useMutation({
    mutationFn: (newPassword: string) => api("/mypage/v1/password/change", { method: "POST", body: { newPassword } }),
    meta: OWN_FAILURE,
  });
}

/** Withdraws after a recent password check, or with a fresh certification of the member's own
 * person (members without a password). A 409 means the member became a business's master
 * meanwhile: the profile, read again, makes the page say what to do first. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, certifyNo }: { reason: string; certifyNo?: string }) =>
      api("/mypage/v1/withdraw", { method: "POST", body: certifyNo ? { reason, certifyNo } : { reason } }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: mypageKeys.profile });
    },
    meta: OWN_FAILURE,
  });
}

/** A certification that came back to my page, applied: a new one of the same person replaces
 * the member's (`change`: a new phone), or an account without one gets its first.
 * The profile is read again. */
export function useApplyCertification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ purpose, certifyNo }: { purpose: CertifyPurpose; certifyNo: string }) =>
      purpose === "change"
        ? api<Answer<"/mypage/v1/certify/change", "post">>("/mypage/v1/certify/change", { method: "POST", body: { certifyNo } })
        : api<Answer<"/membership/v1/account/certify", "post">>("/membership/v1/account/certify", { method: "POST", body: { certifyNo } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: mypageKeys.profile }),
    meta: OWN_FAILURE,
  });
}

// --- the file of the member's own data ---------------------------------------------------

/** `GET /mypage/v1/export`: where the member's latest file of their data stands. */
export type { ExportState };

/** The latest file, asked again every two seconds while it is being made. */
export function exportStateQuery() {
  return queryOptions({
    queryKey: mypageKeys.export,
    queryFn: ({ signal }) => api<ExportState>("/mypage/v1/export", { signal }),
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.status === "PREPARING" ? 2_000 : false),
  });
}

/** Asks for a new file (the server answers with the one being made, if any). */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ExportState>("/mypage/v1/export", { method: "POST" }),
    onSuccess: (state) => client.setQueryData(mypageKeys.export, state),
  });
}

/** Where the browser takes the file from: the member's session cookie goes with it. */
export function exportFileUrl(id: number): string {
  return `/mypage/v1/export/${id}/file`;
}
