import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../../lib/api";
import { filterEmail, isValidEmail, loginHref, postLoginTarget, type RouteMatch } from "../../lib/core";
import { savedRedirect } from "../../lib/login";
import { useSession } from "../../lib/session";
import "./member.css";
import { useMemberTexts } from "./texts";

/** /member/login and /member/login/email. A signed-in visitor never sees them: the core's
 * route guard sends them on to the saved address. */
export default function LoginPage({ route }: { route: RouteMatch }) {
  const tx = useMemberTexts();
  const search = useSearch();
  const redirectUrl = savedRedirect(search);
  return (
    <div className="page member-page">
      <section className="member-card" aria-labelledby="login-title">
        <h1 id="login-title">{tx.loginTitle}</h1>
        <p className="member-lead">{tx.loginLead}</p>
        {route.name === "loginEmail" ? (
          <EmailLoginForm redirectUrl={redirectUrl} />
        ) : (
          <Link href={loginHref(redirectUrl, "/member/login/email")} className="button button-primary button-block">
            {tx.withEmail}
          </Link>
        )}
        <p className="member-links">
          <span>{tx.noAccount}</span> <Link href="/member/join">{tx.join}</Link>
          <span aria-hidden="true"> · </span>
          <Link href="/password/find/options">{tx.findPassword}</Link>
        </p>
      </section>
    </div>
  );
}

function EmailLoginForm({ redirectUrl }: { redirectUrl: string | null }) {
  const tx = useMemberTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [keep, setKeep] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email || !password) return setProblem(tx.missingFields);
    if (!isValidEmail(email)) return setProblem(tx.invalidEmail);
    setBusy(true);
    setProblem(null);
    try {
      await session.signIn(email, password, keep);
      navigate(postLoginTarget(redirectUrl), { replace: true });
    } catch (error) {
      setProblem(messageOf(error, tx));
      setBusy(false);
    }
  }

  return (
    <form className="member-form" onSubmit={submit} noValidate>
      <label htmlFor="login-email">{tx.email}</label>
      <input
        id="login-email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(filterEmail(event.target.value))}
        aria-invalid={problem !== null}
        aria-describedby={problem ? "login-problem" : undefined}
      />
      <label htmlFor="login-password">{tx.password}</label>
      <input
        id="login-password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? "login-problem" : undefined}
      />
      <label className="checkbox">
        <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
        {tx.keepSignedIn}
      </label>
      {problem ? (
        <p id="login-problem" className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? tx.submitting : tx.submit}
      </button>
    </form>
  );
}

function messageOf(error: unknown, tx: ReturnType<typeof useMemberTexts>): string {
  if (!(error instanceof ApiError)) return tx.failed;
  if (error.code === "2002") return tx.noSuchAccount;
  if (error.status === 401) return tx.wrongCredentials;
  if (error.status === 429) return tx.tooMany;
  if (error.status === 400) return tx.invalidEmail;
  return tx.failed;
}
