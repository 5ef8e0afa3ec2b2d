// The business console's calls (server/src/business/, server/src/analytics/): the profile,
// the team, invitations, the hand-over and the audit log, and the week's numbers.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../lib/api";
import { MY_BUSINESS_KEY, type Business } from "../../lib/business";

export interface RegisterInput {
  registrationNumber: string;
  name: string;
  description: string;
  industry: string;
  homepage?: string | null;
  location?: string | null;
  foundedYear?: number | null;
  employeeBand?: string | null;
  logoUploadId?: number | null;
  coverUploadId?: number | null;
}

export type ProfileInput = Partial<Omit<RegisterInput, "registrationNumber">>;

export interface Manager {
  memberId: number;
  nickname: string | null;
  email: string | null;
  role: "BUSINESS_MASTER" | "BUSINESS";
  since: string;
}

export interface Invitation {
  id: number;
  email: string;
  status: "PENDING" | "ACCEPTED" | "WITHDRAWN" | "EXPIRED";
  createdAt: string;
  expiresAt: string;
}

export interface AuditEntry {
  id: number;
  action: string;
  actorMemberId: number | null;
  targetMemberId: number | null;
  targetEmail: string | null;
  detail: unknown;
  createdAt: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Figure {
  value: number;
  previous: number;
  change: number | null;
}

export interface WeekNumbers {
  totals: { views: Figure; uniqueReaders: Figure; bookmarks: Figure; followsGained: Figure };
}

/** Registers a business; the member becomes its master. */
export function useRegister() {
  const client = useQueryClient();
  return useCallback(
    async (input: RegisterInput) => {
      const business = await api<Business>("/api/v1/businesses", { method: "POST", body: input });
      await client.invalidateQueries({ queryKey: MY_BUSINESS_KEY });
      return business;
    },
    [client],
  );
}

export function useSaveProfile(id: number) {
  const client = useQueryClient();
  return useCallback(
    async (input: ProfileInput) => {
      const business = await api<Business>(`/api/v1/businesses/${id}`, { method: "PUT", body: input });
      await client.invalidateQueries({ queryKey: MY_BUSINESS_KEY });
      return business;
    },
    [client, id],
  );
}

const teamKey = (id: number) => ["console", "team", id] as const;

export function useManagers(id: number) {
  return useQuery({ queryKey: [...teamKey(id), "managers"], queryFn: ({ signal }) => api<Manager[]>(`/api/v1/businesses/${id}/managers`, { signal }) });
}

export function useInvitations(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...teamKey(id), "invitations"],
    queryFn: ({ signal }) => api<Invitation[]>(`/api/v1/businesses/${id}/invitations`, { signal }),
    enabled,
  });
}

/** The newest 50 entries of the audit log, of one kind when `action` names one (the server
 * filters, so older entries of that kind are found too). */
export function useAudit(id: number, action: string) {
  return useQuery({
    queryKey: [...teamKey(id), "audit", action],
    queryFn: ({ signal }) => api<Page<AuditEntry>>(`/api/v1/businesses/${id}/audit?size=50${action ? `&action=${action}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWeekNumbers(id: number) {
  return useQuery({
    queryKey: ["console", "week", id],
    queryFn: ({ signal }) => api<WeekNumbers>(`/api/v1/businesses/${id}/analytics/outline?period=7`, { signal }),
  });
}

/** A change to the team: the call, then the team's lists read again. */
export function useTeamChange(id: number) {
  const client = useQueryClient();
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } finally {
        await client.invalidateQueries({ queryKey: teamKey(id) });
        await client.invalidateQueries({ queryKey: MY_BUSINESS_KEY });
      }
    },
    [client, id],
  );
}

export const teamCalls = {
  invite: (id: number, email: string) => api<Invitation>(`/api/v1/businesses/${id}/invitations`, { method: "POST", body: { email } }),
  resend: (id: number, invitationId: number) => api<Invitation>(`/api/v1/businesses/${id}/invitations/${invitationId}/resend`, { method: "POST" }),
  withdraw: (id: number, invitationId: number) => api<unknown>(`/api/v1/businesses/${id}/invitations/${invitationId}`, { method: "DELETE" }),
  remove: (id: number, memberId: number) => api<unknown>(`/api/v1/businesses/${id}/managers/${memberId}`, { method: "DELETE" }),
  checkPassword: (password: string) => api<unknown>("/mypage/v1/password/check", { method: "POST", body: { password } }),
  offer: (id: number, memberId: number) => api<{ id: number; memberId: number; expiresAt: string }>(`/api/v1/businesses/${id}/ownership`, { method: "POST", body: { memberId } }),
  accept: (id: number) => api<unknown>(`/api/v1/businesses/${id}/ownership/accept`, { method: "POST" }),
};
