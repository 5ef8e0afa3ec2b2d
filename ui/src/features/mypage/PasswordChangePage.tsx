// /mypage/password/change: a new password after a recent password check, the core's rule shown
// as it is typed. The server ends every other session of the member; this one goes on.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { FormAlert, PasswordField, passwordOk, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { loginHere } from "../../lib/login";
import { checkedUntil, checkHref, hasPassword, needsCheck, profileQuery, useChangePassword, type Profile } from "./api";
import { BackLink, FormButtons, NoPassword } from "./parts";
import { ProfileState } from "./ProfileState";
import { CheckTimer, useRecentCheck } from "./recentCheck";
import { useMyPageTexts } from "./texts";
import "./mypage.css";

const HERE = "/mypage/password/change";

export default function PasswordChangePage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <CardPage title={tx.changedTitle}>
        <p className="form-notice" role="status">
          {tx.changed}
        </p>
        <p className="mypage-links">
          <BackLink block>{tx.backToMyPage}</BackLink>
        </p>
      </CardPage>
    );
  }
  return (
    <CardPage title={tx.changeTitle} lead={tx.changeLead}>
      <ProfileState query={profile}>{(data) => <ChangeForm profile={data} onDone={() => setDone(true)} />}</ProfileState>
    </CardPage>
  );
}

function ChangeForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const tx = useMyPageTexts();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const withPassword = hasPassword(profile);
  const until = useRecentCheck(HERE, profile.memberId, withPassword);
  const { formRef, problems, show } = useProblems();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const change = useChangePassword();

  if (!withPassword) return <NoPassword message={tx.changeNoPassword} />;
  // On the way to the password check.
  if (until === null) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!passwordOk(password, profile.email)) return show({ "new-password": tx.passwordRuleUnmet });
    if (password !== again) return show({ "new-password-again": tx.passwordMismatch });
    // The check has run out while the member typed: check again first.
    if (checkedUntil(profile.memberId) === null) return navigate(checkHref(HERE, true));
    setBusy(true);
    show({});
    try {
      await change.mutateAsync(password);
      onDone();
    } catch (error) {
      setBusy(false);
      if (needsCheck(error)) return navigate(checkHref(HERE, true));
      if (error instanceof ApiError && error.status === 401) return navigate(loginHere());
      if (error instanceof ApiError && error.status === 400) return show({ "new-password": tx.passwordRuleUnmet });
      show({ form: failure(error) });
    }
  }

  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      <CheckTimer until={until} />
      {/* The account's name, so a password manager files the new password under it. */}
      <input type="email" name="username" autoComplete="username" value={profile.email ?? ""} readOnly hidden />
      <PasswordField
        id="new-password"
        label={tx.newPassword}
        value={password}
        onChange={setPassword}
        email={profile.email}
        autoComplete="new-password"
        problem={problems["new-password"]}
      />
      <PasswordField
        id="new-password-again"
        label={tx.confirmPassword}
        value={again}
        onChange={setAgain}
        showRule={false}
        autoComplete="new-password"
        problem={problems["new-password-again"]}
      />
      <FormAlert problem={problems.form} />
      <FormButtons label={tx.changeSubmit} busyLabel={tx.changing} busy={busy} />
    </form>
  );
}
