import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { abbreviateCount, categoryName, formatDate, formatNumber, offsetMinutes } from "../../../lib/core";
import { pushDataLayer, recordClick } from "../../../lib/analytics";
import { useI18n } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { businessSearchQuery, contentSearchQuery, type BusinessHit, type ContentHit, type SearchItem, type SearchPage, type SearchSort } from "../api";
import { fill, useTexts } from "../texts";
import { useLoadMoreOnScroll } from "../../../lib/useLoadMoreOnScroll";
import { Highlighted } from "./Highlighted";
import { Loading, LoadFailed } from "../../../lib/status";

interface ResultsProps {
  keyword: string;
  sort: SearchSort;
  /** The sort switch, shown beside the count. */
  sortSwitch: ReactNode;
  /** The same search among the other target, offered when nothing matches. */
  otherHref: string;
}

/** Posts matching the keyword, as cards with the matches marked. */
export function ContentResults({ keyword, sort, sortSwitch, otherHref }: ResultsProps) {
  const tx = useTexts();
  const query = useInfiniteQuery(contentSearchQuery(keyword, sort));
  return (
    <ResultsFrame query={query} keyword={keyword} label={tx.contents} sortSwitch={sortSwitch} otherHref={otherHref} otherLabel={tx.tryOtherTarget}>
      {(items) => (
        <div className="search-card-grid" data-testid="search-contents">
          {items.map((hit) => (
            <ContentCard key={hit.postSeq} hit={hit} />
          ))}
        </div>
      )}
    </ResultsFrame>
  );
}

/** Businesses matching the keyword, as rows. */
export function BusinessResults({ keyword, sort, sortSwitch, otherHref }: ResultsProps) {
  const tx = useTexts();
  const query = useInfiniteQuery(businessSearchQuery(keyword, sort));
  return (
    <ResultsFrame query={query} keyword={keyword} label={tx.businesses} sortSwitch={sortSwitch} otherHref={otherHref} otherLabel={tx.tryOtherTargetContents}>
      {(items) => (
        <ul className="search-business-list" data-testid="search-businesses">
          {items.map((hit) => (
            <BusinessRow key={hit.businessId} hit={hit} />
          ))}
        </ul>
      )}
    </ResultsFrame>
  );
}

interface FrameProps<T extends SearchItem> {
  query: UseInfiniteQueryResult<InfiniteData<SearchPage<T>>>;
  keyword: string;
  label: string;
  sortSwitch: ReactNode;
  otherHref: string;
  otherLabel: string;
  children: (items: T[]) => ReactNode;
}

/** What both result lists share: the count, the sort, loading, failure, nothing found, and
 * the next pages on scroll (with a button for those who do not scroll). */
function ResultsFrame<T extends SearchItem>({ query, keyword, label, sortSwitch, otherHref, otherLabel, children }: FrameProps<T>) {
  const tx = useTexts();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total;
  return (
    <section className="search-results" aria-labelledby="search-results-heading" aria-busy={query.isFetching}>
      <div className="search-results-head">
        <h2 id="search-results-heading">
          {label}
          {total !== undefined ? <span className="search-total"> {fill(tx.total, { count: formatNumber(total) })}</span> : null}
        </h2>
        {sortSwitch}
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError && items.length === 0 ? (
        <LoadFailed text={tx.loadFailed} />
      ) : items.length === 0 ? (
        <div className="search-empty" role="status">
          <p className="search-empty-title">{fill(tx.noResults, { keyword })}</p>
          <p>{tx.noResultsHint}</p>
          <Link href={otherHref}>{otherLabel}</Link>
        </div>
      ) : (
        <>
          {children(items)}
          <div ref={sentinel} className="list-end" aria-hidden="true" />
          {isFetchingNextPage ? (
            <Loading />
          ) : hasNextPage ? (
            <button type="button" className="button search-more" onClick={() => void fetchNextPage()}>
              {tx.loadMore}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A post found: category, title and summary with the matches marked, business and date. */
export function ContentCard({ hit }: { hit: ContentHit }) {
  const { lang } = useI18n();
  const { user } = useSession();
  const category = categoryName(hit.categoryId, lang);
  const published = hit.publishedAt ? formatDate(hit.publishedAt, "yyyy-MM-dd", offsetMinutes()) : null;
  const onSelect = () => {
    pushDataLayer("Select_Content", "SEARCH", user);
    recordClick(hit.postSeq);
  };
  return (
    <article className="search-card" data-post-seq={hit.postSeq}>
      <Link href={`/post/${hit.postSeq}`} className="search-card-link" onClick={onSelect}>
        {category ? <span className="search-card-category">{category}</span> : null}
        <h3 className="search-card-title">
          <Highlighted text={hit.title} ranges={hit.highlights.title} />
        </h3>
        {hit.summary ? (
          <p className="search-card-summary">
            <Highlighted text={hit.summary} ranges={hit.highlights.summary} />
          </p>
        ) : null}
      </Link>
      <footer className="search-card-meta">
        <Link href={`/business/profile/${hit.businessId}`} className="search-card-business">
          {hit.businessName}
        </Link>
        {published ? <time dateTime={hit.publishedAt ?? undefined}>{published}</time> : null}
      </footer>
    </article>
  );
}

/** A business found: logo, name (matches marked), verified mark, industry and followers. */
export function BusinessRow({ hit }: { hit: BusinessHit }) {
  const tx = useTexts();
  return (
    <li className="search-business" data-business-id={hit.businessId}>
      <Link href={`/business/profile/${hit.businessId}`} className="search-business-link">
        <span className="search-business-logo" aria-hidden="true">
          {hit.logoUrl ? <img src={hit.logoUrl} alt="" width={48} height={48} loading="lazy" /> : Array.from(hit.name)[0]}
        </span>
        <div className="search-business-body">
          <h3 className="search-business-name">
            <Highlighted text={hit.name} ranges={hit.highlights.name} />
            {hit.verified ? (
              <span className="verified" role="img" aria-label={tx.verified} title={tx.verified}>
                ✓
              </span>
            ) : null}
          </h3>
          <span className="search-business-facts">
            {hit.industry ? <span>{hit.industry}</span> : null}
            <span>{fill(tx.followers, { count: abbreviateCount(hit.followerCount) })}</span>
          </span>
          {hit.description ? (
            <span className="search-business-description">
              <Highlighted text={hit.description} ranges={hit.highlights.description} />
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
