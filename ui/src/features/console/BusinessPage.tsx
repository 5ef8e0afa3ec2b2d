// /mypage/business: a member without a business registers one; a business's people see its
// overview (role, verified state, followers, public posts, posts by status, the week's
// numbers, the ways on) and, for the master, the team: managers, invitations, the hand-over
// and the audit log; with ?view=posts, the business's posts.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { ConsoleCard, ConsoleShell } from "../../components/console";
import { FlashLine, type Flash } from "./parts";
import { isMaster, myBusinessQuery, type MyBusiness } from "../../lib/business";
import { formatDate, formatNumber } from "../../lib/core";
import { FormAlert, useFailureMessage } from "../../components/form";
import { LoadFailed, Loading } from "../../lib/status";
import "../../components/form/form.css";
import { postCountsQuery, useAcceptOwnership, weekNumbersQuery, type Figure } from "./api";
import { PostsList } from "./PostsList";
import { usePostsTexts } from "./postsTexts";
import { RegisterForm } from "./RegisterForm";
import { Team } from "./Team";
import { fill, useBusinessTexts } from "./texts";

export default function BusinessPage() {
  const tx = useBusinessTexts();
  const postsTx = usePostsTexts();
  const query = useQuery(myBusinessQuery());
  const view = new URLSearchParams(useSearch()).get("view");
  const [flash, setFlash] = useState<Flash | null>(null);
  if (query.isPending) return <Loading text={tx.loading} />;
  if (query.isError) return <LoadFailed text={tx.loadFailed} />;
  if (!query.data) return <RegisterForm onRegistered={() => setFlash({ key: "registered" })} />;
  if (view === "posts")
    return (
      <ConsoleShell mine={query.data} section="posts" title={postsTx.title}>
        <PostsList mine={query.data} />
      </ConsoleShell>
    );
  return (
    <ConsoleShell mine={query.data} section="overview" title={tx.overviewTitle}>
      <FlashLine flash={flash} />
      <OwnershipOffer mine={query.data} onAccepted={() => setFlash({ key: "acceptedOffer" })} />
      <Overview mine={query.data} />
      <Team mine={query.data} />
    </ConsoleShell>
  );
}

/** A manager offered the business by its master: accept it here (signed in, never by link). */
function OwnershipOffer({ mine, onAccepted }: { mine: MyBusiness; onAccepted: () => void }) {
  const tx = useBusinessTexts();
  const take = useAcceptOwnership(mine.business.id);
  const failure = useFailureMessage();
  const [problem, setProblem] = useState<string | null>(null);
  if (!mine.ownershipOfferUntil) return null;
  async function accept() {
    try {
      await take.mutateAsync();
      onAccepted();
    } catch (error) {
      setProblem(failure(error));
    }
  }
  return (
    <section className="console-offer" aria-labelledby="ownership-offer">
      <h2 id="ownership-offer">{tx.offerForYou}</h2>
      <p className="console-muted">{fill(tx.offerUntil, { date: formatDate(mine.ownershipOfferUntil, "yyyy.MM.dd HH:mm") })}</p>
      <FormAlert problem={problem} />
      <button type="button" className="button button-primary" onClick={() => void accept()}>
        {tx.acceptOffer}
      </button>
    </section>
  );
}

/** The business's posts counted by status, each a way into the list of that status. */
function StatusCard() {
  const tx = usePostsTexts();
  const counts = useQuery(postCountsQuery());
  const rows = [
    ["DRAFT", counts.data?.draft],
    ["SCHEDULED", counts.data?.scheduled],
    ["PUBLISHED", counts.data?.published],
    ["HIDDEN", counts.data?.hidden],
    ["REMOVED", counts.data?.removed],
  ] as const;
  return (
    <ConsoleCard title={tx.byStatus} id="overview-posts">
      <ul className="console-status-counts">
        {rows.map(([status, count]) => (
          <li key={status}>
            <Link href={`/mypage/business?view=posts&status=${status}`}>
              <span>{tx[status]}</span>
              <strong>{count === undefined ? "–" : formatNumber(count)}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </ConsoleCard>
  );
}

function change(tx: ReturnType<typeof useBusinessTexts>, figure: Figure | undefined): string {
  if (!figure || figure.change === null) return tx.noChange;
  const percent = Math.round(figure.change * 1000) / 10;
  return fill(tx.change, { change: `${percent > 0 ? "+" : ""}${percent}%` });
}

function Overview({ mine }: { mine: MyBusiness }) {
  const tx = useBusinessTexts();
  const week = useQuery(weekNumbersQuery(mine.business.id));
  const business = mine.business;
  const publicPosts = business.postCounts.reduce((sum, entry) => sum + entry.count, 0);
  const totals = week.data?.totals;
  const links = [
    { href: "/mypage/content/register", text: tx.write, primary: true },
    { href: "/mypage/business/analytics/outline", text: tx.analytics },
    ...(isMaster(mine)
      ? [
          { href: "/mypage/business/profile", text: tx.editProfile },
          { href: "/mypage/media-publish/register", text: tx.mediaRequest },
        ]
      : []),
    { href: `/business/profile/${business.id}`, text: tx.publicProfile },
  ];
  return (
    <div className="console-grid console-grid-2">
      <ConsoleCard title={business.name} id="overview-numbers">
        <dl className="console-figures">
          <div>
            <dt>{tx.followers}</dt>
            <dd>{formatNumber(business.followerCount)}</dd>
          </div>
          <div>
            <dt>{tx.publicPosts}</dt>
            <dd>{formatNumber(publicPosts)}</dd>
          </div>
          <div>
            <dt>{tx.views7}</dt>
            <dd>
              {totals ? formatNumber(totals.views.value) : "–"}
              <span className="console-change">{change(tx, totals?.views)}</span>
            </dd>
          </div>
          <div>
            <dt>{tx.readers7}</dt>
            <dd>
              {totals ? formatNumber(totals.uniqueReaders.value) : "–"}
              <span className="console-change">{change(tx, totals?.uniqueReaders)}</span>
            </dd>
          </div>
        </dl>
        <p className="console-muted">{business.verified ? tx.verifiedYes : tx.verifiedNo}</p>
      </ConsoleCard>
      <StatusCard />
      <ConsoleCard title={tx.quickLinks} id="overview-links" wide>
        <ul className="console-links">
          {links.map((link) => (
            <li key={link.href}>
              <Link className={link.primary ? "button button-primary" : "button"} href={link.href}>
                {link.text}
              </Link>
            </li>
          ))}
        </ul>
      </ConsoleCard>
    </div>
  );
}
