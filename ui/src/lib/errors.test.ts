import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { AppError, isExpectedRefusal } from "./errors";

describe("a refusal the page expects", () => {
  it("is a page's own no-access or missing-content screen (kept off the console by main.tsx)", () => {
    expect(isExpectedRefusal(new AppError(403, "business masters only"))).toBe(true);
    expect(isExpectedRefusal(new AppError(101, "no such post"))).toBe(true);
  });

  it("is not an unexpected error, a server failure or a failed call", () => {
    expect(isExpectedRefusal(new TypeError("x is undefined"))).toBe(false);
    expect(isExpectedRefusal(new AppError(500, "server"))).toBe(false);
    expect(isExpectedRefusal(new ApiError(403, "102", "refused"))).toBe(false);
  });
});
