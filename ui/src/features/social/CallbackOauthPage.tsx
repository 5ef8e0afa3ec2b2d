// /member/auth/callbackOauth: where a social provider returns the browser (SPEC §4). The type
// of the return decides the flow (./callback.ts); the address bar loses the type at once; the
// page then goes on, or says what went wrong with the ways forward.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useFailureMessage } from "../../components/form";
import { useChannelName } from "../../components/joinSocial/channels";
import { CardPage } from "../../components/page/CardPage";
import { useSession } from "../../lib/session";
import { finishSocialReturn, type Outcome } from "./callback";
import "./social.css";
import { useSocialTexts } from "./texts";

export default function CallbackOauthPage() {
  const tx = useSocialTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Refusal | null>(null);
  const handled = useRef(false);
  const { reload } = session;

  useEffect(() => {
    let live = true;
    const job = finishSocialReturn(window.location.href);
    // SPEC §4: the type is stripped and the address bar cleaned (the router shows this page
    // again, which takes up the same work).
    if (job.cleanedUrl && job.cleanedUrl !== window.location.href) {
      window.history.replaceState(window.history.state, "", job.cleanedUrl);
    }
    void job.outcome.then(async (result) => {
      if (!live || handled.current) return;
      if (result.kind !== "go") {
        setOutcome(result);
        return;
      }
      handled.current = true;
      if (result.signedIn) await reload();
      navigate(result.to, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, reload]);

  if (!outcome) {
    return (
      <CardPage title={tx.title} lead={tx.working}>
        <p className="visually-hidden" role="status">
          {tx.working}
        </p>
      </CardPage>
    );
  }
  return <Refused outcome={outcome} />;
}

type Refusal = Exclude<Outcome, { kind: "go" }>;

function Refused({ outcome }: { outcome: Refusal }) {
  const tx = useSocialTexts();
  const { signedIn } = useSession();
  const channelName = useChannelName();
  const failure = useFailureMessage();
  let title = tx.title;
  let lead: string | undefined;
  let message: string;
  switch (outcome.kind) {
    case "queryError":
      title = tx.queryError;
      lead = tx.queryErrorLead;
      message = outcome.message;
      break;
    case "lost":
      message = tx.lost;
      break;
    case "declined":
      message = tx.declined.replace("{channel}", channelName(outcome.channel));
      break;
    case "expired":
      message = tx.expired;
      break;
    case "emailTaken":
      message = tx.emailTaken.replace("{channel}", channelName(outcome.channel));
      break;
    case "failed":
      message = failure(outcome.error);
      break;
  }
  return (
    <CardPage title={title} lead={lead}>
      <p className="form-alert" role="alert" data-outcome={outcome.kind}>
        {message}
      </p>
      {signedIn ? (
        <div className="social-return-actions">
          <Link href="/" className="button button-primary button-block">
            {tx.home}
          </Link>
        </div>
      ) : (
        <GuestWays outcome={outcome} />
      )}
    </CardPage>
  );
}

/** Where a visitor who is not signed in can go from here. */
function GuestWays({ outcome }: { outcome: Refusal }) {
  const tx = useSocialTexts();
  return (
    <div className="social-return-actions">
      <Link href="/member/login" className="button button-primary button-block">
        {tx.signIn}
      </Link>
      {outcome.kind === "emailTaken" ? (
        <Link href="/password/find/options" className="button button-block">
          {tx.findPassword}
        </Link>
      ) : (
        <Link href="/member/join" className="button button-block">
          {tx.join}
        </Link>
      )}
      <Link href="/" className="link-button">
        {tx.home}
      </Link>
    </div>
  );
}
