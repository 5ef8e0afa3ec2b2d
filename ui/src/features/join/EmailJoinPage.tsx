// /member/join/email: the address confirmed with a six-digit code sent by mail (10 minutes, 5
// tries, a new one after a short wait), then the password with the core's rule shown as it is
// typed, and the account (signed in at once). What was typed, the code's clock and the
// confirmation ticket stay in this tab until the account exists; passwords never do.
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { FormAlert, PasswordField, TextField, passwordOk, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { filterEmail, filterInput, inputModeFor, isValidEmail } from "../../lib/core";
import { agreedTerms, saveJoinFlow } from "../../lib/joinFlow";
import { useSession } from "../../lib/session";
import { useJoinByEmail, useSendJoinCode, useVerifyJoinCode } from "./api";
import { AccountLinks, AlreadyMember, JoinSteps, Loading, duration } from "./parts";
import "./join.css";
import { fill, useJoinTexts } from "./texts";

/** How long before another code may be asked for: long enough for a mail to arrive. */
const RESEND_WAIT_MS = 60_000;
const CODE_DIGITS = { numbers: true };

interface Draft {
  email: string;
  /** When the last code stops working (epoch ms), null before one was sent. */
  codeExpiresAt: number | null;
  /** When another code may be asked for (epoch ms). */
  resendAt: number;
  /** The proof that the address was confirmed (30 minutes). */
  joinToken: string | null;
}

const EMPTY: Draft = { email: "", codeExpiresAt: null, resendAt: 0, joinToken: null };

export default function EmailJoinPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const terms = agreedTerms();
  const [joining, setJoining] = useState(false);
  useEffect(() => {
    // The terms come first: without them in this tab, back to /member/join.
    if (!terms && !joining) navigate("/member/join", { replace: true });
  }, [terms, joining, navigate]);
  if (!session.ready || (!terms && !joining)) return <Loading />;
  if (session.signedIn && !joining) return <AlreadyMember />;
  return <EmailJoinForm onJoining={() => setJoining(true)} />;
}

/** The clock the code's countdown and the resend wait read, ticking every second while either
 * runs; `reset` reads it again at once (a new deadline was just set). */
function useNow(until: number): { now: number; reset: () => void } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until, now]);
  return { now, reset: () => setNow(Date.now()) };
}

function EmailJoinForm({ onJoining }: { onJoining: () => void }) {
  const tx = useJoinTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const draft = useDraft<Draft>("join-email", EMPTY);
  const { email, codeExpiresAt, resendAt, joinToken } = draft.values;
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState<"send" | "verify" | "join" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sendMail = useSendJoinCode();
  const checkCode = useVerifyJoinCode();
  const makeAccount = useJoinByEmail();
  const clock = useNow(Math.max(resendAt, codeExpiresAt ?? 0));
  const now = clock.now;
  const codeSent = codeExpiresAt !== null && !joinToken;
  const codeLeft = codeExpiresAt === null ? 0 : codeExpiresAt - now;
  const resendLeft = resendAt - now;

  const sendCode = async (again: boolean) => {
    if (!isValidEmail(email)) return show({ email: tx.emailInvalid });
    clear();
    setBusy("send");
    try {
      const sent = await sendMail.mutateAsync(email);
      const at = Date.now();
      draft.setValues((values) => ({ ...values, codeExpiresAt: at + sent.expiresInSeconds * 1000, resendAt: at + RESEND_WAIT_MS }));
      clock.reset();
      setCode("");
      setNotice(again ? tx.resent : fill(tx.codeSent, { email }));
    } catch (error) {
      show({ [again ? "form" : "email"]: failure(error, (e) => (e.status === 400 ? tx.emailInvalid : undefined)) });
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (codeLeft <= 0) return show({ code: tx.codeExpired });
    if (!/^\d{6}$/.test(code)) return show({ code: tx.codeInvalid });
    clear();
    setBusy("verify");
    try {
      const verified = await checkCode.mutateAsync({ email, code });
      draft.set("joinToken", verified.joinToken);
      setNotice(tx.verified);
    } catch (error) {
      show({ code: failure(error, (e) => (e.status === 400 ? tx.codeWrong : undefined)) });
    } finally {
      setBusy(null);
    }
  };

  const join = async () => {
    const terms = agreedTerms();
    if (!joinToken || !terms) return;
    const found: Record<string, string> = {};
    if (!passwordOk(password, email)) found.password = tx.passwordRule;
    if (confirm !== password) found.confirm = tx.passwordMismatch;
    if (Object.keys(found).length > 0) return show(found);
    clear();
    setBusy("join");
    try {
      await makeAccount.mutateAsync({ joinToken, password, terms });
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError && error.status === 409) return show({ form: tx.emailTaken });
      if (error instanceof ApiError && error.status === 400 && /joinToken/i.test(error.message)) {
        draft.setValues((values) => ({ ...values, joinToken: null, codeExpiresAt: null }));
        setNotice(null);
        return show({ email: tx.ticketExpired });
      }
      return show({ form: failure(error, (e) => (e.status === 400 ? tx.passwordRule : undefined)) });
    }
    // Signed in: the profile step asks for the certification next.
    onJoining();
    draft.discard();
    saveJoinFlow({ joined: { channel: "email" } });
    await session.reload();
    navigate("/member/join/profile");
  };

  const changeEmail = () => {
    draft.setValues(EMPTY);
    setCode("");
    setNotice(null);
    clear();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (joinToken) void join();
    else if (codeSent) void verify();
    else void sendCode(false);
  };

  const locked = codeSent || Boolean(joinToken);
  return (
    <CardPage title={tx.emailTitle} lead={tx.emailLead}>
      <JoinSteps current="account" />
      <form ref={formRef} className="form-stack join-form" onSubmit={submit} noValidate>
        <TextField
          id="join-email"
          label={tx.email}
          type="email"
          autoComplete={joinToken ? "username" : "email"}
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          value={email}
          filter={filterEmail}
          onChange={(value) => draft.set("email", value)}
          readOnly={locked}
          hint={tx.emailHint}
          problem={problems.email}
        />
        {locked ? (
          <button type="button" className="link-button join-inline" onClick={changeEmail}>
            {tx.changeEmail}
          </button>
        ) : (
          <button type="submit" className="button button-primary button-block" disabled={busy !== null}>
            {busy === "send" ? tx.sending : tx.sendCode}
          </button>
        )}
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}

        {codeSent ? (
          <>
            <TextField
              id="join-code"
              label={tx.code}
              autoComplete="one-time-code"
              inputMode={inputModeFor(CODE_DIGITS)}
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              filter={(raw) => filterInput(raw, CODE_DIGITS)}
              onChange={setCode}
              hint={codeLeft > 0 ? fill(tx.codeHint, { time: duration(tx, codeLeft) }) : tx.codeExpired}
              problem={problems.code}
              className="join-code"
            />
            <div className="join-actions">
              <button type="submit" className="button button-primary button-block" disabled={busy !== null}>
                {busy === "verify" ? tx.verifying : tx.verify}
              </button>
              <button
                type="button"
                className="button button-block"
                disabled={busy !== null || resendLeft > 0}
                onClick={() => void sendCode(true)}
              >
                {resendLeft > 0 ? fill(tx.resendIn, { time: duration(tx, resendLeft) }) : tx.resend}
              </button>
            </div>
          </>
        ) : null}

        {joinToken ? (
          <>
            <PasswordField
              id="join-password"
              label={tx.password}
              autoComplete="new-password"
              email={email}
              value={password}
              onChange={setPassword}
              problem={problems.password}
            />
            <PasswordField
              id="join-password-confirm"
              label={tx.passwordConfirm}
              autoComplete="new-password"
              showRule={false}
              value={confirm}
              onChange={setConfirm}
              problem={problems.confirm}
            />
            <FormAlert problem={problems.form} />
            {problems.form === tx.emailTaken ? (
              <AccountLinks />
            ) : null}
            <button type="submit" className="button button-primary button-block" disabled={busy !== null}>
              {busy === "join" ? tx.creating : tx.createAccount}
            </button>
          </>
        ) : (
          <FormAlert problem={problems.form} />
        )}
      </form>
    </CardPage>
  );
}
