// Texts filled with names: Korean particles written as pairs take the filled word's form.
import { describe, expect, it } from "vitest";
import { fill } from "./i18n";

describe("fill", () => {
  it("puts each particle pair after a place in the form the filled word takes", () => {
    expect(fill("'{title}'을(를) 발행했습니다.", { title: "클라우드" })).toBe("'클라우드'를 발행했습니다.");
    expect(fill("'{title}'을(를) 발행했습니다.", { title: "제로 트러스트 보안" })).toBe("'제로 트러스트 보안'을 발행했습니다.");
    expect(fill("{name}을(를) 인증했습니다.", { name: "한빛상사" })).toBe("한빛상사를 인증했습니다.");
  });

  it("keeps the pair where the word's last sound is not known", () => {
    expect(fill("{email}(으)로 6자리 인증 코드를 보냈습니다.", { email: "kim@example.com" })).toBe(
      "kim@example.com(으)로 6자리 인증 코드를 보냈습니다.",
    );
  });

  it("fills places and leaves unknown ones as they are", () => {
    expect(fill("{n}초 뒤에 {what}", { n: 3 })).toBe("3초 뒤에 {what}");
  });
});
