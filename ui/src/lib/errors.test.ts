import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { AppError, isExpectedRefusal, reportCaughtError } from "./errors";

describe("what the root reports of a caught error", () => {
  it("keeps an expected refusal (no access, missing content) off the console", () => {
    const log = vi.fn();
    reportCaughtError(new AppError(403, "business masters only"), "at ProfilePage", log);
    reportCaughtError(new AppError(101, "no such post"), undefined, log);
    expect(log).not.toHaveBeenCalled();
  });

  it("logs anything else with its component stack", () => {
    const log = vi.fn();
    const failure = new TypeError("x is undefined");
    reportCaughtError(failure, "at PostPage", log);
    reportCaughtError(new AppError(500, "server"), undefined, log);
    expect(log).toHaveBeenNthCalledWith(1, "page error", failure, "at PostPage");
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("counts only the page's own refusals as expected, not a failed call", () => {
    expect(isExpectedRefusal(new AppError(404, "not found"))).toBe(true);
    expect(isExpectedRefusal(new ApiError(403, "102", "refused"))).toBe(false);
  });
});
