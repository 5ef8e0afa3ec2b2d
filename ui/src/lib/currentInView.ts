// A row that scrolls sideways (`scroll-edges`: the console's sections, the operators'
// sections, a business's category tabs) shows its current item: on a phone the row is wider
// than the screen, and an item at its end would otherwise be out of sight with nothing saying
// where the reader is.
import { useCallback, useLayoutEffect, useRef } from "react";

/** What is current in a row: a link marked `aria-current`, or a selected tab. */
const CURRENT = '[aria-current]:not([aria-current="false"]), [aria-selected="true"]';

/** Scrolls `row` sideways, and only sideways, so that its current item is wholly in view,
 * with a little room beside it. */
export function bringCurrentIntoView(row: HTMLElement): void {
  const current = row.querySelector<HTMLElement>(CURRENT);
  if (!current) return;
  const area = row.getBoundingClientRect();
  const item = current.getBoundingClientRect();
  const room = 16;
  if (item.left < area.left) row.scrollLeft -= area.left - item.left + room;
  else if (item.right > area.right) row.scrollLeft += item.right - area.right + room;
}

/** A ref for a sideways row whose current item is brought into view when the row appears
 * and whenever `current` changes. */
export function useCurrentInView<T extends HTMLElement>(current: unknown): (node: T | null) => void {
  const row = useRef<T | null>(null);
  useLayoutEffect(() => {
    if (row.current) bringCurrentIntoView(row.current);
  }, [current]);
  return useCallback((node: T | null) => {
    row.current = node;
    if (node) bringCurrentIntoView(node);
  }, []);
}
