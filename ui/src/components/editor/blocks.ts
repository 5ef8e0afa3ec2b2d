// The body's blocks that are one piece each (a divider, a video, a link card, a file, a
// gallery): what the editor keeps of each, how it is written into the stored body and read
// back from it. The classes are the core's (`blockChoices`), the ones the server's sanitiser
// keeps; docs/media.md has the stored forms.
import { safeLink } from "../../lib/core";
import { blockChoices, galleryRows } from "./choices";

/** A picture of a block: an upload of the platform. */
export interface Picture {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export type BlockData =
  | { kind: "divider"; style: string }
  | { kind: "video"; player: string; title: string; thumbnail: Picture | null; caption: string }
  | { kind: "linkCard"; url: string; title: string; text: string; site: string; image: Picture | null }
  | { kind: "file"; href: string; name: string }
  | { kind: "gallery"; images: Picture[]; caption: string };

/** `rel` of every body link (the sanitiser's LINK_REL). */
const LINK_REL = "noopener noreferrer nofollow ugc";

// Escaping as the sanitiser's serialiser writes it (./html.ts does the same for the rest).
function text(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/"/g, "&quot;");
}

function img(picture: Picture): string {
  const size = `${picture.width ? ` width="${picture.width}"` : ""}${picture.height ? ` height="${picture.height}"` : ""}`;
  return `<img src="${attr(picture.src)}" alt="${attr(picture.alt)}"${size}>`;
}

function caption(value: string): string {
  return value.trim() ? `<figcaption>${text(value.trim())}</figcaption>` : "";
}

/** The attributes the sanitiser gives every player's frame, in its order (server/src/content/
 * sanitize: FRAME_ATTRIBUTES); written here too, so a stored body reads back unchanged. */
const FRAME = ' sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen="" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"';

/** A block as the stored body holds it. */
export function blockHtml(block: BlockData): string {
  switch (block.kind) {
    case "divider": {
      const className = blockChoices().dividers.find((choice) => choice.word === block.style)?.className;
      return className ? `<hr class="${className}">` : "<hr>";
    }
    case "video": {
      const title = block.title.trim() ? ` title="${attr(block.title.trim())}"` : "";
      const thumbnail = block.thumbnail ? img(block.thumbnail) : "";
      return `<figure class="video">${thumbnail}<iframe src="${attr(block.player)}"${title}${FRAME}></iframe>${caption(block.caption)}</figure>`;
    }
    case "linkCard": {
      const href = safeLink(block.url) ?? "";
      const parts = [
        block.image ? img(block.image) : "",
        `<span class="link-card-title">${text(block.title)}</span>`,
        block.text.trim() ? `<span class="link-card-text">${text(block.text.trim())}</span>` : "",
        `<span class="link-card-site">${text(block.site)}</span>`,
      ].join("");
      return `<figure class="link-card"><a href="${attr(href)}" rel="${LINK_REL}">${parts}</a></figure>`;
    }
    case "file":
      return `<figure class="file"><a href="${attr(block.href)}" rel="${LINK_REL}">${text(block.name)}</a></figure>`;
    case "gallery": {
      let at = 0;
      const rows = galleryRows(block.images.length).map((count) => {
        const row = block.images.slice(at, at + count).map(img).join("");
        at += count;
        return `<div class="gallery-row">${row}</div>`;
      });
      return `<figure class="gallery">${rows.join("")}${caption(block.caption)}</figure>`;
    }
  }
}

function pictureOf(element: Element | null | undefined): Picture | null {
  if (!(element instanceof HTMLImageElement)) return null;
  const src = element.getAttribute("src") ?? "";
  if (!src.startsWith("/media/")) return null;
  const size = (name: string) => {
    const value = Number(element.getAttribute(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return { src, alt: element.getAttribute("alt") ?? "", width: size("width"), height: size("height") };
}

const captionOf = (figure: Element) => figure.querySelector(":scope > figcaption")?.textContent?.trim() ?? "";

/** The block a stored element is, if it is one: an `<hr>`, or a `<figure>` of a block's class. */
export function blockOf(element: Element): BlockData | null {
  if (element.tagName === "HR") {
    const style = blockChoices().dividers.find((choice) => choice.className && element.classList.contains(choice.className))?.word ?? "line";
    return { kind: "divider", style };
  }
  if (element.tagName !== "FIGURE") return null;
  if (element.classList.contains("video")) {
    // A stored body's frames are players' canonical addresses: the sanitiser keeps no other.
    const frame = element.querySelector("iframe");
    const player = frame?.getAttribute("src") ?? "";
    if (!/^https:\/\//.test(player)) return null;
    return { kind: "video", player, title: frame?.getAttribute("title") ?? "", thumbnail: pictureOf(element.querySelector(":scope > img")), caption: captionOf(element) };
  }
  if (element.classList.contains("link-card")) {
    const link = element.querySelector("a");
    const url = safeLink(link?.getAttribute("href") ?? "");
    if (!link || !url) return null;
    const part = (name: string) => link.querySelector(`.${name}`)?.textContent?.trim() ?? "";
    return { kind: "linkCard", url, title: part("link-card-title"), text: part("link-card-text"), site: part("link-card-site"), image: pictureOf(link.querySelector("img")) };
  }
  if (element.classList.contains("file")) {
    const link = element.querySelector("a");
    const href = link?.getAttribute("href") ?? "";
    if (!href.startsWith("/media/")) return null;
    return { kind: "file", href, name: link?.textContent?.trim() ?? "" };
  }
  if (element.classList.contains("gallery")) {
    const images = Array.from(element.querySelectorAll("img"))
      .map(pictureOf)
      .filter((picture): picture is Picture => picture !== null);
    const { galleryMin, galleryMax } = blockChoices();
    if (images.length < galleryMin || images.length > galleryMax) return null;
    return { kind: "gallery", images, caption: captionOf(element) };
  }
  return null;
}

/** The block's plain words, for the editor's view and its checks. */
export function blockLabel(block: BlockData): string {
  switch (block.kind) {
    case "video":
      return block.title;
    case "linkCard":
      return block.title;
    case "file":
      return block.name;
    case "gallery":
      return block.caption;
    case "divider":
      return "";
  }
}
