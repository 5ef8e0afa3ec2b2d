import { useInfiniteQuery } from "@tanstack/react-query";
import { CardList } from "../../../components/cards/CardList";
import { postListQuery, type ListKind } from "../../../lib/posts";

/** A whole list with infinite scroll: the next page is asked when its end comes into view. */
export function PostList({ list, screen = null }: { list: ListKind; screen?: string | null }) {
  return <CardList query={useInfiniteQuery(postListQuery(list))} screen={screen} />;
}
