import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { stripScripts } from "../../../lib/core";
import { imageButtons, labelPlayButtons, playOnClick, sectionsOf, type Section } from "./bodyBlocks";
import type { Viewed } from "./ImageViewer";
import blockStyles from "../../../components/body/blocks.css?url";
import { BODY_STYLES } from "./bodyStyles";

/** The viewer of a picture shown large, loaded when a reader first opens one. */
const ImageViewer = lazy(() => import("./ImageViewer").then((module) => ({ default: module.ImageViewer })));

/** The class the server's body policy lets an image keep (server/src/content/sanitize.rs
 * COUPON_CLASS): the coupon, whose link is the `<a href>` around it. */
export const COUPON_CLASS = "coupon";

/** Makes the body readable and safe to touch, in place:
 * - tables scroll sideways in a focusable, labelled region, the page itself never does;
 * - a coupon image inside a link opens it (a new window), reachable by keyboard like any link;
 * - any other image is only a picture: a link whose whole content is such images goes;
 * - images load lazily. */
export function prepareBody(root: ParentNode, tableLabel: string): void {
  for (const table of Array.from(root.querySelectorAll("table"))) {
    if (table.parentElement?.classList.contains("table-scroll")) continue;
    const wrapper = table.ownerDocument.createElement("div");
    wrapper.className = "table-scroll";
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("tabindex", "0");
    const caption = table.querySelector("caption")?.textContent?.trim();
    wrapper.setAttribute("aria-label", caption ? `${caption} — ${tableLabel}` : tableLabel);
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  for (const image of Array.from(root.querySelectorAll("img"))) {
    image.setAttribute("loading", "lazy");
    image.setAttribute("decoding", "async");
    const link = image.closest("a");
    if (!link) continue;
    if (image.classList.contains(COUPON_CLASS)) {
      if (link.hasAttribute("href")) {
        link.classList.add("coupon-link");
        link.setAttribute("target", "_blank");
      }
      continue;
    }
    const onlyPictures =
      (link.textContent ?? "").trim() === "" && Array.from(link.querySelectorAll("img")).every((img) => !img.classList.contains(COUPON_CLASS));
    if (onlyPictures) link.replaceWith(...Array.from(link.childNodes));
  }
}

/** The one Trusted Types policy that writes markup (the page's CSP names it and requires
 * Trusted Types for every other sink): the body has been through the server's sanitising
 * policy and the core's script strip. Browsers without Trusted Types take the string. */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML: (html: string) => string }): { createHTML(html: string): unknown };
}
const bodyPolicy = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy("tidemark-post-body", {
  createHTML: (html) => html,
});

/** Whether a body holds a block beyond text (a divider's style, code, a callout, a video, a
 * gallery, a link card, a file): the blocks' stylesheet is then linked into its shadow root. */
const BLOCKS = /<(hr|figure|div) class="|<code class="language-/;

function bodyMarkup(html: string): string {
  // The blocks' styles are a file of their own, fetched only for a body that has a block.
  const blocks = BLOCKS.test(html) ? `<link rel="stylesheet" href="${blockStyles}">` : "";
  const markup = `<style>${BODY_STYLES}</style>${blocks}<div class="body">${stripScripts(html)}</div>`;
  // A TrustedHTML is what innerHTML takes under Trusted Types; TypeScript's DOM types say string.
  return bodyPolicy ? (bodyPolicy.createHTML(markup) as string) : markup;
}

interface PostBodyProps {
  html: string;
  tableLabel: string;
  label: string;
  /** The play buttons' label ("동영상 재생"), before the video's title. */
  playLabel: string;
  /** Told the body's headings once they have their anchors (the contents list). */
  onSections?: (sections: Section[]) => void;
  /** The image buttons' label ("이미지 크게 보기") and the viewer's close button's. */
  imageLabels?: { open: string; close: string };
}

/** The post's sanitised body in a shadow root of its own, with its own stylesheet. */
export function PostBody({ html, tableLabel, label, playLabel, onSections, imageLabels }: PostBodyProps) {
  const host = useRef<HTMLDivElement>(null);
  const [viewed, setViewed] = useState<(Viewed & { from: HTMLElement }) | null>(null);
  const openLabel = imageLabels?.open;
  const sectionsTo = useRef(onSections);
  useLayoutEffect(() => {
    sectionsTo.current = onSections;
  });
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    // The server stored the body through its one sanitising policy and sends it as readers
    // are shown it (its players behind play buttons: no frame is in the text); the core's
    // script and frame strip (SPEC §5) is the page's own second look before the markup is
    // parsed. It is parsed into a template, whose content is inert, and prepared before it is
    // shown.
    const template = element.ownerDocument.createElement("template");
    template.innerHTML = bodyMarkup(html);
    prepareBody(template.content, tableLabel);
    labelPlayButtons(template.content, playLabel);
    if (openLabel) imageButtons(template.content, openLabel);
    const sections = sectionsOf(template.content);
    root.replaceChildren(template.content);
    sectionsTo.current?.(sections);
    // Code is highlighted by a chunk of its own, loaded when a code block comes near the
    // screen (never on the first load of a page whose code is further down).
    const blocks = Array.from(root.querySelectorAll('code[class*="language-"]:not(.language-plain)'));
    let seen: IntersectionObserver | null = null;
    if (blocks.length > 0) {
      seen = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          seen?.disconnect();
          import("./highlight").then(
            (module) => module.highlight(root),
            () => undefined,
          );
        },
        { rootMargin: "200px" },
      );
      for (const block of blocks) seen.observe(block);
    }
    const view = (event: Event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button.image-open") : null;
      const image = button?.querySelector("img");
      if (button && image) setViewed({ src: image.currentSrc || image.src, alt: image.alt, from: button });
    };
    root.addEventListener("click", playOnClick);
    root.addEventListener("click", view);
    return () => {
      seen?.disconnect();
      root.removeEventListener("click", playOnClick);
      root.removeEventListener("click", view);
    };
  }, [html, tableLabel, playLabel, openLabel]);
  return (
    <>
      <div ref={host} className="post-body" role="region" aria-label={label} data-testid="post-body" />
      {viewed && imageLabels ? (
        <Suspense fallback={null}>
        <ImageViewer
          image={viewed}
          closeLabel={imageLabels.close}
          onClose={() => {
            const from = viewed.from;
            setViewed(null);
            // Once the dialog has gone: while it is open, nothing outside it takes the focus.
            requestAnimationFrame(() => from.focus());
          }}
        />
        </Suspense>
      ) : null}
    </>
  );
}
