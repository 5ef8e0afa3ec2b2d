import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { useLoadMoreOnScroll } from "../../../lib/useLoadMoreOnScroll";
import { myFollowsQuery } from "../api";
import { useTexts } from "../texts";
import { BusinessRow } from "./BusinessRow";
import { EmptyHint } from "./EmptyHint";
import { Loading, LoadFailed } from "../../../lib/status";

/** The following tab: the followed businesses as rows, page after page. */
export function FollowingList() {
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
      <p className="interest-more">
        <Link href="/follow/list">{tx.seeFollowList}</Link>
      </p>
      <ul className="business-list" data-testid="following-list">
        {businesses.map((business) => (
          <li key={business.id}>
            <BusinessRow business={business} />
          </li>
        ))}
      </ul>
      <div ref={end} className="list-end" aria-hidden="true" />
      {query.isFetchingNextPage ? <Loading /> : null}
    </>
  );
}
