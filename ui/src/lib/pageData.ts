// The page's data without another round trip (SPEC §7 "_payload.json", PRODUCT "first HTML"):
// the server puts the first page's data inline in index.html — the page's own data and the
// answers of the API calls the page makes first (`calls`, by exact address). A page reached
// by navigation reads `<page>/_payload.json`, whose failure only logs a warning, then asks
// the API.
import { api } from "./api";
import { inlineData } from "./inline";

export { inlineCall, inlineData, inlineFirstPage } from "./inline";

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
