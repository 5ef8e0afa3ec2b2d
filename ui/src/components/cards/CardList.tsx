import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useI18n } from "../../lib/i18n";
import type { Card, Page } from "../../lib/posts";
import { Loading, LoadFailed } from "../../lib/status";
import { useLoadMoreOnScroll } from "../../lib/useLoadMoreOnScroll";
import { CardGrid } from "./CardGrid";

/** The cards of any cursor-paged query of cards, with infinite scroll: the next page is asked
 * when the list's end comes into view. `empty` replaces the plain "nothing here" text when the
 * list has no card; `screen` is the data layer's screen of the cards' Select_Content events. */
export function CardList({
  query,
  empty,
  screen = null,
  follow = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Card>>>;
  empty?: ReactNode;
  screen?: string | null;
  /** False on a business's own page: its cards need no follow button each. */
  follow?: boolean;
}) {
  const { t } = useI18n();
  const end = useLoadMoreOnScroll(query);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed />;
  const cards = query.data.pages.flatMap((page) => page.items);
  if (cards.length === 0) return empty ?? <p className="empty-state">{t("emptyList")}</p>;
  return (
    <>
      <CardGrid cards={cards} screen={screen} eager={2} follow={follow} data-testid="post-list" />
      <div ref={end} className="list-end" aria-hidden="true" />
      {query.isFetchingNextPage ? <Loading /> : null}
    </>
  );
}
