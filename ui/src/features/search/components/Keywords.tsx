import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { formatNumber } from "../../../lib/core";
import { popularSearchesQuery, suggestionsQuery } from "../api";
import { useRecentSearches } from "../recentSearches";
import { fill, useTexts } from "../texts";
import { Loading } from "../../../lib/status";

/** Where a keyword leads: the same page and sort, another keyword. */
export type HrefFor = (keyword: string) => string;

/** Keywords searched together with the current one, or tagged with it, as chips. */
export function RelatedKeywords({ keyword, hrefFor }: { keyword: string; hrefFor: HrefFor }) {
  const tx = useTexts();
  const related = useQuery(suggestionsQuery(keyword, "Related"));
  const items = related.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="search-related" aria-labelledby="search-related-heading">
      <h2 id="search-related-heading" className="search-related-heading">
        {tx.related}
      </h2>
      <ul className="search-chips">
        {items.map((item) => (
          <li key={`${item.kind}-${item.text}`}>
            <Link href={hrefFor(item.text)} className="search-chip">
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The most searched queries of the day (of the week while the day is quiet), ranked. */
export function PopularSearches({ hrefFor }: { hrefFor: HrefFor }) {
  const tx = useTexts();
  const popular = useQuery(popularSearchesQuery());
  const title = popular.data?.period === "week" ? tx.popularWeek : tx.popularToday;
  return (
    <section className="search-panel" aria-labelledby="search-popular-heading">
      <div className="search-panel-head">
        <h2 id="search-popular-heading">{title}</h2>
      </div>
      {popular.isPending ? (
        <Loading />
      ) : popular.isError ? (
        <p className="error-text">{tx.loadFailed}</p>
      ) : popular.data.items.length === 0 ? (
        <p className="search-panel-empty">{tx.popularEmpty}</p>
      ) : (
        <ol className="search-popular">
          {popular.data.items.map((item, index) => (
            <li key={item.query}>
              <Link href={hrefFor(item.query)} className="search-popular-link">
                <span className="search-rank" aria-hidden="true">
                  {formatNumber(index + 1)}
                </span>
                <span className="search-popular-query">{item.query}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** This device's recent searches, newest first, each removable. */
export function RecentSearches({ hrefFor }: { hrefFor: HrefFor }) {
  const tx = useTexts();
  const recent = useRecentSearches();
  return (
    <section className="search-panel" aria-labelledby="search-recent-heading" data-testid="recent-searches">
      <div className="search-panel-head">
        <h2 id="search-recent-heading">{tx.recent}</h2>
        {recent.list.length > 0 ? (
          <button type="button" className="link-button" onClick={recent.clear}>
            {tx.clearRecent}
          </button>
        ) : null}
      </div>
      {recent.list.length === 0 ? (
        <p className="search-panel-empty">{tx.recentEmpty}</p>
      ) : (
        <ul className="search-recent">
          {recent.list.map((keyword) => (
            <li key={keyword}>
              <Link href={hrefFor(keyword)} className="search-recent-link">
                {keyword}
              </Link>
              <button type="button" className="search-recent-remove" aria-label={fill(tx.removeRecent, { keyword })} onClick={() => recent.remove(keyword)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
