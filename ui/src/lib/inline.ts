// What the server put inline in the first page's index.html: the page's own data and the
// answers of the API calls the page makes first (`calls`, by exact address). Each is given
// once, so a later refetch asks the server for fresh data.
/** The inline data's element (server/src/pages.rs DATA_ELEMENT_ID). */
const DATA_ELEMENT_ID = "tidemark-data";

interface Inline {
  path: string;
  data?: unknown;
  calls?: Record<string, unknown>;
}

let inline: Inline | null | undefined;

function readInline(): Inline | null {
  if (inline !== undefined) return inline;
  inline = null;
  const element = typeof document === "undefined" ? null : document.getElementById(DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      inline = JSON.parse(element.textContent) as Inline;
    } catch (error) {
      console.warn("inline page data unreadable", error);
    }
  }
  return inline;
}

/** The data the server put inline, when it belongs to `path`: given once (the first page's
 * first render), so a later refetch asks the server for fresh data. */
export function inlineData<T>(path: string): T | undefined {
  const found = readInline();
  if (!found || found.path !== path || found.data === undefined) return undefined;
  const data = found.data as T;
  found.data = undefined;
  return data;
}

/** The inline answer of a GET the first page makes (exact address), given once. */
export function inlineCall<T>(address: string): T | undefined {
  const calls = readInline()?.calls;
  if (!calls || !(address in calls)) return undefined;
  const data = calls[address] as T;
  delete calls[address];
  return data;
}

/** An infinite query's first page from the inline answers, as TanStack Query's initial data. */
export function inlineFirstPage<T>(address: string): { pages: T[]; pageParams: (string | null)[] } | undefined {
  const first = inlineCall<T>(address);
  return first === undefined ? undefined : { pages: [first], pageParams: [null] };
}
