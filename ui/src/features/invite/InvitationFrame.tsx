// What the three invitation pages share: the invitation read from the link's token, its
// details (business, inviter, role, address, validity), and the pages for an invitation that
// can no longer be used (accepted, expired, withdrawn) or a link that is not one.
import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { FormAlert, useFailureMessage } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { formatDate, offsetMinutes } from "../../lib/core";
import { fill, tokenOf, useInvitation, type Invitation } from "./api";
import "./invite.css";
import { useInviteTexts } from "./texts";

export interface PendingInvitation {
  invitation: Invitation;
  token: string;
  /** Reads the invitation again (after it was accepted, or a refusal). */
  reload: () => Promise<Invitation | null>;
}

/** Reads the invitation of the address's token; `children` renders a pending one. */
export function InvitationFrame({ title, children }: { title: string; children: (pending: PendingInvitation) => ReactNode }) {
  const tx = useInviteTexts();
  const failure = useFailureMessage();
  const token = tokenOf(useSearch());
  const read = useInvitation(token);
  if (!token) return <Invalid />;
  if (!read.data) {
    return (
      <CardPage title={title}>
        <p className="invite-note" role="status">
          {tx.loading}
        </p>
      </CardPage>
    );
  }
  if ("error" in read.data) {
    const { error } = read.data;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <Invalid />;
    return (
      <CardPage title={title}>
        <div className="form-stack">
          <FormAlert problem={`${tx.loadFailed} ${failure(error)}`} />
          <button type="button" className="button button-primary button-block" onClick={() => void read.refetch()}>
            {tx.retry}
          </button>
        </div>
      </CardPage>
    );
  }
  const { invitation } = read.data;
  if (invitation.status !== "PENDING") return <Ended invitation={invitation} />;
  const reload = async () => {
    const again = (await read.refetch()).data;
    return again && "invitation" in again ? again.invitation : null;
  };
  return <>{children({ invitation, token, reload })}</>;
}

export function InvitationDetails({ invitation }: { invitation: Invitation }) {
  const tx = useInviteTexts();
  return (
    <dl className="invite-details">
      <div>
        <dt>{tx.business}</dt>
        <dd>{invitation.businessName}</dd>
      </div>
      <div>
        <dt>{tx.inviter}</dt>
        <dd>{invitation.inviter ?? tx.unknownInviter}</dd>
      </div>
      <div>
        <dt>{tx.role}</dt>
        <dd>{invitation.role === "BUSINESS_MASTER" ? tx.roleMaster : tx.roleManager}</dd>
      </div>
      <div>
        <dt>{tx.invitedEmail}</dt>
        <dd className="invite-email">{invitation.email}</dd>
      </div>
      <div>
        <dt>{tx.validUntil}</dt>
        <dd>{formatDate(invitation.expiresAt, "yyyy-MM-dd HH:mm", offsetMinutes())}</dd>
      </div>
    </dl>
  );
}

/** The business area, loaded afresh: the session's profile then has the new role. */
export function BusinessAreaLink() {
  const tx = useInviteTexts();
  return (
    <a href="/mypage/business" className="button button-primary">
      {tx.toBusiness}
    </a>
  );
}

/** An invitation that can no longer be used, saying why; the one its own member accepted
 * welcomes them. */
function Ended({ invitation }: { invitation: Invitation }) {
  const tx = useInviteTexts();
  const business = invitation.businessName;
  if (invitation.status === "ACCEPTED" && invitation.forSignedInMember) {
    return (
      <CardPage title={fill(tx.welcomeTitle, { business })}>
        <div className="form-stack">
          <p className="form-notice" role="status">
            {fill(tx.welcome, { business })}
          </p>
          <div className="form-actions">
            <BusinessAreaLink />
            <Link href="/" className="button">
              {tx.home}
            </Link>
          </div>
        </div>
      </CardPage>
    );
  }
  const date = formatDate(invitation.expiresAt, "yyyy-MM-dd HH:mm", offsetMinutes());
  const [title, text] = {
    ACCEPTED: [tx.acceptedTitle, tx.accepted],
    EXPIRED: [tx.expiredTitle, fill(tx.expired, { date, business })],
    REVOKED: [tx.revokedTitle, fill(tx.revoked, { business })],
    PENDING: [tx.title, ""],
  }[invitation.status];
  return (
    <CardPage title={title}>
      <div className="form-stack">
        <p className="form-alert" role="alert">
          {text}
        </p>
        <InvitationDetails invitation={invitation} />
        <div className="form-actions">
          <Link href="/" className="button button-primary">
            {tx.home}
          </Link>
        </div>
      </div>
    </CardPage>
  );
}

function Invalid() {
  const tx = useInviteTexts();
  return (
    <CardPage title={tx.invalidTitle}>
      <div className="form-stack">
        <p className="form-alert" role="alert">
          {tx.invalid}
        </p>
        <div className="form-actions">
          <Link href="/" className="button button-primary">
            {tx.home}
          </Link>
        </div>
      </div>
    </CardPage>
  );
}
