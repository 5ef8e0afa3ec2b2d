// Recent searches, kept on this device only (localStorage): newest first, at most ten, one
// entry per query however it was spaced or capitalised.
import { useSyncExternalStore } from "react";

export const RECENT_SEARCHES_KEY = "tidemark.recentSearches";
export const MAX_RECENT_SEARCHES = 10;

/** The form two spellings of one query share (as the search log groups them). */
function sameQuery(text: string): string {
  return text.trim().split(/\s+/).join(" ").toLowerCase();
}

/** The list after searching `keyword`: it moves to the front, its older spellings go. */
export function withSearch(list: readonly string[], keyword: string): string[] {
  const text = keyword.trim();
  if (text === "") return [...list];
  const key = sameQuery(text);
  return [text, ...list.filter((item) => sameQuery(item) !== key)].slice(0, MAX_RECENT_SEARCHES);
}

export function withoutSearch(list: readonly string[], keyword: string): string[] {
  const key = sameQuery(keyword);
  return list.filter((item) => sameQuery(item) !== key);
}

/** Whatever is stored, read defensively: another version or a hand edit may have left
 * anything there. */
function read(storage: Storage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is string => typeof item === "string" && item.trim() !== "").slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The store: one snapshot array per change, so React sees changes and nothing else. */
export function createRecentSearches(storage: Storage | null = defaultStorage()) {
  let snapshot = read(storage);
  const listeners = new Set<() => void>();

  const save = (next: string[]) => {
    snapshot = next;
    try {
      storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the list lasts for this page only.
    }
    listeners.forEach((listener) => listener());
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== RECENT_SEARCHES_KEY && event.key !== null) return;
    snapshot = read(storage);
    listeners.forEach((listener) => listener());
  };

  return {
    list: (): string[] => snapshot,
    add: (keyword: string) => {
      const next = withSearch(snapshot, keyword);
      if (next.length !== snapshot.length || next.some((item, i) => item !== snapshot[i])) save(next);
    },
    remove: (keyword: string) => save(withoutSearch(snapshot, keyword)),
    clear: () => save([]),
    /** Follows this page's changes and other tabs' (the storage event). */
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
  };
}

export type RecentSearches = ReturnType<typeof createRecentSearches>;

let shared: RecentSearches | null = null;

/** The device's store, made on first use. */
export function recentSearches(): RecentSearches {
  shared ??= createRecentSearches();
  return shared;
}

/** The recent searches and the store's actions, re-rendering on every change. */
export function useRecentSearches() {
  const store = recentSearches();
  const list = useSyncExternalStore(store.subscribe, store.list, store.list);
  return { list, add: store.add, remove: store.remove, clear: store.clear };
}
