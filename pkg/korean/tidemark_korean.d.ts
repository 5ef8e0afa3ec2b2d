/* tslint:disable */
/* eslint-disable */

/**
 * The initial consonant (초성) of each Hangul syllable, as a keyboard types it:
 * `chosung("마케팅")` → `"ㅁㅋㅌ"`. Other characters are kept as they are
 * (`"디지털 마케팅 2026!"` → `"ㄷㅈㅌ ㅁㅋㅌ 2026!"`), so the result has as many characters as
 * the text.
 */
export function chosung(text: string): string;

/**
 * Keystroke jamo put together the way a Korean input method composes them:
 * `compose("ㅁㅏㅋㅔㅌㅣㅇ")` → `"마케팅"`, `compose("ㄷㅏㄹㄱㅇㅣ")` → `"닭이"`. The inverse of
 * [`decompose`] on syllable text; other characters are kept.
 */
export function compose(jamo: string): string;

/**
 * Hangul syllables spelled as the keystrokes of a Korean keyboard (두벌식):
 * `decompose("닭과")` → `"ㄷㅏㄹㄱㄱㅗㅏ"`. Compound jamo typed alone (ㄺ, ㅘ) are split too;
 * other characters are kept.
 */
export function decompose(text: string): string;

/**
 * Whether `candidate` starts with what a person has typed so far (`query`), the way a Korean
 * suggestion box should match it:
 *
 * - initial consonants stand for their syllables: `"ㅁㅋㅌ"` and `"ㅁ케팅"` match `"마케팅"`;
 * - the last character may still be half-typed, its keystrokes spilling into the next
 *   syllable: `"맠"` matches `"마케팅"`, `"닭"` matches `"달걀"`;
 * - Latin letters match without regard to ASCII case.
 *
 * ```ts
 * import { matchesKoreanPrefix } from "tidemark-core/korean";
 * ["마케팅", "마감", "디자인"].filter((name) => matchesKoreanPrefix("ㅁㅋ", name)); // ["마케팅"]
 * ```
 */
export function matchesKoreanPrefix(query: string, candidate: string): boolean;
