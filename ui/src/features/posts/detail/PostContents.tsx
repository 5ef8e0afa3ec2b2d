import { useEffect, useState, type MouseEvent } from "react";
import type { Section } from "./bodyBlocks";

/** Where the contents list stands: at the top of the post (phones, folded) or in the side
 * column (wide screens, open); the page shows one of the two by its width. A preview has no
 * side column: its list is at the top at every width. */
export type ContentsPlace = "top" | "side" | "always";

/** The heading of `anchor` in the post's body (inside its shadow root). */
function headingOf(anchor: string): HTMLElement | null {
  const body = document.querySelector<HTMLElement>("[data-testid=post-body]");
  return body?.shadowRoot?.getElementById(anchor) ?? null;
}

/** The section being read: the last heading whose top has passed the top fifth of the
 * window, else the first. */
function useCurrentSection(sections: Section[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    if (sections.length === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = window.innerHeight / 5;
      let found = sections[0].anchor;
      for (const section of sections) {
        const heading = headingOf(section.anchor);
        if (heading && heading.getBoundingClientRect().top <= line) found = section.anchor;
      }
      setCurrent(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections]);
  return current;
}

/** Brings the section of the address's `#anchor` into view once the body has its anchors (the
 * browser cannot: the headings are in the body's shadow root). */
export function useSectionFromAddress(sections: Section[]): void {
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (!anchor || !sections.some((section) => section.anchor === anchor)) return;
    headingOf(anchor)?.scrollIntoView({ block: "start" });
  }, [sections]);
}

/** The post's contents list: a link to each heading, the section being read marked. Shown
 * when the body has two headings or more; at the top it is folded behind a button. The
 * server's first view writes the same (server/src/prerender/post.rs). */
export function PostContents({ sections, label, place }: { sections: Section[]; label: string; place: ContentsPlace }) {
  const [open, setOpen] = useState(false);
  const current = useCurrentSection(sections);
  if (sections.length < 2) return null;
  const listId = `post-contents-${place}`;
  const go = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const heading = headingOf(anchor);
    if (!heading) return;
    event.preventDefault();
    heading.scrollIntoView({ behavior: "smooth", block: "start" });
    // The address names the section, to share it; no new history entry for a move in the page.
    history.replaceState(history.state, "", `#${encodeURIComponent(anchor)}`);
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  };
  return (
    <nav className={`post-contents post-contents-${place}`} aria-label={label}>
      {place !== "side" ? (
        <button type="button" className="post-contents-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {label}
        </button>
      ) : (
        <p className="post-contents-title">{label}</p>
      )}
      <ol id={listId} className="post-contents-list" hidden={place !== "side" && !open}>
        {sections.map((section) => (
          <li key={section.anchor} className={`post-contents-h${section.level}`}>
            <a href={`#${encodeURIComponent(section.anchor)}`} aria-current={current === section.anchor ? "location" : undefined} onClick={(event) => go(event, section.anchor)}>
              {section.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
