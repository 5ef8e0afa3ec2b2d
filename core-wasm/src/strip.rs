//! Removal of script and iframe elements from text (SPEC §5).
//!
//! This is the client's guard for text fields, not the HTML sanitiser (the server owns that,
//! with ammonia). It removes each `<script …>…</script>` and `<iframe …>…</iframe>` element
//! with its content, whatever the letter case or attributes; an element that is never closed
//! runs to the end of the text, as a browser would read it; stray closing tags go too.
//! Everything else stays exactly as it was.
//!
//! One pass, linear time: characters are copied to the output, and whenever the output ends
//! in `<script` or `<iframe` followed by a character that ends a tag name, the element is cut
//! from there. Because the check runs on the output, a tag that only appears once an inner
//! element is cut (`<scr<script></script>ipt>`) is caught as well.

const NAMES: [&[u8]; 2] = [b"script", b"iframe"];

/// Characters that end a tag name in HTML (`<script/` and `<script\n` open a script too).
fn ends_tag_name(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'\x0C' | b'/' | b'>')
}

/// `Some((name, is_closing))` when `out` ends with `<name` or `</name` for a stripped name.
fn open_tag_at_end(out: &[u8]) -> Option<(&'static [u8], bool)> {
    NAMES.iter().find_map(|name| {
        let len = name.len();
        if out.len() < len + 1 || !out[out.len() - len..].eq_ignore_ascii_case(name) {
            return None;
        }
        match out[..out.len() - len] {
            [.., b'<', b'/'] => Some((*name, true)),
            [.., b'<'] => Some((*name, false)),
            _ => None,
        }
    })
}

/// Index just past the closing tag `</name …>` at or after `from`, or the end of the text.
fn end_of_element(input: &[u8], from: usize, name: &[u8]) -> usize {
    let mut at = from;
    while let Some(offset) = input[at..].windows(2).position(|w| w == b"</") {
        let start = at + offset;
        let name_end = start + 2 + name.len();
        let is_close = input.len() >= name_end
            && input[start + 2..name_end].eq_ignore_ascii_case(name)
            && input.get(name_end).is_none_or(|b| ends_tag_name(*b));
        if is_close {
            return end_of_tag(input, name_end);
        }
        at = start + 2;
    }
    input.len()
}

/// Index just past the next `>` at or after `from`, or the end of the text.
fn end_of_tag(input: &[u8], from: usize) -> usize {
    input[from..]
        .iter()
        .position(|b| *b == b'>')
        .map_or(input.len(), |p| from + p + 1)
}

pub fn strip_scripts(text: &str) -> String {
    let input = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let byte = input[i];
        if ends_tag_name(byte) {
            if let Some((name, closing)) = open_tag_at_end(&out) {
                out.truncate(out.len() - name.len() - if closing { 2 } else { 1 });
                i = if closing {
                    end_of_tag(input, i)
                } else {
                    end_of_element(input, end_of_tag(input, i), name)
                };
                continue;
            }
        }
        out.push(byte);
        i += 1;
    }
    // `<script` at the very end is an unclosed tag too (and cutting it may expose another).
    while let Some((name, closing)) = open_tag_at_end(&out) {
        out.truncate(out.len() - name.len() - if closing { 2 } else { 1 });
    }
    // Only ASCII bytes were cut, at ASCII boundaries, so the output is still UTF-8 and the
    // lossy conversion never replaces anything.
    match String::from_utf8(out) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    }
}

/// Does the text still hold the start of a script or iframe element (or a closing tag)?
/// The property the stripper guarantees, usable by callers and tests alike.
pub fn contains_script_tag(text: &str) -> bool {
    let bytes = text.as_bytes();
    (0..bytes.len()).any(|i| {
        let at_end_or_name_end = |end: usize| bytes.get(end).is_none_or(|b| ends_tag_name(*b));
        bytes[i] == b'<'
            && NAMES.iter().any(|name| {
                let open = bytes.len() >= i + 1 + name.len()
                    && bytes[i + 1..i + 1 + name.len()].eq_ignore_ascii_case(name)
                    && at_end_or_name_end(i + 1 + name.len());
                let close = bytes.get(i + 1) == Some(&b'/')
                    && bytes.len() >= i + 2 + name.len()
                    && bytes[i + 2..i + 2 + name.len()].eq_ignore_ascii_case(name)
                    && at_end_or_name_end(i + 2 + name.len());
                open || close
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn removes_elements_with_their_content() {
        assert_eq!(strip_scripts("a<script>alert(1)</script>b"), "ab");
        assert_eq!(
            strip_scripts("a<SCRIPT type=\"text/javascript\">x</ScRiPt >b"),
            "ab"
        );
        assert_eq!(
            strip_scripts("a<iframe src=\"//evil\" allow=x></iframe>b"),
            "ab"
        );
        assert_eq!(strip_scripts("<script/src=x></script>ok"), "ok");
        assert_eq!(strip_scripts("x<script\nsrc=y>z</script\n>w"), "xw");
    }

    #[test]
    fn unclosed_elements_run_to_the_end() {
        assert_eq!(strip_scripts("keep<script>alert(1)"), "keep");
        assert_eq!(strip_scripts("keep<script src=x"), "keep");
        assert_eq!(strip_scripts("keep<iframe"), "keep");
        assert_eq!(strip_scripts("keep<script>x</script"), "keep");
    }

    #[test]
    fn split_and_nested_tricks() {
        assert_eq!(strip_scripts("<scr<script>ipt>alert(1)</script>"), "<scr");
        assert_eq!(
            strip_scripts("<scr<script></script>ipt>alert(1)</script>x"),
            "x"
        );
        assert_eq!(
            strip_scripts("<ifr<iframe></iframe>ame src=x></iframe>y"),
            "y"
        );
        assert_eq!(strip_scripts("<script><script>a</script>b</script>c"), "bc");
        assert_eq!(strip_scripts("</script>text</iframe >"), "text");
        assert_eq!(strip_scripts("<<script></script>script>x"), "");
        assert_eq!(strip_scripts("a<script<script"), "a");
    }

    #[test]
    fn leaves_everything_else_as_it_was() {
        for text in [
            "",
            "plain 한국어 text",
            "<b>bold</b> <scripts>not a script</scripts> <iframes>",
            "a < b && c > d",
            "<scriptx>y</scriptx>",
            "< script>spaced</ script>",
            "<p onclick=\"x\">handlers are the sanitiser's job</p>",
        ] {
            assert_eq!(strip_scripts(text), text);
        }
    }

    #[test]
    fn detects_remaining_tags() {
        assert!(contains_script_tag("<script>"));
        assert!(contains_script_tag("x<IFRAME"));
        assert!(contains_script_tag("</script "));
        assert!(!contains_script_tag("<scriptx> <scr ipt>"));
    }

    fn fragments() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("<script".to_string()),
            Just("<SCRIPT".to_string()),
            Just("<iframe".to_string()),
            Just("<IfRaMe".to_string()),
            Just("</script".to_string()),
            Just("</iframe".to_string()),
            Just("<scr".to_string()),
            Just("<ifr".to_string()),
            Just("ipt".to_string()),
            Just("ame".to_string()),
            Just("<".to_string()),
            Just(">".to_string()),
            Just("/".to_string()),
            Just(" ".to_string()),
            Just("\n".to_string()),
            Just("src=x".to_string()),
            Just("한".to_string()),
            "\\PC{0,3}",
        ];
        prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn output_never_holds_a_script_or_iframe(text in fragments()) {
            let out = strip_scripts(&text);
            prop_assert!(!contains_script_tag(&out), "{:?} -> {:?}", text, out);
            prop_assert_eq!(strip_scripts(&out), out.clone());
        }

        #[test]
        fn any_text_comes_out_clean(text in "\\PC{0,200}") {
            prop_assert!(!contains_script_tag(&strip_scripts(&text)));
        }

        #[test]
        fn text_without_angle_brackets_is_untouched(text in "[^<]{0,200}") {
            prop_assert_eq!(strip_scripts(&text), text);
        }
    }
}
