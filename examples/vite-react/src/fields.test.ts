import { describe, expect, it } from "vitest";
import { formatDate } from "tidemark-core";
import { fieldsMatching } from "./fields";

describe("the field filter", () => {
  it("matches 초성 and half-typed syllables", () => {
    expect(fieldsMatching("ㅁㅋ")).toEqual(["마케팅"]);
    expect(fieldsMatching("맠")).toEqual(["마케팅"]);
    expect(fieldsMatching("닭")).toEqual(["닭갈비 맛집", "달걀 요리"]);
    expect(fieldsMatching("ux")).toEqual(["UX 리서치"]);
  });

  it("formats in Korean time whatever the machine's zone", () => {
    expect(formatDate(Date.UTC(2026, 2, 5, 19, 4), "M월 d일 a h:mm", 540, "ko")).toBe("3월 6일 오전 4:04");
  });
});
