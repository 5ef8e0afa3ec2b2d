// A certification started from a my page screen comes back to that screen (lib/certify.ts):
// completed, or failed (cancelled with F0000, or refused). The screen reads it once.
import { useEffect, useState } from "react";
import { forgetCertification, pendingCertification, type CertifyPurpose } from "../../lib/certify";

export type CertificationReturn =
  | { kind: "completed"; purpose: CertifyPurpose; certifyNo: string }
  | { kind: "failed"; purpose: CertifyPurpose; code: string; reason: string };

/** The certification of one of `purposes` that came back to `here`, taken once. Read while
 * rendering and forgotten after, so a second render (React's strict mode) reads the same. */
export function useCertificationReturn(purposes: CertifyPurpose[], here: string): CertificationReturn | null {
  const [returned] = useState<CertificationReturn | null>(() => {
    const pending = pendingCertification();
    if (!pending || !purposes.includes(pending.purpose) || pending.returnTo !== here) return null;
    if (pending.completed) return { kind: "completed", purpose: pending.purpose, certifyNo: pending.certifyNo };
    if (pending.failure) return { kind: "failed", purpose: pending.purpose, ...pending.failure };
    return null;
  });
  useEffect(() => {
    if (returned) forgetCertification();
  }, [returned]);
  return returned;
}
