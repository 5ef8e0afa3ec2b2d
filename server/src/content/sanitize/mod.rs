//! The one HTML policy for stored bodies (PRODUCT "Posts"): every rich body is cleaned on
//! the server with this policy before it is stored, and its plain text (for search and
//! previews) is taken from the cleaned form.
//!
//! The policy is an allowlist (docs/media.md lists it): a few text, list, table and figure
//! tags; links with http, https or mailto addresses that always carry
//! `rel="noopener noreferrer nofollow ugc"`; images whose address is one of the platform's
//! own media paths (`/media/…`, nothing else: the pages' CSP `img-src 'self'` agrees, and a
//! reader's browser fetches no third party's image); the classes of the blocks
//! (`tidemark_core::blocks::allowed_class`: the coupon image, dividers, code languages,
//! callouts, galleries, videos, link cards, files); and `<iframe>`s of the video players the
//! core lists (`tidemark_core::embed`), their address rewritten to the player's canonical one,
//! sandboxed and allowed only what a player needs, nothing inside them. Nothing else: no
//! scripts, styles, SVG, MathML, forms, other frames, `srcdoc`, event handlers, `id`/`name`
//! (DOM clobbering) or `data:`/`javascript:`.
//!
//! Addresses of this site never hold dot segments: `/media/../api/v1/search?q=x` would be
//! resolved by the browser to another path of the site, fetched by every reader. Image
//! addresses are therefore a strict shape (letters, digits, `-`, `_`, `.` and `/`, no
//! segment `.` or `..`), and relative links are refused when a dot segment appears in any
//! spelling a browser resolves (`%2e`, `\`, tabs and line breaks removed).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The tags a body may keep.
const TAGS: [&str; 40] = [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "blockquote",
    "q",
    "cite",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "code",
    "pre",
    "span",
    "div",
    "mark",
    // A video player's frame (its address checked, its attributes fixed).
    "iframe",
    // Table structure the parser may insert around rows; harmless and keeps tables intact.
    "colgroup",
    "col",
];

/// Tags dropped together with everything inside them (their content is code, markup of
/// another language or a document of its own, never body text).
const DROPPED_WITH_CONTENT: [&str; 15] = [
    "script", "style", "template", "frame", "frameset", "object", "embed", "applet", "noscript",
    "noembed", "noframes", "svg", "math", "select", "textarea",
];

/// `rel` of every link: no access to the opener, no referrer, no ranking credit for
/// user-generated links.
pub const LINK_REL: &str = "noopener noreferrer nofollow ugc";

/// The one class an image may carry: the UI makes coupon images clickable.
pub const COUPON_CLASS: &str = "coupon";

/// The attributes every kept `<iframe>` is given after its address and title, in this order,
/// whatever it came with: the player's sandbox and permissions (`tidemark_core::embed`),
/// loaded only when near the screen, the site's origin as its referrer.
const FRAME_ATTRIBUTES: [(&str, &str); 5] = [
    ("sandbox", tidemark_core::embed::SANDBOX),
    ("allow", tidemark_core::embed::ALLOW),
    ("allowfullscreen", ""),
    ("loading", "lazy"),
    ("referrerpolicy", tidemark_core::embed::REFERRER_POLICY),
];

static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let tag_attributes: HashMap<&str, HashSet<&str>> = HashMap::from([
        ("a", HashSet::from(["href", "title"])),
        (
            "img",
            HashSet::from(["src", "alt", "width", "height", "class"]),
        ),
        ("iframe", HashSet::from(["src", "title"])),
        ("hr", HashSet::from(["class"])),
        ("code", HashSet::from(["class"])),
        ("div", HashSet::from(["class"])),
        ("figure", HashSet::from(["class"])),
        ("span", HashSet::from(["class"])),
        ("th", HashSet::from(["colspan", "rowspan"])),
        ("td", HashSet::from(["colspan", "rowspan"])),
        ("col", HashSet::from(["span"])),
        ("colgroup", HashSet::from(["span"])),
    ]);
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(HashSet::from(TAGS))
        .clean_content_tags(HashSet::from(DROPPED_WITH_CONTENT))
        .tag_attributes(tag_attributes)
        .generic_attributes(HashSet::new())
        .url_schemes(HashSet::from(LINK_SCHEMES))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some(LINK_REL))
        .strip_comments(true)
        .attribute_filter(filter_attribute);
    builder
});

/// Values the tag and attribute lists cannot express: image addresses, players' addresses,
/// the blocks' classes, numbers where numbers belong. `None` drops the attribute.
fn filter_attribute<'u>(element: &str, attribute: &str, value: &'u str) -> Option<Cow<'u, str>> {
    match (element, attribute) {
        ("a", "href") => link_allowed(value).then_some(Cow::Borrowed(value)),
        ("img", "src") => image_source_allowed(value).then_some(Cow::Borrowed(value)),
        ("iframe", "src") => tidemark_core::embed::canonical_player(value).map(Cow::Owned),
        (_, "class") => classes(element, value),
        ("img", "width" | "height")
        | ("td" | "th", "colspan" | "rowspan")
        | ("col" | "colgroup", "span") => small_number(value).then_some(Cow::Borrowed(value)),
        _ => Some(Cow::Borrowed(value)),
    }
}

/// The classes of `value` that `element` may carry, each once, in their order; `None` when
/// none is left.
fn classes<'u>(element: &str, value: &'u str) -> Option<Cow<'u, str>> {
    let mut kept: Vec<&str> = Vec::new();
    for class in value.split_ascii_whitespace() {
        if tidemark_core::blocks::allowed_class(element, class) && !kept.contains(&class) {
            kept.push(class);
        }
    }
    match kept.join(" ") {
        joined if joined.is_empty() => None,
        joined if joined == value => Some(Cow::Borrowed(value)),
        joined => Some(Cow::Owned(joined)),
    }
}

/// The schemes a link may use.
const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// The scheme of an address as a lenient browser might read it: white space, control and
/// invisible formatting characters anywhere are ignored (the URL standard only strips
/// leading C0 controls and spaces, but older engines were looser), then a letter followed by
/// letters, digits, `+`, `-` or `.` up to a `:`. `None` for relative addresses.
pub(crate) fn lenient_scheme(url: &str) -> Option<String> {
    let compact: String = url
        .chars()
        .filter(|&c| {
            !(c.is_whitespace()
                || c.is_control()
                || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}'))
        })
        .take(64)
        .collect();
    let (scheme, _) = compact.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then(|| scheme.to_ascii_lowercase())
}

/// A link uses one of [`LINK_SCHEMES`], even read leniently (ammonia has already applied
/// the standard reading), or is a relative address without dot segments.
fn link_allowed(href: &str) -> bool {
    match lenient_scheme(href) {
        Some(scheme) => LINK_SCHEMES.contains(&scheme.as_str()),
        None => !has_dot_segment(href),
    }
}

/// An image address is one of the platform's media paths: `/media/` and then only letters,
/// digits, `-`, `_`, `.` and `/`, with no `.` or `..` segment (the keys the platform makes
/// look like `images/<sha256>.jpg`). No percent-escapes, backslashes, white space, query or
/// fragment: nothing a browser could resolve to another path.
fn image_source_allowed(src: &str) -> bool {
    let Some(key) = src.strip_prefix("/media/") else {
        return false;
    };
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
        && !has_dot_segment(src)
}

/// Whether the path of a relative address holds a `.` or `..` segment as a browser reads it:
/// tabs and line breaks removed, `\` as `/`, `%2e` as `.`.
fn has_dot_segment(address: &str) -> bool {
    let compact: String = address
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let path = compact.split(['?', '#']).next().unwrap_or_default();
    let path = path.replace('\\', "/");
    let path = path.to_ascii_lowercase().replace("%2e", ".");
    path.replace("%5c", "/")
        .replace("%2f", "/")
        .split('/')
        .any(|segment| segment == "." || segment == "..")
}

/// 1 to 5 digits: sizes and spans.
fn small_number(value: &str) -> bool {
    (1..=5).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit())
}

/// The sanitised form of `html`: nothing executable survives, and sanitising twice changes
/// nothing.
pub fn sanitize(html: &str) -> String {
    frames_fixed(&POLICY.clean(html).to_string())
}

/// The serialised body with each `<iframe>` written anew: its address (the policy has made it
/// a player's canonical one) and title, then [`FRAME_ATTRIBUTES`] in their order, and nothing
/// inside (a frame's content is never shown, and markup there would be live to anything that
/// dropped the frame and kept its text). A frame left without an address goes.
fn frames_fixed(html: &str) -> String {
    const OPEN: &str = "<iframe";
    const CLOSE: &str = "</iframe>";
    if !html.contains(OPEN) {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let tag = &rest[at..];
        // The serialiser escapes `>` in attribute values: the first `>` ends the tag.
        let tag_end = tag.find('>').map_or(tag.len(), |end| end + 1);
        let piece = markup::pieces(&tag[..tag_end]).into_iter().next();
        let after = &tag[tag_end..];
        let close = after.find(CLOSE).map_or(after.len(), |at| at + CLOSE.len());
        rest = &after[close..];
        let Some(Piece::Start { attributes, .. }) = piece else {
            continue;
        };
        let value = |name: &str| {
            attributes
                .iter()
                .find(|(attribute, _)| *attribute == name)
                .map(|(_, value)| *value)
        };
        let Some(src) = value("src") else {
            continue;
        };
        // Values as the serialiser escaped them.
        out.push_str(&format!("<iframe src=\"{src}\""));
        if let Some(title) = value("title") {
            out.push_str(&format!(" title=\"{title}\""));
        }
        for (name, value) in FRAME_ATTRIBUTES {
            out.push_str(&format!(" {name}=\"{value}\""));
        }
        out.push_str("></iframe>");
    }
    out.push_str(rest);
    out
}

/// The plain text of `html` once sanitised: tags gone (blocks and line breaks become
/// spaces), entities decoded, whitespace collapsed. For search indexing and previews; it is
/// text, not HTML, so whoever shows it escapes it.
pub fn text_of(html: &str) -> String {
    plain_text(&sanitize(html))
}

/// [`text_of`] for a body that is sanitised already (a stored one).
pub fn plain_text(clean: &str) -> String {
    let mut text = String::with_capacity(clean.len());
    for piece in markup::pieces(clean) {
        match piece {
            markup::Piece::Text(raw) => text.push_str(&markup::decode_entities(raw)),
            markup::Piece::Start { name, .. } | markup::Piece::End(name) => {
                if !matches!(
                    name,
                    "a" | "strong"
                        | "b"
                        | "em"
                        | "i"
                        | "u"
                        | "s"
                        | "sub"
                        | "sup"
                        | "q"
                        | "cite"
                        | "code"
                        | "span"
                        | "mark"
                ) {
                    text.push(' ');
                }
            }
            markup::Piece::Other(_) => {}
        }
    }
    text.split(|c: char| c.is_whitespace())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

use markup::Piece;
use tidemark_core::markup;

#[cfg(test)]
mod tests {
    use super::*;
    use tidemark_core::markup::{decode_entities, pieces, Piece};

    /// Every node type of the console's body editor, as the editor writes it (its tests
    /// check it reads each and writes it back unchanged).
    const EDITOR_BODIES: &str = include_str!("../../../../tests/fixtures/editor/bodies.json");

    #[test]
    fn keeps_what_the_editor_writes_exactly() {
        let bodies: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(EDITOR_BODIES).expect("bodies.json is JSON");
        let mut checked = 0;
        for (name, body) in bodies.iter().filter(|(name, _)| !name.starts_with("//")) {
            let body = body.as_str().expect("each body is a string");
            assert_eq!(
                sanitize(body),
                body,
                "the editor's {name} changed in the sanitiser"
            );
            checked += 1;
        }
        assert!(checked >= 17, "every node type is in the fixture");
    }

    const DOMPURIFY: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/dompurify/fixtures.json"
    );
    const H5SC: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/h5sc/vectors.txt"
    );

    /// Tags that must never come out, whatever went in (an `<iframe>` comes out only as a
    /// player's, checked tag by tag below).
    const FORBIDDEN_TAGS: [&str; 17] = [
        "script", "svg", "math", "frame", "object", "embed", "form", "input", "button", "textarea",
        "select", "style", "base", "meta", "link", "template", "noscript",
    ];

    /// The attributes each allowed tag may carry in the output.
    fn allowed_attributes(tag: &str) -> &'static [&'static str] {
        match tag {
            "a" => &["href", "title", "rel"],
            "img" => &["src", "alt", "width", "height", "class"],
            "iframe" => &[
                "src",
                "title",
                "sandbox",
                "allow",
                "allowfullscreen",
                "loading",
                "referrerpolicy",
            ],
            "td" | "th" => &["colspan", "rowspan"],
            "col" | "colgroup" => &["span"],
            "hr" | "code" | "div" | "figure" | "span" => &["class"],
            _ => &[],
        }
    }

    /// An address with control characters, white space and invisible characters removed,
    /// lower-cased: the most a lenient browser could make of it.
    fn normalised_url(value: &str) -> String {
        decode_entities(value)
            .chars()
            .filter(|&c| {
                !c.is_whitespace()
                    && !c.is_control()
                    && !matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
            })
            .collect::<String>()
            .to_lowercase()
    }

    /// Panics, naming the input, when the sanitised output `out` of `input` could run
    /// anything: checked on the markup itself (every literal `<` of the serialiser's output
    /// starts a tag) and tag by tag, attribute by attribute.
    fn assert_inert(input: &str, out: &str) {
        let lower = out.to_ascii_lowercase();
        for tag in FORBIDDEN_TAGS {
            assert!(
                !lower.contains(&format!("<{tag}")),
                "<{tag} survived\n input: {input}\n output: {out}"
            );
        }
        for piece in pieces(out) {
            match piece {
                Piece::Text(text) => assert!(!text.contains('<'), "raw < in text: {out}"),
                Piece::Other(other) => panic!("comment or doctype {other:?} survived: {out}"),
                Piece::End(name) => assert!(
                    TAGS.contains(&name),
                    "unexpected end tag {name}\n input: {input}\n output: {out}"
                ),
                Piece::Start { name, attributes } => {
                    assert!(
                        TAGS.contains(&name),
                        "tag {name} is not allowed\n input: {input}\n output: {out}"
                    );
                    for (attribute, value) in attributes {
                        let attribute = attribute.to_ascii_lowercase();
                        assert!(
                            !attribute.starts_with("on"),
                            "event handler {attribute}\n input: {input}\n output: {out}"
                        );
                        assert!(
                            !matches!(attribute.as_str(), "style" | "id" | "name"),
                            "{attribute} survived\n input: {input}\n output: {out}"
                        );
                        assert!(
                            allowed_attributes(name).contains(&attribute.as_str()),
                            "{name} {attribute} is not allowed\n input: {input}\n output: {out}"
                        );
                        if matches!(attribute.as_str(), "href" | "src") {
                            let url = normalised_url(value);
                            for scheme in ["javascript:", "vbscript:", "data:"] {
                                assert!(
                                    !url.starts_with(scheme),
                                    "{scheme} in {attribute}\n input: {input}\n output: {out}"
                                );
                            }
                            if let Some(scheme) = lenient_scheme(&decode_entities(value)) {
                                assert!(
                                    matches!(scheme.as_str(), "http" | "https" | "mailto"),
                                    "scheme {scheme}\n input: {input}\n output: {out}"
                                );
                            }
                        }
                        if (name, attribute.as_str()) == ("img", "src") {
                            assert!(
                                value.starts_with("/media/") && !value.contains(".."),
                                "image address {value}\n input: {input}\n output: {out}"
                            );
                        }
                        if attribute == "class" {
                            assert!(
                                value
                                    .split(' ')
                                    .all(|class| tidemark_core::blocks::allowed_class(name, class)),
                                "class {value} on {name}: {out}"
                            );
                        }
                        if name == "iframe" {
                            let expected = FRAME_ATTRIBUTES.iter().find(|(n, _)| *n == attribute);
                            match attribute.as_str() {
                                "src" => assert_eq!(
                                    tidemark_core::embed::canonical_player(&decode_entities(value))
                                        .as_deref(),
                                    Some(&*decode_entities(value)),
                                    "frame address {value}\n input: {input}\n output: {out}"
                                ),
                                "title" => {}
                                _ => assert_eq!(
                                    Some(value),
                                    expected.map(|(_, v)| *v),
                                    "frame {attribute}\n input: {input}\n output: {out}"
                                ),
                            }
                        }
                        if attribute == "rel" {
                            assert_eq!(value, LINK_REL, "rel on {name}: {out}");
                        }
                    }
                }
            }
        }
    }

    /// Inert and idempotent; returns the sanitised form.
    fn check(input: &str) -> String {
        let once = sanitize(input);
        assert_inert(input, &once);
        let twice = sanitize(&once);
        assert_eq!(twice, once, "not idempotent\n input: {input}");
        once
    }

    #[test]
    fn the_check_catches_what_it_looks_for() {
        let dangerous = [
            "<script>alert(1)</script>",
            "<img src=\"/media/a.png\" onerror=\"alert(1)\">",
            "<a href=\"&#x20;javascript:alert(1)\">x</a>",
            "<a href=\"\u{2028}JaVaScRiPt:alert(1)\">x</a>",
            "<img src=\"data:image/svg+xml,x\">",
            "<p style=\"x\">t</p>",
            "<p id=\"x\">t</p>",
            "<svg></svg>",
            "<!-- c -->",
            "<img src=\"/media/a.png\" class=\"big\">",
            "<a href=\"/x\" rel=\"opener\">x</a>",
            "<iframe src=\"https://evil.example/\"></iframe>",
            "<iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ\"></iframe>",
            "<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" sandbox=\"allow-scripts allow-top-navigation\"></iframe>",
            "<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" srcdoc=\"x\"></iframe>",
            "<div class=\"callout-purple\">x</div>",
        ];
        for output in dangerous {
            let caught = std::panic::catch_unwind(|| assert_inert("test", output));
            assert!(caught.is_err(), "the check let {output} through");
        }
    }

    #[test]
    fn every_dompurify_payload_comes_out_inert_and_stable() {
        let text = std::fs::read_to_string(DOMPURIFY).expect("the DOMPurify fixtures");
        let fixtures: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        let mut checked = 0;
        for fixture in &fixtures {
            let payload = fixture["payload"].as_str().expect("a payload string");
            check(payload);
            checked += 1;
        }
        println!("DOMPurify payloads checked: {checked}");
        assert_eq!(checked, fixtures.len());
        assert!(checked >= 200, "only {checked} payloads");
    }

    #[test]
    fn every_h5sc_vector_comes_out_inert_and_stable() {
        let text = std::fs::read_to_string(H5SC).expect("the H5SC vectors");
        let mut checked = 0;
        // Every line on its own (vectors spanning lines are cut into fragments, which are
        // payloads too)…
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            check(line);
            checked += 1;
        }
        println!("H5SC lines checked: {checked}");
        // …every whole vector…
        let marker = "//[\"'`-->]]>]</div>";
        let vectors: Vec<&str> = text
            .split_inclusive(marker)
            .filter(|piece| piece.ends_with(marker))
            .filter_map(|piece| piece.find("<div id=").map(|at| &piece[at..]))
            .collect();
        for vector in &vectors {
            check(vector);
        }
        println!("H5SC vectors checked: {}", vectors.len());
        assert_eq!(vectors.len(), 139, "the file holds 139 vectors");
        // …and the whole file at once.
        check(&text);
        assert!(checked >= 250, "only {checked} lines");
    }

    #[test]
    fn the_allowed_structure_stays() {
        let table =
            "<table><caption>Rates</caption><thead><tr><th colspan=\"2\">Plan</th></tr></thead>\
                     <tbody><tr><td rowspan=\"2\">A</td><td>1</td></tr></tbody>\
                     <tfoot><tr><td>x</td><td>y</td></tr></tfoot></table>";
        assert_eq!(check(table), table);
        let figure = "<figure><img src=\"/media/images/abc.jpg\" alt=\"A boat\" width=\"640\" height=\"480\">\
                      <figcaption>The <em>boat</em></figcaption></figure>";
        assert_eq!(check(figure), figure);
        let text = "<h2>Title</h2><p><strong>bold</strong> <b>b</b> <i>i</i> <u>u</u> <s>s</s> \
                    H<sub>2</sub>O x<sup>2</sup> <mark>m</mark> <code>c</code></p>\
                    <blockquote><p>quote <q>inner</q> <cite>who</cite></p></blockquote>\
                    <ul><li>one</li></ul><ol><li>two</li></ol><pre>pre</pre><hr><h3>a</h3><h4>b</h4>\
                    <div><span>s</span><br></div>";
        assert_eq!(check(text), text);
    }

    #[test]
    fn links_get_rel_and_only_web_and_mail_addresses() {
        assert_eq!(
            check("<a href=\"https://example.com/x\" title=\"t\" target=\"_blank\" rel=\"opener\">x</a>"),
            format!("<a href=\"https://example.com/x\" title=\"t\" rel=\"{LINK_REL}\">x</a>")
        );
        assert_eq!(
            check("<a href=\"mailto:a@example.com\">m</a>"),
            format!("<a href=\"mailto:a@example.com\" rel=\"{LINK_REL}\">m</a>")
        );
        for bad in [
            "javascript:alert(1)",
            " JaVaScRiPt:alert(1)",
            "java\tscript:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html,<script>alert(1)</script>",
            "tel:123",
            "\u{2028}javascript:alert(1)",
            "jav&#x09;ascript:alert(1)",
            "&#x200b;javascript:alert(1)",
        ] {
            let out = check(&format!("<a href=\"{bad}\">x</a>"));
            assert_eq!(out, format!("<a rel=\"{LINK_REL}\">x</a>"), "{bad}");
        }
    }

    #[test]
    fn images_keep_the_coupon_class_only_and_platform_addresses() {
        assert_eq!(
            check("<img src=\"/media/images/c.png\" class=\"big coupon shadow\">"),
            "<img src=\"/media/images/c.png\" class=\"coupon\">"
        );
        assert_eq!(
            check("<img src=\"/media/images/c.png\" class=\"big shadow\">"),
            "<img src=\"/media/images/c.png\">"
        );
        for bad in [
            // Other sites' images: the pages' CSP would block them, and they would tell a
            // third party who reads what.
            "https://cdn.example.com/a.jpg",
            "http://cdn.example.com/a.jpg",
            "data:image/png;base64,iVBORw0KGgo=",
            "javascript:alert(1)",
            "/uploads/a.png",
            "a.png",
            "//evil.example/a.png",
            "mailto:a@example.com",
        ] {
            assert_eq!(
                check(&format!("<img src=\"{bad}\" alt=\"x\">")),
                "<img alt=\"x\">",
                "{bad}"
            );
        }
        assert_eq!(
            check("<img src=\"/media/a.png\" width=\"100%\" height=\"50\" onerror=\"alert(1)\" style=\"x\">"),
            "<img src=\"/media/a.png\" height=\"50\">"
        );
    }

    #[test]
    fn image_addresses_that_resolve_elsewhere_on_the_site_go() {
        for bad in [
            "/media/../api/v1/search?q=WORD",
            "/media/images/../../api/v1/search?q=WORD",
            "/media/%2e%2e/api/v1/search?q=WORD",
            "/media/%2E%2E/api/v1/search?q=WORD",
            "/media/.%2e/api/v1/search?q=WORD",
            "/media/%2e./api/v1/search?q=WORD",
            "/media/..%2fapi/v1/search",
            "/media/..\\api/v1/search?q=WORD",
            "/media/%5c..%5capi/v1/search",
            "/media/.&#x09;./api/v1/search?q=WORD",
            "/media/./images/a.png",
            "/media/images/a.png?q=1",
            "/media/images/a b.png",
            "/media/",
        ] {
            assert_eq!(
                check(&format!("<img src=\"{bad}\" alt=\"x\">")),
                "<img alt=\"x\">",
                "{bad}"
            );
        }
        assert_eq!(
            check("<img src=\"/media/images/0a1b-c_d.thumb.jpg\">"),
            "<img src=\"/media/images/0a1b-c_d.thumb.jpg\">"
        );
    }

    #[test]
    fn relative_links_with_dot_segments_go() {
        for bad in [
            "/media/../api/v1/search?q=x",
            "/post/%2e%2e/api/v1/search?q=x",
            "../api/v1/search?q=x",
            "/a/..\\b",
            "/a/.%2E/b",
        ] {
            assert_eq!(
                check(&format!("<a href=\"{bad}\">x</a>")),
                format!("<a rel=\"{LINK_REL}\">x</a>"),
                "{bad}"
            );
        }
        for fine in [
            "/post/12",
            "/search?q=a..b",
            "/post/12#..",
            "https://example.com/a/../b",
        ] {
            assert_eq!(
                check(&format!("<a href=\"{fine}\">x</a>")),
                format!("<a href=\"{fine}\" rel=\"{LINK_REL}\">x</a>"),
                "{fine}"
            );
        }
    }

    #[test]
    fn ids_names_styles_and_unknown_tags_go() {
        assert_eq!(
            check("<p id=\"x\" name=\"y\" style=\"color:red\" class=\"c\" lang=\"ko\">t</p>"),
            "<p>t</p>"
        );
        assert_eq!(
            check("<form><input name=\"a\"><button>b</button></form>"),
            "b"
        );
        assert_eq!(
            check("<p>a<script>alert(1)</script><style>p{}</style>b</p>"),
            "<p>ab</p>"
        );
        assert_eq!(
            check("<svg><text>x</text></svg><math><mi>y</mi></math>z"),
            "z"
        );
        assert_eq!(
            check("<iframe src=\"https://x\">f</iframe><h1>Big</h1><h5>s</h5>"),
            "Bigs"
        );
        assert_eq!(check("<!-- note --><p>t</p>"), "<p>t</p>");
    }

    /// A kept frame: the player's canonical address, then the fixed attributes.
    fn frame(src: &str, title: Option<&str>) -> String {
        let title = title.map(|t| format!(" title=\"{t}\"")).unwrap_or_default();
        let fixed: String = FRAME_ATTRIBUTES
            .iter()
            .map(|(name, value)| format!(" {name}=\"{value}\""))
            .collect();
        format!("<iframe src=\"{src}\"{title}{fixed}></iframe>")
    }

    #[test]
    fn players_frames_stay_canonical_sandboxed_and_empty() {
        let player = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
        // YouTube's own embed code, as its share button gives it.
        assert_eq!(
            check("<iframe width=\"560\" height=\"315\" src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?si=Ab\" title=\"YouTube video player\" frameborder=\"0\" allow=\"accelerometer; autoplay; clipboard-write\" referrerpolicy=\"unsafe-url\" allowfullscreen></iframe>"),
            frame(player, Some("YouTube video player"))
        );
        assert_eq!(
            check("<iframe src=\"https://vimeo.com/76979871\"></iframe>"),
            frame("https://player.vimeo.com/video/76979871?dnt=1", None)
        );
        assert_eq!(
            check("<iframe src=\"https://tv.naver.com/embed/23456789?autoPlay=true\" title=\"출시 영상\"></iframe>"),
            frame("https://tv.naver.com/embed/23456789", Some("출시 영상"))
        );
        // What a writer puts around it stays; what is inside the frame never does.
        let video = format!("<figure class=\"video\"><img src=\"/media/images/t.jpg\" alt=\"출시 영상\" width=\"480\" height=\"360\">{}<figcaption>신제품 소개</figcaption></figure>", frame(player, Some("출시 영상")));
        assert_eq!(check(&video), video);
        assert_eq!(
            check(&format!("<iframe src=\"{player}\"><img src=x onerror=alert(1)>&lt;/iframe&gt;<script>alert(1)</script></iframe><p>after</p>")),
            format!("{}<p>after</p>", frame(player, None))
        );
    }

    #[test]
    fn every_other_frame_goes_with_its_content() {
        for bad in [
            "https://evil.example/embed/dQw4w9WgXcQ",
            "https://youtube.com.evil.example/embed/dQw4w9WgXcQ",
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)//https://www.youtube.com/embed/dQw4w9WgXcQ",
            "data:text/html,<script>alert(1)</script>",
            "/api/v1/me",
            "//evil.example/x",
            "https://user@www.youtube.com/embed/dQw4w9WgXcQ",
            "",
        ] {
            assert_eq!(
                check(&format!(
                    "<p>a</p><iframe src=\"{bad}\" title=\"t\">inside</iframe><p>b</p>"
                )),
                "<p>a</p><p>b</p>",
                "{bad}"
            );
        }
        // Whatever follows a player's own address is not kept: the canonical one is written.
        assert_eq!(
            check("<iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ/../../evil?x=<b>\"></iframe>"),
            frame("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", None)
        );
        // No address at all, or only a document written inline.
        assert_eq!(check("<iframe>x</iframe>"), "");
        assert_eq!(
            check("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>"),
            ""
        );
        // A player's address with attributes beyond the list: only the fixed ones remain.
        let player = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
        assert_eq!(
            check(&format!("<iframe src=\"{player}\" srcdoc=\"<b>x</b>\" onload=\"alert(1)\" sandbox=\"allow-scripts allow-top-navigation allow-forms\" allow=\"camera; microphone\" name=\"top\" id=\"f\" style=\"position:fixed\" csp=\"x\" credentialless></iframe>")),
            frame(player, None)
        );
        // Inside SVG or MathML an iframe is foreign content, and goes with them.
        assert_eq!(
            check(&format!("<svg><iframe src=\"{player}\"></iframe></svg><math><iframe src=\"{player}\"></iframe></math>")),
            ""
        );
    }

    #[test]
    fn the_blocks_keep_their_listed_classes_only() {
        let blocks = [
            "<hr class=\"divider-dots\">",
            "<hr class=\"divider-short\">",
            "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>",
            "<div class=\"callout callout-blue callout-bulb\"><p>알아 두세요</p></div>",
            "<figure class=\"gallery\"><div class=\"gallery-row\"><img src=\"/media/images/a.jpg\" alt=\"가\"><img src=\"/media/images/b.jpg\" alt=\"나\"></div><figcaption>행사 사진</figcaption></figure>",
            "<figure class=\"file\"><a href=\"/media/files/0a1b.pdf\" rel=\"noopener noreferrer nofollow ugc\">회사소개서.pdf</a></figure>",
            "<figure class=\"link-card\"><a href=\"https://example.com/news\" rel=\"noopener noreferrer nofollow ugc\"><img src=\"/media/images/og.jpg\" alt=\"\"><span class=\"link-card-title\">소식</span><span class=\"link-card-text\">설명</span><span class=\"link-card-site\">example.com</span></a></figure>",
        ];
        for block in blocks {
            assert_eq!(check(block), block);
        }
        assert_eq!(check("<hr class=\"divider-zigzag\">"), "<hr>");
        assert_eq!(
            check("<pre><code class=\"language-rust hljs x\">x</code></pre>"),
            "<pre><code class=\"language-rust\">x</code></pre>"
        );
        assert_eq!(
            check(
                "<div class=\"callout callout-purple callout-blue callout callout-skull\">x</div>"
            ),
            "<div class=\"callout callout-blue\">x</div>"
        );
        assert_eq!(check("<p class=\"callout\">x</p>"), "<p>x</p>");
        assert_eq!(
            check("<figure class=\"coupon\">x</figure>"),
            "<figure>x</figure>"
        );
        assert_eq!(
            check("<span class=\"link-card-title evil\">x</span>"),
            "<span class=\"link-card-title\">x</span>"
        );
        // Captions and code are text a search finds.
        assert_eq!(text_of(blocks[2]), "fn main() {}");
        assert_eq!(text_of(blocks[4]), "행사 사진");
    }

    #[test]
    fn text_of_is_plain_text() {
        assert_eq!(
            text_of("<h2>Title</h2><p>One &amp; <b>two</b>&nbsp;&lt;three&gt;</p><p>four<br>five</p><script>x</script>"),
            "Title One & two <three> four five"
        );
        assert_eq!(text_of("  a \n\t b  "), "a b");
        assert_eq!(text_of("<ul><li>x</li><li>y</li></ul>"), "x y");
        assert_eq!(text_of("un<em>broken</em> word"), "unbroken word");
        assert_eq!(text_of("<img src=\"/media/a.png\" alt=\"alt\">"), "");
    }

    #[test]
    fn the_reader_of_serialised_markup() {
        assert_eq!(
            pieces("a<b>c</b><img src=\"x&quot;y\" alt=\"\"><br>"),
            vec![
                Piece::Text("a"),
                Piece::Start {
                    name: "b",
                    attributes: vec![]
                },
                Piece::Text("c"),
                Piece::End("b"),
                Piece::Start {
                    name: "img",
                    attributes: vec![("src", "x&quot;y"), ("alt", "")]
                },
                Piece::Start {
                    name: "br",
                    attributes: vec![]
                },
            ]
        );
        assert_eq!(
            decode_entities("&lt;&#60;&#x3C;&amp;amp;&bogus;&"),
            "<<<&amp;&bogus;&"
        );
    }
}
