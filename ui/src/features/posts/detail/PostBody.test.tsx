import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PostBody } from "./PostBody";

const HTML = [
  "<h2>핵심 요약</h2>",
  '<p><a href="https://example.com/coupon/7" rel="noopener noreferrer nofollow ugc"><img class="coupon" src="/media/images/c.png" alt="출시 기념 쿠폰" width="480" height="252"></a></p>',
  '<figure><img src="/media/images/a.png" alt="보트" width="960" height="504"><figcaption>제공</figcaption></figure>',
  '<p><a href="https://example.com/big" rel="noopener noreferrer nofollow ugc"><img src="/media/images/b.png" alt="그림"></a></p>',
  '<p>본문 <a href="https://example.com/more" rel="noopener noreferrer nofollow ugc">더 보기</a></p>',
  "<table><caption>지표</caption><tbody><tr><td>전환율</td><td>1.8%</td></tr></tbody></table>",
  "<script>window.ran = true</script>",
].join("");

function shadowOf(): ShadowRoot {
  const host = screen.getByTestId("post-body");
  expect(host.shadowRoot).not.toBeNull();
  return host.shadowRoot as ShadowRoot;
}

describe("PostBody", () => {
  it("renders the body in an open shadow root with its own stylesheet", () => {
    render(<PostBody html={HTML} tableLabel="표" label="본문" />);
    const root = shadowOf();
    const style = root.querySelector("style");
    expect(style?.textContent).toContain("max-width: 100%");
    expect(style?.textContent).toContain("blockquote");
    expect(style?.textContent).toContain("figcaption");
    expect(root.querySelector("h2")?.textContent).toBe("핵심 요약");
    // Nothing of it is in the page's own document.
    expect(document.querySelector("h2")).toBeNull();
    expect(root.querySelector("script")).toBeNull();
  });

  it("keeps the coupon's link: clickable and reachable by keyboard, in a new window", () => {
    render(<PostBody html={HTML} tableLabel="표" label="본문" />);
    const coupon = shadowOf().querySelector("img.coupon") as HTMLImageElement;
    const link = coupon.closest("a") as HTMLAnchorElement;
    expect(link).not.toBeNull();
    expect(link.getAttribute("href")).toBe("https://example.com/coupon/7");
    expect(link.classList.contains("coupon-link")).toBe(true);
    expect(link.target).toBe("_blank");
    expect(link.rel).toContain("noopener");
    // A link with an address is in the tab order and answers Enter.
    expect(link.tabIndex).toBe(0);
  });

  it("leaves other images without a link, even when the author wrapped one in a link", () => {
    render(<PostBody html={HTML} tableLabel="표" label="본문" />);
    const root = shadowOf();
    const pictures = Array.from(root.querySelectorAll("img:not(.coupon)"));
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      expect(picture.closest("a")).toBeNull();
      expect(picture.getAttribute("loading")).toBe("lazy");
    }
    expect(root.querySelector("style")?.textContent).toContain("img:not(.coupon) { pointer-events: none; }");
    // Text links stay links.
    expect(root.querySelector('a[href="https://example.com/more"]')?.textContent).toBe("더 보기");
  });

  it("puts tables in a focusable, labelled region that scrolls sideways", () => {
    render(<PostBody html={HTML} tableLabel="표" label="본문" />);
    const wrapper = shadowOf().querySelector("table")?.parentElement as HTMLElement;
    expect(wrapper.className).toBe("table-scroll");
    expect(wrapper.getAttribute("role")).toBe("region");
    expect(wrapper.getAttribute("tabindex")).toBe("0");
    expect(wrapper.getAttribute("aria-label")).toBe("지표 — 표");
  });

  it("renders a new body into the same shadow root", () => {
    const { rerender } = render(<PostBody html="<p>one</p>" tableLabel="표" label="본문" />);
    rerender(<PostBody html="<p>two</p>" tableLabel="표" label="본문" />);
    const root = shadowOf();
    expect(root.querySelectorAll("p")).toHaveLength(1);
    expect(root.querySelector("p")?.textContent).toBe("two");
  });
});
