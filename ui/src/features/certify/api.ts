// The certification's return call (server/src/certify/routes.rs): the provider's answer
// completed on the server, which then holds the certification for the page that asked.
import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";

/** Completes a certification the provider returned; the return page says why it could not. */
export function useCompleteCertification() {
  return useMutation({
    mutationFn: (returned: { certifyNo: string; certifyUid: string }) => api("/certify/v1/complete", { method: "POST", body: returned }),
    meta: OWN_FAILURE,
  });
}
