//! Input filtering of SPEC §5: characters a field does not allow are dropped as they are typed.

use serde::{Deserialize, Serialize};

/// `special`: `true` allows every ASCII punctuation or symbol character; a one-character
/// string allows only that character; absent or `false` allows none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(untagged)]
pub enum Special {
    #[default]
    None,
    All(bool),
    One(char),
}

/// Which kinds of characters a field accepts. Everything defaults to `false`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FilterOptions {
    pub numbers: bool,
    pub korean: bool,
    pub english: bool,
    pub special: Special,
    pub space: bool,
}

impl FilterOptions {
    fn allows(&self, c: char) -> bool {
        (self.numbers && c.is_ascii_digit())
            || (self.english && c.is_ascii_alphabetic())
            || (self.korean && is_korean(c))
            || (self.space && c == ' ')
            || match self.special {
                Special::All(true) => c.is_ascii_punctuation(),
                Special::One(only) => c == only,
                Special::All(false) | Special::None => false,
            }
    }
}

/// Hangul syllables and the jamo an input method shows while a syllable is being composed.
pub fn is_korean(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{3131}'..='\u{318E}' | '\u{1100}'..='\u{11FF}')
}

pub fn filter_input(text: &str, options: &FilterOptions) -> String {
    text.chars().filter(|c| options.allows(*c)).collect()
}

/// E-mail fields: digits, English letters and `@ . _ -`.
pub fn filter_email(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '@' | '.' | '_' | '-'))
        .collect()
}

/// Phone fields with dashes: digits and `-`.
pub fn filter_phone(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_digit() || *c == '-')
        .collect()
}

/// The `inputmode` hint for a field's on-screen keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InputMode {
    /// Digits only: the numeric keypad.
    Numeric,
    /// Digits and dashes: the telephone keypad.
    Tel,
    Text,
}

pub fn input_mode_for(options: &FilterOptions) -> InputMode {
    let digits_only = options.numbers && !options.korean && !options.english && !options.space;
    match (digits_only, &options.special) {
        (true, Special::None | Special::All(false)) => InputMode::Numeric,
        (true, Special::One('-')) => InputMode::Tel,
        _ => InputMode::Text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn options(json: &str) -> FilterOptions {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn keeps_only_allowed_kinds() {
        let text = "Tide마크 2026! ㅎㅏ-_@";
        assert_eq!(filter_input(text, &options(r#"{"numbers":true}"#)), "2026");
        assert_eq!(
            filter_input(text, &options(r#"{"korean":true}"#)),
            "마크ㅎㅏ"
        );
        assert_eq!(
            filter_input(text, &options(r#"{"english":true,"space":true}"#)),
            "Tide  "
        );
        assert_eq!(filter_input(text, &options(r#"{"special":true}"#)), "!-_@");
        assert_eq!(
            filter_input(text, &options(r#"{"numbers":true,"special":"-"}"#)),
            "2026-"
        );
        assert_eq!(filter_input(text, &options(r#"{"special":false}"#)), "");
        assert_eq!(filter_input(text, &options("{}")), "");
    }

    #[test]
    fn unknown_options_are_rejected() {
        assert!(serde_json::from_str::<FilterOptions>(r#"{"digits":true}"#).is_err());
        assert!(serde_json::from_str::<FilterOptions>(r#"{"special":"ab"}"#).is_err());
    }

    #[test]
    fn email_and_phone() {
        assert_eq!(
            filter_email("  Kim.Min-su_01@tide mark.co.kr;<>한"),
            "Kim.Min-su_01@tidemark.co.kr"
        );
        assert_eq!(filter_phone("010-1234 5678 (mobile)"), "010-12345678");
    }

    #[test]
    fn keypad_hints() {
        assert_eq!(
            input_mode_for(&options(r#"{"numbers":true}"#)),
            InputMode::Numeric
        );
        assert_eq!(
            input_mode_for(&options(r#"{"numbers":true,"special":"-"}"#)),
            InputMode::Tel
        );
        assert_eq!(
            input_mode_for(&options(r#"{"numbers":true,"english":true}"#)),
            InputMode::Text
        );
        assert_eq!(
            input_mode_for(&options(r#"{"korean":true}"#)),
            InputMode::Text
        );
    }

    fn any_options() -> impl Strategy<Value = FilterOptions> {
        let special = prop_oneof![
            Just(Special::None),
            any::<bool>().prop_map(Special::All),
            any::<char>().prop_map(Special::One),
        ];
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            special,
            any::<bool>(),
        )
            .prop_map(|(numbers, korean, english, special, space)| FilterOptions {
                numbers,
                korean,
                english,
                special,
                space,
            })
    }

    proptest! {
        #[test]
        fn output_is_an_allowed_subsequence(text in "\\PC{0,64}", options in any_options()) {
            let out = filter_input(&text, &options);
            prop_assert!(out.chars().all(|c| options.allows(c)));
            // Filtering is idempotent and keeps order: the output is a subsequence of the input.
            prop_assert_eq!(filter_input(&out, &options), out.clone());
            let mut rest = text.chars();
            prop_assert!(out.chars().all(|c| rest.any(|t| t == c)));
            // Nothing allowed is lost.
            prop_assert_eq!(out.chars().count(), text.chars().filter(|c| options.allows(*c)).count());
        }

        #[test]
        fn email_and_phone_outputs_are_clean(text in "\\PC{0,64}") {
            prop_assert!(filter_email(&text).chars().all(|c| c.is_ascii_alphanumeric() || "@._-".contains(c)));
            prop_assert!(filter_phone(&text).chars().all(|c| c.is_ascii_digit() || c == '-'));
            prop_assert_eq!(filter_phone(&filter_phone(&text)), filter_phone(&text));
        }
    }
}
