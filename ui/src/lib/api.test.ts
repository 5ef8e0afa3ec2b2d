import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, refused } from "../test/render";
import { api, ApiError, APP_ERROR_EVENT, reportFailure } from "./api";

afterEach(() => {
  document.cookie = "tma_id=; max-age=0";
});

describe("api", () => {
  it("sends SPEC's headers with credentials and unwraps data", async () => {
    document.cookie = "tma_id=guest-42";
    const server = mockFetch({ "GET /api/v1/posts/latest": { items: [1] } });
    const data = await api<{ items: number[] }>("/api/v1/posts/latest");
    expect(data.items).toEqual([1]);
    const { init } = server.calls[0];
    const headers = init.headers as Record<string, string>;
    expect(init.credentials).toBe("include");
    expect(headers._off_set).toBe(String(-new Date().getTimezoneOffset()));
    expect(headers._tma_token).toBe("");
    expect(headers._tmr_token).toBe("");
    expect(headers._tma_id).toBe("guest-42");
    expect(init.body).toBeUndefined();
  });

  it("turns an error envelope into ApiError with status, code and message", async () => {
    mockFetch({ "GET /api/v1/posts/9": refused(404, "101", "content does not exist") });
    const error = await api("/api/v1/posts/9").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "101", message: "content does not exist" });
    expect((error as ApiError).needsLogin).toBe(false);
  });

  it("sends JSON bodies", async () => {
    const server = mockFetch({ "PUT /api/v1/follows/3": null });
    await api("/api/v1/follows/3", { method: "PUT", body: { source: "Follow_Content" } });
    const { init } = server.calls[0];
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"source":"Follow_Content"}');
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });
});

describe("reportFailure", () => {
  it("sends 401 and 403 to the login page with the way back", () => {
    window.history.pushState({}, "", "/interest?tab=bookmark");
    for (const status of [401, 403]) {
      const navigate = vi.fn();
      reportFailure(new ApiError(status, String(status), "no"), navigate);
      expect(navigate).toHaveBeenCalledWith("/member/login?redirectUrl=%2Finterest%3Ftab%3Dbookmark");
    }
  });

  it("raises the application error event for other failures", () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(APP_ERROR_EVENT, listener);
    const navigate = vi.fn();
    reportFailure(new ApiError(500, "999", "boom"), navigate);
    window.removeEventListener(APP_ERROR_EVENT, listener);
    expect(navigate).not.toHaveBeenCalled();
    expect(seen).toEqual([{ status: 500, code: "999", message: "boom" }]);
  });
});
