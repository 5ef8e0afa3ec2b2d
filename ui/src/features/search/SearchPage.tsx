// /search, /search/contents and /search/business: the field with its suggestions, the
// results of the keyword in the address, and without one the popular and recent searches.
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { RouteMatch } from "../../lib/core";
import type { SearchTarget } from "./api";
import { PopularSearches, RecentSearches, RelatedKeywords } from "./components/Keywords";
import { BusinessResults, ContentResults } from "./components/Results";
import { SearchBox } from "./components/SearchBox";
import { recentSearches } from "./recentSearches";
import { fill, useTexts } from "./texts";
import { readSearchState, searchHref, TARGET_PATHS } from "./url";
import "./search.css";
import { usePageTitle } from "../../lib/pageTitle";

/** History state of a search the field started: the field keeps the focus on the new page. */
const FOCUS_FIELD = "tidemark.searchField";

export default function SearchPage({ route }: { route: RouteMatch }) {
  const tx = useTexts();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { keyword, sort, target } = readSearchState(route.name, search);
  const focusField = (window.history.state as Record<string, unknown> | null)?.[FOCUS_FIELD] === true;

  // Every keyword the reader lands on counts as searched: typed, picked, a chip, a link.
  useEffect(() => {
    if (keyword) recentSearches().add(keyword);
  }, [keyword]);

  const here = (changes: Record<string, string | null>) => searchHref(route.path, search, changes);
  const withKeyword = (next: string) => here({ keyword: next, sort });
  const onSearch = (text: string) => navigate(withKeyword(text), { state: { [FOCUS_FIELD]: true } });
  const targetHref = (next: SearchTarget) => searchHref(TARGET_PATHS[next], search, { sort });
  const otherTarget: SearchTarget = target === "CONTENTS" ? "BUSINESS" : "CONTENTS";

  const sortSwitch = (
    <nav className="sort-switch search-sort" aria-label={tx.sort}>
      {(["POPULAR", "LATEST"] as const).map((code) => (
        <Link key={code} href={here({ sort: code })} aria-current={sort === code ? "page" : undefined}>
          {code === "POPULAR" ? tx.popular : tx.latest}
        </Link>
      ))}
    </nav>
  );

  const heading = keyword ? fill(tx.resultsTitle, { keyword }) : tx.title;
  usePageTitle(heading);

  return (
    <div className="page search-page">
      <h1 className="search-title">{heading}</h1>
      <SearchBox keyword={keyword} onSearch={onSearch} autoFocus={focusField || !keyword} />
      {keyword ? (
        <>
          <RelatedKeywords keyword={keyword} hrefFor={withKeyword} />
          <nav className="search-tabs" aria-label={tx.targets}>
            {(["CONTENTS", "BUSINESS"] as const).map((code) => (
              <Link key={code} href={targetHref(code)} aria-current={target === code ? "page" : undefined}>
                {code === "CONTENTS" ? tx.contents : tx.businesses}
              </Link>
            ))}
          </nav>
          {target === "CONTENTS" ? (
            <ContentResults keyword={keyword} sort={sort} sortSwitch={sortSwitch} otherHref={targetHref(otherTarget)} />
          ) : (
            <BusinessResults keyword={keyword} sort={sort} sortSwitch={sortSwitch} otherHref={targetHref(otherTarget)} />
          )}
        </>
      ) : (
        <div className="search-discover">
          <RecentSearches hrefFor={withKeyword} />
          <PopularSearches hrefFor={withKeyword} />
        </div>
      )}
    </div>
  );
}
