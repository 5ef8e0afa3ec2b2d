//! The nickname rule of PRODUCT ("Members"): the join's profile step and my page's edit show
//! it as the member types, the server refuses what breaks it. One rule, here.

use crate::filter::is_korean;
use serde::Serialize;

pub const NICKNAME_MIN_CHARS: usize = 2;
pub const NICKNAME_MAX_CHARS: usize = 20;

/// What is wrong with a nickname, each part on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum NicknameProblem {
    TooShort,
    TooLong,
    /// A character other than Korean, English letters, digits, spaces, `_` and `-`.
    BadCharacter,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NicknameCheck {
    pub ok: bool,
    pub problems: Vec<NicknameProblem>,
    /// The nickname as it is kept: trimmed.
    pub nickname: String,
}

/// A character a nickname may hold: Korean (syllables and the jamo an input method shows
/// while composing), English letters, digits, a space, `_` or `-`.
pub fn nickname_allows(c: char) -> bool {
    is_korean(c) || c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-')
}

/// The field's filter (SPEC §5): drops what a nickname may not hold, as it is typed.
pub fn filter_nickname(text: &str) -> String {
    text.chars().filter(|c| nickname_allows(*c)).collect()
}

/// 2–20 characters once trimmed, of the characters [`nickname_allows`].
pub fn check_nickname(nickname: &str) -> NicknameCheck {
    let trimmed = nickname.trim();
    let count = trimmed.chars().count();
    let mut problems = Vec::new();
    if count < NICKNAME_MIN_CHARS {
        problems.push(NicknameProblem::TooShort);
    }
    if count > NICKNAME_MAX_CHARS {
        problems.push(NicknameProblem::TooLong);
    }
    if !trimmed.chars().all(nickname_allows) {
        problems.push(NicknameProblem::BadCharacter);
    }
    NicknameCheck {
        ok: problems.is_empty(),
        problems,
        nickname: trimmed.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use NicknameProblem::*;

    #[test]
    fn good_nicknames_are_kept_trimmed() {
        for good in ["김하늘", "  kim_01 ", "하늘-sky", "Tide Mark", "가나"] {
            let check = check_nickname(good);
            assert!(check.ok, "{good}: {check:?}");
            assert_eq!(check.nickname, good.trim());
        }
    }

    #[test]
    fn each_problem_is_named() {
        assert_eq!(check_nickname(" 김 ").problems, vec![TooShort]);
        assert_eq!(check_nickname("").problems, vec![TooShort]);
        assert_eq!(check_nickname(&"가".repeat(21)).problems, vec![TooLong]);
        assert!(check_nickname(&"가".repeat(20)).ok);
        assert_eq!(check_nickname("kim!!").problems, vec![BadCharacter]);
        assert_eq!(check_nickname("<b>").problems, vec![BadCharacter]);
        assert_eq!(check_nickname("!").problems, vec![TooShort, BadCharacter]);
    }

    #[test]
    fn the_filter_keeps_what_the_rule_allows() {
        assert_eq!(filter_nickname("김하늘!"), "김하늘");
        assert_eq!(filter_nickname("kim_01-a b@#"), "kim_01-a b");
        // The jamo of a syllable being composed survive the filter.
        assert_eq!(filter_nickname("김ㅎ"), "김ㅎ");
        for c in filter_nickname("a😀b.c,d/e").chars() {
            assert!(nickname_allows(c));
        }
    }
}
