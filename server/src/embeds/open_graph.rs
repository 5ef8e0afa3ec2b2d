//! What a page says about itself for a link card: the Open Graph tags of its head (`og:title`,
//! `og:description`, `og:image`, `og:site_name`), else Twitter's, else its `<title>` and
//! `description`. Read with html5ever's tokenizer (the page is anyone's HTML), in the page's
//! own encoding (EUC-KR is still common on Korean sites).

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use reqwest::Url;
use std::cell::RefCell;

/// The longest title and description a card keeps, in characters.
pub const TITLE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 300;

/// A page's card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageCard {
    pub title: String,
    pub description: Option<String>,
    /// The picture's absolute address (http or https).
    pub image: Option<Url>,
    /// The site's name, else its host.
    pub site: String,
}

/// The card of the page at `url` whose first bytes are `body`, sent with `charset`; `None`
/// when it names no title at all.
pub fn read(body: &[u8], charset: Option<&str>, url: &Url) -> Option<PageCard> {
    let text = decode(body, charset);
    let found = head_tags(&text);
    let pick = |names: &[&str]| -> Option<String> {
        names.iter().find_map(|name| {
            found
                .meta
                .iter()
                .find(|(key, value)| key == name && !value.trim().is_empty())
                .map(|(_, value)| clean(value))
        })
    };
    let title = pick(&["og:title", "twitter:title"])
        .or_else(|| Some(clean(&found.title)).filter(|title| !title.is_empty()))?;
    let description = pick(&["og:description", "twitter:description", "description"]);
    let image = pick(&[
        "og:image:secure_url",
        "og:image",
        "og:image:url",
        "twitter:image",
        "twitter:image:src",
    ])
    .and_then(|image| url.join(&image).ok())
    .filter(|image| matches!(image.scheme(), "http" | "https"));
    let host = url.host_str().unwrap_or_default();
    let site = pick(&["og:site_name", "application-name"])
        .unwrap_or_else(|| host.strip_prefix("www.").unwrap_or(host).to_string());
    Some(PageCard {
        title: clip(&title, TITLE_MAX),
        description: description.map(|text| clip(&text, DESCRIPTION_MAX)),
        image,
        site: clip(&site, TITLE_MAX),
    })
}

/// White space collapsed.
fn clean(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `most` characters, an ellipsis marking a cut.
fn clip(value: &str, most: usize) -> String {
    if value.chars().count() <= most {
        return value.to_string();
    }
    let mut cut: String = value.chars().take(most - 1).collect();
    cut.push('…');
    cut
}

/// `body` as text: in the header's charset, else the one a `<meta>` of its first kilobytes
/// names, else UTF-8 (anything not valid replaced).
fn decode(body: &[u8], charset: Option<&str>) -> String {
    let label = charset
        .map(str::to_string)
        .or_else(|| meta_charset(&body[..body.len().min(4096)]));
    let encoding = label
        .and_then(|label| encoding_rs::Encoding::for_label(label.trim().as_bytes()))
        .unwrap_or(encoding_rs::UTF_8);
    encoding.decode(body).0.into_owned()
}

/// `<meta charset="euc-kr">` or `<meta http-equiv="Content-Type" content="…; charset=euc-kr">`
/// in `start` (read as ASCII).
fn meta_charset(start: &[u8]) -> Option<String> {
    let lower = String::from_utf8_lossy(start).to_ascii_lowercase();
    let at = lower.find("charset=")? + "charset=".len();
    let value: String = lower[at..]
        .trim_start_matches(['"', '\''])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .collect();
    (!value.is_empty()).then_some(value)
}

/// The head's `<title>` and its `<meta>` names (`property` or `name`, lower case) with their
/// `content`, in order; reading stops at the body.
#[derive(Default)]
struct Found {
    title: String,
    meta: Vec<(String, String)>,
}

#[derive(Default)]
struct Sink {
    found: RefCell<Found>,
    in_title: RefCell<bool>,
    done: RefCell<bool>,
}

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if *self.done.borrow() {
            return TokenSinkResult::Continue;
        }
        match token {
            Token::TagToken(tag) => {
                let name = tag.name.to_string();
                match (tag.kind, name.as_str()) {
                    (TagKind::StartTag, "meta") => {
                        let attribute = |wanted: &str| {
                            tag.attrs
                                .iter()
                                .find(|attr| &*attr.name.local == wanted)
                                .map(|attr| attr.value.to_string())
                        };
                        let key = attribute("property").or_else(|| attribute("name"));
                        if let (Some(key), Some(content)) = (key, attribute("content")) {
                            self.found
                                .borrow_mut()
                                .meta
                                .push((key.trim().to_ascii_lowercase(), content));
                        }
                    }
                    (TagKind::StartTag, "title") => {
                        *self.in_title.borrow_mut() = true;
                        return TokenSinkResult::RawData(RawKind::Rcdata);
                    }
                    (TagKind::EndTag, "title") => *self.in_title.borrow_mut() = false,
                    (TagKind::StartTag, "script") => {
                        return TokenSinkResult::RawData(RawKind::ScriptData)
                    }
                    (TagKind::StartTag, "style" | "noscript" | "noframes" | "xmp" | "iframe") => {
                        return TokenSinkResult::RawData(RawKind::Rawtext)
                    }
                    (TagKind::StartTag, "textarea") => {
                        return TokenSinkResult::RawData(RawKind::Rcdata)
                    }
                    (TagKind::StartTag, "body") | (TagKind::EndTag, "head") => {
                        *self.done.borrow_mut() = true;
                    }
                    _ => {}
                }
            }
            Token::CharacterTokens(text) if *self.in_title.borrow() => {
                self.found.borrow_mut().title.push_str(&text);
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

fn head_tags(html: &str) -> Found {
    let tokenizer = Tokenizer::new(Sink::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.found.take()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url() -> Url {
        Url::parse("https://www.example.co.kr/news/7?ref=x").unwrap()
    }

    #[test]
    fn open_graph_tags_make_the_card() {
        let page = r#"<!doctype html><html><head><meta charset="utf-8">
            <title>Fallback title</title>
            <meta property="og:title" content="  신제품   출시 소식 ">
            <meta property="og:description" content="타이드마크가 새 서비스를 내놓았습니다.">
            <meta property="og:image" content="/images/og.png">
            <meta property="og:site_name" content="예시뉴스">
            </head><body><meta property="og:title" content="in the body"></body></html>"#;
        let card = read(page.as_bytes(), None, &url()).unwrap();
        assert_eq!(card.title, "신제품 출시 소식");
        assert_eq!(
            card.description.as_deref(),
            Some("타이드마크가 새 서비스를 내놓았습니다.")
        );
        assert_eq!(
            card.image.unwrap().as_str(),
            "https://www.example.co.kr/images/og.png"
        );
        assert_eq!(card.site, "예시뉴스");
    }

    #[test]
    fn without_open_graph_the_title_and_host_serve() {
        let page = b"<html><head><title>A &amp; B</title><script>var t = '<meta property=\"og:title\" content=\"no\">';</script><meta name=\"description\" content=\"About\"></head></html>";
        let card = read(page, None, &url()).unwrap();
        assert_eq!(card.title, "A & B");
        assert_eq!(card.description.as_deref(), Some("About"));
        assert_eq!(card.site, "example.co.kr");
        assert_eq!(card.image, None);
        assert_eq!(
            read(b"<html><head></head><body>x</body></html>", None, &url()),
            None
        );
    }

    #[test]
    fn korean_pages_in_euc_kr_are_read_in_it() {
        let (title, _, _) = encoding_rs::EUC_KR.encode("한글 제목");
        let mut page = b"<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-kr\"><title>".to_vec();
        page.extend_from_slice(&title);
        page.extend_from_slice(b"</title></head></html>");
        assert_eq!(read(&page, None, &url()).unwrap().title, "한글 제목");
        // The header's charset comes first.
        let mut bare = b"<title>".to_vec();
        bare.extend_from_slice(&title);
        assert_eq!(
            read(&bare, Some("euc-kr"), &url()).unwrap().title,
            "한글 제목"
        );
    }

    #[test]
    fn long_texts_are_clipped_and_other_schemes_dropped() {
        let page = format!(
            "<meta property=\"og:title\" content=\"{}\"><meta property=\"og:image\" content=\"javascript:alert(1)\">",
            "가".repeat(500)
        );
        let card = read(page.as_bytes(), None, &url()).unwrap();
        assert_eq!(card.title.chars().count(), TITLE_MAX);
        assert!(card.title.ends_with('…'));
        assert_eq!(card.image, None);
    }
}
