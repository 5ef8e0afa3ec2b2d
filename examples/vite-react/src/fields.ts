import type { PasswordProblem } from "tidemark-core";
import { matchesKoreanPrefix } from "tidemark-core/korean";

export const FIELDS = ["마케팅", "마감 일정", "디자인", "데이터 분석", "닭갈비 맛집", "달걀 요리", "UX 리서치"];

/** The fields that start with what has been typed: 초성 (ㅁㅋ), a half-typed syllable (맠). */
export function fieldsMatching(query: string): string[] {
  const typed = query.trim();
  return typed ? FIELDS.filter((field) => matchesKoreanPrefix(typed, field)) : FIELDS;
}

export const PASSWORD_PROBLEMS: Record<PasswordProblem, string> = {
  tooShort: "8자 이상이어야 합니다",
  tooLong: "너무 깁니다",
  tooFewKinds: "대문자, 소문자, 숫자, 기호 중 세 가지가 필요합니다",
  containsEmail: "이메일을 담을 수 없습니다",
};
