import { useEffect, useRef } from "react";
import { useI18n } from "../../../lib/i18n";
import { usePostList, type ListKind } from "../api";
import { PostCard } from "./PostCard";

/** A whole list with infinite scroll: the next page is asked when its end comes into view. */
export function PostList({ list }: { list: ListKind }) {
  const { t } = useI18n();
  const query = usePostList(list);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <p className="loading" role="status">{t("loading")}</p>;
  if (query.isError) return <p className="error-text" role="alert">{t("loadFailed")}</p>;
  const cards = query.data.pages.flatMap((page) => page.items);
  if (cards.length === 0) return <p className="empty-state">{t("emptyList")}</p>;
  return (
    <>
      <div className="post-grid" data-testid="post-list">
        {cards.map((card) => (
          <PostCard key={card.postSeq} card={card} />
        ))}
      </div>
      <div ref={end} className="list-end" aria-hidden="true" />
      {isFetchingNextPage ? <p className="loading" role="status">{t("loading")}</p> : null}
    </>
  );
}
