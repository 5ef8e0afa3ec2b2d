// /password/reset/{type}: a new password with a reset token — from the mailed link (`email`,
// the token in the link) or from a phone certification (`phone`, the token the phone page
// kept). The link is checked before anything is typed: a used or expired one explains itself
// and offers a new one. A reset ends every session (the server's), this browser's included.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { FormAlert, PasswordField, passwordOk, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import type { RouteMatch } from "../../lib/core";
import { useSession } from "../../lib/session";
import { resetLinkQuery, useResetPassword } from "./api";
import { forgetResetToken, keepResetToken, resetToken, type ResetType } from "./resetToken";
import "./recovery.css";
import { useRecoveryTexts, type RecoveryText } from "./texts";

/** The token: the link's (which then leaves the address bar), else the one kept for this tab. */
function useResetToken(type: ResetType): string | null {
  const search = useSearch();
  const [, navigate] = useLocation();
  const fromLink = new URLSearchParams(search).get("token");
  const [token] = useState(() => {
    if (fromLink) keepResetToken(type, fromLink);
    return fromLink ?? resetToken(type);
  });
  useEffect(() => {
    if (fromLink) navigate(`/password/reset/${type}`, { replace: true });
  }, [fromLink, navigate, type]);
  return token;
}

export default function ResetPage({ route }: { route: RouteMatch }) {
  const type: ResetType = route.param === "phone" ? "phone" : "email";
  const tx = useRecoveryTexts();
  const token = useResetToken(type);
  const [done, setDone] = useState(false);
  const link = useQuery({ ...resetLinkQuery(type, token), enabled: token !== null && !done });

  if (done) return <ResetDone />;
  if (!token) return <DeadLink type={type} kind="invalid" />;
  if (!link.data) {
    return (
      <CardPage title={tx.resetTitle}>
        <p className="recovery-note" role="status">
          {tx.checkingLink}
        </p>
      </CardPage>
    );
  }
  if ("error" in link.data) {
    const { error } = link.data;
    if (error instanceof ApiError && error.status === 400) return <DeadLink type={type} kind="invalid" />;
    return <ResetFailed error={error} retry={() => void link.refetch()} />;
  }
  const { state } = link.data;
  if (state.status === "USED") return <DeadLink type={type} kind="used" />;
  if (state.status === "EXPIRED") return <DeadLink type={type} kind="expired" />;
  return (
    <ResetForm
      type={type}
      token={token}
      email={state.email}
      onDone={() => {
        forgetResetToken(type);
        setDone(true);
      }}
      stillValid={async () => {
        const again = (await link.refetch()).data;
        return again !== undefined && "state" in again && again.state.status === "VALID";
      }}
    />
  );
}

function ResetForm({
  type,
  token,
  email,
  onDone,
  stillValid,
}: {
  type: ResetType;
  token: string;
  email: string | null;
  onDone: () => void;
  /** Checks the link again after a refusal: a dead link then explains itself. */
  stillValid: () => Promise<boolean>;
}) {
  const tx = useRecoveryTexts();
  const failure = useFailureMessage();
  const session = useSession();
  const { formRef, problems, show, clear } = useProblems();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const reset = useResetPassword();
  // Problems are kept as text keys (and the failed call), and said in the language shown.
  const [failed, setFailed] = useState<unknown>(null);
  const say = (problem: string | undefined) => (problem === "failure" ? failure(failed) : problem && tx[problem as RecoveryText]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      "reset-password": !password ? "missingPassword" : !passwordOk(password, email) ? "weakPassword" : undefined,
      "reset-confirm": password && confirm !== password ? "mismatch" : undefined,
    };
    if (found["reset-password"] || found["reset-confirm"]) return show(found);
    setBusy(true);
    clear();
    try {
      await reset.mutateAsync({ type, token, password });
    } catch (error) {
      setBusy(false);
      // The password passed the core's rule, which is the server's: a 400 is most likely the
      // link (used meanwhile, or expired), which the page then explains.
      if (error instanceof ApiError && error.status === 400 && (await stillValid())) return show({ "reset-password": "weakPassword" });
      if (error instanceof ApiError && error.status === 400) return;
      setFailed(error);
      return show({ form: "failure" });
    }
    // Every session ended on the server; this browser's ends here too.
    if (session.signedIn) await session.signOut().catch(() => undefined);
    onDone();
  }

  return (
    <CardPage title={tx.resetTitle} lead={tx.resetLead}>
      <form ref={formRef} className="form-stack" onSubmit={submit} noValidate>
        {email ? (
          <p className="recovery-account">
            <span>{tx.account}</span> <strong>{email}</strong>
            {/* Password managers file the new password under this account. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          </p>
        ) : null}
        <PasswordField
          id="reset-password"
          label={tx.newPassword}
          autoComplete="new-password"
          email={email}
          value={password}
          onChange={setPassword}
          problem={say(problems["reset-password"])}
        />
        <PasswordField
          id="reset-confirm"
          label={tx.confirmPassword}
          autoComplete="new-password"
          showRule={false}
          value={confirm}
          onChange={setConfirm}
          problem={say(problems["reset-confirm"])}
        />
        <FormAlert problem={say(problems.form)} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? tx.saving : tx.save}
        </button>
      </form>
    </CardPage>
  );
}

/** A link that cannot be used, saying why, with the way to a new one. */
function DeadLink({ type, kind }: { type: ResetType; kind: "used" | "expired" | "invalid" }) {
  const tx = useRecoveryTexts();
  const title = { used: tx.linkUsedTitle, expired: tx.linkExpiredTitle, invalid: tx.linkInvalidTitle }[kind];
  const text = type === "phone" ? tx.phoneExpired : { used: tx.linkUsed, expired: tx.linkExpired, invalid: tx.linkInvalid }[kind];
  return (
    <CardPage title={title}>
      <div className="form-stack">
        <p className="form-alert" role="alert">
          {text}
        </p>
        <div className="form-actions">
          <Link href={type === "phone" ? "/password/find/phone" : "/password/find/email"} className="button button-primary">
            {type === "phone" ? tx.certifyAgain : tx.newLink}
          </Link>
          <Link href="/member/login/email" className="button">
            {tx.signIn}
          </Link>
        </div>
      </div>
    </CardPage>
  );
}

function ResetFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const tx = useRecoveryTexts();
  const failure = useFailureMessage();
  return (
    <CardPage title={tx.resetTitle}>
      <div className="form-stack">
        <FormAlert problem={failure(error)} />
        <button type="button" className="button button-primary button-block" onClick={retry}>
          {tx.retry}
        </button>
      </div>
    </CardPage>
  );
}

function ResetDone() {
  const tx = useRecoveryTexts();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <CardPage title={tx.doneTitle}>
      <div className="form-stack">
        <p ref={heading} tabIndex={-1} className="form-notice" role="status">
          {tx.done}
        </p>
        <Link href="/member/login/email" className="button button-primary button-block">
          {tx.signIn}
        </Link>
      </div>
    </CardPage>
  );
}
