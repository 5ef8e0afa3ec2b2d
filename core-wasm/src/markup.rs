//! A reader of sanitised bodies: the server's sanitiser's output (html5ever through ammonia),
//! which is regular: text escapes `&`, `<` and `>`; attribute values are double-quoted and
//! escape `&`, `"`, `<` and `>`; so every literal `<` starts markup. Not a general HTML
//! parser: the server reads its stored bodies with it, and the reader's body
//! (`reading::reader_body`) is made with it on both sides.

use std::borrow::Cow;

#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Start {
        name: &'a str,
        attributes: Vec<(&'a str, &'a str)>,
    },
    End(&'a str),
    /// A comment, doctype or processing instruction.
    Other(&'a str),
}

pub fn pieces(html: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            out.push(Piece::Text(rest));
            break;
        };
        if lt > 0 {
            out.push(Piece::Text(&rest[..lt]));
        }
        rest = &rest[lt..];
        let after = &rest[1..];
        if let Some(end) = after.strip_prefix('/') {
            let gt = end.find('>').unwrap_or(end.len());
            out.push(Piece::End(end[..gt].trim()));
            rest = end.get(gt + 1..).unwrap_or("");
        } else if after.starts_with('!') || after.starts_with('?') {
            let close = if after.starts_with("!--") { "-->" } else { ">" };
            let stop = after.find(close).map_or(after.len(), |at| at + close.len());
            out.push(Piece::Other(&rest[..stop + 1]));
            rest = &after[stop..];
        } else {
            let (piece, consumed) = start_tag(after);
            out.push(piece);
            rest = &after[consumed..];
        }
    }
    out
}

/// A start tag from just after its `<`; the piece and the bytes it took.
fn start_tag(s: &str) -> (Piece<'_>, usize) {
    let bytes = s.as_bytes();
    let name_end = s
        .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
        .unwrap_or(s.len());
    let name = &s[..name_end];
    let mut attributes = Vec::new();
    let mut i = name_end;
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        if bytes[i] == b'>' {
            i += 1;
            break;
        }
        let start = i;
        while i < bytes.len() && !matches!(bytes[i], b'=' | b'>' | b'/') {
            if bytes[i].is_ascii_whitespace() {
                break;
            }
            i += 1;
        }
        let attribute = &s[start..i];
        let mut value = "";
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            match bytes.get(i) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let close = s[i + 1..]
                        .find(quote as char)
                        .map_or(s.len(), |at| i + 1 + at);
                    value = &s[i + 1..close];
                    i = (close + 1).min(s.len());
                }
                _ => {
                    let stop = s[i..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .map_or(s.len(), |at| i + at);
                    value = &s[i..stop];
                    i = stop;
                }
            }
        }
        if attribute.is_empty() {
            // A stray `=`: skip it rather than loop.
            i += 1;
        } else {
            attributes.push((attribute, value));
        }
    }
    (Piece::Start { name, attributes }, i)
}

/// Text made safe for element content and double-quoted attribute values: `&`, `<`, `>` and
/// `"` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A piece written back as the serialiser writes it (attribute values as they were read,
/// still escaped).
pub fn write(out: &mut String, piece: &Piece<'_>) {
    match piece {
        Piece::Text(text) | Piece::Other(text) => out.push_str(text),
        Piece::End(name) => {
            out.push_str("</");
            out.push_str(name);
            out.push('>');
        }
        Piece::Start { name, attributes } => {
            out.push('<');
            out.push_str(name);
            for (attribute, value) in attributes {
                out.push(' ');
                out.push_str(attribute);
                out.push_str("=\"");
                out.push_str(value);
                out.push('"');
            }
            out.push('>');
        }
    }
}

/// Character references decoded: the serialiser's five (`&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&nbsp;`), `&#39;`-style numbers, and a few common names; anything else
/// stays as written.
pub fn decode_entities(raw: &str) -> Cow<'_, str> {
    if !raw.contains('&') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let semi = rest[1..].find(';').filter(|&at| at <= 10).map(|at| at + 1);
        let decoded = semi.and_then(|semi| {
            let name = &rest[1..semi];
            let ch = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                    .and_then(char::from_u32),
            };
            ch.map(|ch| (ch, semi + 1))
        });
        match decoded {
            Some((ch, taken)) => {
                out.push(ch);
                rest = &rest[taken..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}
