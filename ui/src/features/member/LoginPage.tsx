// /member/login and /member/login/email. A signed-in visitor never sees them: the core's route
// guard (app/App.tsx) sends them on to the saved address, or to / — and only to an address on
// this site (`postLoginTarget`). Signing in here goes the same way.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { FormAlert, PasswordField, TextField, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError, api } from "../../lib/api";
import { filterEmail, isValidEmail, loginHref, postLoginTarget, type RouteMatch } from "../../lib/core";
import { savedRedirect } from "../../lib/login";
import { getPasskey, passkeyCancelled, passkeySuggestionsAvailable, passkeysSupported, type PasskeyOptions } from "../../lib/passkey";
import { useSession, type SecondStepNeeded } from "../../lib/session";
import { forgetSecondStep, pendingSecondStep, secondStepNeeded } from "../../lib/signingIn";
import { socialChannelsQuery, startSocial, type Channel } from "../../lib/social";
import "./member.css";
import { useMemberTexts, type MemberText } from "./texts";

export default function LoginPage({ route }: { route: RouteMatch }) {
  const redirectUrl = savedRedirect(useSearch());
  return route.name === "loginEmail" ? <EmailLogin redirectUrl={redirectUrl} /> : <LoginChoices redirectUrl={redirectUrl} />;
}

/** /member/login: e-mail, then each social provider the site offers. */
function LoginChoices({ redirectUrl }: { redirectUrl: string | null }) {
  const tx = useMemberTexts();
  return (
    <CardPage title={tx.loginTitle} lead={tx.loginLead}>
      <div className="login-ways">
        <Link href={loginHref(redirectUrl, "/member/login/email")} className="button button-primary button-block">
          {tx.withEmail}
        </Link>
        <PasskeyButton redirectUrl={redirectUrl} />
        <SocialButtons redirectUrl={redirectUrl} />
      </div>
      <MemberLinks />
    </CardPage>
  );
}

/** Signing in with a passkey, nothing typed: the browser offers this site's passkeys. Shown
 * only where the browser can (the server checks the rest). */
function PasskeyButton({ redirectUrl }: { redirectUrl: string | null }) {
  const tx = useMemberTexts();
  const session = useSession();
  const failure = useFailureMessage();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      await session.signInWithPasskey(false);
      navigate(postLoginTarget(redirectUrl), { replace: true });
    } catch (error) {
      setBusy(false);
      if (passkeyCancelled(error)) return;
      setProblem(failure(error, (known) => (known.status === 401 ? tx.passkeyRefused : undefined)));
    }
  }

  return (
    <>
      <button type="button" className="button button-block" disabled={busy} aria-busy={busy || undefined} onClick={() => void start()}>
        {busy ? tx.passkeyWaiting : tx.withPasskey}
      </button>
      <FormAlert problem={problem} />
    </>
  );
}

const CHANNEL_ORDER: Channel[] = ["kakao", "naver", "google", "local"];

function SocialButtons({ redirectUrl }: { redirectUrl: string | null }) {
  const tx = useMemberTexts();
  const failure = useFailureMessage();
  const channels = useQuery(socialChannelsQuery());
  const [leaving, setLeaving] = useState<Channel | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function start(channel: Channel) {
    setLeaving(channel);
    setProblem(null);
    try {
      await startSocial(channel, "signin", redirectUrl);
    } catch (error) {
      setProblem(failure(error));
      setLeaving(null);
    }
  }

  if (channels.isPending) {
    return (
      <p className="login-social-note" role="status">
        {tx.socialLoading}
      </p>
    );
  }
  if (channels.isError) return <p className="login-social-note">{tx.socialMissing}</p>;
  const offered = CHANNEL_ORDER.filter((channel) => channels.data.includes(channel));
  if (offered.length === 0) return null;
  return (
    <>
      <p className="login-or" aria-hidden="true">
        <span>{tx.or}</span>
      </p>
      <ul className="login-social" aria-label={tx.socialGroup}>
        {offered.map((channel) => (
          <li key={channel}>
            <button
              type="button"
              className={`button button-block social-button social-${channel}`}
              disabled={leaving !== null}
              aria-busy={leaving === channel || undefined}
              onClick={() => void start(channel)}
            >
              {tx[channel]}
            </button>
          </li>
        ))}
      </ul>
      {leaving ? (
        <p className="visually-hidden" role="status">
          {tx.leaving}
        </p>
      ) : null}
      <FormAlert problem={problem} />
    </>
  );
}

function MemberLinks({ redirectUrl, otherWays }: { redirectUrl?: string | null; otherWays?: boolean }) {
  const tx = useMemberTexts();
  return (
    <ul className="member-links">
      {otherWays ? (
        <li>
          <Link href={loginHref(redirectUrl ?? null)}>{tx.otherWays}</Link>
        </li>
      ) : null}
      <li>
        <Link href="/password/find/options">{tx.findPassword}</Link>
      </li>
      <li>
        {tx.noAccount} <Link href="/member/join">{tx.join}</Link>
      </li>
    </ul>
  );
}

/** /member/login/email: the e-mail and password; the account status first (SPEC §5, in the
 * session), then the saved address. */
function EmailLogin({ redirectUrl }: { redirectUrl: string | null }) {
  const tx = useMemberTexts();
  const session = useSession();
  const failure = useFailureMessage();
  const [, navigate] = useLocation();
  const { formRef, problems, show, clear } = useProblems();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  // Two-step sign-in is on: the password passed and the server waits for the second step.
  // A social account's sign-in that asked for it on the return page is taken up here.
  const [waiting, setWaiting] = useState<SecondStepNeeded | null>(() => pendingSecondStep());
  useEffect(() => forgetSecondStep(), []);
  // Problems are kept as text keys (and the failed call), and said in the language shown.
  const [failed, setFailed] = useState<unknown>(null);
  const say = (problem: string | undefined) =>
    problem === "failure"
      ? failure(failed, (known) => {
          if (known.code === "2002") return tx.noSuchAccount;
          if (known.status === 401) return tx.wrongCredentials;
          if (known.status === 403) return tx.locked;
          return undefined;
        })
      : problem && tx[problem as MemberText];

  // Where the browser offers passkeys among the e-mail field's suggestions (conditional UI),
  // one is asked for quietly while the page is open: choosing it signs in at once. The
  // question ends when the page goes or the form is sent.
  const suggestion = useRef<AbortController | null>(null);
  useEffect(() => {
    if (waiting || !passkeysSupported()) return;
    const asking = new AbortController();
    suggestion.current = asking;
    void passkeySuggestionsAvailable().then(async (available) => {
      if (!available || asking.signal.aborted) return;
      try {
        await session.signInWithPasskey(false, { conditional: true, signal: asking.signal });
        navigate(postLoginTarget(redirectUrl), { replace: true });
      } catch (error) {
        if (asking.signal.aborted || passkeyCancelled(error)) return;
        setFailed(error);
        show({ form: "failure" });
      }
    });
    return () => asking.abort();
    // Once per visit of the form: the session and the target do not change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: !email ? "missingEmail" : !isValidEmail(email) ? "invalidEmail" : undefined,
      password: !password ? "missingPassword" : undefined,
    };
    if (found.email || found.password) return show(found);
    suggestion.current?.abort();
    setBusy(true);
    clear();
    try {
      await session.signIn(email, password, keep);
      navigate(postLoginTarget(redirectUrl), { replace: true });
    } catch (error) {
      const needed = secondStepNeeded(error);
      if (needed) {
        setWaiting(needed);
        setPassword("");
        setBusy(false);
        return;
      }
      setFailed(error);
      // A malformed address is the e-mail field's problem; any other refusal the form's.
      show(error instanceof ApiError && error.status === 400 && error.code === "104" ? { email: "invalidEmail" } : { form: "failure" });
      setBusy(false);
    }
  }

  if (waiting) {
    return (
      <SecondStepForm
        needed={waiting}
        onSignedIn={() => navigate(postLoginTarget(redirectUrl), { replace: true })}
        onStartAgain={() => setWaiting(null)}
      />
    );
  }

  return (
    <CardPage title={tx.emailTitle} lead={tx.emailLead}>
      <form ref={formRef} className="form-stack" onSubmit={submit} noValidate>
        <TextField
          id="login-email"
          label={tx.email}
          type="email"
          autoComplete={passkeysSupported() ? "username webauthn" : "username"}
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          value={email}
          filter={filterEmail}
          onChange={setEmail}
          problem={say(problems.email)}
        />
        <PasswordField
          id="login-password"
          label={tx.password}
          autoComplete="current-password"
          showRule={false}
          value={password}
          onChange={setPassword}
          problem={say(problems.password)}
        />
        <div className="form-check">
          <input id="login-keep" type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} aria-describedby="login-keep-hint" />
          <div>
            <label htmlFor="login-keep">{tx.keepSignedIn}</label>
            <p id="login-keep-hint" className="form-hint">
              {tx.keepSignedInHint}
            </p>
          </div>
        </div>
        <FormAlert problem={say(problems.form)} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? tx.submitting : tx.submit}
        </button>
      </form>
      <MemberLinks redirectUrl={redirectUrl} otherWays />
    </CardPage>
  );
}

/** The second step of a sign-in with two-step sign-in on: the six digits the authenticator
 * app shows, or one recovery code. The code field takes what a password manager or the
 * phone's keyboard fills in (`one-time-code`); spaces are the server's to ignore. */
function SecondStepForm({ needed, onSignedIn, onStartAgain }: { needed: SecondStepNeeded; onSignedIn: () => void; onStartAgain: () => void }) {
  const tx = useMemberTexts();
  const session = useSession();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const say = (problem: string | undefined) =>
    problem === "failure"
      ? failure(failed, (known) => {
          if (known.status !== 401) return undefined;
          if (/expired/.test(known.message)) return tx.ticketExpired;
          if (/passkey/.test(known.message)) return tx.passkeyRefused;
          if (recovery) return tx.wrongRecoveryCode;
          return /used already/.test(known.message) ? tx.codeUsed : tx.wrongCode;
        })
      : problem && tx[problem as MemberText];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return show({ code: recovery ? "missingRecoveryCode" : "missingCode" });
    setBusy(true);
    clear();
    try {
      await session.finishSignIn(needed.ticket, recovery ? { recoveryCode: typed } : { code: typed });
      onSignedIn();
    } catch (error) {
      setFailed(error);
      show({ form: "failure" });
      setBusy(false);
    }
  }

  function switchWay() {
    setRecovery(!recovery);
    setCode("");
    clear();
  }

  async function withPasskey() {
    setBusy(true);
    clear();
    try {
      const asked = await api<PasskeyOptions>("/membership/v1/passkey/options", { method: "POST", body: { step: "SECOND_STEP" } });
      await session.finishSignIn(needed.ticket, { passkey: await getPasskey(asked) });
      onSignedIn();
    } catch (error) {
      setBusy(false);
      if (passkeyCancelled(error)) return;
      setFailed(error);
      show({ form: "failure" });
    }
  }
  const passkeyOffered = needed.methods.includes("PASSKEY") && passkeysSupported();

  return (
    <CardPage title={tx.secondStepTitle} lead={recovery ? tx.recoveryLead : tx.codeLead}>
      <form ref={formRef} className="form-stack" onSubmit={submit} noValidate>
        {recovery ? (
          <TextField
            key="recovery"
            id="login-recovery-code"
            label={tx.recoveryCode}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={setCode}
            problem={say(problems.code)}
          />
        ) : (
          <TextField
            key="code"
            id="login-code"
            label={tx.code}
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={7}
            value={code}
            onChange={setCode}
            problem={say(problems.code)}
          />
        )}
        <FormAlert problem={say(problems.form)} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? tx.submitting : tx.confirmCode}
        </button>
      </form>
      <ul className="member-links member-links-wrap">
        {passkeyOffered ? (
          <li>
            <button type="button" className="link-button" disabled={busy} onClick={() => void withPasskey()}>
              {tx.usePasskey}
            </button>
          </li>
        ) : null}
        <li>
          <button type="button" className="link-button" onClick={switchWay}>
            {recovery ? tx.useCode : tx.useRecoveryCode}
          </button>
        </li>
        <li>
          <button type="button" className="link-button" onClick={onStartAgain}>
            {tx.startAgain}
          </button>
        </li>
      </ul>
    </CardPage>
  );
}
