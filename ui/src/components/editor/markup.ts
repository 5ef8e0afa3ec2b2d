// The editor's one way from an HTML string to a DOM: a stored body to load, a paste to read,
// a revision to show. The page's CSP requires Trusted Types for every markup sink, and
// DOMParser is one; the `tidemark-editor` policy (named in the CSP) passes the string to an
// inert document: nothing in it runs or loads, the editor only reads it and writes what it
// keeps through its own writer (html.ts).
import { stripScripts } from "../../lib/core";

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML: (html: string) => string }): { createHTML(html: string): unknown };
}

let policy: { createHTML(html: string): unknown } | null | undefined;

function trusted(html: string): string {
  if (policy === undefined) {
    policy = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy("tidemark-editor", { createHTML: (markup) => markup }) ?? null;
  }
  // A TrustedHTML is what DOMParser takes under Trusted Types; TypeScript's DOM types say string.
  return policy ? (policy.createHTML(html) as string) : html;
}

/** `html` as an inert document. */
export function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(trusted(html), "text/html");
}

/** A stored or written body's nodes, to place into a live element (moving nodes is no
 * markup sink). The body has been through the server's sanitiser or the editor's writer; the
 * core's script strip is the page's own second look, as on the post page. */
export function bodyNodes(html: string): Node[] {
  return Array.from(parseHtml(stripScripts(html)).body.childNodes);
}

/** How many images of a body have no alt text (a link card's picture is decorative: its text
 * says what it shows, so it is not counted). */
export function imagesWithoutAlt(html: string): number {
  if (!html.includes("<img")) return 0;
  return Array.from(parseHtml(html).querySelectorAll("img")).filter((img) => !img.closest("figure.link-card") && !(img.getAttribute("alt") ?? "").trim()).length;
}
