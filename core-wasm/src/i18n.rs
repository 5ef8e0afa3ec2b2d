//! Languages and the texts the core's own decisions carry (error screens, 404, breadcrumbs).
//! The English texts are SPEC's, verbatim.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Korean first (PRODUCT "Language").
    #[default]
    Ko,
    En,
}

impl Lang {
    /// `ko`, `ko-KR`, `EN-us`, ...; `None` for anything that is neither language.
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("ko") {
            Some(Lang::Ko)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Ko => "ko",
            Lang::En => "en",
        }
    }
}

/// The language to show: a saved choice wins, then the browser's preferences in order, then
/// Korean.
pub fn pick_language(saved: Option<&str>, preferred: &[String]) -> Lang {
    saved
        .and_then(Lang::parse)
        .or_else(|| preferred.iter().find_map(|tag| Lang::parse(tag)))
        .unwrap_or_default()
}

/// Texts the core hands out with its decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    PageNotFound,
    ContentDoesNotExist,
    TryAgain,
    GoToHome,
    /// 'Page Not Found: {path}'; the path is appended by [`page_not_found_for`].
    PageNotFoundPrefix,
    SomethingWentWrong,
    QueryStringError,
    NoAccess,
    NoAccessDescription,
}

pub fn text(key: Text, lang: Lang) -> &'static str {
    use Text::*;
    match (key, lang) {
        (PageNotFound, Lang::En) => "page not found",
        (PageNotFound, Lang::Ko) => "페이지를 찾을 수 없습니다",
        (ContentDoesNotExist, Lang::En) => "content does not exist",
        (ContentDoesNotExist, Lang::Ko) => "콘텐츠가 존재하지 않습니다",
        (TryAgain, Lang::En) => "try again",
        (TryAgain, Lang::Ko) => "다시 시도",
        (GoToHome, Lang::En) => "go to home",
        (GoToHome, Lang::Ko) => "홈으로 가기",
        (PageNotFoundPrefix, Lang::En) => "Page Not Found: ",
        (PageNotFoundPrefix, Lang::Ko) => "페이지를 찾을 수 없습니다: ",
        (SomethingWentWrong, Lang::En) => "something went wrong",
        (SomethingWentWrong, Lang::Ko) => "문제가 발생했습니다",
        (QueryStringError, _) => "query string error",
        (NoAccess, Lang::En) => "no access",
        (NoAccess, Lang::Ko) => "접근 권한이 없습니다",
        (NoAccessDescription, Lang::En) => {
            "This page is open to other members (a business's people or the operators), not to this account. Sign in with one that has access, or go back home."
        }
        (NoAccessDescription, Lang::Ko) => {
            "이 페이지는 이 계정으로 볼 수 없습니다. 기업 담당자나 운영자처럼 권한이 있는 계정으로 로그인하거나 홈으로 돌아가세요."
        }
    }
}

/// 'Page Not Found: {full path}' (SPEC §2).
pub fn page_not_found_for(full_path: &str, lang: Lang) -> String {
    format!("{}{}", text(Text::PageNotFoundPrefix, lang), full_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_language_tags() {
        assert_eq!(Lang::parse("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::parse("EN_us"), Some(Lang::En));
        assert_eq!(Lang::parse("ja"), None);
        assert_eq!(Lang::parse(""), None);
    }

    #[test]
    fn saved_choice_then_browser_then_korean() {
        let browser = vec!["ja-JP".to_string(), "en-US".to_string()];
        assert_eq!(pick_language(Some("ko"), &browser), Lang::Ko);
        assert_eq!(pick_language(None, &browser), Lang::En);
        assert_eq!(pick_language(Some("fr"), &["de".to_string()]), Lang::Ko);
        assert_eq!(pick_language(None, &[]), Lang::Ko);
    }

    #[test]
    fn english_texts_are_spec_verbatim() {
        assert_eq!(
            page_not_found_for("/no/such/page", Lang::En),
            "Page Not Found: /no/such/page"
        );
        assert_eq!(text(Text::PageNotFound, Lang::En), "page not found");
        assert_eq!(
            text(Text::ContentDoesNotExist, Lang::En),
            "content does not exist"
        );
        assert_eq!(text(Text::TryAgain, Lang::En), "try again");
        assert_eq!(text(Text::GoToHome, Lang::En), "go to home");
    }
}
