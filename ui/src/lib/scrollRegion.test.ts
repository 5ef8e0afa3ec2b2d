import { afterEach, describe, expect, it } from "vitest";
import { markScrollRegion } from "./scrollRegion";

/** A box of `client` pixels holding `content` pixels, as layout would measure them. */
function box(client: number, content: number): HTMLElement {
  const section = document.createElement("section");
  section.setAttribute("aria-labelledby", "team-audit");
  const wrap = document.createElement("div");
  Object.defineProperty(wrap, "clientWidth", { configurable: true, value: client });
  Object.defineProperty(wrap, "scrollWidth", { configurable: true, value: content });
  section.append(wrap);
  document.body.append(section);
  return wrap;
}

afterEach(() => document.body.replaceChildren());

describe("a sideways-scrolling box", () => {
  it("is a region in the tab order, named like its section, while its content is wider", () => {
    const wrap = box(320, 640);
    markScrollRegion(wrap);
    expect(wrap.tabIndex).toBe(0);
    expect(wrap.getAttribute("role")).toBe("region");
    expect(wrap.getAttribute("aria-labelledby")).toBe("team-audit");
  });

  it("is a plain box again once the content fits", () => {
    const wrap = box(320, 640);
    markScrollRegion(wrap);
    Object.defineProperty(wrap, "scrollWidth", { configurable: true, value: 320 });
    markScrollRegion(wrap);
    expect(wrap.hasAttribute("tabindex")).toBe(false);
    expect(wrap.hasAttribute("role")).toBe(false);
    expect(wrap.hasAttribute("aria-labelledby")).toBe(false);
  });
});
