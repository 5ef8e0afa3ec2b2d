// Media publication (server/src/publication/): the business's requests with their review
// history, asking for one, and rewriting one while it waits.
import { api } from "../../lib/api";

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

export const requestsKey = (businessId: number) => ["media", "requests", businessId] as const;

export const mediaCalls = {
  list: (businessId: number, signal?: AbortSignal) => api<{ items: MediaRequest[]; nextCursor: string | null }>(`/api/v1/businesses/${businessId}/media-requests?size=50`, { signal }),
  create: (businessId: number, input: RequestInput) => api<MediaRequest>(`/api/v1/businesses/${businessId}/media-requests`, { method: "POST", body: input }),
  edit: (id: number, input: RequestInput) => api<MediaRequest>(`/api/v1/media-requests/${id}`, { method: "PUT", body: input }),
};
