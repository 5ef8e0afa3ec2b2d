// The insert menu finds a block by its Korean or English name or by its other words, and the
// publish check counts the images a screen reader could not read out.
import { describe, expect, it } from "vitest";
import { ENTRIES, entriesFor } from "./entries";
import { imagesWithoutAlt } from "./markup";

describe("the insert menu's entries", () => {
  it("are found by either language's names and by their words, spaces and case aside", () => {
    expect(entriesFor("코드").map((entry) => entry.key)).toEqual(["code"]);
    expect(entriesFor("code").map((entry) => entry.key)).toEqual(["code"]);
    expect(entriesFor("CODE").map((entry) => entry.key)).toEqual(["code"]);
    expect(entriesFor("유튜브").map((entry) => entry.key)).toEqual(["video"]);
    expect(entriesFor("제목 2").map((entry) => entry.key)).toEqual(["h2"]);
    expect(entriesFor("구분선").map((entry) => entry.key)).toEqual(["divider", "divider-dots", "divider-short"]);
    expect(entriesFor("")).toHaveLength(ENTRIES.length);
    expect(entriesFor("없는블록")).toEqual([]);
  });

  it("name every block once", () => {
    const keys = ENTRIES.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of ENTRIES) {
      expect(entry.ko.trim()).not.toBe("");
      expect(entry.en.trim()).not.toBe("");
    }
  });
});

describe("the publish check", () => {
  it("counts images without alt text, not a link card's decorative picture", () => {
    expect(imagesWithoutAlt("<p>글</p>")).toBe(0);
    expect(imagesWithoutAlt('<figure><img src="/media/images/a.jpg" alt="설명"></figure>')).toBe(0);
    expect(imagesWithoutAlt('<figure><img src="/media/images/a.jpg" alt=""></figure><p><img src="/media/images/b.jpg"></p>')).toBe(2);
    expect(imagesWithoutAlt('<figure class="gallery"><div class="gallery-row"><img src="/media/images/a.jpg" alt="가"><img src="/media/images/b.jpg" alt=" "></div></figure>')).toBe(1);
    expect(imagesWithoutAlt('<figure class="link-card"><a href="https://example.com"><img src="/media/images/og.jpg" alt=""><span class="link-card-title">제목</span></a></figure>')).toBe(0);
  });
});
