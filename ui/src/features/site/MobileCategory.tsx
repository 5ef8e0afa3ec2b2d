import { useState } from "react";
import { Link } from "wouter";
import { breadcrumbs } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { useTexts } from "./texts";
import { usePageTitle } from "../../lib/pageTitle";

/** /mobile/category: the menu for small screens: the nine categories (their addresses, with
 * sort and a fresh timestamp, are the core's breadcrumbs) and the other ways into the site. */
export function MobileCategory() {
  const { lang } = useI18n();
  const tx = useTexts();
  // One timestamp per visit of the menu: the lists it opens are fresh, and the links stay
  // the same while the reader is here.
  const [now] = useState(() => Date.now());
  const crumbs = breadcrumbs(now, lang);
  const browse = [
    { href: "/post/popular/list?sort=POPULAR", label: tx.menuPopular },
    { href: "/post/latest/list?sort=LATEST", label: tx.menuLatest },
    { href: "/post/report/list?sort=POPULAR", label: tx.menuReports },
    { href: "/search?sort=POPULAR", label: tx.menuSearch },
    { href: "/interest", label: tx.menuInterest },
    { href: "/follow/list", label: tx.menuFollowList },
    { href: "/b2b", label: tx.menuForBusiness },
  ];
  usePageTitle(tx.menuTitle);
  return (
    <div className="mobile-menu">
      <h1>{tx.menuTitle}</h1>
      <nav aria-labelledby="mobile-menu-categories">
        <h2 id="mobile-menu-categories">{tx.menuCategories}</h2>
        <ul className="mobile-menu-grid" data-testid="menu-categories">
          {crumbs.map((crumb) => (
            <li key={crumb.categoryId}>
              <Link href={crumb.href}>{crumb.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="mobile-menu-browse">
        <h2 id="mobile-menu-browse">{tx.menuBrowse}</h2>
        <ul className="mobile-menu-list">
          {browse.map((item) => (
            <li key={item.href}>
              <Link href={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
