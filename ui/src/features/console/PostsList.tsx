// The business's posts (/mypage/business?view=posts): by status (drafts, scheduled, published,
// hidden, removed by an operator with the reason), searched by title and filtered by
// category, each with its numbers and what can be done with it: edit, publish, hide.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { FormAlert, useFailureMessage } from "../../components/form";
import type { MyBusiness } from "../../lib/business";
import { categories, categoryName, formatDate, formatNumber } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { POST_STATUSES, postStatusOf } from "../../lib/posts";
import { ownPostsQuery, usePostAction, type OwnPost, type PostFilters } from "./api";
import { fill, usePostsTexts } from "./postsTexts";

function filtersOf(search: string): PostFilters {
  const params = new URLSearchParams(search);
  const category = Number(params.get("categoryId"));
  return {
    status: postStatusOf(params.get("status")),
    q: params.get("q") ?? "",
    categoryId: category >= 1 && category <= 9 ? category : null,
  };
}

export function PostsList({ mine }: { mine: MyBusiness }) {
  const tx = usePostsTexts();
  const { lang } = useI18n();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersOf(search);
  const [q, setQ] = useState(filters.q);
  const [flash, setFlash] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const failure = useFailureMessage();
  const list = useInfiniteQuery(ownPostsQuery(mine.business.id, filters));
  const action = usePostAction(mine.business.id);

  const go = (change: Partial<PostFilters>) => {
    const next = { ...filters, ...change };
    const params = new URLSearchParams({ view: "posts" });
    if (next.status) params.set("status", next.status);
    if (next.categoryId) params.set("categoryId", String(next.categoryId));
    if (next.q.trim()) params.set("q", next.q.trim());
    navigate(`/mypage/business?${params.toString()}`, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q });
  };
  const act = async (post: OwnPost, kind: "publish" | "hide") => {
    setProblem(null);
    setFlash(null);
    try {
      await action.mutateAsync({ postSeq: post.postSeq, kind });
      setFlash(fill(kind === "publish" ? tx.published : tx.hidden, { title: post.title || tx.untitled }));
    } catch (error) {
      setProblem(failure(error, (e) => (e.status === 400 ? e.message : undefined)));
    }
  };
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const date = (post: OwnPost) => {
    if (post.status === "SCHEDULED" && post.publishAt) return fill(tx.scheduledAt, { date: formatDate(post.publishAt, "yyyy-MM-dd HH:mm") });
    if (post.publishedAt && (post.status === "PUBLISHED" || post.status === "HIDDEN")) return fill(tx.publishedAt, { date: formatDate(post.publishedAt, "yyyy-MM-dd HH:mm") });
    return fill(tx.updatedAt, { date: formatDate(post.updatedAt, "yyyy-MM-dd HH:mm") });
  };

  return (
    <ConsoleCard title={tx.title} id="posts-list" aside={<Link className="button button-primary button-small" href="/mypage/content/register">{tx.write}</Link>}>
      <div className="console-tabs" role="group" aria-label={tx.byStatus}>
        {[null, ...POST_STATUSES].map((status) => (
          <button key={status ?? "all"} type="button" className="console-tab" aria-pressed={filters.status === status} onClick={() => go({ status })}>
            {status ? tx[status] : tx.all}
          </button>
        ))}
      </div>
      <form className="console-filters" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="posts-q">
          {tx.search}
        </label>
        <input id="posts-q" type="search" placeholder={tx.search} value={q} maxLength={100} autoComplete="off" onChange={(event) => setQ(event.target.value)} />
        <label className="visually-hidden" htmlFor="posts-category">
          {tx.category}
        </label>
        <select id="posts-category" value={filters.categoryId ?? ""} onChange={(event) => go({ categoryId: event.target.value ? Number(event.target.value) : null })}>
          <option value="">{tx.allCategories}</option>
          {categories().map((category) => (
            <option key={category.id} value={category.id}>
              {lang === "ko" ? category.nameKo : category.nameEn}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small">
          {tx.searchButton}
        </button>
      </form>
      {flash ? (
        <p className="console-flash" role="status">
          {flash}
        </p>
      ) : null}
      <FormAlert problem={problem} />
      {list.isPending ? (
        <p className="console-muted">{tx.loading}</p>
      ) : list.isError ? (
        <p className="console-muted">{tx.loadFailed}</p>
      ) : items.length === 0 ? (
        <p className="console-muted">{tx.empty}</p>
      ) : (
        <ConsoleTable columns={[tx.columnTitle, tx.columnCategory, tx.columnStatus, tx.columnDate, tx.columnViews, tx.columnBookmarks, ""]}>
          {items.map((post) => {
            const title = post.title || tx.untitled;
            return (
              <tr key={post.postSeq} data-status={post.status}>
                <td>{post.status === "REMOVED" ? title : <Link href={`/mypage/content/register?id=${post.postSeq}`}>{title}</Link>}</td>
                <td>{categoryName(post.categoryId, lang) ?? ""}</td>
                <td>
                  {tx[post.status]}
                  {post.status === "REMOVED" && post.removedReason ? <span className="console-muted console-small"> · {fill(tx.removedReason, { reason: post.removedReason })}</span> : null}
                </td>
                <td className="console-small">{date(post)}</td>
                <td className="console-number">{formatNumber(post.viewCount)}</td>
                <td className="console-number">{formatNumber(post.bookmarkCount)}</td>
                <td className="console-row-actions">
                  {post.status === "PUBLISHED" ? (
                    <>
                      <a className="button button-small" href={`/post/${post.postSeq}`} target="_blank" rel="noopener">
                        {tx.view}
                      </a>
                      <button type="button" className="button button-small" aria-label={fill(tx.hideOf, { title })} onClick={() => void act(post, "hide")}>
                        {tx.hide}
                      </button>
                    </>
                  ) : null}
                  {post.status === "DRAFT" || post.status === "HIDDEN" || post.status === "SCHEDULED" ? (
                    <button type="button" className="button button-small" aria-label={fill(tx.publishOf, { title })} onClick={() => void act(post, "publish")}>
                      {tx.publish}
                    </button>
                  ) : null}
                  {post.status !== "REMOVED" ? (
                    <Link className="button button-small" href={`/mypage/content/register?id=${post.postSeq}`} aria-label={fill(tx.editOf, { title })}>
                      {tx.edit}
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
      )}
      {list.hasNextPage ? (
        <button type="button" className="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {tx.more}
        </button>
      ) : null}
      <p>
        <Link href="/mypage/business/analytics/contents">{tx.numbers}</Link>
      </p>
    </ConsoleCard>
  );
}
