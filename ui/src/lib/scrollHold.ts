// Holding a restored scroll position while the page just left may still be moving the window.

/** What ends a hold at once: the reader taking the scroll in hand. */
const READER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long a hold lasts at most: longer than a smooth scroll to the top takes. */
export const HOLD_MS = 1_000;

/**
 * Places the window at `top` and keeps it there on every frame for `HOLD_MS`, or until the
 * reader scrolls themselves. A smooth scroll to the top of the page just left can still be
 * running when a kept page comes back (a quick back, a busy machine), and Chromium may finish
 * it on the compositor after one instant scroll; a single placement, or one more on the next
 * frame, lost to it and left the reader at the top. Returns the way to end the hold early.
 */
export function holdScroll(top: number, now: () => number = () => performance.now()): () => void {
  const until = now() + HOLD_MS;
  let frame = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    cancelAnimationFrame(frame);
    for (const kind of READER_INPUT) window.removeEventListener(kind, end, true);
  };
  const place = () => {
    if (Math.abs(window.scrollY - top) > 1) window.scrollTo({ top, behavior: "instant" });
  };
  const tick = () => {
    if (ended) return;
    if (now() > until) return end();
    place();
    frame = requestAnimationFrame(tick);
  };
  for (const kind of READER_INPUT) window.addEventListener(kind, end, { capture: true, passive: true });
  place();
  frame = requestAnimationFrame(tick);
  return end;
}
