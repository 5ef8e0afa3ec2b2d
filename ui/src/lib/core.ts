// The one door to the core (pkg/, built from core-wasm/). Everything the UI decides — routes,
// redirects, error screens, formatting, filters, device, cookies, headers — it asks here.
import * as core from "../../../pkg/tidemark_core.js";

export * from "../../../pkg/tidemark_core.js";
export type * from "../../../pkg/tidemark_core.js";

/** Minutes east of UTC right now (KST is 540): what the core and the `_off_set` header take. */
export function offsetMinutes(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}

/** An error the core threw for a broken contract: a real Error with a machine-readable code. */
export function isCoreError(error: unknown): error is core.CoreError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}
