// /mypage/password/check: the password once more before a sensitive change. The check holds
// for a few minutes on this session (server/src/members/service/mypage.rs); the page then goes
// on to the page that sent the member here (`redirectUrl`, a path on this site only).
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { FormAlert, PasswordField, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { postLoginTarget } from "../../lib/core";
import { savedRedirect } from "../../lib/login";
import { useSession } from "../../lib/session";
import { hasPassword, profileQuery, useCheckPassword, type Profile } from "./api";
import { FormButtons, NoPassword } from "./parts";
import { ProfileState } from "./ProfileState";
import { useMyPageTexts } from "./texts";
import "./mypage.css";

export default function PasswordCheckPage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  return (
    <CardPage title={tx.checkTitle} lead={tx.checkLead}>
      <ProfileState query={profile}>{(data) => <CheckForm profile={data} />}</ProfileState>
    </CardPage>
  );
}

function CheckForm({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useSession();
  const failure = useFailureMessage();
  const { formRef, problems, show } = useProblems();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const check = useCheckPassword(profile.memberId);
  // Only an address on this site, as after a sign-in; my page when none was given.
  const target = postLoginTarget(savedRedirect(search) ?? "/mypage");
  const expired = new URLSearchParams(search).get("expired") === "1";

  if (!hasPassword(profile)) return <NoPassword message={tx.checkNoPassword} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return show({ password: tx.passwordRequired });
    setBusy(true);
    show({});
    try {
      await check.mutateAsync(password);
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
      <p className="mypage-note">
        <Link href="/password/find/options">{tx.forgotPassword}</Link>
      </p>
    </form>
  );
}
