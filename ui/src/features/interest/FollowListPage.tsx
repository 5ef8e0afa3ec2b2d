import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CardGrid } from "../../components/cards/CardGrid";
import { useSession } from "../../lib/session";
import { Loading, LoadFailed } from "../../lib/status";
import { useLoadMoreOnScroll } from "../../lib/useLoadMoreOnScroll";
import { businessLatestQuery, myFollowsQuery, type FollowedBusiness } from "./api";
import { BusinessRow } from "./components/BusinessRow";
import { EmptyHint } from "./components/EmptyHint";
import { SignInPrompt } from "./components/SignInPrompt";
import { useTexts } from "./texts";
import "./interest.css";
import { usePageTitle } from "../../lib/pageTitle";

/** Posts shown under each followed business. */
const POSTS_PER_BUSINESS = 4;

/** /follow/list: the businesses the reader follows, each with its latest posts, page after
 * page. The app keeps this page alive per full path, so everything here lives in the query
 * cache and in the page's own state; nothing is cleared when the page is shown again. */
export default function FollowListPage() {
  const tx = useTexts();
  const session = useSession();
  usePageTitle(tx.followListTitle);
  return (
    <div className="page follow-list-page">
      <h1>{tx.followListTitle}</h1>
      <p className="page-intro">{tx.followListIntro}</p>
      {!session.ready ? (
        <Loading />
      ) : session.signedIn ? (
        <FollowedBusinesses />
      ) : (
        <SignInPrompt />
      )}
    </div>
  );
}

function FollowedBusinesses() {
  const tx = useTexts();
  const query = useInfiniteQuery(myFollowsQuery());
  const end = useLoadMoreOnScroll(query);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed />;
  const businesses = query.data.pages.flatMap((page) => page.items);
  if (businesses.length === 0) {
    return <EmptyHint title={tx.followingEmpty} hint={tx.followingHint} href="/search/business?sort=POPULAR" action={tx.followingHintLink} />;
  }
  return (
    <>
      <div className="follow-sections" data-testid="follow-list">
        {businesses.map((business) => (
          <BusinessSection key={business.id} business={business} />
        ))}
      </div>
      <div ref={end} className="list-end" aria-hidden="true" />
      {query.isFetchingNextPage ? <Loading /> : null}
    </>
  );
}

function BusinessSection({ business }: { business: FollowedBusiness }) {
  const tx = useTexts();
  const latest = useQuery(businessLatestQuery(business.id, POSTS_PER_BUSINESS));
  const titleId = `follow-business-${business.id}`;
  return (
    <section className="follow-section" aria-labelledby={titleId}>
      <div className="follow-section-head">
        <BusinessRow business={business} heading="h2" headingId={titleId}>
          <Link href={`/business/profile/${business.id}`} className="button button-small follow-section-profile" aria-label={`${business.name} ${tx.profile}`}>
            {tx.profile}
          </Link>
        </BusinessRow>
      </div>
      {latest.isPending ? (
        <Loading />
      ) : latest.isError ? (
        <LoadFailed />
      ) : latest.data.items.length === 0 ? (
        <p className="follow-section-empty">{tx.noPostsYet}</p>
      ) : (
        <CardGrid cards={latest.data.items} screen="FOLLOWING" follow={false} row className="follow-section-posts" aria-label={`${business.name} ${tx.latestOf}`} role="group" />
      )}
    </section>
  );
}
