//! E-mail address shape and the password policy of PRODUCT ("Members").

use serde::Serialize;

/// A pragmatic check of an address a person can receive mail at: `local@domain.tld`, ASCII,
/// at most 254 characters, a local part of at most 64 characters without leading, trailing
/// or doubled dots, a domain of letter-digit-hyphen labels with an alphabetic top level.
pub fn is_valid_email(text: &str) -> bool {
    if text.len() > 254 || !text.is_ascii() {
        return false;
    }
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._%+-'".contains(&b));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()));
    local_ok && domain_ok
}

pub const PASSWORD_MIN_CHARS: usize = 8;
pub const PASSWORD_MAX_CHARS: usize = 64;

/// What is wrong with a password, each rule on its own so a form can say all of it at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PasswordProblem {
    TooShort,
    TooLong,
    /// Fewer than three of: upper case, lower case, digit, special character.
    TooFewKinds,
    /// It contains the local part of the member's e-mail address.
    ContainsEmail,
}

/// The kinds of character a password holds, for a form that shows which parts of the rule
/// are met while the person types.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PasswordKinds {
    pub upper: bool,
    pub lower: bool,
    pub digit: bool,
    /// Anything else: punctuation, a space, Hangul and other scripts.
    pub other: bool,
}

impl PasswordKinds {
    pub fn count(&self) -> u8 {
        [self.upper, self.lower, self.digit, self.other]
            .iter()
            .filter(|present| **present)
            .count() as u8
    }
}

/// The kinds a password needs at least.
pub const PASSWORD_MIN_KINDS: u8 = 3;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PasswordCheck {
    pub ok: bool,
    pub problems: Vec<PasswordProblem>,
    /// The kinds of character present (three of the four are needed).
    pub kinds: PasswordKinds,
}

/// 8–64 characters with at least three of: an upper-case letter, a lower-case letter, a digit,
/// any other character (punctuation, space, Hangul and other scripts count as "other": they
/// widen the search space as symbols do). Refused when it contains the e-mail's local part
/// (compared without case; local parts under three characters are too short to mean anything
/// and are not compared).
pub fn check_password(password: &str, email: Option<&str>) -> PasswordCheck {
    let mut problems = Vec::new();
    let length = password.chars().count();
    if length < PASSWORD_MIN_CHARS {
        problems.push(PasswordProblem::TooShort);
    }
    if length > PASSWORD_MAX_CHARS {
        problems.push(PasswordProblem::TooLong);
    }
    let kinds = PasswordKinds {
        upper: password.chars().any(|c| c.is_ascii_uppercase()),
        lower: password.chars().any(|c| c.is_ascii_lowercase()),
        digit: password.chars().any(|c| c.is_ascii_digit()),
        other: password.chars().any(|c| !c.is_ascii_alphanumeric()),
    };
    if kinds.count() < PASSWORD_MIN_KINDS {
        problems.push(PasswordProblem::TooFewKinds);
    }
    let local = email
        .and_then(|e| e.split('@').next())
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if local.chars().count() >= 3 && password.to_ascii_lowercase().contains(&local) {
        problems.push(PasswordProblem::ContainsEmail);
    }
    PasswordCheck {
        ok: problems.is_empty(),
        problems,
        kinds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PasswordProblem::*;

    #[test]
    fn emails() {
        for good in [
            "reader@tidemark.test",
            "kim.min-su+news@mail.co.kr",
            "a@b.io",
            "o'neil@example.com",
        ] {
            assert!(is_valid_email(good), "{good}");
        }
        for bad in [
            "",
            "reader",
            "@tidemark.test",
            "reader@",
            "reader@tidemark",
            "re..ader@tidemark.test",
            ".r@t.io",
            "r.@t.io",
            "r@-t.io",
            "r@t-.io",
            "r@t.i",
            "r@t.123",
            "r @t.io",
            "독자@tidemark.test",
            "r@t..io",
            "r@t.io\n",
        ] {
            assert!(!is_valid_email(bad), "{bad:?}");
        }
        assert!(!is_valid_email(&format!("{}@t.io", "a".repeat(65))));
    }

    #[test]
    fn password_policy() {
        assert_eq!(
            check_password("Demo-pass-2026", Some("reader@tidemark.test")),
            PasswordCheck {
                ok: true,
                problems: vec![],
                kinds: PasswordKinds {
                    upper: true,
                    lower: true,
                    digit: true,
                    other: true
                }
            }
        );
        let two = check_password("abcdefgh1", None).kinds;
        assert_eq!(
            (two.lower, two.digit, two.upper, two.other),
            (true, true, false, false)
        );
        assert_eq!(two.count(), 2);
        assert_eq!(
            check_password("abcdefgh1", None).problems,
            vec![TooFewKinds]
        );
        assert_eq!(check_password("Ab1!", None).problems, vec![TooShort]);
        assert_eq!(
            check_password(&format!("Ab1!{}", "x".repeat(61)), None).problems,
            vec![TooLong]
        );
        assert_eq!(
            check_password("My-Reader-2026", Some("READER@tidemark.test")).problems,
            vec![ContainsEmail]
        );
        assert!(check_password("Jo-2026-pass", Some("jo@t.io")).ok);
        assert!(
            check_password("비밀번호Ab1234", None).ok,
            "Korean letters count as characters"
        );
        assert!(
            check_password("비밀번호비밀번호1", None)
                .problems
                .contains(&TooFewKinds),
            "digits and Hangul are two kinds"
        );
        assert_eq!(
            check_password("", None).problems,
            vec![TooShort, TooFewKinds]
        );
    }
}
