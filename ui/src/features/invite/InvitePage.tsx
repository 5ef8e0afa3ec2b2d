// /manager/invite?token=…: the link from the invitation mail. It shows what the invitation
// is — the business, who sent it, the role, the invited address — and accepts nothing by
// itself: accepting is a step of its own (/manager/invite/confirm), or joining with the
// invited address (/manager/invite/join).
import { Link } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { fill, invitePath } from "./api";
import { InvitationDetails, InvitationFrame } from "./InvitationFrame";
import { useInviteTexts } from "./texts";

export default function InvitePage() {
  const tx = useInviteTexts();
  return (
    <InvitationFrame title={tx.title}>
      {({ invitation, token }) => (
        <CardPage title={fill(tx.titleOf, { business: invitation.businessName })} lead={fill(tx.pendingLead, { business: invitation.businessName })}>
          <div className="form-stack">
            <InvitationDetails invitation={invitation} />
            <div className="form-actions invite-actions">
              {invitation.accountExists ? (
                <Link href={invitePath("/confirm", token)} className="button button-primary">
                  {tx.accept}
                </Link>
              ) : (
                <>
                  <Link href={invitePath("/join", token)} className="button button-primary">
                    {tx.joinAndAccept}
                  </Link>
                  <Link href={invitePath("/confirm", token)} className="button">
                    {tx.haveAccount}
                  </Link>
                </>
              )}
            </div>
          </div>
        </CardPage>
      )}
    </InvitationFrame>
  );
}
