import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { CardGrid } from "../../components/cards/CardGrid";
import { BookmarkButton } from "../../components/engagement/BookmarkButton";
import { abbreviateCount, breadcrumbs, categoryName, formatDate, offsetMinutes, type RouteMatch } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { usePageTitle } from "../../lib/pageTitle";
import { useMyTies } from "../../lib/myState";
import { postDetailQuery, type PostDetail } from "../../lib/postDetail";
import { useSession } from "../../lib/session";
import { Loading } from "../../lib/status";
import { previewQuery, relatedQuery } from "./api";
import { BusinessCard } from "./detail/BusinessCard";
import { FlagButton } from "./detail/FlagButton";
import { PostBody } from "./detail/PostBody";
import { ShareBox } from "./detail/ShareBox";
import { usePreviewTexts, useDetailTexts } from "./detail/texts";
import { usePostEvents } from "./detail/usePostEvents";
import "./detail/post-detail.css";

/** /post/{id}: the post, its business, sharing, and related posts. A post that does not exist
 * (or is not public) is the error screen's 'content does not exist'. /preview/{token} shows a
 * draft or scheduled post to whoever holds the link, marked as a preview, counting nothing. */
export default function PostDetailPage({ route }: { route: RouteMatch }) {
  if (route.name === "preview") return <PreviewPage token={route.param ?? ""} />;
  return <PublicPostPage id={route.param ?? ""} />;
}

function PublicPostPage({ id }: { id: string }) {
  const { t } = useI18n();
  const detail = useQuery(postDetailQuery(id));
  if (detail.isError) throw detail.error;
  if (detail.isPending) {
    return (
      <p className="loading page-loading" role="status">
        {t("loading")}
      </p>
    );
  }
  return <PostDetailView post={detail.data} />;
}

/** A preview link's post: no account needed; an unknown, revoked or expired link is the error
 * screen's 'content does not exist' (the server answers 404). */
function PreviewPage({ token }: { token: string }) {
  const { t } = useI18n();
  const preview = useQuery(previewQuery(token));
  if (preview.isError) throw preview.error;
  if (preview.isPending) {
    return (
      <p className="loading page-loading" role="status">
        {t("loading")}
      </p>
    );
  }
  return <PostDetailView post={preview.data} preview />;
}

/** The post's page; a preview shows the post alone: no counting, no reader's actions, no
 * related posts, with a line saying it is not public yet. */
function PostDetailView({ post, preview = false }: { post: PostDetail; preview?: boolean }) {
  const tx = useDetailTexts();
  const previewTx = usePreviewTexts();
  const { t, lang } = useI18n();
  const bodyEnd = useRef<HTMLDivElement>(null);
  const { ready } = useSession();
  usePostEvents(preview ? undefined : post.postSeq, ready, bodyEnd);
  // The page's data is the guest's answer; a signed-in reader's ties come from their state.
  const mine = useMyTies([post.postSeq], [post.business.id]);
  const bookmarked = mine.bookmarked(post.postSeq, post.bookmarked);
  const following = mine.following(post.business.id, post.business.following);

  usePageTitle(post.title);

  const category = categoryName(post.categoryId, lang);
  // One timestamp per visit of the post: its category link opens a fresh list.
  const [now] = useState(() => Date.now());
  const categoryHref = breadcrumbs(now, lang).find((crumb) => crumb.categoryId === post.categoryId)?.href;
  const published = post.publishedAt ? formatDate(post.publishedAt, "yyyy-MM-dd", offsetMinutes()) : null;

  return (
    <div className="page post-detail-page">
      {preview ? (
        <p className="post-preview-note" role="note">
          {previewTx.note}
        </p>
      ) : null}
      <article className="post-detail" data-post-seq={post.postSeq} aria-labelledby="post-title">
        <header className="post-head">
          <p className="post-kicker">
            {category ? (
              categoryHref ? (
                <Link href={categoryHref} className="post-category">
                  {category}
                </Link>
              ) : (
                <span className="post-category">{category}</span>
              )
            ) : null}
            {post.seriesOrder !== null ? (
              <span className="post-series">
                {tx.seriesOrder} {post.seriesOrder}
              </span>
            ) : null}
            {post.isReport ? <span className="post-report-flag">{tx.report}</span> : null}
          </p>
          <h1 id="post-title" className="post-title">
            {post.title}
          </h1>
          {post.summary ? <p className="post-summary">{post.summary}</p> : null}
          <div className="post-byline">
            <Link href={`/business/profile/${post.business.id}`} className="post-byline-business">
              <span className="post-byline-logo" aria-hidden="true">
                {post.business.logoUrl ? <img src={post.business.logoUrl} alt="" width={32} height={32} /> : post.business.name.slice(0, 1)}
              </span>
              {post.business.name}
            </Link>
            {post.business.verified ? (
              <span className="detail-verified" role="img" aria-label={t("verified")} title={t("verified")}>
                ✓
              </span>
            ) : null}
            <dl className="post-facts">
              {published ? (
                <div>
                  <dt className="visually-hidden">{tx.published}</dt>
                  <dd>
                    <time dateTime={post.publishedAt ?? undefined}>{published}</time>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{tx.views}</dt>
                <dd>{abbreviateCount(post.viewCount)}</dd>
              </div>
              <div>
                <dt>{tx.bookmarks}</dt>
                <dd>{abbreviateCount(post.bookmarkCount)}</dd>
              </div>
            </dl>
          </div>
          {preview ? null : (
            <div className="post-actions" role="group" aria-label={tx.actions}>
              <BookmarkButton postSeq={post.postSeq} initial={{ on: bookmarked, count: post.bookmarkCount }} source="Bookmark_Content" />
            </div>
          )}
        </header>
        {post.coverUrl ? (
          <figure className="post-cover">
            <img src={post.coverUrl} alt="" width={960} height={504} fetchPriority="high" />
          </figure>
        ) : null}
        <PostBody html={post.bodyHtml} tableLabel={tx.table} label={tx.body} />
        <div ref={bodyEnd} className="post-body-end" aria-hidden="true" />
        {post.tags.length > 0 || post.reportUrl || !preview ? (
          <footer className="post-foot">
            {post.tags.length > 0 ? (
              <ul className="post-tags" aria-label={tx.tags}>
                {post.tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            ) : null}
            {post.reportUrl ? (
              <a className="post-report-link" href={post.reportUrl} target="_blank" rel="noopener" type="application/pdf">
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3 M6 8.5h4.5 M6 11h4.5" />
                </svg>
                {tx.downloadReport}
              </a>
            ) : null}
            {/* Where a reader finishes the post: a quiet way to say something is wrong with it. */}
            {preview ? null : <FlagButton postSeq={post.postSeq} />}
          </footer>
        ) : null}
      </article>
      {preview ? null : (
        <>
          <aside className="post-aside">
            <BusinessCard business={post.business} following={following} />
            <ShareBox postSeq={post.postSeq} title={post.title} />
          </aside>
          <RelatedPosts postSeq={post.postSeq} />
        </>
      )}
    </div>
  );
}

function RelatedPosts({ postSeq }: { postSeq: number }) {
  const tx = useDetailTexts();
  const { t } = useI18n();
  const related = useQuery(relatedQuery(postSeq));
  return (
    <section className="post-related" aria-labelledby="related-title">
      <h2 id="related-title">{tx.related}</h2>
      {related.isPending ? (
        <Loading />
      ) : related.isError ? (
        <p className="error-text">{t("loadFailed")}</p>
      ) : related.data.length === 0 ? (
        <p className="empty-state">{tx.relatedEmpty}</p>
      ) : (
        <CardGrid cards={related.data} row />
      )}
    </section>
  );
}
