//! The `tidemark-core/korean` entry: Korean text as people type it, for filter-as-you-type
//! lists and suggestion boxes. The server's suggestion index keys its entries with the same
//! functions, so a list filtered in the browser agrees with the server's suggestions.

use crate::korean;
use wasm_bindgen::prelude::*;

/// The initial consonant (초성) of each Hangul syllable, as a keyboard types it:
/// `chosung("마케팅")` → `"ㅁㅋㅌ"`. Other characters are kept as they are
/// (`"디지털 마케팅 2026!"` → `"ㄷㅈㅌ ㅁㅋㅌ 2026!"`), so the result has as many characters as
/// the text.
#[wasm_bindgen]
pub fn chosung(text: &str) -> String {
    korean::chosung(text)
}

/// Hangul syllables spelled as the keystrokes of a Korean keyboard (두벌식):
/// `decompose("닭과")` → `"ㄷㅏㄹㄱㄱㅗㅏ"`. Compound jamo typed alone (ㄺ, ㅘ) are split too;
/// other characters are kept.
#[wasm_bindgen]
pub fn decompose(text: &str) -> String {
    korean::decompose(text)
}

/// Keystroke jamo put together the way a Korean input method composes them:
/// `compose("ㅁㅏㅋㅔㅌㅣㅇ")` → `"마케팅"`, `compose("ㄷㅏㄹㄱㅇㅣ")` → `"닭이"`. The inverse of
/// [`decompose`] on syllable text; other characters are kept.
#[wasm_bindgen]
pub fn compose(jamo: &str) -> String {
    korean::compose(jamo)
}

/// Whether `candidate` starts with what a person has typed so far (`query`), the way a Korean
/// suggestion box should match it:
///
/// - initial consonants stand for their syllables: `"ㅁㅋㅌ"` and `"ㅁ케팅"` match `"마케팅"`;
/// - the last character may still be half-typed, its keystrokes spilling into the next
///   syllable: `"맠"` matches `"마케팅"`, `"닭"` matches `"달걀"`;
/// - Latin letters match without regard to ASCII case.
///
/// ```ts
/// import { matchesKoreanPrefix } from "tidemark-core/korean";
/// ["마케팅", "마감", "디자인"].filter((name) => matchesKoreanPrefix("ㅁㅋ", name)); // ["마케팅"]
/// ```
#[wasm_bindgen(js_name = matchesKoreanPrefix)]
pub fn matches_korean_prefix(query: &str, candidate: &str) -> bool {
    korean::matches_korean_prefix(query, candidate)
}
