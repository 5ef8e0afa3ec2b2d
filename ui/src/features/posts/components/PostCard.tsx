import { Link } from "wouter";
import { abbreviateCount, categories, formatDate, offsetMinutes } from "../../../lib/core";
import { useI18n } from "../../../lib/i18n";
import type { Card } from "../api";

const CATEGORY_NAMES = new Map(categories().map((c) => [c.id, c]));

/** A post in a list: cover, category, title, summary, business, date and counts. */
export function PostCard({ card }: { card: Card }) {
  const { lang, t } = useI18n();
  const category = CATEGORY_NAMES.get(card.categoryId);
  const published = card.publishedAt ? formatDate(card.publishedAt, "yyyy-MM-dd", offsetMinutes()) : null;
  return (
    <article className="post-card" data-post-seq={card.postSeq}>
      <Link href={`/post/${card.postSeq}`} className="post-card-link">
        <div className="post-card-cover" aria-hidden="true">
          {card.coverUrl ? <img src={card.coverUrl} alt="" loading="lazy" width={480} height={270} /> : null}
        </div>
        <div className="post-card-body">
          {category ? <span className="post-card-category">{lang === "ko" ? category.nameKo : category.nameEn}</span> : null}
          <h3 className="post-card-title">{card.title}</h3>
          {card.summary ? <p className="post-card-summary">{card.summary}</p> : null}
        </div>
      </Link>
      <footer className="post-card-meta">
        <Link href={`/business/profile/${card.business.id}`} className="post-card-business">
          {card.business.name}
          {card.business.verified ? <span className="verified" aria-label={t("verified")} title={t("verified")}>✓</span> : null}
        </Link>
        {published ? <time dateTime={card.publishedAt ?? undefined}>{published}</time> : null}
        <span className="post-card-counts">
          <span>
            {t("views")} {abbreviateCount(card.viewCount)}
          </span>
          <span>
            {t("bookmarks")} {abbreviateCount(card.bookmarkCount)}
          </span>
        </span>
      </footer>
    </article>
  );
}
