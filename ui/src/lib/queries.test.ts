// The cached client's reporting of failed writes: app-wide unless the write's page says what
// went wrong itself (OWN_FAILURE).
import { MutationObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { APP_ERROR_EVENT, ApiError } from "./api";
import { makeQueryClient, OWN_FAILURE } from "./queries";

/** Runs a write that fails with `error`; answers where the client sent the reader and the
 * application errors it raised. */
async function failedWrite(error: ApiError, meta?: typeof OWN_FAILURE) {
  const navigate = vi.fn();
  const raised: unknown[] = [];
  const listen = (event: Event) => raised.push((event as CustomEvent).detail);
  window.addEventListener(APP_ERROR_EVENT, listen);
  try {
    const client = makeQueryClient(navigate);
    const write = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta });
    await write.mutate().catch(() => undefined);
  } finally {
    window.removeEventListener(APP_ERROR_EVENT, listen);
  }
  return { navigate, raised };
}

describe("a failed write", () => {
  it("is reported app-wide: the login page for a 401, the error message otherwise", async () => {
    const login = await failedWrite(new ApiError(401, "1003", "no session"));
    expect(login.navigate).toHaveBeenCalledTimes(1);
    expect(String(login.navigate.mock.calls[0][0])).toMatch(/login/);
    const failed = await failedWrite(new ApiError(500, "999", "down"));
    expect(failed.raised).toEqual([{ status: 500, code: "999", message: "down" }]);
  });

  it("whose page shows its failure itself is not reported again", async () => {
    const login = await failedWrite(new ApiError(401, "1003", "no session"), OWN_FAILURE);
    expect(login.navigate).not.toHaveBeenCalled();
    const failed = await failedWrite(new ApiError(500, "999", "down"), OWN_FAILURE);
    expect(failed.raised).toEqual([]);
  });
});
