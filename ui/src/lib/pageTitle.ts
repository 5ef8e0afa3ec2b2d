// The document's <title>: each page names itself with `usePageTitle`, and the app calls
// `pageChanged` at every address. The title is written 10 ms after either (SPEC §9's page-head
// update delay), from what the page at the current address named, so a client-side
// navigation never leaves the previous page's title behind: a page that has not named itself
// (yet) is "Tidemark". Titles are remembered per address, so a kept-alive page shown again
// gets its own back without rendering anew.
import { useEffect } from "react";

export const SITE_NAME = "Tidemark";
/** SPEC §9: page-head update delay. */
const HEAD_DELAY_MS = 10;
/** Addresses whose titles are remembered (more than the five kept-alive pages). */
const REMEMBERED = 24;

const titles = new Map<string, string>();
let timer: ReturnType<typeof setTimeout> | undefined;

function here(): string {
  return window.location.pathname + window.location.search;
}

/** The title of a page named `title` (none: the site's own). */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

function apply() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    // A page torn down meanwhile (a test's document) has no title to write.
    if (typeof document !== "undefined") document.title = documentTitle(titles.get(here()));
  }, HEAD_DELAY_MS);
}

/** The address changed: the title follows what the new page has named, or the site's name. */
export function pageChanged() {
  apply();
}

/** Names the page at the current address (`null`: not yet, e.g. while its data loads). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const at = here();
    titles.delete(at);
    titles.set(at, title);
    if (titles.size > REMEMBERED) titles.delete(titles.keys().next().value as string);
    apply();
  }, [title]);
}
