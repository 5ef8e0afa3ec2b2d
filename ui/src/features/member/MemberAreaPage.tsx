import { Link, useLocation } from "wouter";
import type { RouteMatch } from "../../lib/core";
import { useSession } from "../../lib/session";
import "./member.css";
import { useMemberTexts } from "./texts";

/** The member area's screens (join, my page, password recovery, invitations) come with the
 * member features; until then each of their addresses shows where the reader stands and the
 * member links that work today, never a blank page. */
export default function MemberAreaPage({ route }: { route: RouteMatch }) {
  const tx = useMemberTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  return (
    <div className="page member-page">
      <section className="member-card member-area" aria-labelledby="member-area-title" data-route={route.name}>
        <h1 id="member-area-title">{tx.memberArea}</h1>
        <p className="member-lead">{tx.memberAreaLead}</p>
        {session.member ? (
          <p>
            {tx.signedInAs}: <strong>{session.member.nickname ?? session.member.email}</strong>
          </p>
        ) : null}
        <ul>
          <li>
            <Link href="/interest/bookmark">{tx.interests}</Link>
          </li>
          <li>
            <Link href="/follow/list">{tx.following}</Link>
          </li>
        </ul>
        {session.signedIn ? (
          <button type="button" className="button" onClick={() => void session.signOut().then(() => navigate("/"))}>
            {tx.signOut}
          </button>
        ) : (
          <Link href="/member/login" className="button button-primary">
            {tx.submit}
          </Link>
        )}
      </section>
    </div>
  );
}
