import { afterEach, describe, expect, it, vi } from "vitest";
import { createRecentSearches, MAX_RECENT_SEARCHES, RECENT_SEARCHES_KEY, withSearch } from "./recentSearches";

afterEach(() => localStorage.clear());

describe("recent searches", () => {
  it("keeps the newest first and stores them on the device", () => {
    const store = createRecentSearches(localStorage);
    store.add("마케팅");
    store.add("핀테크");
    store.add("  클라우드  ");
    expect(store.list()).toEqual(["클라우드", "핀테크", "마케팅"]);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(["클라우드", "핀테크", "마케팅"]);
    // Another page (a reload) reads the same list.
    expect(createRecentSearches(localStorage).list()).toEqual(["클라우드", "핀테크", "마케팅"]);
  });

  it("keeps one entry per query, moved to the front with its latest spelling", () => {
    const store = createRecentSearches(localStorage);
    store.add("AI 마케팅");
    store.add("핀테크");
    store.add("ai   마케팅");
    expect(store.list()).toEqual(["ai   마케팅", "핀테크"]);
    store.add("");
    store.add("   ");
    expect(store.list()).toHaveLength(2);
  });

  it("holds at most ten, dropping the oldest", () => {
    const store = createRecentSearches(localStorage);
    for (let i = 1; i <= 12; i++) store.add(`검색어 ${i}`);
    expect(store.list()).toHaveLength(MAX_RECENT_SEARCHES);
    expect(store.list()[0]).toBe("검색어 12");
    expect(store.list().at(-1)).toBe("검색어 3");
    expect(withSearch(store.list(), "검색어 5")).toHaveLength(MAX_RECENT_SEARCHES);
  });

  it("removes one and clears all, telling its subscribers", () => {
    const store = createRecentSearches(localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add("마케팅");
    store.add("핀테크");
    store.remove("마케팅");
    expect(store.list()).toEqual(["핀테크"]);
    store.clear();
    expect(store.list()).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBe("[]");
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    store.add("클라우드");
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("reads whatever is stored defensively", () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, "{not json");
    expect(createRecentSearches(localStorage).list()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(["마케팅", 3, null, " ", "핀테크"]));
    expect(createRecentSearches(localStorage).list()).toEqual(["마케팅", "핀테크"]);
    // No storage at all (blocked): the list still works for the page.
    const store = createRecentSearches(null);
    store.add("마케팅");
    expect(store.list()).toEqual(["마케팅"]);
  });
});
