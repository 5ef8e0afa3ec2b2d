//! One error type for every answer: `{code, message, data}` with the HTTP status PRODUCT pairs
//! with the code ("Errors and bad input"). Internal details are logged, never sent.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tidemark_core::error_screen::ErrorCode;

#[derive(Debug)]
pub enum ApiError {
    /// 400 / 104: a missing or bad parameter, malformed JSON, an unknown field.
    BadRequest(String),
    /// 401 / 1003: no token, a bad or expired one, wrong credentials.
    Unauthorized(String),
    /// 403: signed in, but not allowed.
    Forbidden(String),
    /// 404 / 101: no such data.
    NotFound(String),
    /// 404 / 2002: the account status call's answer for an unknown account (SPEC §8).
    UserDoesNotExist,
    /// 409 / 2007: the account (e-mail, person or social identity) exists already.
    AccountExists(String),
    /// 409: the thing exists already or the request conflicts with its state (a business
    /// registration number taken, an invitation used).
    Conflict(String),
    /// 409 / 2009: the post changed since the editor opened it; `data` says how it is now
    /// (`{version, updatedAt, editorNickname}`).
    EditConflict(serde_json::Value),
    /// 401 / 2010: the sign-in's first step passed and a second is needed; `data` is
    /// `{ticket, methods, expiresAt}` (docs/security.md, "Two-step sign-in").
    SecondStep(serde_json::Value),
    /// 403 / 2012: the call needs two-step sign-in on the account (an operator, a member of a
    /// team whose business requires it).
    TwoStepRequired(String),
    /// 403 / 2013: a call that cannot be undone (handing a business over, closing it, removing
    /// a member of the team, withdrawing, an operator's removal of a post or verification of a
    /// business) on a session whose last password check is older than its minutes
    /// (`auth::session::require_recent_check`).
    ConfirmItsYou,
    /// 429: a rate limit; `retry_after` in seconds.
    TooManyRequests { message: String, retry_after: u64 },
    /// An SPEC §8 code with its own status (F0000 and the like).
    Coded { code: ErrorCode, message: String },
    /// An SPEC §8 code with a status other than its usual one (999 for a social sign-in
    /// without a token is the client's mistake: 400, not 500).
    CodedWithStatus {
        status: StatusCode,
        code: ErrorCode,
        message: String,
    },
    /// 503: a service the call needs is away for now (the database, the media storage);
    /// `retry_after` in seconds.
    Unavailable { message: String, retry_after: u64 },
    /// 500 / 999: anything unforeseen. The text is logged, the visitor sees a fixed message.
    Internal(String),
}

#[derive(Serialize)]
struct Envelope<'a> {
    code: &'a str,
    message: &'a str,
    data: Option<serde_json::Value>,
}

/// The code of an edit that came too late: someone else saved the post in between.
pub const EDIT_CONFLICT_CODE: &str = "2009";
/// The code of a sign-in that waits for its second step.
pub const SECOND_STEP_CODE: &str = "2010";
/// The code of a call refused until the member turns two-step sign-in on.
pub const TWO_STEP_REQUIRED_CODE: &str = "2012";
/// The code of a call refused until the member confirms it is them (a password check).
pub const CONFIRM_ITS_YOU_CODE: &str = "2013";

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest(message.into())
    }

    pub fn internal(error: impl std::fmt::Display) -> Self {
        ApiError::Internal(error.to_string())
    }

    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(_) => (
                StatusCode::BAD_REQUEST,
                ErrorCode::RequiredParameterMissing.as_str(),
            ),
            ApiError::Unauthorized(_) => {
                (StatusCode::UNAUTHORIZED, ErrorCode::TokenNotEqual.as_str())
            }
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "403"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, ErrorCode::NoData.as_str()),
            ApiError::UserDoesNotExist => {
                (StatusCode::NOT_FOUND, ErrorCode::UserDoesNotExist.as_str())
            }
            ApiError::AccountExists(_) => (
                StatusCode::CONFLICT,
                ErrorCode::AccountAlreadyExists.as_str(),
            ),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "409"),
            ApiError::EditConflict(_) => (StatusCode::CONFLICT, EDIT_CONFLICT_CODE),
            ApiError::SecondStep(_) => (StatusCode::UNAUTHORIZED, SECOND_STEP_CODE),
            ApiError::TwoStepRequired(_) => (StatusCode::FORBIDDEN, TWO_STEP_REQUIRED_CODE),
            ApiError::ConfirmItsYou => (StatusCode::FORBIDDEN, CONFIRM_ITS_YOU_CODE),
            ApiError::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, "429"),
            ApiError::Unavailable { .. } => (StatusCode::SERVICE_UNAVAILABLE, "503"),
            ApiError::Coded { code, .. } => (
                StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::BAD_REQUEST),
                code.as_str(),
            ),
            ApiError::CodedWithStatus { status, code, .. } => (*status, code.as_str()),
            ApiError::Internal(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorCode::DefaultError.as_str(),
            ),
        }
    }

    fn message(&self) -> &str {
        match self {
            ApiError::BadRequest(m)
            | ApiError::Unauthorized(m)
            | ApiError::Forbidden(m)
            | ApiError::NotFound(m)
            | ApiError::AccountExists(m)
            | ApiError::Conflict(m)
            | ApiError::TwoStepRequired(m)
            | ApiError::TooManyRequests { message: m, .. }
            | ApiError::Unavailable { message: m, .. }
            | ApiError::Coded { message: m, .. }
            | ApiError::CodedWithStatus { message: m, .. } => m,
            ApiError::UserDoesNotExist => "user does not exist",
            ApiError::EditConflict(_) => {
                "someone else changed this post after you opened it; look at their version before saving yours"
            }
            ApiError::SecondStep(_) => {
                "enter the code from your authenticator app, a recovery code or use a passkey to finish signing in"
            }
            ApiError::ConfirmItsYou => {
                "confirm it's you: enter your password again (POST /mypage/v1/password/check); a check holds for 5 minutes on this session"
            }
            ApiError::Internal(_) => "something went wrong on our side; please try again",
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        if let ApiError::Internal(detail) = &self {
            tracing::error!(%detail, "internal error");
        }
        let data = match &self {
            ApiError::EditConflict(data) | ApiError::SecondStep(data) => Some(data.clone()),
            _ => None,
        };
        let body = Envelope {
            code,
            message: self.message(),
            data,
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let ApiError::TooManyRequests { retry_after, .. }
        | ApiError::Unavailable { retry_after, .. } = self
        {
            if let Ok(value) = HeaderValue::from_str(&retry_after.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}

/// Seconds a client is asked to wait when the database is away.
pub const DATABASE_RETRY_AFTER: u64 = 5;

impl ApiError {
    /// What a call that needs the database answers while it cannot be reached.
    pub fn database_away() -> ApiError {
        ApiError::Unavailable {
            message: "the database is unavailable for a moment; please try again shortly".into(),
            retry_after: DATABASE_RETRY_AFTER,
        }
    }
}

/// Seconds a client is asked to wait when the media storage is away.
pub const STORAGE_RETRY_AFTER: u64 = 10;

impl ApiError {
    /// What a call answers when the media storage (the folder, or S3) fails it: `what` is
    /// logged (which object, and why), the caller is told it is temporary.
    pub fn storage_away(what: impl std::fmt::Display) -> ApiError {
        tracing::warn!(%what, "media storage unavailable: answered 503");
        ApiError::Unavailable {
            message: "storage is unavailable for a moment; please try again shortly".into(),
            retry_after: STORAGE_RETRY_AFTER,
        }
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(error: sea_orm::DbErr) -> Self {
        if is_unreachable(&error) {
            tracing::warn!(%error, "database unreachable: answered 503");
            return ApiError::database_away();
        }
        ApiError::Internal(format!("database: {error}"))
    }
}

/// Whether a database error says the database could not be reached (no connection in time,
/// a connection lost, the server shutting down or starting up), rather than that the
/// statement failed.
pub fn is_unreachable(error: &sea_orm::DbErr) -> bool {
    use sea_orm::sqlx::Error as Sqlx;
    use sea_orm::{DbErr, RuntimeErr};
    let runtime = match error {
        DbErr::ConnectionAcquire(_) => return true,
        DbErr::Conn(runtime) | DbErr::Exec(runtime) | DbErr::Query(runtime) => runtime,
        _ => return false,
    };
    let RuntimeErr::SqlxError(sqlx) = runtime else {
        return false;
    };
    match sqlx.as_ref() {
        Sqlx::Io(_) | Sqlx::PoolTimedOut | Sqlx::PoolClosed | Sqlx::WorkerCrashed => true,
        // Connection exceptions (08…), and the server shutting down or starting (57P01–57P03).
        Sqlx::Database(database) => database.code().is_some_and(|code| {
            code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03")
        }),
        _ => false,
    }
}

/// Whether a database error is a unique-key violation (the row exists already).
pub fn is_unique_violation(error: &sea_orm::DbErr) -> bool {
    matches!(
        error.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}

/// For `map_err`: a unique-key violation becomes `conflict()`, what the product says when
/// the row exists already; any other database error stays an internal one.
pub fn on_unique(conflict: impl FnOnce() -> ApiError) -> impl FnOnce(sea_orm::DbErr) -> ApiError {
    move |error| {
        if is_unique_violation(&error) {
            conflict()
        } else {
            error.into()
        }
    }
}

impl From<sea_orm::TransactionError<ApiError>> for ApiError {
    fn from(error: sea_orm::TransactionError<ApiError>) -> Self {
        match error {
            sea_orm::TransactionError::Connection(db) => db.into(),
            sea_orm::TransactionError::Transaction(api) => api,
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
