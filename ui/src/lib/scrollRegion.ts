// A box that scrolls sideways on a narrow screen (a console's table) can be scrolled with the
// keyboard: while its content is wider than it, it is a named region in the tab order (WCAG
// 2.1.1, axe's scrollable-region-focusable), and only then, so a table that fits adds no stop.
import { useCallback, useRef } from "react";

/** Makes `box` a focusable region named like its section (or the page) while it scrolls
 * sideways; a plain box otherwise. */
export function markScrollRegion(box: HTMLElement): void {
  if (box.scrollWidth > box.clientWidth + 1) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    const labelledBy = box.parentElement?.closest("[aria-labelledby]")?.getAttribute("aria-labelledby");
    if (labelledBy) box.setAttribute("aria-labelledby", labelledBy);
    else box.setAttribute("aria-label", document.querySelector("h1")?.textContent ?? "");
  } else {
    for (const name of ["tabindex", "role", "aria-labelledby", "aria-label"]) box.removeAttribute(name);
  }
}

/** A callback ref for a sideways-scrolling box: marked now and whenever its size or its
 * content's changes. */
export function useScrollRegion<T extends HTMLElement>(): (node: T | null) => void {
  const watching = useRef<ResizeObserver | null>(null);
  return useCallback((node: T | null) => {
    watching.current?.disconnect();
    watching.current = null;
    if (!node) return;
    markScrollRegion(node);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => markScrollRegion(node));
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    watching.current = observer;
  }, []);
}
