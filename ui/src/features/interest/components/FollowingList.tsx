import { Link } from "wouter";
import { useI18n } from "../../../lib/i18n";
import { useLoadMoreOnScroll } from "../../../lib/useLoadMoreOnScroll";
import { useMyFollows } from "../api";
import { useTexts } from "../texts";
import { BusinessRow } from "./BusinessRow";
import { EmptyHint } from "./EmptyHint";

/** The following tab: the followed businesses as rows, page after page. */
export function FollowingList() {
  const { t } = useI18n();
  const tx = useTexts();
  const query = useMyFollows(true);
  const end = useLoadMoreOnScroll(query);
  if (query.isPending) return <p className="loading" role="status">{t("loading")}</p>;
  if (query.isError) return <p className="error-text" role="alert">{t("loadFailed")}</p>;
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
      {query.isFetchingNextPage ? <p className="loading" role="status">{t("loading")}</p> : null}
    </>
  );
}
