// /mypage/password/check: "confirm it's you" before a sensitive change. A member with a
// password types it once more; a member who joined through a social account (no password)
// certifies again, as the account's certification shows the same person; either may use one of
// their passkeys instead. The check holds for a few minutes on this session
// (server/src/auth/session.rs); the page then goes on to the page that sent the member here
// (`redirectUrl`, a path on this site only).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { FormAlert, PasswordField, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { certify } from "../../lib/certify";
import { postLoginTarget } from "../../lib/core";
import { savedRedirect } from "../../lib/login";
import { confirmWithPasskey, passkeyCancelled, passkeysSupported } from "../../lib/passkey";
import { useSession } from "../../lib/session";
import { hasPassword, keepCheck, profileQuery, useCheckPassword, type Profile } from "./api";
import { useCertificationReturn } from "./certification";
import { BackLink, FormButtons } from "./parts";
import { ProfileState } from "./ProfileState";
import { useMyPageTexts } from "./texts";
import "./mypage.css";

export default function PasswordCheckPage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  const byCertification = profile.data !== undefined && !hasPassword(profile.data);
  return (
    <CardPage title={byCertification ? tx.checkCertTitle : tx.checkTitle} lead={byCertification ? tx.checkCertLead : tx.checkLead}>
      <ProfileState query={profile}>{(data) => (hasPassword(data) ? <PasswordForm profile={data} /> : <CertificationForm profile={data} />)}</ProfileState>
    </CardPage>
  );
}

/** Where the member goes once confirmed: only an address on this site, as after a sign-in; my
 * page when none was given. */
function useTarget() {
  const search = useSearch();
  return { search, target: postLoginTarget(savedRedirect(search) ?? "/mypage"), expired: new URLSearchParams(search).get("expired") === "1" };
}

function PasswordForm({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const [, navigate] = useLocation();
  const session = useSession();
  const failure = useFailureMessage();
  const { formRef, problems, show } = useProblems();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const check = useCheckPassword(profile.memberId);
  const { target, expired } = useTarget();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return show({ password: tx.passwordRequired });
    setBusy(true);
    show({});
    try {
      await check.mutateAsync({ password });
      navigate(target, { replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) {
        // A wrong password, or a session that has ended: the profile says which (an ended
        // session becomes a guest's, and the route guard takes over).
        void session.reload();
        return show({ password: tx.wrongPassword });
      }
      show({ form: failure(error) });
    }
  }

  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      {expired ? (
        <p className="form-alert" role="alert">
          {tx.checkExpired}
        </p>
      ) : null}
      {/* The account's name beside the password, for password managers (and the member). */}
      <div className="form-field">
        <label htmlFor="check-account">{tx.account}</label>
        <input id="check-account" name="username" type="email" autoComplete="username" value={profile.email ?? ""} readOnly />
      </div>
      <PasswordField
        id="password"
        label={tx.currentPassword}
        value={password}
        onChange={setPassword}
        showRule={false}
        autoComplete="current-password"
        problem={problems.password}
      />
      <FormAlert problem={problems.form} />
      <FormButtons label={tx.confirm} busyLabel={tx.checking} busy={busy} />
      <PasskeyCheck profile={profile} target={target} />
      <p className="mypage-note">
        <Link href="/password/find/options">{tx.forgotPassword}</Link>
      </p>
    </form>
  );
}

/** A member without a password: a fresh certification of the account's own person, started
 * here and checked when the certification comes back to this address. */
function CertificationForm({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const { search, target, expired } = useTarget();
  const here = `/mypage/password/check${search ? `?${search}` : ""}`;
  const returned = useCertificationReturn(["account"], here);
  const check = useCheckPassword(profile.memberId);
  const [busy, setBusy] = useState(returned?.kind === "completed");
  const [problem, setProblem] = useState<string | null>(() =>
    returned?.kind === "failed" ? (returned.code === "F0000" ? tx.certCancelled : tx.certUnusable) : null,
  );
  const sent = useRef(false);

  useEffect(() => {
    if (returned?.kind !== "completed" || sent.current) return;
    sent.current = true;
    check.mutateAsync({ certifyNo: returned.certifyNo }).then(
      () => navigate(target, { replace: true }),
      (error: unknown) => {
        setBusy(false);
        if (error instanceof ApiError && error.status === 403) return setProblem(tx.checkCertOtherPerson);
        if (error instanceof ApiError && error.status === 400) return setProblem(tx.certUnusable);
        setProblem(failure(error));
      },
    );
  }, [returned, check, navigate, target, failure, tx]);

  async function start() {
    setProblem(null);
    setBusy(true);
    try {
      await certify("account", here);
    } catch (error) {
      setBusy(false);
      setProblem(`${tx.certStartFailed} ${failure(error)}`);
    }
  }

  return (
    <div className="form-stack">
      {expired ? (
        <p className="form-alert" role="alert">
          {tx.checkCertExpired}
        </p>
      ) : null}
      <p className="form-notice">{profile.certified ? tx.checkNoPassword : tx.checkCertifyFirst}</p>
      <FormAlert problem={problem} />
      {profile.certified ? (
        <button type="button" className="button button-primary button-block" aria-disabled={busy || undefined} onClick={() => void (busy ? undefined : start())}>
          {busy ? tx.checkCertifying : tx.checkCertify}
        </button>
      ) : (
        <Link href="/mypage#mypage-certification" className="button button-primary button-block">
          {tx.toCertification}
        </Link>
      )}
      <PasskeyCheck profile={profile} target={target} />
      <BackLink block>{tx.backToMyPage}</BackLink>
    </div>
  );
}

/** One of the member's passkeys instead (where the browser makes them). */
function PasskeyCheck({ profile, target }: { profile: Profile; target: string }) {
  const tx = useMyPageTexts();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const checked = await confirmWithPasskey();
      keepCheck(profile.memberId, checked.validUntil);
      navigate(target, { replace: true });
    } catch (error) {
      setBusy(false);
      if (!passkeyCancelled(error)) setProblem(failure(error, (known) => (known.status === 401 ? tx.checkPasskeyRefused : undefined)));
    }
  }

  return (
    <div className="form-stack">
      <button type="button" className="link-button" disabled={busy} onClick={() => void confirm()}>
        {tx.checkPasskey}
      </button>
      <FormAlert problem={problem} />
    </div>
  );
}
