// The join's identity certification (PRODUCT "Members": one person, one reader account): why
// it is asked, the way to the provider (purpose `join`, back to this step), and on return the
// certification attached to the account (POST /membership/v1/account/certify). A person who
// has an account already is told so, with the ways to it; a cancelled certification says so
// and can be tried again.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { FormAlert, useFailureMessage } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { certify, pendingCertification, takeCertification, takeCertificationFailure } from "../../lib/certify";
import { useSession } from "../../lib/session";
import { useCertifyAccount } from "./api";
import { JoinSteps } from "./parts";
import { useJoinTexts } from "./texts";

const PURPOSE = "join";
const RETURN_TO = "/member/join/profile";

type State =
  | { kind: "ready" }
  | { kind: "starting" }
  | { kind: "attaching" }
  | { kind: "cancelled" }
  | { kind: "failed"; message: string }
  | { kind: "personHasAccount" };

/** What the return page left for this step (read, not taken: the effect takes it). */
function returned(): State {
  const pending = pendingCertification();
  if (!pending || pending.purpose !== PURPOSE) return { kind: "ready" };
  if (pending.failure) return pending.failure.code === "F0000" ? { kind: "cancelled" } : { kind: "failed", message: "" };
  return pending.completed ? { kind: "attaching" } : { kind: "ready" };
}

export function CertifyStep() {
  const tx = useJoinTexts();
  const session = useSession();
  const { mutateAsync: attach } = useCertifyAccount();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const [state, setState] = useState<State>(returned);
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    if (takeCertificationFailure(PURPOSE)) return;
    const certifyNo = takeCertification(PURPOSE);
    if (!certifyNo) return;
    attach(certifyNo).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === "2007") setState({ kind: "personHasAccount" });
        else if (error instanceof ApiError && error.status === 400) setState({ kind: "failed", message: tx.certifyUsed });
        else setState({ kind: "failed", message: failure(error) });
      });
  }, [attach, failure, tx]);

  const start = () => {
    setState({ kind: "starting" });
    certify(PURPOSE, RETURN_TO).catch((error: unknown) => setState({ kind: "failed", message: failure(error) }));
  };

  /** The way to the existing account: this new session ends first (a login page sends a
   * signed-in visitor away). */
  const leaveFor = async (to: string) => {
    await session.signOut().catch(() => undefined);
    navigate(to);
  };

  if (state.kind === "personHasAccount") {
    return (
      <CardPage title={tx.certifyTitle}>
        <JoinSteps current="certify" />
        <p className="form-alert" role="alert" data-problem="person-has-account">
          {tx.personHasAccount}
        </p>
        <div className="join-actions">
          <button type="button" className="button button-primary button-block" onClick={() => void leaveFor("/member/login")}>
            {tx.signInExisting}
          </button>
          <button type="button" className="button button-block" onClick={() => void leaveFor("/password/find/options")}>
            {tx.findPassword}
          </button>
        </div>
      </CardPage>
    );
  }

  const busy = state.kind === "starting" || state.kind === "attaching";
  const problem =
    state.kind === "cancelled" ? tx.certifyCancelled : state.kind === "failed" ? state.message || tx.certifyFailed : null;
  return (
    <CardPage title={tx.certifyTitle} lead={tx.certifyLead}>
      <JoinSteps current="certify" />
      <ul className="join-why">
        <li>{tx.certifyWhy1}</li>
        <li>{tx.certifyWhy2}</li>
        <li>{tx.certifyWhy3}</li>
      </ul>
      <FormAlert problem={problem} />
      {busy ? (
        <p className="form-notice" role="status">
          {state.kind === "attaching" ? tx.certifyAttaching : tx.certifyStarting}
        </p>
      ) : null}
      <button type="button" className="button button-primary button-block join-certify" disabled={busy} onClick={start}>
        {problem ? tx.certifyRetry : tx.certifyStart}
      </button>
    </CardPage>
  );
}
