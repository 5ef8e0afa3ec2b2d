//! The error screen of SPEC §2 and the error catalogue of SPEC §8.

use crate::i18n::{text, Lang, Text};
use serde::Serialize;

/// SPEC §8 codes, with the HTTP status PRODUCT ("Errors and bad input") pairs them with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ErrorCode {
    Success,
    DefaultError,
    RequiredParameterMissing,
    NoData,
    TokenNotEqual,
    UserDoesNotExist,
    AccountAlreadyExists,
    CartItemAlreadyExists,
    CertificationCancelled,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 9] = [
        ErrorCode::Success,
        ErrorCode::DefaultError,
        ErrorCode::RequiredParameterMissing,
        ErrorCode::NoData,
        ErrorCode::TokenNotEqual,
        ErrorCode::UserDoesNotExist,
        ErrorCode::AccountAlreadyExists,
        ErrorCode::CartItemAlreadyExists,
        ErrorCode::CertificationCancelled,
    ];

    /// The code as it travels in `{code, message, data}`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Success => "0",
            ErrorCode::DefaultError => "999",
            ErrorCode::RequiredParameterMissing => "104",
            ErrorCode::NoData => "101",
            ErrorCode::TokenNotEqual => "1003",
            ErrorCode::UserDoesNotExist => "2002",
            ErrorCode::AccountAlreadyExists => "2007",
            ErrorCode::CartItemAlreadyExists => "3002",
            ErrorCode::CertificationCancelled => "F0000",
        }
    }

    pub fn parse(code: &str) -> Option<ErrorCode> {
        Self::ALL
            .into_iter()
            .find(|candidate| candidate.as_str() == code.trim())
    }

    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::Success => 200,
            ErrorCode::DefaultError => 500,
            ErrorCode::RequiredParameterMissing | ErrorCode::CertificationCancelled => 400,
            ErrorCode::NoData | ErrorCode::UserDoesNotExist => 404,
            ErrorCode::TokenNotEqual => 401,
            ErrorCode::AccountAlreadyExists | ErrorCode::CartItemAlreadyExists => 409,
        }
    }

    pub fn meaning(self, lang: Lang) -> &'static str {
        use ErrorCode::*;
        match (self, lang) {
            (Success, Lang::En) => "success",
            (Success, Lang::Ko) => "성공",
            (DefaultError, Lang::En) => "default error",
            (DefaultError, Lang::Ko) => "요청을 처리하지 못했습니다",
            (RequiredParameterMissing, Lang::En) => "required parameter missing",
            (RequiredParameterMissing, Lang::Ko) => "필수 항목이 빠졌습니다",
            (NoData, Lang::En) => "no data",
            (NoData, Lang::Ko) => "데이터가 없습니다",
            (TokenNotEqual, Lang::En) => "token not equal",
            (TokenNotEqual, Lang::Ko) => "인증 정보가 일치하지 않습니다",
            (UserDoesNotExist, Lang::En) => "user does not exist",
            (UserDoesNotExist, Lang::Ko) => "존재하지 않는 회원입니다",
            (AccountAlreadyExists, Lang::En) => "account already exists",
            (AccountAlreadyExists, Lang::Ko) => "이미 가입된 계정입니다",
            (CartItemAlreadyExists, Lang::En) => "cart item already exists",
            (CartItemAlreadyExists, Lang::Ko) => "이미 담긴 항목입니다",
            (CertificationCancelled, Lang::En) => "user cancelled identity verification",
            (CertificationCancelled, Lang::Ko) => "본인인증을 취소했습니다",
        }
    }
}

/// One row of the catalogue, as handed to JavaScript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueEntry {
    pub code: &'static str,
    pub meaning: &'static str,
    pub http_status: u16,
}

pub fn error_catalogue(code: &str, lang: Lang) -> Option<CatalogueEntry> {
    ErrorCode::parse(code).map(|known| CatalogueEntry {
        code: known.as_str(),
        meaning: known.meaning(lang),
        http_status: known.http_status(),
    })
}

/// A button of the error screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Action {
    pub label: &'static str,
    /// Where the button goes after clearing the error; `None` reloads the current page.
    pub to: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorScreen {
    pub status: i64,
    pub message: String,
    pub description: Option<String>,
    /// 'try again': clears the error and reloads the page. Absent for 404 and 101.
    pub retry: Option<Action>,
    /// 'go to home': clears the error and goes to /. Always present.
    pub home: Action,
}

/// SPEC §2: 404 → 'page not found', 101 → 'content does not exist', both without description
/// or retry; 403 (a signed-in member refused) → 'no access' saying why, without retry; anything
/// else keeps its own message and description and offers 'try again'.
pub fn error_screen(
    status: i64,
    message: Option<&str>,
    description: Option<&str>,
    lang: Lang,
) -> ErrorScreen {
    let home = Action {
        label: text(Text::GoToHome, lang),
        to: Some("/"),
    };
    let fixed = match status {
        404 => Some((Text::PageNotFound, None)),
        101 => Some((Text::ContentDoesNotExist, None)),
        // A signed-in member refused (a guest is sent to the login page instead).
        403 => Some((Text::NoAccess, Some(Text::NoAccessDescription))),
        _ => None,
    };
    if let Some((key, description)) = fixed {
        return ErrorScreen {
            status,
            message: text(key, lang).to_string(),
            description: description.map(|key| text(key, lang).to_string()),
            retry: None,
            home,
        };
    }
    let message = message
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map_or_else(
            || text(Text::SomethingWentWrong, lang).to_string(),
            str::to_string,
        );
    ErrorScreen {
        status,
        message,
        description: description
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_string),
        retry: Some(Action {
            label: text(Text::TryAgain, lang),
            to: None,
        }),
        home,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_has_fixed_message_and_no_retry() {
        let screen = error_screen(404, Some("ignored"), Some("ignored too"), Lang::En);
        assert_eq!(screen.message, "page not found");
        assert_eq!(screen.description, None);
        assert_eq!(screen.retry, None);
        assert_eq!(
            screen.home,
            Action {
                label: "go to home",
                to: Some("/")
            }
        );
    }

    #[test]
    fn no_access_says_why_and_offers_no_retry() {
        let screen = error_screen(403, Some("business masters only"), None, Lang::Ko);
        assert_eq!(screen.message, "접근 권한이 없습니다");
        assert!(screen.description.unwrap().contains("권한이 있는 계정"));
        assert_eq!(screen.retry, None);
        assert_eq!(screen.home.to, Some("/"));
        assert_eq!(error_screen(403, None, None, Lang::En).message, "no access");
    }

    #[test]
    fn no_content_has_fixed_message_and_no_retry() {
        let screen = error_screen(101, Some("x"), None, Lang::En);
        assert_eq!(screen.message, "content does not exist");
        assert!(screen.retry.is_none());
        assert_eq!(
            error_screen(101, None, None, Lang::Ko).message,
            "콘텐츠가 존재하지 않습니다"
        );
    }

    #[test]
    fn other_errors_keep_their_text_and_offer_retry() {
        let screen = error_screen(500, Some("Server exploded"), Some("Try later"), Lang::En);
        assert_eq!(screen.message, "Server exploded");
        assert_eq!(screen.description.as_deref(), Some("Try later"));
        assert_eq!(
            screen.retry,
            Some(Action {
                label: "try again",
                to: None
            })
        );
        assert_eq!(screen.home.label, "go to home");
        let bare = error_screen(0, None, Some("  "), Lang::Ko);
        assert_eq!(bare.message, "문제가 발생했습니다");
        assert_eq!(bare.description, None);
        assert_eq!(bare.retry.unwrap().label, "다시 시도");
    }

    #[test]
    fn catalogue_covers_spec_codes() {
        let codes = [
            "0", "999", "104", "101", "1003", "2002", "2007", "3002", "F0000",
        ];
        for code in codes {
            let entry = error_catalogue(code, Lang::En).unwrap();
            assert_eq!(entry.code, code);
        }
        assert_eq!(error_catalogue("104", Lang::En).unwrap().http_status, 400);
        assert_eq!(error_catalogue("2007", Lang::En).unwrap().http_status, 409);
        assert_eq!(
            error_catalogue("F0000", Lang::En).unwrap().meaning,
            "user cancelled identity verification"
        );
        assert_eq!(error_catalogue("12345", Lang::En), None);
    }
}
