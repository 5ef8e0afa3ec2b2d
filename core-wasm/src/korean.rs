//! Korean text helpers shared by the search box (client) and the suggestion index (server):
//! initial consonants (초성), syllable ↔ jamo decomposition, and prefix matching that works
//! while a syllable is still being typed.

const SYLLABLE_FIRST: u32 = 0xAC00;
const SYLLABLE_LAST: u32 = 0xD7A3;
const JUNG_COUNT: u32 = 21;
const JONG_COUNT: u32 = 28;

/// Initial consonants, as compatibility jamo (what a keyboard types).
const CHO: [char; 19] = [
    'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ',
    'ㅌ', 'ㅍ', 'ㅎ',
];
/// Vowels, each spelled as the keystrokes that make it (ㅘ is ㅗ then ㅏ).
const JUNG: [&str; 21] = [
    "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ",
    "ㅜㅓ", "ㅜㅔ", "ㅜㅣ", "ㅠ", "ㅡ", "ㅡㅣ", "ㅣ",
];
/// Final consonants, spelled as keystrokes (ㄺ is ㄹ then ㄱ); index 0 is none.
const JONG: [&str; 28] = [
    "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ",
    "ㄹㅌ", "ㄹㅍ", "ㄹㅎ", "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ",
    "ㅎ",
];
/// Compound vowels and finals as single compatibility jamo, for [`decompose`] of loose jamo.
const COMPOUND_JAMO: [(char, &str); 16] = [
    ('ㅘ', "ㅗㅏ"),
    ('ㅙ', "ㅗㅐ"),
    ('ㅚ', "ㅗㅣ"),
    ('ㅝ', "ㅜㅓ"),
    ('ㅞ', "ㅜㅔ"),
    ('ㅟ', "ㅜㅣ"),
    ('ㅢ', "ㅡㅣ"),
    ('ㄳ', "ㄱㅅ"),
    ('ㄵ', "ㄴㅈ"),
    ('ㄶ', "ㄴㅎ"),
    ('ㄺ', "ㄹㄱ"),
    ('ㄻ', "ㄹㅁ"),
    ('ㄼ', "ㄹㅂ"),
    ('ㄽ', "ㄹㅅ"),
    ('ㄾ', "ㄹㅌ"),
    ('ㅀ', "ㄹㅎ"),
];

/// The parts of a precomposed Hangul syllable: (initial, vowel, final) indices.
pub fn syllable_parts(c: char) -> Option<(usize, usize, usize)> {
    let code = c as u32;
    if !(SYLLABLE_FIRST..=SYLLABLE_LAST).contains(&code) {
        return None;
    }
    let index = code - SYLLABLE_FIRST;
    Some((
        (index / (JUNG_COUNT * JONG_COUNT)) as usize,
        ((index % (JUNG_COUNT * JONG_COUNT)) / JONG_COUNT) as usize,
        (index % JONG_COUNT) as usize,
    ))
}

/// A lone consonant as typed (ㄱ … ㅎ, the 19 that can start a syllable).
pub fn is_initial_consonant(c: char) -> bool {
    CHO.contains(&c)
}

/// 마케팅 → ㅁㅋㅌ. Characters that are not syllables are kept as they are.
pub fn chosung(text: &str) -> String {
    text.chars()
        .map(|c| syllable_parts(c).map_or(c, |(cho, _, _)| CHO[cho]))
        .collect()
}

/// Syllables to keystroke jamo: 닭과 → ㄷㅏㄹㄱㄱㅗㅏ. Compound compatibility jamo are split
/// too; other characters are kept.
pub fn decompose(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for c in text.chars() {
        push_keystrokes(c, &mut out);
    }
    out
}

fn push_keystrokes(c: char, out: &mut String) {
    if let Some((cho, jung, jong)) = syllable_parts(c) {
        out.push(CHO[cho]);
        out.push_str(JUNG[jung]);
        out.push_str(JONG[jong]);
    } else if let Some((_, parts)) = COMPOUND_JAMO.iter().find(|(compound, _)| *compound == c) {
        out.push_str(parts);
    } else {
        out.push(c);
    }
}

fn keystrokes(c: char) -> String {
    let mut out = String::new();
    push_keystrokes(c, &mut out);
    out
}

/// Keystroke jamo back to syllables, the way a Korean input method composes them:
/// ㅁㅏㅋㅔㅌㅣㅇ → 마케팅, ㄷㅏㄹㄱㅇㅣ → 닭이. The inverse of [`decompose`] on syllable text.
pub fn compose(jamo: &str) -> String {
    let chars: Vec<char> = jamo.chars().collect();
    let mut out = String::with_capacity(jamo.len());
    let mut i = 0;
    while i < chars.len() {
        let Some(cho) = CHO.iter().position(|c| *c == chars[i]) else {
            out.push(chars[i]);
            i += 1;
            continue;
        };
        let Some((jung, vowel_len)) = longest_match(&chars[i + 1..], &JUNG) else {
            out.push(chars[i]);
            i += 1;
            continue;
        };
        let mut next = i + 1 + vowel_len;
        // The longest final that does not steal the initial of a following syllable.
        let mut jong = 0;
        for (candidate, parts) in JONG.iter().enumerate().skip(1) {
            let len = parts.chars().count();
            let fits = chars
                .get(next..next + len)
                .is_some_and(|run| run.iter().copied().eq(parts.chars()));
            let followed_by_vowel = chars
                .get(next + len)
                .is_some_and(|c| JUNG.iter().any(|v| v.starts_with(*c)));
            if fits && !followed_by_vowel && len > JONG[jong].chars().count() {
                jong = candidate;
            }
        }
        next += JONG[jong].chars().count();
        let code =
            SYLLABLE_FIRST + (cho as u32 * JUNG_COUNT + jung as u32) * JONG_COUNT + jong as u32;
        out.push(char::from_u32(code).expect("composed index is a Hangul syllable"));
        i = next;
    }
    out
}

fn longest_match(chars: &[char], table: &[&str]) -> Option<(usize, usize)> {
    table
        .iter()
        .enumerate()
        .filter(|(_, parts)| {
            let len = parts.chars().count();
            chars.len() >= len && chars[..len].iter().copied().eq(parts.chars())
        })
        .max_by_key(|(_, parts)| parts.chars().count())
        .map(|(index, parts)| (index, parts.chars().count()))
}

/// Does `candidate` start with what the visitor has typed so far?
///
/// Every typed character but the last must match its position fully: the same character
/// (Latin letters without regard to ASCII case; full Unicode folding is the search index's job), or a lone initial consonant matching the syllable's
/// initial (ㅁㅋㅌ, ㅁ케팅). The last one may still be half-typed: its keystrokes need only be
/// a prefix of the candidate's, spilling into the next syllable's initial (맠 → 마케팅,
/// 닭 → 달걀).
pub fn matches_korean_prefix(query: &str, candidate: &str) -> bool {
    let query: Vec<char> = query.trim().chars().collect();
    let candidate: Vec<char> = candidate.trim_start().chars().collect();
    let Some((last, head)) = query.split_last() else {
        return true;
    };
    if candidate.len() < query.len() {
        return false;
    }
    let full_match = |typed: char, shown: char| {
        typed == shown
            || typed.eq_ignore_ascii_case(&shown)
            || (is_initial_consonant(typed)
                && syllable_parts(shown).is_some_and(|(cho, _, _)| CHO[cho] == typed))
    };
    if !head
        .iter()
        .zip(&candidate)
        .all(|(typed, shown)| full_match(*typed, *shown))
    {
        return false;
    }
    let at = head.len();
    if full_match(*last, candidate[at]) {
        return true;
    }
    let typed = keystrokes(*last);
    let mut shown = keystrokes(candidate[at]);
    if let Some(next) = candidate.get(at + 1).and_then(|c| syllable_parts(*c)) {
        shown.push(CHO[next.0]);
    }
    typed.chars().count() > 1 && shown.starts_with(&typed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn initial_consonants() {
        assert_eq!(chosung("마케팅"), "ㅁㅋㅌ");
        assert_eq!(chosung("디지털 마케팅 2026!"), "ㄷㅈㅌ ㅁㅋㅌ 2026!");
        assert_eq!(chosung("ㄱabc"), "ㄱabc");
    }

    #[test]
    fn decomposes_and_composes() {
        assert_eq!(decompose("마케팅"), "ㅁㅏㅋㅔㅌㅣㅇ");
        assert_eq!(decompose("닭과 의자"), "ㄷㅏㄹㄱㄱㅗㅏ ㅇㅡㅣㅈㅏ");
        assert_eq!(decompose("ㅘㄺ"), "ㅗㅏㄹㄱ");
        assert_eq!(compose("ㅁㅏㅋㅔㅌㅣㅇ"), "마케팅");
        assert_eq!(compose("ㄷㅏㄹㄱㅇㅣ"), "닭이");
        assert_eq!(compose("ㄷㅏㄹㄱㅏ"), "달가");
        assert_eq!(compose("ㄱㅏㄱㅅㅓ"), "각서");
        assert_eq!(compose("ㄱㅗㅏㅇ"), "광");
        assert_eq!(compose("ㅋㅋ abc"), "ㅋㅋ abc");
    }

    #[test]
    fn prefix_matching_while_typing() {
        for query in [
            "ㅁㅋㅌ",
            "ㅁㅋ",
            "ㅁ",
            "마케",
            "맠",
            "마",
            "마케팅",
            "ㅁ케팅",
            "마ㅋ",
            "마케ㅌ",
            "마켙",
            "",
        ] {
            assert!(matches_korean_prefix(query, "마케팅"), "{query}");
        }
        for query in ["ㅋㅌ", "케팅", "막", "마케팅팀", "ㅁㅋㅌㅇ", "멐"] {
            assert!(!matches_korean_prefix(query, "마케팅"), "{query}");
        }
        assert!(matches_korean_prefix("닭", "달걀"));
        assert!(matches_korean_prefix("고", "과자"));
        assert!(matches_korean_prefix("tide", "Tidemark 소식"));
        assert!(matches_korean_prefix("TIDEM", "tidemark"));
        assert!(!matches_korean_prefix("tidy", "tidemark"));
    }

    proptest! {
        #[test]
        fn compose_inverts_decompose(text in "[가-힣]{0,12}") {
            prop_assert_eq!(compose(&decompose(&text)), text);
        }

        #[test]
        fn chosung_keeps_length_and_prefixes_match(text in "[가-힣]{1,12}", cut in 1usize..12) {
            let initials = chosung(&text);
            prop_assert_eq!(initials.chars().count(), text.chars().count());
            let cut = cut.min(text.chars().count());
            let prefix: String = text.chars().take(cut).collect();
            let initials_prefix: String = initials.chars().take(cut).collect();
            prop_assert!(matches_korean_prefix(&prefix, &text));
            prop_assert!(matches_korean_prefix(&initials_prefix, &text));
        }

        #[test]
        fn every_keystroke_prefix_of_a_word_matches(text in "[가-힣]{1,6}", cut in 1usize..30) {
            // What an input method shows after each keystroke of the word.
            let strokes: Vec<char> = decompose(&text).chars().collect();
            let cut = cut.min(strokes.len());
            let typed = compose(&strokes[..cut].iter().collect::<String>());
            prop_assert!(matches_korean_prefix(&typed, &text), "{} after {} strokes of {}", typed, cut, text);
        }
    }
}
