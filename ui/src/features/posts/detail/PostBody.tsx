import { useLayoutEffect, useRef } from "react";
import { stripScripts } from "../../../lib/core";
import { BODY_STYLES } from "./bodyStyles";

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

function bodyMarkup(html: string): string {
  const markup = `<style>${BODY_STYLES}</style><div class="body">${stripScripts(html)}</div>`;
  // A TrustedHTML is what innerHTML takes under Trusted Types; TypeScript's DOM types say string.
  return bodyPolicy ? (bodyPolicy.createHTML(markup) as string) : markup;
}

/** The post's sanitised body in a shadow root of its own, with its own stylesheet. */
export function PostBody({ html, tableLabel, label }: { html: string; tableLabel: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    // The server stored the body through its one sanitising policy; the core's script strip
    // is the page's own second look before the markup is parsed.
    root.innerHTML = bodyMarkup(html);
    prepareBody(root, tableLabel);
  }, [html, tableLabel]);
  return <div ref={host} className="post-body" role="region" aria-label={label} data-testid="post-body" />;
}
