// The body as HTML, both ways. Out: written by hand from the editor's nodes, so that what the
// editor makes is exactly what the server's sanitiser keeps (server/src/content/sanitize.rs:
// no classes but `coupon`, no styles, links with the platform's `rel`) and sanitising it
// changes nothing (the round trip is tested per node type). In: through Lexical's DOM import
// pipeline, with the rules of every node the editor has plus the image's own, so a stored
// body, a paste from Word, Google Docs or 한글 all arrive the same way.
import { $isLinkNode } from "@lexical/link";
import { $isListItemNode, $isListNode, type ListItemNode, type ListNode } from "@lexical/list";
import { $isHeadingNode, $isQuoteNode } from "@lexical/rich-text";
import type { TableCellNode } from "@lexical/table";
import { $generateNodesFromDOMViaExtension, defineImportRule, sel } from "@lexical/html";
import { $createParagraphNode, $getRoot, $isElementNode, $isLineBreakNode, $isParagraphNode, $isTextNode, type ElementNode, type LexicalNode, type TextFormatType } from "lexical";
import { safeLink } from "../../lib/core";
import type { ImageData } from "./image";
import { $createImageNode, $isImageNode } from "./ImageNode";
import { parseHtml } from "./markup";

/** `rel` of every body link (the sanitiser's LINK_REL). */
export const LINK_REL = "noopener noreferrer nofollow ugc";
/** The one class an image may carry (the sanitiser's COUPON_CLASS). */
export const COUPON_CLASS = "coupon";

// Escaping as the sanitiser's serialiser writes it: in text `&`, `<`, `>` and no-break
// spaces; in attribute values `&`, `"` and no-break spaces.
function text(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/"/g, "&quot;");
}

/** Text formats and their tags, innermost first. */
const FORMATS: [TextFormatType, string][] = [
  ["code", "code"],
  ["subscript", "sub"],
  ["superscript", "sup"],
  ["highlight", "mark"],
  ["strikethrough", "s"],
  ["underline", "u"],
  ["italic", "em"],
  ["bold", "strong"],
];

function inline(nodes: LexicalNode[]): string {
  let html = "";
  for (const node of nodes) {
    if ($isTextNode(node)) {
      let piece = text(node.getTextContent());
      for (const [format, tag] of FORMATS) if (node.hasFormat(format)) piece = `<${tag}>${piece}</${tag}>`;
      html += piece;
    } else if ($isLineBreakNode(node)) {
      html += "<br>";
    } else if ($isLinkNode(node)) {
      const inner = inline(node.getChildren());
      const href = safeLink(node.getURL());
      html += href ? `<a href="${attr(href)}" rel="${LINK_REL}">${inner}</a>` : inner;
    } else if ($isElementNode(node)) {
      html += inline(node.getChildren());
    }
  }
  return html;
}

function image(data: ImageData): string {
  const size = `${data.width ? ` width="${data.width}"` : ""}${data.height ? ` height="${data.height}"` : ""}`;
  const img = `<img src="${attr(data.src)}" alt="${attr(data.alt)}"${size}${data.coupon ? ` class="${COUPON_CLASS}"` : ""}>`;
  const href = data.coupon && data.href ? safeLink(data.href) : undefined;
  const linked = href ? `<a href="${attr(href)}" rel="${LINK_REL}">${img}</a>` : img;
  const caption = data.caption.trim() ? `<figcaption>${text(data.caption.trim())}</figcaption>` : "";
  return `<figure>${linked}${caption}</figure>`;
}

function listItem(item: ListItemNode): string {
  let html = "";
  let run: LexicalNode[] = [];
  for (const child of item.getChildren()) {
    if ($isListNode(child)) {
      html += inline(run) + list(child);
      run = [];
    } else run.push(child);
  }
  return `<li>${html}${inline(run)}</li>`;
}

function list(node: ListNode): string {
  const tag = node.getListType() === "number" ? "ol" : "ul";
  const items = node.getChildren().filter($isListItemNode).map(listItem).join("");
  return `<${tag}>${items}</${tag}>`;
}

// Table nodes by their type: the table code loads only with a body that has one
// (./lazyTables.ts), and this writer runs for every body.
const isTable = (node: LexicalNode): node is ElementNode => node.getType() === "table";
const isRow = (node: LexicalNode): node is ElementNode => node.getType() === "tablerow";
const isCell = (node: LexicalNode): node is TableCellNode => node.getType() === "tablecell";
/** A cell that is no heading (Lexical's TableCellHeaderStates.NO_STATUS). */
const NO_HEADER = 0;

function cell(node: TableCellNode): string {
  const tag = node.getHeaderStyles() === NO_HEADER ? "td" : "th";
  const span = `${node.getColSpan() > 1 ? ` colspan="${node.getColSpan()}"` : ""}${node.getRowSpan() > 1 ? ` rowspan="${node.getRowSpan()}"` : ""}`;
  const blocks = node.getChildren();
  // One paragraph: its text straight in the cell; more: each block as it is.
  const content = blocks.length === 1 && $isParagraphNode(blocks[0]) ? inline(blocks[0].getChildren()) : blocks.map(block).join("");
  return `<${tag}${span}>${content}</${tag}>`;
}

function block(node: LexicalNode): string {
  if ($isHeadingNode(node)) {
    const level = node.getTag();
    const tag = level === "h3" || level === "h4" ? level : level === "h1" || level === "h2" ? "h2" : "h4";
    return `<${tag}>${inline(node.getChildren())}</${tag}>`;
  }
  if ($isQuoteNode(node)) return `<blockquote>${inline(node.getChildren())}</blockquote>`;
  if ($isListNode(node)) return list(node);
  if (isTable(node)) {
    const rows = node.getChildren().filter(isRow);
    return `<table><tbody>${rows.map((row) => `<tr>${row.getChildren().filter(isCell).map(cell).join("")}</tr>`).join("")}</tbody></table>`;
  }
  if ($isImageNode(node)) return image(node.getData());
  if ($isElementNode(node)) {
    const content = inline(node.getChildren());
    return `<p>${content || "<br>"}</p>`;
  }
  return "";
}

function isEmptyParagraph(node: LexicalNode): boolean {
  return $isParagraphNode(node) && (node as ElementNode).getChildrenSize() === 0;
}

/** The body as the server stores it. Empty paragraphs at the start and the end are left
 * out (an untouched editor gives ""); those between blocks stay, as blank lines. */
export function $bodyHtml(): string {
  const blocks = $getRoot().getChildren();
  let start = 0;
  let end = blocks.length;
  while (start < end && isEmptyParagraph(blocks[start])) start++;
  while (end > start && isEmptyParagraph(blocks[end - 1])) end--;
  return blocks.slice(start, end).map(block).join("");
}

function imageData(img: HTMLImageElement, caption: string, href: string | null): ImageData | null {
  const src = img.getAttribute("src") ?? "";
  // Only the platform's own uploads: anything else (a pasted file:// or a third party's
  // address) the sanitiser would drop anyway.
  if (!src.startsWith("/media/")) return null;
  const size = (name: string) => {
    const value = Number(img.getAttribute(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const coupon = img.classList.contains(COUPON_CLASS);
  return { src, alt: img.getAttribute("alt") ?? "", caption, width: size("width"), height: size("height"), coupon, href: coupon ? href : null };
}

/** The image rules: a <figure> with its image (maybe inside a link) and caption; a link
 * holding nothing but an image (how coupons were written before the editor); an image alone. */
export const IMAGE_IMPORT_RULES = [
  defineImportRule({
    name: "tidemark/figure",
    match: sel.tag("figure"),
    $import: (_ctx, el, $next) => {
      const img = el.querySelector("img");
      if (!img) return $next();
      const caption = el.querySelector("figcaption")?.textContent?.trim() ?? "";
      const data = imageData(img, caption, img.closest("a")?.getAttribute("href") ?? null);
      return data ? [$createImageNode(data)] : [];
    },
  }),
  defineImportRule({
    name: "tidemark/coupon-link",
    match: sel.tag("a"),
    $import: (_ctx, el, $next) => {
      const only = el.children.length === 1 ? el.children[0] : null;
      if (!(only instanceof HTMLImageElement) || el.textContent?.trim()) return $next();
      const data = imageData(only, "", el.getAttribute("href"));
      return data ? [$createImageNode(data)] : [];
    },
  }),
  defineImportRule({
    name: "tidemark/img",
    match: sel.tag("img"),
    $import: (_ctx, el) => {
      const data = imageData(el, "", null);
      return data ? [$createImageNode(data)] : [];
    },
  }),
];

/** A stored body as the editor's nodes (inside an update). */
export function $importBody(html: string): void {
  const nodes = $generateNodesFromDOMViaExtension(parseHtml(html));
  const root = $getRoot();
  root.clear();
  root.append(...nodes);
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}
