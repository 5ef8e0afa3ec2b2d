// /manager/invite/join?token=…: the invited person's account, made with the invited address
// (the invitation proves the e-mail: the token went there) and the invitation accepted with
// it (POST /api/v1/invitations/join: token, password, nickname, terms). The server signs the
// new member in; the page then loads afresh, so the whole site knows the new member, and the
// invitation welcomes them.
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { FormAlert, PasswordField, passwordOk, TextField, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { checkNickname, filterNickname } from "../../lib/core";
import { useSession } from "../../lib/session";
import { fill, invitePath, useJoinByInvitation, type Invitation } from "./api";
import { InvitationFrame, type PendingInvitation } from "./InvitationFrame";
import { NO_TERMS, requiredAccepted, Terms, type TermsChoice } from "./Terms";
import { useInviteTexts, type InviteText } from "./texts";

export default function JoinPage() {
  const tx = useInviteTexts();
  return <InvitationFrame title={tx.joinTitle}>{(pending) => <Join {...pending} />}</InvitationFrame>;
}

function Join({ invitation, token, reload }: PendingInvitation) {
  const tx = useInviteTexts();
  const session = useSession();
  const business = invitation.businessName;
  if (invitation.accountExists) {
    return (
      <CardPage title={tx.joinTitle}>
        <div className="form-stack">
          <p className="form-alert" role="alert">
            {fill(tx.accountExists, { email: invitation.email })}
          </p>
          <div className="form-actions">
            <Link href={invitePath("/confirm", token)} className="button button-primary">
              {tx.signInToAccept}
            </Link>
          </div>
        </div>
      </CardPage>
    );
  }
  if (session.member) return <SignOutFirst current={session.member.email ?? session.member.nickname ?? ""} />;
  return (
    <CardPage title={tx.joinTitle} lead={fill(tx.joinLead, { business })}>
      <JoinForm invitation={invitation} token={token} reload={reload} />
    </CardPage>
  );
}

function SignOutFirst({ current }: { current: string }) {
  const tx = useInviteTexts();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <CardPage title={tx.joinTitle}>
      <div className="form-stack">
        <p className="form-alert" role="alert">
          {fill(tx.signedInElsewhere, { current })}
        </p>
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void session.signOut().catch(() => setBusy(false));
          }}
        >
          {busy ? tx.switching : tx.signOutAndContinue}
        </button>
      </div>
    </CardPage>
  );
}

interface Draft extends TermsChoice {
  nickname: string;
}

function JoinForm({ invitation, token, reload }: { invitation: Invitation; token: string; reload: PendingInvitation["reload"] }) {
  const tx = useInviteTexts();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  // What was typed survives a reload or a lost session; passwords never leave the page.
  const draft = useDraft<Draft>(`invite-join-${token.slice(0, 12)}`, { nickname: "", ...NO_TERMS });
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const joining = useJoinByInvitation(token);
  const [busy, setBusy] = useState(false);
  const { nickname, ...terms } = draft.values;
  // Problems are kept as text keys (and the failed call), and said in the language shown.
  const [failed, setFailed] = useState<unknown>(null);
  const say = (problem: string | undefined) =>
    problem === "failure"
      ? failure(failed)
      : problem === "accountExists"
        ? fill(tx.accountExists, { email: invitation.email })
        : problem && tx[problem as InviteText];

  function nicknameProblem(): InviteText | undefined {
    if (!nickname.trim()) return "missingNickname";
    const [problem] = checkNickname(nickname).problems;
    if (problem === "tooShort") return "nicknameShort";
    if (problem === "tooLong") return "nicknameLong";
    if (problem === "badCharacter") return "nicknameChars";
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      "join-nickname": nicknameProblem(),
      "join-password": !password ? "missingPassword" : !passwordOk(password, invitation.email) ? "weakPassword" : undefined,
      "join-confirm": password && confirm !== password ? "mismatchPassword" : undefined,
      terms: requiredAccepted(terms) ? undefined : "termsRequired",
    };
    if (Object.values(found).some(Boolean)) return show(found);
    setBusy(true);
    clear();
    try {
      await joining.mutateAsync({ password, nickname: checkNickname(nickname).nickname, terms });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) {
        // Used, withdrawn or expired meanwhile, or the address has an account now: the
        // invitation read again explains itself.
        await reload();
        return show({ form: "accountExists" });
      }
      if (error instanceof ApiError && error.status === 400) return show({ form: "checkFields" });
      setFailed(error);
      return show({ form: "failure" });
    }
    draft.discard();
    // Signed in by the server: a fresh load starts the session everywhere on the page.
    window.location.assign(invitePath("/confirm", token));
  }

  return (
    <form ref={formRef} className="form-stack" onSubmit={submit} noValidate>
      <p className="invite-account">
        <span>{tx.email}</span> <strong>{invitation.email}</strong>
        {/* Password managers file the new password under this address. */}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      </p>
      <TextField
        id="join-nickname"
        label={tx.nickname}
        autoComplete="nickname"
        hint={tx.nicknameHint}
        value={nickname}
        filter={filterNickname}
        onChange={(value) => draft.set("nickname", value)}
        problem={say(problems["join-nickname"])}
      />
      <PasswordField
        id="join-password"
        label={tx.password}
        autoComplete="new-password"
        email={invitation.email}
        value={password}
        onChange={setPassword}
        problem={say(problems["join-password"])}
      />
      <PasswordField
        id="join-confirm"
        label={tx.confirmPassword}
        autoComplete="new-password"
        showRule={false}
        value={confirm}
        onChange={setConfirm}
        problem={say(problems["join-confirm"])}
      />
      <Terms value={terms} onChange={(next) => draft.setValues({ nickname, ...next })} problem={say(problems.terms)} />
      <FormAlert problem={say(problems.form)} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? tx.joining : tx.joinSubmit}
      </button>
    </form>
  );
}
