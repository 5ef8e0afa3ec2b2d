// The home page's collections (the lists and their cards are lib/posts.ts).
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { inlineCall } from "../../lib/inline";
import type { Card } from "../../lib/posts";

export interface Collection {
  id: number;
  titleKo: string;
  titleEn: string;
  items: Card[];
  nextCursor: string | null;
}

/** The operators' collections for the home page. */
export function useCollections() {
  return useQuery({
    queryKey: ["collections"],
    queryFn: ({ signal }) => api<Collection[]>("/api/v1/recommendations", { signal }),
    initialData: () => inlineCall<Collection[]>("/api/v1/recommendations"),
  });
}
