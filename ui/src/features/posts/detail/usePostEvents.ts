import { useEffect, useRef, type RefObject } from "react";
import { recordPostEvent } from "../../../lib/analytics";

/** The post events of a page load: one view, and one read-through when the end of the body
 * comes into view. */
export function usePostEvents(postSeq: number | undefined, bodyEnd: RefObject<HTMLElement | null>) {
  const viewed = useRef<number | null>(null);
  const readThrough = useRef<number | null>(null);

  useEffect(() => {
    if (postSeq === undefined || viewed.current === postSeq) return;
    viewed.current = postSeq;
    recordPostEvent("view", postSeq);
  }, [postSeq]);

  useEffect(() => {
    const end = bodyEnd.current;
    if (postSeq === undefined || !end || readThrough.current === postSeq || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || readThrough.current === postSeq) return;
      readThrough.current = postSeq;
      recordPostEvent("read_through", postSeq);
      observer.disconnect();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [postSeq, bodyEnd]);
}
