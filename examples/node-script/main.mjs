// A Node.js script using tidemark-core: no bundler, no flag.
import { checkPassword, detectDevice, formatDate, formatNumber, resolveParticles } from "tidemark-core";
import { chosung, matchesKoreanPrefix } from "tidemark-core/korean";

const KOREA = 540; // minutes east of UTC
const publishedAt = Date.UTC(2026, 2, 5, 19, 4);

console.log(formatDate(publishedAt, "yyyy년 M월 d일 a h:mm", KOREA, "ko"));
console.log(formatNumber(1234567.891));
console.log(resolveParticles("이음HR이(가) 마케팅을(를) 시작합니다"));
console.log(checkPassword("tide", "kim@tidemark.kr").problems.join(", "));
console.log(detectDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1").deviceOs);

const names = ["마케팅", "마감", "디자인", "데이터 분석"];
console.log(chosung("데이터 분석"));
console.log(names.filter((name) => matchesKoreanPrefix("ㅁㅋ", name)).join(", "));
console.log(names.filter((name) => matchesKoreanPrefix("맠", name)).join(", "));

try {
  formatDate(publishedAt, "YYYY-MM-DD", KOREA);
} catch (error) {
  // A CoreError: a real Error with a code.
  console.log(error instanceof Error && "code" in error ? error.code : "not a CoreError");
}
