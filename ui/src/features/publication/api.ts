// Media publication (server/src/publication/): the business's requests with their review
// history, asking for one, and rewriting one while it waits.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";

export const MEDIA_TYPES = ["NEWSPAPER", "ONLINE", "BROADCAST", "MAGAZINE", "PORTAL"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export type RequestStatus = "REQUESTED" | "IN_REVIEW" | "PUBLISHED" | "REJECTED";

export interface RequestInput {
  title: string;
  body: string;
  /** `yyyy-MM-dd` */
  desiredDate: string | null;
  /** `HH:mm`, Korean time. */
  desiredTime: string | null;
  mediaTypes: MediaType[];
  attachmentIds: number[];
}

/** A request as the history answers it: what was asked, and how the review went. */
export interface MediaRequest extends RequestInput {
  id: number;
  attachments: { id: number; url: string }[];
  status: RequestStatus;
  rejectReason: string | null;
  links: string[] | null;
  createdAt: string;
  history: { status: RequestStatus; note: string | null; at: string }[];
}

/** The feature's query keys. */
export const mediaKeys = {
  requests: (businessId: number) => ["media", "requests", businessId] as const,
};

/** The business's requests, newest first, with their review steps. */
export function requestsQuery(businessId: number) {
  return queryOptions({
    queryKey: mediaKeys.requests(businessId),
    queryFn: ({ signal }) => api<{ items: MediaRequest[]; nextCursor: string | null }>(`/api/v1/businesses/${businessId}/media-requests?size=50`, { signal }),
  });
}

/** Sends a new request (`requestId` null) or rewrites one that waits; the business's
 * requests are read again before the form is done. */
export function useSaveRequest(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, input }: { requestId: number | null; input: RequestInput }) =>
      requestId
        ? api<MediaRequest>(`/api/v1/media-requests/${requestId}`, { method: "PUT", body: input })
        : api<MediaRequest>(`/api/v1/businesses/${businessId}/media-requests`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.requests(businessId) }),
    meta: OWN_FAILURE,
  });
}
