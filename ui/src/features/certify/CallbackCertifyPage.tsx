// /member/auth/callbackCertify: where the certification provider returns the browser (SPEC
// §5, §7). The core checks the return against the request this tab saved (imp_uid,
// merchant_uid, the request id and the saved certifyNo must all be there and agree); a valid
// one is completed with POST /certify/v1/complete and the browser goes back to the page that
// started it, which takes the completed certification. A cancelled one (F0000) or a refused
// one goes back too, with the reason, so that page can offer to try again.
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { pendingCertification, savePendingCertification } from "../../lib/certify";
import { validateCertification } from "../../lib/core";
import { useCompleteCertification } from "./api";
import { useCertifyTexts } from "./texts";

type Outcome = { kind: "working" } | { kind: "lost" } | { kind: "failed"; message: string; returnTo: string };

/** What the return brought, checked by the core against the request this tab saved. */
function checkReturn(search: string) {
  const pending = pendingCertification();
  if (!pending) return null;
  const query = new URLSearchParams(search);
  const result = validateCertification({
    impUid: query.get("imp_uid"),
    merchantUid: query.get("merchant_uid"),
    requestId: query.get("certifyNo"),
    savedCertifyNo: pending.certifyNo,
    success: query.has("success") ? query.get("success") === "true" : null,
    errorCode: query.get("error_code"),
  });
  return { pending, result };
}

export default function CallbackCertifyPage() {
  const tx = useCertifyTexts();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [checked] = useState(() => checkReturn(search));
  const [outcome, setOutcome] = useState<Outcome>(checked ? { kind: "working" } : { kind: "lost" });
  const started = useRef(false);
  const { mutateAsync: complete } = useCompleteCertification();

  useEffect(() => {
    if (!checked || started.current) return;
    started.current = true;
    const { pending, result } = checked;
    const back = (failure?: { code: string; reason: string }) => {
      savePendingCertification(failure ? { ...pending, failure } : { ...pending, completed: true });
      navigate(pending.returnTo, { replace: true });
    };
    if (result.result === "false") {
      back({ code: result.code, reason: result.reason });
      return;
    }
    complete({ certifyNo: result.certifyNo, certifyUid: result.certifyUid })
      .then(() => back())
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === "F0000") {
          back({ code: error.code, reason: "cancelled" });
          return;
        }
        setOutcome({
          kind: "failed",
          message: error instanceof ApiError && error.status === 502 ? tx.providerDown : tx.failed,
          returnTo: pending.returnTo,
        });
      });
  }, [checked, complete, navigate, tx]);

  if (outcome.kind === "working") {
    return (
      <CardPage title={tx.title} lead={tx.working}>
        <p className="visually-hidden" role="status">
          {tx.working}
        </p>
      </CardPage>
    );
  }
  return (
    <CardPage title={tx.title} lead={outcome.kind === "lost" ? tx.lost : outcome.message}>
      <a className="button button-primary button-block" href={outcome.kind === "failed" ? outcome.returnTo : "/"}>
        {outcome.kind === "failed" ? tx.back : tx.home}
      </a>
    </CardPage>
  );
}
