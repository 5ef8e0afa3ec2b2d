//! Korean text helpers: for the suggestion index (server), initial consonants (초성),
//! syllable ↔ jamo decomposition, and prefix matching that works while a syllable is still
//! being typed; for every text that joins a word and a particle (the browser's and the
//! server's), the particle's form after that word.

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

/// The particles whose form follows the word before them, each as it is written when the
/// word is not known (`을(를)`), with its form after a final consonant and after none. `로`
/// also follows a final ㄹ (서울로, 이커머스로, 책으로).
const PARTICLES: [(&str, &str, &str); 11] = [
    ("을(를)", "을", "를"),
    ("를(을)", "을", "를"),
    ("이(가)", "이", "가"),
    ("가(이)", "이", "가"),
    ("은(는)", "은", "는"),
    ("는(은)", "은", "는"),
    ("과(와)", "과", "와"),
    ("와(과)", "과", "와"),
    ("(으)로", "으로", "로"),
    ("(이)나", "이나", "나"),
    ("(이)라", "이라", "라"),
];

/// Index of final ㄹ in [`JONG`].
const FINAL_RIEUL: usize = 8;

/// The final consonant (its index in [`JONG`], 0 for none) of the word that ends `text`, as
/// it is read: a syllable's own, a digit's Korean reading (1 일, 3 삼, 6 육, 0 영 end in a
/// consonant), a capital letter's name (HR 에이치알), past closing quotes and brackets
/// ('제목'을). `None` when that cannot be known (a lowercase Latin word, a sign, nothing).
fn final_consonant_of(text: &str) -> Option<usize> {
    let last = text.chars().rev().find(|c| {
        !matches!(
            c,
            '\'' | '"' | '’' | '”' | ')' | ']' | '」' | '』' | '》' | '〉'
        )
    })?;
    if let Some((_, _, jong)) = syllable_parts(last) {
        return Some(jong);
    }
    // A capital letter ends an acronym, read by its letter's name (HR 에이치알, KT 케이티):
    // ㄹ for L and R, ㅁ for M, ㄴ for N, none for the others. A lowercase letter ends a word
    // whose reading is not known.
    if last.is_ascii_uppercase() {
        return Some(match last {
            'L' | 'R' => FINAL_RIEUL,
            'M' => 16,
            'N' => 4,
            _ => 0,
        });
    }
    // ㄹ for 1, 7, 8; ㅁ for 3; ㄱ for 6; ㅇ for 0; none for 2, 4, 5, 9.
    const DIGIT_FINALS: [usize; 10] = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0];
    last.to_digit(10)
        .and_then(|digit| DIGIT_FINALS.get(digit as usize).copied())
}

/// The form of `particle` (one of the written pairs: `을(를)`, `이(가)`, `은(는)`, `과(와)`,
/// `(으)로`, `(이)나`, `(이)라`, either way round) that follows `word`; the pair as it is
/// written when the word's last sound is not known, and `particle` itself when it is no pair.
pub fn particle_after<'a>(word: &str, particle: &'a str) -> &'a str {
    let Some(&(written, with_final, without_final)) = PARTICLES
        .iter()
        .find(|(written, _, _)| *written == particle)
    else {
        return particle;
    };
    match final_consonant_of(word) {
        None => particle,
        Some(0) => without_final,
        Some(FINAL_RIEUL) if written == "(으)로" => without_final,
        Some(_) => with_final,
    }
}

/// `text` with every written pair (`을(를)`, `(으)로`, …) put in the form its word takes:
/// "'보안'을(를) 발행했습니다" → "'보안'을 발행했습니다". A pair after a word whose last
/// sound is not known (a Latin name, an e-mail address) stays as it is written.
pub fn resolve_particles(text: &str) -> String {
    // One pass, trying each pair where a character starts, without slicing that could panic
    // (a panic's message formatting would weigh more in the browser's core than the rule).
    let mut out = String::with_capacity(text.len());
    let mut skip_until = 0;
    for (at, c) in text.char_indices() {
        if at < skip_until {
            continue;
        }
        let here = text.get(at..).unwrap_or_default();
        match PARTICLES
            .iter()
            .find(|(written, _, _)| here.starts_with(written))
        {
            Some((written, _, _)) => {
                let form = particle_after(&out, written);
                out.push_str(form);
                skip_until = at + written.len();
            }
            None => out.push(c),
        }
    }
    out
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

    /// `word` followed by the right form of `particle`.
    fn with_particle(word: &str, particle: &str) -> String {
        format!("{word}{}", particle_after(word, particle))
    }

    #[test]
    fn particles_follow_the_last_sound_of_the_word() {
        assert_eq!(with_particle("클라우드", "을(를)"), "클라우드를");
        assert_eq!(with_particle("보안", "을(를)"), "보안을");
        assert_eq!(with_particle("이커머스", "(으)로"), "이커머스로");
        assert_eq!(with_particle("서울", "(으)로"), "서울로");
        assert_eq!(with_particle("책", "(으)로"), "책으로");
        assert_eq!(with_particle("핀테크", "이(가)"), "핀테크가");
        assert_eq!(with_particle("한빛상사", "은(는)"), "한빛상사는");
        assert_eq!(with_particle("물류", "과(와)"), "물류와");
        assert_eq!(with_particle("인공지능", "와(과)"), "인공지능과");
        assert_eq!(with_particle("공장", "(이)라"), "공장이라");
        // Digits as they are read: 3 삼, 2 이, 7 칠 (ㄹ takes 로), 10 십.
        assert_eq!(with_particle("2023", "을(를)"), "2023을");
        assert_eq!(with_particle("시즌 2", "을(를)"), "시즌 2를");
        assert_eq!(with_particle("7", "(으)로"), "7로");
        assert_eq!(with_particle("6", "(으)로"), "6으로");
        // Acronyms by their letters' names: 알 (ㄹ), 엠 (ㅁ), 엔 (ㄴ), 티 (none).
        assert_eq!(with_particle("이음HR", "이(가)"), "이음HR이");
        assert_eq!(with_particle("이음HR", "(으)로"), "이음HR로");
        assert_eq!(with_particle("IBM", "은(는)"), "IBM은");
        assert_eq!(with_particle("KT", "을(를)"), "KT를");
        assert_eq!(with_particle("Kora Bio", "이(가)"), "Kora Bio이(가)");
        // Past closing quotes and brackets.
        assert_eq!(with_particle("'보안 점검'", "을(를)"), "'보안 점검'을");
        assert_eq!(with_particle("「리포트」", "이(가)"), "「리포트」가");
        // Not known: the pair as it is written.
        assert_eq!(with_particle("Tidemark", "을(를)"), "Tidemark을(를)");
        assert_eq!(with_particle("a@b.kr", "(으)로"), "a@b.kr(으)로");
        assert_eq!(with_particle("", "이(가)"), "이(가)");
        // Not a pair: itself.
        assert_eq!(with_particle("보안", "의"), "보안의");
    }

    #[test]
    fn every_pair_in_a_text_takes_its_word_s_form() {
        assert_eq!(
            resolve_particles(
                "'제로 트러스트'을(를) 발행했습니다. 한빛상사이(가) 서울(으)로 옮겼습니다."
            ),
            "'제로 트러스트'를 발행했습니다. 한빛상사가 서울로 옮겼습니다."
        );
        assert_eq!(
            resolve_particles("a@b.kr(으)로 코드를 보냈습니다."),
            "a@b.kr(으)로 코드를 보냈습니다."
        );
        assert_eq!(
            resolve_particles("바뀐 것이 없습니다."),
            "바뀐 것이 없습니다."
        );
        assert_eq!(resolve_particles(""), "");
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
