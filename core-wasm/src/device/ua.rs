//! The user agent prepared for scanning, and the version numbers read from it.

/// A user agent prepared for case-insensitive scanning.
pub(super) struct Ua {
    /// ASCII-lower-cased, so byte offsets match the original.
    pub(super) s: String,
}

impl Ua {
    pub(super) fn new(raw: &str) -> Self {
        let mut s = raw.to_ascii_lowercase();
        // Agents copied out of URLs or logs arrive form-encoded ("Mozilla/5.0+(iPhone;+CPU…").
        // Only a string without any space is treated so; "WebKitGTK+/1.4" keeps its plus.
        if !s.contains(' ') && s.contains('+') {
            s = s.replace('+', " ");
        }
        Ua { s }
    }

    pub(super) fn has(&self, needle: &str) -> bool {
        self.s.contains(needle)
    }

    pub(super) fn has_any(&self, needles: &[&str]) -> bool {
        needles.iter().any(|n| self.s.contains(n))
    }

    /// The texts after each occurrence of `token` that starts a word, in order, so that
    /// `edge/` does not match inside `knowledge/` nor `ios` inside `crios/`.
    pub(super) fn all_after_word<'a>(
        &'a self,
        token: &'a str,
    ) -> impl Iterator<Item = &'a str> + 'a {
        self.s
            .match_indices(token)
            .filter(|(at, _)| byte_before(&self.s, *at).is_none_or(|b| !b.is_ascii_alphanumeric()))
            .map(move |(at, _)| &self.s[at + token.len()..])
    }

    /// The text after the first occurrence of `token` that starts a word.
    pub(super) fn after_word<'a>(&'a self, token: &'a str) -> Option<&'a str> {
        self.all_after_word(token).next()
    }

    /// Whether `word` occurs with no letter or digit on either side.
    pub(super) fn has_word(&self, word: &str) -> bool {
        self.all_after_word(word).any(|rest| {
            rest.bytes()
                .next()
                .is_none_or(|b| !b.is_ascii_alphanumeric())
        })
    }
}

pub(super) fn byte_before(s: &str, at: usize) -> Option<u8> {
    at.checked_sub(1).map(|i| s.as_bytes()[i])
}

/// The version number at the start of `rest`, after separators: digits, dots and
/// underscores (iOS and macOS write `17_1_2`), returned with dots. `None` when no digit
/// follows.
pub(super) fn version_at(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches([' ', '/', ':', ';', ',', '#', '_', '(']);
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_'))
        .unwrap_or(rest.len());
    let v = rest[..len].trim_end_matches(['.', '_']);
    if v.starts_with(|c: char| c.is_ascii_digit()) {
        Some(v.replace('_', "."))
    } else {
        None
    }
}

/// The first dotted component of a version, as a number.
pub(super) fn major(v: &str) -> Option<u32> {
    v.split('.').next()?.parse().ok()
}
