import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { checkFetchMock } from "./test/render";

// Each test renders into a clean document, with the globals it replaced put back; a call the
// test's fetch mock did not expect fails it.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  checkFetchMock();
});
