// The page's data without another round trip (SPEC §7 "_payload.json", PRODUCT "first HTML"):
// the server puts the first page's data inline in index.html; a page reached by navigation
// reads `<page>/_payload.json`, whose failure only logs a warning, then asks the API.
import { api } from "./api";

/** The inline data's element (server/src/pages.rs DATA_ELEMENT_ID). */
const DATA_ELEMENT_ID = "tidemark-data";

let inline: { path: string; data: unknown } | null | undefined;

function readInline(): { path: string; data: unknown } | null {
  if (inline !== undefined) return inline;
  inline = null;
  const element = typeof document === "undefined" ? null : document.getElementById(DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      inline = JSON.parse(element.textContent) as { path: string; data: unknown };
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
  if (!found || found.path !== path) return undefined;
  inline = null;
  return found.data as T;
}

/** `<path>/_payload.json`'s data, or undefined (with a warning) when it cannot be had. */
export async function payload<T>(path: string, signal?: AbortSignal): Promise<T | undefined> {
  const address = `${path.replace(/\/$/, "")}/_payload.json`;
  try {
    return await api<T>(address, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`payload ${address} not loaded`, error);
    return undefined;
  }
}

/** The page's data: inline when it is the first page, else the payload, else `fallback`
 * (the API call that answers the same data). */
export async function pageData<T>(path: string, fallback: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return inlineData<T>(path) ?? (await payload<T>(path, signal)) ?? (await fallback());
}
