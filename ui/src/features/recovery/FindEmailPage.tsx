// /password/find/email: a reset link by mail. The answer is the same whether or not the
// address has an account (PRODUCT "Members"), and so is this page.
import { useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { FormAlert, TextField, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { filterEmail, isValidEmail } from "../../lib/core";
import { useMailResetLink } from "./api";
import "./recovery.css";
import { useRecoveryTexts, type RecoveryText } from "./texts";

export default function FindEmailPage() {
  const tx = useRecoveryTexts();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const draft = useDraft("password-find-email", { email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [again, setAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const mailLink = useMailResetLink();
  const heading = useRef<HTMLParagraphElement>(null);
  // Problems are kept as text keys (and the failed call), and said in the language shown.
  const [failed, setFailed] = useState<unknown>(null);
  const say = (problem: string | undefined) => (problem === "failure" ? failure(failed) : problem && tx[problem as RecoveryText]);

  async function send(email: string): Promise<boolean> {
    setBusy(true);
    try {
      await mailLink.mutateAsync(email);
      return true;
    } catch (error) {
      setFailed(error);
      show(error instanceof ApiError && error.status === 400 ? { "find-email": "invalidEmail" } : { form: "failure" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const email = draft.values.email;
    if (!email) return show({ "find-email": "missingEmail" });
    if (!isValidEmail(email)) return show({ "find-email": "invalidEmail" });
    clear();
    if (await send(email)) {
      draft.discard();
      setSentTo(email);
      setAgain(false);
      requestAnimationFrame(() => heading.current?.focus());
    }
  }

  async function sendAgain() {
    if (!sentTo) return;
    clear();
    if (await send(sentTo)) setAgain(true);
  }

  if (sentTo) {
    return (
      <CardPage title={tx.sentTitle}>
        <form ref={formRef} className="form-stack" onSubmit={(event) => event.preventDefault()}>
          <p ref={heading} tabIndex={-1} className="form-notice">
            {tx.sent.replace("{email}", sentTo)}
          </p>
          <p className="recovery-note">{tx.notArrived}</p>
          {again ? (
            <p className="recovery-note" role="status">
              {tx.sentAgain}
            </p>
          ) : null}
          <FormAlert problem={say(problems.form)} />
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void sendAgain()} disabled={busy}>
              {busy ? tx.sending : tx.sendAgain}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                draft.set("email", sentTo);
                setSentTo(null);
                clear();
              }}
            >
              {tx.otherAddress}
            </button>
          </div>
        </form>
        <ul className="recovery-links">
          <li><Link href="/member/login/email">{tx.backToLogin}</Link></li>
        </ul>
      </CardPage>
    );
  }

  return (
    <CardPage title={tx.emailTitle} lead={tx.emailLead}>
      <form ref={formRef} className="form-stack" onSubmit={submit} noValidate>
        <TextField
          id="find-email"
          label={tx.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          value={draft.values.email}
          filter={filterEmail}
          onChange={(value) => draft.set("email", value)}
          problem={say(problems["find-email"])}
        />
        <FormAlert problem={say(problems.form)} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? tx.sending : tx.send}
        </button>
      </form>
      <ul className="recovery-links">
        <li><Link href="/password/find/options">{tx.otherWay}</Link></li>
        <li><Link href="/member/login/email">{tx.backToLogin}</Link></li>
      </ul>
    </CardPage>
  );
}
