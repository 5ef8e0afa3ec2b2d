import { useEffect, useRef, type RefObject } from "react";

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
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === "undefined") return;
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
