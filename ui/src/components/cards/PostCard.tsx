import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { pushDataLayer, recordClick } from "../../lib/analytics";
import { abbreviateCount, categoryName, formatDate, offsetMinutes } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { prefetchPostDetail } from "../../lib/postDetail";
import type { Card } from "../../lib/posts";
import { useSession } from "../../lib/session";
import { BookmarkButton } from "../engagement/BookmarkButton";
import { FollowButton } from "../engagement/FollowButton";
import { CoverArt } from "./CoverArt";

/** The reader's ties to a card (PRODUCT: follow and bookmark from a list card): whether the
 * post is bookmarked and its business followed, null while not known yet (the button waits);
 * `following` undefined shows no follow button (a business's own page, the followed
 * businesses' list). */
export interface CardTies {
  bookmarked: boolean | null;
  following?: boolean | null;
}

/** A post in a list: cover, category, title, summary, business with a follow button, date,
 * views and a bookmark button. The detail is fetched ahead when the card comes into view or the
 * pointer or focus reaches it. `eager`: the first cards of a page, whose covers are in the
 * first view, load at once. */
export function PostCard({ card, screen = null, eager = false, ties = { bookmarked: false, following: false } }: { card: Card; screen?: string | null; eager?: boolean; ties?: CardTies }) {
  const { lang, t } = useI18n();
  const { user } = useSession();
  const client = useQueryClient();
  const element = useRef<HTMLElement>(null);
  const category = categoryName(card.categoryId, lang);
  const published = card.publishedAt ? formatDate(card.publishedAt, "yyyy-MM-dd", offsetMinutes()) : null;
  const prefetch = () => prefetchPostDetail(client, card.postSeq);
  const cover = card.coverThumbnailUrl ?? card.coverUrl;

  useEffect(() => {
    const node = element.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      prefetchPostDetail(client, card.postSeq);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [client, card.postSeq]);

  return (
    <article className="post-card" data-post-seq={card.postSeq} ref={element}>
      <Link
        href={`/post/${card.postSeq}`}
        className="post-card-link"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          recordClick(card.postSeq);
          pushDataLayer("Select_Content", screen, user);
        }}
      >
        <div className="post-card-cover" aria-hidden="true">
          {cover ? (
            <img src={cover} alt="" loading={eager ? "eager" : "lazy"} width={480} height={270} />
          ) : (
            <CoverArt categoryId={card.categoryId} title={card.title} business={card.business.name} />
          )}
        </div>
        <div className="post-card-body">
          {category ? <span className="post-card-category">{category}</span> : null}
          <h3 className="post-card-title">{card.title}</h3>
          {card.summary ? <p className="post-card-summary">{card.summary}</p> : null}
        </div>
      </Link>
      <footer className="post-card-meta">
        <div className="post-card-by">
          <Link href={`/business/profile/${card.business.id}`} className="post-card-business">
            {card.business.name}
            {card.business.verified ? <span className="verified" aria-label={t("verified")} title={t("verified")}>✓</span> : null}
          </Link>
          {ties.following === undefined ? null : (
            <FollowButton businessId={card.business.id} initial={{ on: ties.following, count: 0 }} source="Follow_ContentList" screen={screen} compact subject={card.business.name} className="post-card-follow" />
          )}
        </div>
        <div className="post-card-facts">
          {published ? <time dateTime={card.publishedAt ?? undefined}>{published}</time> : null}
          <span>
            {t("views")} {abbreviateCount(card.viewCount)}
          </span>
          <BookmarkButton postSeq={card.postSeq} initial={{ on: ties.bookmarked, count: card.bookmarkCount }} source="Bookmark_ContentList" screen={screen} compact subject={card.title} className="post-card-bookmark" />
        </div>
      </footer>
    </article>
  );
}
