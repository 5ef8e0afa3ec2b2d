// The publish check counts the images a screen reader could not read out.
import { describe, expect, it } from "vitest";
import { imagesWithoutAlt } from "./markup";

describe("the publish check", () => {
  it("counts images without alt text, not a link card's decorative picture", () => {
    expect(imagesWithoutAlt("<p>글</p>")).toBe(0);
    expect(imagesWithoutAlt('<figure><img src="/media/images/a.jpg" alt="설명"></figure>')).toBe(0);
    expect(imagesWithoutAlt('<figure><img src="/media/images/a.jpg" alt=""></figure><p><img src="/media/images/b.jpg"></p>')).toBe(2);
    expect(imagesWithoutAlt('<figure class="gallery"><div class="gallery-row"><img src="/media/images/a.jpg" alt="가"><img src="/media/images/b.jpg" alt=" "></div></figure>')).toBe(1);
    expect(imagesWithoutAlt('<figure class="link-card"><a href="https://example.com"><img src="/media/images/og.jpg" alt=""><span class="link-card-title">제목</span></a></figure>')).toBe(0);
  });
});
