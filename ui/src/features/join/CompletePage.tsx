// /member/join/complete: the welcome, the interests chosen, and the ways to businesses to
// follow. A join made in this tab is reported once with the data layer's `sign_up` event and
// the user fields of SPEC §4 (the core builds it); then the join's traces in the tab go.
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { pushDataLayer } from "../../lib/analytics";
import { categoryName, loginHref } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { forgetJoinFlow, joinFlow } from "../../lib/joinFlow";
import { useSession } from "../../lib/session";
import { forgetSocialFlow } from "../../lib/social";
import { JoinSteps, Loading } from "./parts";
import "./join.css";
import { fill, useJoinTexts } from "./texts";

export default function CompletePage() {
  const tx = useJoinTexts();
  const { lang } = useI18n();
  const session = useSession();
  const { member, user } = session;
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current || !user) return;
    reported.current = true;
    if (!joinFlow().joined) return;
    pushDataLayer("sign_up", null, user);
    forgetJoinFlow();
    forgetSocialFlow();
  }, [user]);

  if (!session.ready) return <Loading />;
  if (!member) {
    return (
      <CardPage title={tx.signInNeeded} lead={tx.signInNeededLead}>
        <Link href={loginHref("/member/join/complete")} className="button button-primary button-block">
          {tx.signIn}
        </Link>
      </CardPage>
    );
  }
  const name = member.nickname ?? member.email ?? "";
  return (
    <CardPage title={tx.completeTitle} lead={fill(tx.completeLead, { name })} wide>
      <JoinSteps current="complete" />
      <section className="join-section" aria-labelledby="join-chosen">
        <h2 id="join-chosen" className="join-group-title">
          {tx.chosenInterests}
        </h2>
        {member.interests.length > 0 ? (
          <ul className="join-chips">
            {member.interests.map((id) => (
              <li key={id} className="join-chip">
                {categoryName(id, lang) ?? id}
              </li>
            ))}
          </ul>
        ) : (
          <p className="form-hint">{tx.noInterests}</p>
        )}
      </section>
      <section className="join-section" aria-labelledby="join-next">
        <h2 id="join-next" className="join-group-title">
          {tx.nextLegend}
        </h2>
        <p className="form-hint">{tx.nextLead}</p>
        <div className="join-actions">
          {member.interests.length > 0 ? (
            <Link href="/post/interest/list?sort=POPULAR" className="button button-primary button-block">
              {tx.toInterestList}
            </Link>
          ) : null}
          <Link
            href="/post/popular/list?sort=POPULAR"
            className={`button button-block${member.interests.length > 0 ? "" : " button-primary"}`}
          >
            {tx.toPopular}
          </Link>
          <Link href="/" className="link-button">
            {tx.toHome}
          </Link>
        </div>
      </section>
    </CardPage>
  );
}
