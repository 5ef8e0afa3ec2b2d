// One recommendation collection, page after page (server/src/content/service/recommend.rs): the
// collection's title comes with every page, its posts in the operators' order.
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { pageQuery } from "../../../lib/posts";
import type { Collection } from "../api";

const PAGE_SIZE = 20;

export function collectionPath(id: string, cursor: string | null): string {
  return `/api/v1/recommendations/${encodeURIComponent(id)}?${pageQuery(PAGE_SIZE, cursor)}`;
}

export function useCollection(id: string) {
  return useInfiniteQuery({
    queryKey: ["collections", id],
    queryFn: ({ pageParam, signal }) => api<Collection>(collectionPath(id, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
