import { useEffect, useRef, type RefObject } from "react";
import { recordPostEvent, reloadGuarded } from "../../../lib/analytics";

/** The post events of a page load: one view, and one read-through when the end of the body
 * comes into view. The view leaves once the session is `ready` (a first visit's guest id
 * exists only then, and the server refuses a view from no visitor), and not for a reload
 * within 10 s. */
export function usePostEvents(postSeq: number | undefined, ready: boolean, bodyEnd: RefObject<HTMLElement | null>) {
  const viewed = useRef<number | null>(null);
  const readThrough = useRef<number | null>(null);

  useEffect(() => {
    if (postSeq === undefined || !ready || viewed.current === postSeq) return;
    viewed.current = postSeq;
    if (!reloadGuarded(`view:${postSeq}`)) recordPostEvent("view", postSeq);
  }, [postSeq, ready]);

  useEffect(() => {
    const end = bodyEnd.current;
    if (postSeq === undefined || !ready || !end || readThrough.current === postSeq || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || readThrough.current === postSeq) return;
      readThrough.current = postSeq;
      recordPostEvent("read_through", postSeq);
      observer.disconnect();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [postSeq, ready, bodyEnd]);
}
