// The member's mail choices and the unsubscribe link's calls (server/src/notifications).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { noticeKeys } from "../../lib/notices";
import { mailChoiceValues, type MailChoice, type MailSetting, type MailSettings, type Unsubscribe } from "../../lib/apiSchema";

export const MAIL_CHOICES = mailChoiceValues;
export type { MailChoice };

export type { MailSetting };

export type { MailSettings };

export type { Unsubscribe };

export function mailSettingsQuery() {
  return infiniteQueryOptions({
    queryKey: noticeKeys.mail,
    queryFn: ({ pageParam, signal }) =>
      api<MailSettings>(`/api/v1/me/notifications/mail?size=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: "always",
  });
}

export function chooseMail(businessId: number, mail: MailChoice): Promise<MailSetting> {
  return api<MailSetting>(`/api/v1/me/notifications/mail/${businessId}`, { method: "PUT", body: { mail } });
}

/** What the link stops (asking changes nothing). */
export function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: ["unsubscribe", token],
    queryFn: ({ signal }) => api<Unsubscribe>(`/mail/v1/unsubscribe?t=${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function unsubscribe(token: string): Promise<Unsubscribe> {
  return api<Unsubscribe>(`/mail/v1/unsubscribe?t=${encodeURIComponent(token)}`, { method: "POST" });
}
