// /password/find/phone: identity certification (purpose `password`), which comes back here;
// the completed certification then buys a single-use reset token (POST
// /membership/v1/password/find/phone) and the browser goes on to /password/reset/phone.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { FormAlert, useFailureMessage } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { certify, pendingCertification, takeCertification, takeCertificationFailure } from "../../lib/certify";
import { usePhoneResetToken } from "./api";
import { keepResetToken } from "./resetToken";
import "./recovery.css";
import { useRecoveryTexts } from "./texts";

const HERE = "/password/find/phone";

type State =
  /** `returned`: the certification came back cancelled (F0000) or refused. */
  | { kind: "idle"; error?: unknown; returned?: "cancelled" | "failed" }
  | { kind: "leaving" }
  | { kind: "checking" }
  | { kind: "noAccount" };

/** What the page is doing when it opens: coming back from a completed certification, it is
 * checking at once (no flash of the start screen); from a cancelled one, it says so. */
function opening(): State {
  const pending = pendingCertification();
  if (pending?.purpose !== "password") return { kind: "idle" };
  if (pending.completed) return { kind: "checking" };
  if (pending.failure) return { kind: "idle", returned: pending.failure.code === "F0000" ? "cancelled" : "failed" };
  return { kind: "idle" };
}

export default function FindPhonePage() {
  const tx = useRecoveryTexts();
  const failure = useFailureMessage();
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>(opening);
  const started = useRef(false);
  const { mutateAsync: askToken } = usePhoneResetToken();

  // The certification's return, taken once.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const certifyNo = takeCertification("password");
    if (!certifyNo) {
      // A failed return was read when the page opened; it is used up now.
      takeCertificationFailure("password");
      return;
    }
    askToken(certifyNo)
      .then(({ token }) => {
        keepResetToken("phone", token);
        navigate("/password/reset/phone", { replace: true });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === "2002") return setState({ kind: "noAccount" });
        setState({ kind: "idle", error });
      });
  }, [askToken, navigate]);

  async function start() {
    setState({ kind: "leaving" });
    try {
      await certify("password", HERE);
    } catch (error) {
      setState({ kind: "idle", error });
    }
  }

  if (state.kind === "checking") {
    return (
      <CardPage title={tx.phoneTitle}>
        <p className="recovery-note" role="status">
          {tx.checking}
        </p>
      </CardPage>
    );
  }

  if (state.kind === "noAccount") {
    return (
      <CardPage title={tx.phoneTitle}>
        <div className="form-stack">
          <p className="form-alert" role="alert">
            {tx.noAccount}
          </p>
          <p className="recovery-note">{tx.noAccountHelp}</p>
          <div className="form-actions">
            <Link href="/member/login" className="button button-primary">
              {tx.signIn}
            </Link>
            <Link href="/password/find/email" className="button">
              {tx.byEmail}
            </Link>
            <Link href="/member/join" className="button">
              {tx.join}
            </Link>
          </div>
        </div>
      </CardPage>
    );
  }

  // Said in the language shown: the failed call, or how the certification came back.
  let problem: string | undefined;
  if (state.kind === "idle" && state.error !== undefined) problem = failure(state.error, (known) => (known.status === 400 ? tx.certifyUsed : undefined));
  else if (state.kind === "idle" && state.returned) problem = state.returned === "cancelled" ? tx.cancelled : tx.certifyFailed;
  return (
    <CardPage title={tx.phoneTitle} lead={tx.phoneLead}>
      <div className="form-stack">
        <FormAlert problem={problem} />
        <button type="button" className="button button-primary button-block" onClick={() => void start()} disabled={state.kind === "leaving"}>
          {state.kind === "leaving" ? tx.certifying : problem ? tx.certifyAgain : tx.certify}
        </button>
      </div>
      <ul className="recovery-links">
        <li><Link href="/password/find/options">{tx.otherWay}</Link></li>
        <li><Link href="/member/login">{tx.backToLogin}</Link></li>
      </ul>
    </CardPage>
  );
}
