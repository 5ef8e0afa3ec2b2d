// The business console's calls (server/src/business/, server/src/content/service/posts.rs,
// server/src/analytics/): the profile, the team, invitations, the hand-over and the audit log,
// the business's own posts (by status, publishing or hiding one) and the week's numbers.
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import { MY_BUSINESS_KEY, type Business } from "../../lib/business";
import type { PostStatus } from "../../lib/posts";
import { OWN_FAILURE } from "../../lib/queries";
import { type AuditEntry, type Figure, type Invitation, type Manager, type Outline, type OwnPost, type ProfileFields, type RegisterRequest, type StatusCounts } from "../../lib/apiSchema";

export type RegisterInput = RegisterRequest;

export type ProfileInput = ProfileFields;

export type { Manager };

export type { Invitation };

export type { AuditEntry };

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type { Figure };

export type WeekNumbers = Outline;

export type { OwnPost };

export type { StatusCounts };

/** What the list of the business's posts shows: a status, a title's words, a category. */
export interface PostFilters {
  status: PostStatus | null;
  q: string;
  categoryId: number | null;
}

/** The feature's query keys. A team change asks everything under the team's key again; a
 * post published or hidden, every list of the business's posts. */
export const consoleKeys = {
  team: (id: number) => ["console", "team", id] as const,
  managers: (id: number) => [...consoleKeys.team(id), "managers"] as const,
  invitations: (id: number) => [...consoleKeys.team(id), "invitations"] as const,
  audit: (id: number, action: string) => [...consoleKeys.team(id), "audit", action] as const,
  week: (id: number) => ["console", "week", id] as const,
  posts: (businessId: number) => ["console", "posts", businessId] as const,
  postList: (businessId: number, filters: PostFilters) => [...consoleKeys.posts(businessId), filters] as const,
  postCounts: ["console", "post-counts"] as const,
};

// --- the business -----------------------------------------------------------------------

/** Registers a business; the member becomes its master (the console reads the member's
 * business again before the form is done). */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api<Business>("/api/v1/businesses", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_BUSINESS_KEY }),
    meta: OWN_FAILURE,
  });
}

/** Saves the business's profile; the member's business is read again before the form is done. */
export function useSaveProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api<Business>(`/api/v1/businesses/${id}`, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_BUSINESS_KEY }),
    meta: OWN_FAILURE,
  });
}

export function weekNumbersQuery(id: number) {
  return queryOptions({
    queryKey: consoleKeys.week(id),
    queryFn: ({ signal }) => api<WeekNumbers>(`/api/v1/businesses/${id}/analytics/outline?period=7`, { signal }),
  });
}

// --- the team ---------------------------------------------------------------------------

export function managersQuery(id: number) {
  return queryOptions({
    queryKey: consoleKeys.managers(id),
    queryFn: ({ signal }) => api<Manager[]>(`/api/v1/businesses/${id}/managers`, { signal }),
  });
}

export function invitationsQuery(id: number) {
  return queryOptions({
    queryKey: consoleKeys.invitations(id),
    queryFn: ({ signal }) => api<Invitation[]>(`/api/v1/businesses/${id}/invitations`, { signal }),
  });
}

/** The newest 50 entries of the audit log, of one kind when `action` names one (the server
 * filters, so older entries of that kind are found too). */
export function auditQuery(id: number, action: string) {
  return queryOptions({
    queryKey: consoleKeys.audit(id, action),
    queryFn: ({ signal }) => api<Page<AuditEntry>>(`/api/v1/businesses/${id}/audit?size=50${action ? `&action=${action}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to the team of business `id`: the call, then (whatever its outcome) the team's
 * lists and the member's business read again before the caller hears how it went. */
function useTeamChange<V, R>(id: number, call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: consoleKeys.team(id) });
      await client.invalidateQueries({ queryKey: MY_BUSINESS_KEY });
    },
    meta: OWN_FAILURE,
  });
}

export const useInvite = (id: number) =>
  useTeamChange(id, (email: string) => api<Invitation>(`/api/v1/businesses/${id}/invitations`, { method: "POST", body: { email } }));

/** A new link for the invitation (the old one stops working). */
export const useResendInvitation = (id: number) =>
  useTeamChange(id, (invitationId: number) => api<Invitation>(`/api/v1/businesses/${id}/invitations/${invitationId}/resend`, { method: "POST" }));

export const useWithdrawInvitation = (id: number) =>
  useTeamChange(id, (invitationId: number) => api<unknown>(`/api/v1/businesses/${id}/invitations/${invitationId}`, { method: "DELETE" }));

export const useRemoveManager = (id: number) =>
  useTeamChange(id, (memberId: number) => api<unknown>(`/api/v1/businesses/${id}/managers/${memberId}`, { method: "DELETE" }));

/** The master offers the business to a manager (after the password check below). */
export const useOfferOwnership = (id: number) =>
  useTeamChange(id, (memberId: number) => api<Answer<"/api/v1/businesses/{id}/ownership", "post">>(`/api/v1/businesses/${id}/ownership`, { method: "POST", body: { memberId } }));

/** The manager offered the business takes it. */
export const useAcceptOwnership = (id: number) => useTeamChange(id, () => api<unknown>(`/api/v1/businesses/${id}/ownership/accept`, { method: "POST" }));

/** Requires two-step sign-in of the whole team, or stops requiring it (the master, with it on). */
export const useSetTwoStepRule = (id: number) =>
  useTeamChange(id, (required: boolean) => api<Answer<"/api/v1/businesses/{id}/two-step", "put">>(`/api/v1/businesses/${id}/two-step`, { method: "PUT", body: { required } }));

/** The master's password once more before a hand-over (`POST /mypage/v1/password/check`). */
export function useCheckPassword() {
  return useMutation({
    mutationFn: (password: string) => api<unknown>("/mypage/v1/password/check", { method: "POST", body: { password } }),
    meta: OWN_FAILURE,
  });
}

// --- the business's posts ---------------------------------------------------------------

function ownPostsPath(filters: PostFilters, cursor: string | null): string {
  const params = new URLSearchParams({ size: "20" });
  if (filters.status) params.set("status", filters.status);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.categoryId) params.set("categoryId", String(filters.categoryId));
  if (cursor) params.set("cursor", cursor);
  return `/api/v1/mypage/posts?${params.toString()}`;
}

/** The business's posts as the filters narrow them, page after page. */
export function ownPostsQuery(businessId: number, filters: PostFilters) {
  return infiniteQueryOptions({
    queryKey: consoleKeys.postList(businessId, filters),
    queryFn: ({ pageParam, signal }) => api<Answer<"/api/v1/mypage/posts">>(ownPostsPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The business's posts counted by status, asked again on every visit. */
export function postCountsQuery() {
  return queryOptions({
    queryKey: consoleKeys.postCounts,
    queryFn: ({ signal }) => api<StatusCounts>("/api/v1/mypage/posts/counts", { signal }),
    refetchOnMount: "always",
  });
}

/** Publishes or hides one of the business's posts; its lists are asked again whatever the
 * outcome (the post may have moved meanwhile). */
export function usePostAction(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postSeq, kind }: { postSeq: number; kind: "publish" | "hide" }) => api<unknown>(`/api/v1/posts/${postSeq}/${kind}`, { method: "POST" }),
    onSettled: () => void client.invalidateQueries({ queryKey: consoleKeys.posts(businessId) }),
    meta: OWN_FAILURE,
  });
}
