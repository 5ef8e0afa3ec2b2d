// /manager/invite/confirm?token=…: accepting, as the signed-in member whose verified e-mail is
// the invited one (the server's `forSignedInMember` says whether that is the reader). A guest
// signs in first and comes back here; another account is told which one to use and may switch
// (signed out, then the login page coming back here).
import { useState } from "react";
import { useLocation } from "wouter";
import { FormAlert, useFailureMessage } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { loginHref } from "../../lib/core";
import { useSession } from "../../lib/session";
import { fill, invitePath, useAcceptInvitation, type Invitation } from "./api";
import { InvitationDetails, InvitationFrame, type PendingInvitation } from "./InvitationFrame";
import { useInviteTexts } from "./texts";

export default function ConfirmPage() {
  const tx = useInviteTexts();
  return <InvitationFrame title={tx.confirmTitle}>{(pending) => <Confirm {...pending} />}</InvitationFrame>;
}

function Confirm({ invitation, token, reload }: PendingInvitation) {
  const tx = useInviteTexts();
  const session = useSession();
  const business = invitation.businessName;
  const here = invitePath("/confirm", token);
  return (
    <CardPage title={fill(tx.titleOf, { business })}>
      <div className="form-stack">
        <InvitationDetails invitation={invitation} />
        {!session.member ? (
          <SignInFirst invitation={invitation} here={here} token={token} />
        ) : invitation.forSignedInMember ? (
          <Accept invitation={invitation} token={token} here={here} reload={reload} />
        ) : (
          <OtherAccount invitation={invitation} token={token} here={here} />
        )}
      </div>
    </CardPage>
  );
}

function SignInFirst({ invitation, here, token }: { invitation: Invitation; here: string; token: string }) {
  const tx = useInviteTexts();
  const [, navigate] = useLocation();
  return (
    <>
      <p className="invite-note">{fill(tx.signInFirst, { email: invitation.email })}</p>
      {!invitation.accountExists ? <p className="invite-note">{fill(tx.noAccountYet, { email: invitation.email })}</p> : null}
      <div className="form-actions invite-actions">
        <button type="button" className="button button-primary" onClick={() => navigate(loginHref(here))}>
          {tx.signInToAccept}
        </button>
        {!invitation.accountExists ? (
          <button type="button" className="button" onClick={() => navigate(invitePath("/join", token))}>
            {tx.createAccount}
          </button>
        ) : null}
      </div>
    </>
  );
}

function Accept({ invitation, token, here, reload }: { invitation: Invitation; token: string; here: string; reload: PendingInvitation["reload"] }) {
  const tx = useInviteTexts();
  const session = useSession();
  const failure = useFailureMessage();
  const [, navigate] = useLocation();
  const acceptance = useAcceptInvitation(token);
  const [busy, setBusy] = useState(false);
  // The refusal, said in the language shown.
  const [refusal, setRefusal] = useState<{ kind: "busyElsewhere" | "unverified" } | { kind: "failure"; error: unknown } | null>(null);
  const member = session.member;
  const account = member?.nickname ? `${member.nickname} (${member.email ?? ""})` : (member?.email ?? "");

  async function accept() {
    setBusy(true);
    setRefusal(null);
    try {
      // The invitation then reads as accepted by this member: the frame welcomes them.
      await acceptance.mutateAsync();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) return navigate(loginHref(here));
      if (error instanceof ApiError && (error.status === 409 || error.status === 403)) {
        // Accepted, expired or withdrawn meanwhile: the frame explains. Still pending: this
        // member manages another business (409) or is not the invitee (403).
        const now = await reload();
        if (now?.status !== "PENDING") return;
        return setRefusal({ kind: error.status === 409 ? "busyElsewhere" : "unverified" });
      }
      setRefusal({ kind: "failure", error });
    }
  }

  return (
    <>
      <p className="invite-note">{fill(tx.acceptAs, { account, business: invitation.businessName })}</p>
      <FormAlert
        problem={
          refusal?.kind === "failure"
            ? failure(refusal.error)
            : refusal?.kind === "busyElsewhere"
              ? tx.busyElsewhere
              : refusal?.kind === "unverified"
                ? fill(tx.unverified, { email: invitation.email })
                : null
        }
      />
      <button type="button" className="button button-primary button-block" onClick={() => void accept()} disabled={busy}>
        {busy ? tx.accepting : tx.accept}
      </button>
    </>
  );
}

function OtherAccount({ invitation, token, here }: { invitation: Invitation; token: string; here: string }) {
  const tx = useInviteTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  const [switching, setSwitching] = useState(false);
  const current = session.member?.email ?? session.member?.nickname ?? "";
  const email = invitation.email;

  async function switchTo(next: string) {
    setSwitching(true);
    await session.signOut().catch(() => undefined);
    navigate(next);
  }

  return (
    <>
      <p className="form-alert" role="alert">
        {fill(tx.mismatch, { email, current })}
      </p>
      <div className="form-actions invite-actions">
        <button type="button" className="button button-primary" onClick={() => void switchTo(loginHref(here))} disabled={switching}>
          {switching ? tx.switching : fill(tx.switchAccount, { email })}
        </button>
        {!invitation.accountExists ? (
          <button type="button" className="button" onClick={() => void switchTo(invitePath("/join", token))} disabled={switching}>
            {fill(tx.switchToJoin, { email })}
          </button>
        ) : null}
      </div>
    </>
  );
}
