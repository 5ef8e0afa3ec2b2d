import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useI18n } from "../../../lib/i18n";
import { usePostList, type Card, type ListKind, type Page } from "../api";
import { PostCard } from "./PostCard";

/** What infinite scroll needs of an infinite query. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Infinite scroll: the element the returned ref is put on asks for the next page when it
 * comes within 600 px of the view. */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: NextPages): RefObject<HTMLDivElement | null> {
  const end = useRef<HTMLDivElement>(null);
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
  return end;
}

/** A whole list with infinite scroll: the next page is asked when its end comes into view. */
export function PostList({ list, screen = null }: { list: ListKind; screen?: string | null }) {
  return <CardList query={usePostList(list)} screen={screen} />;
}

/** The cards of any cursor-paged query of cards, with infinite scroll. `empty` replaces the
 * plain "nothing here" text when the list has no card; `screen` is the data layer's screen
 * of the cards' Select_Content events. */
export function CardList({
  query,
  empty,
  screen = null,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Card>>>;
  empty?: ReactNode;
  screen?: string | null;
}) {
  const { t } = useI18n();
  const end = useLoadMoreOnScroll(query);
  if (query.isPending) return <p className="loading" role="status">{t("loading")}</p>;
  if (query.isError) return <p className="error-text" role="alert">{t("loadFailed")}</p>;
  const cards = query.data.pages.flatMap((page) => page.items);
  if (cards.length === 0) return empty ?? <p className="empty-state">{t("emptyList")}</p>;
  return (
    <>
      <div className="post-grid" data-testid="post-list">
        {cards.map((card) => (
          <PostCard key={card.postSeq} card={card} screen={screen} />
        ))}
      </div>
      <div ref={end} className="list-end" aria-hidden="true" />
      {query.isFetchingNextPage ? <p className="loading" role="status">{t("loading")}</p> : null}
    </>
  );
}
