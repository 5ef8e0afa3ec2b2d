// Paste from 한글 (Hancom Office): its clipboard HTML has no heading or list elements. Every
// paragraph is a `<P CLASS=HStyleN>` whose style sheet names the paragraph style
// (`style-name:"개요 1"` is the outline level a heading is written with), and lists are
// paragraphs that start with their bullet or number as text. Before the import walks the
// document, this turns outline paragraphs into headings (개요 1 → h2, 개요 2 → h3, deeper →
// h4) and runs of bulleted or numbered paragraphs into lists, so a 한글 paste keeps its
// structure like one from Word or Google Docs. Other pastes only pay for the generator check.
import type { DOMPreprocessFn } from "@lexical/html";

const GENERATOR = /Hancom|HWP/i;
const BULLET = /^\s*[•◦▪▫·■□○●◆◇※\-–]\s+/;
const NUMBER = /^\s*\d{1,3}[.)]\s+/;

/** Class name → outline level, from the style sheet's `p.HStyleN {style-name:"개요 N"; …}`. */
function outlineLevels(dom: Document | ParentNode): Map<string, number> {
  const levels = new Map<string, number>();
  for (const style of Array.from(dom.querySelectorAll("style"))) {
    for (const match of (style.textContent ?? "").matchAll(/p\.([\w-]+)\s*\{[^}]*style-name:\s*"개요\s*(\d+)"/g)) {
      levels.set(match[1].toLowerCase(), Number(match[2]));
    }
  }
  return levels;
}

function replaceTag(element: Element, tag: string): Element {
  const next = element.ownerDocument.createElement(tag);
  while (element.firstChild) next.appendChild(element.firstChild);
  element.replaceWith(next);
  return next;
}

/** Drops the bullet or number a list paragraph starts with (from its first text). */
function dropMarker(element: Element, marker: RegExp) {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    node.textContent = node.textContent.replace(marker, "");
    return;
  }
}

function listKind(element: Element): "ul" | "ol" | null {
  if (element.tagName !== "P") return null;
  const text = element.textContent ?? "";
  if (BULLET.test(text)) return "ul";
  if (NUMBER.test(text)) return "ol";
  return null;
}

export const $hwpPreprocess: DOMPreprocessFn = (dom, _ctx, $next) => {
  const generator = dom.querySelector('meta[name="generator" i]')?.getAttribute("content") ?? "";
  if (GENERATOR.test(generator)) {
    const levels = outlineLevels(dom);
    for (const paragraph of Array.from(dom.querySelectorAll("p[class]"))) {
      const level = levels.get(paragraph.className.toLowerCase());
      if (level) replaceTag(paragraph, level === 1 ? "h2" : level === 2 ? "h3" : "h4");
    }
    for (const paragraph of Array.from(dom.querySelectorAll("p"))) {
      // Inside a table a paragraph stays what it is; a list starts at its run's first item.
      if (!paragraph.isConnected || paragraph.closest("td, th")) continue;
      const kind = listKind(paragraph);
      if (!kind) continue;
      const list = paragraph.ownerDocument.createElement(kind);
      paragraph.before(list);
      let item: Element | null = paragraph;
      while (item && listKind(item) === kind) {
        const next: Element | null = item.nextElementSibling;
        dropMarker(item, kind === "ul" ? BULLET : NUMBER);
        list.appendChild(replaceTag(item, "li"));
        item = next;
      }
    }
  }
  $next();
};
