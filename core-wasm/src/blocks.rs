//! The blocks of a post body beyond text, and the few choices each offers: the editor lists
//! them, the server's sanitiser keeps exactly these classes, the post page draws them.
//!
//! How each is written in a stored body (docs/media.md lists the whole policy):
//! - a divider: `<hr>`, or `<hr class="divider-dots">`, `<hr class="divider-short">`;
//! - code: `<pre><code class="language-rust">…</code></pre>` ([`CODE_LANGUAGES`]);
//! - a callout: `<div class="callout callout-blue callout-bulb"><p>…</p></div>` (a colour of
//!   [`CALLOUT_COLOURS`] and an icon of [`CALLOUT_ICONS`]);
//! - a gallery: `<figure class="gallery"><div class="gallery-row"><img …>…</div>…
//!   <figcaption>…</figcaption></figure>`, its images in the rows of [`gallery_rows`];
//! - a file: `<figure class="file"><a href="/media/files/….pdf">name</a></figure>`;
//! - a video: `<figure class="video"><img …><iframe src="…" title="…"></iframe>
//!   <figcaption>…</figcaption></figure>` (the player's rules are `embed`'s);
//! - a link card: `<figure class="link-card"><a href="…"><img …><span class="link-card-title">…
//!   </span><span class="link-card-text">…</span><span class="link-card-site">…</span></a>
//!   </figure>`.

/// A divider's styles: its word and the class it is written with (`None`: a plain `<hr>`).
pub const DIVIDER_STYLES: [(&str, Option<&str>); 3] = [
    ("line", None),
    ("dots", Some("divider-dots")),
    ("short", Some("divider-short")),
];

/// The languages a code block may name: its word (the class is `language-<word>`) and its
/// name in the editor's list. `plain` is text without highlighting.
pub const CODE_LANGUAGES: [(&str, &str); 20] = [
    ("plain", "Plain text"),
    ("bash", "Shell"),
    ("c", "C"),
    ("cpp", "C++"),
    ("csharp", "C#"),
    ("css", "CSS"),
    ("go", "Go"),
    ("html", "HTML"),
    ("java", "Java"),
    ("javascript", "JavaScript"),
    ("json", "JSON"),
    ("kotlin", "Kotlin"),
    ("markdown", "Markdown"),
    ("python", "Python"),
    ("rust", "Rust"),
    ("sql", "SQL"),
    ("swift", "Swift"),
    ("typescript", "TypeScript"),
    ("yaml", "YAML"),
    ("php", "PHP"),
];

/// A callout's colours (the class is `callout-<word>`).
pub const CALLOUT_COLOURS: [&str; 5] = ["gray", "blue", "green", "yellow", "red"];

/// A callout's icons: the word (the class is `callout-<word>`) and the symbol drawn.
pub const CALLOUT_ICONS: [(&str, &str); 6] = [
    ("bulb", "💡"),
    ("info", "ℹ️"),
    ("check", "✅"),
    ("warning", "⚠️"),
    ("pin", "📌"),
    ("megaphone", "📣"),
];

/// The fewest and the most images a gallery holds.
pub const GALLERY_MIN: usize = 2;
pub const GALLERY_MAX: usize = 9;

/// How a gallery of `count` images is laid out: the number of images in each row, at most
/// three a row and never one alone (a lone image is an image block, not a gallery row). Empty
/// outside [`GALLERY_MIN`]..=[`GALLERY_MAX`].
pub fn gallery_rows(count: usize) -> Vec<usize> {
    if !(GALLERY_MIN..=GALLERY_MAX).contains(&count) {
        return Vec::new();
    }
    // Rows of three, the rest in rows of two: 3k + 1 ends with two rows of two, 3k + 2 with
    // one.
    let (threes, twos) = match count % 3 {
        0 => (count / 3, 0),
        1 => (count / 3 - 1, 2),
        _ => (count / 3, 1),
    };
    let mut rows = vec![3; threes];
    rows.extend(std::iter::repeat_n(2, twos));
    rows
}

/// Whether `class` is one an element of the body may carry (the sanitiser drops any other).
pub fn allowed_class(element: &str, class: &str) -> bool {
    let suffix = |prefix: &str| class.strip_prefix(prefix);
    match element {
        "img" => class == "coupon",
        "hr" => DIVIDER_STYLES
            .iter()
            .any(|(_, written)| *written == Some(class)),
        "code" => suffix("language-")
            .is_some_and(|word| CODE_LANGUAGES.iter().any(|(language, _)| *language == word)),
        "div" => {
            class == "callout"
                || class == "gallery-row"
                || suffix("callout-").is_some_and(|word| {
                    CALLOUT_COLOURS.contains(&word)
                        || CALLOUT_ICONS.iter().any(|(icon, _)| *icon == word)
                })
        }
        "figure" => matches!(class, "gallery" | "video" | "link-card" | "file"),
        "span" => matches!(
            class,
            "link-card-title" | "link-card-text" | "link-card-site"
        ),
        _ => false,
    }
}

/// The language a code block's class names (`language-rust` → `rust`), if it is listed.
pub fn code_language(class: &str) -> Option<&'static str> {
    let word = class.strip_prefix("language-")?;
    CODE_LANGUAGES
        .iter()
        .find(|(language, _)| *language == word)
        .map(|(language, _)| *language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn galleries_are_laid_out_in_rows_of_two_or_three() {
        assert_eq!(gallery_rows(1), Vec::<usize>::new());
        assert_eq!(gallery_rows(10), Vec::<usize>::new());
        let expected: [&[usize]; 8] = [
            &[2],
            &[3],
            &[2, 2],
            &[3, 2],
            &[3, 3],
            &[3, 2, 2],
            &[3, 3, 2],
            &[3, 3, 3],
        ];
        for (count, rows) in (GALLERY_MIN..=GALLERY_MAX).zip(expected) {
            assert_eq!(gallery_rows(count), rows, "{count} images");
            assert_eq!(gallery_rows(count).iter().sum::<usize>(), count);
            assert!(gallery_rows(count).iter().all(|&n| (2..=3).contains(&n)));
        }
    }

    #[test]
    fn only_the_listed_classes_are_allowed() {
        assert!(allowed_class("img", "coupon"));
        assert!(allowed_class("hr", "divider-dots"));
        assert!(!allowed_class("hr", "divider-line"));
        assert!(allowed_class("code", "language-rust"));
        assert!(!allowed_class("code", "language-brainfuck"));
        assert!(!allowed_class("pre", "language-rust"));
        assert!(allowed_class("div", "callout"));
        assert!(allowed_class("div", "callout-blue"));
        assert!(allowed_class("div", "callout-bulb"));
        assert!(!allowed_class("div", "callout-purple"));
        assert!(allowed_class("figure", "video"));
        assert!(!allowed_class("figure", "coupon"));
        assert!(allowed_class("span", "link-card-site"));
        assert!(!allowed_class("p", "callout"));
        assert_eq!(code_language("language-sql"), Some("sql"));
        assert_eq!(code_language("lang-sql"), None);
    }

    #[test]
    fn every_word_is_unique() {
        let mut words: Vec<&str> = CODE_LANGUAGES.iter().map(|(w, _)| *w).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), CODE_LANGUAGES.len());
        let mut callout: Vec<&str> = CALLOUT_COLOURS.to_vec();
        callout.extend(CALLOUT_ICONS.iter().map(|(w, _)| *w));
        let count = callout.len();
        callout.sort_unstable();
        callout.dedup();
        assert_eq!(
            callout.len(),
            count,
            "a colour and an icon never share a class"
        );
    }
}
