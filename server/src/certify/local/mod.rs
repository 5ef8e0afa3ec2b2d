//! The built-in `local` provider, for development and tests: a certification page served by
//! the server itself, answering only when `TIDEMARK_CERTIFY_PROVIDER` is `local`.
//!
//! Whoever fills the form is "certified" as what they type. The provider's record of a
//! confirmed certification (its `imp_uid` `local_…`, name, phone, birth date, gender and person
//! key) is kept in the request's own row while it is still REQUESTED; `POST /certify/v1/complete`
//! then looks it up by `imp_uid` exactly as it asks PortOne, and only that call completes it.

mod form;
mod page;
mod store;

use super::provider::Provider;
use super::random_hex;
use crate::entities::certifications;
use crate::entities::certifications::CertificationStatus;
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use chrono::Utc;
use form::{Filled, Person};
use page::{form_page, html, message_page};
use serde::Deserialize;
pub use store::lookup;
use utoipa_axum::router::OpenApiRouter;

pub(super) const PAGE: &str = "/certify/local";
const RETURN_PAGE: &str = "/member/auth/callbackCertify";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route(PAGE, get(page).post(submit))
}

/// With another provider configured, these addresses do not exist: the answer saying so.
fn not_enabled(state: &AppState) -> Option<Response> {
    match Provider::from_settings(&state.settings) {
        Ok(Provider::Local) => None,
        _ => Some(
            ApiError::NotFound(
                "the local certification provider is not enabled on this server".into(),
            )
            .into_response(),
        ),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageQuery {
    certify_no: Option<String>,
}

/// The form, for a REQUESTED local certification that has not expired.
async fn page(
    State(state): State<AppState>,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    if let Some(not_here) = not_enabled(&state) {
        return not_here;
    }
    let certify_no = query.ok().and_then(|Query(q)| q.certify_no);
    let row = match open_request(&state, certify_no.as_deref()).await {
        Ok(row) => row,
        Err(answer) => return answer,
    };
    html(StatusCode::OK, form_page(&row, &Filled::default(), &[]))
}

/// The form post: confirm records the person and returns to the site with an `imp_uid`; cancel
/// ends the request and returns with F0000. Bad input shows the form again with what is wrong.
async fn submit(
    State(state): State<AppState>,
    form: Result<Form<Filled>, FormRejection>,
) -> Response {
    if let Some(not_here) = not_enabled(&state) {
        return not_here;
    }
    let Ok(Form(filled)) = form else {
        return message_page(
            StatusCode::BAD_REQUEST,
            "양식을 읽을 수 없습니다.",
            "The form could not be read.",
        );
    };
    let row = match open_request(&state, filled.certify_no.as_deref()).await {
        Ok(row) => row,
        Err(answer) => return answer,
    };
    match filled.action.as_deref() {
        Some("cancel") => cancel(&state, &row).await,
        Some("confirm") => match Person::parse(&filled) {
            Ok(person) => confirm(&state, &row, person).await,
            Err(problems) => html(StatusCode::BAD_REQUEST, form_page(&row, &filled, &problems)),
        },
        _ => html(
            StatusCode::BAD_REQUEST,
            form_page(
                &row,
                &filled,
                &[("확인 또는 취소를 누르세요.", "Press confirm or cancel.")],
            ),
        ),
    }
}

async fn cancel(state: &AppState, row: &certifications::Model) -> Response {
    let result = store::cancel(&state.db, row.id).await;
    match result {
        Ok(true) => Redirect::to(&return_address(&[
            ("certifyNo", &row.certify_no),
            ("merchant_uid", &row.certify_no),
            ("success", "false"),
            ("error_code", "F0000"),
            (
                "error_msg",
                "본인인증을 취소했습니다 (identity certification cancelled)",
            ),
        ]))
        .into_response(),
        Ok(false) => ended(),
        Err(error) => ApiError::from(error).into_response(),
    }
}

async fn confirm(state: &AppState, row: &certifications::Model, person: Person) -> Response {
    let imp_uid = format!("local_{}", random_hex(12));
    // A second confirm before completion replaces the first, as a new attempt at a real
    // provider gets a new imp_uid.
    let result = store::confirm(&state.db, row.id, &imp_uid, &person).await;
    match result {
        Ok(true) => Redirect::to(&return_address(&[
            ("certifyNo", &row.certify_no),
            ("imp_uid", &imp_uid),
            ("merchant_uid", &row.certify_no),
            ("success", "true"),
        ]))
        .into_response(),
        Ok(false) => ended(),
        Err(error) => ApiError::from(error).into_response(),
    }
}

/// The REQUESTED, unexpired local request with this certifyNo, or the page saying why not.
async fn open_request(
    state: &AppState,
    certify_no: Option<&str>,
) -> Result<certifications::Model, Response> {
    let certify_no = certify_no.map(str::trim).unwrap_or("");
    let unknown = || {
        message_page(
            StatusCode::NOT_FOUND,
            "본인인증 요청을 찾을 수 없습니다. 처음부터 다시 시도하세요.",
            "No such certification request. Please start again.",
        )
    };
    if certify_no.is_empty() || certify_no.len() > 64 {
        return Err(unknown());
    }
    let row = store::by_certify_no(&state.db, certify_no)
        .await
        .map_err(|e| ApiError::from(e).into_response())?
        .ok_or_else(unknown)?;
    if row.status != CertificationStatus::Requested {
        return Err(ended());
    }
    if row.expires_at <= Utc::now() {
        return Err(message_page(
            StatusCode::BAD_REQUEST,
            "본인인증 요청 시간(30분)이 지났습니다. 처음부터 다시 시도하세요.",
            "This certification request has expired (30 minutes). Please start again.",
        ));
    }
    Ok(row)
}

fn ended() -> Response {
    message_page(
        StatusCode::BAD_REQUEST,
        "이미 끝난 본인인증 요청입니다. 처음부터 다시 시도하세요.",
        "This certification request has already ended. Please start again.",
    )
}

/// The site's return page with the provider's parameters, as PortOne returns them to the
/// `m_redirect_url` the client gives it (the return page's address with its `certifyNo`).
fn return_address(params: &[(&str, &str)]) -> String {
    let query: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{name}={}", percent_encode(value)))
        .collect();
    format!("{RETURN_PAGE}?{}", query.join("&"))
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::html::escape_html;

    #[test]
    fn the_return_address_is_encoded_and_pages_escape_input() {
        assert_eq!(
            return_address(&[("error_msg", "a b&c"), ("success", "false")]),
            "/member/auth/callbackCertify?error_msg=a%20b%26c&success=false"
        );
        assert_eq!(
            escape_html("<script>\"'&"),
            "&lt;script&gt;&quot;&#39;&amp;"
        );
    }
}
