// What the body's blocks do for readers once it is shown. The body comes as the server makes
// it for readers (tidemark_core::reading::reader_body, also the first view's): each player a
// play button holding its frame's address and attributes, each heading with its anchor. Here:
// the buttons' names in the page's language, the sections for the contents list, and a play
// button's click, which makes the player's frame only then, so the page loads nothing of the
// provider's before.

/** A heading of the body, as the contents list shows it. */
export interface Section {
  level: 2 | 3;
  text: string;
  anchor: string;
}

/** The body's anchored headings, in order. */
export function sectionsOf(root: ParentNode): Section[] {
  return Array.from(root.querySelectorAll<HTMLHeadingElement>("h2[id], h3[id]")).map((heading) => ({
    level: heading.tagName === "H3" ? 3 : 2,
    text: (heading.textContent ?? "").split(/\s+/).filter(Boolean).join(" "),
    anchor: heading.id,
  }));
}

/** Each play button named for a screen reader: "동영상 재생: {title} ({provider})". */
export function labelPlayButtons(root: ParentNode, playLabel: string): void {
  for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>("button.video-play"))) {
    const title = button.querySelector(".video-play-title")?.textContent?.trim() ?? "";
    const provider = button.querySelector(".video-play-provider")?.textContent?.trim() ?? "";
    button.setAttribute("aria-label", title ? `${playLabel}: ${title} (${provider})` : `${playLabel} (${provider})`);
    for (const span of Array.from(button.querySelectorAll("span"))) span.setAttribute("aria-hidden", "true");
  }
}

/** A click on a play button: the player's frame in its place (the thumbnail goes), focused,
 * starting at once. The page's CSP lets frames come only from the providers' players. */
export function playOnClick(event: Event): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button.video-play") : null;
  const src = target?.dataset.play;
  if (!target || !src || !/^https:\/\//.test(src)) return;
  const iframe = target.ownerDocument.createElement("iframe");
  iframe.src = src;
  iframe.setAttribute("sandbox", target.dataset.sandbox ?? "");
  iframe.setAttribute("allow", target.dataset.allow ?? "");
  iframe.setAttribute("allowfullscreen", "");
  iframe.setAttribute("referrerpolicy", target.dataset.referrerPolicy ?? "no-referrer");
  iframe.title = target.querySelector(".video-play-title")?.textContent || target.querySelector(".video-play-provider")?.textContent || "";
  iframe.className = "video-frame";
  const figure = target.closest("figure");
  figure?.querySelector(":scope > img")?.remove();
  figure?.classList.add("video-playing");
  target.replaceWith(iframe);
  iframe.focus();
}

/** Each picture of the body (not a coupon, a link card's or a video's thumbnail) made a button
 * that shows it large: reachable by keyboard, named "이미지 크게 보기: {alt}". */
export function imageButtons(root: ParentNode, openLabel: string): void {
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>("img"))) {
    if (image.classList.contains("coupon") || image.closest("a, button, figure.video, figure.link-card")) continue;
    const button = image.ownerDocument.createElement("button");
    button.type = "button";
    button.className = "image-open";
    const alt = image.getAttribute("alt") ?? "";
    button.setAttribute("aria-label", alt ? `${openLabel}: ${alt}` : openLabel);
    image.replaceWith(button);
    button.append(image);
  }
}
