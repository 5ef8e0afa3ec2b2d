import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useRef, useState, type KeyboardEvent } from "react";
import { CardList } from "../../components/cards/CardList";
import { FollowButton } from "../../components/engagement/FollowButton";
import { useCurrentInView } from "../../lib/currentInView";
import { abbreviateCount, breadcrumbs, formatNumber, type RouteMatch } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { usePageTitle } from "../../lib/pageTitle";
import { useMyTies } from "../../lib/myState";
import { businessPostsQuery, businessQuery, type Business } from "./api";
import "./business.css";
import { useBusinessTexts } from "./texts";

/** The data layer's screen of this page (SPEC §3). */
const SCREEN = "CORP_PROFILE";

/** /business/profile/{id}: who the business is, its followers, and its posts by category. */
export default function BusinessProfilePage({ route }: { route: RouteMatch }) {
  const { t } = useI18n();
  const profile = useQuery(businessQuery(route.param ?? ""));
  if (profile.isError) throw profile.error;
  if (profile.isPending) {
    return (
      <p className="loading page-loading" role="status">
        {t("loading")}
      </p>
    );
  }
  return <BusinessProfile business={profile.data} />;
}

/** "11-50" → "11~50명" / "11–50"; "1000+" → "1,000명 이상" / "1,000+". */
function employeeText(band: string, lang: "ko" | "en"): string {
  const range = /^(\d+)-(\d+)$/.exec(band);
  if (range) {
    const [from, to] = [formatNumber(Number(range[1])), formatNumber(Number(range[2]))];
    return lang === "ko" ? `${from}~${to}명` : `${from}–${to}`;
  }
  const open = /^(\d+)\+$/.exec(band);
  if (open) {
    const from = formatNumber(Number(open[1]));
    return lang === "ko" ? `${from}명 이상` : `${from}+`;
  }
  return band;
}

/** The homepage as people write it: no scheme, no trailing slash. */
function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

function BusinessProfile({ business }: { business: Business }) {
  const tx = useBusinessTexts();
  const { t, lang } = useI18n();
  // The page's data is the guest's answer; a signed-in reader's ties come from their state.
  const following = useMyTies([], [business.id]).following(business.id, business.following);

  usePageTitle(business.name);

  return (
    <div className="page business-page">
      <header className="business-hero">
        <div className="business-cover" aria-hidden="true">
          {business.coverUrl ? <img src={business.coverUrl} alt="" width={960} height={504} fetchPriority="high" /> : null}
        </div>
        <div className="business-identity">
          <span className="business-logo" aria-hidden="true">
            {business.logoUrl ? <img src={business.logoUrl} alt="" width={96} height={96} /> : business.name.slice(0, 1)}
          </span>
          <div className="business-title">
            <h1>
              {business.name}
              {business.verified ? (
                <span className="business-verified" role="img" aria-label={t("verified")} title={t("verified")}>
                  ✓
                </span>
              ) : null}
            </h1>
            <p className="business-industry">{business.industry}</p>
          </div>
          <div className="business-follow">
            <FollowButton
              businessId={business.id}
              initial={{ on: following, count: business.followerCount }}
              source="Follow_CorpProfile"
              screen={SCREEN}
            />
          </div>
        </div>
      </header>

      <section className="business-about" aria-labelledby="business-about-title">
        <h2 id="business-about-title">{tx.about}</h2>
        {business.description ? <p className="business-description">{business.description}</p> : null}
        <dl className="business-facts">
          {business.homepage ? (
            <div>
              <dt>{tx.homepage}</dt>
              <dd>
                <a href={business.homepage} target="_blank" rel="noopener nofollow">
                  {shortAddress(business.homepage)}
                  <span className="visually-hidden"> {tx.opensNewWindow}</span>
                </a>
              </dd>
            </div>
          ) : null}
          {business.location ? (
            <div>
              <dt>{tx.location}</dt>
              <dd>{business.location}</dd>
            </div>
          ) : null}
          {business.foundedYear !== null ? (
            <div>
              <dt>{tx.founded}</dt>
              <dd>
                {business.foundedYear}
                {tx.foundedYear}
              </dd>
            </div>
          ) : null}
          {business.employeeBand ? (
            <div>
              <dt>{tx.employees}</dt>
              <dd>{employeeText(business.employeeBand, lang)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{tx.registrationNumber}</dt>
            <dd className="business-number">{business.registrationNumber}</dd>
          </div>
          <div>
            <dt>{tx.followers}</dt>
            <dd className="business-follower-count">{abbreviateCount(business.followerCount)}</dd>
          </div>
        </dl>
      </section>

      <BusinessPosts business={business} />
    </div>
  );
}

interface Tab {
  categoryId: number | null;
  label: string;
  count: number | null;
}

/** The business's posts behind category tabs (the ARIA tabs pattern: arrow keys, Home, End). */
function BusinessPosts({ business }: { business: Business }) {
  const tx = useBusinessTexts();
  const { lang } = useI18n();
  const [selected, setSelected] = useState<number | null>(null);
  const tabRefs = useRef(new Map<number | null, HTMLButtonElement>());
  const row = useCurrentInView<HTMLDivElement>(selected);
  const counts = new Map(business.postCounts.map((entry) => [entry.categoryId, entry.count]));
  const total = business.postCounts.reduce((sum, entry) => sum + entry.count, 0);
  const tabs: Tab[] = [
    { categoryId: null, label: tx.all, count: business.postCounts.length > 0 ? total : null },
    ...breadcrumbs(0, lang)
      .filter((category) => (counts.get(category.categoryId) ?? 0) > 0)
      .map((category) => ({ categoryId: category.categoryId, label: category.label, count: counts.get(category.categoryId) ?? 0 })),
  ];
  const tabId = (categoryId: number | null) => `business-tab-${categoryId ?? "all"}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next].categoryId;
    setSelected(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <section className="business-posts" aria-labelledby="business-posts-title">
      <h2 id="business-posts-title">{tx.posts}</h2>
      {tabs.length > 1 ? (
        <div className="business-tabs scroll-edges" role="tablist" aria-label={tx.categoryTabs} ref={row}>
          {tabs.map((tab, index) => {
            const active = tab.categoryId === selected;
            return (
              <button
                key={tab.categoryId ?? "all"}
                ref={(node) => {
                  if (node) tabRefs.current.set(tab.categoryId, node);
                  else tabRefs.current.delete(tab.categoryId);
                }}
                type="button"
                role="tab"
                id={tabId(tab.categoryId)}
                aria-selected={active}
                aria-controls="business-posts-panel"
                tabIndex={active ? 0 : -1}
                className="business-tab"
                onClick={() => setSelected(tab.categoryId)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.label}
                {tab.count !== null ? <span className="business-tab-count">{abbreviateCount(tab.count)}</span> : null}
              </button>
            );
          })}
        </div>
      ) : null}
      <div
        id="business-posts-panel"
        role={tabs.length > 1 ? "tabpanel" : undefined}
        aria-labelledby={tabs.length > 1 ? tabId(selected) : undefined}
        className="business-posts-panel"
      >
        <BusinessPostList businessId={business.id} categoryId={selected} />
      </div>
    </section>
  );
}

function BusinessPostList({ businessId, categoryId }: { businessId: number; categoryId: number | null }) {
  const tx = useBusinessTexts();
  const query = useInfiniteQuery(businessPostsQuery(businessId, categoryId));
  return <CardList query={query} screen="CORP_PROFILE" follow={false} empty={<p className="empty-state">{categoryId === null ? tx.noPosts : tx.noPostsInCategory}</p>} />;
}
