//! What a reader of a long post gets: how long it takes ("3분 읽기"), the addresses of its
//! sections (the contents list and the links to share one), and the body as it is shown
//! ([`reader_body`]), made the same way by the server's first view and by the app.

use crate::embed::{video_of, ALLOW, REFERRER_POLICY, SANDBOX};
use crate::markup::{decode_entities, escape, pieces, write, Piece};

/// Korean read silently, in syllables a minute (adults read about 500 to 600 a minute; the
/// lower figure, so a post is never longer than it said).
pub const HANGUL_PER_MINUTE: usize = 500;

/// English and other words written with spaces, a minute.
pub const WORDS_PER_MINUTE: usize = 230;

/// The minutes `text` (a body's plain text) takes to read: its Korean, Chinese and Japanese
/// characters at [`HANGUL_PER_MINUTE`], its other words at [`WORDS_PER_MINUTE`], rounded up,
/// and at least 1.
pub fn reading_minutes(text: &str) -> u32 {
    let mut syllables = 0usize;
    let mut words = 0usize;
    for word in text.split_whitespace() {
        let mut other = false;
        for c in word.chars() {
            if is_syllabic(c) {
                syllables += 1;
            } else if c.is_alphanumeric() {
                other = true;
            }
        }
        if other {
            words += 1;
        }
    }
    // In milliseconds, so the two rates add up before rounding up.
    let millis = syllables * 60_000 / HANGUL_PER_MINUTE + words * 60_000 / WORDS_PER_MINUTE;
    u32::try_from(millis.div_ceil(60_000))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// Hangul syllables and jamo, CJK ideographs, kana: characters read one at a time.
fn is_syllabic(c: char) -> bool {
    matches!(c,
        '\u{AC00}'..='\u{D7A3}'
        | '\u{1100}'..='\u{11FF}'
        | '\u{3130}'..='\u{318F}'
        | '\u{3040}'..='\u{30FF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}')
}

/// The longest anchor, in characters, before its number.
const ANCHOR_MAX: usize = 60;

/// The anchors of a post's headings, in order: each heading's words joined by `-` (letters and
/// digits of any script kept, ASCII lowered, the rest dropped), `section` for a heading without
/// any, and `-2`, `-3`, … after a repeat. The same on the server's first view and in the app,
/// so a shared `#anchor` lands on the same heading.
pub fn anchors<S: AsRef<str>>(headings: &[S]) -> Vec<String> {
    let mut taken: Vec<String> = Vec::with_capacity(headings.len());
    for heading in headings {
        let base = slug(heading.as_ref());
        let mut anchor = base.clone();
        let mut n = 2;
        while taken.contains(&anchor) {
            anchor = format!("{base}-{n}");
            n += 1;
        }
        taken.push(anchor);
    }
    taken
}

/// Whether `c` is part of a word of a heading's anchor: an ASCII letter or digit, or any other
/// script's character but punctuation, symbols and spaces (explicit ranges, not Unicode's
/// tables, which would weigh on the browser's module).
fn word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    !matches!(c,
        '\u{80}'..='\u{BF}'            // Latin-1 spaces, punctuation and symbols
        | '\u{D7}' | '\u{F7}'          // × ÷
        | '\u{2000}'..='\u{2BFF}'      // spaces, punctuation, arrows, maths, shapes
        | '\u{3000}'..='\u{303F}'      // CJK spaces and punctuation
        | '\u{FE00}'..='\u{FE0F}'      // variation selectors
        | '\u{FE10}'..='\u{FE6F}'      // vertical and small forms
        | '\u{FEFF}'
        | '\u{FF00}'..='\u{FF0F}'      // full-width punctuation
        | '\u{FF1A}'..='\u{FF20}'
        | '\u{FF3B}'..='\u{FF40}'
        | '\u{FF5B}'..='\u{FF65}'
        | '\u{1F000}'..='\u{1FAFF}') // emoji and pictographs
}

fn slug(heading: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut length = 0;
    for raw in heading.split(|c: char| !word_char(c)) {
        if raw.is_empty() {
            continue;
        }
        let word: String = raw.chars().map(|c| c.to_ascii_lowercase()).collect();
        let count = word.chars().count();
        if length + count > ANCHOR_MAX {
            if words.is_empty() {
                words.push(word.chars().take(ANCHOR_MAX).collect());
            }
            break;
        }
        length += count + 1;
        words.push(word);
    }
    if words.is_empty() {
        "section".into()
    } else {
        words.join("-")
    }
}

/// A heading of a body, as the contents list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// 2 or 3.
    pub level: u8,
    pub text: String,
    pub anchor: String,
}

/// The words of `text`, single spaces between them (ASCII white space and no-break spaces
/// count as spaces).
fn words_of(text: &str) -> String {
    text.split(|c: char| c.is_ascii_whitespace() || c == '\u{a0}')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `<h2>` and `<h3>` headings of a sanitised body, in order, with their [`anchors`].
pub fn sections(body: &str) -> Vec<Section> {
    let mut found: Vec<(u8, String)> = Vec::new();
    let mut open: Option<(u8, String)> = None;
    for piece in pieces(body) {
        match piece {
            Piece::Start { name: "h2", .. } => open = Some((2, String::new())),
            Piece::Start { name: "h3", .. } => open = Some((3, String::new())),
            Piece::End("h2" | "h3") => {
                if let Some((level, text)) = open.take() {
                    found.push((level, words_of(&text)));
                }
            }
            Piece::Text(text) => {
                if let Some((_, heading)) = open.as_mut() {
                    heading.push_str(&decode_entities(text));
                }
            }
            _ => {}
        }
    }
    let texts: Vec<&str> = found.iter().map(|(_, text)| text.as_str()).collect();
    let anchors = anchors(&texts);
    found
        .into_iter()
        .zip(anchors)
        .map(|((level, text), anchor)| Section {
            level,
            text,
            anchor,
        })
        .collect()
}

/// A sanitised body as readers are shown it: each video player's `<iframe>` made a play
/// button over its thumbnail, so no frame is in the text and nothing of the provider's loads
/// before the reader plays it; each `<h2>` and `<h3>` with its anchor as its `id`. Everything
/// else as it was.
///
/// The button (`<button type="button" class="video-play">`) holds what the page needs to make
/// the frame when it is pressed: `data-play` (the player's address, starting at once),
/// `data-sandbox`, `data-allow` and `data-referrer-policy` (the frame's, as the sanitiser gives
/// every player's); the video's title and provider are its text.
pub fn reader_body(body: &str) -> String {
    let mut anchors = sections(body).into_iter().map(|section| section.anchor);
    let mut out = String::with_capacity(body.len() + 256);
    for piece in pieces(body) {
        match piece {
            Piece::Start {
                name: "iframe",
                attributes,
            } => out.push_str(&play_button(&attributes)),
            Piece::End("iframe") => {}
            Piece::Start {
                name: name @ ("h2" | "h3"),
                ..
            } => {
                let anchor = anchors.next().unwrap_or_default();
                out.push_str(&format!("<{name} id=\"{}\">", escape(&anchor)));
            }
            piece => write(&mut out, &piece),
        }
    }
    out
}

/// The button that stands for a player until it is pressed.
fn play_button(attributes: &[(&str, &str)]) -> String {
    let value = |wanted: &str| {
        attributes
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, value)| decode_entities(value).into_owned())
            .unwrap_or_default()
    };
    let Some(video) = video_of(&value("src")) else {
        return String::new();
    };
    format!(
        "<button type=\"button\" class=\"video-play\" data-play=\"{play}\" data-sandbox=\"{sandbox}\" data-allow=\"{allow}\" data-referrer-policy=\"{referrer}\"><span class=\"video-play-icon\" aria-hidden=\"true\"></span><span class=\"video-play-title\">{title}</span><span class=\"video-play-provider\">{provider}</span></button>",
        play = escape(&video.player_playing()),
        sandbox = SANDBOX,
        allow = ALLOW,
        referrer = REFERRER_POLICY,
        title = escape(&value("title")),
        provider = escape(video.provider.label),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korean_and_english_are_counted_at_their_own_pace() {
        assert_eq!(reading_minutes(""), 1);
        assert_eq!(reading_minutes("짧은 글"), 1);
        // 1,500 syllables: three minutes.
        assert_eq!(reading_minutes(&"가나다라마 ".repeat(300)), 3);
        // 1,501: a little over, so four.
        assert_eq!(
            reading_minutes(&format!("{}가", "가나다라마 ".repeat(300))),
            4
        );
        // 690 English words: three minutes.
        assert_eq!(reading_minutes(&"word ".repeat(690)), 3);
        // Both at once add up: 1,000 syllables and 460 words are 2 + 2 minutes.
        let mixed = format!("{} {}", "가나다라마 ".repeat(200), "cloud ".repeat(460));
        assert_eq!(reading_minutes(&mixed), 4);
        // Punctuation and numbers alone are no words.
        assert_eq!(reading_minutes(&"— · … ".repeat(1000)), 1);
    }

    #[test]
    fn anchors_are_readable_unique_and_stable() {
        assert_eq!(
            anchors(&[
                "2분기 실적 요약",
                "What's new?",
                "지역별 매출",
                "2분기 실적 요약",
                "!!!",
                "???",
                "「신제품」 출시 — 3월 · 서울",
                "Café 🚀 launch"
            ]),
            [
                "2분기-실적-요약",
                "what-s-new",
                "지역별-매출",
                "2분기-실적-요약-2",
                "section",
                "section-2",
                "신제품-출시-3월-서울",
                "café-launch"
            ]
        );
        let long = "가".repeat(100);
        assert_eq!(anchors(&[long.as_str()])[0].chars().count(), 60);
        let many = "단어 ".repeat(40);
        assert!(anchors(&[many.as_str()])[0].chars().count() <= 60);
    }

    const VIDEO: &str = "<figure class=\"video\"><img src=\"/media/images/t.jpg\" alt=\"출시 영상\"><iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" title=\"출시 &amp; 소개\" sandbox=\"allow-scripts\"></iframe><figcaption>신제품</figcaption></figure>";

    #[test]
    fn readers_get_a_play_button_and_no_frame() {
        let body = format!("<h2>첫 장</h2><p>a</p>{VIDEO}<h3>둘째 &amp; 셋째</h3><h2>첫 장</h2>");
        let page = reader_body(&body);
        assert!(!page.contains("<iframe"), "{page}");
        assert!(page.contains(&format!("<button type=\"button\" class=\"video-play\" data-play=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1\" data-sandbox=\"{SANDBOX}\" data-allow=\"{ALLOW}\" data-referrer-policy=\"{REFERRER_POLICY}\"><span class=\"video-play-icon\" aria-hidden=\"true\"></span><span class=\"video-play-title\">출시 &amp; 소개</span><span class=\"video-play-provider\">YouTube</span></button>")), "{page}");
        assert!(
            page.contains("<img src=\"/media/images/t.jpg\" alt=\"출시 영상\">"),
            "{page}"
        );
        assert!(page.contains("<figcaption>신제품</figcaption>"), "{page}");
        assert!(page.starts_with("<h2 id=\"첫-장\">첫 장</h2>"), "{page}");
        assert!(
            page.contains("<h3 id=\"둘째-셋째\">둘째 &amp; 셋째</h3>"),
            "{page}"
        );
        assert!(page.ends_with("<h2 id=\"첫-장-2\">첫 장</h2>"), "{page}");
        let found: Vec<(u8, String, String)> = sections(&body)
            .into_iter()
            .map(|s| (s.level, s.text, s.anchor))
            .collect();
        assert_eq!(
            found,
            [
                (2, "첫 장".into(), "첫-장".into()),
                (3, "둘째 & 셋째".into(), "둘째-셋째".into()),
                (2, "첫 장".into(), "첫-장-2".into())
            ]
        );
        // A frame that is no player's (never in a sanitised body) is dropped, not shown.
        assert_eq!(
            reader_body("<iframe src=\"https://evil.example/\"></iframe>"),
            ""
        );
        // Nothing else changes.
        let plain = "<p>a <strong>b</strong> &lt;c&gt;</p><table><tbody><tr><td colspan=\"2\">1</td></tr></tbody></table><img src=\"/media/a.png\" alt=\"&quot;\">";
        assert_eq!(reader_body(plain), plain);
    }
}
