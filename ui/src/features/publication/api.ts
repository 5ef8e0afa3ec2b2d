// Media publication (server/src/publication/): the business's requests with their review
// history, asking for one, and rewriting one while it waits.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";
import { mediaTypeValues, type MediaRequest, type MediaRequestStatus, type MediaType, type RequestInput } from "../../lib/apiSchema";

export const MEDIA_TYPES = mediaTypeValues;
export type { MediaType };
export type RequestStatus = MediaRequestStatus;

export type { RequestInput };

/** A request as the history answers it: what was asked, and how the review went. */
export type { MediaRequest };

/** The feature's query keys. */
export const mediaKeys = {
  requests: (businessId: number) => ["media", "requests", businessId] as const,
};

/** The business's requests, newest first, with their review steps. */
export function requestsQuery(businessId: number) {
  return queryOptions({
    queryKey: mediaKeys.requests(businessId),
    queryFn: ({ signal }) => api<Answer<"/api/v1/businesses/{id}/media-requests">>(`/api/v1/businesses/${businessId}/media-requests?size=50`, { signal }),
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
