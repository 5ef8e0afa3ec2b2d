import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOLD_MS, holdScroll } from "./scrollHold";

// The window's scroll, as a smooth scroll of the page just left would move it between frames.
let y = 0;
let clock = 0;
const now = () => clock;
const frame = () => {
  clock += 16;
  vi.advanceTimersToNextFrame();
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame"] });
  y = 0;
  clock = 0;
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => y });
  window.scrollTo = vi.fn((options?: ScrollToOptions | number) => {
    if (typeof options === "object") y = options.top ?? y;
  }) as typeof window.scrollTo;
});
afterEach(() => vi.useRealTimers());

describe("holdScroll", () => {
  it("places the window at once and again on each frame a leftover scroll moves it", () => {
    const end = holdScroll(600, now);
    expect(y).toBe(600);
    y = 240; // the smooth scroll to the top of the page just left goes on
    frame();
    expect(y).toBe(600);
    y = 90;
    frame();
    expect(y).toBe(600);
    end();
  });

  it("lets go as soon as the reader scrolls", () => {
    holdScroll(600, now);
    window.dispatchEvent(new WheelEvent("wheel"));
    y = 100;
    frame();
    expect(y).toBe(100);
  });

  it("lets go after its time, and when ended", () => {
    holdScroll(600, now);
    clock += HOLD_MS + 1;
    y = 100;
    frame();
    expect(y).toBe(100);
    const end = holdScroll(600, now);
    end();
    y = 50;
    frame();
    expect(y).toBe(50);
  });
});
