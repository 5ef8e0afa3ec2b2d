//! Text analysis without a dictionary: Korean (and other CJK scripts) as syllable unigrams and
//! bigrams, other scripts as lower-cased, accent-folded words. The same code reads documents
//! and queries, and finds the spans the UI highlights.
//!
//! Why n-grams: a morphological analyser (lindera with ko-dic) downloads its dictionary at
//! build time, which this build cannot do. Bigrams find a word inside a compound or before a
//! particle (마케팅 in 디지털마케팅을) at the price of some false matches across word
//! boundaries, which the phrase query (consecutive bigrams) keeps rare.

use std::cell::RefCell;
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, TextAnalyzer, Token,
    TokenStream, Tokenizer,
};

/// Tokenizer names, registered on the index at every open.
pub const UNIGRAM: &str = "tm_uni";
pub const BIGRAM: &str = "tm_bi";
pub const WORD: &str = "tm_word";

/// Longest word kept (longer ones are noise: hashes, URLs without separators).
const MAX_WORD_BYTES: usize = 64;

/// Characters indexed as n-grams: Hangul syllables and jamo, CJK ideographs, kana.
pub fn is_gram_char(c: char) -> bool {
    matches!(c as u32,
        0xAC00..=0xD7A3 // Hangul syllables
        | 0x1100..=0x11FF // Hangul jamo
        | 0x3131..=0x318E // Hangul compatibility jamo (ㅋㅋ)
        | 0x3040..=0x30FF // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK extension A
        | 0x4E00..=0x9FFF // CJK unified ideographs
        | 0xF900..=0xFAFF) // CJK compatibility ideographs
}

/// Characters of words: letters and digits of the other scripts.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_gram_char(c)
}

/// A Hangul syllable (가 … 힣).
pub fn is_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// The analyzers the index registers under [`UNIGRAM`], [`BIGRAM`] and [`WORD`].
pub fn analyzers() -> [(&'static str, TextAnalyzer); 3] {
    [
        (
            UNIGRAM,
            TextAnalyzer::from(GramTokenizer { bigrams: false }),
        ),
        (BIGRAM, TextAnalyzer::from(GramTokenizer { bigrams: true })),
        (WORD, word_analyzer()),
    ]
}

fn word_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer)
        .filter(RemoveLongFilter::limit(MAX_WORD_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

thread_local! {
    static WORDS: RefCell<TextAnalyzer> = RefCell::new(word_analyzer());
    static FOLDER: RefCell<TextAnalyzer> = RefCell::new(
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build(),
    );
}

/// The index terms of a run of word characters, as the word field holds them.
pub fn word_terms(text: &str) -> Vec<String> {
    WORDS.with(|analyzer| {
        let mut analyzer = analyzer.borrow_mut();
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while let Some(token) = stream.next() {
            out.push(token.text.clone());
        }
        out
    })
}

/// One character as the index compares it: lower-cased and, outside ASCII, folded to ASCII
/// the way tantivy's folding filter does (é → e, ß → ss). N-gram characters stay as they are.
pub fn fold_char(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else if is_gram_char(c) || !c.is_alphanumeric() {
        out.push(c);
    } else {
        let mut buffer = [0u8; 4];
        let single: &str = c.encode_utf8(&mut buffer);
        FOLDER.with(|analyzer| {
            let mut analyzer = analyzer.borrow_mut();
            let mut stream = analyzer.token_stream(single);
            match stream.next() {
                Some(token) => out.push_str(&token.text),
                None => out.push(c),
            }
        });
    }
}

/// A whole string folded with [`fold_char`].
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        fold_char(c, &mut out);
    }
    out
}

/// Words of non-n-gram scripts; the filters of [`word_analyzer`] lower-case and fold them.
#[derive(Clone, Copy, Default)]
struct WordTokenizer;

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = VecTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> VecTokenStream {
        let mut tokens = Vec::new();
        let mut start: Option<usize> = None;
        for (at, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (is_word_char(c), start) {
                (true, None) => start = Some(at),
                (false, Some(from)) => {
                    tokens.push(Token {
                        offset_from: from,
                        offset_to: at,
                        position: tokens.len(),
                        text: text[from..at].to_string(),
                        position_length: 1,
                    });
                    start = None;
                }
                _ => {}
            }
        }
        VecTokenStream::new(tokens)
    }
}

/// N-grams of n-gram characters: every character alone (`bigrams: false`), or every pair of
/// neighbours (`bigrams: true`). Pairs also join across plain spaces, so 디지털 마케팅 holds
/// the pair 털마 and the query 디지털마케팅 (written without the space) still finds it;
/// punctuation and other scripts break the chain and leave a position gap, so a phrase never
/// spans them.
#[derive(Clone, Copy)]
struct GramTokenizer {
    bigrams: bool,
}

impl Tokenizer for GramTokenizer {
    type TokenStream<'a> = VecTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> VecTokenStream {
        let mut tokens = Vec::new();
        let mut position = 0usize;
        let mut previous: Option<(usize, char)> = None;
        let mut joined = false;
        for (at, c) in text.char_indices() {
            if is_gram_char(c) {
                let end = at + c.len_utf8();
                if !self.bigrams {
                    tokens.push(gram_token(&text[at..end], at, end, position));
                    position += 1;
                } else if let Some((from, _)) = previous.filter(|_| joined) {
                    tokens.push(gram_token(&text[from..end], from, end, position));
                    position += 1;
                }
                previous = Some((at, c));
                joined = true;
            } else if !c.is_whitespace() && joined {
                joined = false;
                position += 1;
            }
        }
        VecTokenStream::new(tokens)
    }
}

fn gram_token(text: &str, from: usize, to: usize, position: usize) -> Token {
    // A bigram's text is its two characters (a space between them is not part of the term).
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    Token {
        offset_from: from,
        offset_to: to,
        position,
        text,
        position_length: 1,
    }
}

/// Tokens computed up front (titles and bodies are short enough).
struct VecTokenStream {
    tokens: Vec<Token>,
    next: usize,
    current: Token,
}

impl VecTokenStream {
    fn new(tokens: Vec<Token>) -> Self {
        Self {
            tokens,
            next: 0,
            current: Token::default(),
        }
    }
}

impl TokenStream for VecTokenStream {
    fn advance(&mut self) -> bool {
        match self.tokens.get_mut(self.next) {
            Some(token) => {
                self.current = std::mem::take(token);
                self.next += 1;
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        &self.current
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.current
    }
}

/// Endings stripped from the end of a Korean query word: case particles and a few verb
/// endings (마케팅을 → 마케팅, 창업하는 → 창업). Longest first. The stem is a prefix of the
/// word, so stripping never loses a document that has the whole word; it is only done when
/// at least two syllables remain (가을 stays 가을).
const ENDINGS: [&str; 38] = [
    "에서는",
    "에서도",
    "으로는",
    "으로도",
    "이라는",
    "입니다",
    "에서",
    "으로",
    "에게",
    "한테",
    "까지",
    "부터",
    "처럼",
    "보다",
    "이나",
    "이란",
    "이다",
    "하는",
    "하기",
    "하고",
    "하면",
    "해서",
    "했던",
    "하려면",
    "을",
    "를",
    "이",
    "가",
    "은",
    "는",
    "에",
    "의",
    "와",
    "과",
    "도",
    "로",
    "만",
    "한",
];

/// What a query is made of: every part must match.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// A run of n-gram characters: `text` is searched (its stem when an ending was
    /// stripped); `whole` is the run as typed, for highlighting.
    Grams { text: String, whole: String },
    /// A word of another script, as the word field holds it (lower-cased, folded).
    Word(String),
}

/// Splits a query into its parts; punctuation is ignored, so a query of only punctuation has
/// no part (and no result).
pub fn query_parts(query: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut run = String::new();
    let mut word = String::new();
    let flush_run = |run: &mut String, parts: &mut Vec<Part>| {
        if !run.is_empty() {
            let whole = std::mem::take(run);
            let text = strip_ending(&whole).to_string();
            let part = Part::Grams { text, whole };
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
    };
    let flush_word = |word: &mut String, parts: &mut Vec<Part>| {
        if !word.is_empty() {
            for term in word_terms(word) {
                let part = Part::Word(term);
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
            word.clear();
        }
    };
    for c in query.chars() {
        if is_gram_char(c) {
            flush_word(&mut word, &mut parts);
            run.push(c);
        } else if is_word_char(c) {
            flush_run(&mut run, &mut parts);
            word.push(c);
        } else {
            flush_run(&mut run, &mut parts);
            flush_word(&mut word, &mut parts);
        }
    }
    flush_run(&mut run, &mut parts);
    flush_word(&mut word, &mut parts);
    parts
}

fn strip_ending(run: &str) -> &str {
    let length = run.chars().count();
    for ending in ENDINGS {
        if let Some(stem) = run.strip_suffix(ending) {
            let stem_length = length - ending.chars().count();
            if stem_length >= 2 || (ending == "를" && stem_length == 1) {
                return stem;
            }
        }
    }
    run
}

/// The bigram terms of a run (마케팅 → 마케, 케팅).
pub fn bigrams(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().collect();
    chars.windows(2).map(|w| w.iter().collect()).collect()
}

/// Where the query's parts occur in `text`, as `[start, end)` ranges in UTF-16 code units
/// (what JavaScript's string indices count), sorted and merged. Words match whole words,
/// case- and accent-insensitively; n-gram runs match anywhere, spaces in the text ignored.
pub fn highlights(text: &str, parts: &[Part]) -> Vec<[usize; 2]> {
    if parts.is_empty() || text.is_empty() {
        return Vec::new();
    }
    // The folded text, character by character, each with its source span in UTF-16 units.
    let mut folded: Vec<(char, usize, usize, bool)> = Vec::with_capacity(text.len());
    let mut unit = 0usize;
    let mut scratch = String::new();
    for c in text.chars() {
        let width = c.len_utf16();
        scratch.clear();
        fold_char(c, &mut scratch);
        for f in scratch.chars() {
            folded.push((f, unit, unit + width, c.is_whitespace()));
        }
        unit += width;
    }
    let no_spaces: Vec<(char, usize, usize, bool)> =
        folded.iter().copied().filter(|entry| !entry.3).collect();
    let mut ranges = Vec::new();
    for part in parts {
        match part {
            Part::Word(word) => {
                let needle: Vec<char> = word.chars().collect();
                find_all(&folded, &needle, true, &mut ranges);
            }
            Part::Grams { text, whole } => {
                for needle in [whole, text] {
                    let needle: Vec<char> = needle.chars().collect();
                    find_all(&no_spaces, &needle, false, &mut ranges);
                }
            }
        }
    }
    ranges.sort_unstable();
    let mut merged: Vec<[usize; 2]> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match merged.last_mut() {
            Some(last) if range[0] <= last[1] => last[1] = last[1].max(range[1]),
            _ => merged.push(range),
        }
    }
    merged
}

fn find_all(
    hay: &[(char, usize, usize, bool)],
    needle: &[char],
    whole_words: bool,
    out: &mut Vec<[usize; 2]>,
) {
    if needle.is_empty() || needle.len() > hay.len() {
        return;
    }
    for start in 0..=hay.len() - needle.len() {
        let end = start + needle.len();
        if !hay[start..end]
            .iter()
            .zip(needle)
            .all(|(entry, n)| entry.0 == *n)
        {
            continue;
        }
        if whole_words {
            let before = start.checked_sub(1).map(|i| hay[i].0);
            let after = hay.get(end).map(|entry| entry.0);
            if before.is_some_and(is_word_char) || after.is_some_and(is_word_char) {
                continue;
            }
        }
        out.push([hay[start].1, hay[end - 1].2]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(name: &str, text: &str) -> Vec<(String, usize)> {
        let mut analyzer = analyzers().into_iter().find(|(n, _)| *n == name).unwrap().1;
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while let Some(token) = stream.next() {
            out.push((token.text.clone(), token.position));
        }
        out
    }

    #[test]
    fn bigrams_join_across_spaces_not_punctuation() {
        let texts: Vec<String> = terms(BIGRAM, "디지털 마케팅, AI앱")
            .into_iter()
            .map(|t| t.0)
            .collect();
        assert_eq!(texts, ["디지", "지털", "털마", "마케", "케팅"]);
        let positions: Vec<usize> = terms(BIGRAM, "마케팅. 전략")
            .into_iter()
            .map(|t| t.1)
            .collect();
        assert_eq!(positions, [0, 1, 3]);
    }

    #[test]
    fn unigrams_and_words() {
        let uni: Vec<String> = terms(UNIGRAM, "앱 Café").into_iter().map(|t| t.0).collect();
        assert_eq!(uni, ["앱"]);
        let words: Vec<String> = terms(WORD, "Café MARKETING 2026년 B2B")
            .into_iter()
            .map(|t| t.0)
            .collect();
        assert_eq!(words, ["cafe", "marketing", "2026", "b2b"]);
    }

    #[test]
    fn query_parts_split_scripts_and_strip_endings() {
        assert_eq!(
            query_parts("마케팅을 위한 AI-도구!"),
            vec![
                Part::Grams {
                    text: "마케팅".into(),
                    whole: "마케팅을".into()
                },
                // One syllable would be left: 위한 keeps its ending.
                Part::Grams {
                    text: "위한".into(),
                    whole: "위한".into()
                },
                Part::Word("ai".into()),
                Part::Grams {
                    text: "도구".into(),
                    whole: "도구".into()
                },
            ]
        );
        assert!(query_parts("?!… ---").is_empty());
        assert_eq!(
            query_parts("가을"),
            vec![Part::Grams {
                text: "가을".into(),
                whole: "가을".into()
            }]
        );
    }

    #[test]
    fn highlights_in_utf16_units() {
        let parts = query_parts("마케팅 cafe");
        assert_eq!(
            highlights("디지털마케팅을 Café에서", &parts),
            vec![[3, 6], [8, 12]]
        );
        // Spaces inside a run: 디지털마케팅 highlights across the space.
        assert_eq!(
            highlights("디지털 마케팅", &query_parts("디지털마케팅")),
            vec![[0, 7]]
        );
        // Whole words only; an emoji counts two units.
        assert_eq!(
            highlights("😀 app apple", &query_parts("APP")),
            vec![[3, 6]]
        );
    }
}
